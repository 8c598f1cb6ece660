"""The event's own pages, no login for a public event: the event, self-registration, where do I sit,
standings, projector, a player.

Whoever the event's visibility lets in may read them (access.load_event). They never show a table's link
or anyone's personal code, and the standings (and a player's scores) stop at the pass the director froze
them from.

A rendered page of the standings (and its poll's answer) is kept in the shared cache (settings.CACHES)
under the event, its standings version, the page and the language: every spectator between two deals
gets the one render, on any app server. The projector is rendered each time: a hall has a screen or
two, each asking every 15 s, against hundreds of spectators' phones.
"""

from __future__ import annotations

import logging
import time
import zlib
from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.games.forms import PLAYER_NAME_LENGTH
from scorekeeper.games.names import clean_name
from scorekeeper.games.typed import whole

from .. import services
from ..access import is_director, load_event
from ..formats import format_facts, match_words
from ..models import Pass, Scoring, Tournament
from ..selectors import entrants as roster
from ..selectors.public import (
    current_pass,
    matching,
    player_passes,
    podium,
    seating,
    standings_page,
    standings_table,
    standings_version,
    where_they_sit,
)

PROJECTOR_TOP = 10
PROJECTOR_TABLES = 8
"""Tables per projector screen: the seating pages through them, one screen per refresh."""
EVENT_PLAYERS = 100
"""Players per page of the event page's list: a 2000-player event's page stays small on a phone."""
EVENT_TABLES = 25
"""Tables per page of the event page's seating: the same hundred players or so."""
STANDINGS_SECONDS = 300
"""How long a rendered standings page is kept. The next deal changes the version, and so the key, long
before: this only bounds what a change outside the version (a player renamed) takes to show."""
CACHED_PAGES = 40
"""Pages of 100 places kept in the shared cache (4000 players): a page number typed beyond any event's
is rendered each time instead, so made-up pages cannot crowd out the pages everyone reads."""
STANDINGS_FRESH_SECONDS = 5
"""A spectator's poll sees standings at most this old. A busy event changes them with every deal (several a
second): one render per page every few seconds then serves everyone (make loadtest: rendering the
standings for each poll was most of the app's CPU)."""
DETAILS_UP_TO = 40
"""Up to this many players the standings show each pass and the tie-breaks; a bigger event shows rank, name
and total, and the rest on demand (?details=1): a hundred rows of fifteen cells each is more than a
phone lays out smoothly (Lighthouse counts the page's elements)."""

logger = logging.getLogger(__name__)


class RegisterForm(forms.Form):
    name = forms.CharField(max_length=PLAYER_NAME_LENGTH, label=gettext_lazy("Your name"))

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], max_length=PLAYER_NAME_LENGTH)


def _number(raw: str | None, default: int, low: int, high: int) -> int:
    """A number from the query string, kept in range; anything else is the default."""
    number = whole(raw)
    return default if number is None else min(max(number, low), high)


def _registration(tournament: Tournament, count: int) -> str:
    """ "open", "full" or "closed": what the event page and the registration page offer."""
    if not tournament.public_registration or tournament.finished:
        return "closed"
    if count >= services.self_registration_capacity(tournament):
        return "full"
    return "open"


@require_safe
def event(request: HttpRequest, slug: str) -> HttpResponse:
    """Where do I sit? first; then the facts, a page of the current pass's tables (?tables=) and a page of
    the players (?page=): all 2000 players and 500 tables made a 739 KB page. Seven queries, any size."""
    tournament = load_event(request, slug)
    drawn = current_pass(tournament)
    entrants = roster.entrants(tournament)
    players = Paginator(entrants, EVENT_PLAYERS).get_page(request.GET.get("page"))
    tables = _tables_page(drawn, request.GET.get("tables"))
    if request.htmx and request.GET.get("part") == "players":  # the list opened: loaded then, not before
        context = {"tournament": tournament, "players": players, "tables": tables}
        return render(request, "tournaments/event.html#players", context)
    shown = slice(max(tables.start_index() - 1, 0), tables.end_index()) if tables is not None else None
    context = {
        "tournament": tournament,
        "seating": seating(tournament, drawn, shown) if drawn else None,
        "players": players,
        "players_open": "page" in request.GET,  # a player list's page asked for: the list is in the page
        "keep_tables": f"&tables={tables.number}" if tables is not None and tables.number > 1 else "",
        "tables": tables,
        "registration": _registration(tournament, players.paginator.count),
        "director": is_director(request.user, tournament),
        "here": "event",
        "match_words": match_words(tournament.format, tournament.settings),
        **_podium(tournament),
    }
    return render(request, "tournaments/event.html", context)


