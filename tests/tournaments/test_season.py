"""The season ranking against hand computations: 10 events, best 8 counting, a double final; ties; a short
points table. Pure: places in, standings out (the pages and the CSV are tested in test_season_pages).
"""

from __future__ import annotations

import pytest

from tournaments.season import (
    DEFAULT_POINTS,
    EventPlaces,
    SeasonError,
    SeasonLine,
    place_points,
    season_ranking,
)

A, B, C, D, E = 1, 2, 3, 4, 5
NAMES = {A: "Anna", B: "Beat", C: "Cla", D: "Dora", E: "Emil"}

# Final places, event by event; E10 is the final. "-" = did not play. E4 has a shared second place.
#
#        E1  E2  E3  E4  E5  E6  E7  E8  E9  E10 (final)
# Anna    1   2   1   2   3   1   2   2   1   3
# Beat    2   1   3   2   1   2   3   1   2   2
# Cla     3   3   2   1   2   4   4   3   3   1
# Dora    4   4   5   4   4   3   1   5   4   4
# Emil    5   -   4   5   5   -   5   4   5   5
PLACES = {
    1: {A: 1, B: 2, C: 3, D: 4, E: 5},
    2: {B: 1, A: 2, C: 3, D: 4},
    3: {A: 1, C: 2, B: 3, E: 4, D: 5},
    4: {C: 1, A: 2, B: 2, D: 4, E: 5},
    5: {B: 1, C: 2, A: 3, D: 4, E: 5},
    6: {A: 1, B: 2, D: 3, C: 4},
    7: {D: 1, A: 2, B: 3, C: 4, E: 5},
    8: {B: 1, A: 2, C: 3, E: 4, D: 5},
    9: {A: 1, B: 2, C: 3, D: 4, E: 5},
    10: {C: 1, B: 2, A: 3, D: 4, E: 5},
}
SEASON = [EventPlaces(event, places, final=event == 10) for event, places in PLACES.items()]

# Points by the table 25, 18, 15, 12, 10 (places 1 to 5); the final (E10) doubled; E4's two second
# places both get 18 and the next is fourth (12).
#
#        E1  E2  E3  E4  E5  E6  E7  E8  E9  E10 | best 8                               | dropped
# Anna   25  18  25  18  15  25  18  18  25  30  | 30 + 4 x 25 + 3 x 18 = 30+100+54 = 184 | E5 15, E8 18
# Beat   18  25  15  18  25  18  15  25  18  36  | 36 + 3 x 25 + 4 x 18 = 36+75+72  = 183 | E3 15, E7 15
# Cla    15  15  18  25  18  12  12  15  15  50  | 50 + 25 + 2 x 18 + 4 x 15 = 171        | E6 12, E7 12
# Dora   12  12  10  12  12  15  25  10  12  24  | 25 + 24 + 15 + 5 x 12 = 64 + 60  = 124 | E3 10, E8 10
# Emil   10   -  12  10  10   -  10  12  10  20  | all 8 played: 20 + 2 x 12 + 5 x 10 = 94 | none
#
# Anna's four 18s compete for three slots: the earliest (E2, E4, E7) count, E8 is dropped.
EXPECTED = [
    # rank, player, total, counted events, wins, best place
    (1, A, 184, {1, 2, 3, 4, 6, 7, 9, 10}, 4, 1),
    (2, B, 183, {1, 2, 4, 5, 6, 8, 9, 10}, 3, 1),
    (3, C, 171, {1, 2, 3, 4, 5, 8, 9, 10}, 2, 1),
    (4, D, 124, {1, 2, 4, 5, 6, 7, 9, 10}, 1, 1),
    (5, E, 94, {1, 3, 4, 5, 7, 8, 9, 10}, 0, 4),
]


def summary(lines: list[SeasonLine]) -> list[tuple[int, int, int, set[int], int, int]]:
    return [(ln.rank, ln.player, ln.total, set(ln.counted), ln.wins, ln.best_place) for ln in lines]


def test_ten_events_best_8_and_a_double_final_match_the_hand_computation() -> None:
    lines = season_ranking(SEASON, points_table=DEFAULT_POINTS, best_of=8, names=NAMES)

    assert summary(lines) == EXPECTED
    assert dict(lines[0].points) == {1: 25, 2: 18, 3: 25, 4: 18, 5: 15, 6: 25, 7: 18, 8: 18, 9: 25, 10: 30}
    assert dict(lines[1].points)[10] == 36  # Beat's second place in the final: 2 x 18
    assert 2 not in lines[4].points  # Emil missed E2: no points, not a zero that could count


def test_without_the_double_final_the_gaps_are_wider() -> None:
    """The same places with E10 a normal event: Anna 4 x 25 + 4 x 18 = 172 (drops E5 15 and E10 15), Beat
    3 x 25 + 5 x 18 = 165 (drops his 15s), Cla 2 x 25 + 2 x 18 + 4 x 15 = 146 (drops his 12s)."""
    plain = [EventPlaces(event.event, event.places) for event in SEASON]

    lines = season_ranking(plain, best_of=8, names=NAMES)

    assert [(ln.player, ln.total) for ln in lines][:3] == [(A, 172), (B, 165), (C, 146)]


