"""Leaderboards, rating histories and seasons through the pages: what they show, the CSV, the settings
form, and who may see or change what (a private club stays private).

The club of conftest is private: owner, admin, scorer and viewer are members; "stranger" owns another club.
"""

from __future__ import annotations

import html
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.ratings.views import CHART_HEIGHT, CHART_PAD, chart
from tests.spreadsheets import assert_laid_out, csv_rows, xlsx_rows, xlsx_sheet
from tournaments import services as events
from tournaments.models import Season, Table, Tournament

TARGET_300 = {"target": 300}
A_WINS = [{"trump": "hearts", "points": {"A": p}} for p in (100, 100, 120)]  # A 320, B 151 after deal 3


def finished_event(club: Club, name: str, seed: int, *, finished: bool = True) -> tuple[Tournament, set[str]]:
    """Einzelschieber, 4 players, one pass of one deal that team A wins 100 to 57; no tie-breaks, so the
    partners share their place: team A 1st and 1st, team B 3rd and 3rd. Returns team A's names."""
    owner = User.objects.get(username="owner")
    tournament = events.create_tournament(
        club=club,
        name=name,
        format="einzelschieber",
        by=owner,
        passes=1,
        deals_per_pass=1,
        tie_breaks=[],
        seed=seed,
    )
    for player in ("Anna", "Beat", "Cla", "Dora"):
        events.check_in(entrant=events.register(tournament=tournament, name=player))
    events.draw_next_pass(tournament=tournament, by=owner)
    table = Table.objects.get(pass_played__tournament=tournament)
    services.record_deal(
        game_id=table.game_id,
        entry={"trump": "hearts", "points": {"A": 100}},
        by=None,
        number=1,
        client_token=uuid.uuid4(),
    )
    if finished:
        tournament.finished = True
        tournament.save()
    winners = {
        seat.entrant.player.name for seat in table.seats.select_related("entrant__player") if seat.side == "A"
    }
    return tournament, winners


@pytest.fixture
def won_game(make_game: Callable[..., Game]) -> Game:
    """Schieber to 300: team A (Anna, Cla) beats team B (Beat, Dora)."""
    return make_game(TARGET_300, A_WINS)


@pytest.fixture
def season(club: Club, players: list[Player]) -> tuple[Season, dict[str, set[str]]]:
    """Best 1 of: Frühling, then the final (double), then Sommer (not finished: does not count)."""
    spring, spring_winners = finished_event(club, "Frühling", 11)
    final, final_winners = finished_event(club, "Final", 12)
    summer, _ = finished_event(club, "Sommer", 13, finished=False)
    chosen = Season.objects.create(club=club, name="Saison 2026", best_of=1, final=final)
    for event in (spring, final, summer):
        chosen.events.create(tournament=event)
    return chosen, {"spring": spring_winners, "final": final_winners}


APP_OF = {"leaderboard": "ratings", "rating_history": "ratings", "club": "games"}


def url(name: str, club: Club, *args: object) -> str:
    """A club page's address by its route name (a season's in tournaments:, unless named here)."""
    return reverse(f"{APP_OF.get(name, 'tournaments')}:{name}", args=[club.slug, *args])


# ---- leaderboard and history ----------------------------------------------------------------------


def test_leaderboard_ranks_by_rating_with_games_and_wins(
    client_as: Callable[[str | None], Client], club: Club, won_game: Game
) -> None:
    page = client_as("viewer").get(url("leaderboard", club, "schieber"))

    assert page.status_code == 200
    # openskill's README example: winners mu 26.964, sigma 8.178: 26.964 - 3 x 8.178 = 2.43; losers
    # 23.036 - 24.534 = -1.50. Partners share their place (1, 1, 3, 3).
    rows = [
        (p.rank, p.rating.player.name, f"{p.ordinal:.1f}", p.rating.games, p.rating.wins)
        for p in page.context["places"]
    ]
    assert rows == [
        (1, "Anna", "2.4", 1, 1),
        (1, "Cla", "2.4", 1, 1),
        (3, "Beat", "-1.5", 1, 0),
        (3, "Dora", "-1.5", 1, 0),
    ]
    html = page.content.decode()
    anna = Player.objects.get(name="Anna")
    assert url("rating_history", club, anna.pk) in html
    assert "Schieber leaderboard" in html


