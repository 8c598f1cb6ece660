"""The public standings of a large event: pages of 100 rows, a search by name or start number, the same
queries on every page; and the standings read from the games' stored side sums in three queries."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper import rules
from scorekeeper.games.models import Club, Game
from tournaments.management.commands.generate_tournament import generate
from tournaments.models import Entrant, Tournament
from tournaments.selectors import Line, pass_results, public_standings, standings
from tournaments.selectors.public import PAGE_ROWS

from .builders import HTMX, draw, make_event, play_pass
from .test_public import cells, html, row_of

PLAYERS = 250
DASH = "\N{EN DASH}"


@pytest.fixture
def big(club: Club) -> Tournament:
    """250 players, two passes of two deals, played by the generator."""
    return generate(club=club, players=PLAYERS, passes=2, deals=2, seed=11, format="einzelschieber")


@pytest.fixture
def anonymous() -> Client:
    return Client()


def url(tournament: Tournament, query: str = "") -> str:
    return f"/events/{tournament.slug}/standings/{query}"


def shown(page: str) -> list[str]:
    """The start numbers of the rows on the page, top to bottom."""
    return re.findall(r'<tr data-entrant="(\d+)">', page)


def numbers(lines: list[Line]) -> list[str]:
    return [str(line.number) for line in lines]


def entrant(line: Line) -> Entrant:
    return Entrant.objects.get(pk=line.standing.entrant)


def test_page_2_shows_places_101_to_200_in_order(big: Tournament, anonymous: Client) -> None:
    lines = public_standings(big)
    assert PAGE_ROWS == 100 and len(lines) == PLAYERS
    first = html(anonymous.get(url(big)))
    assert shown(first) == numbers(lines[:100])
    assert (
        f"1{DASH}100 of 250" in first and 'rel="prev"' not in first and 'href="?page=2" rel="next"' in first
    )
    second = html(anonymous.get(url(big, "?page=2")))
    assert shown(second) == numbers(lines[100:200])
    assert f"101{DASH}200 of 250" in second and 'href="?page=1" rel="prev"' in second
    for line in (lines[100], lines[199]):
        row = cells(row_of(second, entrant(line)))
        assert (row["rank"], row["total"]) == (str(line.standing.rank), str(line.standing.total))
    last = html(anonymous.get(url(big, "?page=3")))
    assert shown(last) == numbers(lines[200:])
    assert f"201{DASH}250 of 250" in last and 'rel="next"' not in last
    assert shown(html(anonymous.get(url(big, "?page=99")))) == shown(last)  # past the end: the last
    assert shown(html(anonymous.get(url(big, "?page=x")))) == shown(first)


def test_every_page_and_a_search_take_the_same_queries(big: Tournament, anonymous: Client) -> None:
    """Each page rendered afresh (the shared cache emptied before it): the same queries on every page,
    and on every search (a search is never kept; test_standings_cache has the cached pages)."""
    anonymous.get(url(big))  # the session is as warm for every count
    name = public_standings(big)[150].name
    counts = []
    for query in ("", "?page=2", "?page=3", f"?q={name}", "?q=nobody-at-all"):
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            html(anonymous.get(url(big, query)))
        counts.append(len(queries))
    assert len(set(counts[:3])) == 1 and len(set(counts[3:])) == 1, counts
    assert counts[3] < counts[0], counts  # a search reads and writes no cache entry


def test_a_name_search_finds_a_players_row_and_its_page(big: Tournament, anonymous: Client) -> None:
    line = public_standings(big)[149]
    page = html(anonymous.get(url(big), {"q": f"  {line.name.upper()} "}))
    row = row_of(page, entrant(line))
    assert cells(row)["rank"] == str(line.standing.rank)
    assert cells(row)["total"] == str(line.standing.total)
    assert f'href="?page=2#entrant-{line.number}"' in row
    assert f'id="entrant-{line.number}"' in html(anonymous.get(url(big, "?page=2")))
    names = {str(e.number): e.player.name for e in big.entrants.select_related("player")}
    assert all(line.name.casefold() in names[number].casefold() for number in shown(page))
    assert "All standings" in page
    by_number = html(anonymous.get(url(big), {"q": str(line.number)}))
    assert str(line.number) in shown(by_number)
    nobody = html(anonymous.get(url(big), {"q": "Zzyzx"}))
    assert shown(nobody) == [] and "Nobody called “Zzyzx” is in the standings." in nobody


def test_the_poll_keeps_the_page_it_was_on(big: Tournament, anonymous: Client) -> None:
    page = html(anonymous.get(url(big, "?page=2")))
    poll = re.search(r'id="standings-poll" data-hx-get="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    assert poll.endswith("&amp;page=2")
    stale = poll.replace("&amp;", "&").replace("since=", "since=old")
    partial = html(anonymous.get(stale, **HTMX))
    assert "<html" not in partial and shown(partial) == numbers(public_standings(big)[100:200])
    assert 'id="standings-pager" class="pager no-print"' in partial and f"101{DASH}200 of 250" in partial


def test_a_small_event_has_one_page_and_no_pager(club: Club, anonymous: Client) -> None:
    event = make_event(club)
    play_pass(draw(event), [(100, 40), (157, 90)])
    page = html(anonymous.get(url(event)))
    assert len(shown(page)) == 8
    assert re.search(r'<nav id="standings-pager"[^>]* hidden>', page)


def engine_sums(event: Tournament) -> dict[tuple[int, str], tuple[int, int, int]]:
    """(game, side) -> the side's score, matches and apples over the game's deals, as the rules engine
    scores the stored entries (Schieber: a match is the side its details name; no apples)."""
    summed = {}
    games = Game.objects.filter(tournament_table__pass_played__tournament=event).prefetch_related("deals")
    for game in games:
        entries = [deal.entry for deal in sorted(game.deals.all(), key=lambda deal: deal.number)]
        result = rules.score_game(
            game.variant, game.names_by_seat(), game.settings, entries, deal_limit=game.deal_limit
        )
        for side in result.sides:
            score = sum(scored.scores[side] for scored in result.deals)
            matches = sum(scored.details.get("match") == side for scored in result.deals)
            summed[game.pk, side] = (score, matches, 0)
    return summed


def test_the_standings_take_three_queries_and_sum_what_the_engine_sums(
    big: Tournament, django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(3):
        lines = standings(big)
    assert len(lines) == PLAYERS
    summed = engine_sums(big)
    assert any(matches for _, matches, _ in summed.values())  # the matches are counted, not all zero
    seats = {
        (entrant, number): (game, side)
        for entrant, number, game, side in big.pass_set.values_list(
            "tables__seats__entrant_id", "number", "tables__game_id", "tables__seats__side"
        )
        if entrant is not None
    }
    rows = pass_results(big)
    assert len(rows) == 2 * PLAYERS
    for row in rows:
        if not row.bye:
            assert (row.score, row.matches, row.apples) == summed[seats[row.entrant, row.pass_number]]


def test_the_projector_reads_only_its_screen_of_tables(big: Tournament, anonymous: Client) -> None:
    """62 tables in pass 2, 8 a screen: screen 2 shows tables 9 to 16, in the queries of screen 1."""
    counts, shown_tables = [], []
    for screen in (0, 1):
        with CaptureQueriesContext(connection) as queries:
            page = html(anonymous.get(f"/events/{big.slug}/projector/?page={screen}"))
        counts.append(len(queries))
        shown_tables.append(re.findall(r'data-table="(\d+)"', page))
        assert f"{screen + 1} / 8" in page and page.count("<tr data-entrant=") == 10
    assert shown_tables == [[str(n) for n in range(1, 9)], [str(n) for n in range(9, 17)]]
    assert counts[0] == counts[1]


ELEMENTS_ON_A_PHONE = 800
"""Lighthouse's budget of elements a page, on the standings of a big event (issue 22)."""


