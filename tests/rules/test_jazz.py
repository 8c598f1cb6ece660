"""Jazz scoring: hand-computed deals for 3, 4 and 5 players, every refusal, properties, the CLI.

Arithmetic is in the ids: "5+3+0+5=13 spades x2" means the players took 5, 3, 0 and 5 spades of
13 at 2 points each.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import GameResult, InvalidDeal, Placing, score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.jazz import DEFAULT_PENALTIES, VARIANT

P3 = ["Anna", "Beat", "Cla"]
P4 = [*P3, "Dora"]
P5 = [*P4, "Edi"]
SEATS = {3: P3, 4: P4, 5: P5}


def play(seats: list[str], deals: list[Any], **settings: Any) -> GameResult:
    return score_game("jazz", seats, settings, deals)


def refusal(seats: list[str], deals: list[Any], **settings: Any) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(seats, deals, **settings)
    return caught.value.deal, caught.value.field, caught.value.message


def one_deal(seats: list[str], entry: dict[str, Any], **settings: Any) -> list[int]:
    """The scores, in seat order, of a game made of the entry's game alone."""
    result = play(seats, [entry], games=[entry["game"]], **settings)
    return [result.deals[0].scores[name] for name in seats]


# ---- the variant's description ------------------------------------------------------------------


def test_defaults_name_every_setting_of_rules_md() -> None:
    assert VARIANT.key == "jazz"
    assert VARIANT.player_counts == (3, 4, 5)
    assert dict(VARIANT.defaults) == {
        "games": ["spades", "tricks", "honors", "jacks", "queens", "king_last", "fantan"],
        "rounds": 1,
        "penalties": {
            "spades": 2,
            "clubs": 2,
            "tricks": 2,
            "plus": -2,
            "honors": 2,
            "jacks": 5,
            "queens": 5,
            "king_of_hearts": 10,
            "last_trick": 10,
            "fantan": 3,
        },
        "fifth_trick_penalty": 0,
        "king_in_last_trick_extra": 0,
        "removed_twos": None,
    }


def test_presets_are_complete_settings_that_play() -> None:
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert "plus" not in VARIANT.presets["short"]["games"]
    for name, preset in VARIANT.presets.items():
        assert set(preset) == set(VARIANT.defaults), name
        result = score_game("jazz", P4, preset, [])
        assert result.state["next_game"] == preset["games"][0], name
    assert VARIANT.presets["full"]["games"] == [
        "spades",
        "clubs",
        "tricks",
        "plus",
        "honors",
        "jacks",
        "queens",
        "king_last",
        "fantan",
    ]
    assert VARIANT.presets["fifth_trick"]["fifth_trick_penalty"] == 10


# ---- one deal of every game, computed by hand ---------------------------------------------------

