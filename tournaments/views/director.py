"""The director's pages: create an event, register and check in players, draw passes, watch every table.

Only club admins and owners (tournaments.access); every write goes through tournaments.services, and a
refusal there (TournamentError) comes back as a message on the page the director was on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.games import selectors as club_selectors
from scorekeeper.games.forms import PLAYER_NAME_LENGTH
from scorekeeper.games.models import Club
from scorekeeper.games.names import clean_name
from scorekeeper.games.permissions import Need, load_club
from scorekeeper.games.settings_form import SettingsForm
from scorekeeper.games.typed import whole

from .. import selectors, services
from ..access import load_tournament
from ..formats import format_facts
from ..forms import (
    LateForm,
    PartnerForm,
    RegisterForm,
    TournamentForm,
    WithdrawForm,
    default_tie_breaks,
    initial_of,
    pass_words,
    rules_form,
    tournament_settings,
)
from ..models import Entrant, Format, Table, TableSeat, Tournament, Visibility
from ..selectors import entrants as roster
from ..selectors import progress
from ..selectors import tables as table_reads
from ..services import TournamentError

STANDINGS_SHOWN = 10
TABLES_PER_PAGE = 50
ENTRANTS_PER_PAGE = 100


# ---- create and settings --------------------------------------------------------------------------


def _asked_format(request: HttpRequest, default: str) -> str:
    asked = request.POST.get("format") or request.GET.get("format")
    return asked if asked in Format.values else default


@require_http_methods(["GET", "HEAD", "POST"])
def create(request: HttpRequest, club: str) -> HttpResponse:
    """htmx re-renders the form when the format changes: its settings and fields follow the format."""
    organiser = load_club(request.user, club, Need.ADMIN)
    format = _asked_format(request, Format.EINZELSCHIEBER)
    data = request.POST if request.method == "POST" else None
    visibility = {"visibility": services.default_visibility(organiser)}
    initial = {**default_tie_breaks(), **visibility, **_typed(request), "format": format}
    form = TournamentForm(data, format=format, initial=initial)
    scoring_form = rules_form(data, format=format, settings=None, suit_names=organiser.suit_names)
    if data is not None and form.is_valid() and scoring_form.is_valid():
        settings = tournament_settings(scoring_form, format=format)
        if settings is not None:
            tournament = services.create_tournament(
                club=organiser, by=request.user, settings=settings, **form.options()
            )
            messages.success(
                request, _("%(name)s is created: register the players.") % {"name": tournament.name}
            )
            return redirect("tournaments:tournament_entrants", slug=tournament.slug)
    return _form_page(request, organiser, None, form, scoring_form)


def _typed(request: HttpRequest) -> dict[str, Any]:
    """What the director typed before switching the format; the scoring settings start afresh."""
    return {key: value for key, value in request.GET.items() if not key.startswith("rules-")}


@require_http_methods(["GET", "HEAD", "POST"])
def settings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    drawn = tournament.pass_set.count()
    format = tournament.format if drawn else _asked_format(request, tournament.format)
    data = request.POST if request.method == "POST" else None
    same_format = format == tournament.format
    initial = {**initial_of(tournament), **(_typed(request) if request.htmx else {}), "format": format}
    form = TournamentForm(data, format=format, drawn=drawn, editing=True, initial=initial)
    stored = tournament.settings if same_format else None
    scoring_form = rules_form(data, format=format, settings=stored, suit_names=tournament.club.suit_names)
    if data is not None and form.is_valid() and scoring_form.is_valid():
        new_settings = tournament_settings(scoring_form, format=format)
        if new_settings is not None:
            services.update_tournament(tournament=tournament, options=form.options(), settings=new_settings)
            messages.success(request, _("Settings saved. They apply to the passes drawn from now on."))
            return redirect("tournaments:tournament_dashboard", slug=tournament.slug)
    return _form_page(request, tournament.club, tournament, form, scoring_form)


def share_link(request: HttpRequest, tournament: Tournament | None) -> str | None:
    """A link-only event's link with its key, to pass on to the players; None for the others."""
    if tournament is None or tournament.visibility != Visibility.LINK:
        return None
    path = reverse("tournaments:tournament", args=[tournament.slug])
    return request.build_absolute_uri(f"{path}?key={tournament.share_key}")


