"""`python manage.py recompute_ratings [--club SLUG]`: every rating rebuilt from the stored games.

For after a rules fix, an import, or a game deleted in the admin (which drops its rating rows without
replaying the games after it). Safe to run at any time: the result is what the live updates give.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.games.models import Club
from scorekeeper.ratings.services import rebuild_club


class Command(BaseCommand):
    help = "Rebuild every rating (or one club's) from the stored finished games and tournaments."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="Only this club (its slug).")

    def handle(self, *args: Any, **options: Any) -> None:
        clubs = Club.objects.order_by("pk")
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"No club {options['club']!r}.")
        for club in clubs:
            events = rebuild_club(club)
            self.stdout.write(f"{club.slug}: {events} games and tournaments rated.")
