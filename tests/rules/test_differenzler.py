"""Differenzler (rules.md): penalties by hand, every refusal, properties of replaying, the command line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import InvalidDeal, score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import MODES, GameResult, Placing
from scorekeeper.rules.differenzler import VARIANT

FOUR = ["Anna", "Beat", "Cla", "Dora"]
THREE = ["Anna", "Beat", "Cla"]


def play(entries: list[Any], seats: list[str] = FOUR, /, **settings: Any) -> GameResult:
    return score_game("differenzler", seats, settings, entries)


def refusal(entries: list[Any], seats: list[str] = FOUR, /, **settings: Any) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(entries, seats, **settings)
    return caught.value.deal, caught.value.field, caught.value.message


def deal(predictions: list[int], points: list[int], trump: str = "hearts") -> dict[str, Any]:
    seats = FOUR if len(points) == 4 else THREE
    return {
        "trump": trump,
        "predictions": dict(zip(seats, predictions, strict=True)),
        "points": dict(zip(seats, points, strict=True)),
    }


# rules.md's example: |37-40| = 3, |0-0| = 0, |70-60| = 10, |50-50| = 0
EXAMPLE = deal([40, 0, 60, 50], [37, 0, 70, 50])


def test_defaults_and_presets() -> None:
    assert VARIANT.key == "differenzler"
    assert VARIANT.player_counts == (3, 4)
    assert VARIANT.defaults == {"exact_bonus": 0, "deals": 12, "exact_bonus_on_zero": False, "end_at": None}
    assert VARIANT.presets == {
        "standard": VARIANT.defaults,
        "swiss": {"exact_bonus": 10, "deals": 16, "exact_bonus_on_zero": False, "end_at": None},
    }


# ---- one deal, scored by hand -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "settings", "scores"),
    [
        pytest.param(EXAMPLE, {}, [3, 0, 10, 0], id="rules-md:3,0,10,0"),
        # Beat predicts 0 and takes 0: by the Swiss rule (the default) no bonus, 0; Dora's 50 for 50 earns it
        pytest.param(EXAMPLE, {"exact_bonus": 5}, [3, 0, 10, -5], id="bonus-5:exact-50=-5,exact-0=0"),
        pytest.param(EXAMPLE, {"exact_bonus": 157}, [3, 0, 10, -157], id="bonus-157:exact-50=-157"),
        pytest.param(
            EXAMPLE,
            {"exact_bonus": 5, "exact_bonus_on_zero": True},
            [3, -5, 10, -5],
            id="bonus-5-on-zero:exact-0=-5",
        ),
        pytest.param(
            EXAMPLE,
            {"exact_bonus": 5, "exact_bonus_on_zero": False},
            [3, 0, 10, -5],
            id="bonus-5-not-on-zero-said-so",
        ),
        pytest.param(
            EXAMPLE, {"exact_bonus_on_zero": True}, [3, 0, 10, 0], id="on-zero-with-bonus-0:nothing-to-earn"
        ),
        pytest.param(
            deal([157, 0, 0, 0], [157, 0, 0, 0]), {}, [0, 0, 0, 0], id="match-predicted:all-exact=0"
        ),
        pytest.param(
            deal([157, 0, 0, 0], [157, 0, 0, 0]),
            {"exact_bonus": 10},
            [-10, 0, 0, 0],
            id="all-exact-bonus-10:only-157-for-157",
        ),
        pytest.param(
            deal([157, 0, 0, 0], [157, 0, 0, 0]),
            {"exact_bonus": 10, "exact_bonus_on_zero": True},
            [-10] * 4,
            id="all-exact-bonus-10-on-zero",
        ),
        pytest.param(
            deal([0, 2, 55, 100], [0, 2, 55, 100]),
            {"exact_bonus": 10},
            [0, -10, -10, -10],
            id="2-for-2-is-no-zero:bonus",
        ),
        pytest.param(
            deal([100, 10, 20, 27], [157, 0, 0, 0]),
            {},
            [57, 10, 20, 27],
            id="match-is-157-no-bonus:57,10,20,27",
        ),
        pytest.param(deal([1, 50, 50, 56], [0, 50, 50, 57]), {}, [1, 0, 0, 1], id="predicting-1-is-fine"),
        pytest.param(
            deal([157, 157, 157, 157], [40, 40, 40, 37]),
            {},
            [117, 117, 117, 120],
            id="predictions-unbounded-sum",
        ),
        pytest.param(
            deal([0, 0, 0, 0], [57, 0, 0, 100]),
            {"exact_bonus": 3},
            [57, 0, 0, 100],
            id="zero-hits-swiss:57,0,0,100",
        ),
        pytest.param(
            deal([0, 0, 0, 0], [57, 0, 0, 100]),
            {"exact_bonus": 3, "exact_bonus_on_zero": True},
            [57, -3, -3, 100],
            id="zero-hits-on-zero:57,-3,-3,100",
        ),
        pytest.param(deal([60, 40, 57], [60, 50, 47]), {}, [0, 10, 10], id="three-players:0,10,10"),
        pytest.param(
            deal([60, 40, 57], [60, 50, 47]), {"exact_bonus": 20}, [-20, 10, 10], id="three-players-bonus-20"
        ),
    ],
)
def test_one_deal_scores(entry: dict[str, Any], settings: dict[str, Any], scores: list[int]) -> None:
    seats = list(entry["points"])
    result = play([entry], seats, **settings)
    assert result.deals[0].scores == dict(zip(seats, scores, strict=True))
    assert result.totals == dict(zip(seats, scores, strict=True))


@pytest.mark.parametrize("trump", MODES)
def test_every_trump_mode_is_accepted(trump: str) -> None:
    result = play([deal([40, 0, 60, 50], [37, 0, 70, 50], trump)])
    assert result.deals[0].details["trump"] == trump
    assert result.deals[0].scores == {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0}


def test_details_show_trump_predictions_and_points() -> None:
    assert play([EXAMPLE]).deals[0].details == {
        "trump": "hearts",
        "predictions": {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50},
        "points": {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50},
    }


# ---- whole games -----------------------------------------------------------------------------------


def test_twelve_deals_make_the_game_and_lowest_wins() -> None:
    # per deal: Anna 3, Beat 0, Cla 10, Dora 0 -> after 12 deals 36, 0, 120, 0
    result = play([EXAMPLE] * 11 + [deal([40, 10, 60, 50], [37, 0, 70, 50])])  # last deal Beat misses by 10
    assert result.totals == {"Anna": 36, "Beat": 10, "Cla": 120, "Dora": 0}
    assert result.finished is True
    assert result.winner == "Dora"
    assert result.ranking == (
        Placing("Dora", 1, 0),
        Placing("Beat", 2, 10),
        Placing("Anna", 3, 36),
        Placing("Cla", 4, 120),
    )
    assert result.state == {"deals_left": 0}


def test_running_game_has_no_winner() -> None:
    result = play([EXAMPLE, EXAMPLE])  # 6, 0, 20, 0
    assert result.finished is False
    assert result.winner is None
    assert result.state == {"deals_left": 10}
    assert result.ranking == (
        Placing("Beat", 1, 0),
        Placing("Dora", 1, 0),
        Placing("Anna", 3, 6),
        Placing("Cla", 4, 20),
    )


def test_tie_for_the_lowest_total_has_no_winner() -> None:
    result = play([EXAMPLE], deals=1)  # Beat 0 and Dora 0 tie
    assert result.finished is True
    assert result.winner is None
    assert result.state == {"deals_left": 0}


def test_empty_game() -> None:
    result = play([], THREE, deals=4)
    assert result.totals == {"Anna": 0, "Beat": 0, "Cla": 0}
    assert result.state == {"deals_left": 4}
    assert result.finished is False
    assert result.sides == ("Anna", "Beat", "Cla")


# ---- house rules: the Swiss preset, a game played to a total ----------------------------------------


def test_the_swiss_preset_plays_16_deals_with_a_bonus_of_10_but_not_for_0() -> None:
    """Each deal: Anna 3, Beat 0 for 0 (no bonus), Cla 10, Dora 50 for 50 (-10); after 16 deals
    Anna 48, Beat 0, Cla 160, Dora -160."""
    swiss = VARIANT.presets["swiss"]
    result = play([EXAMPLE] * 16, FOUR, **swiss)
    assert result.totals == {"Anna": 48, "Beat": 0, "Cla": 160, "Dora": -160}
    assert (result.finished, result.winner) == (True, "Dora")
    assert result.ranking == (
        Placing("Dora", 1, -160),
        Placing("Beat", 2, 0),
        Placing("Anna", 3, 48),
        Placing("Cla", 4, 160),
    )
    assert refusal([EXAMPLE] * 17, FOUR, **swiss) == (
        17,
        "game",
        "The game ended with deal 16: no more deals.",
    )


TO_25 = [
    deal([40, 0, 60, 50], [37, 0, 70, 50]),  # 3, 0, 10, 0 -> 3, 0, 10, 0
    deal([30, 20, 50, 57], [30, 27, 50, 50]),  # 0, 7, 0, 7 -> 3, 7, 10, 7
    deal([0, 60, 40, 57], [20, 60, 27, 50]),  # 20, 0, 13, 7 -> 23, 7, 23, 14: nobody at 25 yet
    deal([50, 50, 50, 7], [57, 40, 60, 0]),  # 7, 10, 10, 7 -> 30, 17, 33, 21: Anna and Cla past 25
]


def test_a_game_to_25_ends_after_the_deal_in_which_a_total_reaches_it() -> None:
    """`deals` 2 no longer limits the game: it runs to the fourth deal, and the lowest total wins."""
    result = play(TO_25, FOUR, end_at=25, deals=2)
    assert [dict(d.scores) for d in result.deals] == [
        {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0},
        {"Anna": 0, "Beat": 7, "Cla": 0, "Dora": 7},
        {"Anna": 20, "Beat": 0, "Cla": 13, "Dora": 7},
        {"Anna": 7, "Beat": 10, "Cla": 10, "Dora": 7},
    ]
    assert result.totals == {"Anna": 30, "Beat": 17, "Cla": 33, "Dora": 21}
    assert (result.finished, result.winner) == (True, "Beat")
    assert result.ranking == (
        Placing("Beat", 1, 17),
        Placing("Dora", 2, 21),
        Placing("Anna", 3, 30),
        Placing("Cla", 4, 33),
    )
    assert result.state == {"deals_left": None, "end_at": 25}


def test_a_game_to_a_total_runs_on_until_then() -> None:
    result = play(TO_25[:3], FOUR, end_at=25, deals=2)
    assert result.totals == {"Anna": 23, "Beat": 7, "Cla": 23, "Dora": 14}
    assert (result.finished, result.winner) == (False, None)
    assert result.state == {"deals_left": None, "end_at": 25}


def test_no_deal_is_accepted_after_a_total_reached_the_end() -> None:
    assert refusal([*TO_25, EXAMPLE], FOUR, end_at=25) == (
        5,
        "game",
        "The game ended with deal 4: no more deals.",
    )


def test_reaching_the_total_exactly_ends_the_game() -> None:
    result = play([EXAMPLE], FOUR, end_at=10)  # Cla 10
    assert (result.finished, result.totals["Cla"]) == (True, 10)
    assert play([EXAMPLE], FOUR, end_at=11).finished is False


def test_a_game_to_a_total_has_a_ceiling_of_1000_deals() -> None:
    """Everyone exact every deal never reaches the total: the game still ends, after deal 1000."""
    exact = deal([157, 0, 0, 0], [157, 0, 0, 0])
    result = play([exact] * 1000, FOUR, end_at=1)
    assert result.totals == dict.fromkeys(FOUR, 0)
    assert (result.finished, result.winner) == (True, None)
    assert refusal([exact] * 1001, FOUR, end_at=1) == (
        1001,
        "game",
        "The game ended with deal 1000: no more deals.",
    )


# ---- refusals --------------------------------------------------------------------------------------

NO_TRUMP = "is not a trump: use hearts, diamonds, spades, clubs, obenabe or undenufe."


def without(field: str) -> dict[str, Any]:
    return {key: value for key, value in EXAMPLE.items() if key != field}


def with_points(points: Any) -> dict[str, Any]:
    return {**EXAMPLE, "points": points}


def with_predictions(predictions: Any) -> dict[str, Any]:
    return {**EXAMPLE, "predictions": predictions}


PREDICTION_RANGE = "Dora's prediction must be a whole number from 0 to 157."
POINTS_RANGE = "Cla's card points must be a whole number from 0 to 157."


@pytest.mark.parametrize(
    ("deals", "settings", "error"),
    [
        pytest.param(
            [EXAMPLE] * 3,
            {"deals": 2},
            (3, "game", "The game ended with deal 2: no more deals."),
            id="after-end",
        ),
        pytest.param(
            [EXAMPLE] * 13, {}, (13, "game", "The game ended with deal 12: no more deals."), id="deal-13"
        ),
        pytest.param(
            [EXAMPLE, None], {}, (2, "deal", "Each deal must be an object of named fields."), id="null"
        ),
        pytest.param(
            [{**EXAMPLE, "weis": {"Anna": 20}}],
            {},
            (1, "weis", "Unknown field 'weis' in this deal."),
            id="weis",
        ),
        pytest.param(
            [{**EXAMPLE, "match": "Anna"}],
            {},
            (1, "match", "Unknown field 'match' in this deal."),
            id="match",
        ),
        pytest.param([without("trump")], {}, (1, "trump", "Name the trump of this deal."), id="no-trump"),
        pytest.param(
            [{**EXAMPLE, "trump": None}], {}, (1, "trump", "Name the trump of this deal."), id="null"
        ),
        pytest.param([{**EXAMPLE, "trump": "Rosen"}], {}, (1, "trump", f"'Rosen' {NO_TRUMP}"), id="Rosen"),
        pytest.param([{**EXAMPLE, "trump": "slalom"}], {}, (1, "trump", f"'slalom' {NO_TRUMP}"), id="slalom"),
        pytest.param([{**EXAMPLE, "trump": 1}], {}, (1, "trump", f"1 {NO_TRUMP}"), id="trump-1"),
        pytest.param(
            [without("predictions")],
            {},
            (1, "predictions", "Enter every player's prediction."),
            id="no-predictions",
        ),
        pytest.param(
            [with_predictions([40, 0, 60, 50])],
            {},
            (1, "predictions", "Predictions must map each player to a number."),
            id="predictions-list",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50, "Xaver": 7})],
            {},
            (1, "predictions", "Predictions: 'Xaver' is not in this game."),
            id="prediction-stranger",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60})],
            {},
            (1, "predictions", "Dora has no prediction."),
            id="prediction-missing",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 158})],
            {},
            (1, "predictions", PREDICTION_RANGE),
            id="prediction-158",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60, "Dora": -1})],
            {},
            (1, "predictions", PREDICTION_RANGE),
            id="prediction-negative",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50.0})],
            {},
            (1, "predictions", PREDICTION_RANGE),
            id="prediction-float",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60, "Dora": False})],
            {},
            (1, "predictions", PREDICTION_RANGE),
            id="prediction-bool",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Beat": 0, "Cla": 60, "Dora": "50"})],
            {},
            (1, "predictions", PREDICTION_RANGE),
            id="prediction-text",
        ),
        pytest.param(
            [without("points")], {}, (1, "points", "Enter every player's card points."), id="no-points"
        ),
        pytest.param(
            [with_points("157")],
            {},
            (1, "points", "Card points must map each player to a number."),
            id="points-text",
        ),
        pytest.param(
            [with_points({"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50, "Emil": 0})],
            {},
            (1, "points", "Card points: 'Emil' is not in this game."),
            id="points-stranger",
        ),
        pytest.param(
            [with_points({"Anna": 37, "Beat": 0, "Cla": 70, "Xaver": 50})],
            {},
            (1, "points", "Card points: 'Xaver' is not in this game."),
            id="points-stranger-instead-of-Dora",
        ),
        pytest.param(
            [with_predictions({"Anna": 40, "Xaver": 0, "Cla": 60, "Dora": 50})],
            {},
            (1, "predictions", "Predictions: 'Xaver' is not in this game."),
            id="prediction-stranger-instead-of-Beat",
        ),
        pytest.param(
            [with_points({"Anna": 37, "Beat": 0, "Dora": 120})],
            {},
            (1, "points", "Cla has no card points."),
            id="points-missing",
        ),
        pytest.param(
            [with_points({"Anna": 36, "Beat": 1, "Cla": 70, "Dora": 50})],
            {},
            (1, "points", "Beat's card points cannot be 1: no card is worth 1 point."),
            id="points-1-totals-157",
        ),
        pytest.param(
            [with_points({"Anna": 0, "Beat": 0, "Cla": 158, "Dora": 0})],
            {},
            (1, "points", POINTS_RANGE),
            id="points-158",
        ),
        pytest.param(
            [with_points({"Anna": 37, "Beat": 0, "Cla": 70.0, "Dora": 50})],
            {},
            (1, "points", POINTS_RANGE),
            id="points-float",
        ),
        pytest.param(
            [with_points({"Anna": 37, "Beat": 0, "Cla": True, "Dora": 50})],
            {},
            (1, "points", POINTS_RANGE),
            id="points-bool",
        ),
        pytest.param(
            [with_points({"Anna": 30, "Beat": 0, "Cla": 70, "Dora": 50})],
            {},
            (1, "points", "Card points must total 157; these total 150."),
            id="points-150",
        ),
        pytest.param(
            [with_points({"Anna": 156, "Beat": 0, "Cla": 0, "Dora": 0})],
            {},
            (1, "points", "Card points must total 157; these total 156."),
            id="points-156",
        ),
        pytest.param(
            [EXAMPLE, {**EXAMPLE, "trump": "Eicheln", "points": {}}],
            {},
            (2, "trump", f"'Eicheln' {NO_TRUMP}"),
            id="trump-checked-first:deal-2",
        ),
    ],
)
def test_refused_deals(deals: list[Any], settings: dict[str, Any], error: tuple[int, str, str]) -> None:
    assert refusal(deals, FOUR, **settings) == error


def test_three_players_refuse_a_fourth_name() -> None:
    entry = deal([60, 40, 57], [60, 50, 47])
    entry["points"]["Dora"] = 0
    assert refusal([entry], THREE) == (1, "points", "Card points: 'Dora' is not in this game.")


BONUS = "The bonus for an exact prediction must be a whole number from 0 to 157."
DEALS = "The number of deals must be a whole number from 1 to 100."
ON_ZERO = "Whether an exact prediction of 0 earns the exact bonus must be true or false."
END_AT = "The total that ends the game must be a whole number from 1 to 1000."


@pytest.mark.parametrize(
    ("settings", "field", "message"),
    [
        ({"exact_bonus": -1}, "exact_bonus", BONUS),
        ({"exact_bonus": 158}, "exact_bonus", BONUS),
        ({"exact_bonus": True}, "exact_bonus", BONUS),
        ({"exact_bonus": "5"}, "exact_bonus", BONUS),
        ({"deals": 0}, "deals", DEALS),
        ({"deals": 101}, "deals", DEALS),
        ({"deals": 12.0}, "deals", DEALS),
        ({"deals": None}, "deals", DEALS),
        ({"target": 100}, "target", "Unknown setting 'target' for differenzler."),
        ({"exact_bonus_on_zero": 1}, "exact_bonus_on_zero", ON_ZERO),
        ({"exact_bonus_on_zero": "true"}, "exact_bonus_on_zero", ON_ZERO),
        ({"exact_bonus_on_zero": None}, "exact_bonus_on_zero", ON_ZERO),
        ({"end_at": 0}, "end_at", END_AT),
        ({"end_at": -100}, "end_at", END_AT),
        ({"end_at": 1001}, "end_at", END_AT),
        ({"end_at": 100.0}, "end_at", END_AT),
        ({"end_at": "100"}, "end_at", END_AT),
        ({"end_at": True}, "end_at", END_AT),
        ({"end_at": []}, "end_at", END_AT),
        ({"end_at": 100, "deals": 0}, "deals", DEALS),
    ],
)
def test_refused_settings(settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal([], FOUR, **settings) == (None, field, message)


@pytest.mark.parametrize("seats", [FOUR[:2], [*FOUR, "Emil"]])
def test_refused_table_size(seats: list[str]) -> None:
    assert refusal([], seats) == (None, "seats", f"This variant needs 3 or 4 players, not {len(seats)}.")


# ---- properties ------------------------------------------------------------------------------------


@st.composite
def card_points(draw: st.DrawFn, players: int) -> list[int]:
    """Any split of 157 among the players without a 1: cut the 157 at sorted places."""
    cuts = sorted(draw(st.lists(st.integers(0, 157), min_size=players - 1, max_size=players - 1)))
    split = [b - a for a, b in zip([0, *cuts], [*cuts, 157], strict=True)]
    return draw(st.permutations(split).filter(lambda parts: 1 not in parts))


@st.composite
def games(draw: st.DrawFn) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    seats = draw(st.sampled_from([FOUR, THREE]))
    settings = {
        "exact_bonus": draw(st.integers(0, 157)),
        "deals": draw(st.integers(1, 15)),
        "exact_bonus_on_zero": draw(st.booleans()),
    }
    deals = []
    for _ in range(draw(st.integers(0, settings["deals"]))):
        points = draw(card_points(len(seats)))
        exact = st.sampled_from(points)  # make exact hits common
        predictions = draw(
            st.lists(st.one_of(exact, st.integers(0, 157)), min_size=len(seats), max_size=len(seats))
        )
        deals.append(
            {
                "trump": draw(st.sampled_from(MODES)),
                "predictions": dict(zip(seats, predictions, strict=True)),
                "points": dict(zip(seats, points, strict=True)),
            }
        )
    return seats, settings, deals


Game = tuple[list[str], dict[str, Any], list[dict[str, Any]]]


@given(games())
def test_totals_are_the_sum_of_the_deal_scores(game: Game) -> None:
    seats, settings, deals = game
    result = play(deals, seats, **settings)
    for name in seats:
        assert result.totals[name] == sum(d.scores[name] for d in result.deals)
    assert result.finished is (len(deals) == settings["deals"])
    assert result.state == {"deals_left": settings["deals"] - len(deals)}


@given(games())
def test_a_deal_score_is_the_miss_or_minus_the_bonus(game: Game) -> None:
    """An exact 0 for 0 earns the bonus only with exact_bonus_on_zero."""
    seats, settings, deals = game
    for entry, scored in zip(deals, play(deals, seats, **settings).deals, strict=True):
        for name in seats:
            taken = entry["points"][name]
            miss = abs(taken - entry["predictions"][name])
            earns = taken > 0 or settings["exact_bonus_on_zero"]
            assert scored.scores[name] == (miss or (-settings["exact_bonus"] if earns else 0))


@given(games())
def test_replaying_the_entries_gives_the_same_result(game: Game) -> None:
    seats, settings, deals = game
    assert play(json.loads(json.dumps(deals)), seats, **settings) == play(deals, seats, **settings)


@given(games(), st.data())
def test_a_prefix_scores_the_same_deals(game: Game, data: st.DataObject) -> None:
    seats, settings, deals = game
    cut = data.draw(st.integers(0, len(deals)))
    assert play(deals[:cut], seats, **settings).deals == play(deals, seats, **settings).deals[:cut]


@st.composite
def games_to_a_total(draw: st.DrawFn) -> Game:
    """Deals of any outcome, more than the game may take, with a small total to play to."""
    seats, settings, deals = draw(games())
    settings = {**settings, "end_at": draw(st.integers(1, 120))}
    return seats, settings, deals


def running_totals(seats: list[str], settings: dict[str, Any], deals: list[dict[str, Any]]) -> list[int]:
    """The highest total after each deal, counted here from the rules, not by the engine."""
    totals = dict.fromkeys(seats, 0)
    highest = []
    for entry in deals:
        for name in seats:
            taken = entry["points"][name]
            miss = abs(taken - entry["predictions"][name])
            earns = taken > 0 or settings["exact_bonus_on_zero"]
            totals[name] += miss or (-settings["exact_bonus"] if earns else 0)
        highest.append(max(totals.values()))
    return highest


@given(games_to_a_total())
def test_a_game_to_a_total_ends_exactly_when_a_total_reaches_it(game: Game) -> None:
    seats, settings, deals = game
    highest = running_totals(seats, settings, deals)
    end = next((n for n, top in enumerate(highest, start=1) if top >= settings["end_at"]), None)
    if end is None:
        assert play(deals, seats, **settings).finished is False
        return
    result = play(deals[:end], seats, **settings)
    assert result.finished is True
    assert result.winner == sole_lowest(result.totals)
    if end < len(deals):
        assert refusal(deals[: end + 1], seats, **settings) == (
            end + 1,
            "game",
            f"The game ended with deal {end}: no more deals.",
        )


def sole_lowest(totals: dict[str, int]) -> str | None:
    lowest = min(totals.values())
    players = [name for name, total in totals.items() if total == lowest]
    return players[0] if len(players) == 1 else None


# ---- command line ----------------------------------------------------------------------------------


def test_command_line_scores_a_whole_game() -> None:
    game = {
        "variant": "differenzler",
        "seats": THREE,
        "settings": {"deals": 2, "exact_bonus": 5},
        "deals": [
            # |57-50| = 7, exact -5, exact -5
            {
                "trump": "hearts",
                "predictions": {"Anna": 50, "Beat": 60, "Cla": 40},
                "points": {"Anna": 57, "Beat": 60, "Cla": 40},
            },
            # 0 for 0: no bonus by the Swiss rule, 0; |80-100| = 20, |77-57| = 20
            {
                "trump": "obenabe",
                "predictions": {"Anna": 0, "Beat": 100, "Cla": 57},
                "points": {"Anna": 0, "Beat": 80, "Cla": 77},
            },
        ],
    }
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "differenzler",
            "sides": ["Anna", "Beat", "Cla"],
            "deals": [
                {"number": 1, "scores": {"Anna": 7, "Beat": -5, "Cla": -5}},
                {"number": 2, "scores": {"Anna": 0, "Beat": 20, "Cla": 20}},
            ],
            "totals": {"Anna": 7, "Beat": 15, "Cla": 15},
            "finished": True,
            "winner": "Anna",
            "ranking": [
                {"side": "Anna", "rank": 1, "total": 7},
                {"side": "Beat", "rank": 2, "total": 15},
                {"side": "Cla", "rank": 2, "total": 15},
            ],
        },
    )


def test_command_line_refuses_points_not_totalling_157() -> None:
    game = {
        "variant": "differenzler",
        "seats": THREE,
        "deals": [
            {
                "trump": "spades",
                "predictions": {"Anna": 50, "Beat": 60, "Cla": 40},
                "points": {"Anna": 50, "Beat": 60, "Cla": 40},
            }
        ],
    }
    assert run(json.dumps(game)) == (
        2,
        {"error": {"deal": 1, "field": "points", "message": "Card points must total 157; these total 150."}},
    )


def test_command_line_ends_a_game_played_to_a_total_and_refuses_the_deal_after() -> None:
    game = {"variant": "differenzler", "seats": FOUR, "settings": {"end_at": 25}, "deals": TO_25}
    status, output = run(json.dumps(game))
    assert (status, output["totals"], output["finished"], output["winner"]) == (
        0,
        {"Anna": 30, "Beat": 17, "Cla": 33, "Dora": 21},
        True,
        "Beat",
    )
    game["deals"] = [*TO_25, EXAMPLE]
    assert run(json.dumps(game)) == (
        2,
        {"error": {"deal": 5, "field": "game", "message": "The game ended with deal 4: no more deals."}},
    )


@pytest.mark.parametrize(
    ("entry", "field", "item"),
    [
        (
            {
                **deal([40, 0, 60, 50], [37, 0, 70, 50]),
                "predictions": {"Anna": 40, "Beat": 0, "Cla": 158, "Dora": 50},
            },
            "predictions",
            "Cla",
        ),
        (
            {**deal([40, 0, 60, 50], [37, 0, 70, 50]), "predictions": {"Anna": 40, "Beat": 0, "Cla": 60}},
            "predictions",
            "Dora",
        ),
        (deal([40, 0, 60, 50], [1, 0, 106, 50]), "points", "Anna"),
        (
            {**deal([40, 0, 60, 50], [37, 0, 70, 50]), "points": {"Anna": 107, "Beat": 0, "Cla": 50}},
            "points",
            "Dora",
        ),
        (deal([40, 0, 60, 50], [37, 0, 63, 50]), "points", None),  # the total: about no one player
    ],
)
def test_a_refusal_about_one_player_names_that_player(
    entry: dict[str, Any], field: str, item: str | None
) -> None:
    """A form marks that player's input (the JSON names the field only, as rules.md says)."""
    with pytest.raises(InvalidDeal) as caught:
        play([entry])
    assert (caught.value.field, caught.value.item) == (field, item)
    assert set(caught.value.to_json()["error"]) == {"deal", "field", "message"}
