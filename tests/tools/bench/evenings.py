"""The evening figure of `make bench`: an evening of 12 games with 200 deals in all, its page rendered.

Ten Schieber games with marks (the Jasstafel's strokes, a target no deal reaches, so each takes its deals)
and two Differenzler games of 12 deals, four players seated in turn, at CHF 0.50 a mark. The page reads
each game's stored totals and summary (evenings.evening_sheet): its cost should not grow with the deals.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import evenings, members, services
from scorekeeper.games.models import Evening
from scorekeeper.rules.schieber import STRICHE

from .games import DEALS, Figure, analyze, median_ms

GAMES, DEALS_IN_ALL, DIFFERENZLER_GAMES, DIFFERENZLER_DEALS = 12, 200, 2, 12
SCHIEBER = {"target": 10**9, "marks": dict(STRICHE)}
NAMES = ("Anna", "Beat", "Cla", "Dora")
SAID = {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50}
MADE = {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50}


def evening_page(games: int = GAMES, deals: int = DEALS_IN_ALL, repeat: int = 15) -> Iterator[Figure]:
    """The server time of the evening's page as a member sees it (sums, the night, the settle-up, the
    forms to play on), and its queries."""
    evening, user = evening_with_games(games, deals)
    analyze()
    client = Client()
    client.force_login(user)
    url = reverse("games:evening", args=[evening.pk])

    def get() -> None:
        response = client.get(url)
        assert response.status_code == 200, response.status_code

    get()  # the first request warms the templates, as a running server has
    with CaptureQueriesContext(connection) as queries:
        get()
    count = len(queries.captured_queries)  # read now: the log is the connection's, and moves on
    yield "evening_page_ms", round(median_ms(get, repeat), 1), "ms"
    yield "evening_page_queries", count, "queries"


def evening_with_games(games: int, deals: int) -> tuple[Evening, User]:
    """`games` games, the last DIFFERENZLER_GAMES of them Differenzler (12 deals each, or fewer on small
    data), the Schieber games sharing the rest of the `deals` deals."""
    user = User.objects.create_user(f"bench-{uuid.uuid4().hex[:8]}")
    club = members.create_club(name="Bench evening", slug=f"evening-{uuid.uuid4().hex[:8]}", owner=user)
    players = [members.add_player(club=club, name=name) for name in NAMES]
    evening = evenings.start_evening(club=club, by=user, stake=Decimal("0.50"), unit="mark")
    differenzler = min(DIFFERENZLER_GAMES, games - 1)
    dz_deals = min(DIFFERENZLER_DEALS, deals // games)
    schieber = games - differenzler
    left = deals - differenzler * dz_deals
    for index in range(games):
        seated = players[index % 4 :] + players[: index % 4]
        if index < schieber:
            count = left // schieber + (index < left % schieber)
            game = services.create_game(
                club=club, variant="schieber", players=seated, settings=SCHIEBER, by=user, evening=evening
            )
            entries = [DEALS[n % 4] for n in range(count)]
        else:
            game = services.create_game(
                club=club,
                variant="differenzler",
                players=seated,
                settings={"deals": dz_deals},
                by=user,
                evening=evening,
            )
            entries = [{"trump": "hearts", "predictions": SAID, "points": MADE}] * dz_deals
        for number, entry in enumerate(entries, start=1):
            services.record_deal(
                game_id=game.pk, entry=entry, by=user, number=number, client_token=uuid.uuid4()
            )
    return evening, user
