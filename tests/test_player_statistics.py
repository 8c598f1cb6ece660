"""Every statistic of the player page against a hand count, from hand-built rows (no database, no engine).

Anna (1) plays three finished Schieber games and a running one, a Differenzler, two Molotow, a Putz,
a Handjass and a Jazz game; each expected figure below is worked out in the comment beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest

from scorekeeper.games import summaries
from scorekeeper.players import charts
from scorekeeper.players import statistics as player_statistics
from scorekeeper.players.statistics import DealRow, Played, Record, SeatRow

ANNA, BEAT, CLA, DORA, EMIL = 1, 2, 3, 4, 5
NAMES = {ANNA: "Anna", BEAT: "Beat", CLA: "Cla", DORA: "Dora", EMIL: "Emil"}
START = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


def team_seats(*players: int) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(i, p, NAMES[p], "A" if i % 2 else "B") for i, p in enumerate(players, start=1))


def own_seats(*players: int) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(i, p, NAMES[p], NAMES[p]) for i, p in enumerate(players, start=1))


def deal(scores: Mapping[str, int], **details: Any) -> DealRow:
    return DealRow(dict(scores), details)


def game(
    number: int,
    variant: str,
    seats: tuple[SeatRow, ...],
    deals: Sequence[DealRow],
    *,
    ranks: Mapping[str, int],
    winner: str | None,
    finished: bool = True,
    is_pass: bool = False,
    totals: Mapping[str, int] | None = None,
) -> Played:
    sides = {seat.side for seat in seats}
    summed = {side: sum(d.scores.get(side, 0) for d in deals) for side in sides}
    return Played(
        game=number,
        variant=variant,
        played_at=START + timedelta(days=number),
        player=ANNA,
        seats=seats,
        deal_count=len(deals),
        tallies=summaries.tally_deals(sides, deals),
        totals=totals or summed,
        ranks=ranks,
        finished=finished,
        winner=winner,
        is_pass=is_pass,
    )


# Schieber: Anna sits in team A in games 1 and 3, in team B in game 2.
G1 = game(
    1,
    "schieber",
    team_seats(ANNA, BEAT, CLA, DORA),
    [
        deal({"A": 100, "B": 57}, match=None, weis={"A": 20, "B": 0}),
        deal({"A": 257, "B": 0}, match="A", weis={"A": 0, "B": 0}),
        deal({"A": 0, "B": 314}, match="B", weis={"A": 0, "B": 50}),
    ],
    ranks={"A": 1, "B": 2},
    winner="A",
)
G2 = game(
    2,
    "schieber",
    team_seats(BEAT, ANNA, DORA, EMIL),
    [
        deal({"A": 80, "B": 77}, match=None, weis={"A": 0, "B": 0}),
        deal({"A": 57, "B": 100}, match=None, weis={"A": 0, "B": 100}),
    ],
    ranks={"B": 1, "A": 2},
    winner="B",
    is_pass=True,
)
G3 = game(  # a pass that ended level: no winner
    3,
    "schieber",
    team_seats(ANNA, BEAT, CLA, DORA),
    [deal({"A": 100, "B": 57}, match=None, weis={}), deal({"A": 57, "B": 100}, match=None, weis={})],
    ranks={"A": 1, "B": 1},
    winner=None,
    is_pass=True,
)
RUNNING = game(
    4,
    "schieber",
    team_seats(ANNA, EMIL, BEAT, DORA),
    [deal({"A": 257, "B": 0}, match="A", weis={"A": 200, "B": 0})],
    ranks={"A": 1, "B": 2},
    winner=None,
    finished=False,
)
SCHIEBER = [G1, G2, G3, RUNNING]

# Differenzler, lowest wins: Anna misses 0, 15, 8 (23 in all); Beat 10, Cla 30, Dora 40.
G5 = game(
    5,
    "differenzler",
    own_seats(ANNA, BEAT, CLA, DORA),
    [
        deal({"Anna": 0}, predictions={"Anna": 40}, points={"Anna": 40}),
        deal({"Anna": 15}, predictions={"Anna": 30}, points={"Anna": 45}),
        deal({"Anna": 8}, predictions={"Anna": 60}, points={"Anna": 52}),
    ],
    ranks={"Beat": 1, "Anna": 2, "Cla": 3, "Dora": 4},
    winner="Beat",
    totals={"Anna": 23, "Beat": 10, "Cla": 30, "Dora": 40},
)
MOLOTOW = [
    game(
        6,
        "molotow",
        own_seats(ANNA, BEAT, CLA, DORA),
        [],
        ranks={"Anna": 1, "Beat": 2, "Cla": 3, "Dora": 4},
        winner="Anna",
        totals={"Anna": 3, "Beat": 1, "Cla": 0, "Dora": -4},
    ),
    game(
        7,
        "molotow",
        own_seats(ANNA, BEAT, CLA, DORA),
        [],
        ranks={"Beat": 1, "Cla": 2, "Anna": 3, "Dora": 4},
        winner="Beat",
        totals={"Anna": -1, "Beat": 4, "Cla": 2, "Dora": -5},
    ),
]
PUTZ = game(
    8,
    "putz",
    own_seats(ANNA, BEAT, CLA),
    [
        deal({"Anna": -1}, apples=["Anna"]),
        deal({"Anna": 2}, apples=[]),
        deal({"Anna": 1}, apples=["Beat"]),
        deal({"Anna": -1}, apples=["Anna", "Cla"]),
    ],
    ranks={"Beat": 1, "Anna": 2, "Cla": 3},
    winner="Beat",
)
# Handjass: Anna drops out (first, the best) in deal 2; the apples after that are not hers to count.
HANDJASS = game(
    9,
    "handjass",
    own_seats(ANNA, BEAT, CLA),
    [
        deal({"Anna": -1}, apples=["Anna"], out=[]),
        deal({"Anna": 2}, apples=[], out=["Anna"]),
        deal({"Anna": 0}, apples=["Beat", "Cla"], out=[]),
    ],
    ranks={"Anna": 1, "Cla": 2, "Beat": 3},
    winner="Anna",
)
JAZZ = game(
    10,
    "jazz",
    own_seats(ANNA, BEAT, CLA, DORA),
    [deal({"Anna": 4}), deal({"Anna": 0}), deal({"Anna": 10}), deal({"Anna": -2})],
    ranks={"Cla": 1, "Anna": 2, "Beat": 3, "Dora": 4},
    winner="Cla",
)
EVERYTHING = [*SCHIEBER, G5, *MOLOTOW, PUTZ, HANDJASS, JAZZ]


def stats_of(games: Sequence[Played], variant: str) -> player_statistics.VariantStats:
    return next(s for s in player_statistics.statistics(games) if s.variant == variant)


def test_a_played_game_from_the_players_seat() -> None:
    assert (G2.side, G2.total, G2.rank, G2.result, G2.won) == ("B", 177, 1, "won", True)
    assert (G1.result, G3.result, RUNNING.result) == ("won", "tied", "running")
    assert [s.player for s in G2.partners] == [EMIL]
    assert [s.player for s in G2.opponents] == [BEAT, DORA]
    assert (G5.place, G5.result, PUTZ.place) == ("2nd of 4", "lost", "2nd of 3")
    assert [player_statistics.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


def test_schieber_statistics_count_finished_games_only() -> None:
    stats = stats_of(SCHIEBER, "schieber")
    # won games 1 and 2 (team B won game 2), game 3 was level, the running game 4 is left out
    assert (stats.games, stats.wins, stats.deals) == (3, 2, 7)
    assert stats.win_rate == pytest.approx(2 / 3)
    # Anna's side: 100 + 257 + 0 in game 1, 77 + 100 in game 2 (team B), 100 + 57 in game 3 = 691
    assert stats.figure("points_per_deal") == pytest.approx(691 / 7)
    # the passes: game 2 (177) and game 3 (157)
    assert stats.figure("points_per_pass") == pytest.approx(167)
    # game 1: deal 2 a match by A (hers), deal 3 by B (conceded)
    assert (stats.figure("matches_made"), stats.figure("matches_conceded")) == (1, 1)
    # Weis as announced: 20 in game 1 deal 1, 100 for team B in game 2; B's 50 in game 1 is not hers
    assert stats.figure("weis_per_deal") == pytest.approx(120 / 7)


def test_schieber_without_a_pass_has_no_points_per_pass() -> None:
    assert stats_of([G1], "schieber").figure("points_per_pass") is None


def test_differenzler_deviation_and_exact_hits() -> None:
    stats = stats_of([G5], "differenzler")
    assert (stats.games, stats.wins) == (1, 0)
    assert stats.figure("average_deviation") == pytest.approx(23 / 3)  # 0, 15 and 8
    assert stats.figure("exact_hits") == 1


def test_molotow_net_sticks_per_game() -> None:
    stats = stats_of(MOLOTOW, "molotow")
    assert (stats.games, stats.wins) == (2, 1)
    assert stats.figure("net_sticks_per_game") == pytest.approx(1.0)  # (3 - 1) / 2


def test_putz_apples_per_deal() -> None:
    assert stats_of([PUTZ], "putz").figure("apples_per_deal") == pytest.approx(2 / 4)


def test_handjass_apples_per_deal_while_still_in() -> None:
    stats = stats_of([HANDJASS], "handjass")
    assert (stats.games, stats.wins) == (1, 1)
    assert stats.figure("apples_per_deal") == pytest.approx(1 / 2)  # deals 1 and 2, not 3


def test_jazz_penalty_per_sub_game() -> None:
    assert stats_of([JAZZ], "jazz").figure("penalty_per_game") == pytest.approx((4 + 0 + 10 - 2) / 4)


def test_statistics_per_variant_in_the_registry_order() -> None:
    stats = player_statistics.statistics(EVERYTHING)
    assert [(s.variant, s.games, s.wins) for s in stats] == [
        ("schieber", 3, 2),
        ("differenzler", 1, 0),
        ("molotow", 2, 1),
        ("putz", 1, 0),
        ("handjass", 1, 1),
        ("jazz", 1, 0),
    ]
    assert player_statistics.statistics([RUNNING]) == []


def test_partners_count_games_on_the_same_side() -> None:
    records = player_statistics.partners(EVERYTHING, NAMES)
    # Cla: game 1 won, game 3 level; Emil: game 2 won (Anna and Emil are team B); running game 4 not counted
    assert [(r.name, r.games, r.wins, r.losses, r.ties) for r in records] == [
        ("Cla", 2, 1, 0, 1),
        ("Emil", 1, 1, 0, 0),
    ]


def test_opponents_count_who_finished_ahead() -> None:
    records = {r.name: r for r in player_statistics.opponents(EVERYTHING, NAMES)}
    # Beat: Schieber 1 (+), 2 (+), 3 (level); Differenzler (-); Molotow 6 (+), 7 (-); Putz (-); Handjass (+);
    # Jazz: Anna 2nd, Beat 3rd (+)
    beat = records["Beat"]
    assert (beat.games, beat.wins, beat.losses, beat.ties) == (9, 5, 3, 1)
    # Cla: Differenzler (+), Molotow 6 (+), 7 (-), Putz (+), Handjass (+), Jazz (-)
    cla = records["Cla"]
    assert (cla.games, cla.wins, cla.losses) == (6, 4, 2)
    # Dora: Schieber 1 (+), 2 (+), 3 (level); Differenzler (+); Molotow (+, +); Jazz (+)
    dora = records["Dora"]
    assert (dora.games, dora.wins, dora.losses, dora.ties) == (7, 6, 0, 1)
    assert "Emil" not in records  # only ever her partner in a finished game


def test_best_partner_and_toughest_opponent() -> None:
    partners = player_statistics.partners(EVERYTHING, NAMES)
    opponents = player_statistics.opponents(EVERYTHING, NAMES)
    assert player_statistics.best_partner(partners) is None  # nobody has 3 games with her yet
    best = player_statistics.best_partner(partners, min_games=1)
    assert best is not None and best.name == "Emil"  # 1 of 1 beats Cla's 1 of 2
    toughest = player_statistics.toughest_opponent(opponents)
    assert toughest is not None and toughest.name == "Beat"  # 5 of 9 against Cla's 4 of 6, Dora's 6 of 7


def test_ties_in_best_and_toughest_go_to_more_games_then_the_name() -> None:
    records = [Record(7, "Zora", 4, 2, 2), Record(8, "Ueli", 6, 3, 3), Record(9, "Anton", 6, 3, 3)]
    assert player_statistics.best_partner(records).name == "Anton"
    assert player_statistics.toughest_opponent(records).name == "Anton"


def test_head_to_head() -> None:
    beat = player_statistics.head_to_head(EVERYTHING, BEAT, "Beat")
    assert beat.together.games == 0
    assert (beat.against.games, beat.against.wins, beat.against.losses, beat.against.ties) == (9, 5, 3, 1)
    assert len(beat.games) == 10  # the running game 4 is listed too
    cla = player_statistics.head_to_head(SCHIEBER, CLA, "Cla")
    assert (cla.together.games, cla.together.wins, cla.together.ties) == (2, 1, 1)
    assert cla.against.games == 0
    emil = player_statistics.head_to_head(SCHIEBER, EMIL, "Emil")
    assert (emil.together.games, emil.together.wins, len(emil.games)) == (1, 1, 2)


def test_series_for_the_charts() -> None:
    assert player_statistics.pass_points(reversed(SCHIEBER)) == [("2025-03-03", 177), ("2025-03-04", 157)]
    assert player_statistics.deal_points([G1]) == [("2025-03-02", pytest.approx(357 / 3))]
    assert player_statistics.main_variant(EVERYTHING) == "schieber"
    assert player_statistics.main_variant([*MOLOTOW, G5]) == "molotow"
    assert player_statistics.game_totals(EVERYTHING, "molotow") == [3, -1]


# ---- charts ---------------------------------------------------------------------------------------------


def test_ticks_are_round_and_cover_the_values() -> None:
    assert charts.ticks(157, 1000) == [0, 200, 400, 600, 800, 1000]
    assert charts.ticks(1, 7, whole=True) == [1, 3, 5, 7]  # ranks start at 1
    assert charts.ticks(0, 7, whole=True) == [0, 2, 4, 6, 8]
    assert charts.ticks(1, 2, whole=True) == [1, 2]  # never a step below 1 for ranks or counts
    assert charts.ticks(5, 5) == [4, 4.5, 5, 5.5, 6]  # a single value gets room around it
    assert charts.ticks(1, 1, whole=True) == [1, 2]  # first at every event: the axis shows no rank 0
    assert charts.ticks(3, 3, whole=True) == [2, 3, 4]


def test_line_chart_points_inside_the_plot() -> None:
    chart = charts.line_chart([("a", 100), ("b", 200), ("c", 150)])
    xs, ys = [p.x for p in chart.points], [p.y for p in chart.points]
    assert xs == sorted(xs) and chart.left < xs[0] and xs[-1] < chart.right
    assert all(chart.top <= y <= chart.bottom for y in ys)
    assert ys[1] < ys[2] < ys[0]  # higher values are drawn higher up
    assert chart.path.startswith(f"M{xs[0]},{ys[0]} L")
    assert [t.label for t in chart.x_ticks] == ["a", "b", "c"]
    assert chart.view_box == "0 0 320 180"


def test_rank_chart_puts_first_place_on_top() -> None:
    chart = charts.line_chart([("t1", 3), ("t2", 1)], invert=True, whole=True)
    assert chart.points[1].y < chart.points[0].y
    assert [t.label for t in chart.y_ticks] == ["1", "2", "3"]
    assert charts.line_chart([]).points == ()


def test_x_labels_are_at_most_four_never_touch_and_stay_inside() -> None:
    chart = charts.line_chart([(str(i), i) for i in range(40)])
    assert [t.label for t in chart.x_ticks] == ["0", "13", "26", "39"]
    dates = charts.line_chart([("21.11.26", i) for i in range(5)])  # 8 characters: about 58 units
    at = [t.at for t in dates.x_ticks]
    assert len(at) == 3 and at[0] >= 29 and at[-1] <= 320 - 29
    assert all(b - a >= 58 for a, b in pairwise(at))


def test_the_rank_scale_always_shows_first_place() -> None:
    chart = charts.line_chart([("t1", 3), ("t2", 6)], invert=True, whole=True, include=1)
    assert chart.y_ticks[0].label == "1" and chart.y_ticks[0].at == chart.top


def test_histogram_bins_and_bars() -> None:
    bins = charts.histogram([3, -1, 0, 4, 4, 12])
    assert [(b.low, b.high, b.count) for b in bins] == [
        (-2, -1, 1),
        (0, 1, 1),
        (2, 3, 1),
        (4, 5, 2),
        (6, 7, 0),
        (8, 9, 0),
        (10, 11, 0),
        (12, 13, 1),
    ]
    assert bins[0].label == "-2\u2013-1" and charts.histogram([5])[0].label == "5"
    chart = charts.bar_chart([(b.label, b.count) for b in bins])
    tallest = max(chart.bars, key=lambda bar: bar.height)
    assert tallest.value == 2 and tallest.y == chart.top
    assert all(bar.y + bar.height == pytest.approx(chart.bottom) for bar in chart.bars)
    assert charts.histogram([]) == []


# Guggitaler: Anna's penalty per round (the five penalty games, the Domino apart) and her Domino places.
GUGGITALER = [
    game(  # four players, a round with the Domino: penalties 15 + 20 + 20 + 0 + 50 = 105, Domino 3rd
        21,
        "guggitaler",
        own_seats(ANNA, BEAT, CLA, DORA),
        [
            deal({"Anna": 15}, game="tricks", penalty_games=1),
            deal({"Anna": 20}, game="schellen", penalty_games=1),
            deal({"Anna": 20}, game="ober", penalty_games=1),
            deal({"Anna": 0}, game="rosen_koenig", penalty_games=1),
            deal({"Anna": 50}, game="last_trick", penalty_games=1),
            deal(
                {"Anna": -55, "Beat": -150, "Cla": 0, "Dora": -100},
                game="domino",
                order=["Beat", "Dora", "Anna", "Cla"],
            ),
        ],
        ranks={"Beat": 1, "Dora": 2, "Anna": 3, "Cla": 4},
        winner="Beat",
    ),
    game(  # three players: penalties 30 + 0 + 0 + 0 + 50 = 80, Domino 1st
        22,
        "guggitaler",
        own_seats(ANNA, BEAT, CLA),
        [
            deal({"Anna": 30}, game="tricks", penalty_games=1),
            deal({"Anna": 0}, game="schellen", penalty_games=1),
            deal({"Anna": 0}, game="ober", penalty_games=1),
            deal({"Anna": 0}, game="rosen_koenig", penalty_games=1),
            deal({"Anna": 50}, game="last_trick", penalty_games=1),
            deal({"Anna": -150, "Beat": -100, "Cla": -70}, game="domino", order=["Anna", "Beat", "Cla"]),
        ],
        ranks={"Anna": 1, "Beat": 2, "Cla": 3},
        winner="Anna",
    ),
    game(  # all in one, two deals of all five penalties (two rounds): 105 + 0, no Domino
        23,
        "guggitaler",
        own_seats(ANNA, BEAT, CLA, DORA),
        [deal({"Anna": 105}, game="all", penalty_games=5), deal({"Anna": 0}, game="all", penalty_games=5)],
        ranks={"Anna": 2, "Beat": 1, "Cla": 3, "Dora": 4},
        winner="Beat",
    ),
]


def test_guggitaler_penalty_per_round_and_domino_places() -> None:
    stats = stats_of(GUGGITALER, "guggitaler")
    assert (stats.games, stats.wins, stats.deals) == (3, 1, 14)
    # Penalties 105 + 80 + 105 = 290 over 5 + 5 + 10 = 20 penalty games, 4 rounds: 72.5 a round.
    assert stats.figure("penalty_per_round") == pytest.approx(72.5)
    # Domino places 3 and 1: 2.0 on average; first out once.
    assert stats.figure("average_domino_place") == pytest.approx(2.0)
    assert stats.figure("domino_firsts") == 1
    assert [f.key for f in stats.figures] == ["penalty_per_round", "average_domino_place", "domino_firsts"]


def test_a_game_without_a_domino_has_no_domino_place() -> None:
    stats = stats_of(GUGGITALER[2:], "guggitaler")
    # 105 over 10 penalty games, 2 rounds: 52.5.
    assert stats.figure("penalty_per_round") == pytest.approx(52.5)
    assert stats.figure("average_domino_place") is None
    assert stats.figure("domino_firsts") == 0
