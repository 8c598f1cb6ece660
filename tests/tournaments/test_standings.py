"""Tournament standings: hand-computed tables (the arithmetic is in the ids), then properties."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    TIE_BREAKS,
    PassResult,
    Standing,
    StandingsError,
    StandingsRules,
    half_up,
    rank,
)

PROPERTIES = settings(max_examples=150, deadline=None)


def at_table(pass_number: int, table: int, scores: dict[int, int]) -> list[PassResult]:
    """A table of players without partners: each is a side of their own."""
    return [PassResult(entrant, pass_number, table, str(entrant), score) for entrant, score in scores.items()]


def schieber(
    pass_number: int, table: int, a: tuple[int, int], b: tuple[int, int], points: tuple[int, int]
) -> list[PassResult]:
    """A Schieber table: each player scores their team's points."""
    teams = (("A", a, points[0]), ("B", b, points[1]))
    return [
        PassResult(player, pass_number, table, side, score) for side, team, score in teams for player in team
    ]


def bye(entrant: int, pass_number: int) -> PassResult:
    return PassResult(entrant, pass_number, None, None, 0, bye=True)


def apart(pass_number: int, scores: dict[int, int]) -> list[PassResult]:
    """Players each at a table where nobody else in the test sat."""
    return [
        PassResult(entrant, pass_number, 100 * entrant + pass_number, str(entrant), score)
        for entrant, score in scores.items()
    ]


def alone(entrant: int, *scores: int, matches: int = 0, apples: int = 0) -> list[PassResult]:
    """An entrant's passes, always apart; the matches and apples are counted in pass 1."""
    rows = [row for number, score in enumerate(scores, 1) for row in apart(number, {entrant: score})]
    rows[0] = rows[0]._replace(matches=matches, apples=apples)
    return rows


def table_of(standings: Sequence[Standing]) -> list[tuple[int, int, int]]:
    """(rank, entrant, total), best first: the standings as printed."""
    return [(line.rank, line.entrant, line.total) for line in standings]


def line_of(standings: Sequence[Standing], entrant: int) -> Standing:
    return next(line for line in standings if line.entrant == entrant)


# ---- totals and byes -----------------------------------------------------------------------------------

BYE_EVENT = [
    *at_table(1, 1, {1: 10, 2: 20, 3: 30, 4: 42}),
    bye(5, 1),
    *at_table(2, 1, {2: 50, 3: 40, 4: 0, 5: 35}),
    bye(1, 2),
]


@pytest.mark.parametrize(
    ("counting", "expected", "byes"),
    [
        pytest.param(
            StandingsRules(),
            [(1, 2, 70), (2, 3, 70), (3, 5, 61), (4, 4, 42), (5, 1, 41)],
            {5: (26, 35), 1: (10, 31)},
            id="average: bye pass 1 = (10+20+30+42)/4 = 25.5 -> 26, pass 2 = (50+40+0+35)/4 = 31.25 -> 31; "
            "2 and 3 both 70, best pass 50 > 40",
        ),
        pytest.param(
            StandingsRules(bye_compensation="fixed", bye_score=20),
            [(1, 2, 70), (2, 3, 70), (3, 5, 55), (4, 4, 42), (5, 1, 30)],
            {5: (20, 35), 1: (10, 20)},
            id="fixed 20: 5 = 20+35 = 55, 1 = 10+20 = 30",
        ),
    ],
)
def test_sum_of_points_with_a_compensated_bye(
    counting: StandingsRules, expected: list[tuple[int, int, int]], byes: dict[int, tuple[int, int]]
) -> None:
    standings = rank(BYE_EVENT, counting)
    assert table_of(standings) == expected
    for entrant, passes in byes.items():
        assert line_of(standings, entrant).passes == passes
    assert line_of(standings, 5).byes == (1,)
    assert line_of(standings, 1).byes == (2,)
    assert line_of(standings, 2).byes == ()


