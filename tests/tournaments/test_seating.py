"""The seating draw: hand-checked small events, then properties over events of 8 to 400 players."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import (
    Draw,
    DrawnTable,
    Repeats,
    SeatingError,
    count_repeats,
    draw_all,
    draw_all_pairs,
    draw_pairs,
    draw_pass,
)

PROPERTIES = settings(max_examples=25, deadline=None)


def one_by_one(players: Sequence[Any], passes: int, *, seed: int = 1, **options: Any) -> list[Draw]:
    draws: list[Draw] = []
    for number in range(1, passes + 1):
        draws.append(draw_pass(players, draws, seed=seed, pass_number=number, **options))
    return draws


def partnerships(draw: Draw) -> list[frozenset[Any]]:
    return [frozenset(team) for table in draw.tables for team in table.teams]


def seated(draw: Draw) -> list[Any]:
    return [player for table in draw.tables for player in table.seats]


def assert_everyone_once(draw: Draw, players: Sequence[Any]) -> None:
    assert sorted(seated(draw) + list(draw.byes)) == sorted(players)


def assert_byes_fair(draws: Sequence[Draw], players: Sequence[Any]) -> None:
    """Nobody has a second bye before everyone had one: after every pass, bye counts differ by at most 1."""
    byes: Counter[Any] = Counter()
    for draw in draws:
        byes.update(draw.byes)
        assert max(byes[player] for player in players) - min(byes[player] for player in players) <= 1


# ---- hand-checked small events -----------------------------------------------------------------------------


def test_eight_players_first_pass_two_tables_of_partners() -> None:
    players = ["Anna", "Beat", "Cla", "Dora", "Erich", "Fränzi", "Gian", "Heidi"]
    draw = draw_pass(players, [], seed=42, pass_number=1)
    assert (draw.pass_number, draw.seed, draw.partners, draw.byes) == (1, 42, True, ())
    assert [table.number for table in draw.tables] == [1, 2]
    assert all(len(table.seats) == 4 for table in draw.tables)
    assert_everyone_once(draw, players)
    first = draw.tables[0]
    assert first.teams == ((first.seats[0], first.seats[2]), (first.seats[1], first.seats[3]))
    assert draw.table_of(first.seats[3]) == first
    assert draw.table_of("Nobody") is None


def test_eight_players_second_pass_changes_every_partner() -> None:
    players = list(range(1, 9))
    first = Draw(1, (DrawnTable(1, (1, 2, 3, 4)), DrawnTable(2, (5, 6, 7, 8))), (), seed=1)
    second = draw_pass(players, [first], seed=7, pass_number=2)
    assert not set(partnerships(second)) & {frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}
    assert count_repeats([first, second]).partners == 0


def test_the_same_draw_twice_repeats_every_partner_and_opponent() -> None:
    draw = draw_pass(list(range(8)), [], seed=3, pass_number=1)
    assert count_repeats([draw, draw]) == Repeats(partners=4, opponents=8)


def test_nine_players_leave_one_bye() -> None:
    draw = draw_pass(list(range(9)), [], seed=1, pass_number=1)
    assert len(draw.tables) == 2
    assert len(draw.byes) == 1
    assert_everyone_once(draw, list(range(9)))


@pytest.mark.parametrize(
    ("count", "sizes", "byes"),
    [(9, [3, 3, 3], 0), (10, [4, 3, 3], 0), (11, [4, 4, 3], 0), (12, [4, 4, 4], 0), (5, [4], 1), (3, [3], 0)],
)
def test_tables_of_three_take_up_the_remainder(count: int, sizes: list[int], byes: int) -> None:
    draw = draw_pass(
        list(range(count)), [], seed=1, pass_number=1, partners=False, allow_tables_of_three=True
    )
    assert [len(table.seats) for table in draw.tables] == sizes
    assert len(draw.byes) == byes
    assert_everyone_once(draw, list(range(count)))


def test_tables_of_three_only() -> None:
    draw = draw_pass(list(range(7)), [], seed=1, pass_number=1, table_size=3, partners=False)
    assert [len(table.seats) for table in draw.tables] == [3, 3]
    assert len(draw.byes) == 1


def test_seventeen_players_over_five_passes_have_five_different_byes() -> None:
    players = [f"p{n:02d}" for n in range(1, 18)]
    draws = one_by_one(players, 5, seed=11)
    byes = [player for draw in draws for player in draw.byes]
    assert len(byes) == len(set(byes)) == 5


def test_a_late_arrival_has_a_bye_before_anyone_has_a_second() -> None:
    first = draw_pass(list(range(9)), [], seed=2, pass_number=1)
    second = draw_pass(list(range(10)), [first], seed=2, pass_number=2)
    assert len(second.byes) == 2
    assert not set(second.byes) & set(first.byes)


def test_players_who_left_are_ignored() -> None:
    first = draw_pass(list(range(12)), [], seed=2, pass_number=1)
    second = draw_pass(list(range(8)), [first], seed=2, pass_number=2)
    assert_everyone_once(second, list(range(8)))
    assert count_repeats([first, second]).partners == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_seats_rotate(seed: int) -> None:
    """Over 4 passes of 16 players nobody sits in the same seat more than twice."""
    players = list(range(16))
    seats: dict[int, Counter[int]] = {player: Counter() for player in players}
    for draw in one_by_one(players, 4, seed=seed):
        for table in draw.tables:
            for seat, player in enumerate(table.seats, start=1):
                seats[player][seat] += 1
    assert max(max(counter.values()) for counter in seats.values()) <= 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_without_partners_sixteen_players_meet_new_players_on_pass_two(seed: int) -> None:
    draws = one_by_one(list(range(16)), 2, seed=seed, partners=False)
    assert all(draw.partners is False for draw in draws)
    assert count_repeats(draws) == Repeats(partners=0, opponents=0)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        ([1, 2, 1, 3], {}, "A player is listed twice."),
        ([1, 2, 3], {}, "3 players cannot fill a table."),
        (list(range(8)), {"allow_tables_of_three": True}, "Partners play at tables of four."),
        (list(range(8)), {"table_size": 3}, "Partners play at tables of four."),
        (list(range(8)), {"table_size": 5, "partners": False}, "Tables seat 3 or 4 players."),
    ],
)
def test_refusals(players: list[int], options: dict[str, Any], message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        draw_pass(players, [], seed=1, pass_number=1, **options)


# ---- drawn up front ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [8, 12, 16])
def test_draw_all_never_repeats_a_partner_for_count_minus_one_passes(count: int) -> None:
    draws = draw_all(list(range(count)), count - 1, seed=5)
    assert [draw.pass_number for draw in draws] == list(range(1, count))
    assert count_repeats(draws).partners == 0
    for draw in draws:
        assert_everyone_once(draw, list(range(count)))


@pytest.mark.parametrize("count", [9, 13])
def test_draw_all_with_one_bye_gives_each_player_one_bye_and_no_repeated_partner(count: int) -> None:
    draws = draw_all(list(range(count)), count, seed=5)
    assert count_repeats(draws).partners == 0
    assert sorted(player for draw in draws for player in draw.byes) == list(range(count))


def test_draw_all_goes_on_past_the_round_robin_and_for_other_headcounts() -> None:
    assert len(draw_all(list(range(8)), 9, seed=1)) == 9
    draws = draw_all(list(range(10)), 6, seed=1)
    assert count_repeats(draws).partners == 0
    assert_byes_fair(draws, list(range(10)))
    quiet = draw_all(list(range(10)), 3, seed=1, partners=False, allow_tables_of_three=True)
    assert [len(table.seats) for table in quiet[0].tables] == [4, 3, 3]


def test_draw_all_is_reproducible() -> None:
    assert draw_all(list(range(20)), 5, seed=9) == draw_all(list(reversed(range(20))), 5, seed=9)


# ---- team Schieber: fixed pairs ----------------------------------------------------------------------------

PAIRS = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14)]


def test_pairs_stay_together_and_an_odd_pair_has_a_bye() -> None:
    draw = draw_pairs(PAIRS, [], seed=1, pass_number=1)
    assert len(draw.tables) == 3
    assert len(draw.byes) == 2
    assert tuple(sorted(draw.byes)) in PAIRS
    for table in draw.tables:
        assert all(tuple(sorted(team)) in PAIRS for team in table.teams)


def test_pairs_second_pass_meets_new_pairs_and_rotates_the_bye() -> None:
    first = draw_pairs(PAIRS, [], seed=1, pass_number=1)
    second = draw_pairs(PAIRS, [first], seed=1, pass_number=2)
    assert count_repeats([first, second]).opponents == 0
    assert not set(first.byes) & set(second.byes)


def test_pairs_round_robin_up_front_meets_every_other_pair_once() -> None:
    draws = draw_all_pairs(PAIRS, len(PAIRS), seed=3)
    met = Counter(
        frozenset((min(a), min(b))) for draw in draws for table in draw.tables for a, b in [table.teams]
    )
    assert len(met) == 21
    assert set(met.values()) == {1}
    assert sorted(player for draw in draws for player in draw.byes) == list(range(1, 15))
    assert len(draw_all_pairs(PAIRS, len(PAIRS) + 1, seed=3)) == 8


# ---- properties --------------------------------------------------------------------------------------------


@PROPERTIES
@given(count=st.integers(8, 400), passes=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_every_pass_seats_everyone_once_without_a_repeated_partner(
    count: int, passes: int, seed: int
) -> None:
    """No repeated partner for as many passes as half the seated players (guaranteed: Dirac's theorem)."""
    players = list(range(count))
    draws = one_by_one(players, passes, seed=seed)
    for draw in draws:
        assert_everyone_once(draw, players)
        assert all(len(table.seats) == 4 for table in draw.tables)
        assert len(draw.byes) == count % 4
    assert count_repeats(draws[: (count - count % 4) // 2]).partners == 0
    assert_byes_fair(draws, players)


@PROPERTIES
@given(count=st.integers(6, 200), passes=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_without_partners_every_pass_seats_everyone_once(count: int, passes: int, seed: int) -> None:
    players = list(range(count))
    for draw in one_by_one(players, passes, seed=seed, partners=False, allow_tables_of_three=True):
        assert_everyone_once(draw, players)
        assert sorted(len(table.seats) for table in draw.tables)[-1] <= 4
        assert not draw.byes


@PROPERTIES
@given(count=st.integers(12, 120), seed=st.integers(0, 10**6), data=st.data())
def test_a_seed_reproduces_the_draw_and_another_seed_does_not(
    count: int, seed: int, data: st.DataObject
) -> None:
    players = list(range(count))
    history = one_by_one(players, 2, seed=seed)
    shuffled = data.draw(st.permutations(players))
    again = draw_pass(shuffled, history, seed=seed, pass_number=3)
    assert draw_pass(players, history, seed=seed, pass_number=3) == again
    other = data.draw(st.integers(0, 10**6).filter(lambda other: other != seed))
    assert draw_pass(players, history, seed=other, pass_number=3).tables != again.tables


@PROPERTIES
@given(count=st.integers(13, 60), passes=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_byes_rotate_fairly(count: int, passes: int, seed: int) -> None:
    assert_byes_fair(one_by_one(list(range(count)), passes, seed=seed), list(range(count)))


@PROPERTIES
@given(
    count=st.integers(2, 16).map(lambda tables: 4 * tables),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_by_score_seats_the_top_four_together_on_pass_two(count: int, seed: int, data: st.DataObject) -> None:
    players = list(range(count))
    first = draw_pass(players, [], seed=seed, pass_number=1)
    scores = dict(zip(players, data.draw(st.permutations(range(count))), strict=True))
    second = draw_pass(players, [first], seed=seed, pass_number=2, by_score=scores)
    top_four = sorted(players, key=lambda player: -scores[player])[:4]
    assert sorted(second.tables[0].seats) == sorted(top_four)
    assert count_repeats([first, second]).partners == 0


@PROPERTIES
@given(history=st.lists(st.permutations(range(8)), min_size=1, max_size=9), seed=st.integers(0, 10**6))
def test_eight_players_repeat_as_few_partners_as_any_pairing_could(
    history: list[list[int]], seed: int
) -> None:
    """Exact for small events: the draw repeats no more partnerships than the best of all 105 pairings."""
    draws = [
        Draw(number, (DrawnTable(1, tuple(order[:4])), DrawnTable(2, tuple(order[4:]))), (), seed=0)
        for number, order in enumerate(history, start=1)
    ]
    before = {team for draw in draws for team in partnerships(draw)}
    draw = draw_pass(list(range(8)), draws, seed=seed, pass_number=len(draws) + 1)
    repeated = sum(team in before for team in partnerships(draw))
    assert repeated == min(
        sum(frozenset(team) in before for team in pairing) for pairing in all_pairings(range(8))
    )


def all_pairings(players: Sequence[int]) -> list[list[tuple[int, int]]]:
    players = list(players)
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    return [
        [(first, partner), *pairing]
        for partner in rest
        for pairing in all_pairings([player for player in rest if player != partner])
    ]


def test_all_pairings_of_eight_are_105() -> None:
    pairings = all_pairings(range(8))
    assert len(pairings) == 105
    assert len({frozenset(frozenset(team) for team in pairing) for pairing in pairings}) == 105


def test_draws_use_their_own_random_generator() -> None:
    random.seed(1)
    first = draw_pass(list(range(40)), [], seed=8, pass_number=1)
    random.seed(2)
    assert draw_pass(list(range(40)), [], seed=8, pass_number=1) == first
