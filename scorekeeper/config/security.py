"""Sign-in rate limiting (django-axes) wired to this deployment (where a client's address comes from,
which calls to `authenticate` are sign-in attempts at all), and input no view should ever see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.utils import translation
from django.utils.translation import gettext as _


def client_ip(request: HttpRequest) -> str | None:
    """The address that sent the request. Behind TRUSTED_PROXIES reverse proxies it is the one the
    outermost proxy appended to X-Forwarded-For (entries further left are the client's to forge);
    with none, the socket's peer, so a forged header cannot dodge the lockout."""
    proxies = settings.TRUSTED_PROXIES
    if proxies > 0:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [part for part in forwarded if part]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The username typed into the sign-in form, as axes records it: cut to the longest a user can have,
    since axes stores it in 255 characters and the sign-in form passes on any length."""
    typed = credentials.get("username") if credentials else request.POST.get("username")
    longest = User._meta.get_field(User.USERNAME_FIELD).max_length
    return None if typed is None else str(typed)[:longest]


class SignInAttemptsBackend(AxesStandaloneBackend, ModelBackend):
    """The one authentication backend: axes' lockout check, then the user and password.

    A call without a request (a script, the test client's `login`) is no attempt from the outside,
    and axes would refuse it outright: it goes straight to the password check. One backend rather
    than axes' plus Django's, so `login(request, user)` after sign-up needs no backend named."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> AbstractBaseUser | None:
        if request is not None:
            # raises AxesBackendPermissionDenied for a locked-out username and address
            AxesStandaloneBackend.authenticate(self, request, username, password, **kwargs)
        return ModelBackend.authenticate(self, request, username, password, **kwargs)


def _has_nul(values: QueryDict) -> bool:
    return any("\x00" in key or any("\x00" in value for value in items) for key, items in values.lists())


class RefuseNulBytes:
    """400 for a request with a NUL character in its path, query, form or cookies. No field takes one
    (Django's form fields refuse it too), and PostgreSQL refuses it in any text: a raw value handed to
    a query (a search box, a table link, a session cookie) would otherwise fail as a server error."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _carries_nul(request):
            # refused before LocaleMiddleware ran: the browser's language, as it would have chosen
            with translation.override(translation.get_language_from_request(request)):
                message = _("A NUL character is not accepted.")
            return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def _carries_nul(request: HttpRequest) -> bool:
    cookies = "".join(f"{name}{value}" for name, value in request.COOKIES.items())
    return (
        "\x00" in request.path
        or "\x00" in cookies
        or _has_nul(request.GET)
        or (request.method == "POST" and _has_nul(request.POST))
    )
