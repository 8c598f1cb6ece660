"""The public pages, no login: the event, self-registration, where do I sit, standings, projector, a player.

Anyone may read them (load_tournament with Need.READ). They never show a table's link or PIN, and the
standings (and a player's scores) stop at the pass the director froze them from.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from .. import services
from ..access import is_director, load_tournament
from ..formats import format_rules
from ..models import Scoring, Tournament
from ..pages import (
    current_pass,
    matching,
    player_passes,
    seating,
    standings_page,
    standings_table,
    standings_version,
    where_they_sit,
)

PROJECTOR_TOP = 10
PROJECTOR_TABLES = 8
"""Tables per projector screen: the seating pages through them, one screen per refresh."""


class RegisterForm(forms.Form):
    name = forms.CharField(max_length=60, label=gettext_lazy("Your name"))


def _number(raw: str | None, default: int, low: int, high: int) -> int:
    """A number from the query string, kept in range; anything else is the default."""
    return min(max(int(raw), low), high) if raw and raw.isdigit() else default


def _registration(tournament: Tournament, count: int) -> str:
    """ "open", "full" or "closed": what the event page and the registration page offer."""
    if not tournament.public_registration or tournament.finished:
        return "closed"
    if tournament.capacity is not None and count >= tournament.capacity:
        return "full"
    return "open"


@require_GET
def event(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = load_tournament(request.user, slug)
    drawn = current_pass(tournament)
    entrants = list(tournament.entrants.select_related("player").order_by("number"))
    context = {
        "tournament": tournament,
        "seating": seating(tournament, drawn) if drawn else None,
        "entrants": entrants,
        "registration": _registration(tournament, len(entrants)),
        "director": is_director(request.user, tournament),
        "here": "event",
    }
    return render(request, "tournaments/event.html", context)


@require_http_methods(["GET", "POST"])
def register(request: HttpRequest, slug: str) -> HttpResponse:
    """Self-registration while the director allows it, up to the capacity; the director checks in."""
    tournament = load_tournament(request.user, slug)
    state = _registration(tournament, tournament.entrants.count())
    form = RegisterForm(request.POST if request.method == "POST" else None)
    context = {"tournament": tournament, "form": form, "registration": state, "here": "register"}
    if request.method != "POST":
        return render(request, "tournaments/register.html", context)
    if state == "closed":
        return render(request, "tournaments/register.html", context, status=403)
    if form.is_valid():
        try:
            entrant = services.register(
                tournament=tournament, name=form.cleaned_data["name"], self_registered=True
            )
        except services.TournamentError as error:
            form.add_error("name", error.message)
        else:
            messages.success(
                request,
                _(
                    "%(name)s is registered, start number %(number)s. "
                    "Check in at the desk before the first pass."
                )
                % {"name": entrant.player.name, "number": entrant.number},
            )
            return redirect("tournament", slug=tournament.slug)
    return render(request, "tournaments/register.html", context, status=422)


@require_GET
def where_do_i_sit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = load_tournament(request.user, slug)
    query = request.GET.get("q", "").strip()[:60]
    drawn = current_pass(tournament)
    found = where_they_sit(tournament, drawn, matching(tournament, query)) if query else []
    context = {"tournament": tournament, "query": query, "drawn": drawn, "found": found, "here": "seat"}
    if request.htmx:
        return render(request, "tournaments/seat.html#results", context)
    return render(request, "tournaments/seat.html", context)


@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """A page of 100 rows (?page=), or the players whose name matches ?q=; polled every 10 s by the
    page itself: 204 (nothing swapped) while nothing changed. The print-out lists everyone."""
    tournament = load_tournament(request.user, slug)
    version = standings_version(tournament)
    if request.htmx and request.GET.get("since") == version:
        return HttpResponse(status=204)
    page = _number(request.GET.get("page"), 1, 1, 10**6)
    query = request.GET.get("q", "").strip()[:60]
    context = {
        "tournament": tournament,
        "table": standings_page(tournament, page, query),
        "version": version,
        "director": is_director(request.user, tournament),
        "here": "standings",
    }
    template = "tournaments/standings.html#live" if request.htmx else "tournaments/standings.html"
    return render(request, template, context)


@require_GET
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's screen: the top of the standings beside the seating, a screen of tables per refresh."""
    tournament = load_tournament(request.user, slug)
    top = _number(request.GET.get("top"), PROJECTOR_TOP, 1, 50)
    drawn = current_pass(tournament)
    screens = max(1, -(-drawn.tables.count() // PROJECTOR_TABLES)) if drawn else 1
    page = _number(request.GET.get("page"), 0, 0, 10**6) % screens
    shown = slice(page * PROJECTOR_TABLES, (page + 1) * PROJECTOR_TABLES)
    seated = seating(tournament, drawn, shown) if drawn else None  # only the screen's tables are read
    context = {
        "tournament": tournament,
        "table": standings_table(tournament, top),
        "top": top,
        "seating": seated,
        "tables": seated.tables if seated else [],
        "page": page,
        "screens": screens,
        "next_page": (page + 1) % screens,
    }
    template = "tournaments/projector.html#screen" if request.htmx else "tournaments/projector.html"
    return render(request, template, context)


@require_GET
def entrant(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament = load_tournament(request.user, slug)
    player = get_object_or_404(tournament.entrants.select_related("player"), pk=pk)
    passes, line = player_passes(tournament, player)
    context = {
        "tournament": tournament,
        "entrant": player,
        "passes": passes,
        "line": line,
        "partners": format_rules(tournament.format).partners,
        "table_points": tournament.scoring == Scoring.TABLE_POINTS,
        "here": "player",
    }
    return render(request, "tournaments/player.html", context)
