"""An event's places show only to a visitor who may see the event, on every page and export that lists them.

The probe read a public club's members-only event's whole final ranking without an account: the season
page and its CSV (only the name hidden), each player's rating history ("won", "3."), and the leaderboard
(a variant played only there ranks exactly by it). Now a visitor who may not see an event reads these as
if it had not been played: the season counts without it, the ratings are replayed without it. Checked
signed out and signed in as no member; a member, and a browser that opened a link-only event's current
link, still see it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Club, Player
from tests.spreadsheets import csv_rows
from tournaments.models import Season, Tournament, Visibility

from .test_ratings_pages import finished_event, url, words

OUTSIDERS = (None, "stranger")


@pytest.fixture
def events(club: Club, players: list[Player]) -> dict[str, Tournament]:
    """A public club's three finished Einzelschieber events: public, members only, link only."""
    club.is_public = True
    club.save()
    made = {
        "public": finished_event(club, "Frühling", 11)[0],
        "members": finished_event(club, "Geheim", 12)[0],
        "link": finished_event(club, "Vertraulich", 13)[0],
    }
    for visibility in ("members", "link"):  # update: a save would re-rate the event
        Tournament.objects.filter(pk=made[visibility].pk).update(visibility=visibility)
        made[visibility].refresh_from_db()
    return made


@pytest.fixture
def season(club: Club, events: dict[str, Tournament]) -> Season:
    """Every event counts; the members-only one is the final (double points)."""
    chosen = Season.objects.create(club=club, name="Saison", best_of=None, final=events["members"])
    for event in events.values():
        chosen.events.create(tournament=event)
    return chosen


def season_csv(client: Client, club: Club, season: Season) -> list[list[str]]:
    response = client.get(url("season_csv", club, season.pk))
    assert response.status_code == 200
    return csv_rows(response)


def board(client: Client, club: Club) -> list[tuple[int, str, str, int]]:
    page = client.get(url("leaderboard", club, "schieber"))
    assert page.status_code == 200
    return [(p.rank, p.rating.player.name, f"{p.ordinal:.4f}", p.events) for p in page.context["places"]]


def history(client: Client, club: Club, player: Player) -> list[tuple[int | None, str, str, bool, int]]:
    page = client.get(url("rating_history", club, player.pk))
    assert page.status_code == 200
    return [
        (s.change.tournament_id, f"{s.before:.4f}", f"{s.after:.4f}", s.change.won, s.change.rank)
        for h in page.context["histories"]
        for s in h.steps
    ]


def unrated(*events: Tournament) -> None:
    """The oracle: the ratings as the services keep them had `events` not finished (re-rated without)."""
    for event in events:
        event.finished = False
        event.save()


def opened(event: Tournament) -> Client:
    guest = Client()
    assert guest.get(f"/events/{event.slug}/?key={event.share_key}").status_code == 200
    return guest


@pytest.mark.parametrize("who", OUTSIDERS)
def test_the_season_and_its_csv_count_only_the_events_a_visitor_may_see(
    client_as: Callable[[str | None], Client],
    club: Club,
    events: dict[str, Tournament],
    season: Season,
    who: str,
) -> None:
    """Frühling alone: its winners 25 (shared first place), the others 15 (shared third); no final."""
    rows = season_csv(client_as(who), club, season)
    assert rows[0] == ["Rank", "Player", "Total", "Wins", "Best place", "Frühling"]
    assert (
        sorted((row[2], row[3], row[4]) for row in rows[1:])
        == [("15", "0", "3")] * 2 + [("25", "1", "1")] * 2
    )
    assert [row[0] for row in rows[1:]] == ["1", "1", "3", "3"]
    page = client_as(who).get(url("season", club, season.pk))
    text = words(page)
    for hidden in ("Geheim", "Vertraulich", "Event 2", "Event 3", "double points", events["members"].slug):
        assert hidden not in text and hidden not in page.content.decode(), hidden
    assert (
        "This season also counts events only the club's members see: these standings leave them out." in text
    )
    assert [row.line.total for row in page.context["rows"]] == [int(row[2]) for row in rows[1:]]


def test_a_member_and_a_browser_with_the_link_see_the_events_they_may_see(
    client_as: Callable[[str | None], Client], club: Club, events: dict[str, Tournament], season: Season
) -> None:
    member = season_csv(client_as("viewer"), club, season)
    assert member[0][5:] == ["Frühling", "Geheim", "Vertraulich"]
    assert sum(int(row[2]) for row in member[1:]) == 2 * (25 + 15) + 2 * (50 + 30) + 2 * (25 + 15)
    assert "leave them out" not in words(client_as("viewer").get(url("season", club, season.pk)))
    guest = season_csv(opened(events["link"]), club, season)
    assert guest[0][5:] == ["Frühling", "Vertraulich"]


@pytest.mark.parametrize("who", OUTSIDERS)
def test_the_leaderboard_and_the_rating_history_are_replayed_without_the_hidden_events(
    client_as: Callable[[str | None], Client], club: Club, events: dict[str, Tournament], who: str
) -> None:
    """What an outsider reads equals what the club would read had those events never finished."""
    anna = Player.objects.get(name="Anna")
    seen_board, seen_history = board(client_as(who), club), history(client_as(who), club, anna)
    assert {row[3] for row in seen_board} == {1}
    assert [step[0] for step in seen_history] == [events["public"].pk]
    member_board = board(client_as("viewer"), club)
    assert {row[3] for row in member_board} == {3}
    assert seen_board != member_board
    unrated(events["members"], events["link"])
    assert seen_board == board(client_as("viewer"), club)
    assert seen_history == history(client_as("viewer"), club, anna)


def test_a_variant_played_only_in_a_hidden_event_has_no_leaderboard_for_outsiders(
    client_as: Callable[[str | None], Client], club: Club, players: list[Player]
) -> None:
    """The probe's case: the leaderboard listed the event's final ranking as its order."""
    club.is_public = True
    club.save()
    event, _ = finished_event(club, "Geheim", 12)
    Tournament.objects.filter(pk=event.pk).update(visibility=Visibility.MEMBERS)
    for who in OUTSIDERS:
        page = client_as(who).get(url("leaderboard", club, "schieber"))
        assert page.status_code == 200 and page.context["places"] == [], who
        assert "No finished Schieber game yet." in words(page)
        anna = Player.objects.get(name="Anna")
        assert history(client_as(who), club, anna) == [], who
        assert "won" not in words(client_as(who).get(url("rating_history", club, anna.pk)))
    assert len(board(client_as("viewer"), club)) == 4


@pytest.mark.parametrize("who", OUTSIDERS)
def test_the_player_pages_and_exports_show_no_hidden_event(
    client_as: Callable[[str | None], Client], club: Club, events: dict[str, Tournament], who: str
) -> None:
    anna, beat = Player.objects.get(name="Anna"), Player.objects.get(name="Beat")
    pages = [
        reverse("players:player", args=[club.slug, anna.pk]),
        reverse("players:player_history_csv", args=[club.slug, anna.pk]),
        reverse("players:player_history_json", args=[club.slug, anna.pk]),
        reverse("players:player_vs", args=[club.slug, anna.pk, beat.pk]),
    ]
    for path in pages:
        content = client_as(who).get(path)
        assert content.status_code == 200, path
        for hidden in ("Geheim", "Vertraulich", events["members"].slug, events["link"].slug):
            assert hidden not in content.content.decode(), (path, hidden)
    member = client_as("viewer").get(pages[0]).content.decode()
    assert "Geheim" in member and "Vertraulich" in member
