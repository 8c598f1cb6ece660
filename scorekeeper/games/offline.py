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


def keep_offline(response: HttpResponse, user: User | AnonymousUser) -> HttpResponse:
    """Marks a page the service worker may keep for its owner: a live game or table page."""
    response["X-Offline-Page"] = owner_key(user)
    response["Cache-Control"] = "private, no-cache"
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