CASES = [
    # spades and clubs: 2 per card; a removed 2 leaves 12 cards in its suit
    pytest.param(
        P4,
        {},
        {"game": "spades", "taken": {"Anna": 5, "Beat": 3, "Cla": 0, "Dora": 5}},
        [10, 6, 0, 10],
        id="4p spades 5+3+0+5=13 x2",
    ),
    pytest.param(
        P4,
        {},
        {"game": "clubs", "taken": {"Anna": 13}},
        [26, 0, 0, 0],
        id="4p clubs 13 x2, others left out are 0",
    ),
    pytest.param(
        P3, {}, {"game": "spades", "taken": {"Anna": 13}}, [26, 0, 0], id="3p spades 13 (club 2 removed) x2"
    ),
    pytest.param(
        P3,
        {},
        {"game": "clubs", "taken": {"Anna": 7, "Beat": 5}},
        [14, 10, 0],
        id="3p clubs 7+5=12 (club 2 removed) x2",
    ),
    pytest.param(
        P3,
        {"removed_twos": ["spades"]},
        {"game": "spades", "taken": {"Cla": 12}},
        [0, 0, 24],
        id="3p spade 2 removed: spades 12 x2",
    ),
    pytest.param(
        P3,
        {"removed_twos": ["spades"]},
        {"game": "clubs", "taken": {"Beat": 13}},
        [0, 26, 0],
        id="3p spade 2 removed: clubs 13 x2",
    ),
    pytest.param(
        P3,
        {"removed_twos": ["hearts"]},
        {"game": "clubs", "taken": {"Beat": 13}},
        [0, 26, 0],
        id="3p heart 2 removed: clubs 13 x2",
    ),
    pytest.param(
        P5,
        {},
        {"game": "spades", "taken": {"Anna": 1, "Beat": 3, "Cla": 2, "Dora": 7}},
        [2, 6, 4, 14, 0],
        id="5p spades 1+3+2+7+0=13 x2",
    ),
    pytest.param(
        P5,
        {},
        {"game": "clubs", "taken": {"Anna": 2, "Beat": 2, "Cla": 2, "Dora": 2, "Edi": 4}},
        [4, 4, 4, 4, 8],
        id="5p clubs 2+2+2+2+4=12 (club 2 removed) x2",
    ),
    pytest.param(
        P5,
        {"removed_twos": ["spades", "hearts"]},
        {"game": "spades", "taken": {"Edi": 12}},
        [0, 0, 0, 0, 24],
        id="5p spade and heart 2 removed: spades 12 x2",
    ),
    pytest.param(
        P5,
        {"removed_twos": ["spades", "hearts"]},
        {"game": "clubs", "taken": {"Edi": 13}},
        [0, 0, 0, 0, 26],
        id="5p spade and heart 2 removed: clubs 13 x2",
    ),
    # tricks: 2 per trick; 13, 17 or 10 tricks
    pytest.param(
        P4,
        {},
        {"game": "tricks", "taken": {"Anna": 4, "Beat": 3, "Cla": 2, "Dora": 4}},
        [8, 6, 4, 8],
        id="4p tricks 4+3+2+4=13 x2",
    ),
    pytest.param(
        P3, {}, {"game": "tricks", "taken": {"Anna": 10, "Beat": 7}}, [20, 14, 0], id="3p tricks 10+7=17 x2"
    ),
    pytest.param(
        P5,
        {},
        {"game": "tricks", "taken": {"Anna": 1, "Beat": 2, "Cla": 3, "Dora": 4, "Edi": 0}},
        [2, 4, 6, 8, 0],
        id="5p tricks 1+2+3+4+0=10 x2",
    ),
    # plus: -2 per trick
    pytest.param(
        P4, {}, {"game": "plus", "taken": {"Anna": 6, "Beat": 7}}, [-12, -14, 0, 0], id="4p plus 6+7=13 x-2"
    ),
    pytest.param(P3, {}, {"game": "plus", "taken": {"Anna": 17}}, [-34, 0, 0], id="3p plus 17 x-2"),
    pytest.param(
        P5,
        {},
        {"game": "plus", "taken": {"Anna": 2, "Beat": 2, "Cla": 2, "Dora": 2, "Edi": 2}},
        [-4, -4, -4, -4, -4],
        id="5p plus 2x5=10 x-2",
    ),
    # honors: 16 cards at 2, whatever twos are removed
    pytest.param(
        P4,
        {},
        {"game": "honors", "taken": {"Anna": 10, "Beat": 6}},
        [20, 12, 0, 0],
        id="4p honors 10+6=16 x2",
    ),
    pytest.param(P3, {}, {"game": "honors", "taken": {"Cla": 16}}, [0, 0, 32], id="3p honors 16 x2"),
    pytest.param(
        P5,
        {},
        {"game": "honors", "taken": {"Anna": 3, "Beat": 3, "Cla": 3, "Dora": 3, "Edi": 4}},
        [6, 6, 6, 6, 8],
        id="5p honors 3+3+3+3+4=16 x2",
    ),
    # jacks and queens: 4 cards at 5
    pytest.param(
        P4,
        {},
        {"game": "jacks", "taken": {"Anna": 1, "Beat": 1, "Cla": 1, "Dora": 1}},
        [5, 5, 5, 5],
        id="4p jacks 1+1+1+1=4 x5",
    ),
    pytest.param(P3, {}, {"game": "queens", "taken": {"Cla": 4}}, [0, 0, 20], id="3p queens 4 x5"),
    pytest.param(
        P5, {}, {"game": "queens", "taken": {"Beat": 3, "Edi": 1}}, [0, 15, 0, 0, 5], id="5p queens 3+1=4 x5"
    ),
    pytest.param(
        P5, {}, {"game": "jacks", "taken": {"Anna": 0, "Dora": 4}}, [0, 0, 0, 20, 0], id="5p jacks 0+4=4 x5"
    ),
    # King of Hearts and the last trick: 10 each
    pytest.param(
        P4,
        {},
        {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat"},
        [10, 10, 0, 0],
        id="4p king Anna 10, last Beat 10",
    ),
    pytest.param(
        P3,
        {},
        {"game": "king_last", "king_of_hearts": "Cla", "last_trick": "Cla"},
        [0, 0, 20],
        id="3p king and last Cla 10+10",
    ),
    pytest.param(
        P5,
        {},
        {"game": "king_last", "king_of_hearts": "Edi", "last_trick": "Dora"},
        [0, 0, 0, 10, 10],
        id="5p king Edi 10, last Dora 10",
    ),
    pytest.param(
        P4,
        {"fifth_trick_penalty": 7},
        {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat", "fifth_trick": "Cla"},
        [10, 10, 7, 0],
        id="4p fifth trick 7: king 10, last 10, fifth 7",
    ),
    pytest.param(
        P3,
        {"fifth_trick_penalty": 7},
        {"game": "king_last", "king_of_hearts": "Beat", "last_trick": "Beat", "fifth_trick": "Beat"},
        [0, 27, 0],
        id="3p fifth trick 7: one player 10+10+7=27",
    ),
    pytest.param(
        P4,
        {"king_in_last_trick_extra": 15},
        {"game": "king_last", "king_of_hearts": "Dora", "last_trick": "Dora", "king_in_last": True},
        [0, 0, 0, 35],
        id="4p king in last trick: 10+10+extra 15=35",
    ),
    pytest.param(
        P4,
        {"king_in_last_trick_extra": 15},
        {"game": "king_last", "king_of_hearts": "Dora", "last_trick": "Dora", "king_in_last": False},
        [0, 0, 0, 20],
        id="4p king not in last trick: 10+10, no extra",
    ),
    pytest.param(
        P4,
        {"king_in_last_trick_extra": 15},
        {"game": "king_last", "king_of_hearts": "Dora", "last_trick": "Dora"},
        [0, 0, 0, 20],
        id="4p king_in_last left out: 10+10, no extra",
    ),
    pytest.param(
        P4,
        {"king_in_last_trick_extra": 15},
        {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Dora", "king_in_last": False},
        [10, 0, 0, 10],
        id="4p king_in_last false with two players: 10 and 10",
    ),
    pytest.param(
        P4,
        {},
        {"game": "king_last", "king_of_hearts": "Dora", "last_trick": "Dora", "king_in_last": True},
        [0, 0, 0, 20],
        id="4p king in last trick, extra 0 by default: 10+10",
    ),
    pytest.param(
        P5,
        {"fifth_trick_penalty": 5, "king_in_last_trick_extra": 20},
        {
            "game": "king_last",
            "king_of_hearts": "Edi",
            "last_trick": "Edi",
            "fifth_trick": "Anna",
            "king_in_last": True,
        },
        [5, 0, 0, 0, 40],
        id="5p fifth 5 Anna, king+last+extra 10+10+20=40 Edi",
    ),
    pytest.param(
        P4,
        {},
        {
            "game": "king_last",
            "king_of_hearts": "Anna",
            "last_trick": "Beat",
            "fifth_trick": None,
            "king_in_last": None,
        },
        [10, 10, 0, 0],
        id="4p null optional fields count as left out",
    ),
    # Fan Tan: 3 per card left; hand 13, 17 or 10
    pytest.param(
        P4,
        {},
        {"game": "fantan", "cards_left": {"Anna": 0, "Beat": 5, "Cla": 13, "Dora": 1}},
        [0, 15, 39, 3],
        id="4p fantan 0,5,13,1 x3",
    ),
    pytest.param(
        P3,
        {},
        {"game": "fantan", "cards_left": {"Anna": 17, "Cla": 1}},
        [51, 0, 3],
        id="3p fantan 17,out,1 x3 (Beat left out went out)",
    ),
    pytest.param(
        P5,
        {},
        {"game": "fantan", "cards_left": {"Anna": 10, "Beat": 2, "Cla": 0, "Dora": 4, "Edi": 1}},
        [30, 6, 0, 12, 3],
        id="5p fantan 10,2,0,4,1 x3",
    ),
    # penalties changed by the club (a partial map)
    pytest.param(
        P4,
        {"penalties": {"spades": 1}},
        {"game": "spades", "taken": {"Anna": 13}},
        [13, 0, 0, 0],
        id="spades at 1: 13x1",
    ),
    pytest.param(
        P4,
        {"penalties": {"clubs": 4}},
        {"game": "clubs", "taken": {"Anna": 3, "Beat": 10}},
        [12, 40, 0, 0],
        id="clubs at 4: 3x4, 10x4",
    ),
    pytest.param(
        P4,
        {"penalties": {"tricks": 1}},
        {"game": "tricks", "taken": {"Anna": 3, "Beat": 10}},
        [3, 10, 0, 0],
        id="tricks at 1: 3x1, 10x1",
    ),
    pytest.param(
        P4,
        {"penalties": {"plus": -3}},
        {"game": "plus", "taken": {"Anna": 3, "Beat": 10}},
        [-9, -30, 0, 0],
        id="plus at -3: 3x-3, 10x-3",
    ),
    pytest.param(
        P4,
        {"penalties": {"honors": 1}},
        {"game": "honors", "taken": {"Cla": 9, "Dora": 7}},
        [0, 0, 9, 7],
        id="honors at 1: 9x1, 7x1",
    ),
    pytest.param(
        P4,
        {"penalties": {"jacks": 4}},
        {"game": "jacks", "taken": {"Cla": 3, "Dora": 1}},
        [0, 0, 12, 4],
        id="jacks at 4: 3x4, 1x4",
    ),
    pytest.param(
        P4,
        {"penalties": {"queens": 3}},
        {"game": "queens", "taken": {"Anna": 2, "Beat": 2}},
        [6, 6, 0, 0],
        id="queens at 3: 2x3, 2x3",
    ),
    pytest.param(
        P4,
        {"penalties": {"king_of_hearts": 20, "last_trick": 5}},
        {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat"},
        [20, 5, 0, 0],
        id="king at 20, last trick at 5",
    ),
    pytest.param(
        P4,
        {"penalties": {"fantan": 1}},
        {"game": "fantan", "cards_left": {"Beat": 4, "Cla": 2, "Dora": 7}},
        [0, 4, 2, 7],
        id="fantan at 1: 4,2,7 x1, Anna out",
    ),
    pytest.param(
        P4,
        {"penalties": {"spades": 0}},
        {"game": "spades", "taken": {"Anna": 13}},
        [0, 0, 0, 0],
        id="spades at 0",
    ),
    pytest.param(
        P4,
        {"removed_twos": []},
        {"game": "spades", "taken": {"Anna": 13}},
        [26, 0, 0, 0],
        id="4p removed_twos [] is the full deck: spades 13 x2",
    ),
    pytest.param(
        P4,
        {"removed_twos": None},
        {"game": "clubs", "taken": {"Anna": 13}},
        [26, 0, 0, 0],
        id="4p removed_twos null: clubs 13 x2",
    ),
]


@pytest.mark.parametrize(("seats", "settings", "entry", "scores"), CASES)
def test_one_deal(
    seats: list[str], settings: dict[str, Any], entry: dict[str, Any], scores: list[int]
) -> None:
    assert one_deal(seats, entry, **settings) == scores


def test_details_show_the_counts_and_round() -> None:
    deals = [
        {"game": "queens", "taken": {"Beat": 4}},
        {"game": "king_last", "king_of_hearts": "Cla", "last_trick": "Cla", "king_in_last": True},
        {"game": "fantan", "cards_left": {"Anna": 2, "Cla": 9}},
    ]
    result = play(P3, deals, games=["queens", "king_last", "fantan"], fifth_trick_penalty=0)
    assert [dict(d.details) for d in result.deals] == [
        {"game": "queens", "round": 1, "counts": {"Anna": 0, "Beat": 4, "Cla": 0}},
        {
            "game": "king_last",
            "round": 1,
            "events": {"king_of_hearts": "Cla", "last_trick": "Cla"},
            "king_in_last": True,
        },
        {"game": "fantan", "round": 1, "counts": {"Anna": 2, "Beat": 0, "Cla": 9}},
    ]
    assert [d.number for d in result.deals] == [1, 2, 3]


def test_details_name_the_fifth_trick_when_it_is_played() -> None:
    entry = {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat", "fifth_trick": "Anna"}
    result = play(P4, [entry], games=["king_last"], fifth_trick_penalty=3)
    assert result.deals[0].details["events"] == {
        "king_of_hearts": "Anna",
        "last_trick": "Beat",
        "fifth_trick": "Anna",
    }
    assert result.deals[0].details["king_in_last"] is False
    assert result.totals == {"Anna": 13, "Beat": 10, "Cla": 0, "Dora": 0}  # 10+3, 10


# ---- whole games: schedule, rounds, totals, ranking ---------------------------------------------

FULL_4P = [
    {"game": "spades", "taken": {"Anna": 0, "Beat": 4, "Cla": 6, "Dora": 3}},  # 0, 8, 12, 6
    {"game": "tricks", "taken": {"Anna": 2, "Beat": 3, "Cla": 5, "Dora": 3}},  # 4, 6, 10, 6
    {"game": "honors", "taken": {"Anna": 4, "Beat": 4, "Cla": 4, "Dora": 4}},  # 8, 8, 8, 8
    {"game": "jacks", "taken": {"Anna": 1, "Cla": 2, "Dora": 1}},  # 5, 0, 10, 5
    {"game": "queens", "taken": {"Beat": 4}},  # 0, 20, 0, 0
    {"game": "king_last", "king_of_hearts": "Cla", "last_trick": "Anna"},  # 10, 0, 10, 0
    {"game": "fantan", "cards_left": {"Anna": 3, "Beat": 0, "Cla": 2, "Dora": 6}},  # 9, 0, 6, 18
]
DEFAULT_SCHEDULE = [
    ["spades", 1],
    ["tricks", 1],
    ["honors", 1],
    ["jacks", 1],
    ["queens", 1],
    ["king_last", 1],
    ["fantan", 1],
]


def test_full_default_game_for_four() -> None:
    result = play(P4, FULL_4P)
    # Anna 0+4+8+5+0+10+9=36, Beat 8+6+8+0+20+0+0=42, Cla 12+10+8+10+0+10+6=56, Dora 6+6+8+5+0+0+18=43
    assert result.totals == {"Anna": 36, "Beat": 42, "Cla": 56, "Dora": 43}
    assert result.finished is True
    assert result.winner == "Anna"
    assert result.ranking == (
        Placing("Anna", 1, 36),
        Placing("Beat", 2, 42),
        Placing("Dora", 3, 43),
        Placing("Cla", 4, 56),
    )
    assert dict(result.state) == {
        "next_game": None,
        "next_round": None,
        "schedule": DEFAULT_SCHEDULE,
        "position": 7,
        "deck": {"cards": 52, "tricks": 13, "spades": 13, "clubs": 13},
        "penalties": DEFAULT_PENALTIES,
        "fifth_trick_penalty": 0,
        "king_in_last_trick_extra": 0,
    }
    assert [dict(d.scores) for d in result.deals][-1] == {"Anna": 9, "Beat": 0, "Cla": 6, "Dora": 18}


def test_unfinished_game_has_no_winner_and_shows_the_next_game() -> None:
    result = play(P4, FULL_4P[:4])
    # Anna 0+4+8+5=17, Beat 8+6+8+0=22, Cla 12+10+8+10=40, Dora 6+6+8+5=25
    assert result.totals == {"Anna": 17, "Beat": 22, "Cla": 40, "Dora": 25}
    assert result.finished is False
    assert result.winner is None
    assert result.ranking[0] == Placing("Anna", 1, 17)
    assert result.state["next_game"] == "queens"
    assert result.state["next_round"] == 1
    assert result.state["position"] == 4


def test_a_game_without_deals() -> None:
    result = play(P5, [])
    assert result.deals == ()
    assert result.totals == {name: 0 for name in P5}
    assert result.ranking == tuple(Placing(name, 1, 0) for name in P5)
    assert (result.finished, result.winner) == (False, None)
    assert result.state["next_game"] == "spades"
    assert result.state["next_round"] == 1
    assert result.state["position"] == 0
    assert result.state["deck"] == {"cards": 50, "tricks": 10, "spades": 13, "clubs": 12}


def test_deck_for_three_players() -> None:
    state = play(P3, [], removed_twos=["spades"]).state
    assert state["deck"] == {"cards": 51, "tricks": 17, "spades": 12, "clubs": 13}


def test_rounds_repeat_the_games_in_order() -> None:
    deals = [
        {"game": "jacks", "taken": {"Anna": 4}},  # Anna 20
        {"game": "fantan", "cards_left": {"Anna": 1, "Beat": 2}},  # Anna 3, Beat 6, Cla out
        {"game": "jacks", "taken": {"Cla": 4}},  # Cla 20
    ]
    result = play(P3, deals, games=["jacks", "fantan"], rounds=2)
    assert result.state["schedule"] == [["jacks", 1], ["fantan", 1], ["jacks", 2], ["fantan", 2]]
    assert [d.details["round"] for d in result.deals] == [1, 1, 2]
    assert (result.state["next_game"], result.state["next_round"], result.state["position"]) == (
        "fantan",
        2,
        3,
    )
    assert result.totals == {"Anna": 23, "Beat": 6, "Cla": 20}
    assert result.finished is False
    last = {"game": "fantan", "cards_left": {"Beat": 1, "Cla": 1}}  # Anna out, Beat 3, Cla 3
    finished = play(P3, [*deals, last], games=["jacks", "fantan"], rounds=2)
    # Anna 23+0=23, Beat 6+3=9, Cla 20+3=23
    assert finished.totals == {"Anna": 23, "Beat": 9, "Cla": 23}
    assert finished.winner == "Beat"
    assert finished.ranking == (Placing("Beat", 1, 9), Placing("Anna", 2, 23), Placing("Cla", 2, 23))


def test_a_shared_first_place_has_no_winner() -> None:
    result = play(P4, [{"game": "queens", "taken": {"Anna": 2, "Beat": 2}}], games=["queens"])
    assert result.finished is True
    assert result.winner is None
    assert result.ranking == (
        Placing("Cla", 1, 0),
        Placing("Dora", 1, 0),
        Placing("Anna", 3, 10),
        Placing("Beat", 3, 10),
    )


def test_plus_can_make_a_total_negative() -> None:
    deals = [{"game": "plus", "taken": {"Anna": 9, "Beat": 1}}, {"game": "queens", "taken": {"Anna": 4}}]
    result = play(P5, deals, games=["plus", "queens"])
    # Anna -18+20=2, Beat -2, Cla 0, Dora 0, Edi 0
    assert result.totals == {"Anna": 2, "Beat": -2, "Cla": 0, "Dora": 0, "Edi": 0}
    assert result.winner == "Beat"


# ---- refusals: settings (deal None) -------------------------------------------------------------

SETTING_REFUSALS = [
    pytest.param(
        P4, {"games": "spades"}, "games", "Games must list at least one game.", id="games not a list"
    ),
    pytest.param(P4, {"games": []}, "games", "Games must list at least one game.", id="games empty"),
    pytest.param(
        P4,
        {"games": ["spades", "hearts"]},
        "games",
        "Games: 'hearts' is not a Jazz game.",
        id="games unknown",
    ),
    pytest.param(P4, {"games": [1]}, "games", "Games: 1 is not a Jazz game.", id="games number"),
    pytest.param(
        P4,
        {"games": ["spades", "tricks", "spades"]},
        "games",
        "Games: Spades is listed twice.",
        id="games twice",
    ),
    pytest.param(
        P4,
        {"games": ["fantan", "spades"]},
        "games",
        "Games: Fan Tan must be the last game.",
        id="fantan not last",
    ),
    pytest.param(P4, {"rounds": 0}, "rounds", "Rounds must be a whole number from 1 to 20.", id="rounds 0"),
    pytest.param(P4, {"rounds": 21}, "rounds", "Rounds must be a whole number from 1 to 20.", id="rounds 21"),
    pytest.param(
        P4, {"rounds": True}, "rounds", "Rounds must be a whole number from 1 to 20.", id="rounds bool"
    ),
    pytest.param(
        P4, {"rounds": 2.0}, "rounds", "Rounds must be a whole number from 1 to 20.", id="rounds float"
    ),
    pytest.param(
        P4, {"rounds": "2"}, "rounds", "Rounds must be a whole number from 1 to 20.", id="rounds text"
    ),
    pytest.param(
        P4, {"penalties": [2]}, "penalties", "Penalties must map each game to points.", id="penalties list"
    ),
    pytest.param(
        P4,
        {"penalties": {"king_last": 10}},
        "penalties",
        "Penalties: 'king_last' is not a Jazz penalty.",
        id="penalties king_last",
    ),
    pytest.param(
        P4,
        {"penalties": {"hearts": 1}},
        "penalties",
        "Penalties: 'hearts' is not a Jazz penalty.",
        id="penalties unknown",
    ),
    pytest.param(
        P4,
        {"penalties": {"fifth_trick": 5}},
        "penalties",
        "Penalties: set the fifth trick in fifth_trick_penalty.",
        id="penalties fifth_trick",
    ),
    pytest.param(
        P4,
        {"penalties": {"queens": 2.5}},
        "penalties",
        "The penalty for a queen must be a whole number from -100 to 100.",
        id="penalty float",
    ),
    pytest.param(
        P4,
        {"penalties": {"plus": -101}},
        "penalties",
        "The penalty for a trick in Plus must be a whole number from -100 to 100.",
        id="penalty -101",
    ),
    pytest.param(
        P4,
        {"penalties": {"king_of_hearts": None}},
        "penalties",
        "The penalty for the King of Hearts must be a whole number from -100 to 100.",
        id="penalty null",
    ),
    pytest.param(
        P4,
        {"penalties": {"fantan": True}},
        "penalties",
        "The penalty for a card left in Fan Tan must be a whole number from -100 to 100.",
        id="penalty bool",
    ),
    pytest.param(
        P4,
        {"fifth_trick_penalty": -1},
        "fifth_trick_penalty",
        "The penalty for the fifth trick must be a whole number from 0 to 100.",
        id="fifth -1",
    ),
    pytest.param(
        P4,
        {"fifth_trick_penalty": "10"},
        "fifth_trick_penalty",
        "The penalty for the fifth trick must be a whole number from 0 to 100.",
        id="fifth text",
    ),
    pytest.param(
        P4,
        {"king_in_last_trick_extra": True},
        "king_in_last_trick_extra",
        "The extra for the King of Hearts in the last trick must be a whole number from 0 to 100.",
        id="extra bool",
    ),
    pytest.param(
        P4,
        {"king_in_last_trick_extra": 101},
        "king_in_last_trick_extra",
        "The extra for the King of Hearts in the last trick must be a whole number from 0 to 100.",
        id="extra 101",
    ),
    pytest.param(
        P3,
        {"removed_twos": []},
        "removed_twos",
        "With 3 players remove one 2: name its suit.",
        id="3p no two removed",
    ),
    pytest.param(
        P3,
        {"removed_twos": "clubs"},
        "removed_twos",
        "With 3 players remove one 2: name its suit.",
        id="3p removed_twos text",
    ),
    pytest.param(
        P3,
        {"removed_twos": ["clubs", "diamonds"]},
        "removed_twos",
        "With 3 players remove one 2: name its suit.",
        id="3p two twos removed",
    ),
    pytest.param(
        P4,
        {"removed_twos": ["clubs"]},
        "removed_twos",
        "With 4 players no 2 is removed.",
        id="4p a two removed",
    ),
    pytest.param(
        P5,
        {"removed_twos": ["clubs"]},
        "removed_twos",
        "With 5 players remove two 2s: name their suits.",
        id="5p one two removed",
    ),
    pytest.param(
        P5,
        {"removed_twos": ["clubs", "clubs"]},
        "removed_twos",
        "Removed twos: each suit has only one 2.",
        id="5p the same two twice",
    ),
    pytest.param(
        P3,
        {"removed_twos": ["trumps"]},
        "removed_twos",
        "Removed twos: 'trumps' is not a suit.",
        id="3p unknown suit",
    ),
    pytest.param(
        P5,
        {"removed_twos": ["clubs", ["hearts"]]},
        "removed_twos",
        "Removed twos: ['hearts'] is not a suit.",
        id="5p suit as a list",
    ),
    pytest.param(P4, {"target": 100}, "target", "Unknown setting 'target' for jazz.", id="unknown setting"),
    pytest.param(
        ["Anna", "Beat"], {}, "seats", "This variant needs 3 or 4 or 5 players, not 2.", id="2 players"
    ),
    pytest.param(
        [*P5, "Fritz"], {}, "seats", "This variant needs 3 or 4 or 5 players, not 6.", id="6 players"
    ),
]


@pytest.mark.parametrize(("seats", "settings", "field", "message"), SETTING_REFUSALS)
def test_setting_refusals(seats: list[str], settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal(seats, [], **settings) == (None, field, message)


# ---- refusals: deals ----------------------------------------------------------------------------

SPADES_OK = {"game": "spades", "taken": {"Anna": 13}}
KING_OK = {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat"}

DEAL_REFUSALS = [
    # the entry and its game
    pytest.param(
        P4, {}, [["spades"]], 1, "game", "A deal must be an object naming its game.", id="not an object"
    ),
    pytest.param(
        P4,
        {},
        [{"taken": {"Anna": 13}}],
        1,
        "game",
        "Name the game of this deal: Spades is next.",
        id="game missing",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "tricks", "taken": {"Anna": 13}}],
        1,
        "game",
        "The next game is Spades, not Tricks.",
        id="another game first",
    ),
    pytest.param(
        P4,
        {},
        [SPADES_OK, {"game": "honors", "taken": {"Anna": 16}}],
        2,
        "game",
        "The next game is Tricks, not Honors.",
        id="a game skipped at deal 2",
    ),
    pytest.param(
        P4, {}, [{"game": "hearts"}], 1, "game", "The next game is Spades, not 'hearts'.", id="unknown game"
    ),
    pytest.param(
        P4,
        {},
        [{"game": ["spades"]}],
        1,
        "game",
        "The next game is Spades, not ['spades'].",
        id="game as a list",
    ),
    pytest.param(
        P4,
        {"games": ["jacks", "queens"], "rounds": 2},
        [
            {"game": "jacks", "taken": {"Anna": 4}},
            {"game": "queens", "taken": {"Anna": 4}},
            {"game": "queens", "taken": {"Anna": 4}},
        ],
        3,
        "game",
        "The next game is Jacks, not Queens.",
        id="round 2 starts again with jacks",
    ),
    pytest.param(
        P4,
        {"games": ["queens"]},
        [{"game": "queens", "taken": {"Anna": 4}}, {"game": "queens"}],
        2,
        "game",
        "The game ended with deal 1: no more deals.",
        id="after the end",
    ),
    pytest.param(
        P4,
        {"games": ["queens"], "rounds": 2},
        [{"game": "queens", "taken": {"Anna": 4}}] * 3,
        3,
        "game",
        "The game ended with deal 2: no more deals.",
        id="after the end of round 2",
    ),
    # counted games
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": 13}, "note": "x"}],
        1,
        "note",
        "Unknown field 'note' in this deal.",
        id="unknown field",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "cards_left": {"Anna": 13}}],
        1,
        "cards_left",
        "Unknown field 'cards_left' in this deal.",
        id="fantan field in spades",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades"}],
        1,
        "taken",
        "Spades: enter a number for each player.",
        id="taken missing",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": [13, 0, 0, 0]}],
        1,
        "taken",
        "Spades: enter a number for each player.",
        id="taken a list",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": 12, "Eve": 1}}],
        1,
        "taken",
        "Spades: 'Eve' is not in this game.",
        id="unknown player",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": True}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 13.",
        id="count bool",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": 13.0}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 13.",
        id="count float",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": "13"}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 13.",
        id="count text",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": None}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 13.",
        id="count null",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": 14}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 13.",
        id="count 14 of 13",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": 14, "Beat": -1}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 13.",
        id="14-1=13 still refused",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Beat": -1}}],
        1,
        "taken",
        "Spades for Beat must be a whole number from 0 to 13.",
        id="count -1",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {"Anna": 5, "Beat": 7}}],
        1,
        "taken",
        "Spades: 12 of 13 entered.",
        id="spades 5+7=12 of 13",
    ),
    pytest.param(
        P4,
        {},
        [{"game": "spades", "taken": {}}],
        1,
        "taken",
        "Spades: 0 of 13 entered.",
        id="spades nothing entered",
    ),
    pytest.param(
        P3,
        {"games": ["clubs"]},
        [{"game": "clubs", "taken": {"Anna": 7, "Beat": 6}}],
        1,
        "taken",
        "Clubs: 13 of 12 entered.",
        id="3p clubs 7+6=13 of 12",
    ),
    pytest.param(
        P3,
        {"games": ["clubs"]},
        [{"game": "clubs", "taken": {"Anna": 13}}],
        1,
        "taken",
        "Clubs for Anna must be a whole number from 0 to 12.",
        id="3p clubs 13 of 12 for one",
    ),
    pytest.param(
        P5,
        {"games": ["spades"], "removed_twos": ["spades", "clubs"]},
        [{"game": "spades", "taken": {"Anna": 13}}],
        1,
        "taken",
        "Spades for Anna must be a whole number from 0 to 12.",
        id="5p spade 2 removed: 13 of 12",
    ),
    pytest.param(
        P4,
        {},
        [SPADES_OK, {"game": "tricks", "taken": {"Anna": 12}}],
        2,
        "taken",
        "Tricks: 12 of 13 entered.",
        id="4p tricks 12 of 13 at deal 2",
    ),
    pytest.param(
        P3,
        {"games": ["tricks"]},
        [{"game": "tricks", "taken": {"Anna": 13}}],
        1,
        "taken",
        "Tricks: 13 of 17 entered.",
        id="3p tricks 13 of 17",
    ),
    pytest.param(
        P5,
        {"games": ["tricks"]},
        [{"game": "tricks", "taken": {"Anna": 11}}],
        1,
        "taken",
        "Tricks for Anna must be a whole number from 0 to 10.",
        id="5p tricks 11 of 10 for one",
    ),
    pytest.param(
        P5,
        {"games": ["tricks"]},
        [{"game": "tricks", "taken": {"Anna": 6, "Beat": 5}}],
        1,
        "taken",
        "Tricks: 11 of 10 entered.",
        id="5p tricks 6+5=11 of 10",
    ),
    pytest.param(
        P4,
        {"games": ["plus"]},
        [{"game": "plus", "taken": {"Anna": 14}}],
        1,
        "taken",
        "Plus for Anna must be a whole number from 0 to 13.",
        id="plus 14 of 13",
    ),
    pytest.param(
        P3,
        {"games": ["plus"]},
        [{"game": "plus", "taken": {"Anna": 16}}],
        1,
        "taken",
        "Plus: 16 of 17 entered.",
        id="3p plus 16 of 17",
    ),
    pytest.param(
        P4,
        {"games": ["honors"]},
        [{"game": "honors", "taken": {"Anna": 15}}],
        1,
        "taken",
        "Honors: 15 of 16 entered.",
        id="honors 15 of 16",
    ),
    pytest.param(
        P3,
        {"games": ["honors"]},
        [{"game": "honors", "taken": {"Anna": 17}}],
        1,
        "taken",
        "Honors for Anna must be a whole number from 0 to 16.",
        id="honors 17 of 16",
    ),
    pytest.param(
        P4,
        {"games": ["jacks"]},
        [{"game": "jacks", "taken": {"Anna": 5}}],
        1,
        "taken",
        "Jacks for Anna must be a whole number from 0 to 4.",
        id="jacks 5 of 4",
    ),
    pytest.param(
        P4,
        {"games": ["jacks"]},
        [{"game": "jacks", "taken": {"Anna": 2, "Beat": 3}}],
        1,
        "taken",
        "Jacks: 5 of 4 entered.",
        id="jacks 2+3=5 of 4",
    ),
    pytest.param(
        P4,
        {"games": ["queens"]},
        [{"game": "queens", "taken": {"Anna": 1, "Beat": 2}}],
        1,
        "taken",
        "Queens: 3 of 4 entered.",
        id="queens 1+2=3 of 4",
    ),
    # King of Hearts and the last trick
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{"game": "king_last", "last_trick": "Beat"}],
        1,
        "king_of_hearts",
        "Enter who took the King of Hearts.",
        id="king missing",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{"game": "king_last", "king_of_hearts": "Anna"}],
        1,
        "last_trick",
        "Enter who took the last trick.",
        id="last trick missing",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Eve"}],
        1,
        "last_trick",
        "The last trick: 'Eve' is not in this game.",
        id="last trick unknown player",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{"game": "king_last", "king_of_hearts": 3, "last_trick": "Beat"}],
        1,
        "king_of_hearts",
        "The King of Hearts: 3 is not in this game.",
        id="king a number",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{"game": "king_last", "king_of_hearts": ["Anna"], "last_trick": "Beat"}],
        1,
        "king_of_hearts",
        "The King of Hearts: ['Anna'] is not in this game.",
        id="king a list",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{**KING_OK, "fifth_trick": "Cla"}],
        1,
        "fifth_trick",
        "The fifth trick has no penalty in this game.",
        id="fifth trick without its penalty",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"], "fifth_trick_penalty": 5},
        [KING_OK],
        1,
        "fifth_trick",
        "Enter who took the fifth trick.",
        id="fifth trick missing",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"], "fifth_trick_penalty": 5},
        [{**KING_OK, "fifth_trick": "Eve"}],
        1,
        "fifth_trick",
        "The fifth trick: 'Eve' is not in this game.",
        id="fifth trick unknown",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{**KING_OK, "king_in_last": "yes"}],
        1,
        "king_in_last",
        "King in the last trick must be true or false.",
        id="king_in_last text",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{**KING_OK, "king_in_last": 1}],
        1,
        "king_in_last",
        "King in the last trick must be true or false.",
        id="king_in_last 1",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"], "king_in_last_trick_extra": 10},
        [{**KING_OK, "king_in_last": True}],
        1,
        "king_in_last",
        "The King of Hearts fell in the last trick: one player took both.",
        id="king_in_last with two players",
    ),
    pytest.param(
        P4,
        {"games": ["king_last"]},
        [{**KING_OK, "taken": {"Anna": 1}}],
        1,
        "taken",
        "Unknown field 'taken' in this deal.",
        id="taken in king_last",
    ),
    # Fan Tan
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan"}],
        1,
        "cards_left",
        "Cards left: enter a number for each player.",
        id="cards_left missing",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Anna": 1, "Beat": 2}}],
        1,
        "cards_left",
        "Fan Tan: 2 players have 0 cards left; only one goes out.",
        id="two out",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {}}],
        1,
        "cards_left",
        "Fan Tan: 4 players have 0 cards left; only one goes out.",
        id="nothing entered",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Anna": 1, "Beat": 2, "Cla": 3, "Dora": 4}}],
        1,
        "cards_left",
        "Fan Tan: the player who went out has 0 cards left.",
        id="nobody out",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Beat": 14}}],
        1,
        "cards_left",
        "Cards left for Beat must be a whole number from 0 to 13.",
        id="4p 14 of hand 13",
    ),
    pytest.param(
        P3,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Beat": 18}}],
        1,
        "cards_left",
        "Cards left for Beat must be a whole number from 0 to 17.",
        id="3p 18 of hand 17",
    ),
    pytest.param(
        P5,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Beat": 11}}],
        1,
        "cards_left",
        "Cards left for Beat must be a whole number from 0 to 10.",
        id="5p 11 of hand 10",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Beat": 2.0}}],
        1,
        "cards_left",
        "Cards left for Beat must be a whole number from 0 to 13.",
        id="cards left float",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "cards_left": {"Eve": 2}}],
        1,
        "cards_left",
        "Cards left: 'Eve' is not in this game.",
        id="fantan unknown player",
    ),
    pytest.param(
        P4,
        {"games": ["fantan"]},
        [{"game": "fantan", "taken": {"Beat": 2}}],
        1,
        "taken",
        "Unknown field 'taken' in this deal.",
        id="taken in fantan",
    ),
    # the first bad deal is named
    pytest.param(
        P4,
        {},
        [SPADES_OK, {"game": "tricks", "taken": {"Anna": 1}}, {"game": "x"}],
        2,
        "taken",
        "Tricks: 1 of 13 entered.",
        id="first bad deal wins",
    ),
]


