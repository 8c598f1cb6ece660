"""The tournament figures of `make bench`: a generated event of 2000 players over 10 passes.

Nine passes are generated and played; pass 10 is drawn through the real service (timed), played,
and then the standings are measured on the full 60,000 deals, and the public standings page (its
first page: places 1 to 100), rendered and then served from the shared cache; last, the size of the
event page's first view as a phone gets it (gzipped).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import members
from tournaments import seating, selectors, services
from tournaments.management.commands.generate_tournament import play_pass, start_event

from .games import Figure, analyze, median_ms

PLAYERS, PASSES, DEALS, SEED = 2000, 10, 12, 2026


def event(players: int = PLAYERS, passes: int = PASSES, deals: int = DEALS) -> Iterator[Figure]:
    owner = User.objects.create_user("bench-director")
    club = members.create_club(name="Bench club", slug="bench-club", owner=owner, is_public=True)
    tournament = start_event(
        club=club, players=players, passes=passes, deals=deals, seed=SEED, format="einzelschieber"
    )
    for _ in range(passes - 1):
        play_pass(services.draw_next_pass(tournament=tournament, by=owner), SEED)
    start = time.perf_counter()
    last = services.draw_next_pass(tournament=tournament, by=owner)
    yield "seating_ms", round((time.perf_counter() - start) * 1000), "ms"
    play_pass(last, SEED)
    yield "repeat_partners", seating.count_repeats(services.past_draws(tournament)).partners, "pairs"
    yield from _standings(tournament)


def _standings(tournament: services.Tournament) -> Iterator[Figure]:
    analyze()
    with CaptureQueriesContext(connection) as queries:
        lines = selectors.standings(tournament)
    assert len(lines) == tournament.entrants.count()
    yield "standings_ms", round(median_ms(lambda: selectors.standings(tournament), 5)), "ms"
    yield "standings_queries", len(queries.captured_queries), "queries"
    client = Client()
    url = reverse("tournaments:tournament_standings", args=[tournament.slug])
    yield "standings_page_ms", round(_page_ms(client, url, cached=False)), "ms"
    yield "standings_page_cached_ms", round(_page_ms(client, url, cached=True), 1), "ms"
    yield "event_page_bytes", event_page_bytes(tournament), "bytes"


def _page_ms(client: Client, url: str, *, cached: bool) -> float:
    """The median of 5 spectators' first views: each rendered (with a cache that keeps nothing: the
    configured one is never emptied, it may be a club's Redis), or each served from the shared cache, as
    every spectator after the first between two deals is."""
    keeps_nothing = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    with override_settings(**({} if cached else {"CACHES": keeps_nothing})):
        times = []
        client.get(url)
        for _ in range(5):
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.status_code
    return statistics.median(times)


def event_page_bytes(tournament: services.Tournament) -> int:
    """What a phone downloads for the event page's first view (HTML, gzipped as GZipMiddleware sends it)."""
    response = Client().get(
        reverse("tournaments:tournament", args=[tournament.slug]), HTTP_ACCEPT_ENCODING="gzip"
    )
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip", response.status_code
    return len(response.content)
