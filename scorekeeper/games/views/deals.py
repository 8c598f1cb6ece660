"""Entering, previewing, editing, deleting and bringing back deals: forms build the entry, the services
check it."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from scorekeeper.games import selectors, services
from scorekeeper.games.jasstafel import StrokeGroup, Tafel, changed_groups, tafel
from scorekeeper.games.models import NOT_NOTED, Deal
from scorekeeper.games.permissions import GameAccess, Need, game_access
from scorekeeper.games.rule_messages import refusal
from scorekeeper.games.selectors import Board, NextDeal
from scorekeeper.games.services import DealConflict, Known, NumberTaken, Recorded, TokenReused, Written
from scorekeeper.games.stored_deals import score
from scorekeeper.games.typed import whole
from scorekeeper.games.variants import DealForm, deal_form_class
from scorekeeper.games.variants.shape import shape_in, with_shape
from scorekeeper.rules.base import InvalidDeal


def _form_class(board: Board | NextDeal) -> type[DealForm]:
    form_class = deal_form_class(board.game.variant)
    if form_class is None:
        raise Http404(gettext("This variant cannot be scored live yet."))
    return form_class


def state_before(board: Board | NextDeal, number: int | None) -> Mapping[str, Any]:
    """The engine's state when deal `number` was entered: a correction must not see later drop-outs."""
    if number is None or isinstance(board, NextDeal) or not 1 <= number <= len(board.entries):
        return board.state
    return score(board.game, board.entries[: number - 1], board.seats).state


def deal_form(
    board: Board | NextDeal, data: Any = None, *, number: int | None = None, **kwargs: Any
) -> DealForm:
    """`number` given: the form for correcting that deal, as it was then; otherwise the next deal's,
    with what the table said before it (Differenzler's predictions), if the game keeps that."""
    form_class = _form_class(board)
    state = state_before(board, number)
    game = board.game
    return form_class(
        data,
        seats=board.seats,
        suit_names=game.club.suit_names,
        state=state,
        settings=game.settings,
        pending=board.pending if number is None else None,
        **kwargs,
    )


def _posted_token(request: HttpRequest) -> uuid.UUID | None:
    """The deal a Delete button was shown for; a page without it (an older page) deletes by number."""
    try:
        return uuid.UUID(request.POST.get("client_token", ""))
    except ValueError:
        return None


def _posted_number(request: HttpRequest) -> int | None:
    """ASCII digits only, and few: "²" is a digit to str.isdigit(), and int() of it fails."""
    return whole(request.POST.get("number", ""), digits=6)


def blank_deal_form(board: Board) -> DealForm:
    """The next deal's form: its number, a fresh token, and who deals it (a seat on from the last)."""
    initial = {"number": board.next_number, "client_token": uuid.uuid4(), "dealer_seat": board.next_dealer}
    return deal_form(board, initial=initial)


def stored_initial(form_class: type[DealForm], deal: Deal) -> dict[str, Any]:
    """The correction form of a stored deal: its entry, who dealt it, and the version it is at."""
    return {
        **form_class.initial_from_entry(deal.entry),
        "dealer_seat": deal.dealer_seat,
        "pushed": deal.pushed,
        "number": deal.number,
        "version": deal.version,
        "deal_token": deal.client_token,
    }


def render_board(
    request: HttpRequest,
    board: Board,
    form: DealForm | None,
    *,
    template: str,
    status: int = 200,
    extra: Mapping[str, Any] | None = None,
) -> HttpResponse:
    context = {"board": board, "game": board.game, "form": form, **(extra or {})}
    if request.htmx:
        template = "scorekeeper/game.html#board"
    return render(request, template, context, status=status)


def scorer(request: HttpRequest, pk: int) -> GameAccess:
    return game_access(request.user, pk, Need.SCORER)


@require_POST
def deal_add(request: HttpRequest, pk: int) -> HttpResponse:
    """The club's phone: its role, the game (locked) and its deals in one read, the write in the same
    transaction, the answer drawn after it commits (docs/performance.md, "A deal post")."""
    with transaction.atomic():
        access = game_access(request.user, pk, Need.SCORER, locked=True)
        posted = _posted_deal(request, access, locked=True)
    if posted.conflict is not None:  # the transaction was rolled back: the game as it is stored
        access.game.refresh_from_db(fields=services.GAME_VALUES)
    return _deal_answer(request, access, posted)


def deal_add_for(request: HttpRequest, access: GameAccess) -> HttpResponse:
    """Save the next deal (a table phone's: the write locks the game itself)."""
    return _deal_answer(request, access, _posted_deal(request, access))


