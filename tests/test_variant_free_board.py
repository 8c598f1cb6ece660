"""The Free board through the pages: a new game with its name and a preset, one box per side, the rest of
157 given to the side left empty, refusals that save nothing, the name in the lists, "play again", the
player pages, the ratings, the evening and the exports. Every number is worked out by hand.

Seats Anna, Beat, Cla, Dora; in teams A is Anna & Cla, B is Beat & Dora (rules.md, Free board).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.games import evenings, services
from scorekeeper.games.models import Club, DealChange, Game, Player
from tests.html_forms import Form, forms_on
from tests.spreadsheets import csv_rows

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
URL = "/clubs/zuerich/games/new/"
SEATS = {"seat_1": "Anna", "seat_2": "Beat", "seat_3": "Cla", "seat_4": "Dora"}
BIETER = "157 a deal, teams, to 1000"
TEAMS_157 = {
    "sides": "teams",
    "negative": False,
    "per_deal": 157,
    "target": 1000,
    "deals": None,
    "lowest_wins": False,
}


def html(response: Any) -> str:
    return response.content.decode()


def squeezed(response: Any) -> str:
    return re.sub(r"\s+", " ", html(response))


def totals_on(page: str) -> dict[str, int]:
    return {side: int(total) for side, total in re.findall(r'data-total="([^"]+)">(-?\d+)<', page)}


def points_post(number: int, *typed: Any) -> dict[str, Any]:
    """What the form posts: the hidden fields and points_0, points_1, ... in the order of the sides."""
    boxes = {f"points_{index}": "" if value is None else str(value) for index, value in enumerate(typed)}
    return {"number": number, "client_token": str(uuid.uuid4()), **boxes}


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused post must leave alone."""
    game.refresh_from_db()
    return (
        list(game.deals.values_list("number", "entry", "version")),
        DealChange.objects.filter(game=game).count(),
        game.revision,
        game.totals,
        game.side_sums,
        game.state,
        game.finished,
    )


def new_game_form(client: Client, query: str) -> Form:
    page = client.get(f"{URL}?{query}").content.decode()
    return next(form for form in forms_on(page) if "variant" in form.fields)


@pytest.fixture
def owner(club: Club) -> User:
    return User.objects.get(username="owner")


