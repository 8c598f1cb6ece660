"""An evening's pages: start one, its sums and settle-up, its games, stake and share link, its files,
and the read-only page its share link opens."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.games import downloads, evenings
from scorekeeper.games.evening_forms import AddGameForm, StakeForm, stake_initial
from scorekeeper.games.languages import use_club_language
from scorekeeper.games.models import Evening
from scorekeeper.games.permissions import Need, allows, load_club, load_evening

LIVE_SECONDS = 15
"""How often the shared page asks for the evening again (people at home, not the table)."""


@require_http_methods(["GET", "HEAD", "POST"])
def evening_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = load_club(request.user, slug, Need.SCORER)
    form = StakeForm(request.POST if request.method == "POST" else None, initial=stake_initial(None, ""))
    if request.method == "POST" and form.is_valid():
        stake, unit = form.stake_and_unit()
        evening = evenings.start_evening(club=club, by=request.user, stake=stake, unit=unit)
        return redirect("games:evening", pk=evening.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scorekeeper/evening_new.html", {"club": club, "form": form}, status=status)


@require_safe
def evening(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, load_evening(request.user, pk, Need.READ))


def _page(
    request: HttpRequest, evening: Evening, *, stake_form: StakeForm | None = None, status: int = 200
) -> HttpResponse:
    can_change = allows(role=evening.role, is_public=evening.club.is_public, need=Need.SCORER)
    context: dict[str, Any] = {
        "evening": evening,
        "sheet": evenings.evening_sheet(evening),
        "can_change": can_change,
    }
    if can_change:
        context |= {
            "stake_form": stake_form or StakeForm(initial=stake_initial(evening.stake, evening.stake_unit)),
            "addable": evenings.addable_games(evening),
            "share_url": _share_url(request, evening),
        }
    return render(request, "scorekeeper/evening.html", context, status=status)


def _share_url(request: HttpRequest, evening: Evening) -> str:
    if not evening.share_token:
        return ""
    return request.build_absolute_uri(reverse("games:evening_shared", args=[evening.share_token]))


def _scorer(request: HttpRequest, pk: int) -> Evening:
    return load_evening(request.user, pk, Need.SCORER)


def _done(request: HttpRequest, evening: Evening, message: str) -> HttpResponse:
    """A change made: said once on the evening's page, where the scorer goes back to."""
    messages.success(request, message)
    return redirect("games:evening", pk=evening.pk)


@require_POST
def evening_stake(request: HttpRequest, pk: int) -> HttpResponse:
    evening = _scorer(request, pk)
    form = StakeForm(request.POST)
    if not form.is_valid():
        return _page(request, evening, stake_form=form, status=422)
    stake, unit = form.stake_and_unit()
    evenings.set_stake(evening=evening, stake=stake, unit=unit)
    return _done(request, evening, gettext("Stake saved."))


@require_POST
def evening_add(request: HttpRequest, pk: int) -> HttpResponse:
    evening = _scorer(request, pk)
    form = AddGameForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose one of the club's games."))
        return redirect("games:evening", pk=evening.pk)
    try:
        game = evenings.add_game(evening=evening, game_id=form.cleaned_data["game"])
    except evenings.EveningRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, gettext("%(game)s added to the evening.") % {"game": game.title})
    return redirect("games:evening", pk=evening.pk)


@require_POST
def evening_remove(request: HttpRequest, pk: int, game: int) -> HttpResponse:
    evening = _scorer(request, pk)
    evenings.remove_game(evening=evening, game_id=game)
    return _done(request, evening, gettext("The game is no longer part of the evening."))


@require_POST
def evening_share(request: HttpRequest, pk: int) -> HttpResponse:
    evening = _scorer(request, pk)
    evenings.share(evening=evening)
    return _done(
        request, evening, gettext("A new share link: whoever has it sees the evening, and nothing else.")
    )


@require_POST
def evening_unshare(request: HttpRequest, pk: int) -> HttpResponse:
    evening = _scorer(request, pk)
    evenings.revoke_share(evening=evening)
    return _done(request, evening, gettext("Share link revoked: it shows nothing any more."))


@require_safe
def evening_shared(request: HttpRequest, token: str) -> HttpResponse:
    """The evening read-only for people at home: only this evening, live, with no link into the club."""
    evening = evenings.shared_evening(token)
    if evening is None:
        gone = gettext("This link shows nothing: it was revoked, or it never existed.")
        if request.htmx:  # a page open at home: it says so, and htmx stops asking (286)
            return HttpResponse(format_html('<div id="sheet"><p role="alert">{}</p></div>', gone), status=286)
        raise Http404(gone)
    use_club_language(evening.club)  # as every page of the club: in its language, its numbers written so
    context = {
        "evening": evening,
        "sheet": evenings.evening_sheet(evening),
        "shared": True,
        "live": LIVE_SECONDS,
    }
    if request.htmx:
        return render(request, "scorekeeper/evening.html#sheet", context)
    response = render(request, "scorekeeper/evening_shared.html", context)
    response["Referrer-Policy"] = "no-referrer"  # the token stays out of any link followed from here
    response["X-Robots-Tag"] = "noindex"
    return response


def _evening_table(request: HttpRequest, pk: int) -> downloads.Table:
    """The evening's games, a row per game and side: one read and one check for the CSV and the Excel file."""
    sheet = evenings.evening_sheet(load_evening(request.user, pk, Need.READ))
    columns = list(evenings.EXPORT_COLUMNS)
    rows = [[row[column] for column in columns] for row in evenings.export_rows(sheet)]
    return downloads.Table([columns, *rows], f"evening-{sheet.evening.pk}")


@require_safe
def evening_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return downloads.csv_response(_evening_table(request, pk))


@require_safe
def evening_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    return downloads.xlsx_response(_evening_table(request, pk))


@require_safe
def evening_json(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = evenings.evening_sheet(load_evening(request.user, pk, Need.READ))
    return downloads.json_response(evenings.export_json(sheet), f"evening-{sheet.evening.pk}.json")