def _form_page(
    request: HttpRequest,
    club: Club,
    tournament: Tournament | None,
    form: TournamentForm,
    scoring_form: SettingsForm,
) -> HttpResponse:
    context = {
        "club": club,
        "tournament": tournament,
        "share_link": share_link(request, tournament),
        "form": form,
        "rules_form": scoring_form,
        "format_facts": form.format_facts,
        "pass_words": pass_words(),
    }
    if request.htmx and request.method != "POST":
        return render(request, "tournaments/director/form.html#tournament-form", context)
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/director/form.html", context, status=status)


# ---- the dashboard --------------------------------------------------------------------------------


def _url_with_pk(route: str, slug: str) -> Callable[[int], str]:
    """A director's route by a table's or seat's pk, from one reverse(): {% url %} for 500 tables took a
    second."""
    head, _, tail = reverse(route, args=[slug, 0]).rpartition("/0/")
    return lambda pk: f"{head}/{pk}/{tail}"


def _with_links(tournament: Tournament, tables: list[progress.TableProgress]) -> None:
    """Each table's and seat's URLs: its actions, its phone's link and its game page (for corrections)."""
    routes = {
        "reopen_url": _url_with_pk("tournaments:tournament_reopen", tournament.slug),
        "confirm_url": _url_with_pk("tournaments:tournament_confirm", tournament.slug),
        "unblock_url": _url_with_pk("tournaments:tournament_unblock", tournament.slug),
    }
    substitute = _url_with_pk("tournaments:tournament_substitute", tournament.slug)
    link = reverse("tournaments:table", args=["-"]).rpartition("/-/")
    game = reverse("games:game", args=[0]).rpartition("/0/")
    for t in tables:
        for name, url in routes.items():
            setattr(t.table, name, url(t.table.pk))
        t.table.link = f"{link[0]}/{t.table.token}/{link[2]}"
        t.table.game_url = f"{game[0]}/{t.table.game_id}/{game[2]}"
        for seat in t.seats:
            seat.substitute_url = substitute(seat.pk)


def _shown_pass(
    tournament: Tournament, current: progress.PassProgress | None, raw: str | None
) -> progress.PassProgress | None:
    """The pass whose tables the dashboard lists: an earlier one asked for by `?pass=N` (to correct a
    table of it), else the current one."""
    number = whole(raw)
    if current is None or number is None or not 1 <= number < current.number:
        return current
    return progress.pass_progress(tournament, table_reads.drawn_pass(tournament, number))


@require_safe
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """The current pass's tables (or an earlier pass's, `?pass=N`), the draw, the headcount, the top of
    the standings, the audit.

    Tables come TABLES_PER_PAGE at a time (`?table=N` jumps to one): nobody reads 500 cards at once.
    """
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    drawn = progress.current_pass(tournament)
    current = progress.pass_progress(tournament, drawn) if drawn else None
    shown = _shown_pass(tournament, current, request.GET.get("pass"))
    everything = shown.tables if shown else []
    earlier = shown is not None and shown is not current
    wanted = request.GET.get("table", "").strip()
    if wanted:
        return _to_table(request, tournament, everything, wanted, shown.number if earlier else None)
    show_open = request.GET.get("show") == "open"
    tables = [t for t in everything if t.waiting] if show_open else everything
    page = Paginator(tables, TABLES_PER_PAGE).get_page(request.GET.get("page"))
    _with_links(tournament, page.object_list)
    next_number = (drawn.number if drawn else 0) + 1
    context = {
        "tournament": tournament,
        "format_facts": format_facts(tournament.format),
        "current": current,
        "shown": shown,
        "earlier": earlier,
        "pass_param": f"pass={shown.number}&" if earlier else "",
        "pass_numbers": range(1, drawn.number + 1) if drawn else range(0),
        "page": page,
        "pages": _page_labels(tables),
        "show_open": show_open,
        "next_number": next_number,
        "can_draw": next_number <= tournament.passes,
        "headcount": progress.headcount(tournament, next_number),
        "standings": selectors.standings(tournament)[:STANDINGS_SHOWN],
        "changes": progress.audit(tournament),
        "share_link": share_link(request, tournament),
    }
    return render(request, "tournaments/director/dashboard.html", context)


