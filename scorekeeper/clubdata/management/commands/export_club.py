"""`python manage.py export_club SLUG > club.json`: all of a club's data as one JSON document."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.clubdata.exporting import export_club
from scorekeeper.games.models import Club


class Command(BaseCommand):
    help = "Write a club's members, players, games, tournaments and seasons as JSON to standard output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="The club's slug (its address: /clubs/SLUG/).")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["slug"]).first()
        if club is None:
            raise CommandError(f"No club {options['slug']!r}.")
        # ASCII escapes: the file is the same whatever the terminal's encoding
        self.stdout.write(json.dumps(export_club(club), indent=1))
