"""Schieber's house rules (rules.md, "House-rule settings"): count order, counter-match bonus, extra modes,
marks (Striche) with the Berg and the Schneider, and the Weis note. Every number is worked out by hand in
the comments; then every bad value is refused naming its field, and properties over random games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import GameResult, InvalidDeal, score_game
from scorekeeper.rules.base import MODES
from scorekeeper.rules.schieber import VARIANT

SEATS = ["Anna", "Beat", "Cla", "Dora"]
FLAT = dict.fromkeys(MODES, 1)
STRICHE = {"win": 2, "berg": 1, "match": 1, "counter_match": 2, "schneider": 2}
TAFEL = {"multipliers": "flat", "target": 1000, "marks": STRICHE}
"""A game on the Jasstafel: every trump x1, to 1000; the Berg at 500, Schneider below 500."""


def play(deals: list[Any], game_settings: dict[str, Any] | None = None) -> GameResult:
    return score_game("schieber", SEATS, game_settings, deals)


def refusal(deals: list[Any], game_settings: dict[str, Any] | None = None) -> tuple[Any, ...]:
    with pytest.raises(InvalidDeal) as caught:
        play(deals, game_settings)
    return caught.value.deal, caught.value.field, caught.value.message


def hearts(points_a: int, **fields: Any) -> dict[str, Any]:
    return {"trump": "hearts", "points": {"A": points_a}, **fields}


# ---- count_order --------------------------------------------------------------------------------------

# Target 300. Deal 1 hearts: A 100, B 57 + Weis 40 = 97. Deal 2 hearts: A 100 (200), B 57 + Weis 50 (204).
# Deal 3 hearts: A 110 card points; B 47 card points and Weis 100.
TO_300 = [hearts(100, weis={"B": 40}), hearts(100, weis={"B": 50}), hearts(110, weis={"B": 100})]


def test_weis_before_card_points_gives_the_game_to_the_team_with_weis() -> None:
    # Stöck, Weis, Stich: B 204 + 100 = 304 with Weis, before A 200 + 110 = 310 with card points.
    result = play(TO_300, {"target": 300})
    assert (result.finished, result.winner, result.totals) == (True, "B", {"A": 310, "B": 351})


def test_card_points_before_weis_give_the_same_deal_to_the_other_team() -> None:
    # Stöck, Stich, Weis: A 200 + 110 = 310 with card points while B has 204 + 47 = 251; its Weis comes later.
    result = play(TO_300, {"target": 300, "count_order": "stoeck_stich_weis"})
    assert (result.finished, result.winner, result.totals) == (True, "A", {"A": 310, "B": 351})
    assert [p.side for p in result.ranking] == ["A", "B"]


def test_stoeck_still_counts_first_in_either_order() -> None:
    # Target 100. Deal 1 A 90, B 67. Deal 2: A Stöck (110 first), B 50 Weis and 157-0=157 card points.
    deals = [hearts(90), hearts(0, stoeck="A", weis={"B": 50})]
    for order in ("stoeck_weis_stich", "stoeck_stich_weis"):
        assert play(deals, {"target": 100, "count_order": order}).winner == "A"


def test_naming_the_team_out_first_follows_the_count_order() -> None:
    named = [*TO_300[:2], hearts(110, weis={"B": 100}, first_out="B")]
    assert refusal(named, {"target": 300, "count_order": "stoeck_stich_weis"}) == (
        3,
        "first_out",
        "No need to name the team out first: team A reached the target first, with card points.",
    )
    assert refusal(named, {"target": 300}) == (
        3,
        "first_out",
        "No need to name the team out first: team B reached the target first, with Weis.",
    )


def test_both_teams_with_card_points_are_asked_in_either_order() -> None:
    # Target 100: deal 1 A 80, B 77; deal 2 A 70 (150), B 87 (164): both with card points, then Weis 0.
    deals = [hearts(80), hearts(70)]
    game_settings = {"target": 100, "count_order": "stoeck_stich_weis"}
    assert refusal(deals, game_settings) == (
        2,
        "first_out",
        "Both teams reached the target with card points: which team got there first?",
    )
    assert play([hearts(80), hearts(70, first_out="A")], game_settings).winner == "A"


# ---- counter_match_bonus (Kontermatsch) ------------------------------------------------------------------


def test_a_kontermatsch_with_its_own_bonus_on_a_doubled_trump() -> None:
    # Schilten x2, A announced, B took every trick: (157 + 150) x 2 = 614; A's Stöck 20 x 2 = 40.
    entry = {"trump": "spades", "match": "B", "announced_by": "A", "stoeck": "A"}
    result = play([entry], {"counter_match_bonus": 150})
    assert result.deals[0].scores == {"A": 40, "B": 614}
    assert result.deals[0].details["points"] == {"A": 0, "B": 307}
    assert result.deals[0].details["counter_match"] is True


def test_the_announcing_teams_own_match_keeps_the_match_bonus() -> None:
    # Schilten x2, A announced and made the match: (157 + 100) x 2 = 514.
    entry = {"trump": "spades", "match": "A", "announced_by": "A"}
    assert play([entry], {"counter_match_bonus": 150}).deals[0].scores == {"A": 514, "B": 0}


@pytest.mark.parametrize(
    ("game_settings", "expected"),
    [
        ({}, 771),  # unset: like any match, (157 + 100) x 3 = 771 in Obenabe
        ({"counter_match_bonus": 0}, 471),  # 157 x 3
        ({"counter_match_bonus": 1000, "match_bonus": 0}, 3471),  # (157 + 1000) x 3
    ],
)
def test_a_counter_match_in_obenabe(game_settings: dict[str, Any], expected: int) -> None:
    entry = {"trump": "obenabe", "match": "A", "announced_by": "B"}
    assert play([entry], game_settings).deals[0].scores == {"A": expected, "B": 0}


def test_with_a_counter_match_bonus_a_match_needs_the_announcing_team() -> None:
    assert refusal([hearts(80), {"trump": "hearts", "match": "B"}], {"counter_match_bonus": 150}) == (
        2,
        "announced_by",
        "Enter the team that announced: in this game a counter-match scores a bonus of its own.",
    )
    # Card points need no announcing team, with or without the setting.
    assert play([hearts(80)], {"counter_match_bonus": 150}).totals == {"A": 80, "B": 77}


def test_a_bad_announcing_team_is_refused_before_it_is_asked_for() -> None:
    entry = {"trump": "hearts", "match": "B", "announced_by": "C"}
    assert refusal([entry], {"counter_match_bonus": 150}) == (
        1,
        "announced_by",
        "The team that announced must be team A or B.",
    )


# ---- extra_modes ----------------------------------------------------------------------------------------


def test_an_extra_mode_counts_like_obenabe_with_its_own_factor() -> None:
    # Slalom x4: A 100 x 4 = 400 and Weis 50 x 4 = 200; B (157 - 100) x 4 = 228.
    entry = {"trump": "slalom", "points": {"A": 100}, "weis": {"A": 50}}
    result = play([entry], {"extra_modes": {"slalom": 4}})
    assert result.deals[0].scores == {"A": 600, "B": 228}
    assert (result.deals[0].details["trump"], result.deals[0].details["multiplier"]) == ("slalom", 4)


def test_a_match_in_an_extra_mode() -> None:
    # Gustav x5 (with Slalom x4 beside it): (157 + 100) x 5 = 1285.
    game_settings = {"extra_modes": {"slalom": 4, "gustav": 5}}
    assert play([{"trump": "gustav", "match": "B"}], game_settings).deals[0].scores == {"A": 0, "B": 1285}


def test_an_extra_mode_has_no_stoeck() -> None:
    entry = {"trump": "slalom", "points": {"A": 100}, "stoeck": "A"}
    assert refusal([entry], {"extra_modes": {"slalom": 4}}) == (
        1,
        "stoeck",
        "No Stöck in Slalom: there is no trump suit.",
    )


def test_the_trump_refusal_names_the_extra_modes() -> None:
    game_settings = {"extra_modes": {"slalom": 4, "gustav": 5}}
    assert refusal([{"trump": "misere", "points": {"A": 80}}], game_settings) == (
        1,
        "trump",
        "The trump must be hearts, diamonds, spades, clubs, obenabe, undenufe or an extra mode of this game: "
        "slalom, gustav.",
    )
    assert refusal([{"trump": "slalom", "points": {"A": 80}}], {}) == (
        1,
        "trump",
        "The trump must be hearts, diamonds, spades, clubs, obenabe or undenufe.",
    )
    assert refusal([{"points": {"A": 80}}], game_settings) == (1, "trump", "Choose the trump of this deal.")


# ---- marks (Striche), Berg and Schneider --------------------------------------------------------------

# The Jasstafel game, every trump x1, to 1000, the Berg at 500 and Schneider below 500:
STRICHE_GAME = [
    {"trump": "hearts", "match": "A", "announced_by": "A"},  # A 257, B 0: a match, 1 mark to A
    hearts(100),  # A 357, B 57
    {"trump": "clubs", "match": "B", "announced_by": "A"},  # B 57 + 257 = 314: a counter-match, 2 to B
    hearts(150, weis={"A": 100}),  # A 357 + 100 + 150 = 607 passes 500: the Berg, 1 to A; B 321
    hearts(120, stoeck="A"),  # A 607 + 20 + 120 = 747, B 321 + 37 = 358
    {"trump": "obenabe", "points": {"A": 157}, "weis": {"A": 100}},  # A 747 + 257 = 1004: wins, 2; B 358
]


def test_the_issues_case_schieber_kontermatsch_and_strokes() -> None:
    """A whole Striche game: a match, a Kontermatsch, the Berg, the win and a Schneider (358 < 500)."""
    result = play(STRICHE_GAME, TAFEL)
    assert (result.finished, result.winner, result.totals) == (True, "A", {"A": 1004, "B": 358})
    assert result.marks == {"A": 1 + 1 + 2 + 2, "B": 2}
    assert [deal.details["marks"] for deal in result.deals] == [
        {"A": 1, "B": 0},
        {"A": 0, "B": 0},
        {"A": 0, "B": 2},
        {"A": 1, "B": 0},
        {"A": 0, "B": 0},
        {"A": 4, "B": 0},
    ]
    assert [deal.details["mark_kinds"] for deal in result.deals] == [
        {"A": ["match"], "B": []},
        {"A": [], "B": []},
        {"A": [], "B": ["counter_match"]},
        {"A": ["berg"], "B": []},
        {"A": [], "B": []},
        {"A": ["win", "schneider"], "B": []},
    ]
    assert [deal.details["berg"] for deal in result.deals] == [None, None, None, "A", None, None]
    assert result.to_json()["marks"] == {"A": 6, "B": 2}


def test_marks_leave_the_points_as_they_are() -> None:
    with_marks, without = play(STRICHE_GAME, TAFEL), play(STRICHE_GAME, {**TAFEL, "marks": None})
    assert (with_marks.totals, with_marks.ranking, with_marks.winner) == (
        without.totals,
        without.ranking,
        without.winner,
    )
    assert [d.scores for d in with_marks.deals] == [d.scores for d in without.deals]
    assert without.marks is None
    assert "marks" not in without.to_json()
    assert "marks" not in without.deals[0].details


def test_no_schneider_when_the_loser_reaches_the_line() -> None:
    # schneider_below 358: B's 358 is not strictly below it, so A gets the win only: 1 + 1 + 2 = 4.
    result = play(STRICHE_GAME, {**TAFEL, "schneider_below": 358})
    assert result.marks == {"A": 4, "B": 2}
    assert play(STRICHE_GAME, {**TAFEL, "schneider_below": 359}).marks == {"A": 6, "B": 2}


def test_a_kind_left_out_of_the_marks_counts_none() -> None:
    # Only the win counts: 3 marks to A; the match, counter-match, Berg and Schneider give nothing.
    result = play(STRICHE_GAME, {**TAFEL, "marks": {"win": 3}})
    assert result.marks == {"A": 3, "B": 0}
    assert result.deals[3].details["berg"] is None  # a Berg worth no mark is not looked for
    assert result.deals[5].details["mark_kinds"] == {"A": ["win"], "B": []}


def test_a_game_not_over_has_no_win_yet() -> None:
    result = play(STRICHE_GAME[:5], TAFEL)
    assert (result.finished, result.marks) == (False, {"A": 2, "B": 2})
    assert result.state == {"target": 1000, "berg_at": None}  # the Berg is given
    assert play(STRICHE_GAME[:3], TAFEL).state == {"target": 1000, "berg_at": 500}


def test_the_berg_at_its_own_line() -> None:
    # berg_at 300: A's 357 after deal 2 passes it first (B has 57): the Berg in deal 2.
    result = play(STRICHE_GAME, {**TAFEL, "berg_at": 300})
    assert [deal.details["berg"] for deal in result.deals] == [None, "A", None, None, None, None]


def test_the_berg_by_weis_before_card_points() -> None:
    # Flat, Berg at 500. Deal 1: A 100 + Weis 350 = 450; B 57. Deal 2: B 157 + Weis 240 = 454; A 450.
    # Deal 3: A 40 Weis (490) and 20 card points (510); B 137 card points (591).
    deals = [
        hearts(100, weis={"A": 350}),
        {"trump": "hearts", "points": {"B": 157}, "weis": {"B": 240}},
        hearts(20, weis={"A": 40}),
    ]
    # Stöck, Weis, Stich: A 490 after Weis is short; at card points A 510 and B 591: both, so asked.
    assert refusal(deals, TAFEL) == (
        3,
        "berg_first",
        "Both teams reached the Berg with card points: which team got there first?",
    )
    named = [*deals[:2], hearts(20, weis={"A": 40}, berg_first="B")]
    assert play(named, TAFEL).deals[2].details["berg"] == "B"
    # Stöck, Stich, Weis: at card points A 470 and B 591: B alone.
    result = play(deals, {**TAFEL, "count_order": "stoeck_stich_weis"})
    assert result.deals[2].details["mark_kinds"] == {"A": [], "B": ["berg"]}


def test_the_berg_decided_by_weis_needs_no_claim() -> None:
    # Deal 3: A Weis 60 (510) reaches the Berg first; B's card points (454 + 137 = 591) come after.
    deals = [
        hearts(100, weis={"A": 350}),
        {"trump": "hearts", "points": {"B": 157}, "weis": {"B": 240}},
        hearts(20, weis={"A": 60}, berg_first="B"),
    ]
    assert refusal(deals, TAFEL) == (
        3,
        "berg_first",
        "No need to name the team at the Berg first: team A reached it first, with Weis.",
    )
    deals[2] = hearts(20, weis={"A": 60})
    assert play(deals, TAFEL).deals[2].details["berg"] == "A"


BERG_REFUSALS = [
    pytest.param(
        [hearts(80, berg_first="A")],
        TAFEL,
        (1, "berg_first", "Team A did not reach the Berg in this deal."),
        id="nobody near the Berg",
    ),
    pytest.param(
        [hearts(100, weis={"A": 350}), hearts(100, berg_first="B")],
        TAFEL,
        (2, "berg_first", "Team B did not reach the Berg in this deal."),
        id="the team named is short: B 57 + 57",
    ),
    pytest.param(
        [hearts(100, weis={"A": 350}), hearts(100, berg_first="A")],
        TAFEL,
        (
            2,
            "berg_first",
            "No need to name the team at the Berg first: team A reached it first, with card points.",
        ),
        id="only A: 450 + 100",
    ),
    pytest.param(
        [hearts(100, weis={"A": 380}), hearts(0, stoeck="A", weis={"B": 400}, berg_first="B")],
        TAFEL,
        (
            2,
            "berg_first",
            "No need to name the team at the Berg first: team A reached it first, with its Stöck.",
        ),
        id="Stöck first: A 480 + 20 = 500; B 57 + 400 + 157",
    ),
    pytest.param(
        [*STRICHE_GAME[:4], hearts(120, berg_first="A")],
        TAFEL,
        (5, "berg_first", "The Berg went to team A in deal 4: no need to name who reached it first."),
        id="the Berg already given",
    ),
    pytest.param(
        [hearts(80, berg_first="A")],
        {},
        (1, "berg_first", "This game counts no Berg: no need to name who reached it first."),
        id="no marks",
    ),
    pytest.param(
        [hearts(80, berg_first="A")],
        {"marks": {"win": 1, "berg": 0}},
        (1, "berg_first", "This game counts no Berg: no need to name who reached it first."),
        id="a Berg worth no mark",
    ),
    *(
        pytest.param(
            [hearts(80, berg_first=team)],
            TAFEL,
            (1, "berg_first", "The team at the Berg first must be team A or B."),
            id=f"berg_first {team!r}",
        )
        for team in ("C", True, 1, "a")
    ),
]


@pytest.mark.parametrize(("deals", "game_settings", "expected"), BERG_REFUSALS)
def test_berg_refusal(deals: list[Any], game_settings: dict[str, Any], expected: tuple[Any, ...]) -> None:
    assert refusal(deals, game_settings) == expected


def test_the_berg_and_the_game_in_one_deal() -> None:
    # Berg 500 and target 1000: A from 450 to 450 + 600 (Weis) + 157 wins both with Weis, in one deal.
    deals = [hearts(100, weis={"A": 350}), {"trump": "hearts", "points": {"A": 157}, "weis": {"A": 600}}]
    result = play(deals, TAFEL)
    assert (result.winner, result.totals) == ("A", {"A": 1207, "B": 57})
    assert result.deals[1].details["mark_kinds"] == {"A": ["berg", "win", "schneider"], "B": []}
    assert result.marks == {"A": 5, "B": 0}


def test_the_jasstafel_and_striche_presets_count_marks() -> None:
    assert play(STRICHE_GAME, dict(VARIANT.presets["jasstafel"])).marks == {"A": 6, "B": 2}
    # Striche to 2500 with the standard multipliers: the first deal, a hearts match, is 1 mark.
    assert play(STRICHE_GAME[:1], dict(VARIANT.presets["striche"])).marks == {"A": 1, "B": 0}
    for key in ("standard", "flat", "tournament", "swiss_rulebook"):
        assert play(STRICHE_GAME[:1], dict(VARIANT.presets[key])).marks is None


# ---- weis_card_twice --------------------------------------------------------------------------------------


@pytest.mark.parametrize("allowed", [False, True])
def test_the_weis_note_is_for_the_table(allowed: bool) -> None:
    """The engine checks amounts only: Kreuzweis or not, 100 + 50 Weis scores 150 (hearts x1)."""
    result = play([hearts(80, weis={"A": 150})], {"weis_card_twice": allowed})
    assert result.totals == {"A": 230, "B": 77}


# ---- settings refused ----------------------------------------------------------------------------------

COUNT_ORDER = ("count_order", None, 'The count order must be "stoeck_weis_stich" or "stoeck_stich_weis".')
COUNTER_BONUS = (
    "counter_match_bonus",
    None,
    "The counter-match bonus must be a whole number from 0 to 1000.",
)
EXTRA_MAP = ("extra_modes", None, "The extra modes must map each mode's name to its multiplier.")
WEIS_TWICE = ("weis_card_twice", None, "Whether one card may count in two Weis must be true or false.")
MARKS_MAP = (
    "marks",
    None,
    "The marks must be null, or map win, berg, match, counter_match and schneider to numbers.",
)
BERG = ("berg_at", None, "The Berg must be a whole number from 1 to 1000000000.")
SCHNEIDER = ("schneider_below", None, "The Schneider line must be a whole number from 1 to 1000000000.")
MARK_WORDS = {
    "win": "a win",
    "berg": "the Berg",
    "match": "a match",
    "counter_match": "a counter-match",
    "schneider": "a Schneider",
}


def extra_name(mode: str) -> tuple[str, None, str]:
    message = f"Extra modes: {mode!r} is not a name of small letters a to z and _ (at most 30)."
    return ("extra_modes", None, message)


SETTING_REFUSALS = [
    *(
        pytest.param({"count_order": value}, COUNT_ORDER, id=f"count_order {value!r}")
        for value in ("stoeck_stich", "STOECK_WEIS_STICH", "", None, 1, ["stoeck", "weis", "stich"])
    ),
    *(
        pytest.param({"counter_match_bonus": value}, COUNTER_BONUS, id=f"counter_match_bonus {value!r}")
        for value in (-1, 1001, "150", 150.0, True, [150])
    ),
    *(
        pytest.param({"extra_modes": value}, EXTRA_MAP, id=f"extra_modes {value!r}")
        for value in (None, [], "slalom", 4, ["slalom", 4])
    ),
    *(
        pytest.param({"extra_modes": {mode: 4}}, extra_name(mode), id=f"extra mode {mode!r}")
        for mode in ("Slalom", "slalom 2", "", "_slalom", "x" * 31, "3", "misère", "sla-lom")
    ),
    pytest.param(
        {"extra_modes": {"obenabe": 4}},
        (
            "extra_modes",
            "obenabe",
            "Extra modes: 'obenabe' is a standard mode; set its factor in the multipliers.",
        ),
        id="extra mode obenabe",
    ),
    *(
        pytest.param(
            {"extra_modes": {"slalom": value}},
            ("extra_modes", "slalom", "The multiplier of Slalom must be a whole number from 1 to 100."),
            id=f"extra mode factor {value!r}",
        )
        for value in (0, -4, 101, "4", 4.0, True, None)
    ),
    pytest.param(
        {"extra_modes": {f"mode_{letter}": 2 for letter in "abcdefghijk"}},
        ("extra_modes", None, "A game has at most 10 extra modes."),
        id="11 extra modes",
    ),
    *(
        pytest.param({"weis_card_twice": value}, WEIS_TWICE, id=f"weis_card_twice {value!r}")
        for value in ("yes", 1, 0, None, "false")
    ),
    *(
        pytest.param({"marks": value}, MARKS_MAP, id=f"marks {value!r}")
        for value in ("striche", [], 2, True, ["win"])
    ),
    pytest.param(
        {"marks": {"win": 2, "sieg": 2}},
        (
            "marks",
            None,
            "Marks: 'sieg' is not a mark; the marks are win, berg, match, counter_match and schneider.",
        ),
        id="marks sieg",
    ),
    *(
        pytest.param(
            {"marks": {kind: value}},
            ("marks", kind, f"The marks for {MARK_WORDS[kind]} must be a whole number from 0 to 100."),
            id=f"marks {kind} {value!r}",
        )
        for kind in MARK_WORDS
        for value in (-1, 101, "2", 2.0, True, None)
    ),
    *(
        pytest.param({"berg_at": value}, BERG, id=f"berg_at {value!r}")
        for value in (0, -500, "500", 500.0, True, 10**9 + 1)
    ),
    pytest.param(
        {"berg_at": 2501},
        ("berg_at", None, "The Berg must be at most the target, 2500."),
        id="berg_at past the target",
    ),
    pytest.param(
        {"berg_at": 1001, "target": 1000, "marks": None},
        ("berg_at", None, "The Berg must be at most the target, 1000."),
        id="berg_at past the target, even without marks",
    ),
    *(
        pytest.param({"schneider_below": value}, SCHNEIDER, id=f"schneider_below {value!r}")
        for value in (0, -1, "1250", 1250.0, False, 10**9 + 1)
    ),
]


@pytest.mark.parametrize(("game_settings", "expected"), SETTING_REFUSALS)
def test_setting_refusal(game_settings: dict[str, Any], expected: tuple[str, str | None, str]) -> None:
    with pytest.raises(InvalidDeal) as caught:
        play([hearts(80)], game_settings)
    error = caught.value
    assert (error.deal, error.field, error.item, error.message) == (None, *expected)


@pytest.mark.parametrize(
    "game_settings",
    [
        {"count_order": "stoeck_stich_weis"},
        {"counter_match_bonus": 0},
        {"counter_match_bonus": 1000},
        {"extra_modes": {"slalom": 1, "gustav": 100, "a": 2, "quer_slalom": 3}},
        {"extra_modes": {f"mode_{letter}": 2 for letter in "abcdefghij"}},
        {"extra_modes": {"x" * 30: 7}},
        {"weis_card_twice": True},
        {"marks": {}},
        {"marks": dict.fromkeys(MARK_WORDS, 100), "berg_at": 2500, "schneider_below": 10**9},
        {"marks": dict.fromkeys(MARK_WORDS, 0), "berg_at": 1, "schneider_below": 1},
        {"berg_at": 1, "target": 1},
    ],
)
def test_setting_accepted(game_settings: dict[str, Any]) -> None:
    assert play([], game_settings).deals == ()


def test_empty_marks_count_nothing_but_show() -> None:
    result = play(STRICHE_GAME, {**TAFEL, "marks": {}})
    assert result.marks == {"A": 0, "B": 0}
    assert result.to_json()["marks"] == {"A": 0, "B": 0}


# ---- properties ------------------------------------------------------------------------------------------

SIDE = st.sampled_from("AB")
CARD_POINTS = st.integers(0, 157).filter(lambda n: n not in (1, 156))
WEIS = st.sampled_from([0, 20, *range(40, 601, 10)])
TRUMPS = st.sampled_from([*MODES, "slalom"])


@st.composite
def deal_entries(draw: st.DrawFn) -> dict[str, Any]:
    """Any valid deal entry (announced always, for the counter-match bonus); first_out and berg_first are
    named only when the engine asks."""
    trump = draw(TRUMPS)
    entry: dict[str, Any] = {"trump": trump, "announced_by": draw(SIDE)}
    if draw(st.booleans()):
        entry["match"] = draw(SIDE)
    else:
        entry["points"] = {draw(SIDE): draw(CARD_POINTS)}
    if draw(st.booleans()):
        entry["weis"] = {draw(SIDE): draw(WEIS)}
    if trump not in ("obenabe", "undenufe", "slalom") and draw(st.booleans()):
        entry["stoeck"] = draw(SIDE)
    return entry


HOUSE_RULES = st.fixed_dictionaries(
    {
        "target": st.integers(300, 3000),
        "count_order": st.sampled_from(["stoeck_weis_stich", "stoeck_stich_weis"]),
        "counter_match_bonus": st.none() | st.integers(0, 300),
        "extra_modes": st.just({"slalom": 4}),
        "marks": st.fixed_dictionaries({}, optional={kind: st.integers(0, 5) for kind in MARK_WORDS}),
        "berg_at": st.none() | st.integers(1, 300),
        "schneider_below": st.none() | st.integers(1, 3000),
    }
)


def enter(deals: list[dict[str, Any]], game_settings: dict[str, Any], data: st.DataObject) -> list[Any]:
    """Enter deals one at a time as the app does, naming who got there first only when asked."""
    entered: list[dict[str, Any]] = []
    for entry in deals:
        while True:
            try:
                result = play([*entered, entry], game_settings)
                break
            except InvalidDeal as asked:
                assert (asked.deal, asked.field) in {
                    (len(entered) + 1, "first_out"),
                    (len(entered) + 1, "berg_first"),
                }
                assert asked.field not in entry
                entry = {**entry, asked.field: data.draw(SIDE)}
        entered.append(entry)
        if result.finished:
            break
    return entered


@settings(max_examples=150, deadline=None)
@given(st.lists(deal_entries(), min_size=1, max_size=30), HOUSE_RULES, st.data())
def test_marks_only_grow_and_leave_the_points_alone(
    deals: list[dict[str, Any]], game_settings: dict[str, Any], data: st.DataObject
) -> None:
    entered = enter(deals, game_settings, data)
    result = play(entered, game_settings)
    assert result.marks is not None
    earlier = {"A": 0, "B": 0}
    for cut in range(len(entered) + 1):
        marks = play(entered[:cut], game_settings).marks
        assert marks is not None
        assert all(marks[side] >= earlier[side] for side in "AB")
        earlier = dict(marks)
    assert (
        earlier
        == result.marks
        == {side: sum(deal.details["marks"][side] for deal in result.deals) for side in "AB"}
    )
    plain = [{key: value for key, value in entry.items() if key != "berg_first"} for entry in entered]
    without = play(plain, {**game_settings, "marks": None})
    assert (without.totals, without.winner, without.ranking, without.marks) == (
        result.totals,
        result.winner,
        result.ranking,
        None,
    )
    bergs = [deal.details["berg"] for deal in result.deals if deal.details["berg"]]
    assert len(bergs) <= 1
    if game_settings["marks"].get("berg") and max(result.totals.values()) >= result_berg_at(game_settings):
        assert len(bergs) == 1


def result_berg_at(game_settings: dict[str, Any]) -> int:
    return game_settings["berg_at"] or game_settings["target"] // 2


@settings(max_examples=100, deadline=None)
@given(st.lists(deal_entries(), min_size=1, max_size=30), HOUSE_RULES, st.data())
def test_the_winner_gets_the_win_marks_and_a_schneider_below_the_line(
    deals: list[dict[str, Any]], game_settings: dict[str, Any], data: st.DataObject
) -> None:
    result = play(enter(deals, game_settings, data), game_settings)
    last = result.deals[-1].details["mark_kinds"]
    if not result.finished:
        assert "win" not in last["A"] + last["B"]
        return
    winner, loser = result.winner, "B" if result.winner == "A" else "A"
    line = game_settings["schneider_below"] or game_settings["target"] // 2
    marks = game_settings["marks"]
    assert ("win" in last[winner]) is bool(marks.get("win"))
    assert ("schneider" in last[winner]) is (bool(marks.get("schneider")) and result.totals[loser] < line)
