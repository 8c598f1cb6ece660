"""The public pages through HTTP, anonymous: the event, self-registration, where do I sit, the live
standings against a hand computation (and the freeze), the projector and each player's passes."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.games import services as games
from scorekeeper.games.models import Club
from tournaments import services as tournament_services
from tournaments.models import Entrant, Table, TableSeat, Tournament
from tournaments.views import public

from .builders import HTMX, TIMES, director, draw, make_event, play, play_pass, tables, teams


def html(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def row_of(page: str, entrant: Entrant) -> str:
    """The standings row of one entrant (rows carry the start number)."""
    found = re.search(rf'<tr data-entrant="{entrant.number}">(.*?)</tr>', page, re.S)
    assert found, f"no row for {entrant}"
    return found.group(1)


def cells(row: str) -> dict[str, str]:
    """Rank, total and each pass's cell text of a standings row."""
    text = {"rank": re.search(r'class="num tp-rank">(\d+)<', row).group(1)}  # type: ignore[union-attr]
    text["total"] = re.search(r'data-total="(-?\d+)"', row).group(1)  # type: ignore[union-attr]
    for number, cell in re.findall(r'data-pass="(\d+)">(.*?)</td>', row, re.S):
        text[f"pass {number}"] = re.sub(r"<[^>]+>", "", cell).strip()
    return text


def team_points(drawn_tables: list[Table], points: list[tuple[int, int]]) -> dict[Entrant, int]:
    """Each player scores their team's points: points[i] = (team A, team B) at table i + 1."""
    scores = {}
    for table, (a, b) in zip(drawn_tables, points, strict=True):
        for side, score in (("A", a), ("B", b)):
            for entrant in teams(table)[side]:
                scores[entrant] = score
    return scores


@pytest.fixture
def anonymous() -> Client:
    return Client()


@pytest.fixture
def event(club: Club) -> Tournament:
    return make_event(club, tie_breaks=["best_pass"])


# ---- standings -----------------------------------------------------------------------------------------

# Pass 1, two deals a table (team A's card points; B has the rest of 157):
#   table 1: 100 + 40  -> A 140, B 57 + 117 = 174
#   table 2: 157 + 90  -> A 247, B  0 +  67 =  67
PASS_1 = [(100, 40), (157, 90)]
PASS_1_TEAMS = [(140, 174), (247, 67)]
PASS_1_RANKS = {247: 1, 174: 3, 140: 5, 67: 7}  # partners tie: same total, same best pass


def test_the_standings_equal_the_hand_computation(event: Tournament, anonymous: Client) -> None:
    drawn = draw(event)
    play_pass(drawn, PASS_1)
    page = html(anonymous.get("/events/herbstturnier/standings/"))
    expected = team_points(tables(drawn), PASS_1_TEAMS)
    assert len(expected) == 8
    for entrant, total in expected.items():
        assert cells(row_of(page, entrant)) == {
            "rank": str(PASS_1_RANKS[total]),
            "total": str(total),
            "pass 1": str(total),
        }
    assert page.index(">247<") < page.index(">174<") < page.index(">140<") < page.index(">67<")
    assert "Best pass" in page


def test_a_bye_shows_its_compensation_and_the_dropped_pass_is_struck(club: Club, anonymous: Client) -> None:
    """9 players: two tables and a bye each pass, one deal a pass, the worst pass dropped.

    A bye earns the pass average of the 8 seated: their team points add up to 2 x 2 x 157 = 628, and
    628 / 8 = 78.5 rounds half up to 79.
    """
    tournament = make_event(club, players=9, passes=2, deals=1, drop_worst_pass=True)
    scores: dict[Entrant, list[int]] = {}
    byes = []
    for points in ([(100,), (30,)], [(157,), (80,)]):
        drawn = draw(tournament)
        play_pass(drawn, points)
        teams_points = [(a, 157 - a) for (a,) in points]
        bye = Entrant.objects.get(byes__pass_played=drawn)
        byes.append(bye)
        for entrant, score in {**team_points(tables(drawn), teams_points), bye: 79}.items():
            scores.setdefault(entrant, []).append(score)
    page = html(anonymous.get(f"/events/{tournament.slug}/standings/"))
    assert byes[0] != byes[1]
    for entrant, passes in scores.items():
        row = row_of(page, entrant)
        found = re.findall(r'"num tp-pass([^"]*)" data-pass="(\d)"', row)
        marks = {int(number): classes for classes, number in found}
        worse = 1 if passes[0] <= passes[1] else 2  # the earlier of equals
        assert [n for n, classes in marks.items() if "dropped" in classes] == [worse]
        assert [n for n, classes in marks.items() if "bye" in classes] == [
            n for n, bye in enumerate(byes, 1) if bye == entrant
        ]
        shown = cells(row)
        assert shown["total"] == str(max(passes))
        for number, score in enumerate(passes, 1):
            assert shown[f"pass {number}"] == (f"{score} bye" if byes[number - 1] == entrant else str(score))


