"""Reads of an event's passes, tables and seats for the director's pages, the print-outs and the table."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Pass, Table, TableSeat, Tournament


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
