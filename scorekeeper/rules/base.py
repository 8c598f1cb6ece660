"""Shared pieces of every variant's rules: the result shapes, the one domain error, small checks.

Nothing here imports Django: the same code serves the forms, the CLI, the standings and the tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol

CARD_POINTS = 157
"""Card points of one deal in every mode: 152 in the cards plus 5 for the last trick."""

MODES = ("hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe")
SUITS = MODES[:4]

Entry = Mapping[str, Any]
Settings = Mapping[str, Any]


class InvalidDeal(Exception):
    """A deal (or the game's setup, deal None) breaks the rules; the message is for the player."""

    def __init__(self, deal: int | None, field: str, message: str) -> None:
        super().__init__(message)
        self.deal = deal
        self.field = field
        self.message = message

    def to_json(self) -> dict[str, Any]:
        return {"error": {"deal": self.deal, "field": self.field, "message": self.message}}


@dataclass(frozen=True)
class DealResult:
    """One deal's scores per side in the game's own unit, and facts worth showing (details)."""

    number: int
    scores: Mapping[str, int]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Placing:
    side: str
    rank: int
    total: int


@dataclass(frozen=True)
class GameResult:
    """The whole game scored from its entries; `state` tells the UI what the next deal needs."""

    variant: str
    sides: tuple[str, ...]
    deals: tuple[DealResult, ...]
    totals: Mapping[str, int]
    finished: bool
    winner: str | None
    ranking: tuple[Placing, ...]
    state: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Exactly the output shape of rules.md, "The scoring interface"."""
        return {
            "variant": self.variant,
            "sides": list(self.sides),
            "deals": [{"number": d.number, "scores": dict(d.scores)} for d in self.deals],
            "totals": dict(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "ranking": [{"side": p.side, "rank": p.rank, "total": p.total} for p in self.ranking],
        }


class Variant(Protocol):
    """What each variant module provides, registered by `key` in scorekeeper.rules."""

    key: str
    defaults: Mapping[str, Any]
    presets: Mapping[str, Mapping[str, Any]]
    player_counts: tuple[int, ...]

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult: ...


# ---- small checks shared by the variants -------------------------------------------------------


def is_int(value: Any) -> bool:
    """JSON integers only: a bool or a float is not a count of points."""
    return isinstance(value, int) and not isinstance(value, bool)


def require_int(value: Any, *, deal: int | None, field: str, low: int, high: int, what: str) -> int:
    if not is_int(value) or not low <= value <= high:
        raise InvalidDeal(deal, field, f"{what} must be a whole number from {low} to {high}.")
    return value


def require_card_points(value: Any, *, deal: int | None, field: str, what: str = "Card points") -> int:
    """0 to 157, never 1: no card is worth 1 point, so 1 is a typo."""
    points = require_int(value, deal=deal, field=field, low=0, high=CARD_POINTS, what=what)
    if points == 1:
        raise InvalidDeal(deal, field, f"{what} cannot be 1: no card is worth 1 point.")
    return points


def require_mapping(value: Any, *, deal: int | None, field: str, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidDeal(deal, field, f"{what} must map each {_subject(field)} to a number.")
    return value


def _subject(field: str) -> str:
    return "team" if field in {"points", "weis"} else "player"


def require_known(
    keys: Iterable[str], allowed: Iterable[str], *, deal: int | None, field: str, what: str
) -> None:
    allowed_set = set(allowed)
    for key in keys:
        if key not in allowed_set:
            raise InvalidDeal(deal, field, f"{what}: {key!r} is not in this game.")


def refuse_unknown_keys(entry: Entry, allowed: Iterable[str], *, deal: int | None) -> None:
    allowed_set = set(allowed)
    for key in entry:
        if key not in allowed_set:
            raise InvalidDeal(deal, key, f"Unknown field {key!r} in this deal.")


def rank(totals: Mapping[str, int], *, lowest_wins: bool = False) -> tuple[Placing, ...]:
    """Standard competition ranking (1, 1, 3): equal totals share a rank."""
    return rank_groups([list(totals)], totals, lowest_wins=lowest_wins)


def rank_groups(
    groups: Sequence[Sequence[str]], totals: Mapping[str, int], *, lowest_wins: bool = False
) -> tuple[Placing, ...]:
    """Rank group by group, best group first (a winner, then drop-out order, ...).

    Within a group sides are ordered by total, and equal totals share a rank; across groups
    nobody shares a rank, whatever the totals.
    """
    sign = 1 if lowest_wins else -1
    placings: list[Placing] = []
    for group in groups:
        first_of_group = len(placings)
        for side in sorted(group, key=lambda s: sign * totals[s]):
            previous = placings[-1] if len(placings) > first_of_group else None
            if previous is not None and previous.total == totals[side]:
                position = previous.rank
            else:
                position = len(placings) + 1
            placings.append(Placing(side, position, totals[side]))
    return tuple(placings)


def require_seats(seats: Sequence[Any], counts: Sequence[int]) -> list[str]:
    """Seat names in seat order: distinct, non-empty strings, as many as the variant allows."""
    if len(seats) not in counts:
        allowed = " or ".join(str(n) for n in counts)
        raise InvalidDeal(None, "seats", f"This variant needs {allowed} players, not {len(seats)}.")
    names: list[str] = []
    for name in seats:
        if not isinstance(name, str) or not name.strip():
            raise InvalidDeal(None, "seats", "Every seat needs a player name.")
        if name in names:
            raise InvalidDeal(None, "seats", f"{name} sits at the table twice.")
        names.append(name)
    return names


def refuse_after_end(number: int, last: int) -> NoReturn:
    """Every variant refuses a deal after the game ended, in the same words."""
    raise InvalidDeal(number, "game", f"The game ended with deal {last}: no more deals.")


def require_entry(number: int, entry: Any, fields: frozenset[str]) -> None:
    """An object with known fields only; an unknown one is a typo or another variant's entry."""
    if not isinstance(entry, Mapping):
        raise InvalidDeal(number, "deal", "Each deal must be an object of named fields.")
    if not fields.issuperset(entry):
        refuse_unknown_keys(entry, fields, deal=number)


def sole_winner(ranking: Sequence[Placing], finished: bool) -> str | None:
    """The side ranked first alone, once the game is over; a tie for first has no winner."""
    if not finished or (len(ranking) > 1 and ranking[1].rank == 1):
        return None
    return ranking[0].side
