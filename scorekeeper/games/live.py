"""The live pages' poll: a signed stamp of what a page shows, checked before any session or template work.

A live page (a club game, a tournament table) polls `live/?v=<stamp>`. The stamp names the page's kind,
its key and the state it showed, signed, so that a visitor learns nothing of a game they could not open.
While the state is unchanged, LivePollMiddleware answers 204 after one small query: that is all an idle
phone costs. Other apps register how to read their pages' state (tournaments: a table's), so the games
layer never imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.signing import BadSignature, TimestampSigner
from django.http import HttpRequest, HttpResponse

if TYPE_CHECKING:
    from scorekeeper.games.permissions import GameAccess


@dataclass(frozen=True)
class LiveKind:
    """How one kind of live page reads its state: as stored now (by key), and as a page shows it."""

    current: Callable[[str], str | None]
    shown: Callable[[GameAccess], str]


_kinds: dict[str, LiveKind] = {}
_signer = TimestampSigner(salt="scorekeeper.games.live")
MAX_AGE_S = 3600
"""An older stamp goes through the view and its access check, and the answer carries a fresh one: a
visitor who lost access (a member removed, an old table link) stops learning when the game changes."""


def register(kind: str, live: LiveKind) -> None:
    _kinds[kind] = live


def stamp(access: GameAccess) -> str:
    kind, key = access.live_page or ("game", str(access.game.pk))
    return _signer.sign(f"{kind}:{key}:{_kinds[kind].shown(access)}")


def unchanged(value: str) -> bool:
    """True when the stamp is ours and its page still shows what it showed then."""
    try:
        kind, key, state = _signer.unsign(value, max_age=MAX_AGE_S).split(":", 2)
    except (BadSignature, ValueError):
        return False
    live = _kinds.get(kind)
    return live is not None and live.current(key) == state


def _game_now(key: str) -> str | None:
    """A club game's page changes with its deals; a member's role change shows at the next reload."""
    from scorekeeper.games.models import Game

    revision = Game.objects.filter(pk=int(key)).values_list("revision", flat=True).first()
    return None if revision is None else str(revision)


register("game", LiveKind(current=_game_now, shown=lambda access: str(access.game.revision)))


def shown(value: str) -> str | None:
    """The state a stamp of ours was made for, else None: a page tells what changed since."""
    try:
        return _signer.unsign(value, max_age=MAX_AGE_S).split(":", 2)[2]
    except (BadSignature, IndexError):
        return None


class LivePollMiddleware:
    """First in line: an unchanged live page costs one query, no session, no template, no language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("GET", "HEAD") and request.path.endswith("/live/"):
            value = request.GET.get("v")
            if value and unchanged(value):
                return HttpResponse(status=204)
        return self.get_response(request)
