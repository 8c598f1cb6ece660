"""The shared helpers the variants rank and check with."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import (
    InvalidDeal,
    Placing,
    rank,
    rank_groups,
    refuse_after_end,
    require_card_points,
    require_seats,
)


@pytest.mark.parametrize(
    ("totals", "lowest_wins", "expected"),
    [
        ({"A": 10, "B": 20}, False, [("B", 1, 20), ("A", 2, 10)]),
        ({"A": 10, "B": 20}, True, [("A", 1, 10), ("B", 2, 20)]),
        ({"A": 5, "B": 5}, False, [("A", 1, 5), ("B", 1, 5)]),
        (
            {"Anna": 3, "Beat": 7, "Cla": 7, "Dora": 1},
            False,
            [("Beat", 1, 7), ("Cla", 1, 7), ("Anna", 3, 3), ("Dora", 4, 1)],
        ),
        (
            {"Anna": 3, "Beat": 3, "Cla": 3, "Dora": 9},
            True,
            [("Anna", 1, 3), ("Beat", 1, 3), ("Cla", 1, 3), ("Dora", 4, 9)],
        ),
    ],
)
def test_rank_shares_a_rank_for_equal_totals(
    totals: dict[str, int], lowest_wins: bool, expected: list[tuple[str, int, int]]
) -> None:
    assert rank(totals, lowest_wins=lowest_wins) == tuple(Placing(*row) for row in expected)


def test_rank_groups_puts_the_winner_first_whatever_the_totals() -> None:
    assert rank_groups([["A"], ["B"]], {"A": 110, "B": 224}) == (Placing("A", 1, 110), Placing("B", 2, 224))


def test_rank_groups_shares_ranks_within_a_group_only() -> None:
    totals = {"Anna": 5, "Beat": 5, "Cla": 5, "Dora": 2}
    assert rank_groups([["Anna"], ["Beat", "Dora", "Cla"]], totals) == (
        Placing("Anna", 1, 5),
        Placing("Beat", 2, 5),
        Placing("Cla", 2, 5),
        Placing("Dora", 4, 2),
    )


def test_require_seats_returns_the_names_in_seat_order() -> None:
    assert require_seats(("Dora", "Anna", "Cla", "Beat"), (4,)) == ["Dora", "Anna", "Cla", "Beat"]


@pytest.mark.parametrize(
    ("seats", "counts", "message"),
    [
        (["Anna", "Beat"], (3, 5), "This variant needs 3 or 5 players, not 2."),
        (["Anna", "", "Cla"], (3,), "Every seat needs a player name."),
        (["Anna", 7, "Cla"], (3,), "Every seat needs a player name."),
        (["Anna", "Beat", "Anna"], (3,), "Anna sits at the table twice."),
    ],
)
def test_require_seats_refuses(seats: list[Any], counts: tuple[int, ...], message: str) -> None:
    with pytest.raises(InvalidDeal) as caught:
        require_seats(seats, counts)
    assert caught.value.to_json() == {"error": {"deal": None, "field": "seats", "message": message}}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (1, "Points cannot be 1: no card is worth 1 point."),
        (158, "Points must be a whole number from 0 to 157."),
        (True, "Points must be a whole number from 0 to 157."),
        (12.0, "Points must be a whole number from 0 to 157."),
    ],
)
def test_require_card_points_refuses(value: Any, message: str) -> None:
    with pytest.raises(InvalidDeal) as caught:
        require_card_points(value, deal=4, field="points", what="Points")
    assert (caught.value.deal, caught.value.field, caught.value.message) == (4, "points", message)


def test_require_card_points_accepts_0_and_157() -> None:
    assert [require_card_points(v, deal=1, field="points") for v in (0, 2, 157)] == [0, 2, 157]


def test_refuse_after_end() -> None:
    with pytest.raises(InvalidDeal) as caught:
        refuse_after_end(8, 7)
    assert (caught.value.deal, caught.value.field, caught.value.message) == (
        8,
        "game",
        "The game ended with deal 7: no more deals.",
    )
