"""Schieber scoring: hand-computed tables for every rule of rules.md, then properties over random games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import GameResult, InvalidDeal, Placing, get_variant, score_game
from scorekeeper.rules.base import MODES
from scorekeeper.rules.schieber import VARIANT

SEATS = ["Anna", "Beat", "Cla", "Dora"]
STANDARD = {"hearts": 1, "diamonds": 2, "spades": 2, "clubs": 1, "obenabe": 3, "undenufe": 3}
FLAT = dict.fromkeys(MODES, 1)


def play(deals: list[Any], game_settings: dict[str, Any] | None = None) -> GameResult:
    return score_game("schieber", SEATS, game_settings, deals)


def refusal(deals: list[Any], game_settings: dict[str, Any] | None = None) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(deals, game_settings)
    return caught.value.deal, caught.value.field, caught.value.message


def hearts(points_a: int, **fields: Any) -> dict[str, Any]:
    """A plain hearts deal (x1 in every preset), so finish scenarios add up at a glance."""
    return {"trump": "hearts", "points": {"A": points_a}, **fields}


# ---- the variant as registered -----------------------------------------------------------------------


def test_registered_variant_and_its_defaults() -> None:
    assert get_variant("schieber") is VARIANT
    assert VARIANT.key == "schieber"
    assert VARIANT.player_counts == (4,)
    assert VARIANT.defaults == {
        "match_bonus": 100,
        "multipliers": STANDARD,
        "multiply_weis": True,
        "target": 2500,
        "count_order": "stoeck_weis_stich",
        "counter_match_bonus": None,
        "extra_modes": {},
        "weis_card_twice": False,
        "marks": None,
        "berg_at": None,
        "schneider_below": None,
    }


STRICHE = {"win": 2, "berg": 1, "match": 1, "counter_match": 2, "schneider": 2}


def test_presets() -> None:
    assert VARIANT.presets["standard"] == VARIANT.defaults
    assert VARIANT.presets["flat"] == {**VARIANT.defaults, "multipliers": FLAT}
    assert VARIANT.presets["tournament"] == {**VARIANT.defaults, "multipliers": FLAT, "match_bonus": 100}
    assert VARIANT.presets["swiss_rulebook"] == VARIANT.defaults
    assert VARIANT.presets["jasstafel"] == {
        **VARIANT.defaults,
        "multipliers": FLAT,
        "target": 1000,
        "marks": STRICHE,
    }
    assert VARIANT.presets["striche"] == {**VARIANT.defaults, "marks": STRICHE}


MATCH_A_STOECK_B = {"trump": "spades", "match": "A", "stoeck": "B"}


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("standard", {"A": 514, "B": 40}),  # spades x2: match (157+100)*2=514; Stöck 20*2=40
        ("flat", {"A": 257, "B": 20}),  # x1: 157+100=257; Stöck 20
        ("tournament", {"A": 257, "B": 20}),  # x1, a match 257 as in Swiss tournaments; Stöck 20
        ("swiss_rulebook", {"A": 514, "B": 40}),  # the standard game: spades x2
        ("jasstafel", {"A": 257, "B": 20}),  # x1
        ("striche", {"A": 514, "B": 40}),  # spades x2; the marks do not change the points
    ],
)
def test_each_preset_scores_a_deal(preset: str, expected: dict[str, int]) -> None:
    result = play([MATCH_A_STOECK_B], dict(VARIANT.presets[preset]))
    assert result.deals[0].scores == expected


def test_score_called_directly_takes_missing_settings_from_the_defaults() -> None:
    result = VARIANT.score(SEATS, {}, [{"trump": "obenabe", "points": {"B": 57}}])
    assert result.deals[0].scores == {"A": 300, "B": 171}  # obenabe x3: 100*3=300, 57*3=171
    assert result.state == {"target": 2500}


# ---- one deal's score -----------------------------------------------------------------------------------


DEAL_SCORES = [
    pytest.param({"trump": "hearts", "points": {"A": 83}}, {}, (83, 74), id="hearts x1: A 83, B 157-83=74"),
    pytest.param(
        {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A", "announced_by": "A"},
        {},
        (206, 248),
        id="spades x2: A (83+20)*2=206, B (74+50)*2=248",
    ),
    pytest.param(
        {"trump": "diamonds", "points": {"B": 100}}, {}, (114, 200), id="diamonds x2: A 57*2=114, B 100*2=200"
    ),
    pytest.param(
        {"trump": "clubs", "points": {"A": 90, "B": 67}}, {}, (90, 67), id="clubs x1, both given: 90, 67"
    ),
    pytest.param({"trump": "obenabe", "points": {"A": 0}}, {}, (0, 471), id="obenabe x3: A 0, B 157*3=471"),
    pytest.param(
        {"trump": "undenufe", "points": {"A": 157}, "weis": {"A": 100}},
        {},
        (771, 0),
        id="undenufe x3: A (157+100)*3=771, B 0",
    ),
    pytest.param({"trump": "hearts", "points": {"B": 157}}, {}, (0, 157), id="hearts: B 157, A 0"),
    pytest.param({"trump": "hearts", "points": {"A": 155}}, {}, (155, 2), id="hearts: A 155, B 2"),
    pytest.param({"trump": "hearts", "match": "A"}, {}, (257, 0), id="hearts match A: 157+100=257"),
    pytest.param(
        {"trump": "spades", "match": "B", "stoeck": "A"},
        {},
        (40, 514),
        id="spades match B, Stöck A counts: A 20*2=40, B 257*2=514",
    ),
    pytest.param(
        {"trump": "obenabe", "match": "A"},
        {"match_bonus": 0},
        (471, 0),
        id="obenabe match, bonus 0: 157*3=471",
    ),
    pytest.param(
        {"trump": "clubs", "match": "B", "weis": {"B": 200}},
        {"match_bonus": 50},
        (0, 407),
        id="clubs match B, bonus 50, Weis 200: 157+50+200=407",
    ),
    pytest.param(
        {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"},
        {"multiply_weis": False},
        (186, 198),
        id="weis not multiplied, spades: A 83*2+20=186, B 74*2+50=198",
    ),
    pytest.param(
        {"trump": "undenufe", "match": "A", "weis": {"A": 100}},
        {"multiply_weis": False},
        (871, 0),
        id="weis not multiplied, undenufe match: 257*3+100=871",
    ),
    pytest.param(
        {"trump": "obenabe", "points": {"A": 60}},
        {"multipliers": FLAT},
        (60, 97),
        id="flat map: obenabe 60, 97",
    ),
    pytest.param(
        {"trump": "undenufe", "points": {"A": 60}},
        {"multipliers": "flat"},
        (60, 97),
        id='multipliers "flat": undenufe 60, 97',
    ),
    pytest.param(
        {"trump": "spades", "points": {"A": 50}},
        {"multipliers": {"spades": 3}},
        (150, 321),
        id="partial map spades x3: 50*3=150, 107*3=321",
    ),
    pytest.param(
        {"trump": "obenabe", "points": {"A": 50}},
        {"multipliers": {"spades": 3}},
        (150, 321),
        id="partial map keeps obenabe x3: 50*3=150, 107*3=321",
    ),
    pytest.param(
        {"trump": "hearts", "points": {"A": 50}},
        {"multipliers": {"hearts": 4}},
        (200, 428),
        id="partial map hearts x4: 50*4=200, 107*4=428",
    ),
    pytest.param(
        {"trump": "hearts", "points": {"A": 40}, "weis": {"A": 600}},
        {},
        (640, 117),
        id="Weis at most 600: 40+600=640",
    ),
    pytest.param(
        {"trump": "hearts", "points": {"A": 40}, "weis": {"B": 20}},
        {},
        (40, 137),
        id="Weis 20 (three in a row): 117+20=137",
    ),
    pytest.param(
        {"trump": "clubs", "points": {"A": 40}, "weis": {"A": 0, "B": 40}},
        {},
        (40, 157),
        id="Weis 0 for one team, 40 for the other: 117+40=157",
    ),
    pytest.param(
        {"trump": "hearts", "points": {"A": 40}, "stoeck": None, "weis": None, "announced_by": None},
        {},
        (40, 117),
        id="null optional fields: 40, 117",
    ),
]


@pytest.mark.parametrize(("entry", "game_settings", "expected"), DEAL_SCORES)
def test_deal_score(entry: dict[str, Any], game_settings: dict[str, Any], expected: tuple[int, int]) -> None:
    result = play([entry], game_settings)
    assert result.deals[0].scores == {"A": expected[0], "B": expected[1]}
    assert result.totals == {"A": expected[0], "B": expected[1]}


def test_details_of_a_deal_with_points() -> None:
    entry = {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A", "announced_by": "A"}
    assert play([entry]).deals[0].details == {
        "trump": "spades",
        "points": {"A": 83, "B": 74},
        "match": None,
        "counter_match": False,
        "weis": {"A": 0, "B": 50},
        "stoeck": "A",
        "multiplier": 2,
        "first_out": None,
        "berg_first": None,
    }


def test_details_of_a_counter_match() -> None:
    entry = {"trump": "obenabe", "match": "B", "announced_by": "A"}
    assert play([entry], {"match_bonus": 50}).deals[0].details == {
        "trump": "obenabe",
        "points": {"A": 0, "B": 207},
        "match": "B",
        "counter_match": True,
        "weis": {"A": 0, "B": 0},
        "stoeck": None,
        "multiplier": 3,
        "first_out": None,
        "berg_first": None,
    }


@pytest.mark.parametrize(
    ("entry", "counter_match"),
    [
        ({"trump": "hearts", "match": "B", "announced_by": "A"}, True),
        ({"trump": "hearts", "match": "A", "announced_by": "B"}, True),
        ({"trump": "hearts", "match": "A", "announced_by": "A"}, False),
        ({"trump": "hearts", "match": "B"}, False),
        ({"trump": "hearts", "points": {"B": 100}, "announced_by": "A"}, False),
    ],
)
def test_counter_match(entry: dict[str, Any], counter_match: bool) -> None:
    assert play([entry]).deals[0].details["counter_match"] is counter_match


def test_multiplier_in_details_follows_the_settings() -> None:
    result = play([{"trump": "spades", "points": {"A": 50}}], {"multipliers": {"spades": 5}})
    assert result.deals[0].details["multiplier"] == 5
    assert result.deals[0].scores == {"A": 250, "B": 535}  # 50*5, 107*5


# ---- running game and the finish --------------------------------------------------------------------------


def test_running_game_ranks_by_total() -> None:
    result = play([hearts(83), {"trump": "spades", "points": {"A": 20}}])  # A 83+40=123, B 74+274=348
    assert result.totals == {"A": 123, "B": 348}
    assert [d.number for d in result.deals] == [1, 2]
    assert (result.finished, result.winner) == (False, None)
    assert result.ranking == (Placing("B", 1, 348), Placing("A", 2, 123))
    assert result.state == {"target": 2500}


def test_running_game_with_equal_totals_shares_the_rank() -> None:
    result = play([hearts(80), hearts(77)])  # A 80+77=157, B 77+80=157
    assert result.ranking == (Placing("A", 1, 157), Placing("B", 1, 157))
    assert result.winner is None


def test_empty_game() -> None:
    result = play([])
    assert (result.deals, result.totals, result.finished) == ((), {"A": 0, "B": 0}, False)
    assert result.ranking == (Placing("A", 1, 0), Placing("B", 1, 0))


FINISHES = [
    pytest.param(
        [hearts(120)], {"target": 100}, "A", {"A": 120, "B": 37}, id="A 120 >= 100 with card points alone"
    ),
    pytest.param([hearts(100)], {"target": 100}, "A", {"A": 100, "B": 57}, id="exactly the target counts"),
    pytest.param(
        [hearts(90), hearts(0, stoeck="A")],
        {"target": 100},
        "A",
        {"A": 110, "B": 224},
        id="Stöck first: A 90+20=110 wins though B ends 67+157=224",
    ),
    pytest.param(
        [
            {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"},
            hearts(150, weis={"B": 60}),
        ],
        {"target": 300},
        "B",
        {"A": 356, "B": 315},
        id="Weis before cards: B 248+60=308 wins though A ends 206+150=356",
    ),
    pytest.param(
        [hearts(90), hearts(50, stoeck="A", weis={"B": 50})],
        {"target": 100},
        "A",
        {"A": 160, "B": 224},
        id="Stöck before Weis: A 90+20=110 before B 67+50=117",
    ),
    pytest.param(
        [hearts(80), hearts(70, first_out="B")],
        {"target": 100},
        "B",
        {"A": 150, "B": 164},
        id="both with card points, first_out B: A 80+70=150, B 77+87=164",
    ),
    pytest.param(
        [hearts(80), hearts(70, first_out="A")],
        {"target": 100},
        "A",
        {"A": 150, "B": 164},
        id="both with card points, first_out A wins with less",
    ),
    pytest.param(
        [
            hearts(100, weis={"A": 70}),
            {"trump": "spades", "points": {"B": 157}, "stoeck": "A", "weis": {"B": 100}},
        ],
        {"target": 200},
        "A",
        {"A": 210, "B": 571},
        id="Stöck x2: A 170+40=210 first; B 57+(157+100)*2=571",
    ),
    pytest.param(
        [
            hearts(100, weis={"A": 70}),
            {"trump": "spades", "points": {"B": 157}, "stoeck": "A", "weis": {"B": 100}},
        ],
        {"target": 200, "multiply_weis": False},
        "B",
        {"A": 190, "B": 471},
        id="Stöck x1: A 170+20=190 short; B 57+100+157*2=471",
    ),
    pytest.param(
        [{"trump": "diamonds", "match": "B", "stoeck": "A"}],
        {"target": 40},
        "A",
        {"A": 40, "B": 514},
        id="Stöck against a match: A 20*2=40 reaches 40 first; B 257*2=514",
    ),
]


@pytest.mark.parametrize(("deals", "game_settings", "winner", "totals"), FINISHES)
def test_finish(deals: list[Any], game_settings: dict[str, Any], winner: str, totals: dict[str, int]) -> None:
    result = play(deals, game_settings)
    loser = "B" if winner == "A" else "A"
    assert (result.finished, result.winner, result.totals) == (True, winner, totals)
    assert result.ranking == (Placing(winner, 1, totals[winner]), Placing(loser, 2, totals[loser]))
    assert sum(d.scores["A"] for d in result.deals) == totals["A"]
    assert result.state == {"target": game_settings["target"]}


# ---- refusals -------------------------------------------------------------------------------------------


DEAL_REFUSALS = [
    pytest.param(
        [7], {}, (1, "deal", "A deal must be an entry with named fields (trump, points, ...)."), id="number"
    ),
    pytest.param(
        [None], {}, (1, "deal", "A deal must be an entry with named fields (trump, points, ...)."), id="null"
    ),
    pytest.param(
        [hearts(80), [hearts(80)]],
        {},
        (2, "deal", "A deal must be an entry with named fields (trump, points, ...)."),
        id="list as deal 2",
    ),
    pytest.param(
        [hearts(80, points_b=77)],
        {},
        (1, "points_b", "Unknown field 'points_b' in this deal."),
        id="unknown field",
    ),
    pytest.param(
        [{"points": {"A": 80}}], {}, (1, "trump", "Choose the trump of this deal."), id="trump missing"
    ),
    *(
        pytest.param(
            [{"trump": trump, "points": {"A": 80}}],
            {},
            (1, "trump", "The trump must be hearts, diamonds, spades, clubs, obenabe or undenufe."),
            id=f"trump {trump!r}",
        )
        for trump in ("Rosen", "slalom", 3, ["hearts"], "Hearts")
    ),
    pytest.param(
        [{"trump": "hearts"}],
        {},
        (1, "points", "Enter the card points of one team, or a match."),
        id="no points",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {}}],
        {},
        (1, "points", "Enter the card points of one team, or a match."),
        id="empty points",
    ),
    pytest.param(
        [{"trump": "hearts", "points": None, "match": None}],
        {},
        (1, "points", "Enter the card points of one team, or a match."),
        id="points and match null",
    ),
    pytest.param(
        [hearts(80, match="A")], {}, (1, "points", "Enter the card points or a match, not both."), id="both"
    ),
    *(
        pytest.param(
            [{"trump": "hearts", "match": match}],
            {},
            (1, "match", "The match must be by team A or B."),
            id=f"match {match!r}",
        )
        for match in ("C", True, "a", 1)
    ),
    pytest.param(
        [{"trump": "hearts", "points": 83}],
        {},
        (1, "points", "Card points must map each team to a number."),
        id="points not a map",
    ),
    pytest.param(
        [{"trump": "hearts", "points": 0}],
        {},
        (1, "points", "Card points must map each team to a number."),
        id="points 0 not a map",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"B": None}}],
        {},
        (1, "points", "Card points of team B must be a whole number from 0 to 157."),
        id="B None",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"C": 83}}],
        {},
        (1, "points", "Card points: 'C' is not in this game."),
        id="points of team C",
    ),
    pytest.param(
        [hearts(1)],
        {},
        (1, "points", "Card points of team A cannot be 1: no card is worth 1 point."),
        id="A 1",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"B": 1}}],
        {},
        (1, "points", "Card points of team B cannot be 1: no card is worth 1 point."),
        id="B 1",
    ),
    *(
        pytest.param(
            [hearts(value)],
            {},
            (1, "points", "Card points of team A must be a whole number from 0 to 157."),
            id=f"A {value!r}",
        )
        for value in (158, -5, 83.0, "83", True, False, None, [83], {"n": 83})
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"A": 80, "B": 200}}],
        {},
        (1, "points", "Card points of team B must be a whole number from 0 to 157."),
        id="B 200",
    ),
    pytest.param(
        [hearts(156)],
        {},
        (1, "points", "Card points of team A cannot be 156: team B would have 1."),
        id="A 156",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"B": 156}}],
        {},
        (1, "points", "Card points of team B cannot be 156: team A would have 1."),
        id="B 156",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"A": 80, "B": 80}}],
        {},
        (1, "points", "Card points of teams A and B must total 157, not 160."),
        id="80+80=160",
    ),
    pytest.param(
        [{"trump": "hearts", "points": {"A": 156, "B": 1}}],
        {},
        (1, "points", "Card points of team B cannot be 1: no card is worth 1 point."),
        id="156+1",
    ),
    pytest.param(
        [hearts(80, weis=50)], {}, (1, "weis", "Weis must map each team to a number."), id="weis not a map"
    ),
    pytest.param(
        [hearts(80, weis={"C": 50})], {}, (1, "weis", "Weis: 'C' is not in this game."), id="weis of team C"
    ),
    *(
        pytest.param(
            [hearts(80, weis={"A": amount})],
            {},
            (1, "weis", "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600."),
            id=f"weis A {amount!r}",
        )
        for amount in (10, 30, 45, 610, -20, 50.0, True, "50", None)
    ),
    pytest.param(
        [hearts(80, weis={"B": 25})],
        {},
        (1, "weis", "Weis of team B must be 0, 20, or a multiple of 10 from 40 to 600."),
        id="weis B 25",
    ),
    pytest.param(
        [hearts(80, weis={"A": 50, "B": 20})],
        {},
        (1, "weis", "Only the team with the best Weis scores: enter Weis for one team."),
        id="weis for both teams",
    ),
    *(
        pytest.param(
            [hearts(80, stoeck=stoeck)],
            {},
            (1, "stoeck", "Stöck must be team A or B."),
            id=f"stoeck {stoeck!r}",
        )
        for stoeck in ("C", True, 20)
    ),
    *(
        pytest.param(
            [{"trump": mode, "points": {"A": 80}, "stoeck": "A"}],
            {},
            (1, "stoeck", f"No Stöck in {mode}: there is no trump suit."),
            id=f"stoeck in {mode}",
        )
        for mode in ("obenabe", "undenufe")
    ),
    pytest.param(
        [hearts(80, announced_by="C")],
        {},
        (1, "announced_by", "The team that announced must be team A or B."),
        id="announced_by C",
    ),
    pytest.param(
        [hearts(80, first_out="C")],
        {},
        (1, "first_out", "The team out first must be team A or B."),
        id="first_out C",
    ),
    pytest.param(
        [hearts(80), hearts(80), hearts(1)],
        {},
        (3, "points", "Card points of team A cannot be 1: no card is worth 1 point."),
        id="the bad deal's number",
    ),
]


@pytest.mark.parametrize(("deals", "game_settings", "expected"), DEAL_REFUSALS)
def test_deal_refusal(
    deals: list[Any], game_settings: dict[str, Any], expected: tuple[int, str, str]
) -> None:
    assert refusal(deals, game_settings) == expected


FINISH_REFUSALS = [
    pytest.param(
        [hearts(80), hearts(70)],
        {"target": 100},
        (2, "first_out", "Both teams reached the target with card points: which team got there first?"),
        id="both with card points: first_out asked (150 and 164)",
    ),
    pytest.param(
        [hearts(80, first_out="A")],
        {},
        (1, "first_out", "Team A did not reach the target in this deal."),
        id="first_out while nobody reaches",
    ),
    pytest.param(
        [hearts(120, first_out="B")],
        {"target": 100},
        (1, "first_out", "Team B did not reach the target in this deal."),
        id="first_out naming the team below: B 37",
    ),
    pytest.param(
        [hearts(120, first_out="A")],
        {"target": 100},
        (
            1,
            "first_out",
            "No need to name the team out first: team A reached the target first, with card points.",
        ),
        id="first_out when only A reached",
    ),
    pytest.param(
        [hearts(90), hearts(50, stoeck="A", weis={"B": 50}, first_out="B")],
        {"target": 100},
        (
            2,
            "first_out",
            "No need to name the team out first: team A reached the target first, with its Stöck.",
        ),
        id="first_out when Stöck decided (A 110 with Stöck, B 117 with Weis)",
    ),
    pytest.param(
        [
            {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"},
            hearts(150, weis={"B": 60}, first_out="A"),
        ],
        {"target": 300},
        (2, "first_out", "No need to name the team out first: team B reached the target first, with Weis."),
        id="first_out when Weis decided (B 308 with Weis, A 356 after)",
    ),
    pytest.param(
        [hearts(120), hearts(80)],
        {"target": 100},
        (2, "game", "The game ended with deal 1: no more deals."),
        id="deal after the end",
    ),
    pytest.param(
        [hearts(120), {"nonsense": True}],
        {"target": 100},
        (2, "game", "The game ended with deal 1: no more deals."),
        id="any deal after the end, even a bad one",
    ),
]


@pytest.mark.parametrize(("deals", "game_settings", "expected"), FINISH_REFUSALS)
def test_finish_refusal(
    deals: list[Any], game_settings: dict[str, Any], expected: tuple[int, str, str]
) -> None:
    assert refusal(deals, game_settings) == expected


SETUP_REFUSALS = [
    *(
        pytest.param(
            {"match_bonus": value},
            ("match_bonus", "The match bonus must be a whole number, 0 or more."),
            id=f"match_bonus {value!r}",
        )
        for value in (-1, "100", True, 1.5, None)
    ),
    *(
        pytest.param(
            {"target": value},
            ("target", "The target must be a whole number, 1 or more."),
            id=f"target {value!r}",
        )
        for value in (0, -2500, "2500", 2500.0, False)
    ),
    *(
        pytest.param(
            {"multiply_weis": value},
            ("multiply_weis", "Whether Weis and Stöck are multiplied must be true or false."),
            id=f"multiply_weis {value!r}",
        )
        for value in ("yes", 1, None)
    ),
    *(
        pytest.param(
            {"multipliers": value},
            ("multipliers", 'The multipliers must map each trump to a factor, or be "flat".'),
            id=f"multipliers {value!r}",
        )
        for value in ("standard", [1, 2], 2, None)
    ),
    pytest.param(
        {"multipliers": {"slalom": 2}},
        ("multipliers", "Multipliers: 'slalom' is not a trump in Schieber."),
        id="multipliers of an unknown mode",
    ),
    *(
        pytest.param(
            {"multipliers": {"spades": value}},
            ("multipliers", "The multiplier of spades must be a whole number, 1 or more."),
            id=f"multiplier {value!r}",
        )
        for value in (0, -2, 2.0, True, "2")
    ),
    pytest.param({"targt": 1000}, ("targt", "Unknown setting 'targt' for schieber."), id="unknown setting"),
]


@pytest.mark.parametrize(("game_settings", "expected"), SETUP_REFUSALS)
def test_setup_refusal(game_settings: dict[str, Any], expected: tuple[str, str]) -> None:
    assert refusal([hearts(80)], game_settings) == (None, *expected)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["Anna", "Beat", "Cla"], "This variant needs 4 players, not 3."),
        (["Anna", "Beat", "Cla", "Dora", "Eva"], "This variant needs 4 players, not 5."),
        (["Anna", "Beat", "Cla", "Anna"], "Anna sits at the table twice."),
        (["Anna", "Beat", "Cla", " "], "Every seat needs a player name."),
    ],
)
def test_seats_refused(seats: list[str], message: str) -> None:
    with pytest.raises(InvalidDeal) as caught:
        score_game("schieber", seats, None, [hearts(80)])
    assert (caught.value.deal, caught.value.field, caught.value.message) == (None, "seats", message)


# ---- properties ------------------------------------------------------------------------------------------

SIDE = st.sampled_from("AB")
CARD_POINTS = st.integers(0, 157).filter(lambda n: n not in (1, 156))
WEIS = st.sampled_from([0, 20, *range(40, 601, 10)])


@st.composite
def deal_entries(draw: st.DrawFn) -> dict[str, Any]:
    """Any valid deal entry, without first_out (that one depends on the running totals)."""
    trump = draw(st.sampled_from(MODES))
    entry: dict[str, Any] = {"trump": trump}
    if draw(st.booleans()):
        entry["match"] = draw(SIDE)
    elif draw(st.booleans()):
        a = draw(CARD_POINTS)
        entry["points"] = {"A": a, "B": 157 - a}
    else:
        entry["points"] = {draw(SIDE): draw(CARD_POINTS)}
    if draw(st.booleans()):
        entry["weis"] = {draw(SIDE): draw(WEIS)}
    if trump not in ("obenabe", "undenufe") and draw(st.booleans()):
        entry["stoeck"] = draw(SIDE)
    if draw(st.booleans()):
        entry["announced_by"] = draw(SIDE)
    return entry


GAME_SETTINGS = st.fixed_dictionaries(
    {
        "match_bonus": st.integers(0, 300),
        "multipliers": st.dictionaries(st.sampled_from(MODES), st.integers(1, 7)),
        "multiply_weis": st.booleans(),
        "target": st.just(10**9),
    }
)


@given(st.lists(deal_entries(), max_size=30), GAME_SETTINGS)
def test_card_points_total_157_or_a_match(deals: list[dict[str, Any]], game_settings: dict[str, Any]) -> None:
    for entry, result in zip(deals, play(deals, game_settings).deals, strict=True):
        points = result.details["points"]
        if "match" in entry:
            winner, loser = entry["match"], "B" if entry["match"] == "A" else "A"
            assert (points[winner], points[loser]) == (157 + game_settings["match_bonus"], 0)
        else:
            assert points["A"] + points["B"] == 157


@given(st.lists(deal_entries(), max_size=30), GAME_SETTINGS)
def test_scores_follow_the_details_and_totals_add_up(
    deals: list[dict[str, Any]], game_settings: dict[str, Any]
) -> None:
    result = play(deals, game_settings)
    for deal in result.deals:
        facts = deal.details
        bonus_factor = facts["multiplier"] if game_settings["multiply_weis"] else 1
        for side in "AB":
            stoeck = 20 if facts["stoeck"] == side else 0
            expected = (
                facts["points"][side] * facts["multiplier"] + (facts["weis"][side] + stoeck) * bonus_factor
            )
            assert deal.scores[side] == expected
    assert result.totals == {side: sum(d.scores[side] for d in result.deals) for side in "AB"}
    assert [d.number for d in result.deals] == list(range(1, len(deals) + 1))


@given(st.lists(deal_entries(), max_size=30), GAME_SETTINGS, st.data())
def test_a_prefix_scores_its_deals_as_the_whole_game(
    deals: list[dict[str, Any]], game_settings: dict[str, Any], data: st.DataObject
) -> None:
    cut = data.draw(st.integers(0, len(deals)))
    assert play(deals[:cut], game_settings).deals == play(deals, game_settings).deals[:cut]


@settings(max_examples=200)
@given(st.lists(deal_entries(), min_size=1, max_size=40), st.integers(1, 3000), st.data())
def test_the_game_ends_when_a_team_reaches_the_target(
    deals: list[dict[str, Any]], target: int, data: st.DataObject
) -> None:
    """Enter deals one at a time as the app does, naming first_out only when the engine asks."""
    entered: list[dict[str, Any]] = []
    result = play([], {"target": target})
    for entry in deals:
        try:
            result = play([*entered, entry], {"target": target})
        except InvalidDeal as asked:
            assert (asked.deal, asked.field) == (len(entered) + 1, "first_out")
            entry = {**entry, "first_out": data.draw(SIDE)}
            result = play([*entered, entry], {"target": target})
            assert result.winner == entry["first_out"]
        entered.append(entry)
        if result.finished:
            break
    if not result.finished:
        assert max(result.totals.values()) < target
        return
    winner, loser = result.winner, "B" if result.winner == "A" else "A"
    assert result.totals[winner] >= target
    assert result.totals[loser] - result.deals[-1].scores[loser] < target
    assert [p.side for p in result.ranking] == [winner, loser]
    assert [p.rank for p in result.ranking] == [1, 2]
    after = refusal([*entered, hearts(80)], {"target": target})
    assert after == (len(entered) + 1, "game", f"The game ended with deal {len(entered)}: no more deals.")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["trump", "points", "match", "weis", "stoeck", "announced_by", "first_out"]
FIELD_VALUES = st.none() | st.sampled_from(["A", "B", "C", "hearts", "obenabe", 0, 1, 156]) | JSON_VALUES
FIELD_VALUES_OR_TEAM_MAPS = FIELD_VALUES | st.dictionaries(SIDE, FIELD_VALUES, max_size=2)


@st.composite
def one_field_off(draw: st.DrawFn) -> dict[str, Any]:
    """A valid entry with one field set to anything: the refusal must still be an InvalidDeal."""
    return {**draw(deal_entries()), draw(st.sampled_from(FIELDS)): draw(FIELD_VALUES_OR_TEAM_MAPS)}


FUZZ_ENTRY = st.dictionaries(st.sampled_from(FIELDS), FIELD_VALUES_OR_TEAM_MAPS, max_size=5)


@settings(max_examples=500)
@given(st.lists(one_field_off() | FUZZ_ENTRY | JSON_VALUES, min_size=1, max_size=4))
def test_any_json_entry_is_scored_or_refused_as_an_invalid_deal(deals: list[Any]) -> None:
    try:
        result = play(deals, {"target": 300})
    except InvalidDeal as refused:
        assert refused.deal is not None and 1 <= refused.deal <= len(deals)
        assert refused.message
    else:
        assert len(result.deals) == len(deals)