@pytest.mark.parametrize(
    ("total", "count", "rounded"),
    [
        pytest.param(102, 4, 26, id="25.5 -> 26"),
        pytest.param(101, 4, 25, id="25.25 -> 25"),
        pytest.param(103, 4, 26, id="25.75 -> 26"),
        pytest.param(-102, 4, -25, id="-25.5 -> -25 (half up is towards the higher number)"),
        pytest.param(-103, 4, -26, id="-25.75 -> -26"),
        pytest.param(7, 1, 7, id="7 / 1 = 7"),
    ],
)
def test_a_bye_average_is_rounded_half_up(total: int, count: int, rounded: int) -> None:
    assert half_up(total, count) == rounded


def test_einzelschieber_players_score_their_teams_points() -> None:
    results = [
        *schieber(1, 1, (1, 3), (2, 4), (1000, 884)),
        *schieber(1, 2, (5, 7), (6, 8), (950, 934)),
        *schieber(2, 1, (1, 2), (5, 6), (700, 1184)),
        *schieber(2, 2, (3, 4), (7, 8), (1000, 884)),
    ]
    # 1: 1000+700 = 1700, 2: 884+700 = 1584, 3: 1000+1000 = 2000, 4: 884+1000 = 1884,
    # 5: 950+1184 = 2134, 6: 934+1184 = 2118, 7: 950+884 = 1834, 8: 934+884 = 1818
    assert table_of(rank(results, StandingsRules())) == [
        (1, 5, 2134),
        (2, 6, 2118),
        (3, 3, 2000),
        (4, 4, 1884),
        (5, 7, 1834),
        (6, 8, 1818),
        (7, 1, 1700),
        (8, 2, 1584),
    ]


# ---- the dropped pass ----------------------------------------------------------------------------------

THREE_PASSES = [
    *at_table(1, 1, {1: 100, 2: 80, 3: 60}),
    *at_table(2, 1, {1: 10, 2: 90, 3: 70}),
    *at_table(3, 1, {1: 100, 2: 50, 3: 65}),
]


@pytest.mark.parametrize(
    ("drop", "expected", "dropped"),
    [
        pytest.param(
            False, [(1, 2, 220), (2, 1, 210), (3, 3, 195)], {1: None, 2: None, 3: None}, id="all count"
        ),
        pytest.param(
            True,
            [(1, 1, 200), (2, 2, 170), (3, 3, 135)],
            {1: 2, 2: 3, 3: 1},
            id="1: 210-10 = 200, 2: 220-50 = 170, 3: 195-60 = 135",
        ),
    ],
)
def test_drop_worst_pass(
    drop: bool, expected: list[tuple[int | None, int, int]], dropped: dict[int, int | None]
) -> None:
    standings = rank(THREE_PASSES, StandingsRules(drop_worst_pass=drop))
    assert table_of(standings) == expected
    assert {line.entrant: line.dropped_pass for line in standings} == dropped
    assert line_of(standings, 1).passes == (100, 10, 100)  # the dropped pass is still shown


def test_drop_the_earliest_of_equal_worst_a_bye_counts_as_played_one_pass_drops_nothing() -> None:
    results = [
        *at_table(1, 1, {1: 30}),
        bye(2, 1),
        *at_table(2, 1, {1: 30, 2: 40}),
        *at_table(3, 1, {1: 50, 3: 45}),
    ]
    counting = StandingsRules(drop_worst_pass=True, bye_compensation="fixed", bye_score=20)
    standings = rank(results, counting)
    # 1: 30, 30, 50 drops pass 1 -> 80; 2: bye 20, 40 drops the bye -> 40; 3: only pass 3 played -> 45
    assert table_of(standings) == [(1, 1, 80), (2, 3, 45), (3, 2, 40)]
    assert [(line.entrant, line.passes, line.dropped_pass) for line in standings] == [
        (1, (30, 30, 50), 1),
        (3, (None, None, 45), None),
        (2, (20, 40, None), 1),
    ]


# ---- lowest wins (Differenzler) ------------------------------------------------------------------------

DIFFERENZLER = [
    *at_table(1, 1, {1: 10, 2: 25, 3: 40, 4: 5}),
    *at_table(2, 1, {1: 30, 2: 5, 3: 10, 4: 20}),
    *at_table(3, 1, {1: 12, 2: 15, 3: 0, 4: 50}),
]


