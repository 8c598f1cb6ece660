"""A table's phone: the club game's live page and deal views, opened by the table's secret link.

No account: the token is the key (tournaments.access.table_access). The deal views are scorekeeper's,
so a table scores, checks and audits exactly like a club game; this page adds who sits where, the
pass's control total and the confirmation that locks the table: a personal code of each side.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRefresh

from scorekeeper import rules
from scorekeeper.games import live as scorekeeper_live
from scorekeeper.games.permissions import GameAccess
from scorekeeper.games.selectors import Board, game_board
from scorekeeper.games.services import DealConflict
from scorekeeper.games.views.deals import (
    deal_add_for,
    deal_delete_for,
    deal_edit_for,
    deal_predictions_for,
    deal_preview_for,
    deal_restore_for,
)
from scorekeeper.games.views.games import live_game, show_game
from scorekeeper.rules.base import CARD_POINTS

from .. import services
from ..access import load_table, table_access, table_shown, table_state
from ..formats import format_facts
from ..models import Table
from ..selectors import tables as table_reads


@dataclass(frozen=True)
class SeatLine:
    position: int
    name: str
    team: str
    """"A" or "B" in Schieber formats, empty where everyone plays alone."""
    playing_for: str
    """The registered player a substitute plays for, or empty."""


@dataclass(frozen=True)
class ControlTotal:
    """Schieber's check sum: every deal's card points make 157, so a pass of 12 deals makes 1884."""

    deals: int
    of: int
    card_points: int
    team_sum: int

    @property
    def expected(self) -> int:
        return self.of * CARD_POINTS

    @property
    def so_far(self) -> int:
        return self.deals * CARD_POINTS

    @property
    def ok(self) -> bool:
        return self.card_points == self.so_far

    @property
    def added(self) -> int:
        """What Weis, Stöck, a match bonus or multipliers add to the teams' totals over the card points."""
        return self.team_sum - self.card_points


def control_total(board: Board) -> ControlTotal | None:
    """From the deal details as the engine scored them; None where the variant has no control total (only
    Schieber has) or the game no deal limit."""
    limit = board.game.deal_limit
    if not rules.get_variant(board.game.variant).control_points or not limit:
        return None
    card_points = sum(_card_points(row.details) for row in board.rows)
    return ControlTotal(len(board.rows), limit, card_points, sum(side.total for side in board.sides))


def _card_points(details: dict[str, Any]) -> int:
    """Both teams' card points of a deal; a match counts its 157, not the bonus on top."""
    return CARD_POINTS if details.get("match") else sum(details.get("points", {}).values())


def _table(access: GameAccess) -> Table:
    """The table row table_access loaded with the game (the reverse one-to-one is cached)."""
    return access.game.tournament_table


def _seats(table: Table) -> list[SeatLine]:
    partners = format_facts(table.pass_played.tournament.format).partners
    seats = table_reads.seats(table)
    return [
        SeatLine(
            seat.position,
            seat.substitute.name if seat.substitute else seat.entrant.player.name,
            seat.side if partners else "",
            seat.entrant.player.name if seat.substitute else "",
        )
        for seat in seats
    ]


def _status_context(access: GameAccess, board: Board) -> dict[str, Any]:
    """The status panel: the control total, and the personal codes entered so far (who agreed, whose
    code a changed deal voided), with the tries left against wrong codes."""
    table = _table(access)
    tournament = table.pass_played.tournament
    sides, last_code = table_reads.table_agreements(table, table_reads.seats(table))
    tries_left = services.code_tries_left(table)
    failed_at = table.code_failed_at
    return {
        "table": table,
        "tournament": tournament,
        "control": control_total(board),
        "state": table_shown(
            access.game.revision, access.can_score, sum(s.agreed is not None for s in sides)
        ),
        "sides": sides,
        "partners": format_facts(tournament.format).partners,
        "tries_left": tries_left,
        # the wrong codes count on (a guess is a guess), but a right code after them ends their warning
        "warn_tries": tries_left < services.MAX_CODE_FAILURES
        and (last_code is None or failed_at is None or failed_at > last_code),
        "wait_message": services.wait_message(services.code_wait(table)),
        "max_tries": services.MAX_CODE_FAILURES,
    }