def test_the_public_standings_stay_frozen_from_the_pass_the_director_chose(
    event: Tournament, anonymous: Client
) -> None:
    first = draw(event)
    play_pass(first, PASS_1)
    second = draw(event)
    play_pass(second, [(0, 0), (157, 157)])
    Tournament.objects.filter(pk=event.pk).update(frozen_from_pass=2)
    page = html(anonymous.get("/events/herbstturnier/standings/"))
    assert "Frozen from Pass 2" in page
    for entrant, total in team_points(tables(first), PASS_1_TEAMS).items():
        assert cells(row_of(page, entrant)) == {
            "rank": str(PASS_1_RANKS[total]),
            "total": str(total),
            "pass 1": str(total),
        }
    assert 'data-pass="2"' not in page
    projector = html(anonymous.get("/events/herbstturnier/projector/"))
    assert "frozen from Pass 2" in projector
    someone = Entrant.objects.get(tournament=event, number=1)
    player = html(anonymous.get(f"/events/herbstturnier/players/{someone.pk}/"))
    assert re.search(r'data-pass="2">.*?frozen', player, re.S)


def test_the_standings_poll_answers_204_until_a_deal_changes_them(
    event: Tournament, anonymous: Client
) -> None:
    drawn = draw(event)
    page = html(anonymous.get("/events/herbstturnier/standings/"))
    version = re.search(r"standings/\?since=([\w.]+)", page).group(1)  # type: ignore[union-attr]
    poll = f"/events/herbstturnier/standings/?since={version}"
    assert anonymous.get(poll, **HTMX).status_code == 204
    play(tables(drawn)[0], 100)
    partial = html(anonymous.get(poll, **HTMX))
    assert partial.lstrip().startswith('<table class="list tp-standings" id="standings-table">')
    assert "<html" not in partial and ">100<" in partial
    fresh = re.search(r'id="standings-poll" data-hx-get="[^"]*since=([\w.]+)"', partial).group(1)  # type: ignore[union-attr]
    assert fresh != version and 'data-hx-swap-oob="true"' in partial
    assert anonymous.get(f"/events/herbstturnier/standings/?since={fresh}", **HTMX).status_code == 204


def test_the_standings_page_takes_as_many_queries_for_three_passes_as_for_one(
    event: Tournament, anonymous: Client, django_assert_max_num_queries: Any
) -> None:
    play_pass(draw(event), PASS_1)
    with CaptureQueriesContext(connection) as one_pass:
        html(anonymous.get("/events/herbstturnier/standings/"))
    play_pass(draw(event), [(10, 20), (30, 40)])
    play_pass(draw(event), [(50, 60), (70, 80)])
    with django_assert_max_num_queries(len(one_pass)):
        page = html(anonymous.get("/events/herbstturnier/standings/"))
    assert 'data-pass="3"' in page


# ---- where do I sit? -----------------------------------------------------------------------------------


def test_where_do_i_sit_finds_a_player_in_any_case_with_table_seat_and_partner(
    event: Tournament, anonymous: Client
) -> None:
    drawn = draw(event)
    seat = drawn.tables.get(seats__entrant__player__name="Fränzi").seats.get(entrant__player__name="Fränzi")
    partner = seat.table.seats.exclude(pk=seat.pk).get(side=seat.side).entrant.player.name
    page = html(anonymous.get("/events/herbstturnier/seat/", {"q": "  FRÄNZ "}))
    found = re.search(r'<article class="card tp-found".*?</article>', page, re.S).group(0)  # type: ignore[union-attr]
    assert ">Fränzi</a>" in found
    assert f"Table {seat.table.number}</span>" in found and f"Seat {seat.position}</span>" in found
    assert f"Team {seat.side}" in found and f"Partner: <strong>{partner}</strong>" in found
    assert page.count('class="card tp-found"') == 1  # "a" finds Anna, Beat, Cla and Dora, not Fränzi:
    assert html(anonymous.get("/events/herbstturnier/seat/", {"q": "a"})).count('class="card tp-found"') == 4
    assert "Nobody called “Zora” is registered." in html(anonymous.get("/events/herbstturnier/seat/?q=Zora"))


def test_where_do_i_sit_answers_htmx_with_the_results_only_and_before_the_draw(
    event: Tournament, anonymous: Client
) -> None:
    partial = html(anonymous.get("/events/herbstturnier/seat/", {"q": "anna"}, **HTMX))
    assert partial.lstrip().startswith('<div id="results"') and "<form" not in partial
    assert "Pass 1 is not drawn yet" in partial and ">Anna</a>" in partial
    page = html(anonymous.get("/events/herbstturnier/seat/"))
    assert 'type="search"' in page and 'class="card tp-found"' not in page


