"""A game's saved deals in the one shape every page and write uses.

Pages draw a deal's row from its entry, name it by its client token (its Delete button) and say who
dealt; writes reuse the deals a page read when nothing changed since. One query reads them all.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import rules
from scorekeeper.games.models import Deal, Dealing, Game
from scorekeeper.rules.base import GameResult


@dataclass(frozen=True)
class StoredDeal:
    number: int
    entry: Mapping[str, Any]
    """What the rules engine scores."""
    token: uuid.UUID
    """The deal's client token: a phone's retry of it is recognised by it, its Delete button names it."""
    dealing: Dealing
    """Who dealt and whether the trump was pushed: beside the entry, never in it."""


def stored_deals(game: Game) -> list[StoredDeal]:
    """The game's deals in order, in one query."""
    rows = game.deals.order_by("number").values_list(
        "number", "entry", "client_token", "dealer_seat", "pushed"
    )
    return [
        StoredDeal(number, entry, token, Dealing(seat, pushed)) for number, entry, token, seat, pushed in rows
    ]


def stored(deals: Sequence[Deal]) -> list[StoredDeal]:
    """Deal rows a write holds already, in the same shape."""
    return [StoredDeal(deal.number, deal.entry, deal.client_token, deal.dealing) for deal in deals]


def entries(deals: Sequence[StoredDeal]) -> list[Mapping[str, Any]]:
    return [deal.entry for deal in deals]


def score(game: Game, entries: Sequence[Mapping[str, Any]], seats: Sequence[str] | None = None) -> GameResult:
    """The game's result with these entries: its variant, seats, settings and deal limit, asked in one place
    by the writes, the pages, the preview and the audit. `seats` saves reading the names again."""
    names = game.names_by_seat() if seats is None else seats
    return rules.score_game(game.variant, names, game.settings, entries, deal_limit=game.deal_limit)
