"""Print-outs and CSV exports, for the director only: table cards carry each table's secret link, the code
slips each player's personal code.

The pages are plain A4 documents (one template base, the print stylesheet in app.css, no navigation):
the director prints them from the browser, or saves them as PDF.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scorekeeper.games import downloads
from scorekeeper.games.permissions import Need

from .. import exports, printouts
from ..access import load_tournament
from ..formats import format_facts
from ..models import Pass, Seating, Tournament
from ..selectors import standings
from ..selectors import tables as table_reads

Rows = Callable[[Tournament], Iterator[Sequence[exports.Cell]]]


def _director(request: HttpRequest, slug: str) -> Tournament:
    return load_tournament(request.user, slug, Need.ADMIN)


def _pass(tournament: Tournament, number: int) -> Pass:
    return table_reads.drawn_pass(tournament, number)


def _context(tournament: Tournament, **more: object) -> dict[str, object]:
    facts = format_facts(tournament.format)
    return {"tournament": tournament, "partners": facts.partners, **more}


@require_safe
def seating(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """By table for the director, and alphabetically for the wall: players look for their name."""
    tournament = _director(request, slug)
    drawn = _pass(tournament, number)
    tables = printouts.tables_of(drawn)
    byes = printouts.byes_of(drawn)
    context = _context(
        tournament, drawn=drawn, tables=tables, places=printouts.places(tables, byes), byes=byes
    )
    return render(request, "tournaments/print/seating.html", context)


@require_safe
def schedule(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player's table and seat for every pass, on one sheet to hand out or pin up."""
    tournament = _director(request, slug)
    planned = printouts.schedule(tournament)
    context = _context(
        tournament,
        schedule=planned,
        planned=any(not drawn for _, drawn in planned.passes),
        later=len(planned.passes) + 1 if len(planned.passes) < tournament.passes else None,
        upfront=tournament.seating == Seating.UPFRONT,
    )
    return render(request, "tournaments/print/schedule.html", context)


@require_safe
def code_slips(request: HttpRequest, slug: str) -> HttpResponse:
    """Every player's personal code on a slip of their own, to cut and hand out at check-in."""
    tournament = _director(request, slug)
    return render(
        request, "tournaments/print/codes.html", _context(tournament, slips=printouts.code_slips(tournament))
    )


@require_safe
def table_cards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One card per table: its seats and the QR code of its link; no secret that confirms (the players'
    personal codes are on their own slips)."""
    tournament = _director(request, slug)
    drawn = _pass(tournament, number)
    cards = []
    for table in printouts.tables_of(drawn):
        link = request.build_absolute_uri(reverse("tournaments:table", args=[table.token]))
        cards.append({"table": table, "link": link, "qr": printouts.qr_svg(link)})
    context = _context(
        tournament, drawn=drawn, cards=cards, control_total=printouts.control_total(tournament)
    )
    return render(request, "tournaments/print/cards.html", context)


@require_safe
def score_sheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Paper backup for a table whose phones fail: the director enters the sheet afterwards."""
    tournament = _director(request, slug)
    drawn = _pass(tournament, number)
    partners = format_facts(tournament.format).partners
    sheets = [
        {"table": table, "columns": printouts.sheet_columns(table, partners)}
        for table in printouts.tables_of(drawn)
    ]
    context = _context(
        tournament,
        drawn=drawn,
        sheets=sheets,
        rows=printouts.sheet_rows(tournament),
        trump=printouts.has_trump(tournament),
        control_total=printouts.control_total(tournament),
    )
    return render(request, "tournaments/print/sheets.html", context)


@require_safe
def final_standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _director(request, slug)
    lines = standings(tournament)
    columns = max([tournament.passes, *(len(line.standing.passes) for line in lines)])
    played = tournament.pass_set.count()
    running = table_reads.tables_running(tournament)
    context = _context(
        tournament,
        rows=[(line, printouts.pass_cells(line, columns)) for line in lines],
        columns=range(1, columns + 1),
        played=played,
        running=running,
        final=tournament.finished or (played == tournament.passes and not running),
    )
    return render(request, "tournaments/print/standings.html", context)


def _table(request: HttpRequest, slug: str, name: str, rows: Rows) -> downloads.Table:
    """An export of the event, for its director only: one check for the CSV and the Excel file."""
    tournament = _director(request, slug)
    return downloads.Table(rows(tournament), f"{tournament.slug}-{name}")


@require_safe
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    return downloads.csv_response(_table(request, slug, "standings", exports.standings_rows))


@require_safe
def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    return downloads.xlsx_response(_table(request, slug, "standings", exports.standings_rows))


@require_safe
def deals_csv(request: HttpRequest, slug: str) -> HttpResponse:
    return downloads.csv_response(_table(request, slug, "deals", exports.deal_rows))


@require_safe
def deals_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    return downloads.xlsx_response(_table(request, slug, "deals", exports.deal_rows))