def _podium(tournament: Tournament) -> dict[str, object]:
    """A finished event's podium and its winners (a pair, or several tied); nothing while the director
    keeps the standings frozen: the prize-giving reveals them."""
    if not tournament.finished or tournament.frozen_from_pass:
        return {"podium": None}
    places = podium(tournament)
    first = [place for place in places if place.place == 1]
    names = [" & ".join(place.names) for place in first]
    return {"podium": places, "winners": {"names": names, "people": sum(len(p.names) for p in first)}}


def _tables_page(drawn: Pass | None, raw: str | None) -> Page | None:
    """The page of the pass's tables asked for (the last one past the end); None before the first draw."""
    if drawn is None:
        return None
    return Paginator(drawn.tables.order_by("number").values_list("pk", flat=True), EVENT_TABLES).get_page(raw)


@require_http_methods(["GET", "HEAD", "POST"])
def register(request: HttpRequest, slug: str) -> HttpResponse:
    """Self-registration while the director allows it, up to the capacity; the director checks in."""
    tournament = load_event(request, slug)
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
                tournament=tournament,
                name=form.cleaned_data["name"],
                self_registered=True,
                by=request.user if request.user.is_authenticated else None,
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
            return redirect("tournaments:tournament", slug=tournament.slug)
    return render(request, "tournaments/register.html", context, status=422)


@require_safe
def where_do_i_sit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = load_event(request, slug)
    query = request.GET.get("q", "").strip()[:60]
    drawn = current_pass(tournament)
    found = where_they_sit(tournament, drawn, matching(tournament, query)) if query else []
    context = {"tournament": tournament, "query": query, "drawn": drawn, "found": found, "here": "seat"}
    if request.htmx:
        return render(request, "tournaments/seat.html#results", context)
    return render(request, "tournaments/seat.html", context)


def _cache_key(tournament: Tournament, *parts: object) -> str:
    """The event (its pk, and its seed and pass word: two test databases, or two servers' pasts, may give
    the same pk to another event), what is shown, and the language it speaks."""
    event = zlib.crc32(f"{tournament.seed}:{tournament.pass_word}".encode())
    fields = ("standings", tournament.pk, event, *parts, get_language())
    return ":".join(str(field) for field in fields)


def _now() -> float:
    """Wall-clock seconds: the kept render's age, the same on every app server."""
    return time.time()


def _cached(key: str, version: str, build: Callable[[], str], *, fresh_for: float = 0) -> SafeString:
    """The HTML kept under `key` if it shows `version`, or was rendered less than `fresh_for` seconds
    ago; else built and kept. A cache that fails (Redis gone, say) costs a render, never the page."""
    try:
        kept = cache.get(key)
    except Exception:
        logger.warning("cache read failed for %s", key, exc_info=True)
        kept = None
    now = _now()
    if kept and (kept["version"] == version or now - kept["at"] < fresh_for):
        return mark_safe(kept["html"])  # our own template's output, as rendered for a spectator before
    html = build()
    try:
        cache.set(key, {"version": version, "at": now, "html": str(html)}, STANDINGS_SECONDS)
    except Exception:
        logger.warning("cache write failed for %s", key, exc_info=True)
    return mark_safe(html)


def render_standings(request: HttpRequest, part: str, context: dict[str, object]) -> str:
    """The expensive part: the ranking and its rows, rendered once per version, page and language."""
    return render_to_string(f"tournaments/standings.html#{part}", context, request)