def _page_labels(tables: list[progress.TableProgress]) -> list[tuple[int, str]]:
    """Each page by the table numbers it holds ("51-100"), to tell the pages apart in the hall."""
    chunks = [tables[start : start + TABLES_PER_PAGE] for start in range(0, len(tables), TABLES_PER_PAGE)]
    return [(n, f"{c[0].table.number}-{c[-1].table.number}") for n, c in enumerate(chunks, start=1)]


def _to_table(
    request: HttpRequest,
    tournament: Tournament,
    tables: list[progress.TableProgress],
    wanted: str,
    earlier: int | None,
) -> HttpResponse:
    """The page of the listed pass (`earlier`, or the current one) that holds table `wanted`."""
    url = reverse("tournaments:tournament_dashboard", args=[tournament.slug])
    kept = f"pass={earlier}&" if earlier else ""
    numbers = [t.table.number for t in tables]
    if whole(wanted) not in numbers:
        messages.error(
            request,
            _("There is no table %(table)s in this %(pass_word)s.")
            % {"table": wanted, "pass_word": tournament.pass_word},
        )
        return redirect(f"{url}?{kept}" if kept else url)
    page = numbers.index(int(wanted)) // TABLES_PER_PAGE + 1
    return redirect(f"{url}?{kept}page={page}#table-{wanted}")


@require_POST
def draw(request: HttpRequest, slug: str) -> HttpResponse:
    """The next pass; with tables unconfirmed only with a reason. By standings asks the totals lazily."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    try:
        drawn = services.draw_next_pass(
            tournament=tournament,
            by=request.user,
            force_reason=request.POST.get("reason", ""),
            scores=lambda: selectors.totals_by_entrant(tournament),
        )
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        tables, byes = drawn.tables.count(), drawn.byes.count()
        messages.success(request, _drawn_said(tournament, drawn.number, tables, byes))
    return redirect("tournaments:tournament_dashboard", slug=tournament.slug)


def _drawn_said(tournament: Tournament, number: int, tables: int, byes: int) -> str:
    """ "Pass 2 drawn: 12 tables, 1 bye.": each count a translated phrase with its own plural."""
    said = {
        "pass_word": tournament.pass_word,
        "number": number,
        "tables": ngettext("%(count)s table", "%(count)s tables", tables) % {"count": tables},
        "byes": npgettext("tournament bye", "%(count)s bye", "%(count)s byes", byes) % {"count": byes},
    }
    if byes:
        return _("%(pass_word)s %(number)s drawn: %(tables)s, %(byes)s.") % said
    return _("%(pass_word)s %(number)s drawn: %(tables)s.") % said


@require_POST
def undo(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    try:
        number = services.undo_last_draw(tournament=tournament, by=request.user)
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("The draw of %(pass_word)s %(number)s is undone.")
            % {"pass_word": tournament.pass_word, "number": number},
        )
    return redirect("tournaments:tournament_dashboard", slug=tournament.slug)


@require_POST
def reopen(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A confirmed table opens again for corrections; both sides confirm it again (or the director)."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    table = table_reads.table(tournament, pk)
    services.reopen_table(table=table, by=request.user)
    messages.success(
        request,
        _(
            "Table %(table)s is open again: correct it from its game page (or its link while its pass is "
            "the current one); then a player of each side enters their code again, or you confirm for "
            "the table."
        )
        % {"table": table.number},
    )
    return _back_to_table(tournament, table)


def _back_to_table(tournament: Tournament, table: Table) -> HttpResponse:
    """The dashboard where the table's card is: its pass's list (an earlier pass's by `?pass=N`)."""
    url = reverse("tournaments:tournament_dashboard", args=[tournament.slug])
    last = tournament.pass_set.aggregate(last=Max("number"))["last"]
    earlier = table.pass_played.number if table.pass_played.number != last else None
    query = f"?pass={earlier}" if earlier else ""
    return redirect(f"{url}{query}#table-{table.number}")


def _act(request: HttpRequest, action: Callable[[], object], said: str) -> None:
    """A director's action on the dashboard: `said` when it is done, the service's words when refused."""
    try:
        action()
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, said)


