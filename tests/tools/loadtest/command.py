"""`make loadtest`: a tournament day on loopback against two gunicorn servers on PostgreSQL.

A fresh database (named jass_loadtest or jass_loadtest_*), an event of 500 open tables, two app servers; then
500 table phones post deals and poll as their page does, and 200 spectators poll the standings, for 60 s,
while one server's worker is killed with SIGKILL and PostgreSQL is restarted midway. Prints `name value`
lines, the CPU that the app servers and PostgreSQL used per minute among them, and fails if a deal
acknowledged to a phone is missing, or a deal is stored twice.
"""

from __future__ import annotations

import asyncio
import os
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from . import event, gunicorn_cpu, servers
from .driver import Fault, Outcome, Plan, drive, figures

USAGE = (
    "load_servers_cpu_s",
    "load_postgres_cpu_s",
    "load_postgres_cluster_cpu_s",
    "load_client_cpu_s",
    "load_machine_cpu_s",
    "load_wall_s",
)
"""CPU seconds during the run: the app servers (their reaped workers included), the load test database's
PostgreSQL sessions, the whole PostgreSQL cluster (exited backends included; other databases' work on it
too), the simulated clients, and the whole machine (at most cores x wall; other work on it included);
then the wall time they were measured over."""


class Command(BaseCommand):
    help = "Load test: phones and spectators against two gunicorn servers, with a worker and the DB killed."
    requires_system_checks: list[str] = []  # the database is dropped and made again first

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, default=500, help="Tables, one phone each (500).")
        parser.add_argument("--spectators", type=int, default=200)
        parser.add_argument("--duration", type=float, default=60.0, help="Seconds of load (60).")
        parser.add_argument("--deals", type=int, default=12, help="Deals per pass: a phone stops there.")
        parser.add_argument(
            "--think", type=float, nargs=2, default=Plan.think, metavar=("MIN", "MAX"), help="s per deal"
        )
        parser.add_argument("--timeout", type=float, default=Plan.timeout, help="A phone's patience (s).")
        parser.add_argument("--servers", type=int, default=2)
        parser.add_argument("--workers", type=int, default=3, help="gthread workers per server (3).")
        parser.add_argument("--threads", type=int, default=4, help="Threads per worker (4).")
        parser.add_argument("--no-faults", action="store_true", help="Kill no worker, restart no database.")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event.fresh_database()
        except ValueError as error:
            raise CommandError(str(error)) from None
        built = event.build(tables=options["tables"], deals=options["deals"], seed=options["seed"])
        self._say(f"event {built.slug}: {len(built.tables)} tables open")
        config = connections["default"].settings_dict
        env = servers.server_env(os.environ["DATABASE_URL"])  # set: SQLite was refused above
        servers.collect_static(env)
        connections.close_all()  # the restart cuts it anyway; the check opens a new one
        outcome, usage, split = self._run(built, config, env, options)
        verdict = event.check(built, outcome.posts)
        for name, since, until in outcome.windows:
            self._say(f"fault {name}: from {since:.1f} s to {until:.1f} s (settling included)")
        used = dict(zip(USAGE, usage, strict=True))
        lines = [
            *figures(outcome),
            *used.items(),
            # the cores this process may run on: what the app, PostgreSQL and the clients share here
            *per_minute(used, len(os.sched_getaffinity(0))),
            *by_kind(split, used["load_servers_cpu_s"]),
            ("stored_deals", verdict.stored),
            ("deals_stored_by_an_earlier_try", verdict.repeats),
            ("lost_deals", verdict.lost),
            ("duplicate_deals", verdict.duplicates),
            ("inconsistent_games", verdict.inconsistent),
        ]
        for name, value in lines:
            self.stdout.write(f"{name} {value}")
        if verdict.lost or verdict.duplicates or verdict.inconsistent:
            raise CommandError("Deals were lost, duplicated or mis-scored under load.")

    def _run(
        self, built: event.Event, config: dict[str, Any], env: dict[str, str], options: dict[str, Any]
    ) -> tuple[Outcome, list[float], dict[str, tuple[int, float]]]:
        """Start the servers, drive the clients, stop the servers: what happened, the CPU it took, and
        the app servers' CPU inside requests per kind of request."""
        logs = Path(tempfile.mkdtemp(prefix="jass-loadtest-"))
        shape = servers.Shape(options["servers"], options["workers"], options["threads"])
        running = servers.start(shape, env, logs)
        self._say(
            f"{shape.servers} servers x {shape.workers} gthread workers x {shape.threads} threads on ports "
            f"{', '.join(str(server.port) for server in running)}; logs in {logs}"
        )
        postgres = servers.PostgresMeter(config["NAME"])
        before: list[float] = []

        def clock_started() -> None:
            gunicorn_cpu.start_clock(logs)
            postgres.start()
            before.extend(_usage(running))
            self._say(f"clock started; load average {_load_average()}")

        try:
            plan = Plan(
                servers=[server.url for server in running],
                tables=built.tables,
                standings=f"/events/{built.slug}/standings/",
                spectators=options["spectators"],
                duration=options["duration"],
                think=tuple(options["think"]),
                timeout=options["timeout"],
                faults=[] if options["no_faults"] else self._faults(running, config, options["duration"]),
                seed=options["seed"],
                on_start=clock_started,
            )
            outcome = asyncio.run(drive(plan))
            usage = [after - then for after, then in zip(_usage(running), before, strict=True)]
            usage[1:1] = reversed(postgres.stop())  # the database's sessions, then the cluster
            self._say(f"clock stopped; load average {_load_average()}")
        finally:
            for server in running:
                server.stop()
        return outcome, [round(seconds, 1) for seconds in usage], gunicorn_cpu.read(logs)

    def _faults(
        self, running: list[servers.AppServer], config: dict[str, Any], duration: float
    ) -> list[Fault]:
        """A worker of the first server killed at 40 % of the run, PostgreSQL restarted at 50 %."""
        faults = [Fault("worker_sigkill", 0.4 * duration, lambda: self._kill(running[0]), settle=1.0)]
        if servers.can_restart_postgres(config["HOST"]):
            port = int(config["PORT"] or 5432)
            faults.append(Fault("postgres_restart", 0.5 * duration, lambda: servers.restart_postgres(port)))
        else:
            self._say("PostgreSQL is not restarted: that needs root and a local cluster (pg_ctlcluster)")
        return faults

    def _kill(self, server: servers.AppServer) -> None:
        self._say(f"SIGKILL worker {server.kill_worker()} of the server on port {server.port}")

    def _say(self, message: str) -> None:
        self.stderr.write(message)
        self.stderr.flush()