@dataclass(frozen=True)
class PostedDeal:
    """A deal post's form, checked against the state the game stored, and what its write did: the deal
    it recorded, or the conflict that refused it."""

    before: NextDeal
    form: DealForm
    recorded: Recorded | None = None
    conflict: DealConflict | None = None


def _posted_deal(request: HttpRequest, access: GameAccess, *, locked: bool = False) -> PostedDeal:
    """Check the form, then write: the write scores the game once. No query after a refusal, which
    rolls a `locked` caller's transaction back."""
    game = access.game
    before = selectors.next_deal(access)
    form = deal_form(before, request.POST)
    if not form.is_valid():
        return PostedDeal(before, form)
    try:
        recorded = services.record_deal(
            game_id=game.pk,
            entry=form.entry(),
            by=access.by,
            number=form.cleaned_data["number"],
            client_token=form.cleaned_data["client_token"] or uuid.uuid4(),
            guard=access.guard,
            known=Known(before.revision, before.deals),
            dealing=form.dealing() or NOT_NOTED,
            loaded=game,
            locked=locked,
        )
    except InvalidDeal as error:
        form.add_rule_error(error)
        return PostedDeal(before, form)
    except DealConflict as conflict:
        return PostedDeal(before, form, conflict=conflict)
    return PostedDeal(before, form, recorded=recorded)


def _deal_answer(request: HttpRequest, access: GameAccess, posted: PostedDeal) -> HttpResponse:
    """htmx (the phone's outbox) gets what the deal changed, a plain post a redirect; a refusal the form
    with its errors, a conflict the list as it is now."""
    game = access.game
    if posted.recorded is not None:
        if not request.htmx:
            return redirect(access.base_url)
        return _saved(request, access, posted.before, posted.recorded)
    if (conflict := posted.conflict) is not None:
        if from_outbox(request):
            answer = {"refused": conflict.message}
            if isinstance(conflict, NumberTaken):  # saved as the next deal, it may well be right
                answer["next"] = game.deals.count() + 1
            return JsonResponse(answer, status=409)
        board, form = _after_conflict(access, request, conflict)
        return render_board(request, board, form, template="scorekeeper/game.html", status=422)
    board = selectors.game_board(access)  # a refusal: the page with the form and its errors
    if from_outbox(request):
        context = {"board": board, "game": game, "form": posted.form}
        html = with_shape(render_to_string(board.templates["form"], context, request))
        return outbox_refusal(posted.form.refusal_text(), form=html)
    return render_board(request, board, posted.form, template="scorekeeper/game.html", status=422)


def from_outbox(request: HttpRequest) -> bool:
    """Sent by the phone's outbox (outbox.js), which wants a refusal as words to show at the deal's row."""
    return request.headers.get("X-Outbox") == "1"


def outbox_refusal(message: str, *, status: int = 422, form: str | None = None) -> JsonResponse:
    """422: the rules refuse what was typed; 409: another phone changed the game meanwhile. `form`: the
    refused deal's form with its errors beside the fields, for a phone whose form is still empty."""
    return JsonResponse({"refused": message, **({"form": form} if form else {})}, status=status)


def _saved(request: HttpRequest, access: GameAccess, before: NextDeal, recorded: Recorded) -> HttpResponse:
    """What the deal changed, drawn from what the write stored (the game as `access` holds it now).

    A page that shows the very list the deal was added to (its form sends that revision), when no other
    write came in between, gets the new row and what it moved (totals, panel, the Jasstafel's changed
    strokes); any other page the list."""
    board = selectors.board_of(access, recorded.deals, recorded.result)
    unchanged = not recorded.repeated and access.game.revision == before.revision + 1
    extra: dict[str, Any] = {}
    if unchanged and request.POST.get("revision") == str(before.revision):
        extra = {
            "new_row": board.rows[-1],
            "previous_row": board.rows[-2] if len(board.rows) > 1 else None,
            "tafel_changes": _tafel_changes(before.totals, board),
            # a deal added to a game still running changes neither the winner's section nor the game's
            # actions: the phone keeps them (fewer bytes on a table's slow network)
            "standing_same": not before.finished and not board.result.finished,
            "undo_same": not before.undo_offered,  # no Undo was offered: none to take away
        }
    response = outbox_answer(request, board, extra)
    return trigger_client_event(response, "deal-saved", {"revision": access.game.revision})


@dataclass(frozen=True)
class TafelChange:
    key: str
    tafel: Tafel
    groups: list[StrokeGroup]