# ---- a player's passes ---------------------------------------------------------------------------------


def test_a_players_page_shows_each_pass_with_table_partner_opponents_and_score(
    event: Tournament, anonymous: Client
) -> None:
    drawn = draw(event)
    play_pass(drawn, PASS_1)
    table = tables(drawn)[1]
    team = teams(table)
    player, partner = team["A"]
    page = html(anonymous.get(f"/events/herbstturnier/players/{player.pk}/"))
    row = re.search(r'data-pass="1">(.*?)</li>', page, re.S).group(1)  # type: ignore[union-attr]
    assert f"Table {table.number}, seat " in row and "Team A" in row
    assert f">{partner.player.name}</a>" in row
    for opponent in team["B"]:
        assert f">{opponent.player.name}</a>" in row
    assert "data-score>247</strong>" in row
    assert "Rank <strong data-rank>1</strong> · Total <strong data-total>247</strong>" in page


def test_a_player_of_another_event_is_404(event: Tournament, club: Club, anonymous: Client) -> None:
    other = make_event(club)
    stranger = other.entrants.first()
    assert stranger is not None
    assert anonymous.get(f"/events/herbstturnier/players/{stranger.pk}/").status_code == 404


# ---- event page, registration, projector -----------------------------------------------------------------


def test_the_event_page_shows_the_current_pass_and_no_secret_of_any_table(
    event: Tournament, anonymous: Client
) -> None:
    drawn = draw(event)
    page = html(anonymous.get("/events/herbstturnier/"))
    assert "Herbstturnier" in page and "Jassclub Zürich" in page
    assert "Einzelschieber (partners drawn each pass)" in page and f"3 {TIMES} Pass, 2 deals each" in page
    assert "Pass 1: who sits where" in page and "Pass 1 of 3" in page
    for name in ("Anna", "Beat", "Cla", "Dora", "Edi", "Fränzi", "Gusti", "Heidi"):
        assert f">{name}</a>" in page
    for path in ("standings/", "seat/", "projector/"):
        assert f'href="/events/herbstturnier/{path}"' in page
    assert "register/" not in page  # no public registration for this event
    for table in tables(drawn):
        assert table.token not in page


PUBLIC_PAGES = ["", "standings/", "seat/?q=an", "projector/", "register/"]


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_every_public_page_works_anonymously_and_shows_nothing_of_the_director(
    event: Tournament, anonymous: Client, path: str
) -> None:
    drawn = draw(event)
    play(tables(drawn)[0], 100)
    page = html(anonymous.get(f"/events/herbstturnier/{path}"))
    assert "/manage/" not in page and "/print/" not in page and "/export/" not in page
    for table in tables(drawn):
        assert table.token not in page


def test_the_director_sees_the_way_to_manage_print_and_export(
    event: Tournament, client_as: Any, users: Any
) -> None:
    owner = client_as("owner")
    assert 'href="/events/herbstturnier/manage/"' in html(owner.get("/events/herbstturnier/"))
    standings = html(owner.get("/events/herbstturnier/standings/"))
    assert 'href="/events/herbstturnier/print/standings/"' in standings
    assert 'href="/events/herbstturnier/export/standings.csv"' in standings
    viewer = html(client_as("viewer").get("/events/herbstturnier/standings/"))
    assert "/print/" not in viewer and "/export/" not in viewer


def test_an_unknown_event_sends_an_anonymous_visitor_to_sign_in(anonymous: Client, db: None) -> None:
    """As a hidden event does (tests/tournaments/test_hidden_or_unknown.py); signed in, it is 404."""
    for path in ("/events/nowhere/", "/events/nowhere/standings/"):
        response = anonymous.get(path)
        assert response.status_code == 302 and response["Location"] == f"/accounts/login/?next={path}"


def test_registration_is_refused_unless_the_director_opened_it(event: Tournament, anonymous: Client) -> None:
    assert "Registration is not open" in html(anonymous.get("/events/herbstturnier/register/"))
    response = anonymous.post("/events/herbstturnier/register/", {"name": "Zora"})
    assert response.status_code == 403
    assert event.entrants.count() == 8