def _usage(running: list[servers.AppServer]) -> tuple[float, float, float, float]:
    """CPU seconds so far: the app servers', this process's (the clients'), the whole machine's; then
    the wall clock."""
    client = resource.getrusage(resource.RUSAGE_SELF)
    busy, _ = servers.machine_ticks()
    return (
        sum(server.cpu_seconds() for server in running),
        client.ru_utime + client.ru_stime,
        busy / os.sysconf("SC_CLK_TCK"),
        time.monotonic(),
    )


def _load_average() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def by_kind(split: dict[str, tuple[int, float]], servers_cpu: float) -> list[tuple[str, float]]:
    """What dominates the app servers' CPU: per kind of request, the mean CPU of one in its worker thread
    (ms) and the kind's share of the servers' CPU (%); the rest is outside requests (accepting and
    parsing them, gunicorn's loop, the master). A worker killed with SIGKILL takes its sums along."""
    lines: list[tuple[str, float]] = []
    for kind, (count, seconds) in sorted(split.items(), key=lambda item: -item[1][1]):
        lines.append((f"app_cpu_ms_{kind}", round(1000 * seconds / max(1, count), 2)))
        lines.append((f"app_cpu_share_{kind}", round(100 * seconds / (servers_cpu or 1.0), 1)))
    inside = sum(seconds for _, seconds in split.values())
    if split:
        lines.append(("app_cpu_share_outside_requests", round(100 * (1 - inside / (servers_cpu or 1.0)), 1)))
    return lines


def per_minute(usage: dict[str, float], cores: int) -> list[tuple[str, float]]:
    """CPU seconds per minute of wall time, which compare across run lengths: the app servers', the
    PostgreSQL cluster's, the clients' and everything else on the machine (other people's work); then
    `machine_share`, app and PostgreSQL against every core for the whole run, in %, and how busy the
    machine was altogether, in %."""
    wall = usage["load_wall_s"] or 1.0
    app, postgres = usage["load_servers_cpu_s"], usage["load_postgres_cluster_cpu_s"]
    client, machine = usage["load_client_cpu_s"], usage["load_machine_cpu_s"]
    others = max(0.0, machine - app - postgres - client)
    return [
        ("cores", cores),
        ("app_cpu_s_per_min", round(app / wall * 60, 1)),
        ("postgres_cpu_s_per_min", round(postgres / wall * 60, 1)),
        ("client_cpu_s_per_min", round(client / wall * 60, 1)),
        ("other_cpu_s_per_min", round(others / wall * 60, 1)),
        ("machine_share", round(100 * (app + postgres) / (cores * wall), 1)),
        ("machine_busy_share", round(100 * machine / (cores * wall), 1)),
    ]
