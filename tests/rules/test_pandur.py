"""Pandur: contract values, made or failed, dealer protection, drop-outs, refusals, properties, CLI."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import GameResult, InvalidDeal
from scorekeeper.rules.pandur import VARIANT

SEATS = ("Anna", "Beat", "Cla", "Dora")


def hand(soloist: Any, contract: Any, made: bool | None = None, **fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {**fields, "soloist": soloist, "contract": contract}
    if made is not None:
        entry["made"] = made
    return entry


def play(deals: list[Any], **game_settings: Any) -> GameResult:
    return score_game("pandur", list(SEATS), game_settings, deals)


def refusal(deals: list[Any], **game_settings: Any) -> tuple[Any, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(deals, **game_settings)
    return caught.value.deal, caught.value.field, caught.value.message


def placings(result: GameResult) -> list[tuple[str, int, int]]:
    return [(p.side, p.rank, p.total) for p in result.ranking]


# ---- contracts ---------------------------------------------------------------------------------

VALUES = [
    pytest.param(100, 2, id="100 / 50 = 2"),
    pytest.param(140, 2, id="140 / 50 = 2 (down)"),
    pytest.param(150, 3, id="150 / 50 = 3"),
    pytest.param(190, 3, id="190 / 50 = 3 (down)"),
    pytest.param(200, 4, id="200 / 50 = 4"),
    pytest.param(250, 5, id="250 / 50 = 5"),
    pytest.param(290, 5, id="290 / 50 = 5 (down)"),
    pytest.param(300, 6, id="300 / 50 = 6"),
    pytest.param(400, 6, id="400 / 50 = 8, at most 6"),
    pytest.param(750, 6, id="750, the highest bid: 6"),
    pytest.param("misere", 4, id="misère 4"),
    pytest.param("trump_misere", 4, id="trump misère 4"),
    pytest.param("pandur", 5, id="Pandur 5"),
    pytest.param("trump_pandur", 6, id="trump Pandur 6"),
]


@pytest.mark.parametrize(("contract", "value"), VALUES)
def test_made_pays_the_soloist(contract: int | str, value: int) -> None:
    only = play([hand("Anna", contract, True, dealer="Dora")]).deals[0]
    assert only.scores == {"Anna": value, "Beat": 0, "Cla": 0, "Dora": 0}
    assert only.details == {
        "soloist": "Anna",
        "contract": contract,
        "value": value,
        "made": True,
        "sitting_out": "Dora",
        "out": [],
    }


@pytest.mark.parametrize(("contract", "value"), VALUES)
def test_failed_pays_the_others_and_the_dealer(contract: int | str, value: int) -> None:
    only = play([hand("Anna", contract, False, dealer="Dora")]).deals[0]
    assert only.scores == {"Anna": 0, "Beat": value, "Cla": value, "Dora": value}
    assert only.details["made"] is False


@pytest.mark.parametrize(
    ("contract", "points", "scores"),
    [
        pytest.param(150, 150, (3, 0, 0, 0), id="150 of 150: made"),
        pytest.param(150, 149, (0, 3, 3, 3), id="149 of 150: failed"),
        pytest.param(150, 0, (0, 3, 3, 3), id="0 of 150: failed"),
        pytest.param(300, 310, (6, 0, 0, 0), id="310 of 300 with melds: made"),
        pytest.param(750, 757, (6, 0, 0, 0), id="757, all cards and 600 melds: made"),
    ],
)
def test_points_decide_a_numeric_bid(contract: int, points: int, scores: tuple[int, ...]) -> None:
    only = play([{"dealer": "Dora", "soloist": "Anna", "contract": contract, "points": points}]).deals[0]
    assert only.scores == dict(zip(SEATS, scores, strict=True))
    assert only.details["made"] is (scores[0] > 0)


# ---- dealer protection -------------------------------------------------------------------------

DORA_SIX = hand("Dora", "trump_pandur", True, dealer="Anna")  # Dora +6
DORA_FIVE = hand("Dora", "pandur", True, dealer="Anna")  # Dora +5
DORA_FOUR = hand("Dora", 200, True, dealer="Anna")  # Dora +4
DORA_THREE = hand("Dora", 150, True, dealer="Anna")  # Dora +3
DORA_TWO = hand("Dora", 100, True, dealer="Anna")  # Dora +2
ANNA_FAILS = hand("Anna", 100, False, dealer="Dora")  # Beat +2, Cla +2, Dora +2 unless protected


@pytest.mark.parametrize(
    ("before", "game_settings", "dora"),
    [
        pytest.param([DORA_SIX, DORA_SIX], {}, 12, id="dealer at 12 of 15 gets 2: 14"),
        pytest.param([DORA_SIX, DORA_FIVE, DORA_TWO], {}, 13, id="dealer at 13 = 15-2 protected"),
        pytest.param([DORA_SIX, DORA_SIX, DORA_TWO], {}, 14, id="dealer at 14 = 15-1 protected"),
        pytest.param([DORA_THREE, DORA_FOUR], {"target": 10}, 7, id="target 10: dealer at 7 gets 2: 9"),
        pytest.param([DORA_FOUR, DORA_FOUR], {"target": 10}, 8, id="target 10: dealer at 8 protected"),
    ],
)
def test_dealer_protection(before: list[dict[str, Any]], game_settings: dict[str, Any], dora: int) -> None:
    result = play([*before, ANNA_FAILS], **game_settings)
    assert sum(d.scores["Dora"] for d in result.deals[:-1]) == dora
    protected = dora >= game_settings.get("target", 15) - 2
    assert result.deals[-1].scores == {"Anna": 0, "Beat": 2, "Cla": 2, "Dora": 0 if protected else 2}
    assert result.totals["Dora"] == dora + (0 if protected else 2)


# ---- drop-outs ---------------------------------------------------------------------------------

ANNA_OUT = [
    hand("Anna", "trump_pandur", True, dealer="Dora"),
    hand("Anna", "trump_pandur", True, dealer="Beat"),
    hand("Anna", "trump_pandur", True, dealer="Cla"),
]  # Anna 6, 12, 18: out in deal 3


def test_first_out_and_the_dealer_then_plays() -> None:
    result = play(ANNA_OUT)
    assert result.totals == {"Anna": 18, "Beat": 0, "Cla": 0, "Dora": 0}
    assert result.state == {
        "in": ["Beat", "Cla", "Dora"],
        "out": [["Anna"]],
        "loser": None,
        "dealer_needed": False,
    }
    assert result.deals[-1].details["out"] == ["Anna"]
    assert play(ANNA_OUT[:2]).state["dealer_needed"] is True
    # With three in nobody sits out: Beat fails 300, Cla and Dora both get 6.
    three = play([*ANNA_OUT, hand("Beat", 300, False)]).deals[-1]
    assert three.scores == {"Anna": 0, "Beat": 0, "Cla": 6, "Dora": 6}
    assert three.details["sitting_out"] is None


def test_same_deal_drop_outs_rank_by_total() -> None:
    deals = [
        *ANNA_OUT,
        hand("Beat", 300, False),  # Cla 6, Dora 6
        hand("Cla", 100, True),  # Cla 8
        hand("Beat", 300, False),  # Cla 14, Dora 12
        hand("Beat", 150, False),  # Cla 17, Dora 15: both out; Beat the loser
    ]
    result = play(deals)
    assert result.totals == {"Anna": 18, "Beat": 0, "Cla": 17, "Dora": 15}
    assert (result.finished, result.winner) == (True, "Anna")
    assert placings(result) == [("Anna", 1, 18), ("Cla", 2, 17), ("Dora", 3, 15), ("Beat", 4, 0)]
    assert result.state == {
        "in": ["Beat"],
        "out": [["Anna"], ["Cla", "Dora"]],
        "loser": "Beat",
        "dealer_needed": False,
    }
    assert refusal([*deals, hand("Beat", 100, True)]) == (
        8,
        "game",
        "The game ended with deal 7: no more deals.",
    )


TWO_LEFT = [
    *ANNA_OUT,
    hand("Cla", "trump_pandur", True),  # Cla 6
    hand("Cla", "trump_pandur", True),  # Cla 12
    hand("Cla", 150, True),  # Cla 15: out in deal 6; Beat and Dora are left
]


def test_two_left_both_play_and_drop_out_order_beats_totals() -> None:
    deals = [
        *TWO_LEFT,
        hand("Beat", "misere", False),  # Dora +4
        hand("Dora", "trump_pandur", True),  # Dora 10
        hand("Dora", "pandur", True),  # Dora 15: out; Beat the loser
    ]
    assert play(deals[:7]).deals[-1].scores == {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 4}
    result = play(deals)
    assert result.totals == {"Anna": 18, "Beat": 0, "Cla": 15, "Dora": 15}
    assert placings(result) == [("Anna", 1, 18), ("Cla", 2, 15), ("Dora", 3, 15), ("Beat", 4, 0)]
    assert (result.finished, result.winner) == (True, "Anna")
    running = play(deals[:7])
    assert placings(running) == [("Anna", 1, 18), ("Cla", 2, 15), ("Dora", 3, 4), ("Beat", 4, 0)]
    assert (running.finished, running.winner) == (False, None)


@pytest.mark.parametrize(
    ("deals", "number", "field", "message"),
    [
        pytest.param(
            [*ANNA_OUT, hand("Beat", 100, True, dealer="Cla")],
            4,
            "dealer",
            "With 3 players in, nobody sits out: leave out the dealer.",
            id="dealer with three in",
        ),
        pytest.param(
            [*TWO_LEFT, hand("Beat", 100, True, dealer="Dora")],
            7,
            "dealer",
            "With 2 players in, nobody sits out: leave out the dealer.",
            id="dealer with two in",
        ),
        pytest.param(
            [*ANNA_OUT, hand("Anna", 100, True)],
            4,
            "soloist",
            "Anna is out of the game and plays no more.",
            id="soloist out",
        ),
        pytest.param(
            [*TWO_LEFT, hand("Cla", 100, True)],
            7,
            "soloist",
            "Cla is out of the game and plays no more.",
            id="soloist out with two left",
        ),
    ],
)
def test_refusals_after_drop_outs(deals: list[Any], number: int, field: str, message: str) -> None:
    assert refusal(deals) == (number, field, message)


# ---- refusals ----------------------------------------------------------------------------------

CONTRACT = (
    "The contract must be a bid from 100 to 750 in tens, or misère, trump misère, Pandur or trump Pandur."
)
POINTS = "The soloist's points must be a whole number from 0 to 757."
GOOD = hand("Anna", 150, True, dealer="Dora")

REFUSALS = [
    pytest.param(
        [GOOD, hand("Anna", 150, True)],
        2,
        "dealer",
        "Four players are in: name the dealer, who sits this hand out.",
        id="no dealer",
    ),
    pytest.param(
        [hand("Anna", 150, True, dealer="Zoe")],
        1,
        "dealer",
        "The dealer: 'Zoe' is not in this game.",
        id="zoe",
    ),
    pytest.param(
        [hand("Anna", 150, True, dealer=3)],
        1,
        "dealer",
        "The dealer: 3 is not a player's name.",
        id="dealer 3",
    ),
    pytest.param(
        [{"dealer": "Dora", "contract": 150, "made": True}],
        1,
        "soloist",
        "The soloist is missing.",
        id="no soloist",
    ),
    pytest.param(
        [hand("Dora", 150, True, dealer="Dora")],
        1,
        "soloist",
        "Dora deals this hand and sits it out: not the soloist.",
        id="soloist deals",
    ),
    pytest.param(
        [hand("Zoe", 150, True, dealer="Dora")],
        1,
        "soloist",
        "The soloist: 'Zoe' is not in this game.",
        id="zoe",
    ),
    pytest.param(
        [hand(["Anna"], 150, True, dealer="Dora")],
        1,
        "soloist",
        "The soloist: ['Anna'] is not a player's name.",
        id="soloist a list",
    ),
    pytest.param(
        [{"dealer": "Dora", "soloist": "Anna", "made": True}],
        1,
        "contract",
        "The contract is missing.",
        id="none",
    ),
    pytest.param([hand("Anna", 90, True, dealer="Dora")], 1, "contract", CONTRACT, id="bid 90"),
    pytest.param([hand("Anna", 155, True, dealer="Dora")], 1, "contract", CONTRACT, id="bid 155"),
    pytest.param([hand("Anna", 760, True, dealer="Dora")], 1, "contract", CONTRACT, id="bid 760"),
    pytest.param([hand("Anna", True, True, dealer="Dora")], 1, "contract", CONTRACT, id="bid true"),
    pytest.param([hand("Anna", 150.0, True, dealer="Dora")], 1, "contract", CONTRACT, id="bid 150.0"),
    pytest.param([hand("Anna", "150", True, dealer="Dora")], 1, "contract", CONTRACT, id="bid '150'"),
    pytest.param([hand("Anna", "slalom", True, dealer="Dora")], 1, "contract", CONTRACT, id="slalom"),
    pytest.param(
        [{**GOOD, "points": 160}],
        1,
        "points",
        "Give either whether the contract was made or the soloist's points, not both.",
        id="made and points",
    ),
    pytest.param(
        [hand("Anna", 150, dealer="Dora")],
        1,
        "made",
        "Say whether the contract was made, or give the soloist's points.",
        id="neither made nor points",
    ),
    pytest.param([{**GOOD, "made": "yes"}], 1, "made", "Made must be true or false.", id="made yes"),
    pytest.param([{**GOOD, "made": 1}], 1, "made", "Made must be true or false.", id="made 1"),
    pytest.param(
        [hand("Anna", "misere", dealer="Dora", points=0)],
        1,
        "points",
        "Points decide only a numeric bid: say whether the misère was made.",
        id="points for misère",
    ),
    pytest.param(
        [hand("Anna", "trump_pandur", dealer="Dora", points=157)],
        1,
        "points",
        "Points decide only a numeric bid: say whether the trump Pandur was made.",
        id="points for trump Pandur",
    ),
    pytest.param([hand("Anna", 150, dealer="Dora", points=758)], 1, "points", POINTS, id="points 758"),
    pytest.param([hand("Anna", 150, dealer="Dora", points=-1)], 1, "points", POINTS, id="points -1"),
    pytest.param([hand("Anna", 150, dealer="Dora", points=True)], 1, "points", POINTS, id="points true"),
    pytest.param([hand("Anna", 150, dealer="Dora", points=150.5)], 1, "points", POINTS, id="points 150.5"),
    pytest.param(
        [hand("Anna", 150, dealer="Dora", points=1)],
        1,
        "points",
        "The soloist's points cannot be 1: no card is worth 1 point.",
        id="points 1",
    ),
    pytest.param(
        [{**GOOD, "trump": "hearts"}], 1, "trump", "Unknown field 'trump' in this deal.", id="unknown"
    ),
    pytest.param([GOOD, 42], 2, "deal", "Each deal must be an object of named fields.", id="not an object"),
]


@pytest.mark.parametrize(("deals", "number", "field", "message"), REFUSALS)
def test_refusals(deals: list[Any], number: int, field: str, message: str) -> None:
    assert refusal(deals) == (number, field, message)


@pytest.mark.parametrize(
    ("game_settings", "field", "message"),
    [
        ({"target": 0}, "target", "The target must be a whole number from 1 to 100."),
        ({"target": 101}, "target", "The target must be a whole number from 1 to 100."),
        ({"target": "15"}, "target", "The target must be a whole number from 1 to 100."),
        ({"out_at": 15}, "out_at", "Unknown setting 'out_at' for pandur."),
    ],
)
def test_setting_refusals(game_settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal([GOOD], **game_settings) == (None, field, message)


def test_seat_count() -> None:
    with pytest.raises(InvalidDeal) as caught:
        score_game("pandur", ["Anna", "Beat", "Cla"], {}, [])
    assert caught.value.to_json() == {
        "error": {"deal": None, "field": "seats", "message": "This variant needs 4 players, not 3."}
    }


def test_variant_declares_its_settings() -> None:
    assert VARIANT.key == "pandur"
    assert VARIANT.defaults == {"target": 15}
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert VARIANT.player_counts == (4,)


# ---- properties --------------------------------------------------------------------------------

CONTRACTS = st.one_of(
    st.sampled_from(["misere", "trump_misere", "pandur", "trump_pandur"]),
    st.integers(10, 75).map(lambda n: n * 10),
)


@st.composite
def pandur_deal(draw: st.DrawFn, still_in: list[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    in_hand = list(still_in)
    if len(still_in) == 4:
        entry["dealer"] = draw(st.sampled_from(still_in))
        in_hand.remove(entry["dealer"])
    entry["soloist"] = draw(st.sampled_from(in_hand))
    entry["contract"] = draw(CONTRACTS)
    if isinstance(entry["contract"], int) and draw(st.booleans()):
        entry["points"] = draw(st.integers(0, 757).filter(lambda points: points != 1))
    else:
        entry["made"] = draw(st.booleans())
    return entry


@st.composite
def pandur_game(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game_settings = {"target": draw(st.sampled_from([15, 5, 10, 30]))}
    deals: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 20))):
        result = score_game("pandur", list(SEATS), game_settings, deals)
        if result.finished:
            break
        deals.append(draw(pandur_deal(result.state["in"])))
    return game_settings, deals


@settings(max_examples=120, deadline=None)
@given(pandur_game(), st.integers(0, 20))
def test_properties(game: tuple[dict[str, Any], list[dict[str, Any]]], cut: int) -> None:
    game_settings, deals = game
    before = copy.deepcopy(deals)
    result = score_game("pandur", list(SEATS), game_settings, deals)
    assert deals == before
    assert result.totals == {player: sum(d.scores[player] for d in result.deals) for player in SEATS}
    assert score_game("pandur", list(SEATS), game_settings, copy.deepcopy(deals)) == result
    assert score_game("pandur", list(SEATS), game_settings, deals[:cut]).deals == result.deals[:cut]
    for scored in result.deals:
        details = scored.details
        assert set(scored.scores.values()) <= {0, details["value"]}
        assert (scored.scores[details["soloist"]] > 0) is details["made"]
        if details["made"]:
            assert sum(scored.scores.values()) == details["value"]
    sides = [placing.side for placing in result.ranking]
    start = 0
    for group in [*result.state["out"], result.state["in"]]:
        assert set(sides[start : start + len(group)]) == set(group)
        start += len(group)
    assert result.finished == (len(result.state["in"]) == 1)


# ---- the command line --------------------------------------------------------------------------


def test_cli_valid_game() -> None:
    # Deal 1: Anna makes 150: +3. Deal 2: Beat fails misère: Cla +4, Dora +4, dealer Anna (3 < 13) +4.
    game = {
        "variant": "pandur",
        "seats": list(SEATS),
        "deals": [hand("Anna", 150, True, dealer="Dora"), hand("Beat", "misere", False, dealer="Anna")],
    }
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "pandur",
            "sides": ["Anna", "Beat", "Cla", "Dora"],
            "deals": [
                {"number": 1, "scores": {"Anna": 3, "Beat": 0, "Cla": 0, "Dora": 0}},
                {"number": 2, "scores": {"Anna": 4, "Beat": 0, "Cla": 4, "Dora": 4}},
            ],
            "totals": {"Anna": 7, "Beat": 0, "Cla": 4, "Dora": 4},
            "finished": False,
            "winner": None,
            "ranking": [
                {"side": "Anna", "rank": 1, "total": 7},
                {"side": "Cla", "rank": 2, "total": 4},
                {"side": "Dora", "rank": 2, "total": 4},
                {"side": "Beat", "rank": 4, "total": 0},
            ],
        },
    )


def test_cli_invalid_game() -> None:
    game = {"variant": "pandur", "seats": list(SEATS), "deals": [GOOD, hand("Anna", 150, True)]}
    assert run(json.dumps(game)) == (
        2,
        {
            "error": {
                "deal": 2,
                "field": "dealer",
                "message": "Four players are in: name the dealer, who sits this hand out.",
            }
        },
    )