def _page_context(access: GameAccess, board: Board) -> dict[str, Any]:
    return {**_status_context(access, board), "seats": _seats(_table(access))}


@require_safe
def table(request: HttpRequest, token: str) -> HttpResponse:
    access = table_access(token)
    if request.htmx and "state" in request.GET:
        return _status(request, access)
    return show_game(request, access, template="tournaments/table.html", extra=partial(_page_context, access))


def _status(request: HttpRequest, access: GameAccess) -> HttpResponse:
    """The panel's poll: 204 while nothing changed, the panel after a deal, the whole page once the
    table opens or closes (confirmed, reopened, the next pass drawn), so no stale deal form stays."""
    state = request.GET["state"]
    if state == table_state(access):
        return HttpResponse(status=204)
    if state.rpartition(".")[2] != str(int(access.can_score)):
        return HttpResponseClientRefresh()
    board = game_board(access)
    context = {"board": board, **_status_context(access, board)}
    return render(request, "tournaments/table.html#status", context)


@require_safe
def live(request: HttpRequest, token: str) -> HttpResponse:
    """The page's one poll: the board and the status panel beside it; the whole page once the table
    opens or closes (confirmed, reopened, the next pass drawn), so no stale deal form stays."""
    access = table_access(token)
    shown = scorekeeper_live.shown(request.GET.get("v", ""))
    if shown is not None and shown.rpartition(".")[2] != str(int(access.can_score)):
        return HttpResponseClientRefresh()
    return live_game(request, access, extra=partial(_live_context, access))


def _live_context(access: GameAccess, board: Board) -> dict[str, Any]:
    return {**_status_context(access, board), "live_extra": "tournaments/table.html#status"}


@require_POST
def deal_add(request: HttpRequest, token: str) -> HttpResponse:
    return deal_add_for(request, table_access(token))


@require_POST
def deal_preview(request: HttpRequest, token: str) -> HttpResponse:
    return deal_preview_for(request, table_access(token))


@require_POST
def deal_predictions(request: HttpRequest, token: str) -> HttpResponse:
    return deal_predictions_for(request, table_access(token))


@require_http_methods(["GET", "HEAD", "POST"])
def deal_edit(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A closed table gets no correction form (a post is refused by the guard, under the game lock)."""
    access = table_access(token)
    if request.method != "POST" and not access.can_score and access.guard:
        try:
            access.guard(access.game)
        except DealConflict as closed:
            messages.error(request, closed.message)
            return redirect(access.base_url)
    return deal_edit_for(request, access, number)


@require_POST
def deal_delete(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return deal_delete_for(request, table_access(token), number)


@require_POST
def deal_restore(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Undo at the table: the deal its phone deleted last, until the next deal (the table's guard holds)."""
    return deal_restore_for(request, table_access(token), number)


@require_POST
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """A player's personal code: their side agrees; the other side's locks the table. A refusal (wrong
    code, tries used up, deals missing) is said on the table page. Always a redirect, so reloading the
    page never counts a wrong code twice."""
    table = load_table(token)  # an unknown token is a 404, never a counted guess
    try:
        signed = services.sign_off(token=token, code=request.POST.get("code", ""))
    except services.TournamentError as error:
        messages.error(request, error.message)
    else:
        partners = format_facts(table.pass_played.tournament.format).partners
        messages.success(request, signed_said(signed, partners))
    return redirect("tournaments:table", token=token)


def signed_said(signed: services.SignedOff, partners: bool) -> str:
    """What the phone says after a code: locked, or whose code is awaited still."""
    said = {"name": signed.name, "side": signed.side, "other": "B" if signed.side == "A" else "A"}
    if signed.confirmed:
        names = ", ".join(signed.signers)
        return _("Confirmed with the codes of %(names)s: this table is locked. Thank you!") % {"names": names}
    if signed.already and partners:
        return _("Team %(side)s has agreed already: now a player of team %(other)s enters their code.") % said
    if signed.already:
        return _("%(name)s has agreed already: now another player of this table enters their code.") % said
    if partners:
        return (
            _("%(name)s agrees for team %(side)s. Now a player of team %(other)s enters their code.") % said
        )
    return _("%(name)s agrees. Now another player of this table enters their code.") % said