@pytest.mark.parametrize(
    ("drop", "expected"),
    [
        pytest.param(
            False,
            [(1, 2, 45), (2, 3, 50), (3, 1, 52), (4, 4, 75)],
            id="1: 10+30+12 = 52, 2: 25+5+15 = 45, 3: 40+10+0 = 50, 4: 5+20+50 = 75",
        ),
        pytest.param(
            True,
            [(1, 3, 10), (2, 2, 20), (3, 1, 22), (4, 4, 25)],
            id="the highest penalty goes: 1: 52-30 = 22, 2: 45-25 = 20, 3: 50-40 = 10, 4: 75-50 = 25",
        ),
    ],
)
def test_lowest_penalty_wins(drop: bool, expected: list[tuple[int, int, int]]) -> None:
    assert table_of(rank(DIFFERENZLER, StandingsRules(lowest_wins=True, drop_worst_pass=drop))) == expected


def test_lowest_wins_best_pass_is_the_lowest_and_a_bye_gets_the_average_penalty() -> None:
    results = [
        *at_table(1, 1, {1: 10, 2: 20, 3: 33}),
        bye(4, 1),
        *at_table(2, 1, {1: 30, 2: 20, 3: 25, 4: 0}),
    ]
    standings = rank(results, StandingsRules(lowest_wins=True, tie_breaks=("best_pass",)))
    # bye of 4: (10+20+33)/3 = 21, so 4: 21+0 = 21; 1: 10+30 = 40 and 2: 20+20 = 40, best pass 10 < 20
    assert table_of(standings) == [(1, 4, 21), (2, 1, 40), (3, 2, 40), (4, 3, 58)]
    assert [line.tie_break_values for line in standings] == [(0,), (10,), (20,), (25,)]


# ---- table points --------------------------------------------------------------------------------------


def test_table_points_ties_at_a_table_share_the_best_place() -> None:
    results = [
        *at_table(1, 1, {1: 90, 2: 90, 3: 70, 4: 50}),  # places 1 1 3 4 -> 3 3 1 0
        *at_table(1, 2, {5: 40, 6: 60, 7: 60, 8: 60}),  # places 4 1 1 1 -> 0 3 3 3
        *at_table(2, 1, {1: 10, 5: 20, 6: 30, 8: 40}),  # places 4 3 2 1 -> 0 1 2 3
        *at_table(2, 2, {2: 5, 3: 5, 4: 5, 7: 5}),  # all 1st -> 3 each
    ]
    standings = rank(results, StandingsRules(scoring="table_points", tie_breaks=()))
    # 1: 3+0, 2: 3+3, 3: 1+3, 4: 0+3, 5: 0+1, 6: 3+2, 7: 3+3, 8: 3+3
    assert table_of(standings) == [
        (1, 2, 6),
        (1, 7, 6),
        (1, 8, 6),
        (4, 6, 5),
        (5, 3, 4),
        (6, 1, 3),
        (6, 4, 3),
        (8, 5, 1),
    ]
    assert line_of(standings, 5).passes == (0, 1)


def test_table_points_count_up_even_when_the_lowest_score_wins_the_table() -> None:
    results = at_table(1, 1, {1: 10, 2: 25, 3: 25, 4: 40})  # penalties: places 1 2 2 4 -> 3 2 2 0
    standings = rank(results, StandingsRules(lowest_wins=True, scoring="table_points", tie_breaks=()))
    assert table_of(standings) == [(1, 1, 3), (2, 2, 2), (2, 3, 2), (4, 4, 0)]


def test_table_points_partners_share_their_teams_place() -> None:
    results = [
        *schieber(1, 1, (1, 3), (2, 4), (1000, 884)),  # team A 1st: 2 each, team B 2nd: 0 each
        *schieber(1, 2, (5, 7), (6, 8), (942, 942)),  # a draw: both teams 1st, 2 each
    ]
    standings = rank(results, StandingsRules(scoring="table_points", table_points=(2, 0), tie_breaks=()))
    assert table_of(standings) == [
        (1, 1, 2),
        (1, 3, 2),
        (1, 5, 2),
        (1, 6, 2),
        (1, 7, 2),
        (1, 8, 2),
        (7, 2, 0),
        (7, 4, 0),
    ]


