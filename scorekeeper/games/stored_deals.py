"""A game's saved deals in the one shape every page and write uses.

Pages draw a deal's row from its entry, name it by its client token (its Delete button) and say who
dealt; writes reuse the deals a page read when nothing changed since. One query reads them all, or
none: a deal post reads them as a column of the game's own locked row (`with_deals`).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Aggregate, F, JSONField, OuterRef, QuerySet, Subquery

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


class _DealArray(Aggregate):
    """A game's deals as one JSON array of [number, entry, token, dealer seat, pushed], in no order."""

    output_field = JSONField()

    def __init__(self) -> None:
        super().__init__(F("number"), F("entry"), F("client_token"), F("dealer_seat"), F("pushed"))

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        return self.as_sql(compiler, connection, template="jsonb_agg(jsonb_build_array(%(expressions)s))")

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        compiled = [compiler.compile(expression) for expression in self.source_expressions]
        columns = [sql for sql, _ in compiled]
        columns[1] = f"json({columns[1]})"  # the entry as JSON, not as the text SQLite keeps it in
        return f"json_group_array(json_array({', '.join(columns)}))", [p for _, ps in compiled for p in ps]


DEAL_ROWS = "deal_rows"


def with_deals(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games with their deals as one more column: a write that reads its game under the row lock
    reads the deals in the same query."""
    deals = Deal.objects.filter(game=OuterRef("pk")).values("game").annotate(rows=_DealArray()).values("rows")
    return games.annotate(**{DEAL_ROWS: Subquery(deals, output_field=JSONField())})


def read_with(game: Game) -> list[StoredDeal] | None:
    """The deals read with the game's row (`with_deals`), in order; None if they were not. Taken once:
    the game's deals change with the write that follows."""
    missing = object()
    rows = game.__dict__.pop(DEAL_ROWS, missing)
    if rows is missing:
        return None
    deals = [
        StoredDeal(number, entry, uuid.UUID(token), Dealing(seat, None if pushed is None else bool(pushed)))
        for number, entry, token, seat, pushed in rows or ()  # a game without deals: NULL
    ]
    return sorted(deals, key=lambda deal: deal.number)


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
