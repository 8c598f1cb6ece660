"""The settle-up (scorekeeper/games/settle.py), by property: for any balances adding up to zero, the
payments settle every balance to the Rappen, pay only positive amounts, and are as few as can be: n players
with a balance need n - g payments, g the most groups of them whose balances add up to zero (checked by
brute force up to six players). Each game's balances add up to zero whatever its sides count.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import settle

# Small amounts make balances that cancel out in groups (the interesting case); large ones, none.
AMOUNT = st.one_of(st.integers(min_value=-6, max_value=6), st.integers(min_value=-(10**9), max_value=10**9))


@st.composite
def zero_sum_balances(draw: st.DrawFn, low: int = 2, high: int = 8) -> dict[str, int]:
    count = draw(st.integers(min_value=low, max_value=high))
    amounts = draw(st.lists(AMOUNT, min_size=count - 1, max_size=count - 1))
    amounts.append(-sum(amounts))
    order = draw(st.permutations(range(count)))
    return {f"p{index}": amounts[place] for index, place in enumerate(order)}


def settled(balances: Mapping[str, int], payments: list[settle.Payment]) -> dict[str, int]:
    """What each player still has to get (positive) or pay after the payments."""
    left = dict(balances)
    for payment in payments:
        left[payment.payer] += payment.rappen
        left[payment.payee] -= payment.rappen
    return left


def most_zero_sum_groups(amounts: tuple[int, ...]) -> int:
    """By brute force: the most groups the (non-zero) amounts split into that each add up to zero."""

    @cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        found = -len(amounts)  # the rest cannot be split: no partition (the whole adds up to zero)
        rest = mask ^ low
        sub = rest
        while True:
            group = sub | low
            if sum(amounts[i] for i in range(len(amounts)) if group >> i & 1) == 0:
                found = max(found, 1 + best(mask ^ group))
            if not sub:
                break
            sub = (sub - 1) & rest
        return found

    return best((1 << len(amounts)) - 1)


@given(zero_sum_balances())
@settings(max_examples=150, deadline=None)
def test_the_payments_settle_every_balance_with_positive_amounts(balances: dict[str, int]) -> None:
    payments = settle.fewest_payments(balances)
    assert settled(balances, payments) == dict.fromkeys(balances, 0)
    assert all(payment.rappen > 0 for payment in payments)
    assert all(payment.payer != payment.payee for payment in payments)
    # only who owes pays, only who is owed gets
    assert all(balances[p.payer] < 0 < balances[p.payee] for p in payments)
    owing = [player for player, rappen in balances.items() if rappen]
    assert len(payments) <= max(len(owing) - 1, 0) <= len(balances) - 1


@given(zero_sum_balances(high=6))
@settings(max_examples=150, deadline=None)
def test_the_payments_are_the_fewest_there_can_be(balances: dict[str, int]) -> None:
    amounts = tuple(rappen for rappen in balances.values() if rappen)
    payments = settle.fewest_payments(balances)
    assert len(payments) == len(amounts) - most_zero_sum_groups(amounts)


@pytest.mark.parametrize(
    ("balances", "count"),
    [
        ({}, 0),
        ({"a": 0, "b": 0}, 0),
        ({"a": 5, "b": -5}, 1),
        ({"a": 3, "b": -3, "c": 1, "d": -1}, 2),  # two pairs: not three payments
        ({"a": 4, "b": -1, "c": -1, "d": -2}, 3),
        ({"a": 6, "b": 5, "c": -5, "d": -3, "e": -3}, 3),  # b pays c... groups {b, c} and {a, d, e}
        ({"a": 7, "b": -2, "c": -2, "d": -3, "e": 1, "f": -1}, 4),
    ],
)
def test_worked_cases(balances: dict[str, int], count: int) -> None:
    payments = settle.fewest_payments(balances)
    assert len(payments) == count
    assert settled(balances, payments) == dict.fromkeys(balances, 0)


def test_balances_that_do_not_add_up_to_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="add up to zero"):
        settle.fewest_payments({"a": 5, "b": -4})


@given(st.integers(min_value=settle.EXACT_UP_TO + 1, max_value=24), st.randoms(use_true_random=False))
@settings(max_examples=20, deadline=None)
def test_beyond_the_exact_search_every_balance_is_still_settled(count: int, rng: object) -> None:
    amounts = [rng.randint(-(10**6), 10**6) for _ in range(count - 1)]  # type: ignore[attr-defined]
    balances = {f"p{index}": rappen for index, rappen in enumerate([*amounts, -sum(amounts)])}
    payments = settle.fewest_payments(balances)
    assert settled(balances, payments) == dict.fromkeys(balances, 0)
    assert all(payment.rappen > 0 for payment in payments)
    assert len(payments) <= count - 1


@st.composite
def game_sides(draw: st.DrawFn) -> list[settle.Side]:
    """Two to four sides of one size (a team of two, or one player), each with its count."""
    count = draw(st.integers(min_value=2, max_value=4))
    size = draw(st.sampled_from([1, 2]))
    units = draw(st.lists(st.integers(min_value=-(10**6), max_value=10**9), min_size=count, max_size=count))
    return [
        settle.Side(tuple(f"s{side}p{seat}" for seat in range(size)), side_units)
        for side, side_units in enumerate(units)
    ]


@given(game_sides(), st.booleans(), st.integers(min_value=0, max_value=100_000))
@settings(max_examples=150, deadline=None)
def test_a_games_balances_add_up_to_zero(sides: list[settle.Side], lowest_wins: bool, stake: int) -> None:
    balances = settle.game_balances(sides, lowest_wins=lowest_wins, stake_rappen=stake)
    assert sum(balances.values()) == 0
    assert set(balances) == {player for side in sides for player in side.players}
    best = (min if lowest_wins else max)(side.units for side in sides)
    for side in sides:  # the best side never pays, the others' players never get more than it
        if side.units == best:
            assert all(balances[player] >= 0 for player in side.players)


@given(st.lists(st.tuples(game_sides(), st.booleans()), min_size=1, max_size=6))
@settings(max_examples=100, deadline=None)
def test_an_evenings_balances_add_up_to_zero_and_settle(games: list[tuple[list[settle.Side], bool]]) -> None:
    parts = [settle.game_balances(sides, lowest_wins=lowest, stake_rappen=50) for sides, lowest in games]
    total = settle.add_up(parts)
    assert sum(total.values()) == 0
    assert all(rappen % 50 == 0 for rappen in total.values())
    assert settled(total, settle.fewest_payments(total)) == dict.fromkeys(total, 0)


def test_two_teams_at_fifty_rappen_a_mark() -> None:
    """docs/rules.md, "The evening": 6 marks to 2 at 0.50: each of the team behind pays 2.00."""
    sides = [settle.Side(("anna", "cla"), 6), settle.Side(("beat", "dora"), 2)]
    assert settle.game_balances(sides, lowest_wins=False, stake_rappen=50) == {
        "anna": 200,
        "cla": 200,
        "beat": -200,
        "dora": -200,
    }