def test_table_points_a_bye_gets_the_average_table_points_of_the_pass() -> None:
    results = [*at_table(1, 1, {1: 90, 2: 70, 3: 50, 4: 30}), bye(5, 1)]
    standings = rank(results, StandingsRules(scoring="table_points", tie_breaks=()))
    # 3 2 1 0 at the table; the bye (3+2+1+0)/4 = 1.5 -> 2
    assert table_of(standings) == [(1, 1, 3), (2, 2, 2), (2, 5, 2), (4, 3, 1), (5, 4, 0)]


# ---- tie-breaks ----------------------------------------------------------------------------------------

MET_IN_PASS_2 = [
    *at_table(1, 1, {1: 50, 3: 10}),
    *at_table(1, 2, {2: 40, 4: 30}),
    *at_table(2, 1, {1: 30, 2: 40, 3: 0, 4: 20}),
]


@pytest.mark.parametrize(
    ("tie_break", "results", "counting", "first", "values"),
    [
        pytest.param(
            "best_pass",
            [*alone(1, 100, 20), *alone(2, 60, 60)],
            {},
            1,
            (100, 60),
            id="best_pass: 100+20 = 60+60 = 120, best pass 100 > 60",
        ),
        pytest.param(
            "next_best_pass",
            [*alone(1, 100, 50, 10), *alone(2, 100, 30, 30)],
            {},
            1,
            ((100, 50, 10), (100, 30, 30)),
            id="next_best_pass: 100+50+10 = 100+30+30 = 160, best both 100, second 50 > 30",
        ),
        pytest.param(
            "matches",
            [*alone(1, 80, matches=1), *alone(2, 80, matches=2)],
            {},
            2,
            (2, 1),
            id="matches: 80 = 80, 2 matches > 1",
        ),
        pytest.param(
            "fewer_apples",
            [*alone(1, 80, apples=2), *alone(2, 80, apples=0)],
            {},
            2,
            (0, 2),
            id="fewer_apples: 80 = 80, 0 apples < 2",
        ),
        pytest.param(
            "head_to_head",
            MET_IN_PASS_2,
            {},
            2,
            ((1, 10), (0, -10)),
            id="head_to_head: 50+30 = 40+40 = 80, in pass 2 at table 1: 40 beat 30 by 10",
        ),
        pytest.param(
            "head_to_head",
            MET_IN_PASS_2,
            {"lowest_wins": True},
            1,
            ((1, 10), (0, -10)),
            id="head_to_head lowest wins: 30 beat 40 by 10",
        ),
        pytest.param(
            "lots",
            [*alone(1, 80), *alone(2, 80)],
            {"lots_seed": 4},
            2,
            (1, 2),
            id="lots: seed '4' shuffles [1, 2] to [2, 1]",
        ),
    ],
)
def test_each_tie_break_decides_a_tie_on_its_own(
    tie_break: str, results: list[PassResult], counting: dict[str, Any], first: int, values: tuple[Any, Any]
) -> None:
    tied = [line for line in rank(results, StandingsRules(tie_breaks=(), **counting)) if line.entrant < 3]
    assert [line.entrant for line in tied] == [1, 2] and tied[0].rank == tied[1].rank
    broken = [
        line
        for line in rank(results, StandingsRules(tie_breaks=(tie_break,), **counting))
        if line.entrant < 3
    ]
    second = 3 - first
    assert [(line.rank, line.entrant) for line in broken] == [
        (broken[0].rank, first),
        (broken[0].rank + 1, second),
    ]
    assert tuple(line.tie_break_values[0] for line in broken) == values


def test_best_pass_alone_leaves_equal_best_passes_tied() -> None:
    standings = rank(
        [*alone(1, 100, 50, 10), *alone(2, 100, 30, 30)], StandingsRules(tie_breaks=("best_pass",))
    )
    assert table_of(standings) == [(1, 1, 160), (1, 2, 160)]


