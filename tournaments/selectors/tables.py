"""Reads of an event's passes, tables and seats for the director's pages, the print-outs and the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Pass, Table, TableSeat, TableSignoff, Tournament


def drawn_pass(tournament: Tournament, number: int) -> Pass:
    """Pass `number` of the event, or 404 while it is not drawn."""
    drawn = tournament.pass_set.filter(number=number).first()
    if drawn is None:
        said = {"pass_word": tournament.pass_word, "number": number}
        raise Http404(_("%(pass_word)s %(number)s is not drawn.") % said)
    drawn.tournament = tournament  # the format and words, without another query
    return drawn


def table(tournament: Tournament, pk: int) -> Table:
    """A table of this event (any pass), with its pass; 404 for another event's."""
    return get_object_or_404(
        Table.objects.select_related("pass_played"), pk=pk, pass_played__tournament=tournament
    )


def seat(tournament: Tournament, pk: int) -> TableSeat:
    """A seat at one of the event's tables, with its table, pass and entrant."""
    return get_object_or_404(
        TableSeat.objects.select_related("table__pass_played__tournament", "entrant__player"),
        pk=pk,
        table__pass_played__tournament=tournament,
    )


def seats(table: Table) -> list[TableSeat]:
    """The table's seats with who sits there: the entrant's player, or the substitute."""
    return list(TableSeat.objects.filter(table=table).select_related("entrant__player", "substitute"))


def tables_running(tournament: Tournament) -> bool:
    """Any table not confirmed yet: the printed standings say they are provisional."""
    return Table.objects.filter(pass_played__tournament=tournament, confirmed_at__isnull=True).exists()


@dataclass
class SideAgreement:
    """One side of a table and its personal codes: who sits there, whose code counts, whose is void."""

    side: str
    """"A" or "B" with partners; the player's own name where everyone plays alone."""
    names: list[str] = field(default_factory=list)
    agreed: str | None = None
    """Whose code counts: entered at the game's current revision."""
    stale: list[str] = field(default_factory=list)
    """Who entered a code before a deal changed: they have to enter it again."""


def agreements(
    seats: Sequence[TableSeat], signoffs: Sequence[TableSignoff], revision: int
) -> list[SideAgreement]:
    """The table's sides in seat order, each with its codes as they stand at the game's `revision`.
    From rows already read (the dashboard prefetches them for every table): no query."""
    sides: dict[str, SideAgreement] = {}
    names = {}
    for seat in seats:
        names[seat.entrant_id] = seat.entrant.player.name
        sides.setdefault(seat.side, SideAgreement(seat.side)).names.append(seat.entrant.player.name)
    for signoff in signoffs:
        side = sides.get(signoff.side)
        name = names.get(signoff.entrant_id, "")
        if side is None:
            continue
        if signoff.revision == revision and side.agreed is None:
            side.agreed = name
        elif signoff.revision != revision:
            side.stale.append(name)
    return list(sides.values())


def table_agreements(table: Table, seats: Sequence[TableSeat]) -> tuple[list[SideAgreement], datetime | None]:
    """A table's codes for its phone, and when the last one was entered: one query (the seats are read
    already)."""
    signoffs = list(TableSignoff.objects.filter(table=table))
    last = max((signoff.at for signoff in signoffs), default=None)
    return agreements(seats, signoffs, table.game.revision), last


def current_signoffs(table: Table) -> int:
    """How many codes count at the game's revision: part of the phone's poll stamp."""
    return TableSignoff.objects.filter(table=table, revision=table.game.revision).count()
