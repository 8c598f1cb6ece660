"""Differenzler through the pages: the deal form (trump, per player the prediction and the points taken),
its refusals (the engine's words, beside the field, nothing saved), the preview, corrections, the panel,
the end of the game and the new-game settings.

Seats Anna, Beat, Cla, Dora. A player's penalty is |points - prediction|, less `exact_bonus` (default 0)
for an exact hit; the lowest total wins. Every number is computed by hand in the comments.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games import services
from scorekeeper.games.models import Club, DealChange, Game, Player
from tests.html_forms import forms_on
from tests.scored import deal_scores

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ("Anna", "Beat", "Cla", "Dora")

# Penalties: Anna |37 - 40| = 3, Beat 0 (exact), Cla |70 - 60| = 10, Dora 0 (exact).
HEARTS = {
    "trump": "hearts",
    "predictions": {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50},
    "points": {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50},
}
# Penalties: Anna 0 (exact), Beat |27 - 20| = 7, Cla |50 - 60| = 10, Dora |50 - 40| = 10.
OBENABE = {
    "trump": "obenabe",
    "predictions": {"Anna": 30, "Beat": 20, "Cla": 60, "Dora": 40},
    "points": {"Anna": 30, "Beat": 27, "Cla": 50, "Dora": 50},
}


@pytest.fixture
def differenzler(club: Club, players: list[Player]) -> Callable[..., Game]:
    def make(
        settings: dict[str, Any] | None = None, deals: Sequence[dict[str, Any]] = (), seats: int = 4
    ) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club, variant="differenzler", players=players[:seats], settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


def deal_post(number: int, entry: dict[str, Any], names: Sequence[str] = NAMES) -> dict[str, Any]:
    """What the form posts for an entry: trump, then per seat `prediction_<seat>` and `points_<seat>`."""
    data: dict[str, Any] = {"number": number, "client_token": str(uuid.uuid4())}
    if "trump" in entry:
        data["trump"] = entry["trump"]
    for seat, name in enumerate(names, start=1):
        for key, prefix in (("predictions", "prediction"), ("points", "points")):
            value = entry.get(key, {}).get(name)
            if value is not None:
                data[f"{prefix}_{seat}"] = value
    return data


def add(client: Client, game: Game, number: int, entry: dict[str, Any], names: Sequence[str] = NAMES) -> Any:
    return client.post(f"/games/{game.pk}/deals/", deal_post(number, entry, names), **HTMX)


def with_points(**points: int) -> dict[str, Any]:
    """HEARTS with some players' points changed."""
    return {**HEARTS, "points": {**HEARTS["points"], **points}}


def with_predictions(**predictions: int | None) -> dict[str, Any]:
    said = {**HEARTS["predictions"], **predictions}
    return {**HEARTS, "predictions": {name: value for name, value in said.items() if value is not None}}


def total_of(page: str, side: str) -> int:
    found = re.findall(rf'data-total="{side}">(-?\d+)<', page)
    assert len(found) == 1, found
    return int(found[0])


def totals(page: str, names: Sequence[str] = NAMES) -> dict[str, int]:
    return {name: total_of(page, name) for name in names}


def error_list(page: str, field: str) -> str:
    match = re.search(rf'<ul class="errorlist" id="{field}-error">(.*?)</ul>', page, re.S)
    assert match, f"no errors shown beside {field}"
    return match.group(1)


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        list(game.deals.values_list("number", "entry", "version")),
        DealChange.objects.filter(game=game).count(),
        game.revision,
        game.totals,
        game.finished,
    )


def panel_row(page: str, name: str) -> list[str]:
    match = re.search(rf'<tr data-player="{name}"[^>]*>(.*?)</tr>', page, re.S)
    assert match, name
    cells = re.findall(r"<td[^>]*>(.*?)</td>", match.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in cells]


# ---- the page and a valid deal -------------------------------------------------------------------------