def test_every_event_counts_without_best_of() -> None:
    # Anna: 25 x 4 + 18 x 4 + 15 + 30 = 217; Beat: 25 x 3 + 18 x 4 + 15 x 2 + 36 = 213.
    lines = season_ranking(SEASON, best_of=None)

    assert [(ln.player, ln.total, len(ln.counted)) for ln in lines][:2] == [(A, 217, 10), (B, 213, 10)]


def test_places_past_the_points_table_earn_nothing() -> None:
    event = EventPlaces(1, {A: 1, B: 2, C: 3, D: 4, E: 5})

    lines = season_ranking([event], points_table=[3, 2, 1], names=NAMES)

    assert [(ln.rank, ln.player, ln.total) for ln in lines] == [
        (1, A, 3),
        (2, B, 2),
        (3, C, 1),
        (4, D, 0),
        (5, E, 0),  # equal on 0 points and no wins: Dora's 4th place beats Emil's 5th
    ]
    assert place_points(4, [3, 2, 1]) == 0
    assert place_points(0, [3, 2, 1]) == 0


def test_shared_places_share_the_better_places_points() -> None:
    event = EventPlaces(1, {A: 1, B: 1, C: 3, D: 3, E: 5})

    lines = season_ranking([event], names=NAMES)

    assert [(ln.rank, ln.player, ln.total) for ln in lines] == [
        (1, A, 25),
        (1, B, 25),
        (3, C, 15),
        (3, D, 15),
        (5, E, 10),
    ]


def test_equal_totals_more_wins_first() -> None:
    events = [
        EventPlaces(1, {A: 1, B: 2, C: 2, D: 4}),  # table 10, 6, 4, 3: A 10, B 6, C 6, D 3
        EventPlaces(2, {A: 4, B: 2, C: 3, D: 1}),  # A 3, B 6, C 4, D 10
        EventPlaces(3, {A: 4, B: 4, C: 2, D: 3}),  # A 3, B 3, C 6, D 4
    ]
    # Anna 10 + 3 + 3 = 16 with a win, Cla 6 + 4 + 6 = 16 without: Anna first of the two.
    # Dora 3 + 10 + 4 = 17, Beat 6 + 6 + 3 = 15.
    lines = season_ranking(events, points_table=[10, 6, 4, 3], names=NAMES)

    assert [(ln.rank, ln.player, ln.total, ln.wins) for ln in lines] == [
        (1, D, 17, 1),
        (2, A, 16, 1),
        (3, C, 16, 0),
        (4, B, 15, 0),
    ]


def test_equal_totals_and_wins_the_better_best_place_first() -> None:
    events = [
        EventPlaces(1, {C: 1, B: 2, A: 3, D: 4}),  # table 10, 6, 4, 2: C 10, B 6, A 4, D 2
        EventPlaces(2, {D: 1, C: 2, A: 3, B: 4}),  # D 10, C 6, A 4, B 2
    ]
    # Anna 4 + 4 = 8 (best 3rd) and Beat 6 + 2 = 8 (best 2nd), no wins: Beat first of the two.
    lines = season_ranking(events, points_table=[10, 6, 4, 2], names=NAMES)

    assert [(ln.rank, ln.player, ln.total, ln.best_place) for ln in lines] == [
        (1, C, 16, 1),
        (2, D, 12, 1),
        (3, B, 8, 2),
        (4, A, 8, 3),
    ]


def test_equal_after_every_tie_break_they_share_the_rank_listed_by_name() -> None:
    events = [
        EventPlaces(1, {C: 4, A: 2, B: 3}),  # table 10, 6, 4, 3: A 6, B 4, C 3
        EventPlaces(2, {A: 4, B: 3, C: 2}),  # A 3, B 4, C 6
        EventPlaces(3, {B: 2, A: 3, C: 3}),  # B 6, A 4, C 4
    ]
    # Beat 14; Anna 6 + 3 + 4 = 13 and Cla 3 + 6 + 4 = 13, no wins, best place 2nd both: they share 2nd.
    lines = season_ranking(events, points_table=[10, 6, 4, 3], names={A: "Zora", C: "Anna", B: "Beat"})

    assert [(ln.rank, ln.player, ln.total) for ln in lines] == [(1, B, 14), (2, C, 13), (2, A, 13)]


def test_wins_count_every_event_played_counted_or_not() -> None:
    # Best 1 of 2: Anna won E1 (25) and was 2nd in the final (2 x 18 = 36): the final counts, the win too.
    events = [EventPlaces(1, {A: 1, B: 2}), EventPlaces(2, {B: 1, A: 2}, final=True)]

    lines = season_ranking(events, best_of=1, names=NAMES)

    assert [(ln.player, ln.total, set(ln.counted), ln.wins) for ln in lines] == [
        (B, 50, {2}, 1),
        (A, 36, {2}, 1),
    ]


@pytest.mark.parametrize(
    ("table", "best_of"), [([], None), ([25, -1], None), ([25, 1.5], None), ([25, True], None), ([25], 0)]
)
def test_bad_settings_are_refused(table: list[object], best_of: int | None) -> None:
    with pytest.raises(SeasonError):
        season_ranking(SEASON, points_table=table, best_of=best_of)  # type: ignore[arg-type]


def test_no_events_no_standings() -> None:
    assert season_ranking([], best_of=8) == []
