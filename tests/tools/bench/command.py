"""`make bench`: build the data on the configured database (in a throwaway test database), print one
line per figure as `name value unit`, and exit 0."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.core.management.base import BaseCommand
from django.db import connections
from django.test.utils import setup_databases, teardown_databases

PRODUCTION_CONN_MAX_AGE = 60
"""scorekeeper/settings.py keeps a connection for 60 s; the test settings open one per request (the
browser tests' live server), which on PostgreSQL would add a connection's set-up to every page timed."""

FIGURES = [
    "tests.tools.bench.games.rules_speed",
    "tests.tools.bench.games.deal_entry",
    "tests.tools.bench.tournaments.event",
    "tests.tools.bench.players.player_page",
    "tests.tools.bench.evenings.evening_page",
    "tests.tools.bench.phone.deal_answer",
    "tests.tools.bench.phone.idle_poll",
    "tests.tools.bench.phone.phone_deal",
]


class Command(BaseCommand):
    help = "Measure the figures of docs/performance.md and print them as `name value unit`."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--only", help="Run only figures whose function name contains this.")

    def handle(self, *args: Any, **options: Any) -> None:
        databases = setup_databases(verbosity=0, interactive=False)
        for connection in connections.all():
            connection.close()
            connection.settings_dict["CONN_MAX_AGE"] = PRODUCTION_CONN_MAX_AGE
        try:
            for path in FIGURES:
                if options["only"] and options["only"] not in path:
                    continue
                module, _, name = path.rpartition(".")
                for figure, value, unit in getattr(import_module(module), name)():
                    self.stdout.write(f"{figure} {value} {unit}")
                    self.stdout.flush()
        finally:
            teardown_databases(databases, verbosity=0)
