"""Molotow through the pages: card points per player, the high card only after a three-way tie, the
sticks-and-potatoes panel, corrections and the end of the game. Every number is worked out by hand.

Seats Anna, Beat, Cla, Dora. Net = sticks - potatoes (rules.md, Molotow).
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

from scorekeeper.games import services
from scorekeeper.games.models import Club, DealChange, Game, Player

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
SEATS = ("Anna", "Beat", "Cla", "Dora")

# Beat 50 highest, Cla 30 lowest: a stick each; Anna 40 and Dora 37 in the middle: a potato each.
CLEAR = (40, 50, 30, 37)
# Beat 100-156: Beat 3 potatoes, every other player big_hand_others sticks.
BIG_HAND = (20, 100, 37, 0)
# Beat, Cla and Dora tie at 39 for lowest: Anna alone a stick, the high card's drawer a potato.
THREE_TIED = (40, 39, 39, 39)


def points_post(number: int, points: tuple[Any, ...], **fields: Any) -> dict[str, Any]:
    """What the Molotow form posts: the hidden fields, points_0..points_3 in seat order, the rest."""
    typed = {f"points_{seat}": "" if value is None else str(value) for seat, value in enumerate(points)}
    return {"number": number, "client_token": str(uuid.uuid4()), **typed, **fields}


def entry(points: tuple[int, ...], **fields: Any) -> dict[str, Any]:
    return {"points": dict(zip(SEATS, points, strict=True)), **fields}


def html(response: Any) -> str:
    return response.content.decode()


def totals_on(page: str) -> dict[str, int]:
    return {side: int(total) for side, total in re.findall(r'data-total="(\w+)">(-?\d+)<', page)}


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


@pytest.fixture
def owner(club: Club) -> User:
    return User.objects.get(username="owner")


@pytest.fixture
def make_molotow(club: Club, players: list[Player], owner: User) -> Callable[..., Game]:
    def make(settings: dict[str, Any] | None = None, deals: tuple[dict[str, Any], ...] = ()) -> Game:
        game = services.create_game(
            club=club, variant="molotow", players=players, settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


def test_the_form_has_one_points_input_per_player_and_no_high_card_question(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow()
    page = html(client_as("scorer").get(f"/games/{game.pk}/"))
    for seat, name in enumerate(SEATS):
        assert f'<label for="id_points_{seat}">{name}</label>' in page
        assert f'name="points_{seat}"' in page
    assert 'name="high_card"' not in page
    assert "12 deals left" in page
    assert totals_on(page) == dict.fromkeys(SEATS, 0)


def test_a_valid_deal_is_saved_with_sticks_and_potatoes(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow()
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", points_post(1, CLEAR), **HTMX)
    assert response.status_code == 200
    page = html(response)
    # Anna 40 potato, Beat 50 stick, Cla 30 stick, Dora 37 potato.
    assert totals_on(page) == {"Anna": -1, "Beat": 1, "Cla": 1, "Dora": -1}
    assert "11 deals left" in page
    assert '<span class="mp-count">1 stick</span>' in page
    assert '<span class="mp-count">1 potato</span>' in page
    game.refresh_from_db()
    assert game.deals.get().entry == entry(CLEAR)
    assert game.totals == {"Anna": -1, "Beat": 1, "Cla": 1, "Dora": -1}
    assert (game.revision, game.finished) == (1, False)


def test_a_big_hand_gives_three_sticks_each_by_default_and_one_with_zero_sum(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    seed = make_molotow()
    client.post(f"/games/{seed.pk}/deals/", points_post(1, BIG_HAND), **HTMX)
    seed.refresh_from_db()
    assert seed.totals == {"Anna": 3, "Beat": -3, "Cla": 3, "Dora": 3}
    zero_sum = make_molotow({"big_hand_others": 1})
    page = html(client.post(f"/games/{zero_sum.pk}/deals/", points_post(1, BIG_HAND), **HTMX))
    assert totals_on(page) == {"Anna": 1, "Beat": -3, "Cla": 1, "Dora": 1}


@pytest.mark.parametrize(
    ("points", "fields", "field", "message"),
    [
        pytest.param(
            (40, 50, 30, 30), {}, "points", "Card points must total 157; these total 150.", id="total"
        ),
        pytest.param((None, 50, 70, 37), {}, "points", "Anna has no card points.", id="missing"),
        pytest.param(
            (None, None, None, None), {}, "points", "Enter every player's card points.", id="none-typed"
        ),
        pytest.param(
            (1, 50, 50, 56), {}, "points", "Anna's card points cannot be 1: no card is worth 1 point.", id="1"
        ),
        pytest.param(
            (40, 158, 30, 37),
            {},
            "points",
            "Beat's card points must be a whole number from 0 to 157.",
            id="above-157",
        ),
        pytest.param(
            (40, 50, -5, 37),
            {},
            "points",
            "Cla's card points must be a whole number from 0 to 157.",
            id="negative",
        ),
        pytest.param(
            CLEAR,
            {"high_card": "Anna"},
            "high_card",
            "A high card is drawn only after a three-way tie.",
            id="high-card-without-tie",
        ),
        pytest.param(
            THREE_TIED,
            {"high_card": "Anna"},
            "high_card",
            "Anna did not tie: the high card is drawn by Beat, Cla or Dora.",
            id="high-card-not-tied",
        ),
        pytest.param(
            THREE_TIED,
            {},
            "high_card",
            "Three players tied: name who drew the highest card (Beat, Cla or Dora).",
            id="high-card-missing",
        ),
    ],
)
def test_a_refused_deal_names_the_field_and_saves_nothing(
    make_molotow: Callable[..., Game],
    client_as: Callable[[str | None], Client],
    points: tuple[Any, ...],
    fields: dict[str, str],
    field: str,
    message: str,
) -> None:
    game = make_molotow(deals=(entry(CLEAR),))
    before = snapshot(game)
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", points_post(2, points, **fields), **HTMX)
    assert response.status_code == 422
    page = html(response)
    errors = re.search(rf'<ul class="errorlist" id="{field}-error">(.*?)</ul>', page, re.S)
    assert errors is not None, f"no error list beside {field}"
    assert f"<li>{escape(message)}</li>" in errors.group(1)
    assert snapshot(game) == before
    # what was typed is kept, so the scorer corrects one number rather than all four
    for seat, value in enumerate(points):
        if value is not None:
            assert f'name="points_{seat}" id="id_points_{seat}"' in page
            assert re.search(rf'name="points_{seat}"[^>]*value="{value}"', page)


@pytest.mark.parametrize(
    ("points", "marked"),
    [
        ((40, 50, 1, 66), ["points_2"]),
        ((40, 50, None, 67), ["points_2"]),
        ((40, 50, 30, 30), ["points_0", "points_1", "points_2", "points_3"]),  # the total: all of them
    ],
)
def test_only_the_input_the_engine_names_is_marked(
    make_molotow: Callable[..., Game],
    client_as: Callable[[str | None], Client],
    points: tuple[Any, ...],
    marked: list[str],
) -> None:
    """A player's wrong number marks that input alone: the focus goes there, not to the first input."""
    response = client_as("scorer").post(f"/games/{make_molotow().pk}/deals/", points_post(1, points), **HTMX)
    assert response.status_code == 422
    assert re.findall(r'<input[^>]*name="(\w+)"[^>]*aria-invalid="true"', html(response)) == marked


