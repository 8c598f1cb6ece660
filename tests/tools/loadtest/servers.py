"""The app servers of the load test, and what goes wrong with them on purpose.

Each server is its own gunicorn master (gthread workers) on its own port, as two machines behind a load
balancer would be: they share the database and SECRET_KEY and nothing else. The settings are production's
(DEBUG off, whitenoise, manifest static files) except what needs TLS, which loopback has not.
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from . import gunicorn_cpu


@dataclass(frozen=True)
class Shape:
    servers: int = 2
    workers: int = 3
    threads: int = 4


@dataclass
class AppServer:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def workers(self) -> list[int]:
        return _children(self.process.pid)

    def cpu_seconds(self) -> float:
        """The master's and its workers' CPU time so far, with a killed worker's (its master reaped it)."""
        return _cpu(self.process.pid, reaped=True) + sum(_cpu(pid) for pid in self.workers())

    def kill_worker(self) -> int:
        """SIGKILL one worker, mid-request if it is in one: its master starts another."""
        pid = self.workers()[0]
        os.kill(pid, signal.SIGKILL)
        return pid

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def server_env(database_url: str) -> dict[str, str]:
    """Production settings on loopback: no TLS, so no HTTPS redirect, no Secure cookies, no HSTS."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.config.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
    }
    env.setdefault("CONN_MAX_AGE", "60")
    return env


def collect_static(env: dict[str, str]) -> None:
    """The manifest of hashed file names that DEBUG-off templates need (as a deploy runs it)."""
    manage = Path(settings.BASE_DIR) / "manage.py"
    subprocess.run(
        [sys.executable, str(manage), "collectstatic", "--noinput", "-v", "0"], env=env, check=True
    )


def start(shape: Shape, env: dict[str, str], logs: Path) -> list[AppServer]:
    """The servers, up and answering; their workers write their CPU per kind of request to `logs` as
    they exit (gunicorn_cpu.py)."""
    env = {**env, gunicorn_cpu.OUTPUT: str(logs)}
    servers = []
    for index in range(shape.servers):
        port = _free_port()
        log = logs / f"gunicorn-{index + 1}.log"
        command = [
            sys.executable, "-m", "gunicorn", "scorekeeper.config.wsgi",
            "--bind", f"127.0.0.1:{port}",
            "--worker-class", "gthread", "--workers", str(shape.workers), "--threads", str(shape.threads),
            "--timeout", "30", "--graceful-timeout", "5", "--keep-alive", "5",
            "--no-control-socket", "--preload",  # a restarted worker forks the code loaded at start
            "--config", "python:tests.tools.loadtest.gunicorn_cpu",
        ]  # fmt: skip
        with log.open("ab") as output:  # the app's own error log lines too, not the terminal
            process = subprocess.Popen(
                command, env=env, cwd=settings.BASE_DIR, stdout=output, stderr=subprocess.STDOUT
            )
        servers.append(AppServer(port, process, log))
    try:
        for server in servers:
            _wait_until_up(server, shape.workers)
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_up(server: AppServer, workers: int, timeout: float = 60.0) -> None:
    """Up once every worker has booted and one answers (any HTTP status is an answer)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn on port {server.port} exited; see {server.log}")
        if len(server.workers()) >= workers:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            try:
                connection.request("GET", "/")
                connection.getresponse().read()
                return
            except OSError:
                pass
            finally:
                connection.close()
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn on port {server.port} did not answer in {timeout:.0f} s; see {server.log}")


def _stat(pid: int | str) -> list[str]:
    """/proc/PID/stat after the command name: state, ppid, ..., utime, stime, cutime, cstime (11-14)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:  # the process ended meanwhile
        return []


def _children(pid: int) -> list[int]:
    found = (entry.name for entry in Path("/proc").iterdir() if entry.name.isdigit())
    return sorted(int(child) for child in found if _stat(child)[1:2] == [str(pid)])


def _cpu(pid: int, *, reaped: bool = False) -> float:
    return _cpu_of(_stat(pid), reaped=reaped)


def _cpu_of(fields: list[str], *, reaped: bool = False) -> float:
    """CPU seconds from /proc/PID/stat's fields: the process's own, with its reaped children's if asked."""
    if not fields:
        return 0.0
    ticks = sum(int(value) for value in fields[11 : 15 if reaped else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_ticks() -> tuple[int, int]:
    """(busy, all) CPU ticks of the whole machine since boot, from /proc/stat: the others' work too."""
    with open("/proc/stat") as stat:
        user, nice, system, idle, iowait, *rest = (int(value) for value in stat.readline().split()[1:9])
    total = user + nice + system + idle + iowait + sum(rest)
    return total - idle - iowait, total


def restart_postgres(port: int) -> None:
    """Restart the local cluster that listens on `port`; every open session is cut (needs root)."""
    version, name = _cluster(port)
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, name, "restart"],
        check=True,
        capture_output=True,
        timeout=120,
    )


