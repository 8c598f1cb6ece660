"""A club's season: its standings (readable like the club), their CSV, and the admin's settings."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.games import downloads
from scorekeeper.games.models import Club, Role
from scorekeeper.games.permissions import Need, load_club

from .. import services
from ..access import unseen_events
from ..models import Season
from ..results import SeasonTable, season_table
from ..season import SeasonError, SeasonLine
from ..season_forms import SeasonForm
from ..selectors import seasons as season_reads


def _season(club: Club, pk: int) -> Season:
    return season_reads.season(club, pk)


@require_safe
def season(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = load_club(request.user, slug, Need.READ)
    chosen = _season(club, pk)
    left_out = unseen_events(request, club)
    table, problem = _table(chosen, left_out)
    context = {
        "club": club,
        "season": chosen,
        "final": None if chosen.final_id in left_out else chosen.final,
        "left_out": season_reads.left_out(chosen, left_out),
        "table": table,
        "problem": problem,
        "rows": _rows(table) if table else [],
        "can_admin": club.role in (Role.ADMIN, Role.OWNER),
    }
    return render(request, "seasons/season.html", context)


def _table(season: Season, left_out: frozenset[int]) -> tuple[SeasonTable | None, str]:
    """The standings over the events this visitor may see; an event left out counts in no total."""
    try:
        return season_table(season, left_out), ""
    except SeasonError as error:
        return None, _(str(error))


@dataclass(frozen=True)
class Cell:
    points: int | None
    """None: did not play that event."""
    counted: bool

    @property
    def text(self) -> str:
        """As season tables print it: a dropped result in brackets."""
        if self.points is None:
            return ""
        return str(self.points) if self.counted else f"({self.points})"


@dataclass(frozen=True)
class Row:
    line: SeasonLine
    name: str
    cells: list[Cell]


def _rows(table: SeasonTable) -> list[Row]:
    """Each line with a cell per finished event, in event order."""
    return [
        Row(
            line,
            table.names.get(line.player, "?"),
            [Cell(line.points.get(event.pk), event.pk in line.counted) for event in table.finished],
        )
        for line in table.lines
    ]


def _season_table(request: HttpRequest, slug: str, pk: int) -> downloads.Table | HttpResponse:
    """One row per player: rank, name, total, wins, best place, then each finished event's points (a
    counted result a number, a dropped one in brackets as text, so a sum over the row is the total).
    One read and one check for the CSV and the Excel file; a season that cannot be ranked says why."""
    club = load_club(request.user, slug, Need.READ)
    chosen = _season(club, pk)
    table, problem = _table(chosen, unseen_events(request, club))
    if table is None:
        return HttpResponse(problem, status=409, content_type="text/plain; charset=utf-8")
    header = ["Rank", "Player", "Total", "Wins", "Best place", *(e.name for e in table.finished)]
    rows = [
        [row.line.rank, row.name, row.line.total, row.line.wins, row.line.best_place]
        + [cell.points if cell.counted else cell.text or None for cell in row.cells]
        for row in _rows(table)
    ]
    return downloads.Table([header, *rows], f"{slugify(chosen.name) or 'season'}-standings")


@require_safe
def season_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    table = _season_table(request, slug, pk)
    return table if isinstance(table, HttpResponse) else downloads.csv_response(table)


@require_safe
def season_xlsx(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    table = _season_table(request, slug, pk)
    return table if isinstance(table, HttpResponse) else downloads.xlsx_response(table)


@require_http_methods(["GET", "HEAD", "POST"])
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = load_club(request.user, slug, Need.ADMIN)
    return _configure(request, club, Season(club=club))


@require_http_methods(["GET", "HEAD", "POST"])
def season_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = load_club(request.user, slug, Need.ADMIN)
    return _configure(request, club, _season(club, pk))


def _configure(request: HttpRequest, club: Club, instance: Season) -> HttpResponse:
    form = SeasonForm(request.POST or None, instance=instance, club=club)
    if request.method == "POST" and form.is_valid():
        season = form.save(commit=False)  # the typed values on the season, nothing written yet
        saved = services.save_season(season=season, club=club, events=form.cleaned_data["events"])
        messages.success(request, _("Season %(name)s saved.") % {"name": saved.name})
        return redirect("tournaments:season", slug=club.slug, pk=saved.pk)
    status = 422 if request.method == "POST" else 200  # a post that comes back here was refused
    context = {"club": club, "form": form, "season": instance}
    return render(request, "seasons/season_form.html", context, status=status)