def test_the_preview_shows_the_sticks_and_potatoes_or_the_engine_naming_the_total(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow()
    client = client_as("scorer")
    url = f"/games/{game.pk}/deals/preview/"
    before = snapshot(game)
    good = html(client.post(url, points_post(1, CLEAR), **HTMX))
    assert 'Anna <b role="img" aria-label="1 potato">○</b>' in good
    assert 'Beat <b role="img" aria-label="1 stick">│</b>' in good
    assert "157 ✓" in good
    short = html(client.post(url, points_post(1, (40, 50, 30, 30)), **HTMX))
    assert '<span class="problem">Card points must total 157; these total 150.</span>' in short
    typing = html(client.post(url, points_post(1, (40, 50, None, None)), **HTMX))
    assert '<span class="problem">Cla has no card points.</span>' in typing
    assert snapshot(game) == before


def test_the_high_card_is_asked_only_after_a_three_way_tie_and_then_accepted(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow()
    client = client_as("scorer")
    before = snapshot(game)
    asked = client.post(f"/games/{game.pk}/deals/", points_post(1, THREE_TIED), **HTMX)
    assert asked.status_code == 422
    question = html(asked).split('<fieldset id="high-card">', 1)[1].split("</fieldset>", 1)[0]
    assert "Three players tied: who drew the high card?" in question
    for name in SEATS:
        assert f'value="{name}"' in question
    assert snapshot(game) == before

    answered = client.post(f"/games/{game.pk}/deals/", points_post(1, THREE_TIED, high_card="Cla"), **HTMX)
    assert answered.status_code == 200
    page = html(answered)
    # Anna alone a stick; Cla drew the high card: a potato. Beat and Dora nothing.
    assert totals_on(page) == {"Anna": 1, "Beat": 0, "Cla": -1, "Dora": 0}
    assert '<span class="tag">high card Cla</span>' in page
    assert 'name="high_card"' not in page  # the next deal's form asks nothing
    game.refresh_from_db()
    assert game.deals.get().entry == entry(THREE_TIED, high_card="Cla")


def test_a_correction_re_derives_the_totals_and_keeps_the_high_card(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow(deals=(entry(THREE_TIED, high_card="Dora"), entry(CLEAR)))
    # Deal 1: Anna +1, Dora -1. Deal 2: Anna -1, Beat +1, Cla +1, Dora -1.
    assert game.totals == {"Anna": 0, "Beat": 1, "Cla": 1, "Dora": -2}
    client = client_as("scorer")
    form = html(client.get(f"/games/{game.pk}/deals/1/edit/"))
    assert "Correct deal 1" in form
    assert re.search(r'name="points_1"[^>]*value="39"', form)
    assert 'name="high_card" value="Dora" id="id_high_card_3" checked' in form

    # Deal 1 was really a big hand of Anna: Anna 3 potatoes, the others 3 sticks each; no high card.
    changed = client.post(
        f"/games/{game.pk}/deals/1/edit/",
        points_post(1, (110, 20, 20, 7), version=1, high_card=""),
    )
    assert changed.status_code == 302
    game.refresh_from_db()
    # Anna -3 - 1 = -4, Beat 3 + 1 = 4, Cla 3 + 1 = 4, Dora 3 - 1 = 2.
    assert game.totals == {"Anna": -4, "Beat": 4, "Cla": 4, "Dora": 2}
    assert game.deals.get(number=1).entry == entry((110, 20, 20, 7))
    page = html(client.get(f"/games/{game.pk}/"))
    assert totals_on(page) == game.totals


def test_a_correction_refused_by_the_engine_saves_nothing(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow(deals=(entry(CLEAR),))
    before = snapshot(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/1/edit/", points_post(1, (40, 50, 30, 30), version=1)
    )
    assert response.status_code == 422
    assert "Card points must total 157; these total 150." in html(response)
    assert snapshot(game) == before


def test_playing_to_the_end_shows_the_winner_and_refuses_more_deals(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow({"deals": 2})
    client = client_as("scorer")
    first = html(client.post(f"/games/{game.pk}/deals/", points_post(1, CLEAR), **HTMX))
    assert "1 deal left" in first
    last = client.post(f"/games/{game.pk}/deals/", points_post(2, BIG_HAND), **HTMX)
    page = html(last)
    # Anna -1 + 3 = 2, Beat 1 - 3 = -2, Cla 1 + 3 = 4, Dora -1 + 3 = 2: Cla wins alone.
    assert totals_on(page) == {"Anna": 2, "Beat": -2, "Cla": 4, "Dora": 2}
    assert '<div class="winner" role="status">🏆 Cla wins!</div>' in page
    assert "all deals played" in page
    assert 'id="dealform"' not in page
    ranking = page.split('aria-label="Final ranking">', 1)[1].split("</ol>", 1)[0]
    assert re.findall(r"<strong>(\d)\.</strong> (\w+)", ranking) == [
        ("1", "Cla"),
        ("2", "Anna"),
        ("2", "Dora"),
        ("4", "Beat"),
    ]
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Cla")
    assert 'id="dealform"' not in html(client.get(f"/games/{game.pk}/"))

    before = snapshot(game)
    refused = client.post(f"/games/{game.pk}/deals/", points_post(3, CLEAR), **HTMX)
    assert refused.status_code == 422
    assert "The game ended with deal 2: no more deals." in html(refused)
    assert snapshot(game) == before


def test_deleting_the_last_deal_reopens_a_finished_game(
    make_molotow: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_molotow({"deals": 2}, (entry(CLEAR), entry(BIG_HAND)))
    assert game.finished
    client = client_as("scorer")
    assert client.post(f"/games/{game.pk}/deals/2/delete/").status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (
        False,
        "",
        {"Anna": -1, "Beat": 1, "Cla": 1, "Dora": -1},
    )
    page = html(client.get(f"/games/{game.pk}/"))
    assert 'id="dealform"' in page
    assert "1 deal left" in page


def test_the_new_game_page_offers_the_presets_and_creates_a_molotow_game(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("scorer")
    page = html(client.get("/clubs/zuerich/games/new/?variant=molotow"))
    assert '<option value="molotow" selected>Molotow</option>' in page
    for preset in ("standard", "seed (3 each)", "zero-sum (1 each)"):
        assert f'<option value="{preset}"' in page
    assert 'name="big_hand_others" value="3"' in page
    assert 'name="deals" value="12"' in page
    zero_sum = html(
        client.get(
            "/clubs/zuerich/games/new/?variant=molotow&preset=zero-sum (1 each)",
            HTTP_HX_TARGET="settings",
            **HTMX,
        )
    )
    assert 'name="big_hand_others" value="1"' in zero_sum

    seats = {f"seat_{n}": name for n, name in enumerate(SEATS, start=1)}
    data = {
        "variant": "molotow",
        "preset": "zero-sum (1 each)",
        **seats,
        "big_hand_others": "1",
        "deals": "2",
    }
    response = client.post("/clubs/zuerich/games/new/", data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.variant, game.settings) == ("molotow", {"big_hand_others": 1, "deals": 2})
    assert list(game.seats.values_list("name", flat=True)) == list(SEATS)
    assert "2 deals left" in html(client.get(f"/games/{game.pk}/"))


def test_the_new_game_page_refuses_three_players(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    data = {"variant": "molotow", "preset": "standard", "seat_1": "Anna", "seat_2": "Beat", "seat_3": "Cla"}
    response = client_as("scorer").post(
        "/clubs/zuerich/games/new/", {**data, "big_hand_others": "3", "deals": "12"}
    )
    assert response.status_code == 422
    assert "This field is required." in html(response).split('name="seat_4"', 1)[1].split("</div>", 1)[0]
    assert not Game.objects.exists()
