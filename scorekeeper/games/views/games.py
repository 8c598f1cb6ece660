"""New game, the live game page, its spectator refresh, the history of changes, and what is done to a
game as a whole: abandon, resume, delete, play again."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper import rules
from scorekeeper.games import evenings, live, members, selectors, services
from scorekeeper.games.forms import NewGameForm, variant_choices
from scorekeeper.games.models import Club, Evening, Game
from scorekeeper.games.offline import keep_offline
from scorekeeper.games.permissions import (
    GameAccess,
    Need,
    game_access,
    load_club,
    load_club_game,
    load_game,
)
from scorekeeper.games.rule_messages import translate
from scorekeeper.games.settings_form import SettingsForm
from scorekeeper.games.views.deals import blank_deal_form, render_board
from scorekeeper.rules.base import InvalidDeal


def _variant(request: HttpRequest) -> str:
    keys = [key for key, _ in variant_choices()]
    asked = request.POST.get("variant") or request.GET.get("variant")
    return asked if asked in keys else keys[0]


def _preset(request: HttpRequest, variant: str) -> str:
    asked = request.POST.get("preset") or request.GET.get("preset")
    return asked if asked in rules.get_variant(variant).presets else "standard"


@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx swaps the settings when the preset changes, the whole form when the variant does."""
    club = load_club(request.user, slug, Need.SCORER)
    variant = _variant(request)
    preset = _preset(request, variant)
    data = request.POST if request.method == "POST" else None
    initial = {**request.GET.dict(), "variant": variant, "preset": preset}
    form = NewGameForm(data, variant=variant, club=club, initial=initial)
    settings_form = SettingsForm(data, variant=variant, preset=preset, suit_names=club.suit_names)
    evening = _evening(request, club)
    if request.method == "POST" and form.is_valid() and settings_form.is_valid():
        try:
            game = _start(club, variant, form.cleaned_data, settings_form.settings(), request, evening)
        except InvalidDeal as error:
            _refuse(error, form, settings_form)
        except members.NameRefused as error:  # a look-alike joined the roster since the form was checked
            form.add_error(None, error.message)
        else:
            return redirect("games:game", pk=game.pk)
    context = {
        "club": club,
        "form": form,
        "settings_form": settings_form,
        "roster": selectors.roster(club),
        "evening": evening,
    }
    if request.htmx and request.method != "POST":
        part = "settings" if request.htmx.target == "settings" else "newgame"
        return render(request, f"scorekeeper/game_new.html#{part}", context)
    status = 422 if request.method == "POST" else 200  # a post that comes back here was refused
    return render(request, "scorekeeper/game_new.html", context, status=status)


def _refuse(error: InvalidDeal, form: NewGameForm, settings_form: SettingsForm) -> None:
    """The engine's message beside the setting it names, else beside the form's field, else above it."""
    setting = settings_form.rule_field(error)
    if setting is not None:
        settings_form.add_error(setting, translate(error.text))
    else:
        form.add_error(error.field if error.field in form.fields else None, translate(error.text))


def _evening(request: HttpRequest, club: Club) -> Evening | None:
    """The club's evening the new game joins (`?evening=` on the page's address), or None: an evening of
    another club, or no number at all, is no evening here."""
    asked = request.GET.get("evening", "")
    if not (asked.isascii() and asked.isdigit()) or len(asked) > 18:
        return None
    return club.evenings.filter(pk=int(asked)).first()


def _start(
    club: Club, variant: str, typed: dict, settings: dict, request: HttpRequest, evening: Evening | None
) -> Game:
    """New names join the roster in the same transaction, so a refused game adds nobody. `typed` is the
    new-game form's cleaned data: the players, and the game's name where the variant asks it."""
    with transaction.atomic():
        players = [members.add_player(club=club, name=name) for name in typed["players"]]
        return services.create_game(
            club=club,
            variant=variant,
            players=players,
            settings=settings,
            by=request.user,
            evening=evening,
            name=typed.get("name", ""),
        )


@require_safe
def game(request: HttpRequest, pk: int) -> HttpResponse:
    return show_game(request, game_access(request.user, pk, Need.READ))


def show_game(
    request: HttpRequest,
    access: GameAccess,
    *,
    template: str = "scorekeeper/game.html",
    extra: Callable[[selectors.Board], Mapping[str, Any]] | None = None,
) -> HttpResponse:
    """`template` and `extra` (read from the board) let another page embed the game: a tournament table."""
    board = selectors.game_board(access)
    form = blank_deal_form(board) if board.can_score and not board.result.finished else None
    context = {"evening_bar": evenings.game_evening(access.game), **(extra(board) if extra else {})}
    response = render_board(request, board, form, template=template, extra=context)
    return keep_offline(response, request) if board.can_score else response


@require_safe
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """Spectators poll this; an unchanged game answers 204 (htmx swaps nothing) after one query."""
    return live_game(request, game_access(request.user, pk, Need.READ))


def live_game(
    request: HttpRequest,
    access: GameAccess,
    *,
    extra: Callable[[selectors.Board], Mapping[str, Any]] | None = None,
) -> HttpResponse:
    """What changed since the poll's stamp; LivePollMiddleware answered an unchanged page already,
    and this check covers a request that came past it (the stamp changed meanwhile, back again).
    `extra` adds what an embedding page swaps beside the board (`live_extra`: a template)."""
    if live.unchanged(request.GET.get("v", "")):
        return HttpResponse(status=204)
    board = selectors.game_board(access)
    context = {"board": board, "game": access.game, "poll": True, **(extra(board) if extra else {})}
    return render(request, "scorekeeper/game.html#live", context)


@require_safe
def deal_audit(request: HttpRequest, pk: int) -> HttpResponse:
    game = load_game(request.user, pk, Need.READ)
    return render(request, "scorekeeper/deal_audit.html", {"game": game, "audit": selectors.deal_audit(game)})


@require_POST
def game_abandon(request: HttpRequest, pk: int) -> HttpResponse:
    game = load_club_game(request.user, pk, "abandon")
    try:
        services.abandon_game(game_id=game.pk, by=request.user)
    except services.GameRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, gettext("Game abandoned: it counts nowhere. Resume it to play on."))
    return redirect("games:game", pk=game.pk)


@require_POST
def game_resume(request: HttpRequest, pk: int) -> HttpResponse:
    game = load_club_game(request.user, pk, "resume")
    services.resume_game(game_id=game.pk, by=request.user)
    messages.success(request, gettext("Game resumed."))
    return redirect("games:game", pk=game.pk)


@require_POST
def game_delete(request: HttpRequest, pk: int) -> HttpResponse:
    game = load_club_game(request.user, pk, "delete")
    services.delete_game(game_id=game.pk, by=request.user)
    messages.success(request, gettext("%(game)s deleted.") % {"game": game.title})
    return redirect("games:club", slug=game.club.slug)


@require_POST
def game_again(request: HttpRequest, pk: int) -> HttpResponse:
    """The next game with the same players in the same seats; a second tap opens the same one."""
    game = load_club_game(request.user, pk, "again")
    started = services.play_again(game_id=game.pk, by=request.user)
    return redirect("games:game", pk=started.pk)
