"""The settle-up at the end of an evening: what each player won or lost at the stake, and who pays whom.

Pure Python on whole Rappen (integers), so every sum is exact: a stake has two decimals and every game
counts whole points, marks or games.

How a game is paid (docs/rules.md, "The evening"): every side settles with every other side on the
difference of their units (points, marks or games won), and each player of a side pays or gets that
difference at the stake. Two teams: each player of the team behind pays the difference times the stake;
each player of the team ahead gets it. Sides all have the same size in every variant, so what is paid
and what is got add up to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

EXACT_UP_TO = 12
"""Players with something to pay or get, up to which the fewest payments are searched for exactly: the
search over their subsets takes about 20 ms at 12 (a table seats at most 6 a game); beyond, largest debt
pays largest gain, which needs at most one payment fewer than the players."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of one game: its players (keys) and what it counts in the stake's unit."""

    players: tuple[str, ...]
    units: int


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str
    payee: str
    rappen: int


def game_balances(sides: Sequence[Side], *, lowest_wins: bool, stake_rappen: int) -> dict[str, int]:
    """Each player's gain (positive) or loss in Rappen from one game: every pair of sides settles."""
    sign = -1 if lowest_wins else 1
    balances: dict[str, int] = {}
    for side in sides:
        ahead = sum(sign * (side.units - other.units) for other in sides if other is not side)
        for player in side.players:
            balances[player] = balances.get(player, 0) + ahead * stake_rappen
    return balances


def add_up(parts: Sequence[Mapping[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for part in parts:
        for player, rappen in part.items():
            total[player] = total.get(player, 0) + rappen
    return total


def fewest_payments(balances: Mapping[str, int]) -> list[Payment]:
    """Payments that settle every balance (gains positive, losses negative, adding up to zero), as few
    as can be: n players need n - g payments, g the most groups of them whose balances add up to zero.
    Exact up to EXACT_UP_TO players with a balance; beyond that, largest debt to largest gain."""
    if sum(balances.values()) != 0:
        raise ValueError("The balances must add up to zero.")
    players = sorted((p for p, rappen in balances.items() if rappen), key=lambda p: (-balances[p], p))
    if len(players) > EXACT_UP_TO:
        return _pay_within(players, balances)
    payments: list[Payment] = []
    for group in _zero_sum_groups(players, balances):
        payments.extend(_pay_within(group, balances))
    return payments


def _zero_sum_groups(players: list[str], balances: Mapping[str, int]) -> list[list[str]]:
    """The players split into the most groups that each add up to zero (a search over subsets)."""
    count = len(players)
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    groups = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + balances[players[low]]
        best = max(groups[mask & ~(1 << i)] for i in range(count) if mask >> i & 1)
        groups[mask] = best + (sums[mask] == 0)
    order: list[int] = []
    mask = full
    while mask:
        closes = sums[mask] == 0
        index = next(
            i for i in range(count) if mask >> i & 1 and groups[mask & ~(1 << i)] + closes == groups[mask]
        )
        order.append(index)
        mask &= ~(1 << index)
    found: list[list[str]] = []
    current: list[str] = []
    running = 0
    for index in reversed(order):
        current.append(players[index])
        running += balances[players[index]]
        if running == 0:
            found.append(current)
            current = []
    return found


def _pay_within(group: list[str], balances: Mapping[str, int]) -> list[Payment]:
    """Largest loss pays largest gain until the group is settled: one payment fewer than its players."""
    gains = {p: balances[p] for p in group if balances[p] > 0}
    losses = {p: -balances[p] for p in group if balances[p] < 0}
    payments: list[Payment] = []
    while losses:
        payer = max(losses, key=lambda p: (losses[p], p))
        payee = max(gains, key=lambda p: (gains[p], p))
        rappen = min(losses[payer], gains[payee])
        payments.append(Payment(payer, payee, rappen))
        for book, player in ((losses, payer), (gains, payee)):
            book[player] -= rappen
            if not book[player]:
                del book[player]
    return payments