@require_POST
def unblock(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A table locked out by wrong codes gets its tries back now."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    table = table_reads.table(tournament, pk)
    said = _("Table %(table)s may enter codes again.") % {"table": table.number}
    _act(request, lambda: services.unblock_table(table=table, by=request.user), said)
    return _back_to_table(tournament, table)


@require_POST
def new_link(request: HttpRequest, slug: str) -> HttpResponse:
    """A link-only event's link renewed: the old one, passed too far, stops opening the event."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    said = _("The event has a new link: the old one no longer opens it.")
    _act(request, lambda: services.renew_share_key(tournament=tournament, by=request.user), said)
    return redirect("tournaments:tournament_dashboard", slug=tournament.slug)


@require_POST
def confirm(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The director confirms for a table that cannot confirm itself; audited with the director's name."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    table = table_reads.table(tournament, pk)
    said = _("Table %(table)s is confirmed and locked.") % {"table": table.number}
    _act(request, lambda: services.confirm_for_table(table=table, by=request.user), said)
    return _back_to_table(tournament, table)


@require_POST
def substitute(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Someone plays this pass in the entrant's place (an empty name, or "remove", takes it back)."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    seat = table_reads.seat(tournament, pk)
    try:
        name = _substitute_name(request)
    except ValidationError as error:
        messages.error(request, error.messages[0])
    else:
        _substitute(request, seat, name)
    return redirect(
        reverse("tournaments:tournament_dashboard", args=[tournament.slug]) + f"#table-{seat.table.number}"
    )


def _substitute_name(request: HttpRequest) -> str:
    """The name typed, cleaned as every name is; empty when the substitute is taken back."""
    typed = request.POST.get("name", "")
    if "remove" in request.POST or not typed.strip():
        return ""
    return clean_name(typed, max_length=PLAYER_NAME_LENGTH)


def _substitute(request: HttpRequest, seat: TableSeat, name: str) -> None:
    """Set or take back the substitute; nobody to take back without a name is the director's slip."""
    if not name and seat.substitute_id is None:
        messages.error(request, _("Enter who plays for %(name)s.") % {"name": seat.entrant.player.name})
        return
    try:
        services.set_substitute(seat=seat, name=name or None, by=request.user)
    except TournamentError as error:  # a look-alike of another roster player
        messages.error(request, error.message)
    else:
        said = {"name": name, "entrant": seat.entrant.player.name, "table": seat.table.number}
        if name:
            messages.success(request, _("%(name)s plays for %(entrant)s at table %(table)s.") % said)
        else:
            messages.success(request, _("Substitute removed at table %(table)s.") % said)


# ---- entrants -------------------------------------------------------------------------------------


def _entrant_rows(tournament: Tournament) -> list[Entrant]:
    """Every entrant with `partner_entrant` set both ways (the link is stored on one of the two) and
    `url`: one reverse() for all, as {% url %} per row is slow for hundreds of players."""
    entrants = list(roster.entrants(tournament))
    by_pk = {entrant.pk: entrant for entrant in entrants}
    url = reverse("tournaments:tournament_entrant", args=[tournament.slug, 0]).rpartition("/0/")
    for entrant in entrants:
        entrant.partner_entrant = by_pk.get(entrant.partner_id) if entrant.partner_id else None
        entrant.url = f"{url[0]}/{entrant.pk}/{url[2]}"
    for entrant in entrants:
        if entrant.partner_entrant is not None:
            entrant.partner_entrant.partner_entrant = entrant
    return entrants


def _found(entrants: list[Entrant], query: str, missing: bool) -> list[Entrant]:
    """A name's part or a start number; `missing`: only those not checked in yet."""
    if missing:
        entrants = [e for e in entrants if not e.checked_in]
    if query:
        folded = query.casefold()
        entrants = [e for e in entrants if folded in e.player.name.casefold() or query == str(e.number)]
    return entrants


def _entrants_context(tournament: Tournament, request: HttpRequest, form: RegisterForm) -> dict[str, Any]:
    query = " ".join(request.GET.get("q", "").split())
    missing = request.GET.get("missing") == "1"
    everyone = _entrant_rows(tournament)
    shown = _found(everyone, query, missing)
    page = Paginator(shown, ENTRANTS_PER_PAGE).get_page(request.GET.get("page"))
    registered = {entrant.player_id for entrant in everyone}
    drawn = tournament.pass_set.aggregate(last=Max("number"))["last"] or 0
    return {
        "tournament": tournament,
        "format_facts": format_facts(tournament.format),
        "entrants": page.object_list,
        "page": page,
        "pages": _number_ranges(shown),
        "query": query,
        "missing": missing,
        "form": form,
        "roster": [p for p in club_selectors.roster(tournament.club) if p.pk not in registered],
        "headcount": progress.headcount(tournament, drawn + 1),
        "not_here": sum(not e.checked_in and e.withdrawn_after_pass is None for e in everyone),
    }


def _number_ranges(entrants: list[Entrant]) -> list[tuple[int, str]]:
    """Each page of the list by the start numbers on it ("101-200")."""
    chunks = [
        entrants[start : start + ENTRANTS_PER_PAGE] for start in range(0, len(entrants), ENTRANTS_PER_PAGE)
    ]
    return [(n, f"{c[0].number}-{c[-1].number}") for n, c in enumerate(chunks, start=1)]


@require_http_methods(["GET", "HEAD", "POST"])
def entrants(request: HttpRequest, slug: str) -> HttpResponse:
    """Register (roster players or guests), find a player, and tap them in at the door."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    if request.method == "POST" and request.POST.get("action") == "checkin_everyone":
        count = services.check_in_everyone(tournament=tournament)
        said = ngettext("%(count)s player checked in.", "%(count)s players checked in.", count)
        messages.success(request, said % {"count": count})
        return redirect("tournaments:tournament_entrants", slug=tournament.slug)
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        _register_all(request, tournament, form.cleaned_data["all_names"])
        return redirect("tournaments:tournament_entrants", slug=tournament.slug)
    context = _entrants_context(tournament, request, form)
    if request.htmx and request.htmx.target == "entrant-list":
        return render(request, "tournaments/director/entrants.html#entrant-list", context)
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/director/entrants.html", context, status=status)


def _register_all(request: HttpRequest, tournament: Tournament, names: list[str]) -> None:
    """Each name on its own: a refused one (full, registered already) does not stop the others."""
    added: list[Entrant] = []
    for name in names:
        try:
            added.append(services.register(tournament=tournament, name=name))
        except TournamentError as error:
            messages.error(request, error.message)
    if len(added) == 1:
        messages.success(
            request,
            _("%(name)s has start number %(number)s.")
            % {"name": added[0].player.name, "number": added[0].number},
        )
    elif added:
        messages.success(
            request,
            ngettext(
                "%(count)s player registered: start numbers %(first)s to %(last)s.",
                "%(count)s players registered: start numbers %(first)s to %(last)s.",
                len(added),
            )
            % {"count": len(added), "first": added[0].number, "last": added[-1].number},
        )


ENTRANT_ACTIONS = ("checkin", "newcode", "late", "withdraw", "partner")


@require_http_methods(["GET", "HEAD", "POST"])
def entrant(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One entrant: check-in (an htmx tap from the list), their personal code (a new one if it leaked),
    late arrival, withdrawal, partner."""
    tournament = load_tournament(request.user, slug, Need.ADMIN)
    one = roster.entrant(tournament, pk)
    action = request.POST.get("action", "")
    forms = _entrant_forms(tournament, one, request.POST if action else None, action)
    if request.method == "POST" and action == "checkin":
        services.check_in(entrant=one, present=request.POST.get("present") == "1")
        return _checked_in(request, tournament, one)
    if request.method == "POST" and action == "newcode":
        services.renew_code(entrant=one, by=request.user)
        messages.success(request, _("%(name)s has a new personal code.") % {"name": one.player.name})
        return redirect("tournaments:tournament_entrant", slug=tournament.slug, pk=one.pk)
    if request.method == "POST" and action in forms and forms[action].is_valid():
        _apply(request, tournament, one, action, forms[action].cleaned_data)
        return redirect("tournaments:tournament_entrant", slug=tournament.slug, pk=one.pk)
    context = {
        "tournament": tournament,
        "entrant": one,
        **forms,
        "format_facts": format_facts(tournament.format),
    }
    context["partner_of"] = roster.partner_of(one)
    context["everyone"] = _entrant_rows(tournament) if "partner" in forms else []
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/director/entrant.html", context, status=status)


def _entrant_forms(tournament: Tournament, one: Entrant, data: Any, action: str) -> dict[str, Any]:
    def bound(name: str) -> Any:
        return data if action == name else None

    drawn = tournament.pass_set.aggregate(last=Max("number"))["last"] or 0
    forms: dict[str, Any] = {
        "late": LateForm(bound("late"), passes=tournament.passes, initial={"from_pass": max(drawn + 1, 2)}),
        "withdraw": WithdrawForm(
            bound("withdraw"),
            passes=tournament.passes,
            initial={
                "after_pass": one.withdrawn_after_pass if one.withdrawn_after_pass is not None else drawn
            },
        ),
    }
    if format_facts(tournament.format).fixed_pairs:
        forms["partner"] = PartnerForm(bound("partner"), entrant=one)
    return forms


def _apply(
    request: HttpRequest, tournament: Tournament, one: Entrant, action: str, data: dict[str, Any]
) -> None:
    word, name = tournament.pass_word, one.player.name
    if action == "late":
        services.arrive_late(entrant=one, from_pass=data["from_pass"])
        said = {"name": name, "pass_word": word, "number": data["from_pass"]}
        messages.success(request, _("%(name)s plays from %(pass_word)s %(number)s on.") % said)
    elif action == "withdraw":
        services.withdraw(entrant=one, after_pass=data["after_pass"])
        after = data["after_pass"]
        if after is None:
            messages.success(request, _("%(name)s plays every pass again.") % {"name": name})
        else:
            said = {
                "name": name,
                "pass_word": word,
                "in_sentence": tournament.pass_word_in_sentence,
                "number": after,
            }
            messages.success(
                request,
                # Translators: pass_word is the club's word for a pass (round) as typed, in_sentence the
                # same word as written inside a sentence (lower case, except in German).
                _("%(name)s plays no %(in_sentence)s after %(pass_word)s %(number)s.") % said,
            )
    elif action == "partner":
        try:
            services.pair(first=one, second=data["partner"])
        except TournamentError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _("%(name)s and %(partner)s play as a pair.")
                % {"name": name, "partner": data["partner"].player.name},
            )


def _checked_in(request: HttpRequest, tournament: Tournament, one: Entrant) -> HttpResponse:
    """htmx: the tapped row and the counts; without htmx, back to the list."""
    if not request.htmx:
        return redirect(
            reverse("tournaments:tournament_entrants", args=[tournament.slug]) + f"#entrant-{one.pk}"
        )
    drawn = tournament.pass_set.aggregate(last=Max("number"))["last"] or 0
    one.partner_entrant = roster.partner_of(one)
    one.url = reverse("tournaments:tournament_entrant", args=[tournament.slug, one.pk])
    context = {
        "tournament": tournament,
        "entrant": one,
        "headcount": progress.headcount(tournament, drawn + 1),
        "oob": True,
    }
    return render(request, "tournaments/director/entrants.html#checked-in", context)
