"""The figures `make bench` prints, one function each; timings live here, never in tests.

Each figure builds its data on the configured database (a throwaway test database made by the bench
command), measures the server-side work only, and returns `(name, value, unit)` lines.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Max
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.games import members, services
from scorekeeper.games.models import Game

Figure = tuple[str, float, str]
DEALS = [
    {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"},
    {"trump": "hearts", "points": {"B": 97}},
    {"trump": "obenabe", "match": "A"},
    {"trump": "clubs", "points": {"A": 60}, "weis": {"A": 20}},
]


def median_ms(run: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def analyze() -> None:
    """The planner's statistics for data just written in bulk, as autovacuum would have them by the time
    a real event is read: without them PostgreSQL guesses a dozen rows and loops over thousands."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def game_with_deals(count: int) -> tuple[Game, User]:
    """A Schieber game that cannot end, with `count` deals already in it."""
    user = User.objects.create_user(f"bench-{uuid.uuid4().hex[:8]}")
    club = members.create_club(name="Bench", slug=f"bench-{uuid.uuid4().hex[:8]}", owner=user)
    players = [members.add_player(club=club, name=name) for name in ("Anna", "Beat", "Cla", "Dora")]
    game = services.create_game(
        club=club, variant="schieber", players=players, settings={"target": 10**9}, by=user
    )
    for number in range(1, count + 1):
        services.record_deal(
            game_id=game.pk, entry=DEALS[number % 4], by=user, number=number, client_token=uuid.uuid4()
        )
    return game, user


def deal_entry(repeat: int = 30) -> Iterator[Figure]:
    """A phone posting deal 101 (htmx, from the page as it was: the answer adds the row), then deal 1
    of a fresh game: queries."""
    game, user = game_with_deals(100)
    client = Client()
    client.force_login(user)

    def post(on: Game, number: int, shown: int) -> None:
        """`shown`: the revision the phone's page shows, which its deal form sends."""
        data = {"number": number, "client_token": uuid.uuid4(), "trump": "spades", "team": "A", "points": 83}
        data["revision"] = shown
        response = client.post(reverse("games:deal_add", args=[on.pk]), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.status_code

    def revision(of: Game) -> int:
        return Game.objects.values_list("revision", flat=True).get(pk=of.pk)

    times = []
    for _ in range(repeat):
        shown = revision(game)
        start = time.perf_counter()
        post(game, 101, shown)
        times.append((time.perf_counter() - start) * 1000)
        services.delete_last_deal(game_id=game.pk, number=101, by=user)  # back to 100 deals, not timed
    yield "deal_entry_ms", round(statistics.median(times), 2), "ms"
    shown = revision(game)
    with CaptureQueriesContext(connection) as at_101:
        post(game, 101, shown)
    empty, _ = game_with_deals(0)
    last = Game.objects.filter(club=game.club).aggregate(last=Max("number"))["last"] or 0
    Game.objects.filter(pk=empty.pk).update(club=game.club, number=last + 1)  # numbered per club
    with CaptureQueriesContext(connection) as at_1:
        post(empty, 1, 0)
    yield "deal_entry_queries", len(at_101.captured_queries), "queries"
    yield "deal_entry_queries_deal_1", len(at_1.captured_queries), "queries"


def rules_speed(games: int = 400, deals: int = 250) -> Iterator[Figure]:
    """The pure engine replaying Schieber games, as every write and every page does."""
    seats = ["Anna", "Beat", "Cla", "Dora"]
    entries = [DEALS[n % 4] for n in range(deals)]
    settings = {"target": 10**9}
    start = time.perf_counter()
    for _ in range(games):
        rules.score_game("schieber", seats, settings, entries)
    elapsed = time.perf_counter() - start
    yield "rules_deals_per_s", round(games * deals / elapsed), "deals/s"
