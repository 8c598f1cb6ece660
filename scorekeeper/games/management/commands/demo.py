"""`python manage.py demo`: a demo club with players, a finished and a running Schieber game, and an
evening: the finished game played again, at CHF 0.50 a game.

Idempotent: run it again and it leaves an existing demo club alone.
"""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from scorekeeper.games import evenings, members, services
from scorekeeper.games.models import Club, Game, Role, StakeUnit

USERNAME, PASSWORD = "demo", "jass-demo-2026"
PLAYERS = ["Anna", "Beat", "Cla", "Dora", "Emil", "Fränzi"]

# A flat game to 1000 that team A wins in its last deal.
FINISHED = [
    {"trump": "hearts", "points": {"A": 91}, "weis": {"A": 20}},
    {"trump": "spades", "points": {"B": 103}, "stoeck": "B"},
    {"trump": "obenabe", "match": "A"},
    {"trump": "clubs", "points": {"A": 60}, "weis": {"B": 50}},
    {"trump": "undenufe", "points": {"B": 88}},
    {"trump": "diamonds", "points": {"A": 120}, "weis": {"A": 100}, "stoeck": "A"},
    {"trump": "hearts", "points": {"B": 80}},
    {"trump": "clubs", "points": {"A": 140}, "weis": {"A": 50}},
]
RUNNING = [
    {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"},
    {"trump": "hearts", "points": {"B": 97}},
    {"trump": "obenabe", "points": {"A": 112}, "weis": {"A": 40}},
]


class Command(BaseCommand):
    help = "Load a demo club with players and two Schieber games (one finished, one running)."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            user, created = User.objects.get_or_create(username=USERNAME)
            if created:
                user.set_password(PASSWORD)
                user.save()
            if Club.objects.filter(slug="demo").exists():
                self.stdout.write("The demo club exists already.")
            else:
                self._club(user)
        self.stdout.write(self.style.SUCCESS(f"Demo login: {USERNAME} / {PASSWORD}"))

    def _club(self, user: User) -> None:
        club = members.create_club(name="Jassclub Demo", slug="demo", owner=user, is_public=True)
        players = [members.add_player(club=club, name=name) for name in PLAYERS]
        flat = {"multipliers": "flat", "target": 1000}
        finished = self._play(club, user, players[:4], flat, FINISHED)
        self._play(club, user, [players[4], players[1], players[5], players[3]], {}, RUNNING)
        again = services.play_again(game_id=finished.pk, by=user)
        self._deals(again, user, FINISHED[:3])
        evenings.set_stake(evening=again.evening, stake=Decimal("0.50"), unit=StakeUnit.GAME)
        members.set_membership(club=club, user=user, role=Role.OWNER)

    def _play(self, club: Club, user: User, players: list, settings: dict, deals: list[dict]) -> Game:
        game = services.create_game(
            club=club, variant="schieber", players=players, settings=settings, by=user
        )
        self._deals(game, user, deals)
        return game

    def _deals(self, game: Game, user: User, deals: list[dict]) -> None:
        for number, entry in enumerate(deals, start=1):
            recorded = services.record_deal(
                game_id=game.pk, entry=entry, by=user, number=number, client_token=uuid.uuid4()
            )
            if recorded.result.finished:
                break