def _cluster(port: int) -> tuple[str, str]:
    """The version and name of the local cluster on `port` (pg_lsclusters: "15 main 5432 online ...")."""
    listing = subprocess.run(["pg_lsclusters", "--no-header"], capture_output=True, text=True, check=True)
    for line in listing.stdout.splitlines():
        version, name, cluster_port, *_ = line.split()
        if int(cluster_port) == port:
            return version, name
    raise RuntimeError(f"No local PostgreSQL cluster on port {port}: pg_lsclusters lists none.")


def can_restart_postgres(host: str) -> bool:
    """Only a local cluster, and only as root (pg_ctlcluster switches to the postgres user)."""
    local = host in ("127.0.0.1", "localhost", "::1", "")
    return local and os.geteuid() == 0 and shutil.which("pg_ctlcluster") is not None


class PostgresMeter(threading.Thread):
    """CPU time of PostgreSQL during the run, sampled from /proc twice a second: the whole cluster, and
    the sessions on one database (which tells the load test's share from other work on the cluster).

    The cluster is every postmaster on this machine (a postgres process whose parent is not one) with
    its children: alive ones by their own time, exited ones (backends that ended, the ones the restart
    cut) by the postmaster's reaped-children time. A postmaster that starts during the run (the restart)
    counts from zero; the old one's last half second before it exits is missed, and so is what a session
    used after its last sample."""

    def __init__(self, database: str) -> None:
        super().__init__(daemon=True)
        self.marker = f" {database} "
        self.sessions: dict[int, tuple[float, float]] = {}
        """Per session: its CPU seconds when first seen (0 for one opened during the run), and now."""
        self.clusters: dict[int, tuple[float, float]] = {}
        """The same per postmaster, its children included."""
        self.stopping = threading.Event()

    def run(self) -> None:
        self._sample(opened_before=True)
        while not self.stopping.wait(0.5):
            self._sample()

    def stop(self) -> tuple[float, float]:
        """Stop sampling: (the cluster's, the database's sessions') CPU seconds since the start."""
        self.stopping.set()
        self.join()
        self._sample()
        return _used(self.clusters), _used(self.sessions)

    def _sample(self, *, opened_before: bool = False) -> None:
        postgres = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and _command(entry.name) == "postgres":
                postgres[int(entry.name)] = _stat(entry.name)
        children: dict[int, float] = {}
        for pid, fields in postgres.items():
            parent = int(fields[1]) if len(fields) > 1 else 0
            if parent in postgres:
                children[parent] = children.get(parent, 0.0) + _cpu_of(fields)
                if self.marker in _cmdline(pid):
                    _note(self.sessions, pid, _cpu_of(fields), opened_before)
        for pid, fields in postgres.items():
            if fields and int(fields[1]) not in postgres:
                cluster = _cpu_of(fields, reaped=True) + children.get(pid, 0.0)
                _note(self.clusters, pid, cluster, opened_before)


def _note(used: dict[int, tuple[float, float]], pid: int, now: float, opened_before: bool) -> None:
    first, last = used.get(pid, (now if opened_before else 0.0, 0.0))
    used[pid] = (first, max(now, last))


def _used(used: dict[int, tuple[float, float]]) -> float:
    return sum(now - first for first, now in used.values())


def _command(pid: str) -> str:
    """The process's name (`comm`), which PostgreSQL's processes keep as "postgres"."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _cmdline(pid: int) -> str:
    """The command line, which a PostgreSQL session sets to "postgres: ... user database host ..."."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""
