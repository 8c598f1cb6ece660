"""Coiffeur (rules.md): hand-computed rows, every refusal, properties of replaying, the command line."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import InvalidDeal, score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import GameResult, Placing
from scorekeeper.rules.coiffeur import VARIANT

SEATS = ["Anna", "Beat", "Cla", "Dora"]
ROWS = ["hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe"]


def play(deals: list[Any], **settings: Any) -> GameResult:
    return score_game("coiffeur", SEATS, settings, deals)


def refusal(deals: list[Any], **settings: Any) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(deals, **settings)
    return caught.value.deal, caught.value.field, caught.value.message


# ---- the variant's declaration --------------------------------------------------------------------


def test_defaults_are_the_rules_md_board_and_bonuses() -> None:
    assert VARIANT.key == "coiffeur"
    assert VARIANT.player_counts == (4,)
    assert VARIANT.defaults == {
        "rows": [
            ["hearts", 1],
            ["diamonds", 2],
            ["spades", 3],
            ["clubs", 4],
            ["obenabe", 5],
            ["undenufe", 6],
        ],
        "match_bonus": 100,
        "counter_match_bonus": 100,
        "match_bonus_multiplied": True,
        "counter_match": "bonus",
        "weis": False,
        "round_to": 1,
    }
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert VARIANT.presets["no match bonus"] == {**VARIANT.defaults, "match_bonus": 0}


# ---- one deal, scored by hand -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "settings", "scores"),
    [
        pytest.param({"team": "A", "row": "hearts", "points": 83}, {}, {"A": 83, "B": 0}, id="83x1=83"),
        pytest.param({"team": "B", "row": "diamonds", "points": 70}, {}, {"A": 0, "B": 140}, id="70x2=140"),
        pytest.param({"team": "A", "row": "spades", "points": 0}, {}, {"A": 0, "B": 0}, id="0x3=0"),
        pytest.param({"team": "B", "row": "spades", "points": 2}, {}, {"A": 0, "B": 6}, id="2x3=6"),
        pytest.param({"team": "A", "row": "clubs", "points": 155}, {}, {"A": 620, "B": 0}, id="155x4=620"),
        pytest.param(
            {"team": "A", "row": "clubs", "points": 157}, {}, {"A": 628, "B": 0}, id="157-no-match:157x4=628"
        ),
        pytest.param({"team": "B", "row": "obenabe", "points": 100}, {}, {"A": 0, "B": 500}, id="100x5=500"),
        pytest.param({"team": "A", "row": "undenufe", "points": 48}, {}, {"A": 288, "B": 0}, id="48x6=288"),
        pytest.param(
            {"team": "A", "row": "hearts", "match": True}, {}, {"A": 257, "B": 0}, id="match:(157+100)x1=257"
        ),
        pytest.param(
            {"team": "B", "row": "undenufe", "match": True},
            {},
            {"A": 0, "B": 1542},
            id="match:(157+100)x6=1542",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "match": True},
            {"match_bonus": 0},
            {"A": 471, "B": 0},
            id="match-bonus-0:157x3=471",
        ),
        pytest.param(
            {"team": "B", "row": "obenabe", "match": True},
            {"match_bonus": 50},
            {"A": 0, "B": 1035},
            id="match-bonus-50:(157+50)x5=1035",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "counter_match": True},
            {},
            {"A": 0, "B": 100},
            id="counter:other-team-100-not-x3",
        ),
        pytest.param(
            {"team": "B", "row": "undenufe", "counter_match": True},
            {},
            {"A": 100, "B": 0},
            id="counter:other-team-100-not-x6",
        ),
        pytest.param(
            {"team": "A", "row": "clubs", "counter_match": True},
            {"counter_match_bonus": 250},
            {"A": 0, "B": 250},
            id="counter-bonus-250:not-x4",
        ),
        pytest.param(
            {"team": "A", "row": "clubs", "counter_match": True},
            {"counter_match_bonus": 0},
            {"A": 0, "B": 0},
            id="counter-bonus-0",
        ),
        pytest.param(
            {"team": "A", "row": "slalom", "points": 50},
            {"rows": [["slalom", 7]]},
            {"A": 350, "B": 0},
            id="own-row:50x7=350",
        ),
        pytest.param(
            {"team": "B", "row": "Rosen", "match": True},
            {"rows": [["Schellen", 1], ["Rosen", 3]]},
            {"A": 0, "B": 771},
            id="renamed-row:(157+100)x3=771",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 83, "match": False, "counter_match": False},
            {},
            {"A": 83, "B": 0},
            id="false-marks-are-no-marks:83x1",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": None, "match": True, "counter_match": None},
            {},
            {"A": 257, "B": 0},
            id="null-is-not-given:match(157+100)x1",
        ),
    ],
)
def test_one_deal_scores(entry: dict[str, Any], settings: dict[str, Any], scores: dict[str, int]) -> None:
    result = play([entry], **settings)
    assert [(d.number, dict(d.scores)) for d in result.deals] == [(1, scores)]
    assert result.totals == scores


@pytest.mark.parametrize(
    ("entry", "details"),
    [
        (
            {"team": "B", "row": "spades", "points": 83},
            {
                "team": "B",
                "row": "spades",
                "multiplier": 3,
                "points": 83,
                "match": False,
                "counter_match": False,
                "weis": {"A": 0, "B": 0},
                "stoeck": None,
            },
        ),
        (
            {"team": "A", "row": "clubs", "match": True},
            {
                "team": "A",
                "row": "clubs",
                "multiplier": 4,
                "points": None,
                "match": True,
                "counter_match": False,
                "weis": {"A": 0, "B": 0},
                "stoeck": None,
            },
        ),
        (
            {"team": "A", "row": "obenabe", "counter_match": True},
            {
                "team": "A",
                "row": "obenabe",
                "multiplier": 5,
                "points": None,
                "match": False,
                "counter_match": True,
                "weis": {"A": 0, "B": 0},
                "stoeck": None,
            },
        ),
    ],
)
def test_details_show_team_row_multiplier_and_claim(entry: dict[str, Any], details: dict[str, Any]) -> None:
    assert play([entry]).deals[0].details == details


# ---- whole games -----------------------------------------------------------------------------------

FULL_GAME = [
    {"team": "A", "row": "hearts", "points": 83},  # A 83
    {"team": "B", "row": "hearts", "points": 74},  # B 74
    {"team": "A", "row": "diamonds", "points": 100},  # A 200
    {"team": "B", "row": "undenufe", "match": True},  # B 257 x 6 = 1542
    {"team": "A", "row": "spades", "counter_match": True},  # B 100
    {"team": "B", "row": "diamonds", "points": 57},  # B 114
    {"team": "A", "row": "clubs", "points": 90},  # A 360
    {"team": "B", "row": "spades", "points": 0},  # B 0
    {"team": "A", "row": "obenabe", "match": True},  # A 257 x 5 = 1285
    {"team": "B", "row": "clubs", "points": 60},  # B 240
    {"team": "A", "row": "undenufe", "points": 40},  # A 240
    {"team": "B", "row": "obenabe", "points": 20},  # B 100
]
# A: 83 + 200 + 360 + 1285 + 240 = 2168; B: 74 + 1542 + 100 + 114 + 0 + 240 + 100 = 2170


def test_full_game_ends_after_both_teams_played_every_row() -> None:
    result = play(FULL_GAME)
    assert result.totals == {"A": 2168, "B": 2170}
    assert result.finished is True
    assert result.winner == "B"
    assert result.ranking == (Placing("B", 1, 2170), Placing("A", 2, 2168))
    assert result.state["open_rows"] == {"A": [], "B": []}
    assert [d.number for d in result.deals] == list(range(1, 13))


def test_running_game_has_no_winner_and_lists_open_rows_in_board_order() -> None:
    result = play(FULL_GAME[:5])  # A 83 + 200 = 283, B 74 + 1542 + 100 = 1716
    assert result.totals == {"A": 283, "B": 1716}
    assert result.finished is False
    assert result.winner is None
    assert result.ranking == (Placing("B", 1, 1716), Placing("A", 2, 283))
    assert result.state == {
        "open_rows": {"A": ["clubs", "obenabe", "undenufe"], "B": ["diamonds", "spades", "clubs", "obenabe"]},
        "rows": [
            ["hearts", 1],
            ["diamonds", 2],
            ["spades", 3],
            ["clubs", 4],
            ["obenabe", 5],
            ["undenufe", 6],
        ],
    }


def test_empty_game_state_offers_every_row_to_both() -> None:
    result = play([], rows=[["spades", 2], ["slalom", 7]])
    assert result.state == {
        "open_rows": {"A": ["spades", "slalom"], "B": ["spades", "slalom"]},
        "rows": [["spades", 2], ["slalom", 7]],
    }
    assert result.totals == {"A": 0, "B": 0}
    assert result.ranking == (Placing("A", 1, 0), Placing("B", 1, 0))
    assert result.finished is False


def test_a_team_may_play_all_its_rows_first() -> None:
    deals = [{"team": "A", "row": row, "points": 50} for row in ROWS]  # 50 x (1+2+3+4+5+6) = 1050
    result = play(deals)
    assert result.totals == {"A": 1050, "B": 0}
    assert result.finished is False
    assert result.state["open_rows"] == {"A": [], "B": ROWS}


def test_tie_after_the_last_row_has_no_winner() -> None:
    level = [
        {"team": "A", "row": "hearts", "points": 60},  # A 60
        {"team": "B", "row": "hearts", "points": 90},  # B 90
        {"team": "A", "row": "spades", "points": 40},  # A 60 + 40 x 3 = 180
        {"team": "B", "row": "spades", "points": 30},  # B 90 + 30 x 3 = 180
    ]
    result = play(level, rows=[["hearts", 1], ["spades", 3]])
    assert result.totals == {"A": 180, "B": 180}
    assert result.finished is True
    assert result.winner is None
    assert result.ranking == (Placing("A", 1, 180), Placing("B", 1, 180))


def test_counter_match_can_decide_the_game() -> None:
    deals = [
        {"team": "A", "row": "hearts", "points": 90},  # A 90
        {"team": "B", "row": "hearts", "counter_match": True},  # B writes 0, A gets 100: A 190
        {"team": "B", "row": "spades", "points": 50},  # B 150
        {"team": "A", "row": "spades", "points": 0},  # A 190
    ]
    result = play(deals, rows=[["hearts", 1], ["spades", 3]])
    assert result.totals == {"A": 190, "B": 150}
    assert result.winner == "A"


# ---- house rules, one deal by hand --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "settings", "scores"),
    [
        pytest.param(
            {"team": "A", "row": "undenufe", "match": True},
            {"match_bonus_multiplied": False},
            {"A": 1042, "B": 0},
            id="unmultiplied:157x6+100=1042",
        ),
        pytest.param(
            {"team": "B", "row": "spades", "match": True},
            {"match_bonus_multiplied": False, "match_bonus": 0},
            {"A": 0, "B": 471},
            id="unmultiplied-bonus-0:157x3=471",
        ),
        pytest.param(
            {"team": "A", "row": "undenufe", "match": True},
            {"match_bonus_multiplied": True},
            {"A": 1542, "B": 0},
            id="multiplied-said-so:(157+100)x6=1542",
        ),
        pytest.param(
            {"team": "A", "row": "diamonds", "points": 83},
            {"match_bonus_multiplied": False},
            {"A": 166, "B": 0},
            id="unmultiplied-no-match:83x2=166",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "counter_match": True},
            {"counter_match": "penalty"},
            {"A": -300, "B": 0},
            id="penalty:-100x3=-300",
        ),
        pytest.param(
            {"team": "B", "row": "clubs", "counter_match": True},
            {"counter_match": "penalty", "counter_match_bonus": 250},
            {"A": 0, "B": -1000},
            id="penalty-250:-250x4=-1000",
        ),
        pytest.param(
            {"team": "B", "row": "clubs", "counter_match": True},
            {"counter_match": "penalty", "counter_match_bonus": 0},
            {"A": 0, "B": 0},
            id="penalty-0",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "counter_match": True},
            {"counter_match": "bonus"},
            {"A": 0, "B": 100},
            id="bonus-said-so:other-team-100",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 84}, {"round_to": 10}, {"A": 80, "B": 0}, id="84->80"
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 85}, {"round_to": 10}, {"A": 90, "B": 0}, id="85->90"
        ),
        pytest.param(
            {"team": "B", "row": "spades", "points": 2}, {"round_to": 10}, {"A": 0, "B": 0}, id="2->0x3=0"
        ),
        pytest.param(
            {"team": "A", "row": "clubs", "points": 155},
            {"round_to": 10},
            {"A": 640, "B": 0},
            id="155->160x4=640",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 157},
            {"round_to": 10},
            {"A": 160, "B": 0},
            id="157-no-match->160",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "match": True},
            {"round_to": 10, "match_bonus": 55},
            {"A": 645, "B": 0},
            id="round-match:(160+55)x3=645",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "match": True},
            {"round_to": 10, "match_bonus": 55, "match_bonus_multiplied": False},
            {"A": 535, "B": 0},
            id="round-match-unmultiplied:160x3+55=535",
        ),
        pytest.param(
            {"team": "A", "row": "spades", "counter_match": True},
            {"round_to": 10, "counter_match_bonus": 55},
            {"A": 0, "B": 55},
            id="round-counter-bonus-as-it-is",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 83}, {"round_to": 1}, {"A": 83, "B": 0}, id="round-1"
        ),
        pytest.param(
            {"team": "A", "row": "spades", "points": 83, "weis": {"A": 50}, "stoeck": "A"},
            {"weis": True},
            {"A": 459, "B": 0},
            id="weis:(83+50+20)x3=459",
        ),
        pytest.param(
            {"team": "B", "row": "spades", "points": 83, "weis": {"B": 50}},
            {"weis": True, "round_to": 10},
            {"A": 0, "B": 390},
            id="weis-rounded:83+50=133->130x3=390",
        ),
        pytest.param(
            {"team": "A", "row": "diamonds", "match": True, "weis": {"A": 50}},
            {"weis": True},
            {"A": 614, "B": 0},
            id="weis-match:(157+50+100)x2=614",
        ),
        pytest.param(
            {"team": "A", "row": "diamonds", "match": True, "weis": {"A": 50}},
            {"weis": True, "match_bonus_multiplied": False},
            {"A": 514, "B": 0},
            id="weis-match-unmultiplied:(157+50)x2+100=514",
        ),
        pytest.param(
            {"team": "A", "row": "undenufe", "points": 0, "weis": {"A": 100}},
            {"weis": True},
            {"A": 600, "B": 0},
            id="weis-without-points:100x6=600",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 83, "weis": {"A": 20, "B": 0}},
            {"weis": True},
            {"A": 103, "B": 0},
            id="other-team-0-is-no-weis",
        ),
        pytest.param(
            {"team": "A", "row": "slalom", "points": 60, "stoeck": "A"},
            {"weis": True, "rows": [["slalom", 7]]},
            {"A": 560, "B": 0},
            id="stoeck-on-a-club-row:(60+20)x7=560",
        ),
        pytest.param(
            {"team": "A", "row": "obenabe", "counter_match": True, "weis": {"A": 0}, "stoeck": None},
            {"weis": True},
            {"A": 0, "B": 100},
            id="counter-match-with-no-weis",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "points": 83, "weis": None, "stoeck": None},
            {},
            {"A": 83, "B": 0},
            id="null-weis-is-no-weis",
        ),
    ],
)
def test_house_rules_score_one_deal(
    entry: dict[str, Any], settings: dict[str, Any], scores: dict[str, int]
) -> None:
    result = play([entry], **settings)
    assert dict(result.deals[0].scores) == scores
    assert result.totals == scores


def test_details_show_the_announcing_teams_weis_and_stoeck() -> None:
    entry = {"team": "B", "row": "spades", "points": 83, "weis": {"B": 50}, "stoeck": "B"}
    assert play([entry], weis=True).deals[0].details == {
        "team": "B",
        "row": "spades",
        "multiplier": 3,
        "points": 83,
        "match": False,
        "counter_match": False,
        "weis": {"A": 0, "B": 50},
        "stoeck": "B",
    }


# ---- house rules, whole games by hand -----------------------------------------------------------------

UNMULTIPLIED_GAME = [
    {"team": "A", "row": "hearts", "points": 60},  # A 60
    {"team": "B", "row": "hearts", "points": 97},  # B 97
    {"team": "A", "row": "diamonds", "points": 50},  # A 100
    {"team": "B", "row": "diamonds", "points": 107},  # B 214
    {"team": "A", "row": "spades", "match": True},  # A 157 x 3 + 100 = 571 (multiplied: 257 x 3 = 771)
    {"team": "B", "row": "spades", "points": 57},  # B 171
    {"team": "A", "row": "clubs", "counter_match": True},  # B 100
    {"team": "B", "row": "clubs", "points": 70},  # B 280
    {"team": "A", "row": "obenabe", "points": 30},  # A 150
    {"team": "B", "row": "obenabe", "match": True},  # B 157 x 5 + 100 = 885 (multiplied: 257 x 5 = 1285)
    {"team": "A", "row": "undenufe", "points": 25},  # A 150
    {"team": "B", "row": "undenufe", "points": 20},  # B 120
]
# A: 60 + 100 + 571 + 150 + 150 = 1031; B: 97 + 214 + 171 + 100 + 280 + 885 + 120 = 1867


def test_a_game_with_the_match_bonus_not_multiplied() -> None:
    result = play(UNMULTIPLIED_GAME, match_bonus_multiplied=False)
    assert [dict(d.scores) for d in result.deals][4] == {"A": 571, "B": 0}
    assert [dict(d.scores) for d in result.deals][9] == {"A": 0, "B": 885}
    assert result.totals == {"A": 1031, "B": 1867}
    assert (result.finished, result.winner) == (True, "B")
    assert result.ranking == (Placing("B", 1, 1867), Placing("A", 2, 1031))


def test_the_same_game_with_the_bonus_multiplied() -> None:
    """A: 1031 - 571 + 771 = 1231; B: 1867 - 885 + 1285 = 2267."""
    assert play(UNMULTIPLIED_GAME).totals == {"A": 1231, "B": 2267}


ROUNDED_GAME = [
    {"team": "A", "row": "hearts", "points": 83},  # 80 x 1 = 80
    {"team": "B", "row": "hearts", "points": 25},  # 30 x 1 = 30 (half up)
    {"team": "A", "row": "diamonds", "points": 85},  # 90 x 2 = 180
    {"team": "B", "row": "diamonds", "points": 44},  # 40 x 2 = 80
    {"team": "A", "row": "spades", "points": 74},  # 70 x 3 = 210
    {"team": "B", "row": "spades", "points": 0},  # 0
    {"team": "A", "row": "clubs", "points": 155},  # 160 x 4 = 640
    {"team": "B", "row": "clubs", "points": 96},  # 100 x 4 = 400
    {"team": "A", "row": "obenabe", "match": True},  # (160 + 100) x 5 = 1300
    {"team": "B", "row": "obenabe", "points": 57},  # 60 x 5 = 300
    {"team": "A", "row": "undenufe", "points": 4},  # 0 x 6 = 0
    {"team": "B", "row": "undenufe", "counter_match": True},  # A 100, as it is
]
# A: 80 + 180 + 210 + 640 + 1300 + 0 + 100 = 2510; B: 30 + 80 + 0 + 400 + 300 = 810


def test_a_game_rounded_to_tens() -> None:
    result = play(ROUNDED_GAME, round_to=10)
    assert [d.scores["A"] + d.scores["B"] for d in result.deals] == [
        80, 30, 180, 80, 210, 0, 640, 400, 1300, 300, 0, 100
    ]  # fmt: skip
    assert result.totals == {"A": 2510, "B": 810}
    assert (result.finished, result.winner) == (True, "A")


def test_the_same_game_unrounded() -> None:
    """A: 83 + 170 + 222 + 620 + 1285 + 24 + 100 = 2504; B: 25 + 88 + 0 + 384 + 285 = 782."""
    assert play(ROUNDED_GAME).totals == {"A": 2504, "B": 782}


PENALTY_GAME = [
    {"team": "A", "row": "hearts", "points": 90},  # A 90
    {"team": "B", "row": "spades", "counter_match": True},  # B -100 x 3 = -300
    {"team": "A", "row": "spades", "points": 60},  # A 180
    {"team": "B", "row": "hearts", "points": 100},  # B 100
    {"team": "A", "row": "diamonds", "counter_match": True},  # A -100 x 2 = -200
    {"team": "B", "row": "diamonds", "points": 40},  # B 80
    {"team": "A", "row": "clubs", "points": 35},  # A 140
    {"team": "B", "row": "clubs", "match": True},  # B 257 x 4 = 1028
    {"team": "A", "row": "obenabe", "points": 70},  # A 350
    {"team": "B", "row": "obenabe", "points": 12},  # B 60
    {"team": "A", "row": "undenufe", "points": 50},  # A 300
    {"team": "B", "row": "undenufe", "points": 0},  # B 0
]
# A: 90 + 180 - 200 + 140 + 350 + 300 = 860; B: -300 + 100 + 80 + 1028 + 60 + 0 = 968


def test_a_game_with_the_counter_match_as_a_penalty() -> None:
    result = play(PENALTY_GAME, counter_match="penalty")
    assert dict(result.deals[1].scores) == {"A": 0, "B": -300}
    assert dict(result.deals[4].scores) == {"A": -200, "B": 0}
    assert result.totals == {"A": 860, "B": 968}
    assert (result.finished, result.winner) == (True, "B")


def test_a_total_below_zero_ranks_last() -> None:
    result = play(PENALTY_GAME[:2], counter_match="penalty")
    assert result.totals == {"A": 90, "B": -300}
    assert result.ranking == (Placing("A", 1, 90), Placing("B", 2, -300))
    assert result.finished is False


def test_the_same_game_with_the_counter_match_bonus() -> None:
    """A: 90 + 180 + 140 + 350 + 300 + 100 (B's counter-match) = 1160;
    B: 100 (A's counter-match) + 100 + 80 + 1028 + 60 = 1368."""
    assert play(PENALTY_GAME).totals == {"A": 1160, "B": 1368}


WEIS_GAME = [
    {"team": "A", "row": "hearts", "points": 83, "weis": {"A": 50}, "stoeck": "A"},  # (83+50+20) x 1 = 153
    {"team": "B", "row": "hearts", "points": 60, "weis": {"B": 20}},  # 80
    {"team": "A", "row": "diamonds", "match": True, "weis": {"A": 100}},  # (157+100+100) x 2 = 714
    {"team": "B", "row": "diamonds", "points": 40, "stoeck": "B"},  # (40+20) x 2 = 120
    {"team": "A", "row": "spades", "points": 0, "weis": {"A": 50}},  # 50 x 3 = 150
    {"team": "B", "row": "spades", "counter_match": True},  # A 100
    {"team": "A", "row": "clubs", "points": 100},  # 400
    {"team": "B", "row": "clubs", "points": 70, "weis": {"B": 150}, "stoeck": "B"},  # (70+150+20) x 4 = 960
    {"team": "A", "row": "obenabe", "points": 57, "weis": {"A": 40}},  # 97 x 5 = 485
    {"team": "B", "row": "obenabe", "match": True, "weis": {"B": 200}},  # (157+200+100) x 5 = 2285
    {"team": "A", "row": "undenufe", "points": 30},  # 180
    {"team": "B", "row": "undenufe", "points": 25, "weis": {"B": 0}},  # 150
]
# A: 153 + 714 + 150 + 100 + 400 + 485 + 180 = 2182; B: 80 + 120 + 960 + 2285 + 150 = 3595


def test_a_game_with_weis_and_stoeck() -> None:
    result = play(WEIS_GAME, weis=True)
    assert [d.scores["A"] + d.scores["B"] for d in result.deals] == [
        153, 80, 714, 120, 150, 100, 400, 960, 485, 2285, 180, 150
    ]  # fmt: skip
    assert result.totals == {"A": 2182, "B": 3595}
    assert (result.finished, result.winner) == (True, "B")


def test_the_weis_game_is_refused_without_the_setting() -> None:
    assert refusal(WEIS_GAME) == (1, "weis", NO_WEIS)


# ---- refusals --------------------------------------------------------------------------------------

HEARTS_83 = {"team": "A", "row": "hearts", "points": 83}
WHOLE = "Card points must be a whole number from 0 to 157."
ONE_CLAIM = "Enter only one of card points, match and counter-match."
NO_CLAIM = "Enter the card points, or mark a match or a counter-match."
NO_WEIS = "This game counts no Weis and no Stöck: its settings leave them out."


@pytest.mark.parametrize(
    ("deals", "settings", "error"),
    [
        pytest.param(
            [HEARTS_83, {"team": "B", "row": "hearts", "points": 0}, HEARTS_83],
            {"rows": [["hearts", 1]]},
            (3, "game", "The game ended with deal 2: no more deals."),
            id="after-the-end",
        ),
        pytest.param(
            ["A hearts 83"], {}, (1, "deal", "Each deal must be an object of named fields."), id="text"
        ),
        pytest.param([[1, 2]], {}, (1, "deal", "Each deal must be an object of named fields."), id="list"),
        pytest.param([{**HEARTS_83, "weis": {"A": 20}}], {}, (1, "weis", NO_WEIS), id="no-weis"),
        pytest.param([{**HEARTS_83, "weis": 20}], {}, (1, "weis", NO_WEIS), id="no-weis-whatever-shape"),
        pytest.param([{**HEARTS_83, "stoeck": "A"}], {}, (1, "stoeck", NO_WEIS), id="no-stoeck"),
        pytest.param(
            [{**HEARTS_83, "weis": {"A": 20}}],
            {"weis": False},
            (1, "weis", NO_WEIS),
            id="no-weis-said-so",
        ),
        pytest.param(
            [{**HEARTS_83, "wys": {"A": 20}}], {}, (1, "wys", "Unknown field 'wys' in this deal."), id="wys"
        ),
        pytest.param(
            [{"row": "hearts", "points": 83}],
            {},
            (1, "team", "Name the team that announced: A or B."),
            id="no-team",
        ),
        pytest.param(
            [{**HEARTS_83, "team": None}],
            {},
            (1, "team", "Name the team that announced: A or B."),
            id="null-team",
        ),
        pytest.param(
            [{**HEARTS_83, "team": "C"}], {}, (1, "team", "The team must be A or B, not 'C'."), id="C"
        ),
        pytest.param(
            [{**HEARTS_83, "team": "a"}], {}, (1, "team", "The team must be A or B, not 'a'."), id="a"
        ),
        pytest.param(
            [{**HEARTS_83, "team": 1}], {}, (1, "team", "The team must be A or B, not 1."), id="team-1"
        ),
        pytest.param(
            [{**HEARTS_83, "team": ["A"]}],
            {},
            (1, "team", "The team must be A or B, not ['A']."),
            id="team-list",
        ),
        pytest.param(
            [{"team": "A", "points": 83}], {}, (1, "row", "Name the row that was played."), id="no-row"
        ),
        pytest.param(
            [{**HEARTS_83, "row": "slalom"}],
            {},
            (1, "row", "'slalom' is not a row on this board."),
            id="slalom",
        ),
        pytest.param(
            [{**HEARTS_83, "row": "Hearts"}],
            {},
            (1, "row", "'Hearts' is not a row on this board."),
            id="case",
        ),
        pytest.param([{**HEARTS_83, "row": 1}], {}, (1, "row", "1 is not a row on this board."), id="row-1"),
        pytest.param(
            [{**HEARTS_83, "row": ["hearts"]}],
            {},
            (1, "row", "['hearts'] is not a row on this board."),
            id="rl",
        ),
        pytest.param(
            [
                HEARTS_83,
                {"team": "B", "row": "hearts", "points": 74},
                {"team": "A", "row": "hearts", "match": True},
            ],
            {},
            (3, "row", "Team A has already played hearts."),
            id="row-played-twice",
        ),
        pytest.param(
            [
                {"team": "B", "row": "spades", "counter_match": True},
                {"team": "B", "row": "spades", "points": 9},
            ],
            {},
            (2, "row", "Team B has already played spades."),
            id="counter-match-row-is-played",
        ),
        pytest.param([{"team": "A", "row": "hearts"}], {}, (1, "points", NO_CLAIM), id="no-claim"),
        pytest.param(
            [{"team": "A", "row": "hearts", "match": False, "counter_match": False}],
            {},
            (1, "points", NO_CLAIM),
            id="only-false-marks",
        ),
        pytest.param([{**HEARTS_83, "match": True}], {}, (1, "match", ONE_CLAIM), id="points+match"),
        pytest.param(
            [{**HEARTS_83, "counter_match": True}], {}, (1, "counter_match", ONE_CLAIM), id="pts+ctr"
        ),
        pytest.param(
            [{"team": "A", "row": "hearts", "match": True, "counter_match": True}],
            {},
            (1, "counter_match", ONE_CLAIM),
            id="match+counter",
        ),
        pytest.param(
            [{"team": "A", "row": "hearts", "match": "yes"}],
            {},
            (1, "match", "Match must be true or false."),
            id="m",
        ),
        pytest.param(
            [{"team": "A", "row": "hearts", "match": 1}],
            {},
            (1, "match", "Match must be true or false."),
            id="m1",
        ),
        pytest.param(
            [{"team": "A", "row": "hearts", "counter_match": 1}],
            {},
            (1, "counter_match", "Counter-match must be true or false."),
            id="counter-1",
        ),
        pytest.param(
            [{**HEARTS_83, "points": 1}],
            {},
            (1, "points", "Card points cannot be 1: no card is worth 1 point."),
            id="points-1",
        ),
        pytest.param(
            [{**HEARTS_83, "points": 156}],
            {},
            (1, "points", "Card points cannot be 156: the other team cannot take 1 point."),
            id="points-156",
        ),
        pytest.param([{**HEARTS_83, "points": 158}], {}, (1, "points", WHOLE), id="points-158"),
        pytest.param([{**HEARTS_83, "points": -2}], {}, (1, "points", WHOLE), id="points-negative"),
        pytest.param([{**HEARTS_83, "points": 83.0}], {}, (1, "points", WHOLE), id="points-float"),
        pytest.param([{**HEARTS_83, "points": True}], {}, (1, "points", WHOLE), id="points-bool"),
        pytest.param([{**HEARTS_83, "points": "83"}], {}, (1, "points", WHOLE), id="points-text"),
        pytest.param(
            [{**HEARTS_83, "points": {"A": 83}}], {}, (1, "points", WHOLE), id="points-schieber-style"
        ),
    ],
)
def test_refused_deals(deals: list[Any], settings: dict[str, Any], error: tuple[int, str, str]) -> None:
    assert refusal(deals, **settings) == error


OTHER_WEIS = "Only the announcing team's Weis counts: team A announced."
COUNTER_WEIS = "A counter-match leaves the announcing team nothing for the row: enter no Weis or Stöck."
WEIS_AMOUNT = "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600."


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        pytest.param({**HEARTS_83, "weis": {"B": 50}}, ("weis", OTHER_WEIS), id="other-teams-weis"),
        pytest.param(
            {**HEARTS_83, "weis": {"A": 0, "B": 20}}, ("weis", OTHER_WEIS), id="other-teams-weis-beside-0"
        ),
        pytest.param(
            {**HEARTS_83, "stoeck": "B"},
            ("stoeck", "Only the announcing team's Stöck counts: team A announced."),
            id="other-teams-stoeck",
        ),
        pytest.param(
            {"team": "A", "row": "obenabe", "points": 83, "stoeck": "A"},
            ("stoeck", "No Stöck in obenabe: there is no trump suit."),
            id="stoeck-obenabe",
        ),
        pytest.param(
            {"team": "A", "row": "undenufe", "match": True, "stoeck": "A"},
            ("stoeck", "No Stöck in undenufe: there is no trump suit."),
            id="stoeck-undenufe",
        ),
        pytest.param({**HEARTS_83, "stoeck": "C"}, ("stoeck", "Stöck must be team A or B."), id="stoeck-C"),
        pytest.param(
            {**HEARTS_83, "stoeck": True}, ("stoeck", "Stöck must be team A or B."), id="stoeck-true"
        ),
        pytest.param({**HEARTS_83, "weis": {"A": 30}}, ("weis", WEIS_AMOUNT), id="weis-30"),
        pytest.param({**HEARTS_83, "weis": {"A": 10}}, ("weis", WEIS_AMOUNT), id="weis-10"),
        pytest.param({**HEARTS_83, "weis": {"A": 610}}, ("weis", WEIS_AMOUNT), id="weis-610"),
        pytest.param({**HEARTS_83, "weis": {"A": -20}}, ("weis", WEIS_AMOUNT), id="weis-negative"),
        pytest.param({**HEARTS_83, "weis": {"A": 50.0}}, ("weis", WEIS_AMOUNT), id="weis-float"),
        pytest.param({**HEARTS_83, "weis": {"A": "50"}}, ("weis", WEIS_AMOUNT), id="weis-text"),
        pytest.param(
            {**HEARTS_83, "weis": 50}, ("weis", "Weis must map each team to a number."), id="weis-number"
        ),
        pytest.param(
            {**HEARTS_83, "weis": {"C": 50}}, ("weis", "Weis: 'C' is not in this game."), id="weis-team-C"
        ),
        pytest.param(
            {**HEARTS_83, "weis": {"A": 50, "B": 20}},
            ("weis", "Only the team with the best Weis scores: enter Weis for one team."),
            id="weis-both-teams",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "counter_match": True, "weis": {"A": 50}},
            ("weis", COUNTER_WEIS),
            id="counter-match-weis",
        ),
        pytest.param(
            {"team": "A", "row": "hearts", "counter_match": True, "stoeck": "A"},
            ("stoeck", COUNTER_WEIS),
            id="counter-match-stoeck",
        ),
        pytest.param(
            {**HEARTS_83, "points": 1, "weis": {"B": 50}},
            ("points", "Card points cannot be 1: no card is worth 1 point."),
            id="points-checked-before-weis",
        ),
    ],
)
def test_refused_weis_and_stoeck(entry: dict[str, Any], error: tuple[str, str]) -> None:
    assert refusal([entry], weis=True) == (1, *error)


