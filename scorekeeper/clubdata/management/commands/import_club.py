"""`python manage.py import_club club.json`: a club export loaded into this (empty) instance."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.clubdata.importing import TOO_DEEP, ImportRefused, import_club


class Command(BaseCommand):
    help = (
        "Load a club export (from export_club or the owners' download): all or nothing, scores derived "
        "again by the rules. Members' accounts are matched by username or created without a password."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="The export file, or - for standard input.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = sys.stdin.read() if options["path"] == "-" else Path(options["path"]).read_text("utf-8")
            document = json.loads(text)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"Cannot read the export: {error}") from None
        except RecursionError:  # the JSON parser gives up on nesting far deeper than an export's
            raise CommandError(f"Cannot read the export. {TOO_DEEP}") from None
        try:
            imported = import_club(document)
        except ImportRefused as error:
            raise CommandError(f"Nothing was imported. {error}") from None
        for warning in imported.warnings:
            self.stderr.write(warning)
        counts = ", ".join(f"{count} {label}" for label, count in imported.counts.items())
        self.stdout.write(f"Imported club {imported.club.slug}: {counts}.")