@pytest.fixture
def scorer(club: Club, client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


@pytest.fixture
def make_board(club: Club, players: list[Player], owner: User) -> Callable[..., Game]:
    def make(
        settings: dict[str, Any] | None = None, deals: tuple[dict[str, Any], ...] = (), name: str = ""
    ) -> Game:
        game = services.create_game(
            club=club, variant="free_board", players=players, settings=settings or {}, by=owner, name=name
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


# ---- the new game --------------------------------------------------------------------------------------


def test_a_new_free_board_asks_its_name_and_starts_from_the_bieter_preset(scorer: Client) -> None:
    page = html(scorer.get(f"{URL}?variant=free_board"))
    assert '<option value="free_board" selected>Free board</option>' in page
    assert 'name="name"' in page and 'maxlength="40"' in page
    assert "Seat 8 (optional)" in page
    assert 'name="name"' not in html(scorer.get(f"{URL}?variant=schieber"))
    data = new_game_form(scorer, f"variant=free_board&preset={BIETER}").data(
        **SEATS, name="  Sidi\u200b  Barrani "
    )
    response = scorer.post(URL, data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.variant, game.name, game.settings) == ("free_board", "Sidi Barrani", TEAMS_157)
    assert game.title == f"Sidi Barrani #{game.number}"
    page = html(scorer.get(response["Location"]))
    assert f"<h1>Sidi Barrani #{game.number}" in page
    assert "Team A" in page and "Anna &amp; Cla" in page and "Beat &amp; Dora" in page
    club_page = html(scorer.get("/clubs/zuerich/"))
    assert f"Sidi Barrani #{game.number}</a>" in club_page


def test_teams_at_a_table_of_three_are_refused_on_sides_and_nothing_is_made(scorer: Client) -> None:
    data = new_game_form(scorer, f"variant=free_board&preset={BIETER}").data(
        seat_1="Anna", seat_2="Beat", seat_3="Cla"
    )
    response = scorer.post(URL, data)
    assert response.status_code == 422
    assert "Teams need 4 or 6 players, not 3." in html(response)
    assert not Game.objects.exists()


def test_a_name_of_invisible_characters_is_refused(scorer: Client) -> None:
    data = new_game_form(scorer, "variant=free_board").data(**SEATS, name="\u200b")
    response = scorer.post(URL, data)
    assert response.status_code == 422
    assert "Enter a name with at least one visible character." in html(response)
    assert not Game.objects.exists()


def test_a_game_without_a_name_is_called_free_board(make_board: Callable[..., Game]) -> None:
    game = make_board()
    assert game.title == f"Free board #{game.number}"


# ---- deals through the form ------------------------------------------------------------------------------


def test_the_form_has_one_box_per_team_and_the_rest_goes_to_the_empty_one(
    make_board: Callable[..., Game], scorer: Client
) -> None:
    game = make_board(TEAMS_157, name="Bieter")
    page = squeezed(scorer.get(f"/games/{game.pk}/"))
    assert 'name="points_0" id="id_points_0" data-side="A"' in page
    assert 'name="points_1" id="id_points_1" data-side="B"' in page
    assert 'name="points_2"' not in page
    assert 'max="100000"' in page and 'min="0"' in page and 'inputmode="numeric"' in page
    assert "together 157: leave one side empty for the rest" in page
    # A 100, B left empty: B gets 157 - 100 = 57
    response = scorer.post(f"/games/{game.pk}/deals/", points_post(1, 100, None), **HTMX)
    assert response.status_code == 200
    assert totals_on(html(response)) == {"A": 100, "B": 57}
    game.refresh_from_db()
    assert game.deals.get().entry == {"points": {"A": 100}}
    assert (game.totals, game.revision, game.finished) == ({"A": 100, "B": 57}, 1, False)


def test_the_preview_names_who_gets_the_rest(make_board: Callable[..., Game], scorer: Client) -> None:
    game = make_board(TEAMS_157)
    response = scorer.post(f"/games/{game.pk}/deals/preview/", points_post(1, None, 120), **HTMX)
    page = squeezed(response)
    assert "this deal: Team A <strong>37</strong> · Team B <strong>120</strong>" in page
    assert '<span class="fb-rest">Team A gets the rest</span>' in page
    # the row of a saved deal names the team as the score bar does
    scorer.post(f"/games/{game.pk}/deals/", points_post(1, None, 120))
    assert '<span class="muted fb-rest-note">the rest to Team A</span>' in squeezed(
        scorer.get(f"/games/{game.pk}/")
    )


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        pytest.param((100, 50), "The points of a deal must total 157; these total 150.", id="total"),
        pytest.param(
            (160, None),
            "These points total 160, more than the 157 of a deal: nothing is left for team B.",
            id="rest",
        ),
        pytest.param(
            (None, 100001), "The points of team B must be a whole number from 0 to 100000.", id="above"
        ),
        pytest.param(
            (-5, None), "The points of team A must be a whole number from 0 to 100000.", id="negative"
        ),
        pytest.param(
            (2**31, None), "The points of team A must be a whole number from 0 to 100000.", id="huge"
        ),
        pytest.param((None, None), "Enter the points of at least one side.", id="none"),
        pytest.param(("zwölf", None), "Enter a whole number.", id="word"),
    ],
)
def test_a_refused_deal_names_the_points_and_saves_nothing(
    make_board: Callable[..., Game], scorer: Client, typed: tuple[Any, ...], message: str
) -> None:
    game = make_board(TEAMS_157, deals=({"points": {"A": 100}},))
    before = snapshot(game)
    response = scorer.post(f"/games/{game.pk}/deals/", points_post(2, *typed), **HTMX)
    assert response.status_code == 422
    page = html(response)
    errors = re.search(r'<ul class="errorlist" id="points-error">(.*?)</ul>', page, re.S)
    assert errors is not None
    assert f"<li>{escape(message)}</li>" in errors.group(1)
    assert snapshot(game) == before