def test_the_form_has_the_trumps_and_two_inputs_per_player(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(settings={"deals": 4})
    page = client_as("scorer").get(f"/games/{game.pk}/").content.decode()
    assert re.search(r'Deal 1\s+<span class="muted">of 4</span>', page)
    assert "🌹 Rosen" in page and "⬇ Obenabe" in page
    for seat, name in enumerate(NAMES, start=1):
        assert f'name="prediction_{seat}"' in page and f'name="points_{seat}"' in page
        assert f'aria-label="{name}: prediction"' in page and f'aria-label="{name}: card points"' in page
    assert 'id="differenzler-panel"' in page and "<strong>4</strong> of 4 deals left." in page


def test_a_valid_deal_is_saved_with_each_players_penalty(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler()
    response = add(client_as("scorer"), game, 1, HEARTS)
    assert response.status_code == 200
    page = response.content.decode()
    assert totals(page) == {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0}
    assert "Save deal 2" in page
    assert 'title="Exact: Beat, Dora"' in page
    game.refresh_from_db()
    assert game.deals.get().entry == HEARTS
    assert game.totals == {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0}


def test_a_match_is_157_for_one_player_and_the_exact_bonus_is_subtracted(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(settings={"exact_bonus": 5})
    match = {
        "trump": "spades",
        "predictions": {"Anna": 157, "Beat": 0, "Cla": 20, "Dora": 0},
        "points": {"Anna": 157, "Beat": 0, "Cla": 0, "Dora": 0},
    }
    # Anna exact: -5; Beat and Dora 0 for 0: no bonus by the Swiss rule, 0; Cla |0 - 20| = 20.
    page = add(client_as("scorer"), game, 1, match).content.decode()
    assert totals(page) == {"Anna": -5, "Beat": 0, "Cla": 20, "Dora": 0}


def test_three_players_play_with_three_pairs_of_inputs(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(seats=3)
    names = NAMES[:3]
    entry = {
        "trump": "clubs",
        "predictions": {"Anna": 50, "Beat": 50, "Cla": 57},
        "points": {"Anna": 60, "Beat": 40, "Cla": 57},
    }
    client = client_as("scorer")
    assert 'name="points_4"' not in client.get(f"/games/{game.pk}/").content.decode()
    page = add(client, game, 1, entry, names).content.decode()
    # Anna |60 - 50| = 10, Beat |40 - 50| = 10, Cla exact 0.
    assert totals(page, names) == {"Anna": 10, "Beat": 10, "Cla": 0}


def test_the_preview_shows_the_engines_total_or_the_penalties(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler()
    client = client_as("scorer")
    preview_url = f"/games/{game.pk}/deals/preview/"
    short = client.post(preview_url, deal_post(1, with_points(Cla=63)), **HTMX).content.decode()
    assert "Card points must total 157; these total 150." in short  # 37 + 0 + 63 + 50
    untyped = {**HEARTS, "points": {}}  # nothing typed in the column yet: not a mistake yet
    assert "problem" not in client.post(preview_url, deal_post(1, untyped), **HTMX).content.decode()
    missing = {**HEARTS, "points": {"Anna": 37, "Beat": 0}}
    assert (
        "Cla has no card points." in client.post(preview_url, deal_post(1, missing), **HTMX).content.decode()
    )
    fine = client.post(preview_url, deal_post(1, HEARTS), **HTMX).content.decode()
    penalties = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fine)).strip()
    assert penalties == "penalties Anna 3 · Beat 0 · Cla 10 · Dora 0"
    assert game.deals.count() == 0


# ---- refusals: the engine's message beside the field, nothing saved -----------------------------------


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        ({k: v for k, v in HEARTS.items() if k != "trump"}, "trump", "Name the trump of this deal."),
        (
            {**HEARTS, "trump": "jokers"},
            "trump",
            "'jokers' is not a trump: use hearts, diamonds, spades, clubs, obenabe or undenufe.",
        ),
        ({**HEARTS, "predictions": {}}, "predictions", "Enter every player's prediction."),
        (with_predictions(Dora=None), "predictions", "Dora has no prediction."),
        (with_predictions(Cla=158), "predictions", "Cla's prediction must be a whole number from 0 to 157."),
        (with_predictions(Anna=-1), "predictions", "Anna's prediction must be a whole number from 0 to 157."),
        ({**HEARTS, "points": {}}, "points", "Enter every player's card points."),
        ({**HEARTS, "points": {"Anna": 107, "Beat": 0, "Cla": 50}}, "points", "Dora has no card points."),
        (with_points(Anna=1, Cla=106), "points", "Anna's card points cannot be 1: no card is worth 1 point."),
        (with_points(Beat=-7), "points", "Beat's card points must be a whole number from 0 to 157."),
        (with_points(Cla=63), "points", "Card points must total 157; these total 150."),
        (with_points(Cla=80), "points", "Card points must total 157; these total 167."),
    ],
)
def test_a_refused_deal_names_the_field_and_saves_nothing(
    client_as: Callable[[str | None], Client],
    differenzler: Callable[..., Game],
    entry: dict[str, Any],
    field: str,
    message: str,
) -> None:
    game = differenzler(deals=[HEARTS])
    before = snapshot(game)
    response = add(client_as("scorer"), game, 2, entry)
    assert response.status_code == 422
    assert response.context["form"].errors == {field: [message]}
    page = response.content.decode()
    assert escape(message) in error_list(page, field)
    if field != "trump":  # the whole column is marked for screen readers
        assert f'aria-describedby="{field}-error"' in page
    assert snapshot(game) == before


def test_a_typed_word_is_refused_beside_that_players_input(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler()
    data = {**deal_post(1, HEARTS), "points_2": "zero"}
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", data, **HTMX)
    assert response.status_code == 422
    assert "Beat: card points: Enter a whole number." in response.content.decode()
    assert game.deals.count() == 0


def marked_inputs(page: str) -> list[str]:
    """The inputs marked wrong, in page order: where the keyboard goes to fix the deal."""
    return re.findall(r'<input[^>]*name="(\w+)"[^>]*aria-invalid="true"', page)


ALL_POINTS = ["points_1", "points_2", "points_3", "points_4"]


@pytest.mark.parametrize(
    ("entry", "marked"),
    [
        (with_predictions(Cla=158), ["prediction_3"]),
        (with_predictions(Dora=None), ["prediction_4"]),
        ({**HEARTS, "predictions": {}}, ["prediction_1", "prediction_2", "prediction_3", "prediction_4"]),
        (with_points(Anna=1, Cla=106), ["points_1"]),
        ({**HEARTS, "points": {"Anna": 107, "Beat": 0, "Cla": 50}}, ["points_4"]),
        (with_points(Cla=63), ALL_POINTS),  # the total: no one player is wrong
    ],
)
def test_only_the_input_the_engine_names_is_marked(
    client_as: Callable[[str | None], Client],
    differenzler: Callable[..., Game],
    entry: dict[str, Any],
    marked: list[str],
) -> None:
    """A player's wrong number marks that input alone, so the focus goes to it, not to Anna's."""
    page = add(client_as("scorer"), differenzler(), 1, entry).content.decode()
    assert marked_inputs(page) == marked


def test_a_bad_prediction_said_first_marks_that_players_input(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    said = {"trump": "obenabe", "predictions": {"Anna": 30, "Beat": 20, "Cla": 158, "Dora": 40}}
    page = say(client_as("scorer"), differenzler(), 1, said, **HTMX).content.decode()
    assert marked_inputs(page) == ["prediction_3"]
    assert re.search(r'name="prediction_3"[^>]*aria-describedby="predictions-error"', page)


def test_a_typed_word_marks_that_players_input(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    data = {**deal_post(1, HEARTS), "points_2": "zero"}
    page = client_as("scorer").post(f"/games/{differenzler().pk}/deals/", data, **HTMX).content.decode()
    assert marked_inputs(page) == ["points_2"]


def test_typed_values_are_kept_after_a_refusal(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler()
    page = add(client_as("scorer"), game, 1, with_points(Cla=63)).content.decode()
    assert re.search(r'name="points_3"[^>]*value="63"', page)
    assert re.search(r'name="prediction_1"[^>]*value="40"', page)
    assert re.search(r'<input[^>]*name="trump"[^>]*value="hearts"[^>]*checked', page)


# ---- corrections -------------------------------------------------------------------------------------


def test_a_correction_rescores_the_game(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(deals=[HEARTS, OBENABE])
    client = client_as("scorer")
    form = client.get(f"/games/{game.pk}/deals/1/edit/").content.decode()
    assert "Correct deal 1" in form
    assert re.search(r'name="prediction_3"[^>]*value="60"', form)
    assert re.search(r'name="points_3"[^>]*value="70"', form)

    # Deal 1 corrected: Cla took 60 and Anna 47. Anna |47 - 40| = 7, Beat 0, Cla exact 0, Dora 0.
    # Totals: Anna 7 + 0 = 7, Beat 0 + 7 = 7, Cla 0 + 10 = 10, Dora 0 + 10 = 10.
    corrected = with_points(Anna=47, Cla=60)
    response = client.post(f"/games/{game.pk}/deals/1/edit/", {**deal_post(1, corrected), "version": 1})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.totals == {"Anna": 7, "Beat": 7, "Cla": 10, "Dora": 10}
    assert game.deals.get(number=1).entry == corrected
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert totals(page) == {"Anna": 7, "Beat": 7, "Cla": 10, "Dora": 10}
    assert panel_row(page, "Cla") == ["10", "🎯 1"]


def test_a_refused_correction_keeps_the_deal_as_it_was(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(deals=[HEARTS])
    before = snapshot(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/1/edit/", {**deal_post(1, with_points(Cla=63)), "version": 1}
    )
    assert response.status_code == 422
    assert response.context["form"].errors == {"points": ["Card points must total 157; these total 150."]}
    assert snapshot(game) == before


# ---- the panel and the end of the game ------------------------------------------------------------------


def test_the_panel_shows_penalties_exact_hits_and_deals_left(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(settings={"deals": 3}, deals=[HEARTS, OBENABE])
    page = client_as("viewer").get(f"/games/{game.pk}/").content.decode()
    # Anna 3 + 0, Beat 0 + 7, Cla 10 + 10, Dora 0 + 10; exact: Anna 1, Beat 1, Cla 0, Dora 1.
    assert panel_row(page, "Anna") == ["3", "🎯 1"]
    assert panel_row(page, "Beat") == ["7", "🎯 1"]
    assert panel_row(page, "Cla") == ["20", "\u2013"]  # a dash: no exact hit
    assert panel_row(page, "Dora") == ["10", "🎯 1"]
    assert "<strong>Last deal.</strong>" in page


def test_the_last_deal_ends_the_game_lowest_penalty_wins(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(settings={"deals": 2}, deals=[HEARTS])
    client = client_as("scorer")
    page = add(client, game, 2, OBENABE).content.decode()
    # Anna 3, Beat 7, Cla 20, Dora 10: Anna wins, then Beat, Dora, Cla.
    assert "🏆 Anna wins!" in page
    assert totals(page) == {"Anna": 3, "Beat": 7, "Cla": 20, "Dora": 10}
    ranking = re.search(r'<ol class="ranking".*?</ol>', page, re.S)
    assert ranking and re.findall(r"<strong>(\d)\.</strong> (\w+)", ranking.group(0)) == [
        ("1", "Anna"),
        ("2", "Beat"),
        ("3", "Dora"),
        ("4", "Cla"),
    ]
    assert 'id="dealform"' not in page
    assert "All 2 deals played." in page
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Anna")
    assert 'id="dealform"' not in client.get(f"/games/{game.pk}/").content.decode()

    before = snapshot(game)
    response = add(client, game, 3, HEARTS)
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == ["The game ended with deal 2: no more deals."]
    assert snapshot(game) == before


def test_a_game_played_to_a_total_ends_when_a_player_reaches_it(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    """`end_at` 20 (issue 14): `deals` 1 no longer ends the game, the page counts no deals down."""
    game = differenzler(settings={"end_at": 20, "deals": 1}, deals=[HEARTS])  # 3, 0, 10, 0
    client = client_as("scorer")
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Played to <strong>20</strong>: the game ends after the deal in which a player reaches it." in page
    assert "of 1</span>" not in page and 'id="dealform"' in page
    page = add(client, game, 2, OBENABE).content.decode()
    # Anna 3 + 0, Beat 0 + 7, Cla 10 + 10 = 20: Cla reached 20; Anna, the lowest, wins.
    assert totals(page) == {"Anna": 3, "Beat": 7, "Cla": 20, "Dora": 10}
    assert "🏆 Anna wins!" in page
    assert "A player reached 20: the game is over." in page
    before = snapshot(game)
    response = add(client, game, 3, HEARTS)
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == ["The game ended with deal 2: no more deals."]
    assert snapshot(game) == before


def test_a_correction_can_change_the_winner_and_a_deletion_reopens_the_game(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(settings={"deals": 2}, deals=[HEARTS, OBENABE])
    client = client_as("scorer")
    # Deal 2 corrected: Anna took 60 and Cla 20 (Anna |60 - 30| = 30, Cla |20 - 60| = 40).
    # Totals: Anna 3 + 30 = 33, Beat 7, Cla 10 + 40 = 50, Dora 10: Beat wins now.
    corrected = {**OBENABE, "points": {"Anna": 60, "Beat": 27, "Cla": 20, "Dora": 50}}
    response = client.post(f"/games/{game.pk}/deals/2/edit/", {**deal_post(2, corrected), "version": 1})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Beat")
    assert "🏆 Beat wins!" in client.get(f"/games/{game.pk}/").content.decode()

    client.post(f"/games/{game.pk}/deals/2/delete/")
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (
        False,
        "",
        {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0},
    )
    assert "Save deal 2" in client.get(f"/games/{game.pk}/").content.decode()


# ---- the new-game page --------------------------------------------------------------------------------


def test_the_new_game_page_offers_differenzlers_settings(
    client_as: Callable[[str | None], Client], club: Club
) -> None:
    page = client_as("scorer").get("/clubs/zuerich/games/new/?variant=differenzler").content.decode()
    assert '<option value="differenzler" selected>' in page
    assert re.search(r'name="deals" value="12"', page) and re.search(r'name="exact_bonus" value="0"', page)
    assert "Seat 4 (optional)" in page


@pytest.mark.parametrize("seats", [3, 4])
def test_a_new_game_starts_with_three_or_four_players_and_its_settings(
    client_as: Callable[[str | None], Client], club: Club, seats: int
) -> None:
    data = {"variant": "differenzler", "preset": "standard", "deals": 6, "exact_bonus": 2}
    data.update({f"seat_{seat}": name for seat, name in enumerate(NAMES[:seats], start=1)})
    response = client_as("scorer").post("/clubs/zuerich/games/new/", data)
    assert response.status_code == 302
    game = Game.objects.get()
    # the inputs this post leaves out keep what the form showed, stored: the game keeps its rules
    settings = {"deals": 6, "exact_bonus": 2, "exact_bonus_on_zero": False, "end_at": None}
    assert (game.variant, game.settings) == ("differenzler", settings)
    assert list(game.seats.values_list("name", flat=True)) == list(NAMES[:seats])
    assert "of 6</span>" in client_as("scorer").get(response.url).content.decode()


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("deals", 0, "The number of deals must be a whole number from 1 to 100."),
        ("exact_bonus", 200, "The bonus for an exact prediction must be a whole number from 0 to 157."),
    ],
)
def test_a_bad_setting_gets_the_engines_message(
    client_as: Callable[[str | None], Client], club: Club, setting: str, value: int, message: str
) -> None:
    data = {"variant": "differenzler", "preset": "standard", "deals": 12, "exact_bonus": 0, setting: value}
    data.update({f"seat_{seat}": name for seat, name in enumerate(NAMES, start=1)})
    response = client_as("scorer").post("/clubs/zuerich/games/new/", data)
    assert response.status_code == 422
    assert response.context["settings_form"].errors == {setting: [message]}
    assert Game.objects.count() == 0


def test_two_players_are_too_few(client_as: Callable[[str | None], Client], club: Club) -> None:
    data = {"variant": "differenzler", "preset": "standard", "deals": 12, "exact_bonus": 0}
    data.update({"seat_1": "Anna", "seat_2": "Beat"})
    response = client_as("scorer").post("/clubs/zuerich/games/new/", data)
    assert response.status_code == 422
    assert response.context["form"].errors == {"seat_3": ["This field is required."]}
    assert Game.objects.count() == 0


# ---- the predictions before the deal ----------------------------------------------------------------------

SAID = {"trump": "hearts", "predictions": HEARTS["predictions"]}


def say(client: Client, game: Game, number: int, entry: dict[str, Any], **headers: str) -> Any:
    """The first form's "Save predictions": the trump and the predictions, the card points still empty."""
    return client.post(f"/games/{game.pk}/deals/predictions/", deal_post(number, entry), **headers)


def shown_predictions(page: str) -> list[str]:
    return [
        re.search(rf'name="prediction_{seat}"[^>]*value="([^"]*)"', page, re.S).group(1)
        for seat in (1, 2, 3, 4)
    ]


def kept(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    return game.pending_entry


def test_a_new_deal_asks_for_the_predictions_first(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    """The card points' row and the deal's button are in the page too, hidden: for a deal given to fix."""
    game = differenzler()
    page = client_as("scorer").get(f"/games/{game.pk}/").content.decode()
    assert re.search(
        r'<form id="dealform" data-shape="\w+" class="dealform card differenzler dz-asking"', page
    )
    assert "Before the deal: the trump and every player's prediction." in page
    assert re.search(
        rf'<button class="btn wide dz-save-predictions"\s+type="submit"\s+'
        rf'formaction="/games/{game.pk}/deals/predictions/"\s+data-hx-post="/games/{game.pk}/deals/predictions/"',
        page,
    )
    # the predictions' button comes first: the one the Enter key presses
    assert page.index("Save predictions") < page.index("Save deal 1")
    assert 'id="preview"' not in page and "<template data-next-form>" not in page


def test_predictions_are_kept_for_a_reload_and_another_phone(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler()
    revision = game.revision
    response = say(client_as("scorer"), game, 1, SAID, **HTMX)
    assert response.status_code == 200
    assert kept(game) == {"number": 1, "entry": SAID}
    assert (game.revision, game.deals.count()) == (revision, 0)  # not a deal: the list did not change
    # the answer is the form asking for the card points, the predictions in it
    form = response.content.decode()
    assert form.lstrip().startswith('<form id="dealform" data-shape=')
    assert "dz-asking" not in form.split("<template")[0] and shown_predictions(form) == [
        "40",
        "0",
        "60",
        "50",
    ]
    # reloaded, or on the owner's phone: the same
    for who in ("scorer", "owner"):
        page = client_as(who).get(f"/games/{game.pk}/").content.decode()
        outer = page.split("<template data-next-form>")[0]
        assert "The predictions are kept. After the deal: every player's card points." in outer
        assert shown_predictions(outer) == ["40", "0", "60", "50"]
        assert re.search(r'value="hearts"[^>]*checked', outer)
        assert 'id="preview"' in outer and "dz-asking" not in outer
        # the form the next deal starts from, once this one is saved: asking again, nothing typed
        blank = page.split("<template data-next-form>")[1].split("</template>")[0]
        assert "dz-asking" in blank and shown_predictions(blank) == ["", "", "", ""]


def test_the_deal_saves_the_kept_predictions_with_the_points(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    """A plain post (no JavaScript) comes back to the game page; the deal posts both, as the form holds both.
    Penalties: Anna |37 - 40| = 3, Beat 0, Cla |70 - 60| = 10, Dora 0."""
    game = differenzler()
    client = client_as("scorer")
    response = say(client, game, 1, SAID)
    assert (response.status_code, response.url) == (302, f"/games/{game.pk}/")
    page = client.get(response.url).content.decode()
    form = next(f for f in forms_on(page) if f.action == f"/games/{game.pk}/deals/")
    typed = {f"points_{seat}": str(points) for seat, points in enumerate((37, 0, 70, 50), start=1)}
    assert client.post(form.action, form.data(**typed)).status_code == 302
    deal = game.deals.get()
    assert deal.entry == HEARTS
    assert deal_scores(deal) == {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0}
    assert kept(game) == {}
    assert totals(client.get(f"/games/{game.pk}/").content.decode()) == {
        "Anna": 3,
        "Beat": 0,
        "Cla": 10,
        "Dora": 0,
    }
    # deal 2 asks for its predictions again
    assert "dz-asking" in client.get(f"/games/{game.pk}/").content.decode()


def test_saying_the_predictions_again_replaces_them(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(deals=[HEARTS])
    say(client_as("scorer"), game, 2, SAID, **HTMX)
    again = {"trump": "obenabe", "predictions": OBENABE["predictions"]}
    assert say(client_as("owner"), game, 2, again, **HTMX).status_code == 200
    assert kept(game) == {"number": 2, "entry": again}


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        (
            with_predictions(Anna=158),
            "predictions",
            "Anna's prediction must be a whole number from 0 to 157.",
        ),
        (
            with_predictions(Cla=2**31),
            "predictions",
            "Cla's prediction must be a whole number from 0 to 157.",
        ),
        (with_predictions(Beat=-1), "predictions", "Beat's prediction must be a whole number from 0 to 157."),
        (with_predictions(Dora=None), "predictions", "Dora has no prediction."),
        ({"trump": "hearts"}, "predictions", "Enter every player's prediction."),
        ({"predictions": HEARTS["predictions"]}, "trump", "Name the trump of this deal."),
    ],
)
def test_bad_predictions_are_refused_with_the_engines_message_and_nothing_is_kept(
    client_as: Callable[[str | None], Client],
    differenzler: Callable[..., Game],
    entry: dict[str, Any],
    field: str,
    message: str,
) -> None:
    game = differenzler()
    said = {key: value for key, value in entry.items() if key != "points"}
    response = say(client_as("scorer"), game, 1, said, **HTMX)
    assert response.status_code == 422
    form = response.content.decode()
    assert escape(message) in error_list(form, field)
    assert "dz-asking" in form and "Save predictions" in form  # still the first form, as typed
    assert kept(game) == {}
    plain = say(client_as("scorer"), game, 1, said)
    assert plain.status_code == 422 and escape(message) in error_list(plain.content.decode(), field)
    assert kept(game) == {} and game.deals.count() == 0


def test_predictions_are_for_the_next_deal_only(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler(deals=[HEARTS])
    taken = say(client_as("scorer"), game, 1, SAID, **HTMX).content.decode()
    assert "Deal 1 was entered meanwhile on another phone. Check the list, then enter deal 2." in taken
    ahead = say(client_as("scorer"), game, 3, SAID, **HTMX).content.decode()
    assert "Deal 2 is not saved yet: save it first, then go on with deal 3." in ahead
    assert kept(game) == {}


def test_a_deleted_deal_does_not_bring_back_old_predictions(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    """Kept for deal 2, then deal 1 is deleted: the next deal is 1 again, and asks for its own predictions."""
    game = differenzler(deals=[HEARTS])
    say(client_as("scorer"), game, 2, SAID, **HTMX)
    assert client_as("scorer").post(f"/games/{game.pk}/deals/1/delete/").status_code == 302
    assert "dz-asking" in client_as("scorer").get(f"/games/{game.pk}/").content.decode()


def test_no_predictions_after_the_last_deal_nor_in_a_variant_without(
    client_as: Callable[[str | None], Client],
    differenzler: Callable[..., Game],
    make_game: Callable[..., Game],
) -> None:
    game = differenzler(settings={"deals": 1}, deals=[HEARTS])
    response = say(client_as("scorer"), game, 2, SAID, **HTMX)
    assert response.status_code == 422
    assert "The game ended with deal 1: no more deals." in response.content.decode()
    assert kept(game) == {}
    schieber = make_game()
    assert (
        client_as("scorer").post(f"/games/{schieber.pk}/deals/predictions/", {"number": 1}).status_code == 404
    )


def test_an_abandoned_game_keeps_no_predictions(
    client_as: Callable[[str | None], Client], differenzler: Callable[..., Game]
) -> None:
    game = differenzler()
    services.abandon_game(game_id=game.pk, by=None)
    response = say(client_as("scorer"), game, 1, SAID, **HTMX)
    assert response.status_code == 422
    assert "This game was abandoned: resume it to change its deals." in response.content.decode()
    assert kept(game) == {}
