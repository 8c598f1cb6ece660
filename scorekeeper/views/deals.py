"""Entering, previewing, editing and deleting deals: forms build the entry, the services check it."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from .. import rules, selectors, services
from ..dealforms import DealForm, deal_form_class
from ..permissions import Need, load_game
from ..rules.base import InvalidDeal
from ..selectors import Board
from ..services import DealConflict


def _form_class(board: Board) -> type[DealForm]:
    form_class = deal_form_class(board.game.variant)
    if form_class is None:
        raise Http404("This variant cannot be scored live yet.")
    return form_class


def deal_form(board: Board, data: Any = None, **kwargs: Any) -> DealForm:
    form_class = _form_class(board)
    return form_class(
        data, seats=board.seats, suit_names=board.game.club.suit_names, state=board.result.state, **kwargs
    )


def blank_deal_form(board: Board) -> DealForm:
    return deal_form(board, initial={"number": board.next_number, "client_token": uuid.uuid4()})


def render_board(
    request: HttpRequest, board: Board, form: DealForm | None, *, template: str, status: int = 200
) -> HttpResponse:
    context = {"board": board, "game": board.game, "form": form}
    if request.htmx:
        template = "scorekeeper/game.html#board"
    return render(request, template, context, status=status)


@require_POST
def deal_add(request: HttpRequest, pk: int) -> HttpResponse:
    game = load_game(request.user, pk, Need.SCORER)
    board = selectors.game_board(game, request.user)
    form = deal_form(board, request.POST)
    if form.is_valid():
        try:
            services.record_deal(
                game_id=game.pk,
                entry=form.entry(),
                by=request.user,
                number=form.cleaned_data["number"],
                client_token=form.cleaned_data["client_token"] or uuid.uuid4(),
            )
        except InvalidDeal as error:
            form.add_rule_error(error)
        except DealConflict as conflict:
            form.add_error(None, conflict.message)
        else:
            if not request.htmx:
                return redirect("game", pk=game.pk)
            game.refresh_from_db(fields=["totals", "finished", "winner", "revision"])
            board = selectors.game_board(game, request.user)
            form = None if board.result.finished else blank_deal_form(board)
            response = render_board(request, board, form, template="scorekeeper/game.html")
            return trigger_client_event(response, "deal-saved", {"revision": game.revision})
    return render_board(request, board, form, template="scorekeeper/game.html", status=422)


@require_POST
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """What the typed deal would score, or the engine's objection: nothing is saved."""
    game = load_game(request.user, pk, Need.SCORER)
    board = selectors.game_board(game, request.user)
    form = deal_form(board, request.POST)
    context: dict[str, Any] = {"board": board, "form": form, "preview": None, "problem": None}
    if form.is_valid():
        number = form.cleaned_data["number"]
        entries = list(board.entries)
        entries[number - 1 : number] = [form.entry()]  # a correction replaces, a new deal appends
        try:
            result = rules.score_game(game.variant, board.seats, game.settings, entries)
        except InvalidDeal as error:
            context["problem"] = error.message
        else:
            context["preview"] = result.deals[min(number, len(result.deals)) - 1]
    return render(request, "scorekeeper/game.html#preview", context)


@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = load_game(request.user, pk, Need.SCORER)
    deal = game.deals.filter(number=number).first()
    if deal is None:
        raise Http404("No such deal.")
    board = selectors.game_board(game, request.user)
    initial = {**_form_class(board).initial_from_entry(deal.entry), "number": number, "version": deal.version}
    form = deal_form(board, request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.edit_deal(
                game_id=game.pk,
                number=number,
                entry=form.entry(),
                by=request.user,
                version=form.cleaned_data["version"] or 0,
            )
        except InvalidDeal as error:
            form.add_rule_error(error)
        except DealConflict as conflict:
            form.add_error(None, conflict.message)
            form = _restart_from_stored(board, form, number)
        else:
            messages.success(request, f"Deal {number} corrected.")
            return redirect("game", pk=game.pk)
    context = {"board": board, "game": game, "form": form, "deal": deal}
    status = 422 if form.is_bound else 200
    return render(request, "scorekeeper/deal_edit.html", context, status=status)


def _restart_from_stored(board: Board, stale: DealForm, number: int) -> DealForm:
    """After a stale edit, show the deal as it is now stored, with the conflict message above it."""
    deal = board.game.deals.filter(number=number).first()
    if deal is None:
        return stale
    initial = {**_form_class(board).initial_from_entry(deal.entry), "number": number, "version": deal.version}
    fresh = deal_form(board, initial=initial)
    fresh.conflict = stale.non_field_errors()
    return fresh


@require_POST
def deal_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = load_game(request.user, pk, Need.SCORER)
    try:
        services.delete_last_deal(game_id=game.pk, number=number, by=request.user)
    except DealConflict as conflict:
        messages.error(request, conflict.message)
    else:
        messages.success(request, f"Deal {number} deleted.")
    return redirect("game", pk=game.pk)
