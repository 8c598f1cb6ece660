"""Playing until one is left (Handjass, Pandur): who is still in, who went out when, who lost.

The ranking is the order of dropping out, not the totals: first out is best, the last one left
loses. Players out in the same deal rank by total, equal totals sharing the rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import InvalidDeal, Placing, Words, gettext_noop, rank_groups, sole_winner, text


class DropOut:
    """The table as it shrinks, deal by deal."""

    __slots__ = ("out", "seats", "still_in")

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = list(seats)
        self.still_in = list(seats)
        self.out: list[list[str]] = []

    @property
    def finished(self) -> bool:
        """One player left (the loser), or none when the last ones went out together."""
        return len(self.still_in) <= 1

    @property
    def loser(self) -> str | None:
        return self.still_in[0] if len(self.still_in) == 1 else None

    def require_in(self, value: Any, *, deal: int, field: str, what: Words) -> str:
        """A player still in the game: those who dropped out play no more."""
        if value is None:
            raise InvalidDeal(deal, field, text(gettext_noop("%(what)s is missing."), what=what))
        if not isinstance(value, str):
            message = gettext_noop("%(what)s: %(name)s is not a player's name.")
            raise InvalidDeal(deal, field, text(message, what=what, name=repr(value)))
        if value not in self.still_in:
            if value in self.seats:
                message = gettext_noop("%(name)s is out of the game and plays no more.")
                raise InvalidDeal(deal, field, text(message, name=value))
            message = gettext_noop("%(what)s: %(name)s is not in this game.")
            raise InvalidDeal(deal, field, text(message, what=what, name=repr(value)))
        return value

    def settle(self, totals: Mapping[str, int], limit: int) -> list[str]:
        """Everyone at `limit` or more drops out now, together; returns them in seat order."""
        gone = [player for player in self.still_in if totals[player] >= limit]
        if gone:
            self.out.append(gone)
            self.still_in = [player for player in self.still_in if totals[player] < limit]
        return gone

    def ranking(self, totals: Mapping[str, int]) -> tuple[Placing, ...]:
        """Drop-out order first, then those still in (or the loser) by total."""
        return rank_groups([*self.out, self.still_in], totals)

    def winner(self, ranking: Sequence[Placing]) -> str | None:
        """The player ranked first alone once the game is over; None while it runs or if shared."""
        return sole_winner(ranking, self.finished)

    def state(self) -> dict[str, Any]:
        return {"in": list(self.still_in), "out": [list(group) for group in self.out], "loser": self.loser}