def test_self_registration_up_to_the_capacity(club: Club, anonymous: Client) -> None:
    tournament = make_event(club, public_registration=True, capacity=9)
    assert 'href="/events/herbstturnier/register/"' in html(anonymous.get("/events/herbstturnier/"))
    duplicate = anonymous.post("/events/herbstturnier/register/", {"name": "anna"})
    assert duplicate.status_code == 422 and "Anna is registered already." in duplicate.content.decode()
    assert anonymous.post("/events/herbstturnier/register/", {"name": "  "}).status_code == 422
    done = anonymous.post("/events/herbstturnier/register/", {"name": "Zora"}, follow=True)
    assert "Zora is registered, start number 9." in html(done)
    zora = tournament.entrants.get(number=9)
    assert (zora.player.name, zora.self_registered, zora.checked_in) == ("Zora", True, False)
    assert "Registration is full." in html(anonymous.get("/events/herbstturnier/"))
    full = anonymous.post("/events/herbstturnier/register/", {"name": "Yves"})
    assert full.status_code == 422 and "The tournament is full: 9 players." in full.content.decode()
    assert tournament.entrants.count() == 9


def test_the_projector_shows_the_top_of_the_standings_and_pages_through_the_tables(
    event: Tournament, anonymous: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = draw(event)
    play_pass(drawn, PASS_1)
    monkeypatch.setattr(public, "PROJECTOR_TABLES", 1)
    page = html(anonymous.get("/events/herbstturnier/projector/?top=3"))
    assert page.count('<tr data-entrant="') == 3
    assert 'data-table="1"' in page and 'data-table="2"' not in page
    assert "1 / 2" in page and "page=1" in page
    second = html(anonymous.get("/events/herbstturnier/projector/?top=3&page=1", **HTMX))
    assert second.lstrip().startswith('<div id="screen"')
    assert 'data-table="2"' in second and 'data-table="1"' not in second and "page=0" in second
    odd = html(anonymous.get("/events/herbstturnier/projector/?page=x&top=-1"))  # the defaults
    assert odd.count("<tr data-entrant=") == 8


def test_a_format_without_partners_shows_everyone_else_as_opponents(club: Club, anonymous: Client) -> None:
    """Differenzler, one deal a pass: the penalty is the miss, |prediction - card points|.

    Predictions 40 each, card points 50, 40, 37, 30 (157): penalties 10, 0, 3, 10.
    """
    tournament = make_event(club, players=4, passes=2, deals=1, format="differenzler")
    table = tables(draw(tournament))[0]
    seats = list(table.seats.select_related("entrant__player").order_by("position"))
    names = [seat.entrant.player.name for seat in seats]
    entry = {
        "trump": "hearts",
        "predictions": dict.fromkeys(names, 40),
        "points": dict(zip(names, (50, 40, 37, 30), strict=True)),
    }
    games.record_deal(game_id=table.game_id, entry=entry, by=None, number=1, client_token=uuid.uuid4())
    first = seats[0].entrant
    page = html(anonymous.get(f"/events/{tournament.slug}/players/{first.pk}/"))
    card = re.search(r'data-pass="1">(.*?)</li>', page, re.S).group(1)  # type: ignore[union-attr]
    assert "data-score>10</strong>" in card and "Partner" not in card and "Team" not in card
    assert all(f">{name}</a>" in card for name in names[1:])
    found = html(anonymous.get(f"/events/{tournament.slug}/seat/", {"q": names[1]}))
    assert "Partner" not in found and f"Against: {names[0]} (seat 1), {names[2]} (seat 3)" in found
    standings = html(anonymous.get(f"/events/{tournament.slug}/standings/"))
    assert [cells(row_of(standings, seat.entrant))["total"] for seat in seats] == ["10", "0", "3", "10"]
    assert html(anonymous.get(f"/t/{table.token}/")).count("Control total") == 0


def test_a_substitute_is_marked_where_the_player_sits_and_at_the_table(
    event: Tournament, anonymous: Client
) -> None:
    drawn = draw(event)
    seat = TableSeat.objects.get(table__pass_played=drawn, entrant__player__name="Anna")
    tournament_services.set_substitute(seat=seat, name="Zora", by=director())
    event_page = html(anonymous.get("/events/herbstturnier/"))
    assert 'Zora</a> <span class="muted">for Anna</span>' in event_page
    table_page = html(anonymous.get(f"/t/{seat.table.token}/"))
    assert '<strong>Zora</strong> <span class="muted">for Anna</span>' in table_page
    found = html(anonymous.get("/events/herbstturnier/seat/", {"q": "anna"}))
    assert f"Seat {seat.position}</span>" in found and "Zora plays for Anna in this Pass." in found


def test_where_do_i_sit_tells_a_player_not_checked_in(event: Tournament, anonymous: Client) -> None:
    tournament_services.register(tournament=event, name="Zora")
    draw(event)
    found = html(anonymous.get("/events/herbstturnier/seat/", {"q": "zora"}))
    assert "Not playing in Pass 1: not checked in yet, see the desk." in found
