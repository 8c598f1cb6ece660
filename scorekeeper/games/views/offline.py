"""What the phone needs to keep working without a network: the service worker, the page it shows for a
kept copy that outlived its session, and a fresh CSRF token for the outbox to send again with after the
old one was refused."""

from __future__ import annotations

from functools import cache

from django.contrib.auth.models import AnonymousUser
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@cache
def _service_worker() -> bytes:
    path = finders.find("scorekeeper/sw.js")
    with open(path, "rb") as file:
        return file.read()


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root, so it may look after every page of the site (a static file could not)."""
    response = HttpResponse(_service_worker(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline_expired(request: HttpRequest) -> HttpResponse:
    """What the service worker shows, with no network, in place of a game page it kept past the end of
    its owner's session: no game, and what became of the deals typed and not saved yet. The worker asks
    for it when it keeps a page, so it is at hand in the owner's language when the network is not; drawn
    as for a visitor signed out, so it names nobody to whoever holds the phone then."""
    return render(request, "scorekeeper/offline_expired.html", {"user": AnonymousUser()})


@never_cache
@require_safe
def csrf_token(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"token": get_token(request)})


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """Django's CSRF refusal, as our translated 403 page, marked so that the outbox and the htmx error
    message know to fetch a fresh token rather than give up."""
    response = render(request, "403.html", {"csrf_failure": True}, status=403)
    response["X-CSRF-Failure"] = "1"
    return response
