"""What the earlier passes tell the next draw: who partnered whom, who faced whom, byes, and seats.

Only the players present now count, by their index in the draw; players who left are ignored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.seating import Draw

SAME_SEAT_AS_LAST_PASS = 3
"""Seat penalty for sitting in the seat of one's last pass, on top of one per earlier pass in that seat."""


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass
class Past:
    size: int
    partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    opponents: Counter[tuple[int, int]] = field(default_factory=Counter)
    partnered: list[set[int]] = field(init=False)
    faced: list[set[int]] = field(init=False)
    byes: list[int] = field(init=False)
    seats: list[Counter[int]] = field(init=False)
    last_seat: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.partnered = [set() for _ in range(self.size)]
        self.faced = [set() for _ in range(self.size)]
        self.byes = [0] * self.size
        self.seats = [Counter() for _ in range(self.size)]
        self.last_seat = [0] * self.size

    @classmethod
    def of(cls, index: Mapping[Hashable, int], history: Iterable[Draw]) -> Past:
        """Count the history for the players in `index`, in pass order (so the last seat is the latest)."""
        past = cls(len(index))
        for draw in sorted(history, key=lambda draw: draw.pass_number):
            for player in draw.byes:
                if player in index:
                    past.byes[index[player]] += 1
            for table in draw.tables:
                seated = [index.get(player) for player in table.seats]
                past._sit(seated)
                past._meet(seated, partners=draw.partners and len(seated) == 4)
        return past

    def partner_count(self, a: int, b: int) -> int:
        return self.partners[pair_key(a, b)]

    def opponent_count(self, a: int, b: int) -> int:
        return self.opponents[pair_key(a, b)]

    def seat_penalty(self, player: int, seat: int) -> int:
        """Spread each player's seats: the seat of the last pass costs most, any often-used seat costs too."""
        return self.seats[player][seat] + SAME_SEAT_AS_LAST_PASS * (self.last_seat[player] == seat)

    def _sit(self, seated: list[int | None]) -> None:
        for seat, player in enumerate(seated, start=1):
            if player is not None:
                self.seats[player][seat] += 1
                self.last_seat[player] = seat

    def _meet(self, seated: list[int | None], *, partners: bool) -> None:
        """Seats 1 & 3 and 2 & 4 are partners in a draw with partners; everyone else at the table faced."""
        for (i, a), (j, b) in combinations(enumerate(seated), 2):
            if a is None or b is None:
                continue
            if partners and j - i == 2:
                self.partners[pair_key(a, b)] += 1
                self.partnered[a].add(b)
                self.partnered[b].add(a)
            else:
                self.opponents[pair_key(a, b)] += 1
                self.faced[a].add(b)
                self.faced[b].add(a)