def test_players_each_have_a_box_and_negative_points_open_the_minus(
    make_board: Callable[..., Game], scorer: Client
) -> None:
    game = make_board({"negative": True, "target": 21, "lowest_wins": True})
    page = squeezed(scorer.get(f"/games/{game.pk}/"))
    for index, name in enumerate(("Anna", "Beat", "Cla", "Dora")):
        assert f'name="points_{index}" id="id_points_{index}" data-side="{name}"' in page
    assert 'min="-100000"' in page and 'inputmode="numeric"' not in page
    assert "to 21" in page and "lowest wins" in page
    # Anna -3, Beat 22 reaches 21: lowest first, Anna -3 wins, Cla and Dora 0 share second
    response = scorer.post(f"/games/{game.pk}/deals/", points_post(1, -3, 22, None, None), **HTMX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.totals == {"Anna": -3, "Beat": 22, "Cla": 0, "Dora": 0}
    assert (game.finished, game.winner) == (True, "Anna")
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Anna wins!" in page
    assert "reached 21 first" not in page


def test_a_team_game_played_to_its_target_and_again(
    make_board: Callable[..., Game], scorer: Client, owner: User
) -> None:
    # 6 deals of A 157 (B 0) = 942, then A 60, B gets 97: A 1002 reaches 1000
    game = make_board(TEAMS_157, deals=({"points": {"A": 157}},) * 6, name="Bieter")
    response = scorer.post(f"/games/{game.pk}/deals/", points_post(7, 60, None), **HTMX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner) == ({"A": 1002, "B": 97}, True, "A")
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Anna &amp; Cla win!" in page
    again = scorer.post(f"/games/{game.pk}/again/")
    follow = Game.objects.get(follows=game)
    assert again.status_code == 302
    assert (follow.name, follow.settings, follow.variant) == ("Bieter", game.settings, "free_board")
    assert follow.title == f"Bieter #{follow.number}"


# ---- the game elsewhere: player pages, ratings, the evening, the exports --------------------------------


def test_a_team_game_counts_for_the_players_of_each_team(
    make_board: Callable[..., Game], players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    game = make_board(
        TEAMS_157, deals=({"points": {"A": 157}},) * 6 + ({"points": {"A": 60}},), name="Bieter"
    )
    anna, beat = players[0], players[1]
    viewer = client_as("viewer")
    page = html(viewer.get(reverse("players:player", args=["zuerich", anna.pk])))
    assert f"Bieter #{game.number}" in page
    stats = {
        stat.variant: stat
        for stat in viewer.get(reverse("players:player", args=["zuerich", anna.pk])).context["stats"]
    }
    free = stats["free_board"]
    assert (free.games, free.wins) == (1, 1)
    history = viewer.get(reverse("players:player_history_json", args=["zuerich", beat.pk])).json()
    row = history["games"][0]
    assert (row["side"], row["points"], row["result"], row["partners"], row["name"]) == (
        "B",
        97,
        "lost",
        ["Dora"],
        "Bieter",
    )
    record = viewer.get(reverse("players:game_record_json", args=[game.pk])).json()
    assert record["name"] == "Bieter"
    assert [seat["side"] for seat in record["seats"]] == ["A", "B", "A", "B"]
    assert [(side["side"], side["label"], side["total"]) for side in record["sides"]] == [
        ("A", "Anna & Cla", 1002),
        ("B", "Beat & Dora", 97),
    ]
    rows = csv_rows(viewer.get(reverse("players:game_record_csv", args=[game.pk])))
    assert rows[0][-1] == "name" and rows[1][-1] == "Bieter"


def test_a_team_game_is_rated_by_its_teams(make_board: Callable[..., Game], players: list[Player]) -> None:
    from scorekeeper.ratings.models import RatingChange

    make_board(TEAMS_157, deals=({"points": {"A": 157}},) * 6 + ({"points": {"A": 60}},))
    changes = {(row.player_id, row.team, row.rank) for row in RatingChange.objects.all()}
    anna, beat, cla, dora = (player.pk for player in players)
    assert changes == {(anna, "A", 1), (cla, "A", 1), (beat, "B", 2), (dora, "B", 2)}


def test_an_evening_lists_a_team_board_by_its_name_and_its_teams(
    club: Club, players: list[Player], owner: User, client_as: Callable[[str | None], Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner, stake=None, unit="point")
    bieter = services.create_game(
        club=club,
        variant="free_board",
        players=players,
        settings=TEAMS_157,
        by=owner,
        evening=evening,
        name="Bieter",
    )
    # A 100 + 57 + 157 = 314, B 57 + 100 + 0 = 157
    play(bieter, [{"points": {"A": 100}}, {"points": {"B": 100}}, {"points": {"A": 157}}], by=owner)
    page = html(client_as("viewer").get(reverse("games:evening", args=[evening.pk])))
    assert f"Bieter #{bieter.number}" in page
    (line,) = evenings.evening_sheet(evening).games
    assert [(side.label, side.points) for side in line.sides] == [("Anna & Cla", 314), ("Beat & Dora", 157)]


def test_lowest_wins_turns_the_evenings_point_stake_around(
    club: Club, players: list[Player], owner: User
) -> None:
    evening = evenings.start_evening(club=club, by=owner, stake=Decimal("0.10"), unit="point")
    game = services.create_game(
        club=club,
        variant="free_board",
        players=players[:2],
        settings={"target": 21, "lowest_wins": True},
        by=owner,
        evening=evening,
    )
    # Anna 5, Beat 25 reaches 21: Anna wins with fewer points
    play(game, [{"points": {"Anna": 5, "Beat": 25}}], by=owner)
    sheet = evenings.evening_sheet(evening)
    (total,) = sheet.sums
    assert [(row.label, row.rank, row.won) for row in total.ranked] == [("Anna", 1, 1), ("Beat", 2, 0)]
    balances = {s.name: s.balance for s in sheet.standings}
    assert balances["Anna"] > 0 > balances["Beat"]


def test_an_evening_sums_each_named_board_apart_and_a_lowest_first_board_apart(
    club: Club, players: list[Player], owner: User, client_as: Callable[[str | None], Client]
) -> None:
    """Sidi Barrani's points and a "to 21, lowest wins" board's are no one sum: each kind of game has its
    own, under its own name, ranked its own way."""
    evening = evenings.start_evening(club=club, by=owner, stake=None, unit="point")

    def board(name: str, settings: dict[str, Any], deal: dict[str, int]) -> None:
        game = services.create_game(
            club=club, variant="free_board", players=players[:2], settings=settings, by=owner,
            evening=evening, name=name,
        )  # fmt: skip
        play(game, [{"points": deal}], by=owner)

    board("Sidi Barrani", {"target": 100}, {"Anna": 120, "Beat": 30})
    board("Sidi Barrani", {"target": 100}, {"Anna": 10, "Beat": 110})
    board("", {"target": 21, "lowest_wins": True}, {"Anna": 25, "Beat": 3})
    sums = evenings.evening_sheet(evening).sums
    # Sidi Barrani: Anna 120 + 10 = 130, Beat 30 + 110 = 140, one game won each: more points first
    assert [(str(t.name), t.games, t.lowest_wins) for t in sums] == [
        ("Sidi Barrani", 2, False),
        ("Free board", 1, True),
    ]
    assert [(row.label, row.points, row.won, row.rank) for row in sums[0].ranked] == [
        ("Beat", 140, 1, 1),
        ("Anna", 130, 1, 2),
    ]
    assert [(row.label, row.points, row.rank) for row in sums[1].ranked] == [("Beat", 3, 1), ("Anna", 25, 2)]
    page = html(client_as("viewer").get(reverse("games:evening", args=[evening.pk])))
    assert 'id="evening-sum-1">Sidi Barrani: 2 games</h2>' in re.sub(r"\s+", " ", page).replace("> ", ">")