def test_a_big_events_standings_show_rank_name_and_total_and_the_rest_on_demand(
    big: Tournament, anonymous: Client
) -> None:
    """250 players: a page of 100 rows without the pass and tie-break columns is about 600 elements; asked
    for, the details come, and the poll keeps what the reader asked."""
    first = html(anonymous.get(url(big)))
    assert "data-pass=" not in first and 'class="num tp-tb"' not in first
    assert len(re.findall(r"<[a-z]", first)) <= ELEMENTS_ON_A_PHONE
    assert re.search(r'<a href="\?details=1">\s*Each pass and the tie-breaks\s*</a>', first)
    detailed = html(anonymous.get(url(big, "?page=2&details=1")))
    assert 'data-pass="2"' in detailed and 'class="num tp-tb"' in detailed
    assert re.search(r'data-hx-get="[^"]*&amp;page=2&amp;details=1"', detailed)
    assert re.search(r'<a href="\?page=2&amp;details=0">\s*Rank, name and total only\s*</a>', detailed)
    # the reader's choice goes on with the pager, a search, and the search's "page N"
    assert (
        'href="?page=1&amp;details=1" rel="prev"' in detailed
        and 'href="?page=3&amp;details=1" rel="next"' in detailed
    )
    assert '<input type="hidden" name="details" value="1">' in detailed
    found = html(anonymous.get(url(big, "?q=1&details=1")))
    assert "data-pass=" in found and "Rank, name and total only" not in found  # no toggle in a search


def test_a_small_events_standings_show_every_pass_without_asking(club: Club, anonymous: Client) -> None:
    small = make_event(club, players=8, passes=2)
    play_pass(draw(small), [[100, 57], [80, 77]])
    page = html(anonymous.get(url(small)))
    assert 'data-pass="1"' in page and "details=" not in page