def _tafel_changes(totals_before: Mapping[str, int], after: Board) -> list[TafelChange]:
    """Each team's Jasstafel that the deal changed, with only the stroke groups it redrew."""
    changes = []
    for side in after.sides:
        old = tafel(totals_before[side.key]) if side.key in totals_before else None
        if side.tafel and side.tafel != old:
            changes.append(TafelChange(side.key, side.tafel, changed_groups(old, side.tafel)))
    return changes


def outbox_answer(request: HttpRequest, board: Board, extra: Mapping[str, Any] | None = None) -> HttpResponse:
    """A write's answer, all swapped out of band: the poll, the totals, the new row or the whole list,
    and the next deal form only if it looks different from the one the phone shows (X-Form-Shape)."""
    context = {"board": board, "game": board.game, "form_html": _next_form(request, board), **(extra or {})}
    response = render(request, "scorekeeper/game.html#saved", context)
    response["X-Revision"] = str(board.game.revision)
    return response


def _next_form(request: HttpRequest, board: Board) -> str | None:
    """Unless the phone's form looks the same already (X-Form-Shape). A correction page, which has no new
    deal's form, keeps its own: this one goes to #entry, which only the game page has."""
    if board.result.finished or not board.can_score:
        return None
    context = {"board": board, "game": board.game, "form": blank_deal_form(board)}
    html = with_shape(render_to_string(board.templates["form"], context, request))
    return None if shape_in(html) == request.headers.get("X-Form-Shape") else html


@require_POST
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    return deal_preview_for(request, scorer(request, pk))


def _after_conflict(
    access: GameAccess, request: HttpRequest, conflict: DealConflict
) -> tuple[Board, DealForm]:
    """Another phone changed the list: show it as it is now, keep what was typed, and aim the form
    at the next free deal, so a second Enter saves it once the scorer has checked the list."""
    board = selectors.game_board(access)
    data = request.POST.copy()
    data["number"] = str(board.next_number)
    if isinstance(conflict, TokenReused):  # its key is another deal's: a second Enter saves it anew
        data["client_token"] = str(uuid.uuid4())
    form = deal_form(board, data)
    form.is_valid()
    form.add_error(None, conflict.message)
    return board, form


def deal_preview_for(request: HttpRequest, access: GameAccess) -> HttpResponse:
    """What the typed deal would score, or the engine's objection: nothing is saved."""
    game = access.game
    board = selectors.game_board(access)
    form = deal_form(board, request.POST, number=_posted_number(request))
    context: dict[str, Any] = {"board": board, "form": form, "preview": None, "problem": None}
    if form.is_valid():
        number = form.cleaned_data["number"]
        entries = list(board.entries)
        entries[number - 1 : number] = [form.entry()]  # a correction replaces, a new deal appends
        try:
            result = score(game, entries, board.seats)
        except InvalidDeal as refused:
            error = form.reword(refused)
            context["problem"] = None if _not_typed_yet(form, error) else refusal(error, number)
        else:
            context["preview"] = result.deals[min(number, len(result.deals)) - 1]
    return render(request, "scorekeeper/game.html#preview", context)


def _not_typed_yet(form: DealForm, error: InvalidDeal) -> bool:
    """While typing, a field still empty is not yet a mistake: the preview keeps quiet about it.

    The field's widget reads what was typed; a field of one input per player is empty if all are."""
    field = form.error_fields.get(error.field, error.field)
    if field not in form.fields:
        return False
    typed = form[field].data
    return all(value in (None, "", False) for value in (typed if isinstance(typed, list) else [typed]))


@require_POST
def deal_predictions(request: HttpRequest, pk: int) -> HttpResponse:
    return deal_predictions_for(request, scorer(request, pk))


def deal_predictions_for(request: HttpRequest, access: GameAccess) -> HttpResponse:
    """What the table says before the deal (Differenzler's predictions), kept by the game until the deal
    is saved: htmx gets the deal form that asks for the rest, a plain post the game page with it."""
    board = selectors.game_board(access)
    if not _form_class(board).said_first:
        raise Http404(gettext("This variant asks for nothing before the deal."))
    form = deal_form(board, request.POST, asking=True)
    if form.is_valid():
        try:
            board.game.pending_entry = services.keep_pending(
                game_id=board.game.pk,
                number=form.cleaned_data["number"],
                entry=form.said_entry(),
                later=form.said_after,
                guard=access.guard,
            )
        except InvalidDeal as error:
            form.add_rule_error(error)
        except DealConflict as conflict:
            form.add_error(None, conflict.message)
        else:
            if not request.htmx:
                return redirect(access.base_url)
            context = {"board": board, "game": board.game, "form": blank_deal_form(board)}
            return HttpResponse(with_shape(render_to_string(board.templates["form"], context, request)))
    if request.htmx:
        context = {"board": board, "game": board.game, "form": form}
        html = with_shape(render_to_string(board.templates["form"], context, request))
        return HttpResponse(html, status=422)
    return render_board(request, board, form, template="scorekeeper/game.html", status=422)


