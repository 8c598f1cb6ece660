"""Putz: every apple case of rules.md for 3 and 5 players, both ends, every refusal, properties, CLI."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import GameResult, InvalidDeal
from scorekeeper.rules.putz import VARIANT

P3 = ("Anna", "Beat", "Cla")
P5 = ("Anna", "Beat", "Cla", "Dora", "Emil")


def deal(
    seats: Sequence[str], points: Sequence[int], tie_order: Sequence[str] | None = None
) -> dict[str, Any]:
    entry: dict[str, Any] = {"points": dict(zip(seats, points, strict=True))}
    if tie_order is not None:
        entry["tie_order"] = list(tie_order)
    return entry


def play(seats: Sequence[str], deals: list[Any], **game_settings: Any) -> GameResult:
    return score_game("putz", list(seats), game_settings, deals)


def refusal(seats: Sequence[str], deals: list[Any], **game_settings: Any) -> tuple[Any, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(seats, deals, **game_settings)
    return caught.value.deal, caught.value.field, caught.value.message


# ---- the apple table ---------------------------------------------------------------------------

APPLE_CASES = [
    # seats, card points, settings, tie_order, scores, apples
    pytest.param(P3, (70, 50, 37), {}, None, (1, 1, 0), (), id="3p no apple: two best +1"),
    pytest.param(P3, (80, 60, 17), {}, None, (1, 1, -1), ("Cla",), id="3p one apple: two best +1, 17<21 -1"),
    pytest.param(P3, (116, 21, 20), {}, None, (1, 1, -1), ("Cla",), id="3p 21 is no apple, 20 is"),
    pytest.param(P3, (127, 20, 10), {}, None, (2, -1, -1), ("Beat", "Cla"), id="3p two apples: best +2"),
    pytest.param(
        P3, (137, 10, 10), {}, None, (2, -1, -1), ("Beat", "Cla"), id="3p tied apples need no order"
    ),
    pytest.param(P3, (60, 60, 37), {}, None, (1, 1, 0), (), id="3p tie for first: both +1 anyway"),
    pytest.param(
        P3, (77, 40, 40), {}, ("Cla", "Beat"), (1, 0, 1), (), id="3p tie for second: table says Cla first"
    ),
    pytest.param(
        P3, (97, 40, 20), {"apple_below": 60}, None, (2, -1, -1), ("Beat", "Cla"), id="3p apple at 40<60: +2"
    ),
    pytest.param(
        P3, (55, 52, 50), {"apple_below": 60}, None, (-1, -1, -1), P3, id="3p all apples: nobody scores"
    ),
    pytest.param(P3, (150, 7, 0), {"apple_below": 0}, None, (1, 1, 0), (), id="3p apple_below 0: no apples"),
    pytest.param(P5, (40, 35, 30, 27, 25), {}, None, (1, 1, 1, 0, 0), (), id="5p no apple: three best +1"),
    pytest.param(
        P5, (50, 40, 30, 27, 10), {}, None, (1, 1, 1, 0, -1), ("Emil",), id="5p one apple: three best +1"
    ),
    pytest.param(
        P5, (60, 50, 27, 10, 10), {}, None, (2, 1, 1, -1, -1), ("Dora", "Emil"), id="5p two apples: 2,1,1"
    ),
    pytest.param(
        P5, (80, 37, 20, 10, 10), {}, None, (2, 2, -1, -1, -1), P5[2:], id="5p three apples: two best +2"
    ),
    pytest.param(
        P5, (97, 20, 20, 10, 10), {}, None, (3, -1, -1, -1, -1), P5[1:], id="5p four apples: best +3"
    ),
    pytest.param(
        P5, (35, 32, 30, 30, 30), {"apple_below": 40}, None, (-1,) * 5, P5, id="5p all apples below 40"
    ),
    pytest.param(P5, (40, 40, 27, 25, 25), {}, None, (1, 1, 1, 0, 0), (), id="5p ties deciding nothing"),
    pytest.param(
        P5, (45, 35, 26, 26, 25), {}, ("Dora", "Cla"), (1, 1, 0, 1, 0), (), id="5p tie for third: Dora first"
    ),
    pytest.param(
        P5,
        (50, 50, 37, 10, 10),
        {},
        ("Beat", "Anna"),
        (1, 2, 1, -1, -1),
        ("Dora", "Emil"),
        id="5p two apples, tie for +2: Beat first",
    ),
    pytest.param(
        P5,
        (60, 60, 17, 10, 10),
        {},
        None,
        (2, 2, -1, -1, -1),
        P5[2:],
        id="5p three apples, tie of the two +2",
    ),
    pytest.param(
        P5,
        (40, 39, 39, 39, 0),
        {},
        ("Dora", "Beat", "Cla"),
        (1, 1, 0, 1, -1),
        ("Emil",),
        id="5p three-way tie for the last two +1",
    ),
]


@pytest.mark.parametrize(("seats", "points", "game_settings", "tie_order", "scores", "apples"), APPLE_CASES)
def test_apple_table(
    seats: tuple[str, ...],
    points: tuple[int, ...],
    game_settings: dict[str, Any],
    tie_order: tuple[str, ...] | None,
    scores: tuple[int, ...],
    apples: tuple[str, ...],
) -> None:
    result = play(seats, [deal(seats, points, tie_order)], **game_settings)
    only = result.deals[0]
    assert only.number == 1
    assert only.scores == dict(zip(seats, scores, strict=True))
    assert only.details["apples"] == list(apples)
    assert only.details["points"] == {
        player: max(score, 0) for player, score in zip(seats, scores, strict=True)
    }
    assert result.state == {"apples": {player: int(player in apples) for player in seats}}


def test_state_counts_apples_over_deals() -> None:
    # Cla: apple in both deals; Beat: apple in the second (127, 20, 10).
    result = play(P3, [deal(P3, (80, 60, 17)), deal(P3, (127, 20, 10))])
    assert result.state == {"apples": {"Anna": 0, "Beat": 1, "Cla": 2}}
    assert result.totals == {"Anna": 3, "Beat": 0, "Cla": -2}  # 1+2, 1-1, -1-1


# ---- the end of the game -----------------------------------------------------------------------

TWO_APPLES = (127, 20, 10)  # Anna +2, Beat -1, Cla -1
ANNA_CLA = (70, 37, 50)  # Anna +1, Cla +1, Beat 0
CLA_APPLE = (80, 60, 17)  # Anna +1, Beat +1, Cla -1


def test_win_at_seven_ends_the_game() -> None:
    # Anna 2, 3, 4, 6, 7; Beat -1, -1, -1, -2, -2; Cla -1, 0, 1, 0, 1.
    moves = [TWO_APPLES, ANNA_CLA, ANNA_CLA, TWO_APPLES, ANNA_CLA]
    result = play(P3, [deal(P3, points) for points in moves])
    assert result.totals == {"Anna": 7, "Beat": -2, "Cla": 1}
    assert result.finished is True
    assert result.winner == "Anna"
    assert [(p.side, p.rank, p.total) for p in result.ranking] == [
        ("Anna", 1, 7),
        ("Cla", 2, 1),
        ("Beat", 3, -2),
    ]


def test_one_short_of_seven_plays_on() -> None:
    result = play(P3, [deal(P3, points) for points in [TWO_APPLES, ANNA_CLA, ANNA_CLA, TWO_APPLES]])
    assert result.totals["Anna"] == 6
    assert (result.finished, result.winner) == (False, None)


def test_lose_at_minus_four_with_three_ends_the_game_and_a_shared_top_has_no_winner() -> None:
    # Cla -1 per deal: -3 after three deals plays on, -4 ends; Anna and Beat tie at 4.
    assert play(P3, [deal(P3, CLA_APPLE)] * 3).finished is False
    result = play(P3, [deal(P3, CLA_APPLE)] * 4)
    assert result.totals == {"Anna": 4, "Beat": 4, "Cla": -4}
    assert (result.finished, result.winner) == (True, None)
    assert [(p.side, p.rank) for p in result.ranking] == [("Anna", 1), ("Beat", 1), ("Cla", 3)]


def test_lose_at_minus_five_with_five() -> None:
    # Deal 1 (60, 50, 27, 10, 10): 2, 1, 1, -1, -1; then (50, 40, 30, 27, 10): 1, 1, 1, 0, -1.
    # Emil -1 -4 = -5 after deal 5 (after deal 4 only -4); Anna 2 + 4 = 6 is the best.
    deals = [deal(P5, (60, 50, 27, 10, 10))] + [deal(P5, (50, 40, 30, 27, 10))] * 4
    assert play(P5, deals[:4]).finished is False
    result = play(P5, deals)
    assert result.totals == {"Anna": 6, "Beat": 5, "Cla": 5, "Dora": -1, "Emil": -5}
    assert (result.finished, result.winner) == (True, "Anna")
    assert [(p.side, p.rank) for p in result.ranking] == [
        ("Anna", 1),
        ("Beat", 2),
        ("Cla", 2),
        ("Dora", 4),
        ("Emil", 5),
    ]


@pytest.mark.parametrize(
    ("game_settings", "moves", "totals", "winner"),
    [
        pytest.param({"win_at": 2}, [TWO_APPLES], (2, -1, -1), "Anna", id="win_at 2: Anna +2 ends deal 1"),
        pytest.param(
            {"lose_at": -1}, [TWO_APPLES], (2, -1, -1), "Anna", id="lose_at -1: Beat -1 ends deal 1"
        ),
        pytest.param({"lose_at": -2}, [CLA_APPLE] * 2, (2, 2, -2), None, id="lose_at -2: Cla -2 ends deal 2"),
    ],
)
def test_end_settings(
    game_settings: dict[str, Any], moves: list[tuple[int, ...]], totals: tuple[int, ...], winner: str | None
) -> None:
    deals = [deal(P3, points) for points in moves]
    result = play(P3, deals, **game_settings)
    assert result.totals == dict(zip(P3, totals, strict=True))
    assert (result.finished, result.winner) == (True, winner)
    assert refusal(P3, [*deals, deal(P3, CLA_APPLE)], **game_settings) == (
        len(deals) + 1,
        "game",
        f"The game ended with deal {len(deals)}: no more deals.",
    )


def test_no_deal_after_the_end() -> None:
    deals = [deal(P3, points) for points in [TWO_APPLES, ANNA_CLA, ANNA_CLA, TWO_APPLES, ANNA_CLA]]
    assert refusal(P3, [*deals, deal(P3, CLA_APPLE)]) == (
        6,
        "game",
        "The game ended with deal 5: no more deals.",
    )


def test_variant_declares_its_settings() -> None:
    assert VARIANT.key == "putz"
    assert VARIANT.defaults == {"apple_below": 21, "win_at": 7, "lose_at": None}
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert VARIANT.player_counts == (3, 5)


# ---- refusals ----------------------------------------------------------------------------------

GOOD = deal(P3, CLA_APPLE)
SUM = "The card points must add up to 157, not {}."
WHOLE = "The card points of {} must be a whole number from 0 to 157."

REFUSALS = [
    pytest.param([GOOD, {}], 2, "points", "Give the card points of every player.", id="no points"),
    pytest.param([{"points": None}], 1, "points", "Give the card points of every player.", id="null points"),
    pytest.param(
        [{"points": [80, 60, 17]}], 1, "points", "Points must map each player to a number.", id="list"
    ),
    pytest.param(
        [{"points": {"Anna": 80, "Beat": 60, "Zoe": 17}}],
        1,
        "points",
        "Points: 'Zoe' is not in this game.",
        id="unknown player",
    ),
    pytest.param(
        [{"points": {"Anna": 80, "Beat": 77}}],
        1,
        "points",
        "The card points of Cla are missing.",
        id="missing",
    ),
    pytest.param([deal(P3, (True, 60, 96))], 1, "points", WHOLE.format("Anna"), id="bool"),
    pytest.param([deal(P3, (80.0, 60, 17))], 1, "points", WHOLE.format("Anna"), id="float"),
    pytest.param([deal(P3, (80, "60", 17))], 1, "points", WHOLE.format("Beat"), id="string"),
    pytest.param([deal(P3, (158, 0, 0))], 1, "points", WHOLE.format("Anna"), id="158"),
    pytest.param([deal(P3, (80, 78, -1))], 1, "points", WHOLE.format("Cla"), id="negative"),
    pytest.param(
        [deal(P3, (96, 60, 1))],
        1,
        "points",
        "The card points of Cla cannot be 1: no card is worth 1 point.",
        id="1",
    ),
    pytest.param([GOOD, deal(P3, (80, 60, 10))], 2, "points", SUM.format(150), id="sum 150"),
    pytest.param([deal(P3, (80, 60, 20))], 1, "points", SUM.format(160), id="sum 160"),
    pytest.param([{**GOOD, "weis": 20}], 1, "weis", "Unknown field 'weis' in this deal.", id="unknown field"),
    pytest.param(["80 60 17"], 1, "deal", "Each deal must be an object of named fields.", id="not an object"),
    pytest.param(
        [GOOD, deal(P3, (77, 40, 40))],
        2,
        "tie_order",
        "Beat and Cla are tied for a point: give their order as decided at the table.",
        id="tie order missing",
    ),
    pytest.param(
        [deal(P3, (70, 50, 37), ("Anna", "Beat"))],
        1,
        "tie_order",
        "No tie decides a point in this deal: leave out the tie order.",
        id="tie order without a deciding tie",
    ),
    pytest.param(
        [deal(P3, (60, 60, 37), ("Anna", "Beat"))],
        1,
        "tie_order",
        "No tie decides a point in this deal: leave out the tie order.",
        id="tie order for a tie deciding nothing",
    ),
    pytest.param(
        [deal(P3, (77, 40, 40), ("Anna", "Beat"))],
        1,
        "tie_order",
        "The tie order must list exactly the tied players: Beat and Cla.",
        id="tie order of the wrong players",
    ),
    pytest.param(
        [deal(P3, (77, 40, 40), ("Beat",))],
        1,
        "tie_order",
        "The tie order must list exactly the tied players: Beat and Cla.",
        id="tie order too short",
    ),
    pytest.param(
        [deal(P3, (77, 40, 40), ("Beat", "Beat"))],
        1,
        "tie_order",
        "The tie order must list exactly the tied players: Beat and Cla.",
        id="tie order twice the same",
    ),
    pytest.param(
        [{**deal(P3, (77, 40, 40)), "tie_order": "Beat"}],
        1,
        "tie_order",
        "The tie order must list exactly the tied players: Beat and Cla.",
        id="tie order a string",
    ),
]


@pytest.mark.parametrize(("deals", "number", "field", "message"), REFUSALS)
def test_refusals(deals: list[Any], number: int, field: str, message: str) -> None:
    assert refusal(P3, deals) == (number, field, message)


def test_five_player_tie_needs_all_three_tied() -> None:
    points = (40, 39, 39, 39, 0)
    assert refusal(P5, [deal(P5, points)]) == (
        1,
        "tie_order",
        "Beat, Cla and Dora are tied for a point: give their order as decided at the table.",
    )
    assert refusal(P5, [deal(P5, points, ("Dora", "Beat"))])[2] == (
        "The tie order must list exactly the tied players: Beat, Cla and Dora."
    )


@pytest.mark.parametrize(
    ("game_settings", "field", "message"),
    [
        ({"apple_below": -1}, "apple_below", "The apple limit must be a whole number from 0 to 157."),
        ({"apple_below": 21.0}, "apple_below", "The apple limit must be a whole number from 0 to 157."),
        ({"win_at": 0}, "win_at", "The winning mark must be a whole number from 1 to 100."),
        ({"win_at": True}, "win_at", "The winning mark must be a whole number from 1 to 100."),
        ({"lose_at": 0}, "lose_at", "The losing mark must be a whole number from -100 to -1."),
        ({"lose_at": "-4"}, "lose_at", "The losing mark must be a whole number from -100 to -1."),
        ({"target": 7}, "target", "Unknown setting 'target' for putz."),
    ],
)
def test_setting_refusals(game_settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal(P3, [GOOD], **game_settings) == (None, field, message)


def test_seat_count() -> None:
    assert refusal(("Anna", "Beat", "Cla", "Dora"), []) == (
        None,
        "seats",
        "This variant needs 3 or 5 players, not 4.",
    )


# ---- properties --------------------------------------------------------------------------------


@st.composite
def split_157(draw: st.DrawFn, parts: int) -> list[int]:
    """Card points of `parts` players adding up to 157, none of them 1; half the time tie-prone."""
    if draw(st.booleans()):
        head = draw(
            st.lists(st.sampled_from([0, 10, 20, 21, 30, 40]), min_size=parts - 1, max_size=parts - 1)
        )
        points = list(draw(st.permutations([*head, 157 - sum(head)])))
    else:
        cuts = sorted(draw(st.lists(st.integers(0, 157), min_size=parts - 1, max_size=parts - 1)))
        points = [high - low for low, high in zip([0, *cuts], [*cuts, 157], strict=True)]
    assume(min(points) >= 0 and 1 not in points)
    return points


def tied_for_a_point(totals: Mapping[str, int], prizes: Sequence[int]) -> list[str]:
    """Oracle: players in a run of equal totals whose places carry different prizes."""
    order = sorted(totals, key=lambda player: -totals[player])
    padded = [*prizes, *[0] * len(order)]
    tied: list[str] = []
    for value in set(totals.values()):
        places = [place for place, player in enumerate(order) if totals[player] == value]
        if len({padded[place] for place in places}) > 1:
            tied += [order[place] for place in places]
    return tied


ORACLE_PRIZES = {
    3: {0: (1, 1), 1: (1, 1), 2: (2,)},
    5: {0: (1, 1, 1), 1: (1, 1, 1), 2: (2, 1, 1), 3: (2, 2), 4: (3,)},
}  # rules.md, by number of apples


@st.composite
def putz_deal(draw: st.DrawFn, seats: Sequence[str], apple_below: int) -> dict[str, Any]:
    points = dict(zip(seats, draw(split_157(len(seats))), strict=True))
    candidates = {player: value for player, value in points.items() if value >= apple_below}
    apples = len(seats) - len(candidates)
    tied = tied_for_a_point(candidates, ORACLE_PRIZES[len(seats)].get(apples, ()))
    entry: dict[str, Any] = {"points": points}
    if tied:
        entry["tie_order"] = draw(st.permutations(tied))
    return entry


@st.composite
def putz_game(draw: st.DrawFn) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    seats = list(draw(st.sampled_from([P3, P5])))
    game_settings = {"apple_below": draw(st.sampled_from([21, 0, 30, 60]))}
    count = draw(st.integers(0, 25))
    deals = draw(st.lists(putz_deal(seats, game_settings["apple_below"]), min_size=count, max_size=count))
    try:
        score_game("putz", seats, game_settings, deals)
    except InvalidDeal as ended:
        assert ended.field == "game"
        deals = deals[: ended.deal - 1]
    return seats, game_settings, deals


@settings(max_examples=150, deadline=None)
@given(putz_game())
def test_no_point_below_the_apple_limit(game: tuple[list[str], dict[str, Any], list[dict[str, Any]]]) -> None:
    seats, game_settings, deals = game
    result = score_game("putz", seats, game_settings, deals)
    for entry, scored in zip(deals, result.deals, strict=True):
        for player, points in entry["points"].items():
            if points < game_settings["apple_below"]:
                assert scored.scores[player] == -1
                assert player in scored.details["apples"]
            else:
                assert scored.scores[player] >= 0


@settings(max_examples=150, deadline=None)
@given(putz_game(), st.integers(0, 25))
def test_totals_replay_and_prefix(
    game: tuple[list[str], dict[str, Any], list[dict[str, Any]]], cut: int
) -> None:
    seats, game_settings, deals = game
    before = copy.deepcopy(deals)
    result = score_game("putz", seats, game_settings, deals)
    assert deals == before  # scoring never touches the entries
    assert result.totals == {player: sum(d.scores[player] for d in result.deals) for player in seats}
    assert score_game("putz", seats, game_settings, copy.deepcopy(deals)) == result
    prefix = score_game("putz", seats, game_settings, deals[:cut])
    assert prefix.deals == result.deals[:cut]
    assert len(result.deals) == len(deals)


# ---- the command line --------------------------------------------------------------------------


def test_cli_valid_game() -> None:
    game = {
        "variant": "putz",
        "seats": list(P3),
        "deals": [deal(P3, CLA_APPLE), deal(P3, (77, 40, 40), ("Cla", "Beat"))],
    }
    # Deal 1: 1, 1, -1. Deal 2: Anna +1, Cla (first in the tie) +1, Beat 0.
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "putz",
            "sides": ["Anna", "Beat", "Cla"],
            "deals": [
                {"number": 1, "scores": {"Anna": 1, "Beat": 1, "Cla": -1}},
                {"number": 2, "scores": {"Anna": 1, "Beat": 0, "Cla": 1}},
            ],
            "totals": {"Anna": 2, "Beat": 1, "Cla": 0},
            "finished": False,
            "winner": None,
            "ranking": [
                {"side": "Anna", "rank": 1, "total": 2},
                {"side": "Beat", "rank": 2, "total": 1},
                {"side": "Cla", "rank": 3, "total": 0},
            ],
        },
    )


def test_cli_invalid_game() -> None:
    game = {"variant": "putz", "seats": list(P3), "settings": {}, "deals": [GOOD, deal(P3, (80, 60, 10))]}
    assert run(json.dumps(game)) == (
        2,
        {"error": {"deal": 2, "field": "points", "message": "The card points must add up to 157, not 150."}},
    )