def words(response: Any) -> str:
    """The page's text as read: markup, entities and line breaks gone."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_leaderboard_and_player_pages_count_the_same_games_and_wins(
    client_as: Callable[[str | None], Client], club: Club, won_game: Game
) -> None:
    """Issue 13, point 13: a club game and a finished tournament; the leaderboard and each player's page
    give the same Games and Wins (the club's games), the tournament once under Events, and both say so."""
    finished_event(club, "Frühling", 11)
    viewer = client_as("viewer")
    board = viewer.get(url("leaderboard", club, "schieber"))
    counted = {
        p.rating.player.name: (p.rating.games, p.rating.wins, p.events) for p in board.context["places"]
    }
    assert counted == {"Anna": (1, 1, 1), "Cla": (1, 1, 1), "Beat": (1, 0, 1), "Dora": (1, 0, 1)}
    for player in Player.objects.filter(club=club, name__in=counted):
        page = viewer.get(reverse("players:player", args=[club.slug, player.pk]))
        [stats] = page.context["stats"]
        assert (stats.games, stats.wins, stats.passes) == (*counted[player.name][:2], 1), player.name
        assert "Games and wins are the club's own games, as on the leaderboards" in words(page)
    assert "Games and Wins count the club's finished games, as the player pages do" in words(board)


def test_leaderboard_of_an_unplayed_variant_is_empty_and_an_unknown_one_is_404(
    client_as: Callable[[str | None], Client], club: Club, won_game: Game
) -> None:
    viewer = client_as("viewer")
    empty = viewer.get(url("leaderboard", club, "jazz"))
    assert empty.status_code == 200
    assert "No finished Jazz game yet." in empty.content.decode()
    assert viewer.get(url("leaderboard", club, "poker")).status_code == 404


def test_rating_history_shows_the_line_and_each_game(
    client_as: Callable[[str | None], Client], club: Club, won_game: Game
) -> None:
    anna = Player.objects.get(name="Anna")

    page = client_as("viewer").get(url("rating_history", club, anna.pk))

    assert page.status_code == 200
    [schieber] = page.context["histories"]
    assert [(f"{s.before:.1f}", f"{s.after:.1f}", s.change.game_id) for s in schieber.steps] == [
        ("0.0", "2.4", won_game.pk)
    ]
    html = page.content.decode()
    assert "<polyline" in html
    assert reverse("games:game", args=[won_game.pk]) in html
    assert "+2.4" in html


def test_a_player_of_another_club_has_no_history_here(
    client_as: Callable[[str | None], Client], club: Club, other_club: Club, won_game: Game
) -> None:
    stranger_player = members.add_player(club=other_club, name="Urs")
    assert client_as("viewer").get(url("rating_history", club, stranger_player.pk)).status_code == 404


def test_club_page_links_leaderboards_and_seasons(
    client_as: Callable[[str | None], Client],
    club: Club,
    won_game: Game,
    season: tuple[Season, dict[str, set[str]]],
) -> None:
    html = client_as("admin").get(url("club", club)).content.decode()
    assert url("leaderboard", club, "schieber") in html
    assert url("season", club, season[0].pk) in html
    assert url("season_new", club) in html
    viewer_html = client_as("viewer").get(url("club", club)).content.decode()
    assert url("season_new", club) not in viewer_html


# ---- season standings and CSV ---------------------------------------------------------------------


def expected_rows(winners: dict[str, set[str]]) -> list[list[str]]:
    """The hand count: 1st = 25, 3rd = 15; the final doubled: 50 or 30; best 1 counts, so the final
    always (it is worth more), and Frühling's points are in brackets. Ties: wins, then best place."""
    lines = []
    for name in ("Anna", "Beat", "Cla", "Dora"):
        spring = 25 if name in winners["spring"] else 15
        final = 50 if name in winners["final"] else 30
        wins = (name in winners["spring"]) + (name in winners["final"])
        best = 1 if wins else 3
        lines.append((-final, -wins, best, name, [final, wins, best, f"({spring})", str(final)]))
    lines.sort()
    rows, previous = [], None
    for index, (*merit, name, cells) in enumerate(lines, start=1):
        rank = previous[0] if previous and previous[1] == merit else index
        previous = (rank, merit)
        total, wins, best, spring, final = cells
        rows.append([str(rank), name, str(total), str(wins), str(best), spring, final])
    return rows


def test_season_csv_counts_the_best_event_with_the_final_double(
    client_as: Callable[[str | None], Client], club: Club, season: tuple[Season, dict[str, set[str]]]
) -> None:
    chosen, winners = season

    response = client_as("viewer").get(url("season_csv", club, chosen.pk))

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="saison-2026-standings.csv"' in response["Content-Disposition"]
    rows = csv_rows(response)
    assert rows[0] == ["Rank", "Player", "Total", "Wins", "Best place", "Frühling", "Final"]  # no Sommer yet
    assert rows[1:] == expected_rows(winners)


def test_season_xlsx_has_the_csvs_rows_with_counted_points_as_numbers(
    client_as: Callable[[str | None], Client], club: Club, season: tuple[Season, dict[str, set[str]]]
) -> None:
    chosen, winners = season
    response = client_as("viewer").get(url("season_xlsx", club, chosen.pk))
    assert 'filename="saison-2026-standings.xlsx"' in response["Content-Disposition"]
    header, *rows = xlsx_rows(response)
    assert header == ["Rank", "Player", "Total", "Wins", "Best place", "Frühling", "Final"]
    expected = [[int(c) if c.isdigit() else c for c in row] for row in expected_rows(winners)]
    assert rows == expected  # a dropped result stays "(15)", as text: it is not in the total
    assert_laid_out(xlsx_sheet(response))


def test_season_page_shows_standings_and_which_events_count(
    client_as: Callable[[str | None], Client], club: Club, season: tuple[Season, dict[str, set[str]]]
) -> None:
    chosen, winners = season

    page = client_as("viewer").get(url("season", club, chosen.pk))

    assert page.status_code == 200
    html = page.content.decode()
    assert [[str(r.line.rank), r.name, str(r.line.total)] for r in page.context["rows"]] == [
        row[:3] for row in expected_rows(winners)
    ]
    assert "The best event counts" in html
    assert "not finished: not counted yet" in html  # Sommer
    assert 'class="num rs-dropped">(' in html
    assert url("season_edit", club, chosen.pk) not in html  # a viewer does not configure


def test_a_new_season_says_once_that_it_has_no_event_and_heads_each_event_by_its_name(
    client_as: Callable[[str | None], Client], club: Club, season: tuple[Season, dict[str, set[str]]]
) -> None:
    """Issue 13, point 19: a season without events says so once; a finished event's column is headed by
    the event's name, not by a bare "1"."""
    viewer = client_as("viewer")
    empty = Season.objects.create(club=club, name="Saison 2027")
    text = words(viewer.get(url("season", club, empty.pk)))
    assert "No events chosen yet." in text
    assert "No event of this season has finished yet." not in text
    html_text = viewer.get(url("season", club, season[0].pk)).content.decode()
    headers = [
        " ".join(h.split())
        for h in re.findall(r'<th class="num rs-event" scope="col">(.*?)</th>', html_text, re.S)
    ]
    assert [re.sub(r"<[^>]+>.*", "", h) for h in headers] == ["Frühling", "Final"]


def test_a_public_clubs_season_is_public(
    client: Client, club: Club, season: tuple[Season, dict[str, set[str]]]
) -> None:
    club.is_public = True
    club.save()
    assert client.get(url("season", club, season[0].pk)).status_code == 200
    assert client.get(url("season_csv", club, season[0].pk)).status_code == 200
    assert client.get(url("season_xlsx", club, season[0].pk)).status_code == 200
    assert client.get(url("leaderboard", club, "schieber")).status_code == 200


# ---- permissions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("page", ["leaderboard", "history", "season", "season_csv", "season_xlsx"])
def test_a_private_clubs_pages_stay_private(
    client_as: Callable[[str | None], Client],
    club: Club,
    won_game: Game,
    season: tuple[Season, dict[str, set[str]]],
    page: str,
) -> None:
    anna = Player.objects.get(name="Anna")
    target = {
        "leaderboard": url("leaderboard", club, "schieber"),
        "history": url("rating_history", club, anna.pk),
        "season": url("season", club, season[0].pk),
        "season_csv": url("season_csv", club, season[0].pk),
        "season_xlsx": url("season_xlsx", club, season[0].pk),
    }[page]

    anonymous = client_as(None).get(target)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    assert client_as("stranger").get(target).status_code == 404
    assert client_as("viewer").get(target).status_code == 200


def test_a_season_of_another_club_is_404(
    client_as: Callable[[str | None], Client],
    club: Club,
    other_club: Club,
    season: tuple[Season, dict[str, set[str]]],
) -> None:
    assert client_as("stranger").get(url("season", other_club, season[0].pk)).status_code == 404
    assert client_as("stranger").get(url("season_edit", other_club, season[0].pk)).status_code == 404


@pytest.mark.parametrize("role", ["viewer", "scorer"])
def test_only_admins_configure_seasons(
    client_as: Callable[[str | None], Client],
    club: Club,
    season: tuple[Season, dict[str, set[str]]],
    role: str,
) -> None:
    member = client_as(role)
    assert member.get(url("season_new", club)).status_code == 403
    assert member.post(url("season_new", club), {"name": "X", "points_table": "3, 2, 1"}).status_code == 403
    assert member.get(url("season_edit", club, season[0].pk)).status_code == 403
    assert client_as(None).get(url("season_new", club)).status_code == 302
    assert client_as("stranger").get(url("season_new", club)).status_code == 404
    assert Season.objects.count() == 1


# ---- the settings form ----------------------------------------------------------------------------


def test_admin_creates_a_season_and_the_final_joins_its_events(
    client_as: Callable[[str | None], Client], club: Club, players: list[Player]
) -> None:
    spring, _ = finished_event(club, "Frühling", 11)
    final, _ = finished_event(club, "Final", 12)
    admin = client_as("admin")
    assert admin.get(url("season_new", club)).status_code == 200

    response = admin.post(
        url("season_new", club),
        {
            "name": "Saison",
            "events": [spring.pk],
            "best_of": "8",
            "final": final.pk,
            "points_table": "25/18 15, 12",
        },
    )

    chosen = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("season", club, chosen.pk)
    assert (chosen.club, chosen.best_of, chosen.final, chosen.points_table) == (
        club,
        8,
        final,
        [25, 18, 15, 12],
    )
    assert set(chosen.events.values_list("tournament__name", flat=True)) == {"Frühling", "Final"}


def test_admin_edits_a_season(
    client_as: Callable[[str | None], Client], club: Club, season: tuple[Season, dict[str, set[str]]]
) -> None:
    chosen, _ = season
    spring = Tournament.objects.get(name="Frühling")
    form = client_as("owner").get(url("season_edit", club, chosen.pk))
    assert form.context["form"]["points_table"].value() == "25, 18, 15, 12, 10, 8, 6, 4, 2, 1"

    client_as("owner").post(
        url("season_edit", club, chosen.pk),
        {"name": "Saison 2026", "events": [spring.pk], "best_of": "", "final": "", "points_table": "10, 5"},
    )

    chosen.refresh_from_db()
    assert (chosen.best_of, chosen.final, chosen.points_table) == (None, None, [10, 5])
    assert list(chosen.events.values_list("tournament__name", flat=True)) == ["Frühling"]


@pytest.mark.parametrize(
    ("points", "best_of", "error"),
    [
        ("25, 30", "", "A place never earns more points than the place before it."),
        ("25, x", "", "Whole numbers only, 0 or more, separated by commas: 25, 18, 15."),
        ("25, -3", "", "Whole numbers only, 0 or more, separated by commas: 25, 18, 15."),
        ("25, ²", "", "Whole numbers only, 0 or more, separated by commas: 25, 18, 15."),
        ("25000, 1", "", "At most 100 places, each worth at most 10000 points."),
        (" , ", "", "Give at least the winner&#x27;s points."),
        ("25", "0", "Count at least one event, or leave it empty to count every event."),
    ],
)
def test_bad_settings_are_refused_beside_the_field(
    client_as: Callable[[str | None], Client], club: Club, points: str, best_of: str, error: str
) -> None:
    response = client_as("admin").post(
        url("season_new", club), {"name": "Saison", "best_of": best_of, "points_table": points}
    )

    assert response.status_code == 422
    assert error in response.content.decode()
    assert not Season.objects.exists()


def test_events_of_another_club_cannot_be_chosen(
    client_as: Callable[[str | None], Client], club: Club, other_club: Club, players: list[Player]
) -> None:
    owner = User.objects.get(username="stranger")
    theirs = events.create_tournament(club=other_club, name="Berner Cup", format="einzelschieber", by=owner)

    response = client_as("admin").post(
        url("season_new", club),
        {"name": "Saison", "events": [theirs.pk], "final": theirs.pk, "points_table": "3"},
    )

    assert response.status_code == 422
    assert not Season.objects.exists()


def test_the_rating_line_spans_the_box_and_marks_zero() -> None:
    line = chart([0.0, 4.0, -4.0])

    # x: 8, 160, 312 (the width 320 less 8 each side, in two steps); y: 4 is the top (8), -4 the bottom
    # (112), 0 halfway (60).
    assert line.points == "8.0,60.0 160.0,8.0 312.0,112.0"
    assert (line.zero_y, line.low, line.high, line.count) == (60.0, -4.0, 4.0, 2)
    assert chart([1.0]).points == f"{CHART_PAD}.0,{CHART_PAD}.0"  # one point: no span, drawn at the top
    assert chart([1.0, 2.0]).zero_y is None  # 0 is out of range: no zero line
    assert CHART_HEIGHT == 120