@pytest.mark.parametrize(
    ("tie_breaks", "expected", "values"),
    [
        pytest.param(("best_pass", "matches"), [1, 2], [(100, 0), (60, 2)], id="best pass 100 > 60 first"),
        pytest.param(("matches", "best_pass"), [2, 1], [(2, 60), (0, 100)], id="matches 2 > 0 first"),
    ],
)
def test_the_order_of_the_tie_breaks_matters(
    tie_breaks: tuple[str, ...], expected: list[int], values: list[tuple[int, int]]
) -> None:
    results = [*alone(1, 100, 20), *alone(2, 60, 60, matches=2)]  # 120 each
    standings = rank(results, StandingsRules(tie_breaks=tie_breaks))
    assert [(line.rank, line.entrant) for line in standings] == [(1, expected[0]), (2, expected[1])]
    assert [line.tie_break_values for line in standings] == values


THREE_MET = [*at_table(1, 1, {1: 30, 2: 20, 3: 10}), *apart(2, {1: 0, 2: 10, 3: 20})]


@pytest.mark.parametrize(
    ("lowest_wins", "expected", "values"),
    [
        pytest.param(False, [1, 2, 3], [(2, 30), (1, 0), (0, -30)], id="30 > 20 > 10: 1 won twice by 10+20"),
        pytest.param(True, [3, 2, 1], [(2, 30), (1, 0), (0, -30)], id="lowest: 10 < 20 < 30: 3 won twice"),
    ],
)
def test_head_to_head_among_three_who_all_met(
    lowest_wins: bool, expected: list[int], values: list[tuple[int, int]]
) -> None:
    # pass 1 together at table 1, pass 2 apart: 30+0 = 20+10 = 10+20 = 30
    standings = rank(THREE_MET, StandingsRules(lowest_wins=lowest_wins, tie_breaks=("head_to_head",)))
    assert [(line.rank, line.entrant, line.total) for line in standings] == [
        (place, entrant, 30) for place, entrant in enumerate(expected, 1)
    ]
    assert [line.tie_break_values[0] for line in standings] == values


def test_head_to_head_does_not_apply_unless_every_tied_pair_met() -> None:
    results = [
        *at_table(1, 1, {1: 30, 2: 20}),
        *at_table(1, 2, {3: 25, 4: 0}),
        *apart(2, {1: 0, 2: 10, 3: 5}),
    ]
    # 1, 2 and 3 have 30 each; 1 beat 2, but 3 met neither of them
    standings = rank(results, StandingsRules(tie_breaks=("head_to_head",)))
    assert table_of(standings) == [(1, 1, 30), (1, 2, 30), (1, 3, 30), (4, 4, 0)]
    assert [line.tie_break_values for line in standings] == [(None,)] * 4


def test_head_to_head_in_schieber_compares_the_team_points_when_they_sat_opposite() -> None:
    results = [
        *schieber(1, 1, (1, 3), (2, 4), (1000, 884)),  # 1 against 2: 1000 beat 884 by 116
        *schieber(1, 2, (5, 7), (6, 8), (900, 984)),
        *schieber(2, 1, (1, 6), (3, 7), (800, 1084)),
        *schieber(2, 2, (2, 8), (4, 5), (916, 968)),
    ]
    # 1: 1000+800 = 1800 = 884+916: 2; the others 2084, 1984, 1900, 1868, 1852 above, 6: 984+800 = 1784
    standings = rank(results, StandingsRules(tie_breaks=("head_to_head",)))
    assert [(line.rank, line.entrant, line.total) for line in standings[5:]] == [
        (6, 1, 1800),
        (7, 2, 1800),
        (8, 6, 1784),
    ]
    assert [line.tie_break_values for line in standings[5:7]] == [((1, 116),), ((0, -116),)]


def test_head_to_head_partners_did_not_meet() -> None:
    results = [
        *schieber(1, 1, (1, 3), (2, 4), (1000, 884)),
        *schieber(2, 1, (1, 5), (2, 6), (500, 1384)),
        *schieber(2, 2, (3, 7), (4, 8), (500, 1384)),
    ]
    # 1 and 3 have 1500 each but only ever sat on the same side: no head-to-head, they stay tied
    standings = rank(results, StandingsRules(tie_breaks=("head_to_head",)))
    assert (line_of(standings, 1).rank, line_of(standings, 1).tie_break_values) == (3, (None,))
    assert (line_of(standings, 3).rank, line_of(standings, 3).tie_break_values) == (3, (None,))


FIVE_EQUAL = [row for entrant in range(1, 6) for row in alone(entrant, 10)]