@pytest.mark.parametrize(("seats", "settings", "deals", "deal", "field", "message"), DEAL_REFUSALS)
def test_deal_refusals(
    seats: list[str], settings: dict[str, Any], deals: list[Any], deal: int, field: str, message: str
) -> None:
    assert refusal(seats, deals, **settings) == (deal, field, message)


# ---- properties ---------------------------------------------------------------------------------

FIXED_TOTALS = {  # default penalties and twos: 2 x suit, 2 x tricks, -2 x tricks, 2 x 16, 5 x 4, 10 + 10
    3: {
        "spades": 26,
        "clubs": 24,
        "tricks": 34,
        "plus": -34,
        "honors": 32,
        "jacks": 20,
        "queens": 20,
        "king_last": 20,
    },
    4: {
        "spades": 26,
        "clubs": 26,
        "tricks": 26,
        "plus": -26,
        "honors": 32,
        "jacks": 20,
        "queens": 20,
        "king_last": 20,
    },
    5: {
        "spades": 26,
        "clubs": 24,
        "tricks": 20,
        "plus": -20,
        "honors": 32,
        "jacks": 20,
        "queens": 20,
        "king_last": 20,
    },
}
COUNTED_TOTALS = {  # cards or tricks to share out with the default twos removed
    3: {"spades": 13, "clubs": 12, "tricks": 17, "plus": 17, "honors": 16, "jacks": 4, "queens": 4},
    4: {"spades": 13, "clubs": 13, "tricks": 13, "plus": 13, "honors": 16, "jacks": 4, "queens": 4},
    5: {"spades": 13, "clubs": 12, "tricks": 10, "plus": 10, "honors": 16, "jacks": 4, "queens": 4},
}
HAND = {3: 17, 4: 13, 5: 10}
ALL_GAMES = ["spades", "clubs", "tricks", "plus", "honors", "jacks", "queens", "king_last"]


