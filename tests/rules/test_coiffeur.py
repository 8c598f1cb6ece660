"""Coiffeur (rules.md): hand-computed rows, every refusal, properties of replaying, the command line."""

from __future__ import annotations

import json
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


# ---- refusals --------------------------------------------------------------------------------------

HEARTS_83 = {"team": "A", "row": "hearts", "points": 83}
WHOLE = "Card points must be a whole number from 0 to 157."
ONE_CLAIM = "Enter only one of card points, match and counter-match."
NO_CLAIM = "Enter the card points, or mark a match or a counter-match."


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
        pytest.param(
            [{**HEARTS_83, "weis": 20}], {}, (1, "weis", "Unknown field 'weis' in this deal."), id="no-weis"
        ),
        pytest.param(
            [{**HEARTS_83, "stoeck": "A"}],
            {},
            (1, "stoeck", "Unknown field 'stoeck' in this deal."),
            id="stoeck",
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


ROWS_SHAPE = "Rows must be a list of [name, multiplier] pairs, at least one."
PAIR = "Each row must be a pair: [name, multiplier]."
HEARTS_MULTIPLIER = "The multiplier of hearts must be a whole number from 1 to 100."
MATCH_BONUS = "The match bonus must be a whole number from 0 to 1000."
COUNTER_BONUS = "The counter-match bonus must be a whole number from 0 to 1000."


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
        deals.append({"team": team, "row": name, **claim})
    return settings, deals


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
