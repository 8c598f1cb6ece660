"""Handjass: points and apples per deal, passing, drop-outs and the loser, refusals, properties, CLI."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import GameResult, InvalidDeal
from scorekeeper.rules.handjass import VARIANT
from tests.rules.test_putz import split_157, tied_for_a_point

P2 = ("Anna", "Beat")
P3 = ("Anna", "Beat", "Cla")
P4 = ("Anna", "Beat", "Cla", "Dora")


def deal(tricks: dict[str, int], **fields: Any) -> dict[str, Any]:
    return {"tricks": tricks, **fields}


def play(seats: Sequence[str], deals: list[Any], **game_settings: Any) -> GameResult:
    return score_game("handjass", list(seats), game_settings, deals)


def refusal(seats: Sequence[str], deals: list[Any], **game_settings: Any) -> tuple[Any, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(seats, deals, **game_settings)
    return caught.value.deal, caught.value.field, caught.value.message


def placings(result: GameResult) -> list[tuple[str, int, int]]:
    return [(p.side, p.rank, p.total) for p in result.ranking]


# ---- one deal ----------------------------------------------------------------------------------

DEAL_CASES = [
    # seats, entry, settings, scores (seat order), apples, totals of those who played
    pytest.param(
        P4,
        {"tricks": {"Anna": 90, "Beat": 40, "Cla": 27}, "melds": {"Anna": 50}, "passed": ["Dora"]},
        {},
        (1, 1, 0, 0),
        [],
        {"Anna": 140, "Beat": 40, "Cla": 27},
        id="rules.md example: 90+50, 40, 27 all made 21: two best +1",
    ),
    pytest.param(
        P3, deal({"Anna": 100, "Beat": 37, "Cla": 20}), {}, (1, 1, -1), ["Cla"], None, id="20 < 21: Cla -1"
    ),
    pytest.param(
        P3,
        deal({"Anna": 117, "Beat": 20, "Cla": 20}),
        {},
        (2, -1, -1),
        ["Beat", "Cla"],
        None,
        id="only Anna made 21: both points to her",
    ),
    pytest.param(
        P2,
        deal({"Anna": 137, "Beat": 20}),
        {},
        (2, -1),
        ["Beat"],
        None,
        id="two players, Beat fails 21: Anna +2",
    ),
    pytest.param(
        P2, deal({"Anna": 100, "Beat": 57}), {}, (1, 1), [], None, id="two players both made 21: +1 each"
    ),
    pytest.param(
        P3,
        deal({"Anna": 127, "Beat": 20, "Cla": 10}, melds={"Beat": 20}),
        {},
        (1, 1, -1),
        ["Cla"],
        {"Anna": 127, "Beat": 40, "Cla": 10},
        id="Stöck lifts Beat 20+20 to 40",
    ),
    pytest.param(
        P3,
        deal({"Anna": 117, "Beat": 20, "Cla": 20}, melds={"Anna": 0, "Cla": 600}),
        {},
        (1, -1, 1),
        ["Beat"],
        {"Anna": 117, "Beat": 20, "Cla": 620},
        id="melds 0 and 600 allowed: Cla 620 first",
    ),
    pytest.param(
        P4,
        deal({"Anna": 60, "Beat": 50, "Cla": 27, "Dora": 20}),
        {},
        (1, 1, 0, -1),
        ["Dora"],
        None,
        id="four play",
    ),
    pytest.param(
        P4,
        deal({"Anna": 100, "Dora": 57}, passed=["Beat", "Cla"]),
        {},
        (1, 0, 0, 1),
        [],
        {"Anna": 100, "Dora": 57},
        id="two of four passed",
    ),
    pytest.param(
        P3, {"passed": ["Beat", "Cla"]}, {}, (2, 0, 0), [], {}, id="all but Anna passed: +2 without play"
    ),
    pytest.param(
        P3,
        {"passed": ["Beat", "Cla"], "tricks": None, "melds": None, "tie_order": None},
        {},
        (2, 0, 0),
        [],
        {},
        id="null counts as absent",
    ),
    pytest.param(
        P3,
        deal({"Anna": 77, "Beat": 40, "Cla": 40}, tie_order=["Cla", "Beat"]),
        {},
        (1, 0, 1),
        [],
        None,
        id="tie for second: Cla cut the higher card",
    ),
    pytest.param(
        P3,
        deal({"Anna": 37, "Beat": 60, "Cla": 60}, melds={"Anna": 20}),
        {},
        (0, 1, 1),
        [],
        {"Anna": 57, "Beat": 60, "Cla": 60},
        id="Beat and Cla tie for first (60) over Anna 37+20: decides nothing",
    ),
    pytest.param(
        P3,
        deal({"Anna": 77, "Beat": 60, "Cla": 20}, melds={"Cla": 40}, tie_order=["Cla", "Beat"]),
        {},
        (1, 0, 1),
        [],
        {"Anna": 77, "Beat": 60, "Cla": 60},
        id="melds make a tie for second: Cla 20+40 = Beat 60, Cla first",
    ),
    pytest.param(
        P4,
        deal({"Anna": 70, "Beat": 70, "Cla": 10, "Dora": 7}),
        {},
        (1, 1, -1, -1),
        ["Cla", "Dora"],
        None,
        id="tie of the only two who made 21 decides nothing",
    ),
    pytest.param(
        P3,
        deal({"Anna": 100, "Beat": 37, "Cla": 20}),
        {"min_points": 50},
        (2, -1, -1),
        ["Beat", "Cla"],
        None,
        id="min_points 50: 37 fails, Anna +2",
    ),
    pytest.param(
        P3,
        deal({"Anna": 100, "Beat": 57, "Cla": 0}),
        {"min_points": 157},
        (-1, -1, -1),
        ["Anna", "Beat", "Cla"],
        None,
        id="min_points 157, nobody made it: no points at all",
    ),
    pytest.param(
        P3,
        deal({"Anna": 157, "Beat": 0, "Cla": 0}, tie_order=["Cla", "Beat"]),
        {"min_points": 0},
        (1, 0, 1),
        [],
        None,
        id="min_points 0: 0 and 0 tie for second",
    ),
]


@pytest.mark.parametrize(("seats", "entry", "game_settings", "scores", "apples", "totals"), DEAL_CASES)
def test_one_deal(
    seats: tuple[str, ...],
    entry: dict[str, Any],
    game_settings: dict[str, Any],
    scores: tuple[int, ...],
    apples: list[str],
    totals: dict[str, int] | None,
) -> None:
    result = play(seats, [entry], **game_settings)
    only = result.deals[0]
    assert only.scores == dict(zip(seats, scores, strict=True))
    expected_totals = entry["tricks"] if totals is None else totals
    assert only.details == {"apples": apples, "totals": expected_totals, "out": []}


# ---- drop-outs and the loser -------------------------------------------------------------------

ALL_THREE = deal({"Anna": 100, "Beat": 37, "Cla": 20})  # Anna +1, Beat +1, Cla -1


def three_player_game() -> list[dict[str, Any]]:
    """Anna out in deal 6 (5 + 2), Beat out in deal 8 (4 + 2 + 2 = 8), Cla left: the loser."""
    return [
        *[ALL_THREE] * 5,  # Anna 5, Beat 5, Cla -5
        deal({"Anna": 117, "Beat": 20, "Cla": 20}),  # Anna 7 out, Beat 4, Cla -6
        deal({"Beat": 137, "Cla": 20}),  # Beat 6, Cla -7
        deal({"Beat": 137, "Cla": 20}),  # Beat 8 out, Cla -8
    ]


def test_drop_out_order_ranks_before_totals() -> None:
    result = play(P3, three_player_game())
    assert result.totals == {"Anna": 7, "Beat": 8, "Cla": -8}
    assert (result.finished, result.winner) == (True, "Anna")
    assert placings(result) == [("Anna", 1, 7), ("Beat", 2, 8), ("Cla", 3, -8)]
    assert result.state == {"in": ["Cla"], "out": [["Anna"], ["Beat"]], "loser": "Cla"}
    assert [d.details["out"] for d in result.deals] == [[], [], [], [], [], ["Anna"], [], ["Beat"]]


def test_game_running_ranks_those_out_first() -> None:
    result = play(P3, three_player_game()[:7])
    assert (result.finished, result.winner) == (False, None)
    assert placings(result) == [("Anna", 1, 7), ("Beat", 2, 6), ("Cla", 3, -7)]
    assert result.state == {"in": ["Beat", "Cla"], "out": [["Anna"]], "loser": None}


def test_no_deal_after_the_loser() -> None:
    deals = three_player_game()
    assert refusal(P3, [*deals, deal({"Beat": 137, "Cla": 20})]) == (
        9,
        "game",
        "The game ended with deal 8: no more deals.",
    )


FOUR = deal({"Anna": 60, "Beat": 50, "Cla": 27, "Dora": 20})  # Anna +1, Beat +1, Cla 0, Dora -1
CLA_DORA = deal({"Cla": 137, "Dora": 20}, passed=["Anna", "Beat"])


def test_same_deal_drop_outs_share_a_rank() -> None:
    # Anna and Beat reach 7 together in deal 7; Cla +2 per deal: 2, 4, 6, 8 out in deal 11; Dora -7 - 4.
    deals = [*[FOUR] * 7, *[{"tricks": {"Cla": 137, "Dora": 20}}] * 4]
    result = play(P4, deals)
    assert result.totals == {"Anna": 7, "Beat": 7, "Cla": 8, "Dora": -11}
    assert (result.finished, result.winner) == (True, None)
    assert placings(result) == [("Anna", 1, 7), ("Beat", 1, 7), ("Cla", 3, 8), ("Dora", 4, -11)]
    assert result.state == {"in": ["Dora"], "out": [["Anna", "Beat"], ["Cla"]], "loser": "Dora"}
    running = play(P4, deals[:7])
    assert placings(running) == [("Anna", 1, 7), ("Beat", 1, 7), ("Cla", 3, 0), ("Dora", 4, -7)]
    assert running.state == {"in": ["Cla", "Dora"], "out": [["Anna", "Beat"]], "loser": None}


def test_last_two_out_together_leave_no_loser() -> None:
    # Two players both +1 per deal: both reach 7 in deal 7, nobody is left in.
    result = play(P2, [deal({"Anna": 100, "Beat": 57})] * 7)
    assert (result.finished, result.winner) == (True, None)
    assert placings(result) == [("Anna", 1, 7), ("Beat", 1, 7)]
    assert result.state == {"in": [], "out": [["Anna", "Beat"]], "loser": None}


def test_out_at_setting() -> None:
    # out_at 2: Anna +2 in deal 1 and drops out; Beat alone is the loser at once.
    result = play(P2, [deal({"Anna": 137, "Beat": 20})], out_at=2)
    assert (result.finished, result.winner) == (True, "Anna")
    assert result.state == {"in": ["Beat"], "out": [["Anna"]], "loser": "Beat"}
    assert play(P2, [deal({"Anna": 137, "Beat": 20})]).finished is False


def test_walkover_can_drop_a_player_out() -> None:
    # Anna 5 after five deals, then all others pass: +2 = 7, out.
    result = play(P3, [*[ALL_THREE] * 5, {"passed": ["Beat", "Cla"]}])
    assert result.totals == {"Anna": 7, "Beat": 5, "Cla": -5}
    assert result.state["out"] == [["Anna"]]


# ---- refusals ----------------------------------------------------------------------------------

WHOLE = "The card points of {} must be a whole number from 0 to 157."
MELDS = "The melds of {} must be 0, 20 or a multiple of 10 from 40 to 600."

REFUSALS = [
    pytest.param(
        [ALL_THREE, {}], 2, "tricks", "Give the card points of every player who played.", id="no tricks"
    ),
    pytest.param(
        [{"passed": list(P3)}],
        1,
        "passed",
        "Everybody passed: nothing to record, deal again.",
        id="all passed",
    ),
    pytest.param(
        [{"passed": "Cla"}], 1, "passed", "Passed must be a list of player names.", id="passed a string"
    ),
    pytest.param(
        [{"passed": ["Zoe"]}], 1, "passed", "Passed: 'Zoe' is not in this game.", id="passed unknown"
    ),
    pytest.param([{"passed": [3]}], 1, "passed", "Passed: 3 is not a player's name.", id="passed a number"),
    pytest.param(
        [{**ALL_THREE, "passed": ["Cla", "Cla"]}],
        1,
        "passed",
        "Cla is listed twice as passed.",
        id="passed twice",
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 37, "Cla": 20}, passed=["Cla"])],
        1,
        "tricks",
        "Cla passed and has no card points.",
        id="tricks of a player who passed",
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 57}, melds={"Cla": 20}, passed=["Cla"])],
        1,
        "melds",
        "Cla passed and has no melds.",
        id="melds of a player who passed",
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 57})],
        1,
        "tricks",
        "The card points of Cla are missing.",
        id="tricks missing",
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 37, "Zoe": 20})],
        1,
        "tricks",
        "Card points: 'Zoe' is not in this game.",
        id="zoe",
    ),
    pytest.param(
        [deal([100, 37, 20])], 1, "tricks", "Card points must map each player to a number.", id="list"
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 37, "Cla": 20.0})], 1, "tricks", WHOLE.format("Cla"), id="float"
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 37, "Cla": False})], 1, "tricks", WHOLE.format("Cla"), id="bool"
    ),
    pytest.param([deal({"Anna": 200, "Beat": 0, "Cla": 0})], 1, "tricks", WHOLE.format("Anna"), id="200"),
    pytest.param(
        [deal({"Anna": 100, "Beat": 56, "Cla": 1})],
        1,
        "tricks",
        "The card points of Cla cannot be 1: no card is worth 1 point.",
        id="1 point",
    ),
    pytest.param(
        [deal({"Anna": 100, "Beat": 37, "Cla": 30})],
        1,
        "tricks",
        "The card points must add up to 157, not 167.",
        id="sum 167",
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Anna": 30})], 1, "melds", MELDS.format("Anna"), id="meld 30"
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Anna": 10})], 1, "melds", MELDS.format("Anna"), id="meld 10"
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Beat": 45})], 1, "melds", MELDS.format("Beat"), id="meld 45"
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Beat": 610})], 1, "melds", MELDS.format("Beat"), id="610"
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Beat": True})], 1, "melds", MELDS.format("Beat"), id="bool"
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Beat": -20})], 1, "melds", MELDS.format("Beat"), id="-20"
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds={"Zoe": 20})],
        1,
        "melds",
        "Melds: 'Zoe' is not in this game.",
        id="zoe",
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], melds=[20])],
        1,
        "melds",
        "Melds must map each player to a number.",
        id="list",
    ),
    pytest.param(
        [{"passed": ["Beat", "Cla"], "tricks": {"Anna": 157}}],
        1,
        "tricks",
        "Only Anna stayed in and takes both points without play: no card points.",
        id="tricks though alone",
    ),
    pytest.param(
        [{"passed": ["Beat", "Cla"], "melds": {"Anna": 20}}],
        1,
        "melds",
        "Only Anna stayed in and takes both points without play: no melds.",
        id="melds though alone",
    ),
    pytest.param(
        [{"passed": ["Beat", "Cla"], "tie_order": ["Anna"]}],
        1,
        "tie_order",
        "Only Anna stayed in and takes both points without play: no tie order.",
        id="tie order though alone",
    ),
    pytest.param(
        [ALL_THREE, deal({"Anna": 77, "Beat": 40, "Cla": 40})],
        2,
        "tie_order",
        "Beat and Cla are tied for a point: give their order as decided at the table.",
        id="tie order missing",
    ),
    pytest.param(
        [deal({"Anna": 77, "Beat": 40, "Cla": 40}, tie_order=["Anna", "Cla"])],
        1,
        "tie_order",
        "The tie order must list exactly the tied players: Beat and Cla.",
        id="tie order of the wrong players",
    ),
    pytest.param(
        [deal(ALL_THREE["tricks"], tie_order=["Beat", "Cla"])],
        1,
        "tie_order",
        "No tie decides a point in this deal: leave out the tie order.",
        id="tie order without a tie",
    ),
    pytest.param(
        [deal({"Anna": 117, "Beat": 20, "Cla": 20}, tie_order=["Beat", "Cla"])],
        1,
        "tie_order",
        "No tie decides a point in this deal: leave out the tie order.",
        id="tie below 21 decides nothing",
    ),
    pytest.param(
        [{**ALL_THREE, "points": {}}], 1, "points", "Unknown field 'points' in this deal.", id="unknown"
    ),
    pytest.param([None], 1, "deal", "Each deal must be an object of named fields.", id="not an object"),
]


@pytest.mark.parametrize(("deals", "number", "field", "message"), REFUSALS)
def test_refusals(deals: list[Any], number: int, field: str, message: str) -> None:
    assert refusal(P3, deals) == (number, field, message)


OUT = "Anna is out of the game and plays no more."


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        pytest.param(deal({"Anna": 20, "Beat": 117, "Cla": 20}), "tricks", id="card points"),
        pytest.param(deal({"Beat": 117, "Cla": 40}, melds={"Anna": 20}), "melds", id="melds"),
        pytest.param(deal({"Beat": 117, "Cla": 40}, passed=["Anna"]), "passed", id="passed"),
    ],
)
def test_a_player_out_plays_no_more(entry: dict[str, Any], field: str) -> None:
    deals = [*[ALL_THREE] * 5, deal({"Anna": 117, "Beat": 20, "Cla": 20})]  # Anna out in deal 6
    assert refusal(P3, [*deals, entry]) == (7, field, OUT)


def test_the_two_left_need_no_passed_list() -> None:
    deals = [*[ALL_THREE] * 5, deal({"Anna": 117, "Beat": 20, "Cla": 20}), {"passed": ["Cla"]}]
    assert play(P3, deals).deals[-1].scores == {"Anna": 0, "Beat": 2, "Cla": 0}


@pytest.mark.parametrize(
    ("game_settings", "field", "message"),
    [
        ({"out_at": 0}, "out_at", "Dropping out at must be a whole number from 1 to 100."),
        ({"out_at": "7"}, "out_at", "Dropping out at must be a whole number from 1 to 100."),
        ({"min_points": 158}, "min_points", "The points to make must be a whole number from 0 to 157."),
        ({"min_points": None}, "min_points", "The points to make must be a whole number from 0 to 157."),
        ({"win_at": 7}, "win_at", "Unknown setting 'win_at' for handjass."),
    ],
)
def test_setting_refusals(game_settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal(P3, [ALL_THREE], **game_settings) == (None, field, message)


def test_seat_count() -> None:
    assert refusal(("Anna",), []) == (None, "seats", "This variant needs 2 or 3 or 4 players, not 1.")


def test_variant_declares_its_settings() -> None:
    assert VARIANT.key == "handjass"
    assert VARIANT.defaults == {"out_at": 7, "min_points": 21}
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert VARIANT.player_counts == (2, 3, 4)


# ---- properties --------------------------------------------------------------------------------

MELD_VALUES = st.sampled_from([0, 20, 40, 50, 70, 100, 150, 200, 600])


@st.composite
def handjass_deal(draw: st.DrawFn, still_in: list[str], min_points: int) -> dict[str, Any]:
    passed = draw(
        st.one_of(st.just([]), st.lists(st.sampled_from(still_in), unique=True, max_size=len(still_in) - 1))
    )
    playing = [player for player in still_in if player not in passed]
    entry: dict[str, Any] = {"passed": passed} if passed else {}
    if len(playing) == 1:
        return entry
    entry["tricks"] = dict(zip(playing, draw(split_157(len(playing))), strict=True))
    melds = draw(st.dictionaries(st.sampled_from(playing), MELD_VALUES, max_size=2))
    if melds:
        entry["melds"] = melds
    totals = {player: entry["tricks"][player] + melds.get(player, 0) for player in playing}
    qualified = {player: total for player, total in totals.items() if total >= min_points}
    prizes = (1, 1) if len(qualified) > 1 else (2,) if qualified else ()
    tied = tied_for_a_point(qualified, prizes)
    if tied:
        entry["tie_order"] = draw(st.permutations(tied))
    return entry


@st.composite
def handjass_game(draw: st.DrawFn) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    seats = list(draw(st.sampled_from([P2, P3, P4])))
    game_settings = {"min_points": draw(st.sampled_from([21, 0, 40, 80])), "out_at": draw(st.integers(1, 7))}
    deals: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 14))):
        result = score_game("handjass", seats, game_settings, deals)
        if result.finished:
            break
        deals.append(draw(handjass_deal(result.state["in"], game_settings["min_points"])))
    return seats, game_settings, deals


@settings(max_examples=120, deadline=None)
@given(handjass_game())
def test_no_point_below_21(game: tuple[list[str], dict[str, Any], list[dict[str, Any]]]) -> None:
    seats, game_settings, deals = game
    result = score_game("handjass", seats, game_settings, deals)
    for scored in result.deals:
        totals = scored.details["totals"]
        for player, points in scored.scores.items():
            if player in totals and totals[player] < game_settings["min_points"]:
                assert points == -1
            if points > 0 and totals:
                assert totals[player] >= game_settings["min_points"]
        assert sum(points for points in scored.scores.values() if points > 0) in (0, 2)


@settings(max_examples=120, deadline=None)
@given(handjass_game(), st.integers(0, 14))
def test_totals_replay_and_prefix(
    game: tuple[list[str], dict[str, Any], list[dict[str, Any]]], cut: int
) -> None:
    seats, game_settings, deals = game
    before = copy.deepcopy(deals)
    result = score_game("handjass", seats, game_settings, deals)
    assert deals == before
    assert result.totals == {player: sum(d.scores[player] for d in result.deals) for player in seats}
    assert score_game("handjass", seats, game_settings, copy.deepcopy(deals)) == result
    assert score_game("handjass", seats, game_settings, deals[:cut]).deals == result.deals[:cut]
    sides = [placing.side for placing in result.ranking]
    start = 0
    for group in [*result.state["out"], result.state["in"]]:
        assert set(sides[start : start + len(group)]) == set(group)
        start += len(group)
    assert result.finished == (len(result.state["in"]) <= 1)


# ---- the command line --------------------------------------------------------------------------


def test_cli_valid_game() -> None:
    # out_at 3. Deal 1: Anna 137 +2, Beat 20 -1. Deal 2: Anna +1 = 3, out; Beat +1 = 0, the loser.
    game = {
        "variant": "handjass",
        "seats": ["Anna", "Beat"],
        "settings": {"out_at": 3},
        "deals": [deal({"Anna": 137, "Beat": 20}), deal({"Anna": 100, "Beat": 57})],
    }
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "handjass",
            "sides": ["Anna", "Beat"],
            "deals": [
                {"number": 1, "scores": {"Anna": 2, "Beat": -1}},
                {"number": 2, "scores": {"Anna": 1, "Beat": 1}},
            ],
            "totals": {"Anna": 3, "Beat": 0},
            "finished": True,
            "winner": "Anna",
            "ranking": [{"side": "Anna", "rank": 1, "total": 3}, {"side": "Beat", "rank": 2, "total": 0}],
        },
    )


def test_cli_invalid_game() -> None:
    game = {"variant": "handjass", "seats": list(P3), "deals": [ALL_THREE, {"passed": list(P3)}]}
    assert run(json.dumps(game)) == (
        2,
        {
            "error": {
                "deal": 2,
                "field": "passed",
                "message": "Everybody passed: nothing to record, deal again.",
            }
        },
    )
