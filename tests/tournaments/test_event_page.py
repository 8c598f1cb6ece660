"""The event page of a big event: "where do I sit?" first, then a page of the tables and a page of the
players at a time, in the same queries for 10 players as for 300."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scorekeeper.games.models import Club
from tournaments import services
from tournaments.models import Tournament
from tournaments.views.public import EVENT_PLAYERS, EVENT_TABLES

from .builders import HTMX, director, draw
from .test_public import html

DASH = "\N{EN DASH}"


def name_of(number: int) -> str:
    """A name without digits, so a search for a start number finds no name: 1 "Gast B", 27 "Gast BB"."""
    letters = ""
    while number:
        number, digit = divmod(number, 26)
        letters = chr(ord("A") + digit) + letters
    return f"Gast {letters}"


def event_of(club: Club, players: int) -> Tournament:
    """`players` checked in, in start-number order, pass 1 drawn."""
    tournament = services.create_tournament(
        club=club,
        name="Grosser Preis",
        by=director(),
        passes=3,
        deals_per_pass=2,
        seed=7,
        format="einzelschieber",
        visibility="public",  # read anonymously; the club is private
    )
    for number in range(1, players + 1):
        services.check_in(entrant=services.register(tournament=tournament, name=name_of(number)))
    draw(tournament)
    return tournament


@pytest.fixture
def big(club: Club) -> Tournament:
    return event_of(club, 150)


def listed(page: str) -> list[int]:
    """The start numbers in the page's player list, in order."""
    players = page[page.index('class="tp-playerlist"') :]
    return [int(n) for n in re.findall(r'<li><span class="muted">(\d+)</span>', players)]


def table_numbers(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-table="(\d+)"', page)]


def test_page_1_lists_the_first_hundred_and_links_to_page_2(big: Tournament) -> None:
    first = html(Client().get(f"/events/{big.slug}/"))
    assert "Players (150)" in first and 'class="tp-playerlist"' not in first  # closed, so not sent
    assert 'data-hx-get="?part=players" data-hx-trigger="toggle once"' in first
    assert '<a href="?page=1#players">Show the players</a>' in first  # without a script
    loaded = html(Client().get(f"/events/{big.slug}/?part=players", **HTMX))
    assert EVENT_PLAYERS == 100 and listed(loaded) == list(range(1, 101)) and "<html" not in loaded
    page = html(Client().get(f"/events/{big.slug}/?page=1"))
    assert listed(page) == list(range(1, 101)) and 'id="players" open' in page
    assert 'href="?page=2#players" rel="next"' in page and 'rel="prev"' not in page.split('id="players"')[1]
    assert f"1{DASH}100 of 150" in page
    second = html(Client().get(f"/events/{big.slug}/?page=2"))
    assert listed(second) == list(range(101, 151)) and f"101{DASH}150 of 150" in second
    assert 'href="?page=1#players" rel="prev"' in second and 'id="players" open' in second
    assert listed(html(Client().get(f"/events/{big.slug}/?page=99"))) == listed(second)  # past the end
    assert listed(html(Client().get(f"/events/{big.slug}/?page=x"))) == listed(page)  # the first page


def test_the_seating_comes_a_page_of_tables_at_a_time_and_keeps_the_players_page(big: Tournament) -> None:
    """150 players: 37 tables and 2 byes, 25 tables a page."""
    page = html(Client().get(f"/events/{big.slug}/"))
    assert EVENT_TABLES == 25 and table_numbers(page) == list(range(1, 26))
    assert f"Tables 1{DASH}25 of 37" in page and 'href="?tables=2#seating" rel="next"' in page
    both = html(Client().get(f"/events/{big.slug}/?tables=2&page=2"))
    assert table_numbers(both) == list(range(26, 38)) and listed(both) == list(range(101, 151))
    assert 'href="?tables=1&amp;page=2#seating" rel="prev"' in both
    assert 'href="?page=1&amp;tables=2#players" rel="prev"' in both


def test_where_do_i_sit_is_the_first_form_and_finds_a_start_number(big: Tournament) -> None:
    page = html(Client().get(f"/events/{big.slug}/"))
    first = re.search(r"<form[^>]*>.*?</form>", page, re.S).group(0)  # type: ignore[union-attr]
    assert f'action="/events/{big.slug}/seat/"' in first and 'method="get"' in first
    assert 'name="q"' in first and "Where do I sit?" in first
    assert page.index(first) < page.index('class="tp-facts"') < page.index('id="seating"')
    found = html(Client().get(f"/events/{big.slug}/seat/", {"q": "42"}))
    assert found.count('class="card tp-found"') == 1 and f">{name_of(42)}</a>" in found
    assert re.search(r"Table \d+</span>", found)


def test_the_page_is_sent_without_the_templates_indentation(big: Tournament) -> None:
    """Every byte counts on a poor line: the templates' indentation is for their readers, not the phone's
    (the seating of 25 tables was about a tenth bigger with it). Words stay apart: a line break is left."""
    page = html(Client().get(f"/events/{big.slug}/"))
    indented = [line for line in page.split("\n") if line[:1] in (" ", "\t")]
    assert not indented, indented[:5]
    assert re.search(r'<span class="tp-seatno" title="[^"]+">1</span>\n', page)


def test_a_small_event_has_no_pager(club: Club) -> None:
    page = html(Client().get(f"/events/{event_of(club, 10).slug}/?page=1"))
    assert listed(page) == list(range(1, 11)) and 'class="pager' not in page
    assert table_numbers(page) == [1, 2]


def test_the_page_takes_the_same_queries_for_10_players_as_for_300(
    club: Club, django_assert_max_num_queries: Any
) -> None:
    small, large = event_of(club, 10), event_of(club, 300)
    Client().get(f"/events/{small.slug}/")  # warm: the content types and the like
    counts = []
    for event in (small, large):
        with django_assert_max_num_queries(7) as queries:  # the player list open: the most the page reads
            page = html(Client().get(f"/events/{event.slug}/?page=1"))
        counts.append(len(queries))
        assert len(listed(page)) == min(100, event.entrants.count())
    assert counts[0] == counts[1]


def test_the_page_says_what_a_match_counts(club: Club) -> None:
    """Players come from clubs that count a match 257 or 157: the event says which it plays (issue 14)."""
    event = event_of(club, 8)
    page = html(Client().get(f"/events/{event.slug}/"))
    assert "<dt>Scoring</dt>\n<dd>A match counts 257: 157 and a bonus of 100.</dd>" in page
    Tournament.objects.filter(pk=event.pk).update(settings={**event.settings, "match_bonus": 0})
    page = html(Client().get(f"/events/{event.slug}/"))
    assert "<dd>A match counts 157: no bonus.</dd>" in page


def test_an_event_of_another_variant_says_nothing_of_matches(club: Club) -> None:
    event = services.create_tournament(
        club=club, name="Molotow-Abend", format="molotow", by=director(), visibility="public"
    )
    assert "<dt>Scoring</dt>" not in html(Client().get(f"/events/{event.slug}/"))
