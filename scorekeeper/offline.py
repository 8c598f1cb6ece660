"""Whose pages and deals a phone keeps for use without a network (the service worker, the outbox)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpResponse
from django.utils.crypto import salted_hmac


def owner_key(user: User | AnonymousUser) -> str:
    """Whose pages and deals a phone keeps: the service worker empties its pages for another owner,
    and the outbox sends only its owner's deals. Not the user's id itself, which a page need not tell."""
    who = f"user:{user.pk}" if user.is_authenticated else "anonymous"
    return salted_hmac("scorekeeper.offline", who).hexdigest()[:16]


def keep_offline(response: HttpResponse, user: User | AnonymousUser) -> HttpResponse:
    """Marks a page the service worker may keep for its owner: a live game or table page."""
    response["X-Offline-Page"] = owner_key(user)
    response["Cache-Control"] = "private, no-cache"
    return response
