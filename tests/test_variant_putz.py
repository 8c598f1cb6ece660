"""Putz through the pages, with 3 and 5 players: card points per player, the tie order only when a point
hangs on it, the apples panel, corrections that end or reopen the game. Every number is worked out by
hand (rules.md, Putz: below 21 an apple, -1; 3 players: the two best +1, with two apples the best +2;
5 players: the three best +1, two apples 2/1/1, three apples 2/2, four apples 3).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, DealChange, Game, Player

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
THREE = ("Anna", "Beat", "Cla")
FIVE = ("Anna", "Beat", "Cla", "Dora", "Emil")

# 3 players. Cla 17 < 21: an apple; Anna and Beat the two best: +1 each.
ONE_APPLE = (80, 60, 17)
# Beat and Cla below 21: two apples; Anna the best: +2.
TWO_APPLES = (137, 10, 10)
# No apple; Anna 57 first; Beat and Cla tie at 50 for the second point.
TIED = (57, 50, 50)
# No apple; Anna and Beat tie at 60 for first, but both places carry a point: no tie to decide.
HARMLESS_TIE = (60, 60, 37)


def points_post(number: int, points: tuple[Any, ...], **fields: Any) -> dict[str, Any]:
    typed = {f"points_{seat}": "" if value is None else str(value) for seat, value in enumerate(points)}
    return {"number": number, "client_token": str(uuid.uuid4()), **typed, **fields}


def entry(points: tuple[int, ...], seats: tuple[str, ...] = THREE, **fields: Any) -> dict[str, Any]:
    return {"points": dict(zip(seats, points, strict=True)), **fields}


def html(response: Any) -> str:
    return response.content.decode()


def totals_on(page: str) -> dict[str, int]:
    return {side: int(total) for side, total in re.findall(r'data-total="(\w+)">(-?\d+)<', page)}


def snapshot(game: Game) -> tuple[Any, ...]:
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


def errors_beside(page: str, field: str) -> str:
    found = re.search(rf'<ul class="errorlist" id="{field}-error">(.*?)</ul>', page, re.S)
    assert found is not None, f"no error list beside {field}"
    return found.group(1)


@pytest.fixture
def owner(club: Club) -> User:
    return User.objects.get(username="owner")


@pytest.fixture
def make_putz(club: Club, players: list[Player], owner: User) -> Callable[..., Game]:
    """Three players (Anna, Beat, Cla) unless `five`: then Dora and Emil join them."""

    def make(
        settings: dict[str, Any] | None = None, deals: tuple[dict[str, Any], ...] = (), five: bool = False
    ) -> Game:
        seated = [*players, members.add_player(club=club, name="Emil")] if five else players[:3]
        game = services.create_game(
            club=club, variant="putz", players=seated, settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


def test_the_form_has_one_points_input_per_player_and_no_tie_question(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz()
    page = html(client_as("scorer").get(f"/games/{game.pk}/"))
    for seat, name in enumerate(THREE):
        assert f'<label for="id_points_{seat}">{name}</label>' in page
    assert 'name="points_3"' not in page
    assert 'name="tie_1"' not in page
    assert "wins at +7, out at -4" in page


def test_a_valid_deal_is_saved_with_its_apple(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz()
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", points_post(1, ONE_APPLE), **HTMX)
    assert response.status_code == 200
    page = html(response)
    assert totals_on(page) == {"Anna": 1, "Beat": 1, "Cla": -1}
    assert '<span class="tag">🍎 Cla</span>' in page
    assert '<span class="putz-apples" role="img" aria-label="1 apple">🍎</span>' in page
    game.refresh_from_db()
    assert game.deals.get().entry == entry(ONE_APPLE)
    assert (game.totals, game.revision, game.finished) == ({"Anna": 1, "Beat": 1, "Cla": -1}, 1, False)

    two = html(client_as("scorer").post(f"/games/{game.pk}/deals/", points_post(2, TWO_APPLES), **HTMX))
    # Anna 1 + 2 = 3, Beat 1 - 1 = 0, Cla -1 - 1 = -2.
    assert totals_on(two) == {"Anna": 3, "Beat": 0, "Cla": -2}
    assert '<span class="putz-apples" role="img" aria-label="2 apples">🍎🍎</span>' in two


@pytest.mark.parametrize(
    ("points", "fields", "field", "message"),
    [
        pytest.param((80, 60, 10), {}, "points", "The card points must add up to 157, not 150.", id="total"),
        pytest.param((80, None, 77), {}, "points", "The card points of Beat are missing.", id="missing"),
        pytest.param((None, None, None), {}, "points", "Give the card points of every player.", id="none"),
        pytest.param(
            (1, 80, 76),
            {},
            "points",
            "The card points of Anna cannot be 1: no card is worth 1 point.",
            id="1",
        ),
        pytest.param(
            (160, 0, -3),
            {},
            "points",
            "The card points of Anna must be a whole number from 0 to 157.",
            id="above-157",
        ),
        pytest.param(
            TIED,
            {},
            "tie_order",
            "Beat and Cla are tied for a point: give their order as decided at the table.",
            id="tie-order-missing",
        ),
        pytest.param(
            TIED,
            {"tie_1": "Anna"},
            "tie_order",
            "The tie order must list exactly the tied players: Beat and Cla.",
            id="tie-order-wrong-player",
        ),
        pytest.param(
            HARMLESS_TIE,
            {"tie_1": "Beat"},
            "tie_order",
            "No tie decides a point in this deal: leave out the tie order.",
            id="tie-order-not-needed",
        ),
    ],
)
def test_a_refused_deal_names_the_field_and_saves_nothing(
    make_putz: Callable[..., Game],
    client_as: Callable[[str | None], Client],
    points: tuple[Any, ...],
    fields: dict[str, str],
    field: str,
    message: str,
) -> None:
    game = make_putz(deals=(entry(ONE_APPLE),))
    before = snapshot(game)
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", points_post(2, points, **fields), **HTMX)
    assert response.status_code == 422
    assert f"<li>{escape(message)}</li>" in errors_beside(html(response), field)
    assert snapshot(game) == before


def test_the_preview_shows_points_and_apples_or_the_engine_naming_the_total(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz()
    client = client_as("scorer")
    url = f"/games/{game.pk}/deals/preview/"
    good = html(client.post(url, points_post(1, ONE_APPLE), **HTMX))
    assert "Anna <b>+1</b>" in good
    assert "Cla <b>🍎</b>" in good
    short = html(client.post(url, points_post(1, (80, 60, 10)), **HTMX))
    assert '<span class="problem">The card points must add up to 157, not 150.</span>' in short
    assert not game.deals.exists()


def test_the_tie_order_is_asked_only_when_a_point_hangs_on_it_and_then_accepted(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz()
    client = client_as("scorer")
    harmless = client.post(f"/games/{game.pk}/deals/", points_post(1, HARMLESS_TIE), **HTMX)
    assert harmless.status_code == 200
    assert 'name="tie_1"' not in html(harmless)
    # Anna +1, Beat +1, Cla 0.
    before = snapshot(game)
    assert game.totals == {"Anna": 1, "Beat": 1, "Cla": 0}

    asked = client.post(f"/games/{game.pk}/deals/", points_post(2, TIED), **HTMX)
    assert asked.status_code == 422
    question = html(asked).split('<fieldset id="tie-order">', 1)[1]
    assert "Who ranks first among the tied?" in question
    assert "Beat and Cla are tied for a point" in question
    assert snapshot(game) == before

    answered = client.post(f"/games/{game.pk}/deals/", points_post(2, TIED, tie_1="Cla"), **HTMX)
    assert answered.status_code == 200
    # Anna +1 (first), Cla +1 (won the tie), Beat 0: Anna 2, Beat 1, Cla 1.
    assert totals_on(html(answered)) == {"Anna": 2, "Beat": 1, "Cla": 1}
    game.refresh_from_db()
    assert game.deals.get(number=2).entry == entry(TIED, tie_order=["Cla", "Beat"])

    form = html(client.get(f"/games/{game.pk}/deals/2/edit/"))
    assert 'name="tie_1" value="Cla" id="id_tie_1_2" checked' in form


def test_five_players_three_tied_for_two_points(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz(five=True)
    client = client_as("scorer")
    page = html(client.get(f"/games/{game.pk}/"))
    assert "wins at +7, out at -5" in page
    assert 'name="points_4"' in page
    # Emil 17: an apple (one apple: the three best +1). Anna 50 first; Beat, Cla and Dora tie at 30
    # for places 2 to 4: two of them take a point.
    three_tied = (50, 30, 30, 30, 17)
    asked = html(client.post(f"/games/{game.pk}/deals/", points_post(1, three_tied), **HTMX))
    message = "Beat, Cla and Dora are tied for a point: give their order as decided at the table."
    assert f"<li>{escape(message)}</li>" in errors_beside(asked, "tie_order")
    assert "Three or more tied?" in asked
    assert 'name="tie_3"' in asked

    # Cla first, Dora second: Beat, the rest of the tie, last. Anna 1, Cla 1, Dora 1, Beat 0, Emil -1.
    answered = client.post(
        f"/games/{game.pk}/deals/", points_post(1, three_tied, tie_1="Cla", tie_2="Dora"), **HTMX
    )
    assert answered.status_code == 200
    assert totals_on(html(answered)) == {"Anna": 1, "Beat": 0, "Cla": 1, "Dora": 1, "Emil": -1}
    game.refresh_from_db()
    assert game.deals.get().entry == entry(three_tied, FIVE, tie_order=["Cla", "Dora", "Beat"])

    # Two apples with five: the best +2, the next two +1. Dora 10 and Emil 10 apples.
    # Anna 1 + 2 = 3, Beat 0 + 1 = 1, Cla 1 + 1 = 2, Dora 0, Emil -2.
    two_apples = html(client.post(f"/games/{game.pk}/deals/", points_post(2, (67, 40, 30, 10, 10)), **HTMX))
    assert totals_on(two_apples) == {"Anna": 3, "Beat": 1, "Cla": 2, "Dora": 0, "Emil": -2}


def test_a_correction_that_ends_the_game_and_one_that_reopens_it(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz({"win_at": 3}, (entry(ONE_APPLE), entry(ONE_APPLE)))
    assert (game.totals, game.finished) == ({"Anna": 2, "Beat": 2, "Cla": -2}, False)
    client = client_as("scorer")
    # Deal 2 was two apples: Anna 1 + 2 = 3 reaches win_at 3. Beat 1 - 1 = 0, Cla -1 - 1 = -2.
    ended = client.post(f"/games/{game.pk}/deals/2/edit/", points_post(2, TWO_APPLES, version=1))
    assert ended.status_code == 302
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner) == ({"Anna": 3, "Beat": 0, "Cla": -2}, True, "Anna")
    page = html(client.get(f"/games/{game.pk}/"))
    assert "🏆 Anna wins!" in page
    assert 'id="dealform"' not in page

    reopened = client.post(f"/games/{game.pk}/deals/2/edit/", points_post(2, ONE_APPLE, version=2))
    assert reopened.status_code == 302
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner) == ({"Anna": 2, "Beat": 2, "Cla": -2}, False, "")
    assert 'id="dealform"' in html(client.get(f"/games/{game.pk}/"))


def test_playing_to_the_end_by_lose_at_and_refusing_more_deals(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    # lose_at by player count: -4 with three. Cla takes an apple in four deals: -4, the game ends.
    game = make_putz(deals=(entry(ONE_APPLE),) * 3)
    assert game.totals == {"Anna": 3, "Beat": 3, "Cla": -3}
    client = client_as("scorer")
    last = html(client.post(f"/games/{game.pk}/deals/", points_post(4, (60, 80, 17)), **HTMX))
    # Anna 4, Beat 4, Cla -4: a shared first place, so no single winner: "Game over", ranking shown.
    assert totals_on(last) == {"Anna": 4, "Beat": 4, "Cla": -4}
    assert '<div class="winner" role="status">🏆 Game over</div>' in last
    ranking = last.split('aria-label="Final ranking">', 1)[1].split("</ol>", 1)[0]
    assert re.findall(r"<strong>(\d)\.</strong> (\w+)", ranking) == [
        ("1", "Anna"),
        ("1", "Beat"),
        ("3", "Cla"),
    ]
    assert 'id="dealform"' not in last
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "")

    before = snapshot(game)
    refused = client.post(f"/games/{game.pk}/deals/", points_post(5, ONE_APPLE), **HTMX)
    assert refused.status_code == 422
    assert "The game ended with deal 4: no more deals." in html(refused)
    assert snapshot(game) == before


def test_playing_to_win_at_names_the_winner(
    make_putz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_putz({"win_at": 2})
    client = client_as("scorer")
    client.post(f"/games/{game.pk}/deals/", points_post(1, ONE_APPLE), **HTMX)
    # Deal 2: Beat 17 an apple; Anna 80 and Cla 60 +1. Anna 2 reaches win_at: Beat 0, Cla 0.
    page = html(client.post(f"/games/{game.pk}/deals/", points_post(2, (80, 17, 60)), **HTMX))
    assert totals_on(page) == {"Anna": 2, "Beat": 0, "Cla": 0}
    assert '<div class="winner" role="status">🏆 Anna wins!</div>' in page
    assert 'id="dealform"' not in page


def test_the_new_game_page_creates_putz_with_lose_at_by_player_count(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    page = html(client.get("/clubs/zuerich/games/new/?variant=putz"))
    assert '<option value="putz" selected>Putz</option>' in page
    assert 'name="apple_below" value="21"' in page
    assert 'name="win_at" value="7"' in page
    assert 'name="seat_5"' in page
    seats = {"seat_1": "Anna", "seat_2": "Beat", "seat_3": "Cla"}
    settings = {"apple_below": "21", "win_at": "5", "lose_at": ""}
    response = client.post(
        "/clubs/zuerich/games/new/", {"variant": "putz", "preset": "standard", **seats, **settings}
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.variant, game.settings) == ("putz", {"apple_below": 21, "win_at": 5, "lose_at": None})
    assert "wins at +5, out at -4" in html(client.get(f"/games/{game.pk}/"))

    five = {**seats, "seat_4": "Dora", "seat_5": "Emil", **settings, "lose_at": "-3"}
    response = client.post("/clubs/zuerich/games/new/", {"variant": "putz", "preset": "standard", **five})
    assert response.status_code == 302
    game = Game.objects.latest("pk")
    assert game.settings["lose_at"] == -3
    assert game.seats.count() == 5
    assert "wins at +5, out at -3" in html(client.get(f"/games/{game.pk}/"))


def test_the_new_game_page_refuses_four_players(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    seats = {f"seat_{n}": name for n, name in enumerate(("Anna", "Beat", "Cla", "Dora"), start=1)}
    data = {
        "variant": "putz",
        "preset": "standard",
        **seats,
        "apple_below": "21",
        "win_at": "7",
        "lose_at": "",
    }
    response = client_as("scorer").post("/clubs/zuerich/games/new/", data)
    assert response.status_code == 422
    assert not Game.objects.exists()