@require_http_methods(["GET", "HEAD", "POST"])
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return deal_edit_for(request, scorer(request, pk), number)


def deal_edit_for(request: HttpRequest, access: GameAccess, number: int) -> HttpResponse:
    """Correct a deal from the version the scorer saw; a stale correction shows what is stored now."""
    game = access.game
    deal = game.deals.filter(number=number).first()
    if deal is None:
        if from_outbox(request):
            return outbox_refusal(gettext("No such deal."), status=409)
        raise Http404(gettext("No such deal."))
    board = selectors.game_board(access)
    initial = stored_initial(_form_class(board), deal)
    form = deal_form(board, request.POST or None, number=number, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            recorded = services.edit_deal(
                game_id=game.pk,
                number=number,
                entry=form.entry(),
                by=access.by,
                version=form.cleaned_data["version"] or 0,
                client_token=form.cleaned_data["deal_token"],
                guard=access.guard,
                dealing=form.dealing(),
                loaded=game,
            )
        except InvalidDeal as error:
            form.add_rule_error(error)
            board = selectors.game_board(access)  # the game as the write read it again, under its lock
        except DealConflict as conflict:
            if from_outbox(request):
                return outbox_refusal(conflict.message, status=409)
            form.add_error(None, conflict.message)
            board = selectors.game_board(access)
            form = _restart_from_stored(board, form, number)
        else:
            if from_outbox(request):
                return outbox_answer(request, selectors.board_of(access, recorded.deals, recorded.result))
            messages.success(request, gettext("Deal %(number)s corrected.") % {"number": number})
            return redirect(access.base_url)
    if from_outbox(request) and request.method == "POST":
        context = {"board": board, "game": game, "form": form}
        return outbox_refusal(
            form.refusal_text(), form=render_to_string(board.templates["form"], context, request)
        )
    context = {"board": board, "game": game, "form": form, "deal": deal}
    status = 422 if form.is_bound or form.conflict else 200  # a stale edit shows a fresh form, refused
    return render(request, "scorekeeper/deal_edit.html", context, status=status)


def _restart_from_stored(board: Board, stale: DealForm, number: int) -> DealForm:
    """After a stale edit, show the deal as it is now stored, with the conflict message above it."""
    deal = board.game.deals.filter(number=number).first()
    if deal is None:
        return stale
    fresh = deal_form(board, number=number, initial=stored_initial(_form_class(board), deal))
    fresh.conflict = stale.non_field_errors()
    return fresh


@require_POST
def deal_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return deal_delete_for(request, scorer(request, pk), number)


def deal_delete_for(request: HttpRequest, access: GameAccess, number: int) -> HttpResponse:
    def delete() -> Written:
        return services.delete_last_deal(
            game_id=access.game.pk,
            number=number,
            by=access.by,
            guard=access.guard,
            client_token=_posted_token(request),
            loaded=access.game,
        )

    return _answer_write(request, access, delete, gettext("Deal %(number)s deleted.") % {"number": number})


@require_POST
def deal_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return deal_restore_for(request, scorer(request, pk), number)


def deal_restore_for(request: HttpRequest, access: GameAccess, number: int) -> HttpResponse:
    """Undo a Delete: the deal comes back until a deal is entered; who may delete may bring it back."""

    def restore() -> Written:
        return services.restore_deal(
            game_id=access.game.pk, number=number, by=access.by, guard=access.guard, loaded=access.game
        )

    return _answer_write(request, access, restore, gettext("Deal %(number)s is back.") % {"number": number})


def _answer_write(
    request: HttpRequest, access: GameAccess, write: Callable[[], Written], done: str
) -> HttpResponse:
    """A Delete's or an Undo's answer: the phone's outbox gets the board as written or the refusal (409);
    a page gets the message and the game."""
    try:
        written = write()
    except InvalidDeal as error:  # the game changed since (a correction ended it): the rules say no
        message = refusal(error)
    except DealConflict as conflict:
        message = conflict.message
    else:
        if from_outbox(request):
            return outbox_answer(request, selectors.board_of(access, written.deals, written.result))
        messages.success(request, done)
        return redirect(access.base_url)
    if from_outbox(request):
        return outbox_refusal(message, status=409)
    messages.error(request, message)
    return redirect(access.base_url)