@st.composite
def shares(draw: st.DrawFn, seats: list[str], total: int) -> dict[str, int]:
    """`total` cards shared out at random; players with none are sometimes left out, as at the table."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(seats) - 1, max_size=len(seats) - 1)))
    parts = [high - low for low, high in zip([0, *cuts], [*cuts, total], strict=True)]
    return {name: part for name, part in zip(seats, parts, strict=True) if part or draw(st.booleans())}


@st.composite
def entries(draw: st.DrawFn, seats: list[str], game: str) -> dict[str, Any]:
    """A valid entry for `game` with default twos and no fifth-trick penalty."""
    players = len(seats)
    if game == "king_last":
        king, last = draw(st.sampled_from(seats)), draw(st.sampled_from(seats))
        entry: dict[str, Any] = {"game": game, "king_of_hearts": king, "last_trick": last}
        if king == last and draw(st.booleans()):
            entry["king_in_last"] = True
        return entry
    if game == "fantan":
        out = draw(st.sampled_from(seats))
        left = {name: draw(st.integers(1, HAND[players])) for name in seats if name != out}
        return {"game": game, "cards_left": {**left, out: 0}}
    return {"game": game, "taken": draw(shares(seats, COUNTED_TOTALS[players][game]))}


@st.composite
def games(draw: st.DrawFn) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    """Seats, settings and the entries of a (maybe unfinished) game in schedule order."""
    seats = SEATS[draw(st.sampled_from([3, 4, 5]))]
    chosen = draw(st.lists(st.sampled_from(ALL_GAMES), unique=True, max_size=len(ALL_GAMES)))
    if not chosen or draw(st.booleans()):
        chosen.append("fantan")
    rounds = draw(st.integers(1, 2))
    schedule = [game for _ in range(rounds) for game in chosen]
    played = draw(st.integers(0, len(schedule)))
    deals = [draw(entries(seats, game)) for game in schedule[:played]]
    return seats, {"games": chosen, "rounds": rounds}, deals


@given(games())
def test_every_deal_pays_the_fixed_total_of_its_game(
    game: tuple[list[str], dict[str, Any], list[Any]],
) -> None:
    seats, settings, deals = game
    result = score_game("jazz", seats, settings, deals)
    fixed = FIXED_TOTALS[len(seats)]
    for deal, entry in zip(result.deals, deals, strict=True):
        paid = sum(deal.scores.values())
        if entry["game"] == "fantan":
            assert paid == 3 * sum(entry["cards_left"].values())
            assert 3 * (len(seats) - 1) <= paid <= 3 * (len(seats) - 1) * HAND[len(seats)]
        else:
            assert paid == fixed[entry["game"]]
        assert list(deal.scores) == seats


@given(games())
def test_totals_ranking_and_state_follow_the_deals(game: tuple[list[str], dict[str, Any], list[Any]]) -> None:
    seats, settings, deals = game
    result = score_game("jazz", seats, settings, deals)
    assert result.totals == {name: sum(d.scores[name] for d in result.deals) for name in seats}
    assert [d.number for d in result.deals] == list(range(1, len(deals) + 1))
    ranked = [p.total for p in result.ranking]
    assert ranked == sorted(ranked)
    assert {p.side for p in result.ranking} == set(seats)
    schedule = result.state["schedule"]
    assert len(schedule) == len(settings["games"]) * settings["rounds"]
    assert result.state["position"] == len(deals)
    assert result.finished == (len(deals) == len(schedule))
    assert [[d.details["game"], d.details["round"]] for d in result.deals] == schedule[: len(deals)]
    if not result.finished:
        assert [result.state["next_game"], result.state["next_round"]] == schedule[len(deals)]
        assert result.winner is None


@given(games())
def test_replaying_gives_the_same_result(game: tuple[list[str], dict[str, Any], list[Any]]) -> None:
    seats, settings, deals = game
    first = score_game("jazz", seats, settings, deals)
    assert score_game("jazz", seats, settings, json.loads(json.dumps(deals))) == first
    prefix = score_game("jazz", seats, settings, deals[: len(deals) // 2])
    assert prefix.deals == first.deals[: len(deals) // 2]


# ---- the command line ---------------------------------------------------------------------------


def test_cli_scores_a_whole_game() -> None:
    game = {
        "variant": "jazz",
        "seats": P3,
        "settings": {"games": ["queens", "king_last", "fantan"], "king_in_last_trick_extra": 5},
        "deals": [
            {"game": "queens", "taken": {"Anna": 1, "Beat": 3}},  # 5, 15, 0
            {"game": "king_last", "king_of_hearts": "Cla", "last_trick": "Cla", "king_in_last": True},  # 25
            {"game": "fantan", "cards_left": {"Anna": 4, "Beat": 0, "Cla": 2}},  # 12, 0, 6
        ],
    }
    # Anna 5+0+12=17, Beat 15+0+0=15, Cla 0+25+6=31
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "jazz",
            "sides": ["Anna", "Beat", "Cla"],
            "deals": [
                {"number": 1, "scores": {"Anna": 5, "Beat": 15, "Cla": 0}},
                {"number": 2, "scores": {"Anna": 0, "Beat": 0, "Cla": 25}},
                {"number": 3, "scores": {"Anna": 12, "Beat": 0, "Cla": 6}},
            ],
            "totals": {"Anna": 17, "Beat": 15, "Cla": 31},
            "finished": True,
            "winner": "Beat",
            "ranking": [
                {"side": "Beat", "rank": 1, "total": 15},
                {"side": "Anna", "rank": 2, "total": 17},
                {"side": "Cla", "rank": 3, "total": 31},
            ],
        },
    )


def test_cli_refuses_an_invalid_game() -> None:
    game = {
        "variant": "jazz",
        "seats": P4,
        "deals": [
            {"game": "spades", "taken": {"Anna": 13}},
            {"game": "tricks", "taken": {"Anna": 13}},
            {"game": "honors", "taken": {"Anna": 16}},
            {"game": "jacks", "taken": {"Anna": 4}},
            {"game": "queens", "taken": {"Anna": 1, "Beat": 2}},
        ],
    }
    assert run(json.dumps(game)) == (
        2,
        {"error": {"deal": 5, "field": "taken", "message": "Queens: 3 of 4 entered."}},
    )


# ---- robustness: anything from JSON is scored or refused, never a crash -------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.floats(allow_nan=False)
    | st.sampled_from([*P5, "Eve"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from([*P5, "x"]), inner, max_size=5)
    ),
    max_leaves=12,
)
FIELDS = ["game", "taken", "cards_left", "king_of_hearts", "last_trick", "fifth_trick", "king_in_last", "x"]


@given(
    st.sampled_from([3, 4, 5]),
    st.lists(
        st.dictionaries(st.sampled_from(FIELDS), JSON | st.sampled_from([*ALL_GAMES, "fantan"]), max_size=4)
        | JSON,
        max_size=4,
    ),
    st.dictionaries(
        st.sampled_from(["games", "rounds", "penalties", "fifth_trick_penalty", "removed_twos"]),
        JSON,
        max_size=2,
    ),
)
def test_any_json_is_scored_or_refused_with_invalid_deal(
    players: int, deals: list[Any], settings: dict[str, Any]
) -> None:
    try:
        result = score_game("jazz", SEATS[players], settings, deals)
    except InvalidDeal as refused:
        assert refused.deal is None or 1 <= refused.deal <= len(deals)
        assert refused.message.endswith(".")
    else:
        assert len(result.deals) == len(deals)