@pytest.mark.parametrize(
    ("seed", "order"),
    [
        pytest.param(0, [4, 5, 2, 1, 3], id="seed 0"),
        pytest.param(1, [2, 3, 1, 5, 4], id="seed 1"),
        pytest.param(7, [3, 1, 4, 2, 5], id="seed 7"),
    ],
)
def test_lots_reproducible_whatever_the_input_order(seed: int, order: list[int]) -> None:
    counting = StandingsRules(tie_breaks=("lots",), lots_seed=seed)
    expected = [1, 2, 3, 4, 5]
    random.Random(f"{seed}").shuffle(expected)  # the recipe: the stored seed shuffles the ids in order
    assert order == expected
    shuffled = sorted(FIVE_EQUAL, key=lambda row: -row.entrant)
    for results in (FIVE_EQUAL, shuffled, FIVE_EQUAL):
        standings = rank(results, counting)
        assert [(line.rank, line.entrant) for line in standings] == list(enumerate(order, 1))
        assert [line.tie_break_values for line in standings] == [(number,) for number in range(1, 6)]


def test_lots_differ_with_another_seed() -> None:
    orders = {
        tuple(line.entrant for line in rank(FIVE_EQUAL, StandingsRules(tie_breaks=("lots",), lots_seed=seed)))
        for seed in (0, 1, 7)
    }
    assert len(orders) == 3


# ---- late arrival and withdrawal -----------------------------------------------------------------------

LATE_AND_WITHDRAWN = [
    *at_table(1, 1, {1: 50, 2: 40, 3: 30, 4: 20}),
    *at_table(2, 1, {1: 10, 2: 60, 3: 30, 5: 50}),  # 4 withdrew after pass 1, 5 joined from pass 2
    *at_table(3, 1, {1: 40, 2: 0, 3: 30, 5: 45}),
]


@pytest.mark.parametrize(
    ("drop", "expected", "dropped"),
    [
        pytest.param(
            False,
            [(1, 2, 100), (2, 1, 100), (3, 5, 95), (4, 3, 90), (5, 4, 20), (None, 6, 0)],
            {4: None, 5: None},
            id="missing passes count 0: 4 = 20, 5 = 50+45 = 95; 1 and 2 100, best pass 60 > 50",
        ),
        pytest.param(
            True,
            [(1, 2, 100), (2, 1, 90), (3, 3, 60), (4, 5, 50), (5, 4, 20), (None, 6, 0)],
            {4: None, 5: 3},
            id="a missing pass is never the dropped one: 5 = 95-45 = 50, 4 played once: 20",
        ),
    ],
)
def test_late_arrival_and_withdrawal(
    drop: bool, expected: list[tuple[int | None, int, int]], dropped: dict[int, int | None]
) -> None:
    standings = rank(LATE_AND_WITHDRAWN, StandingsRules(drop_worst_pass=drop), entrants=[6])
    assert table_of(standings) == expected
    assert line_of(standings, 4).passes == (20, None, None)
    assert line_of(standings, 5).passes == (None, 50, 45)
    assert line_of(standings, 6).passes == (None, None, None)  # registered, no row yet: no rank (issue 13)
    assert {entrant: line_of(standings, entrant).dropped_pass for entrant in dropped} == dropped
    assert all(line.byes == () for line in standings)  # absence is not a bye


def test_no_results_no_standings() -> None:
    assert rank([], StandingsRules()) == []


# ---- bad input -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"tie_breaks": ("best_pass", "coin_toss")}, id="unknown tie-break"),
        pytest.param({"tie_breaks": ("matches", "matches")}, id="a tie-break twice"),
        pytest.param({"scoring": "average"}, id="unknown scoring"),
        pytest.param({"bye_compensation": "double"}, id="unknown compensation"),
        pytest.param({"scoring": "table_points", "table_points": ()}, id="no table points"),
    ],
)
def test_bad_rules_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(StandingsError):
        StandingsRules(**options)


def test_rules_from_json_lists_become_tuples() -> None:
    counting = StandingsRules(tie_breaks=["matches", "lots"], table_points=[2, 0])  # type: ignore[arg-type]
    assert (counting.tie_breaks, counting.table_points) == (("matches", "lots"), (2, 0))
    assert hash(counting)


