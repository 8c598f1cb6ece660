"""Guggitaler scoring: hand-computed rounds for 4 and 3 players, every refusal, the command line.

Default penalties: a trick 5, a Schellen card 10, an Ober 20, the Rosen König 40, the last trick 50;
the Domino's places -150, -100, -55, 0 (4 players) or -150, -100, -70 (3 players). The arithmetic of
each case is in the comment above it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import GameResult, InvalidDeal, Placing, score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.guggitaler import VARIANT

ROOT = Path(__file__).resolve().parents[2]
P3 = ["Anna", "Beat", "Cla"]
P4 = [*P3, "Dora"]


def play(seats: list[str], entries: list[Any], /, **settings: Any) -> GameResult:
    return score_game("guggitaler", seats, settings, entries)


def refusal(seats: list[str], entries: list[Any], /, **settings: Any) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(seats, entries, **settings)
    return caught.value.deal, caught.value.field, caught.value.message


def scores(result: GameResult, number: int, seats: list[str]) -> list[int]:
    return [result.deals[number - 1].scores[name] for name in seats]


# A round of four, with the Domino:
ROUND_4 = [
    {"game": "tricks", "taken": {"Anna": 3, "Beat": 2, "Cla": 4, "Dora": 0}},  # 15, 10, 20, 0
    {"game": "schellen", "taken": {"Anna": 2, "Beat": 3, "Cla": 1, "Dora": 3}},  # 20, 30, 10, 30
    {"game": "ober", "taken": {"Anna": 1, "Cla": 2, "Dora": 1}},  # 20, 0, 40, 20 (Beat left out: 0)
    {"game": "rosen_koenig", "player": "Dora"},  # Dora 40
    {"game": "last_trick", "player": "Anna"},  # Anna 50
    {"game": "domino", "order": ["Beat", "Dora", "Anna", "Cla"]},  # Beat -150, Dora -100, Anna -55, Cla 0
]
# A round of three: 12 tricks each deal.
ROUND_3 = [
    {"game": "tricks", "taken": {"Anna": 5, "Beat": 4, "Cla": 3}},  # 25, 20, 15
    {"game": "schellen", "taken": {"Anna": 0, "Beat": 9}},  # 0, 90, 0
    {"game": "ober", "taken": {"Anna": 2, "Beat": 1, "Cla": 1}},  # 40, 20, 20
    {"game": "rosen_koenig", "player": "Anna"},  # Anna 40
    {"game": "last_trick", "player": "Cla"},  # Cla 50
    {"game": "domino", "order": ["Cla", "Anna", "Beat"]},  # Cla -150, Anna -100, Beat -70
]


# ---- the variant's description ------------------------------------------------------------------


def test_defaults_name_every_setting_of_rules_md() -> None:
    assert VARIANT.key == "guggitaler"
    assert VARIANT.player_counts == (3, 4)
    assert (VARIANT.lowest_wins, VARIANT.trumps, VARIANT.control_points, dict(VARIANT.teams)) == (
        True,
        False,
        None,
        {},
    )
    assert dict(VARIANT.defaults) == {
        "rounds": 1,
        "penalties": {"tricks": 5, "schellen": 10, "ober": 20, "rosen_koenig": 40, "last_trick": 50},
        "domino": True,
        "domino_points": None,
        "all_in_one": False,
        "deals": 4,
    }


def test_presets_are_complete_settings_that_play() -> None:
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert VARIANT.presets["short"]["domino"] is False
    assert VARIANT.presets["all_in_one"]["all_in_one"] is True
    for name, preset in VARIANT.presets.items():
        assert set(preset) == set(VARIANT.defaults), name
        assert play(P4, [], **preset).finished is False, name
    # standard: 6 deals; short: 5; all in one: 4
    lengths = {
        name: len(play(P4, [], **preset).state["schedule"]) for name, preset in VARIANT.presets.items()
    }
    assert lengths == {"standard": 6, "short": 5, "all_in_one": 4}


# ---- whole rounds, computed by hand -----------------------------------------------------------------


def test_a_round_of_four_with_the_domino() -> None:
    result = play(P4, ROUND_4[:5])
    # Before the Domino: Anna 15+20+20+50 = 105, Beat 10+30 = 40, Cla 20+10+40 = 70, Dora 30+20+40 = 90
    assert result.totals == {"Anna": 105, "Beat": 40, "Cla": 70, "Dora": 90}
    assert sum(result.totals.values()) == 305
    assert result.finished is False
    assert result.state["next_game"] == "domino"
    result = play(P4, ROUND_4)
    assert [scores(result, n, P4) for n in range(1, 7)] == [
        [15, 10, 20, 0],
        [20, 30, 10, 30],
        [20, 0, 40, 20],
        [0, 0, 0, 40],
        [50, 0, 0, 0],
        [-55, -150, 0, -100],
    ]
    # Anna 105-55 = 50, Beat 40-150 = -110, Cla 70+0 = 70, Dora 90-100 = -10
    assert result.totals == {"Anna": 50, "Beat": -110, "Cla": 70, "Dora": -10}
    assert (result.finished, result.winner) == (True, "Beat")
    assert result.ranking == (
        Placing("Beat", 1, -110),
        Placing("Dora", 2, -10),
        Placing("Anna", 3, 50),
        Placing("Cla", 4, 70),
    )
    assert result.deals[5].details == {"game": "domino", "round": 1, "order": ["Beat", "Dora", "Anna", "Cla"]}
    assert result.deals[3].details == {
        "game": "rosen_koenig",
        "round": 1,
        "penalty_games": 1,
        "player": "Dora",
    }
    assert result.state["next_game"] is None


def test_a_round_of_three_with_the_domino() -> None:
    result = play(P3, ROUND_3[:5])
    # Before the Domino: Anna 25+0+40+40 = 105, Beat 20+90+20 = 130, Cla 15+0+20+50 = 85
    assert result.totals == {"Anna": 105, "Beat": 130, "Cla": 85}
    assert sum(result.totals.values()) == 320
    result = play(P3, ROUND_3)
    assert scores(result, 1, P3) == [25, 20, 15]
    assert scores(result, 6, P3) == [-100, -70, -150]
    # Anna 105-100 = 5, Beat 130-70 = 60, Cla 85-150 = -65
    assert result.totals == {"Anna": 5, "Beat": 60, "Cla": -65}
    assert result.ranking == (Placing("Cla", 1, -65), Placing("Anna", 2, 5), Placing("Beat", 3, 60))
    assert (result.finished, result.winner) == (True, "Cla")
    assert result.state["counted"] == {"tricks": 12, "schellen": 9, "ober": 4}


def test_while_running_the_ranking_is_by_total_so_far_and_equal_totals_share_it() -> None:
    # Tricks 3 x 4 each: 20 each, all first
    result = play(P3, [{"game": "tricks", "taken": {"Anna": 4, "Beat": 4, "Cla": 4}}])
    assert result.ranking == (Placing("Anna", 1, 20), Placing("Beat", 1, 20), Placing("Cla", 1, 20))
    assert (result.finished, result.winner) == (False, None)
    # After the 4-player tricks deal: Dora 0, Beat 10, Anna 15, Cla 20
    result = play(P4, ROUND_4[:1])
    assert [p.side for p in result.ranking] == ["Dora", "Beat", "Anna", "Cla"]


def test_a_tie_for_the_lowest_total_has_no_winner() -> None:
    # Tricks 4 each (20), Schellen 3 each (30), Ober: Anna 2, Beat 1, Cla 1 (40, 20, 20), Rosen König
    # Beat (40), last trick Cla (50): Anna 90, Beat 110, Cla 120. Domino: Beat first (-150), Cla
    # second (-100), Anna last (-70): Anna 20, Beat -40, Cla 20: Anna and Cla share the second place.
    deals = [
        {"game": "tricks", "taken": {"Anna": 4, "Beat": 4, "Cla": 4}},
        {"game": "schellen", "taken": {"Anna": 3, "Beat": 3, "Cla": 3}},
        {"game": "ober", "taken": {"Anna": 2, "Beat": 1, "Cla": 1}},
        {"game": "rosen_koenig", "player": "Beat"},
        {"game": "last_trick", "player": "Cla"},
        {"game": "domino", "order": ["Beat", "Cla", "Anna"]},
    ]
    result = play(P3, deals)
    assert result.totals == {"Anna": 20, "Beat": -40, "Cla": 20}
    assert result.ranking == (Placing("Beat", 1, -40), Placing("Anna", 2, 20), Placing("Cla", 2, 20))
    assert result.winner == "Beat"
    # A tie for first: no Domino, the Rosen König 30 and the last trick 20.
    tie = play(P3, deals[:5], domino=False, penalties={"rosen_koenig": 30, "last_trick": 20})
    # Anna 20+30+40 = 90, Beat 20+30+20+30 = 100, Cla 20+30+20+20 = 90
    assert tie.totals == {"Anna": 90, "Beat": 100, "Cla": 90}
    assert (tie.finished, tie.winner) == (True, None)
    assert tie.ranking[:2] == (Placing("Anna", 1, 90), Placing("Cla", 1, 90))


def test_two_rounds_play_the_sequence_twice_and_then_stop() -> None:
    result = play(P4, ROUND_4, rounds=2)
    assert result.finished is False
    assert result.state["next_game"] == "tricks"
    assert result.state["next_round"] == 2
    assert len(result.state["schedule"]) == 12
    # Round 2: Cla takes every trick (45), Schellen (90), Ober (80), the Rosen König (40) and the last
    # trick (50): 305; the Domino Cla first (-150), then Anna (-100), Beat (-55), Dora (0).
    second = [
        {"game": "tricks", "taken": {"Cla": 9}},
        {"game": "schellen", "taken": {"Cla": 9}},
        {"game": "ober", "taken": {"Cla": 4}},
        {"game": "rosen_koenig", "player": "Cla"},
        {"game": "last_trick", "player": "Cla"},
        {"game": "domino", "order": ["Cla", "Anna", "Beat", "Dora"]},
    ]
    result = play(P4, ROUND_4 + second, rounds=2)
    # Anna 50-100 = -50, Beat -110-55 = -165, Cla 70+305-150 = 225, Dora -10+0 = -10
    assert result.totals == {"Anna": -50, "Beat": -165, "Cla": 225, "Dora": -10}
    assert result.deals[6].details == {
        "game": "tricks",
        "round": 2,
        "penalty_games": 1,
        "counts": {"Anna": 0, "Beat": 0, "Cla": 9, "Dora": 0},
    }
    assert (result.finished, result.winner) == (True, "Beat")
    assert refusal(P4, [*ROUND_4, *second, ROUND_4[0]], rounds=2) == (
        13,
        "game",
        "The game ended with deal 12: no more deals.",
    )


def test_without_the_domino_a_round_is_five_deals() -> None:
    result = play(P4, ROUND_4[:5], domino=False)
    assert (result.finished, result.winner) == (True, "Beat")
    assert result.totals == {"Anna": 105, "Beat": 40, "Cla": 70, "Dora": 90}
    assert refusal(P4, ROUND_4, domino=False) == (6, "game", "The game ended with deal 5: no more deals.")


def test_custom_penalties_and_domino_points() -> None:
    settings = {"penalties": {"ober": 25, "last_trick": 30}, "domino_points": [-100, -50, -20, 10]}
    result = play(P4, ROUND_4, **settings)
    assert scores(result, 3, P4) == [25, 0, 50, 25]  # Ober 1, 0, 2, 1 at 25
    assert scores(result, 5, P4) == [30, 0, 0, 0]  # the last trick 30
    assert scores(result, 6, P4) == [-20, -100, 10, -50]  # Beat first, Dora, Anna, Cla last
    # Anna 15+20+25+30-20 = 70, Beat 10+30-100 = -60, Cla 20+10+50+10 = 90, Dora 30+25+40-50 = 45
    assert result.totals == {"Anna": 70, "Beat": -60, "Cla": 90, "Dora": 45}
    assert result.state["penalties"] == {
        "tricks": 5,
        "schellen": 10,
        "ober": 25,
        "rosen_koenig": 40,
        "last_trick": 30,
    }
    assert result.state["domino_points"] == [-100, -50, -20, 10]


def test_all_in_one_counts_the_five_penalties_every_deal() -> None:
    first = {
        "taken": {
            "tricks": {"Anna": 3, "Beat": 2, "Cla": 4},
            "schellen": {"Anna": 2, "Beat": 3, "Cla": 1, "Dora": 3},
            "ober": {"Anna": 1, "Cla": 2, "Dora": 1},
        },
        "rosen_koenig": "Dora",
        "last_trick": "Anna",
    }
    second = {
        "taken": {"tricks": {"Dora": 9}, "schellen": {"Dora": 9}, "ober": {"Dora": 4}},
        "rosen_koenig": "Dora",
        "last_trick": "Dora",
    }
    result = play(P4, [first, second], all_in_one=True, deals=2)
    # Deal 1: Anna 15+20+20+50 = 105, Beat 10+30 = 40, Cla 20+10+40 = 70, Dora 0+30+20+40 = 90 (305)
    assert scores(result, 1, P4) == [105, 40, 70, 90]
    # Deal 2: Dora 45+90+80+40+50 = 305
    assert scores(result, 2, P4) == [0, 0, 0, 305]
    assert result.totals == {"Anna": 105, "Beat": 40, "Cla": 70, "Dora": 395}
    assert (result.finished, result.winner) == (True, "Beat")
    assert result.deals[0].details["counts"]["tricks"] == {"Anna": 3, "Beat": 2, "Cla": 4, "Dora": 0}
    assert (result.deals[0].details["rosen_koenig"], result.deals[0].details["last_trick"]) == (
        "Dora",
        "Anna",
    )
    # the Domino and rounds do not apply; the default is 4 deals
    assert len(play(P4, [], all_in_one=True, rounds=3).state["schedule"]) == 4
    assert refusal(P4, [first, second, first], all_in_one=True, deals=2) == (
        3,
        "game",
        "The game ended with deal 2: no more deals.",
    )


# ---- refusals: the field and the message ------------------------------------------------------------

TRICKS = ROUND_4[0]
REFUSALS = [
    # a count that does not add up
    (
        P4,
        [{"game": "tricks", "taken": {"Anna": 3, "Beat": 2, "Cla": 3}}],
        (1, "taken", "Tricks: 8 of 9 entered."),
    ),
    (
        P3,
        [{"game": "tricks", "taken": {"Anna": 3, "Beat": 3, "Cla": 3}}],
        (1, "taken", "Tricks: 9 of 12 entered."),
    ),
    (
        P4,
        [TRICKS, {"game": "schellen", "taken": {"Anna": 5, "Beat": 5}}],
        (2, "taken", "Schellen: 10 of 9 entered."),
    ),
    (P4, [*ROUND_4[:2], {"game": "ober", "taken": {"Anna": 3}}], (3, "taken", "Ober: 3 of 4 entered.")),
    (
        P4,
        [{"game": "tricks", "taken": {"Anna": 10}}],
        (1, "taken", "Tricks for Anna must be a whole number from 0 to 9."),
    ),
    (
        P4,
        [{"game": "tricks", "taken": {"Anna": -1, "Beat": 10}}],
        (1, "taken", "Tricks for Anna must be a whole number from 0 to 9."),
    ),
    (
        P4,
        [{"game": "tricks", "taken": {"Anna": "9"}}],
        (1, "taken", "Tricks for Anna must be a whole number from 0 to 9."),
    ),
    (
        P4,
        [{"game": "tricks", "taken": {"Anna": True, "Beat": 8}}],
        (1, "taken", "Tricks for Anna must be a whole number from 0 to 9."),
    ),
    (
        P4,
        [{"game": "tricks", "taken": [3, 2, 4, 0]}],
        (1, "taken", "Tricks: enter a number for each player."),
    ),
    (P4, [{"game": "tricks"}], (1, "taken", "Tricks: enter a number for each player.")),
    # a player not in the game
    (P4, [{"game": "tricks", "taken": {"Xaver": 9}}], (1, "taken", "Tricks: 'Xaver' is not in this game.")),
    (
        P4,
        [*ROUND_4[:3], {"game": "rosen_koenig", "player": "Xaver"}],
        (4, "player", "Rosen König: 'Xaver' is not in this game."),
    ),
    (
        P4,
        [*ROUND_4[:4], {"game": "last_trick", "player": "Xaver"}],
        (5, "player", "Last trick: 'Xaver' is not in this game."),
    ),
    (P4, [*ROUND_4[:3], {"game": "rosen_koenig"}], (4, "player", "Enter who took the Rosen König.")),
    (
        P4,
        [*ROUND_4[:4], {"game": "last_trick", "player": None}],
        (5, "player", "Enter who took the last trick."),
    ),
    # a game out of order
    (P4, [{"game": "schellen", "taken": {"Anna": 9}}], (1, "game", "The next game is Tricks, not Schellen.")),
    (
        P4,
        [*ROUND_4[:4], {"game": "domino", "order": P4}],
        (5, "game", "The next game is Last trick, not Domino."),
    ),
    (P4, [{"game": "poker", "taken": {"Anna": 9}}], (1, "game", "The next game is Tricks, not 'poker'.")),
    (P4, [{"taken": {"Anna": 9}}], (1, "game", "Name the game of this deal: Tricks is next.")),
    (P4, [["tricks"]], (1, "game", "A deal must be an object naming its game.")),
    (P4, [{**TRICKS, "player": "Anna"}], (1, "player", "Unknown field 'player' in this deal.")),
    (P4, [*ROUND_4, TRICKS], (7, "game", "The game ended with deal 6: no more deals.")),
    # the Domino order
    (
        P4,
        [*ROUND_4[:5], {"game": "domino", "order": ["Anna", "Beat", "Cla"]}],
        (6, "order", "Domino: the order leaves out Dora."),
    ),
    (
        P4,
        [*ROUND_4[:5], {"game": "domino", "order": ["Anna"]}],
        (6, "order", "Domino: the order leaves out Beat, Cla, Dora."),
    ),
    (
        P4,
        [*ROUND_4[:5], {"game": "domino", "order": ["Anna", "Beat", "Anna", "Dora"]}],
        (6, "order", "Domino: Anna is named twice."),
    ),
    (
        P4,
        [*ROUND_4[:5], {"game": "domino", "order": ["Anna", "Beat", "Cla", "Xaver"]}],
        (6, "order", "Domino: 'Xaver' is not in this game."),
    ),
    (
        P4,
        [*ROUND_4[:5], {"game": "domino", "order": "Anna"}],
        (6, "order", "Domino: list every player in the order they went out."),
    ),
    (
        P4,
        [*ROUND_4[:5], {"game": "domino"}],
        (6, "order", "Domino: list every player in the order they went out."),
    ),
]


@pytest.mark.parametrize(("seats", "deals", "expected"), REFUSALS, ids=[e[2] for _, _, e in REFUSALS])
def test_a_bad_deal_is_refused_on_its_field(
    seats: list[str], deals: list[Any], expected: tuple[int, str, str]
) -> None:
    assert refusal(seats, deals) == expected


ALL_DEAL = {
    "taken": {"tricks": {"Anna": 9}, "schellen": {"Beat": 9}, "ober": {"Cla": 4}},
    "rosen_koenig": "Dora",
    "last_trick": "Anna",
}
ALL_REFUSALS = [
    ({"taken": {**ALL_DEAL["taken"], "ober": {"Cla": 3}}}, (1, "taken", "Ober: 3 of 4 entered."), "ober"),
    (
        {"taken": {**ALL_DEAL["taken"], "schellen": None}},
        (1, "taken", "Schellen: enter a number for each player."),
        "schellen",
    ),
    (
        {"taken": {**ALL_DEAL["taken"], "points": {"Anna": 1}}},
        (1, "taken", "All in one: 'points' is not counted; count tricks, Schellen and Ober."),
        None,
    ),
    (
        {"taken": [9, 9, 4]},
        (1, "taken", "All in one: enter the tricks, Schellen and Ober each player took."),
        None,
    ),
    ({"rosen_koenig": None}, (1, "rosen_koenig", "Enter who took the Rosen König."), None),
    ({"last_trick": "Xaver"}, (1, "last_trick", "Last trick: 'Xaver' is not in this game."), None),
    ({"game": "tricks"}, (1, "game", "Unknown field 'game' in this deal."), None),
]


@pytest.mark.parametrize(("change", "expected", "item"), ALL_REFUSALS, ids=[e[2] for _, e, _ in ALL_REFUSALS])
def test_a_bad_all_in_one_deal_is_refused_on_its_field(
    change: dict[str, Any], expected: tuple[int, str, str], item: str | None
) -> None:
    """A change of None leaves the field out."""
    deal = {key: value for key, value in {**ALL_DEAL, **change}.items() if value is not None}
    with pytest.raises(InvalidDeal) as caught:
        play(P4, [deal], all_in_one=True)
    assert (caught.value.deal, caught.value.field, caught.value.message) == expected
    assert caught.value.item == item


SETTING_REFUSALS = [
    ({"rounds": 0}, ("rounds", "Rounds must be a whole number from 1 to 20.")),
    ({"rounds": 21}, ("rounds", "Rounds must be a whole number from 1 to 20.")),
    ({"rounds": "2"}, ("rounds", "Rounds must be a whole number from 1 to 20.")),
    ({"penalties": {"schilten": 5}}, ("penalties", "Penalties: 'schilten' is not a Guggitaler penalty.")),
    (
        {"penalties": {"ober": -5}},
        ("penalties", "The penalty for an Ober must be a whole number from 0 to 500."),
    ),
    (
        {"penalties": {"tricks": 501}},
        ("penalties", "The penalty for a trick must be a whole number from 0 to 500."),
    ),
    ({"penalties": [5, 10]}, ("penalties", "Penalties must map each game to points.")),
    ({"domino": "yes"}, ("domino", "The Domino setting must be true or false.")),
    (
        {"domino_points": [-150, -100, -55]},
        ("domino_points", "Domino points: give one number per place, 4 in all."),
    ),
    ({"domino_points": "-150"}, ("domino_points", "Domino points: give one number per place, 4 in all.")),
    (
        {"domino_points": [-150, -100, "x", 0]},
        ("domino_points", "The Domino points of place 3 must be a whole number from -500 to 500."),
    ),
    (
        {"domino_points": [-501, -100, -55, 0]},
        ("domino_points", "The Domino points of place 1 must be a whole number from -500 to 500."),
    ),
    ({"all_in_one": 1}, ("all_in_one", "The all-in-one setting must be true or false.")),
    ({"deals": 0}, ("deals", "The number of deals must be a whole number from 1 to 100.")),
    ({"deals": 101}, ("deals", "The number of deals must be a whole number from 1 to 100.")),
    ({"games": ["tricks"]}, ("games", "Unknown setting 'games' for guggitaler.")),
]


@pytest.mark.parametrize(("settings", "expected"), SETTING_REFUSALS, ids=[e[1] for _, e in SETTING_REFUSALS])
def test_bad_settings_are_refused_on_their_key(settings: dict[str, Any], expected: tuple[str, str]) -> None:
    assert refusal(P4, [], **settings) == (None, *expected)


def test_the_table_needs_three_or_four_players() -> None:
    assert refusal(["Anna", "Beat"], []) == (None, "seats", "This variant needs 3 or 4 players, not 2.")
    assert refusal([*P4, "Edi"], []) == (None, "seats", "This variant needs 3 or 4 players, not 5.")
    assert refusal(["Anna", "Anna", "Cla"], []) == (None, "seats", "Anna sits at the table twice.")


def test_a_three_player_domino_points_list_has_three_places() -> None:
    # Cla first 0... with [-90, -60, -30]: Cla -90, Anna -60, Beat -30
    result = play(P3, ROUND_3, domino_points=[-90, -60, -30])
    assert scores(result, 6, P3) == [-60, -30, -90]
    assert refusal(P3, [], domino_points=[-150, -100, -55, 0]) == (
        None,
        "domino_points",
        "Domino points: give one number per place, 3 in all.",
    )


# ---- the command line -------------------------------------------------------------------------------


def cli_game(seats: list[str], entries: list[Any], /, **settings: Any) -> str:
    return json.dumps({"variant": "guggitaler", "seats": seats, "settings": settings, "deals": entries})


def test_the_command_line_prints_a_round_of_three() -> None:
    status, output = run(cli_game(P3, ROUND_3))
    assert status == 0
    assert output == {
        "variant": "guggitaler",
        "sides": ["Anna", "Beat", "Cla"],
        "deals": [
            {"number": 1, "scores": {"Anna": 25, "Beat": 20, "Cla": 15}},
            {"number": 2, "scores": {"Anna": 0, "Beat": 90, "Cla": 0}},
            {"number": 3, "scores": {"Anna": 40, "Beat": 20, "Cla": 20}},
            {"number": 4, "scores": {"Anna": 40, "Beat": 0, "Cla": 0}},
            {"number": 5, "scores": {"Anna": 0, "Beat": 0, "Cla": 50}},
            {"number": 6, "scores": {"Anna": -100, "Beat": -70, "Cla": -150}},
        ],
        "totals": {"Anna": 5, "Beat": 60, "Cla": -65},
        "finished": True,
        "winner": "Cla",
        "ranking": [
            {"side": "Cla", "rank": 1, "total": -65},
            {"side": "Anna", "rank": 2, "total": 5},
            {"side": "Beat", "rank": 3, "total": 60},
        ],
    }


@pytest.mark.parametrize(
    ("game", "error"),
    [
        (
            cli_game(P4, [ROUND_4[1]]),
            {"deal": 1, "field": "game", "message": "The next game is Tricks, not Schellen."},
        ),
        (
            cli_game(P4, [*ROUND_4[:5], {"game": "domino", "order": ["Anna", "Beat", "Cla"]}]),
            {"deal": 6, "field": "order", "message": "Domino: the order leaves out Dora."},
        ),
        (
            cli_game(P4, [], rounds=0),
            {"deal": None, "field": "rounds", "message": "Rounds must be a whole number from 1 to 20."},
        ),
    ],
)
def test_the_command_line_prints_the_refusal(game: str, error: dict[str, Any]) -> None:
    assert run(game) == (2, {"error": error})


def test_python_dash_m_scores_a_round_of_four_from_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules", "-"],
        input=cli_game(P4, ROUND_4),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["totals"] == {"Anna": 50, "Beat": -110, "Cla": 70, "Dora": -10}
    assert output["ranking"][0] == {"side": "Beat", "rank": 1, "total": -110}
    refused = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules", "-"],
        input=cli_game(P4, [*ROUND_4, ROUND_4[0]]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert refused.returncode == 2
    assert json.loads(refused.stdout) == {
        "error": {"deal": 7, "field": "game", "message": "The game ended with deal 6: no more deals."}
    }
