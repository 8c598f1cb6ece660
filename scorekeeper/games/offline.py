"""Whose pages and deals a phone keeps for use without a network (the service worker, the outbox)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac


def owner_key(user: User | AnonymousUser) -> str:
    """Whose pages and deals a phone keeps: the service worker empties its pages for another owner,
    and the outbox sends only its owner's deals. Not the user's id itself, which a page need not tell."""
    who = f"user:{user.pk}" if user.is_authenticated else "anonymous"
    return salted_hmac("scorekeeper.games.offline", who).hexdigest()[:16]


def keep_offline(response: HttpResponse, request: HttpRequest) -> HttpResponse:
    """Marks a page the service worker may keep for its owner: a live game or table page. A signed-in
    owner's copy carries when their session ends (X-Offline-Until, milliseconds since 1970, as a
    script's Date.now()): past it, the worker shows no copy but the page that says it expired, since
    whoever holds the phone then would not see the game online either. A table link's phone has no
    session to end: its copy does not expire."""
    response["X-Offline-Page"] = owner_key(request.user)
    response["Cache-Control"] = "private, no-cache"
    if request.user.is_authenticated:
        response["X-Offline-Until"] = str(int(request.session.get_expiry_date().timestamp() * 1000))
    return response


class OfflineOwnerMiddleware:
    """Every page says whose it is (X-Offline-Owner): the service worker forgets the pages it kept for
    another owner as soon as the phone shows anyone else's page (a session ended, someone signed in)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response["X-Offline-Owner"] = owner_key(request.user)
        return response