def test_a_refused_weis_names_its_deal() -> None:
    deals = [HEARTS_83, {"team": "B", "row": "hearts", "points": 70, "weis": {"A": 20}}]
    assert refusal(deals, weis=True) == (
        2,
        "weis",
        "Only the announcing team's Weis counts: team B announced.",
    )


ROWS_SHAPE = "Rows must be a list of [name, multiplier] pairs, at least one."
PAIR = "Each row must be a pair: [name, multiplier]."
HEARTS_MULTIPLIER = "The multiplier of hearts must be a whole number from 1 to 100."
MATCH_BONUS = "The match bonus must be a whole number from 0 to 1000."
COUNTER_BONUS = "The counter-match bonus must be a whole number from 0 to 1000."
MULTIPLIED = "Whether the match bonus is multiplied must be true or false."
COUNTER_RULE = (
    'The counter-match rule must be "bonus" (the other team gets the counter-match bonus)'
    ' or "penalty" (the announcing team loses it times the row\'s multiplier).'
)
WEIS_SETTING = "Whether Weis and Stöck count must be true or false."
ROUND_TO = "Rounding must be 1 (card points as they are) or 10 (rounded to tens)."


@pytest.mark.parametrize(
    ("settings", "field", "message"),
    [
        ({"rows": "hearts"}, "rows", ROWS_SHAPE),
        ({"rows": []}, "rows", ROWS_SHAPE),
        ({"rows": {"hearts": 1}}, "rows", ROWS_SHAPE),
        ({"rows": None}, "rows", ROWS_SHAPE),
        ({"rows": ["hearts"]}, "rows", PAIR),
        ({"rows": [["hearts"]]}, "rows", PAIR),
        ({"rows": [["hearts", 1, 2]]}, "rows", PAIR),
        ({"rows": [["", 1]]}, "rows", "Every row needs a name."),
        ({"rows": [["  ", 1]]}, "rows", "Every row needs a name."),
        ({"rows": [[5, 1]]}, "rows", "Every row needs a name."),
        ({"rows": [["hearts", 1], ["hearts", 2]]}, "rows", "The row hearts is on the board twice."),
        ({"rows": [["hearts", 0]]}, "rows", HEARTS_MULTIPLIER),
        ({"rows": [["hearts", 101]]}, "rows", HEARTS_MULTIPLIER),
        ({"rows": [["hearts", 1.5]]}, "rows", HEARTS_MULTIPLIER),
        ({"rows": [["hearts", True]]}, "rows", HEARTS_MULTIPLIER),
        ({"rows": [["hearts", "2"]]}, "rows", HEARTS_MULTIPLIER),
        ({"match_bonus": -1}, "match_bonus", MATCH_BONUS),
        ({"match_bonus": 1001}, "match_bonus", MATCH_BONUS),
        ({"match_bonus": "100"}, "match_bonus", MATCH_BONUS),
        ({"match_bonus": True}, "match_bonus", MATCH_BONUS),
        ({"match_bonus": 100.0}, "match_bonus", MATCH_BONUS),
        ({"counter_match_bonus": -5}, "counter_match_bonus", COUNTER_BONUS),
        ({"counter_match_bonus": None}, "counter_match_bonus", COUNTER_BONUS),
        ({"target": 1000}, "target", "Unknown setting 'target' for coiffeur."),
        ({"match_bonus_multiplied": 0}, "match_bonus_multiplied", MULTIPLIED),
        ({"match_bonus_multiplied": "false"}, "match_bonus_multiplied", MULTIPLIED),
        ({"match_bonus_multiplied": None}, "match_bonus_multiplied", MULTIPLIED),
        ({"counter_match": "Penalty"}, "counter_match", COUNTER_RULE),
        ({"counter_match": ""}, "counter_match", COUNTER_RULE),
        ({"counter_match": None}, "counter_match", COUNTER_RULE),
        ({"counter_match": True}, "counter_match", COUNTER_RULE),
        ({"counter_match": ["penalty"]}, "counter_match", COUNTER_RULE),
        ({"weis": "yes"}, "weis", WEIS_SETTING),
        ({"weis": 1}, "weis", WEIS_SETTING),
        ({"weis": None}, "weis", WEIS_SETTING),
        ({"round_to": 0}, "round_to", ROUND_TO),
        ({"round_to": 5}, "round_to", ROUND_TO),
        ({"round_to": 100}, "round_to", ROUND_TO),
        ({"round_to": -10}, "round_to", ROUND_TO),
        ({"round_to": 10.0}, "round_to", ROUND_TO),
        ({"round_to": "10"}, "round_to", ROUND_TO),
        ({"round_to": True}, "round_to", ROUND_TO),
        ({"round_to": None}, "round_to", ROUND_TO),
    ],
)
def test_refused_settings(settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal([], **settings) == (None, field, message)


def test_settings_are_checked_before_any_deal() -> None:
    assert refusal([{"team": "C"}], match_bonus=-1) == (None, "match_bonus", MATCH_BONUS)


@pytest.mark.parametrize("seats", [SEATS[:3], [*SEATS, "Emil"]])
def test_refused_table_size(seats: list[str]) -> None:
    with pytest.raises(InvalidDeal) as caught:
        score_game("coiffeur", seats, {}, [])
    assert (caught.value.deal, caught.value.field) == (None, "seats")
    assert caught.value.message == f"This variant needs 4 players, not {len(seats)}."


def test_limits_are_accepted() -> None:
    result = play(
        [{"team": "A", "row": "x", "match": True}, {"team": "B", "row": "x", "counter_match": True}],
        rows=[["x", 100]],
        match_bonus=1000,
        counter_match_bonus=1000,
    )  # A: (157 + 1000) x 100 = 115700 + 1000 for B's counter-match
    assert result.totals == {"A": 116700, "B": 0}


# ---- properties ------------------------------------------------------------------------------------

CARD_POINTS = st.integers(0, 157).filter(lambda p: p not in (1, 156))


@st.composite
def games(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A board of 1-4 rows and a valid game on it, played in any order, stopped anywhere."""
    names = draw(
        st.lists(st.sampled_from(["a", "b", "c", "d", "slalom"]), min_size=1, max_size=4, unique=True)
    )
    rows = [[name, draw(st.integers(1, 100))] for name in names]
    settings = {
        "rows": rows,
        "match_bonus": draw(st.integers(0, 1000)),
        "counter_match_bonus": draw(st.integers(0, 1000)),
        "match_bonus_multiplied": draw(st.booleans()),
        "counter_match": draw(st.sampled_from(["bonus", "penalty"])),
        "weis": draw(st.booleans()),
        "round_to": draw(st.sampled_from([1, 10])),
    }
    slots = draw(st.permutations([(team, name) for team in "AB" for name in names]))
    slots = slots[: draw(st.integers(0, len(slots)))]
    deals = []
    for team, name in slots:
        claim = draw(
            st.one_of(
                CARD_POINTS.map(lambda p: {"points": p}),
                st.sampled_from([{"match": True}, {"counter_match": True}]),
            )
        )
        if settings["weis"] and "counter_match" not in claim:
            claim |= draw(weis_and_stoeck(team))
        deals.append({"team": team, "row": name, **claim})
    return settings, deals


WEIS = st.sampled_from([0, 20, *range(40, 601, 10)])


def weis_and_stoeck(team: str) -> st.SearchStrategy[dict[str, Any]]:
    """Nothing, Weis, Stöck or both for the announcing team (the rows drawn above all have a trump)."""
    return st.fixed_dictionaries(
        {}, optional={"weis": WEIS.map(lambda amount: {team: amount}), "stoeck": st.just(team)}
    )


def expected_scores(entry: dict[str, Any], settings: dict[str, Any]) -> dict[str, int]:
    """One row counted from rules.md's words, with Decimal's half-up rounding, not the engine's."""
    multiplier = dict(settings["rows"])[entry["row"]]
    team = entry["team"]
    other = "B" if team == "A" else "A"
    if entry.get("counter_match"):
        if settings["counter_match"] == "penalty":
            return {team: -settings["counter_match_bonus"] * multiplier, other: 0}
        return {team: 0, other: settings["counter_match_bonus"]}
    counted = 157 if entry.get("match") else entry["points"]
    counted += entry.get("weis", {}).get(team, 0) + (20 if entry.get("stoeck") == team else 0)
    if settings["round_to"] == 10:
        counted = int((Decimal(counted) / 10).quantize(Decimal(1), rounding=ROUND_HALF_UP)) * 10
    if not entry.get("match"):
        return {team: counted * multiplier, other: 0}
    if settings["match_bonus_multiplied"]:
        return {team: (counted + settings["match_bonus"]) * multiplier, other: 0}
    return {team: counted * multiplier + settings["match_bonus"], other: 0}


@given(games())
def test_every_row_scores_as_the_rules_say(game: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    settings, deals = game
    result = play(deals, **settings)
    assert [dict(d.scores) for d in result.deals] == [expected_scores(entry, settings) for entry in deals]


@given(games())
def test_totals_are_the_sum_of_the_deal_scores(game: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    settings, deals = game
    result = play(deals, **settings)
    for side in "AB":
        assert result.totals[side] == sum(d.scores[side] for d in result.deals)
    assert result.finished is (len(deals) == 2 * len(settings["rows"]))
    played = {(d["team"], d["row"]) for d in deals}
    for team in "AB":
        assert result.state["open_rows"][team] == [n for n, _ in settings["rows"] if (team, n) not in played]


@given(games())
def test_replaying_the_entries_gives_the_same_result(
    game: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    settings, deals = game
    first = play(deals, **settings)
    again = play(json.loads(json.dumps(deals)), **json.loads(json.dumps(settings)))
    assert again == first


@given(games(), st.data())
def test_a_prefix_scores_the_same_deals(
    game: tuple[dict[str, Any], list[dict[str, Any]]], data: st.DataObject
) -> None:
    settings, deals = game
    cut = data.draw(st.integers(0, len(deals)))
    assert play(deals[:cut], **settings).deals == play(deals, **settings).deals[:cut]


# ---- command line ----------------------------------------------------------------------------------


def test_command_line_scores_a_whole_game() -> None:
    game = {
        "variant": "coiffeur",
        "seats": SEATS,
        "settings": {"rows": [["hearts", 1], ["obenabe", 5]]},
        "deals": [
            {"team": "A", "row": "hearts", "points": 83},  # A 83
            {"team": "B", "row": "obenabe", "match": True},  # B (157 + 100) x 5 = 1285
            {"team": "A", "row": "obenabe", "counter_match": True},  # B 100
            {"team": "B", "row": "hearts", "points": 60},  # B 60
        ],
    }
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "coiffeur",
            "sides": ["A", "B"],
            "deals": [
                {"number": 1, "scores": {"A": 83, "B": 0}},
                {"number": 2, "scores": {"A": 0, "B": 1285}},
                {"number": 3, "scores": {"A": 0, "B": 100}},
                {"number": 4, "scores": {"A": 0, "B": 60}},
            ],
            "totals": {"A": 83, "B": 1445},
            "finished": True,
            "winner": "B",
            "ranking": [{"side": "B", "rank": 1, "total": 1445}, {"side": "A", "rank": 2, "total": 83}],
        },
    )


def test_command_line_refuses_a_row_played_twice() -> None:
    game = {
        "variant": "coiffeur",
        "seats": SEATS,
        "deals": [{"team": "A", "row": "hearts", "points": 83}, {"team": "A", "row": "hearts", "points": 40}],
    }
    assert run(json.dumps(game)) == (
        2,
        {"error": {"deal": 2, "field": "row", "message": "Team A has already played hearts."}},
    )


def test_command_line_scores_the_house_rules() -> None:
    """Weis counted, rounded to tens, the bonus not multiplied, the counter-match a penalty."""
    game = {
        "variant": "coiffeur",
        "seats": SEATS,
        "settings": {
            "rows": [["spades", 3], ["obenabe", 5]],
            "weis": True,
            "round_to": 10,
            "match_bonus_multiplied": False,
            "counter_match": "penalty",
        },
        "deals": [
            {"team": "A", "row": "spades", "points": 83, "weis": {"A": 50}},  # 133 -> 130 x 3 = 390
            {"team": "B", "row": "spades", "match": True, "stoeck": "B"},  # 177 -> 180 x 3 + 100 = 640
            {"team": "A", "row": "obenabe", "counter_match": True},  # A -100 x 5 = -500
        ],
    }
    status, output = run(json.dumps(game))
    assert status == 0
    assert output["deals"] == [
        {"number": 1, "scores": {"A": 390, "B": 0}},
        {"number": 2, "scores": {"A": 0, "B": 640}},
        {"number": 3, "scores": {"A": -500, "B": 0}},
    ]
    assert output["totals"] == {"A": -110, "B": 640}


def test_command_line_refuses_a_house_rule_it_does_not_know() -> None:
    game = {"variant": "coiffeur", "seats": SEATS, "settings": {"round_to": 5}, "deals": []}
    message = "Rounding must be 1 (card points as they are) or 10 (rounded to tens)."
    assert run(json.dumps(game)) == (2, {"error": {"deal": None, "field": "round_to", "message": message}})
