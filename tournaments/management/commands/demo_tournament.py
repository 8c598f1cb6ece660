"""`manage.py demo_tournament`: a running Einzelschieber of 16 players in the demo club, for `make run`.

Pass 1 is played and confirmed; pass 2 is drawn, one table waits for its codes, two are playing and one has
not started. Everything goes through the services, as the tables and the director would do it.
Idempotent: run it again and it leaves an existing demo tournament alone.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from scorekeeper.games import services as games
from scorekeeper.games.management.commands.demo import USERNAME
from scorekeeper.games.models import Club

from ... import sample, services
from ...models import Format, Table, Tournament

NAME = "Demo-Cup"
SEED = 2026
PLAYERS = [sample.FIRST_NAMES[index] for index in range(16)]
"""The demo club's six players and ten more."""
PASS_2_DEALS = (12, 8, 3, 0)
"""Deals entered at each table of pass 2: table 1 waits for its codes, table 4 has not started."""


class Command(BaseCommand):
    help = "Add a running 16-player Einzelschieber to the demo club (pass 1 confirmed, pass 2 being played)."

    def handle(self, *args: Any, **options: Any) -> None:
        if not Club.objects.filter(slug="demo").exists():
            call_command("demo", stdout=self.stdout)
        club = Club.objects.get(slug="demo")
        if club.tournaments.filter(name=NAME).exists():
            self.stdout.write("The demo tournament exists already.")
            return
        with transaction.atomic():
            tournament = build(club, User.objects.get(username=USERNAME))
        self.stdout.write(self.style.SUCCESS(f"Demo tournament: /events/{tournament.slug}/"))


def build(club: Club, director: User) -> Tournament:
    tournament = services.create_tournament(
        club=club, name=NAME, format=Format.EINZELSCHIEBER, by=director, seed=SEED, passes=4
    )
    for name in PLAYERS:
        services.check_in(entrant=services.register(tournament=tournament, name=name))
    rng = random.Random(SEED)
    first = services.draw_next_pass(tournament=tournament, by=director)
    for table in first.tables.all():
        play(table.token, table.game_id, sample.schieber_deals(rng, tournament.deals_per_pass or 12))
        for code in _codes_of_both_teams(table):
            services.sign_off(token=table.token, code=code)
    second = services.draw_next_pass(tournament=tournament, by=director)
    for table, count in zip(second.tables.order_by("number"), PASS_2_DEALS, strict=True):
        play(table.token, table.game_id, sample.schieber_deals(rng, count))
    return tournament


def play(token: str, game_id: int, entries: list[dict[str, Any]]) -> None:
    """Entered from the table's phone: no account, the table's guard."""
    for number, entry in enumerate(entries, 1):
        games.record_deal(
            game_id=game_id,
            entry=entry,
            by=None,
            number=number,
            client_token=uuid.uuid4(),
            guard=services.table_guard(token),
        )


def _codes_of_both_teams(table: Table) -> list[str]:
    """Team A's first player's personal code, then team B's: what confirms a pass."""
    codes: dict[str, str] = {}
    for seat in table.seats.select_related("entrant").order_by("position"):
        codes.setdefault(seat.side, seat.entrant.code)
    return list(codes.values())