@pytest.mark.parametrize(
    "results",
    [
        pytest.param([*alone(1, 10), *alone(1, 20)], id="two rows for one pass"),
        pytest.param([PassResult(1, 0, 1, "1", 10)], id="pass 0"),
    ],
)
def test_rows_that_would_count_wrong_are_refused(results: list[PassResult]) -> None:
    with pytest.raises(StandingsError):
        rank(results, StandingsRules())


# ---- properties ----------------------------------------------------------------------------------------


@st.composite
def events(draw: st.DrawFn) -> list[PassResult]:
    """Up to 13 players over up to 4 passes: tables of 4 (Schieber teams or players alone), the rest byes,
    some players absent from a pass (late arrival, withdrawal)."""
    players = draw(st.integers(1, 13))
    partners = draw(st.booleans())
    results: list[PassResult] = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        present = draw(st.permutations(range(1, players + 1)))
        present = present[: draw(st.integers(0, players))]
        seated = len(present) // 4 * 4
        for table in range(seated // 4):
            results += draw(_table(number, table + 1, present[4 * table : 4 * table + 4], partners))
        results += [bye(entrant, number) for entrant in present[seated:]]
    return results


def _table(
    number: int, table: int, seats: Sequence[int], partners: bool
) -> st.SearchStrategy[list[PassResult]]:
    score, count = st.integers(-5, 20), st.integers(0, 2)  # a narrow range, so that ties are common
    if partners:
        return st.tuples(score, score, count, count).map(
            lambda drawn: [
                PassResult(entrant, number, table, "AB"[seat % 2], drawn[seat % 2], drawn[2 + seat % 2])
                for seat, entrant in enumerate(seats)
            ]
        )
    return st.lists(st.tuples(score, count, count), min_size=4, max_size=4).map(
        lambda drawn: [
            PassResult(entrant, number, table, str(entrant), *values)
            for entrant, values in zip(seats, drawn, strict=True)
        ]
    )


rule_sets = st.builds(
    StandingsRules,
    lowest_wins=st.booleans(),
    scoring=st.sampled_from(("sum", "table_points")),
    table_points=st.sampled_from(((3, 2, 1, 0), (2, 0), (5, 3, 1))),
    drop_worst_pass=st.booleans(),
    tie_breaks=st.lists(st.sampled_from(sorted(TIE_BREAKS)), unique=True).map(tuple),
    lots_seed=st.integers(0, 10**6),
    bye_compensation=st.sampled_from(("average", "fixed")),
    bye_score=st.integers(-20, 100),
)


def _better(counting: StandingsRules, one: int, other: int) -> bool:
    return one > other if counting.highest_wins else one < other


@PROPERTIES
@given(results=events(), counting=rule_sets, order=st.randoms(use_true_random=False))
def test_standings_properties(
    results: list[PassResult], counting: StandingsRules, order: random.Random
) -> None:
    standings = rank(results, counting)
    assert sorted(line.entrant for line in standings) == sorted({row.entrant for row in results})
    for line in standings:
        counted = [
            value
            for number, value in enumerate(line.passes, 1)
            if value is not None and number != line.dropped_pass
        ]
        assert line.total == sum(counted)
        assert line.dropped_pass is None or line.passes[line.dropped_pass - 1] is not None
    shuffled = list(results)
    order.shuffle(shuffled)
    assert rank(shuffled, counting) == standings
    ranked = [line for line in standings if line.rank is not None]
    unranked = standings[len(ranked) :]  # nothing counted (a bye of a pass nobody played): after the ranked
    assert all(line.rank is None and set(line.passes) <= {None} for line in unranked)
    assert all(any(value is not None for value in line.passes) for line in ranked)
    standings = ranked
    for position, (above, below) in enumerate(pairwise(standings), 2):
        assert above.rank <= below.rank
        assert not _better(counting, below.total, above.total)
        tied = (above.total, above.tie_break_values) == (below.total, below.tie_break_values)
        assert (below.rank == above.rank) == tied
        assert tied or below.rank == position
    if standings:
        assert standings[0].rank == 1
    if "lots" in counting.tie_breaks:
        assert [line.rank for line in standings] == list(range(1, len(standings) + 1))
