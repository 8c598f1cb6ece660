"""A tournament finishes by itself when the last table of its last pass confirms, and is rated then."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from django.test import Client

from scorekeeper.games import services as games
from scorekeeper.games.models import Club
from scorekeeper.ratings.models import RatingChange
from tests.test_concurrency import run_together
from tournaments import services
from tournaments.models import Tournament
from tournaments.selectors.public import public_standings

from .builders import confirm, director, draw, entry, make_event, play, play_pass, tables


@pytest.fixture
def event(club: Club) -> Tournament:
    """8 players, 2 passes of 2 deals; pass 1 played and confirmed, pass 2 drawn."""
    tournament = make_event(club, players=8, passes=2, deals=2)
    play_pass(draw(tournament), [[100, 57], [80, 77]])
    draw(tournament)
    return tournament


def test_the_last_confirmation_finishes_the_tournament_and_rates_it(event: Tournament) -> None:
    first, second = tables(event.pass_set.get(number=2))
    play(first, 100, 57)
    play(second, 90, 67)
    confirm(first)
    event.refresh_from_db()
    assert not event.finished  # table 2 of the last pass has not confirmed yet
    assert not RatingChange.objects.exists()

    confirm(second)
    event.refresh_from_db()
    assert event.finished
    assert RatingChange.objects.filter(tournament=event).count() == 8  # every entrant, by final place


def test_reopening_a_table_of_the_last_pass_takes_the_finish_and_the_rating_back(event: Tournament) -> None:
    first, second = tables(event.pass_set.get(number=2))
    for table, points in ((first, (100, 57)), (second, (90, 67))):
        play(table, *points)
        confirm(table)
    services.reopen_table(table=second, by=director())
    event.refresh_from_db()
    assert not event.finished
    assert not RatingChange.objects.filter(tournament=event).exists()


def test_only_the_director_corrects_a_table_through_the_game_page(
    event: Tournament, client_as: Callable[[str | None], Client]
) -> None:
    """The club's scorer may score club games, but a tournament table is the director's to correct."""
    table = tables(event.pass_set.get(number=1))[0]
    url = f"/games/{table.game_id}/deals/1/edit/"
    post = {"number": 1, "version": 1, "trump": "hearts", "team": "A", "points": 90}
    assert client_as("scorer").post(url, post).status_code == 403
    assert table.game.deals.get(number=1).entry == {"trump": "hearts", "points": {"A": 100}}
    refused = client_as("admin").post(url, post)  # confirmed: the director reopens it first
    assert refused.status_code == 422
    assert (
        "This table is confirmed: reopen it on the tournament dashboard to correct it."
        in refused.content.decode()
    )
    assert table.game.deals.get(number=1).entry == {"trump": "hearts", "points": {"A": 100}}
    services.reopen_table(table=table, by=director())
    assert client_as("admin").post(url, post).status_code == 302
    assert table.game.deals.get(number=1).entry == {"trump": "hearts", "points": {"A": 90}}
    page = client_as("scorer").get(f"/games/{table.game_id}/").content.decode()
    assert 'id="dealform"' not in page and "/deals/1/edit/" not in page


def test_a_phone_retrying_its_last_deal_after_the_confirmation_is_told_it_was_saved(
    event: Tournament,
) -> None:
    """The answer to the last deal was lost on the hall's Wi-Fi; the phone posts it again, locked or not."""
    table = tables(event.pass_set.get(number=2))[0]
    token = uuid.uuid4()
    play(table, 100)
    guard = services.table_guard(table.token)
    games.record_deal(
        game_id=table.game_id, entry=entry(57), by=None, number=2, client_token=token, guard=guard
    )
    confirm(table)
    again = games.record_deal(
        game_id=table.game_id, entry=entry(57), by=None, number=2, client_token=token, guard=guard
    )
    assert again.repeated and table.game.deals.count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_last_two_tables_confirming_at_once_finish_the_tournament(
    postgres_only: None, club: Club
) -> None:
    """Each confirmation sees the other's, since both lock the tournament first."""
    tournament = make_event(club, players=8, passes=1, deals=1)
    first, second = tables(draw(tournament))
    play(first, 100)
    play(second, 57)
    run_together(lambda: confirm(first), lambda: confirm(second))
    tournament.refresh_from_db()
    assert tournament.finished


def test_the_projector_of_a_finished_event_shows_the_winners_not_the_last_seating(event: Tournament) -> None:
    for table, points in zip(tables(event.pass_set.get(number=2)), ((100, 57), (90, 67)), strict=True):
        play(table, *points)
        confirm(table)
    event.refresh_from_db()
    assert event.finished
    page = Client().get(f"/events/{event.slug}/projector/").content.decode()
    assert "Final standings" in page and "Pass 2 of 2" not in page
    assert "Who sits where" not in page and 'data-table="1"' not in page
    winners = re.findall(
        r'<li data-place="(\d)">.*?<span class="pj-name">([^<]*)</span>\s*<strong>(\d+)</strong>', page, re.S
    )
    first = event.entrants.get(pk=public_standings(event)[0].standing.entrant)
    assert winners[0] == ("1", first.player.name, str(public_standings(event)[0].standing.total))
    assert [place for place, _, _ in winners] == sorted(place for place, _, _ in winners)
