"""The rendered standings come from the shared cache: one render per event, standings version, page and
language, whoever asks and on whichever app server. Each test runs on the database cache (the default)
and on Redis (CACHE_URL), which CI requires (REQUIRE_REDIS)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scorekeeper.games.models import Club
from tournaments.management.commands.generate_tournament import generate
from tournaments.models import Tournament
from tournaments.selectors import public_standings
from tournaments.selectors.public import standings_version
from tournaments.views import public

from ..conftest import require
from .builders import HTMX, draw, make_event, play, play_pass, tables, teams
from .test_public import html

REDIS_URL = "redis://127.0.0.1:6379/0"
DATABASE_CACHE = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "jass_cache"}
HIT_QUERIES = 4
"""A spectator served from the cache: the event, the version's two aggregates, the database cache's read."""


def redis_is_up() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture(params=["database", "redis"], autouse=True)
def backend(request: pytest.FixtureRequest, db: None) -> Iterator[str]:
    """Every test on both caches, each starting empty: the database cache is emptied (and its rows go with
    the test's transaction anyway); on Redis, shared with other test runs on this machine, each test gets
    keys of its own (a fresh KEY_PREFIX) instead of flushing what others keep there."""
    if request.param == "redis":
        require(redis_is_up(), env="REQUIRE_REDIS", reason=f"needs Redis at {REDIS_URL}")
        caches = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": REDIS_URL,
                "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
            }
        }
    else:
        caches = {"default": DATABASE_CACHE}
    with override_settings(CACHES=caches):
        if request.param == "database":
            cache.clear()
        yield request.param


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The parts of the standings template rendered (cache misses), in order."""
    done: list[str] = []
    real = public.render_standings

    def counting(request: Any, part: str, context: dict[str, object]) -> str:
        done.append(part)
        return real(request, part, context)

    monkeypatch.setattr(public, "render_standings", counting)
    return done


@pytest.fixture
def event(club: Club) -> Tournament:
    """Eight players, pass 1 played: table 1 (100 + 40 for team A), table 2 (157 + 90)."""
    tournament = make_event(club)
    play_pass(draw(tournament), [(100, 40), (157, 90)])
    return tournament


def url(tournament: Tournament, query: str = "") -> str:
    return f"/events/{tournament.slug}/standings/{query}"


def rows(page: str) -> list[tuple[str, str]]:
    """(start number, total) of each row, top to bottom."""
    return re.findall(r'<tr data-entrant="(\d+)">.*?data-total="(-?\d+)"', page, re.S)


def test_the_second_spectator_is_served_without_a_render(
    event: Tournament, renders: list[str], backend: str, django_assert_max_num_queries: Any
) -> None:
    first = html(Client().get(url(event)))
    assert renders == ["board"] and len(rows(first)) == 8
    with CaptureQueriesContext(connection) as queries:
        second = html(Client().get(url(event)))
    assert renders == ["board"], "the second spectator's page was rendered again"
    assert rows(second) == rows(first) and ('data-total="247"' in second)
    assert len(queries) <= HIT_QUERIES - (backend == "redis"), [q["sql"] for q in queries.captured_queries]
    assert not [q for q in queries.captured_queries if "tournaments_tableseat" in q["sql"]]  # no ranking
    # the polls after a deal: the first renders the table, every other spectator's poll is served as it
    stale = f"{url(event)}?since=before"
    polls = [html(Client().get(stale, **HTMX)) for _ in range(3)]
    assert renders == ["board", "live"] and polls[0] == polls[1] == polls[2]
    assert polls[0].lstrip().startswith('<table class="list tp-standings"') and "<html" not in polls[0]
    with django_assert_max_num_queries(HIT_QUERIES):
        Client().get(stale, **HTMX)


def test_an_unchanged_poll_is_204_before_any_render(
    event: Tournament, renders: list[str], django_assert_max_num_queries: Any
) -> None:
    version = standings_version(Tournament.objects.get(pk=event.pk))  # as the view reads it
    with django_assert_max_num_queries(3):  # the event and the version's two aggregates
        response = Client().get(f"{url(event)}?since={version}", **HTMX)
    assert (response.status_code, response.content, renders) == (204, b"", [])


def test_a_new_deal_gives_fresh_standings(event: Tournament, renders: list[str]) -> None:
    before = html(Client().get(url(event)))
    drawn = draw(event)  # pass 2; at its table 1, team A makes 100 card points of a deal, team B 57
    sides = teams(tables(drawn)[0])
    gained = {str(e.number): points for side, points in (("A", 100), ("B", 57)) for e in sides[side]}
    play(tables(drawn)[0], 100)
    after = html(Client().get(url(event)))
    assert renders == ["board", "board"]
    totals = dict(rows(before))
    assert {number: int(total) - int(totals[number]) for number, total in rows(after)} == {
        number: gained.get(number, 0) for number in totals
    }
    version = re.search(r"since=([\w.]+)", after).group(1)  # type: ignore[union-attr]
    assert version == standings_version(Tournament.objects.get(pk=event.pk)) and version not in before


def test_each_page_has_its_own_entry_and_a_search_is_not_kept(club: Club, renders: list[str]) -> None:
    big = generate(club=club, players=250, passes=1, deals=1, seed=3, format="einzelschieber")
    lines = public_standings(big)
    spectator = Client()
    pages = {n: html(spectator.get(url(big, f"?page={n}"))) for n in (1, 2, 3)}
    for n, start in ((1, 0), (2, 100), (3, 200)):
        expected = [str(line.number) for line in lines[start : start + 100]]
        assert [number for number, _ in rows(pages[n])] == expected
    assert renders == ["board"] * 3
    assert html(Client().get(url(big, "?page=2"))).count("<tr data-entrant=") == 100
    assert renders == ["board"] * 3  # page 2 again: kept
    name = lines[150].name
    for _ in range(2):
        found = html(Client().get(url(big), {"q": name}))
        assert str(lines[150].number) in [number for number, _ in rows(found)]
    assert renders == ["board"] * 5  # each search rendered: one spectator's own, not kept


def test_each_language_has_its_own_entry(event: Tournament, renders: list[str]) -> None:
    english = html(Client().get(url(event)))
    french = html(Client().get(url(event), HTTP_ACCEPT_LANGUAGE="fr"))
    with translation.override("fr"):
        rank = translation.gettext("Rank")
    assert rank != "Rank" and f">{rank}<" in french and f">{rank}<" not in english
    assert renders == ["board", "board"]
    assert ">Rank<" in html(Client().get(url(event)))
    assert renders == ["board", "board"]


def test_a_cache_that_fails_costs_a_render_not_the_page(event: Tournament, renders: list[str]) -> None:
    """Nothing here is right only thanks to the cache: Redis gone, the spectators still get the page."""
    gone = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    with override_settings(CACHES={"default": gone}):
        pages = [html(Client().get(url(event))) for _ in range(2)]
    assert renders == ["board", "board"] and rows(pages[0]) == rows(pages[1]) and len(rows(pages[0])) == 8


def test_polls_after_each_deal_share_one_render_for_a_few_seconds(
    event: Tournament, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy event: a deal between two spectators' polls. The second poll still gets the render of a
    moment ago (one deal behind); once that render is older than the window, a fresh one. Opening the
    page always shows the standings as they are."""
    clock = [1000.0]
    monkeypatch.setattr(public, "_now", lambda: clock[0])
    table = tables(draw(event))[0]
    first = html(Client().get(f"{url(event)}?since=old", **HTMX))
    play(table, 100)
    clock[0] += public.STANDINGS_FRESH_SECONDS - 1
    assert html(Client().get(f"{url(event)}?since=old", **HTMX)) == first and renders == ["live"]
    assert rows(html(Client().get(url(event)))) != rows(first) and renders == ["live", "board"]
    clock[0] += 2
    fresh = html(Client().get(f"{url(event)}?since=old", **HTMX))
    assert rows(fresh) != rows(first) and renders == ["live", "board", "live"]