@require_safe
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """A page of 100 rows (?page=), or the players whose name matches ?q=; polled every 10 s by the
    page itself: 204 (nothing swapped) while nothing changed. The print-out lists everyone.

    A page's ranking and rows come from the shared cache while the version stays the same, or, for a
    poll, for a few seconds after a render (STANDINGS_FRESH_SECONDS): 200 spectators cost one render now
    and then. A search (?q=) is rendered each time: it is one spectator's own, and kept it would only
    push the pages everyone reads out of the cache.
    """
    tournament = load_event(request, slug)
    version = standings_version(tournament)
    if request.htmx and request.GET.get("since") == version:
        return HttpResponse(status=204)
    page = _number(request.GET.get("page"), 1, 1, 10**6)
    query = request.GET.get("q", "").strip()[:60]
    part = "live" if request.htmx else "board"  # the poll's answer, or the first view's
    asked = {"1": True, "0": False}.get(request.GET.get("details", ""))

    def build() -> str:
        table = standings_page(tournament, page, query)
        big = table.count > DETAILS_UP_TO
        keep = "" if asked is None else f"&details={int(asked)}"  # the poll keeps what the reader chose
        shown = {"details": not big if asked is None else asked, "details_query": keep, "toggle": big}
        context = {"tournament": tournament, "table": table, "version": version, **shown}
        return render_standings(request, part, context)

    if query or page > CACHED_PAGES:
        board = mark_safe(build())
    else:  # a poll may get a render a few seconds old; a page opened, the standings as they are
        fresh_for = STANDINGS_FRESH_SECONDS if request.htmx else 0
        board = _cached(_cache_key(tournament, part, page, asked), version, build, fresh_for=fresh_for)
    if request.htmx:
        return HttpResponse(board)
    context = {
        "tournament": tournament,
        "board": board,
        "query": query,
        "director": is_director(request.user, tournament),
        "details_asked": request.GET.get("details") if asked is not None else "",  # a search keeps it
        "here": "standings",
    }
    return render(request, "tournaments/standings.html", context)


def _screens(count: int, per_screen: int) -> int:
    return max(1, -(-count // per_screen))


@require_safe
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's screen: a screen of the standings (`top` places, `ranks` the screen) beside a screen of
    the seating (`page`); each refresh shows the next of both, so the whole standings pass by."""
    tournament = load_event(request, slug)
    top = _number(request.GET.get("top"), PROJECTOR_TOP, 1, 50)
    drawn = current_pass(tournament)
    screens = _screens(drawn.tables.count(), PROJECTOR_TABLES) if drawn else 1
    page = _number(request.GET.get("page"), 0, 0, 10**6) % screens
    shown = slice(page * PROJECTOR_TABLES, (page + 1) * PROJECTOR_TABLES)
    seated = seating(tournament, drawn, shown) if drawn else None  # only the screen's tables are read
    ranks = _number(request.GET.get("ranks"), 0, 0, 10**6)
    table = standings_table(tournament, top, start=ranks * top)
    rank_screens = _screens(table.count, top)
    if ranks >= rank_screens:  # the event shrank meanwhile (a draw undone): back to the top
        ranks, table = 0, standings_table(tournament, top)
    context = {
        "tournament": tournament,
        "table": table,
        **_podium(tournament),
        "top": top,
        "seating": seated,
        "tables": seated.tables if seated else [],
        "page": page,
        "screens": screens,
        "next_page": (page + 1) % screens,
        "ranks": ranks,
        "rank_screens": rank_screens,
        "places": (ranks * top + 1, min((ranks + 1) * top, table.count)),
        "next_ranks": (ranks + 1) % rank_screens,
    }
    template = "tournaments/projector.html#screen" if request.htmx else "tournaments/projector.html"
    return render(request, template, context)


@require_safe
def entrant(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament = load_event(request, slug)
    player = roster.entrant(tournament, pk)
    passes, line = player_passes(tournament, player)
    context = {
        "tournament": tournament,
        "entrant": player,
        "passes": passes,
        "line": line,
        "partners": format_facts(tournament.format).partners,
        "table_points": tournament.scoring == Scoring.TABLE_POINTS,
        "here": "player",
    }
    return render(request, "tournaments/player.html", context)
