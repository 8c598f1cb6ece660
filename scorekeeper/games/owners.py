"""Who owns a game besides its club: an app above registers itself here (tournaments: a table's game).

A game the club plays on its own is the club's; a tournament table's game belongs to its event, which
decides who may read it and when it refuses changes. The games layer asks this registry, the way
`live.register` works, and never names that app's fields, URLs or rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING

from django.db.models import BooleanField, ExpressionWrapper, Q, Value

if TYPE_CHECKING:
    from scorekeeper.games.models import Game


@dataclass(frozen=True)
class Owner:
    """How an app that owns games answers for them."""

    owns: Q
    """The games it owns, as a filter on Game."""
    hides: Q
    """The games of its own that only its members may read (a members-only or link-only event's)."""
    guard: Callable[[Game], None]
    """Called with the locked game before a write through the game page: raises DealConflict to refuse
    (a confirmed table)."""


_owners: list[Owner] = []


def register(owner: Owner) -> None:
    """Once: an app's ready() may run again (settings overridden in a test)."""
    if owner not in _owners:
        _owners.append(owner)


def _any(condition: Callable[[Owner], Q]) -> ExpressionWrapper | Value:
    if not _owners:
        return Value(False)
    return ExpressionWrapper(reduce(or_, map(condition, _owners)), output_field=BooleanField())


def annotations() -> dict[str, ExpressionWrapper | Value]:
    """`owned` and `hidden` for a query of games: what the permissions read in the game's one query."""
    return {"owned": _any(lambda owner: owner.owns), "hidden": _any(lambda owner: owner.hides)}


def own_games() -> Q:
    """A filter for the club's own games: those no app above owns."""
    return reduce(lambda left, owner: left & ~owner.owns, _owners, Q())


def guard(game: Game) -> None:
    """Every owner's refusal of a write to `game` (the row locked), for the game page's corrections."""
    for owner in _owners:
        owner.guard(game)
