"""Rate limiting of the pages that check or hash a password (sign-in, password change, sign-up: django-axes
per username and address, and limits per address in the cache) wired to this deployment (where a client's
address comes from, which calls to `authenticate` are sign-in attempts at all), cache headers for every
page, and input no view should ever see."""

from __future__ import annotations

import ipaddress
import logging
import math
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import wraps
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.models import User
from django.contrib.auth.views import PasswordChangeView
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables

logger = logging.getLogger(__name__)


def client_ip(request: HttpRequest) -> str | None:
    """The address that sent the request: the socket's peer, unless that peer is one of
    TRUSTED_PROXY_ADDRESSES. Then X-Forwarded-For is read from the right, one entry per proxy
    (TRUSTED_PROXIES), as long as each hop read so far is a configured proxy itself: entries further
    left, and any header a client sent straight to the app, are the client's to forge."""
    address = request.META.get("REMOTE_ADDR")
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [part for part in forwarded if part]
    for _hop in range(settings.TRUSTED_PROXIES):
        if not hops or not is_trusted_proxy(address):
            break
        address = hops.pop()
    return address


def is_trusted_proxy(address: str | None) -> bool:
    """Whether `address` is one of TRUSTED_PROXY_ADDRESSES (addresses or networks, IPv4 or IPv6)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped:  # a dual-stack socket's form of an IPv4 peer
        ip = ip.ipv4_mapped
    return any(ip in ipaddress.ip_network(net, strict=False) for net in settings.TRUSTED_PROXY_ADDRESSES)


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The username typed into the sign-in form, as axes records it: cut to the longest a user can have,
    since axes stores it in 255 characters and the sign-in form passes on any length."""
    typed = credentials.get("username") if credentials else request.POST.get("username")
    longest = User._meta.get_field(User.USERNAME_FIELD).max_length
    return None if typed is None else str(typed)[:longest]


class SignInAttemptsBackend(AxesStandaloneBackend, ModelBackend):
    """The one authentication backend: the address's limit, axes' lockout check, then the user and
    password; a failure counts against the address.

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
        if request is None:
            return ModelBackend.authenticate(self, request, username, password, **kwargs)
        address = client_ip(request)
        until = paused_until(address)
        if until is not None:
            raise SignInsPaused(until)
        # raises AxesBackendPermissionDenied for a locked-out username and address
        AxesStandaloneBackend.authenticate(self, request, username, password, **kwargs)
        user = ModelBackend.authenticate(self, request, username, password, **kwargs)
        if user is None:
            count_failure(address)
        return user


# ---- failed sign-ins per address ----------------------------------------------------------------------


class SignInsPaused(Exception):
    """An address failed to sign in too often: refused before any password is hashed (each hash costs
    the server most of a second, whether or not the username exists). Not a PermissionDenied, which
    `authenticate` would count as one more failure: it reaches SignInsPausedMiddleware instead."""

    def __init__(self, until: datetime) -> None:
        super().__init__(until)
        self.until = until


def _failures_key(address: str) -> str:
    return f"sign-in-failures:{address}"


def _sign_ups_key(address: str) -> str:
    return f"sign-ups:{address}"


def paused_until(address: str | None) -> datetime | None:
    """When `address` may try again, if it failed SIGN_IN_FAILURES_PER_ADDRESS times in its window: failed
    sign-ins and wrong old passwords on the password change alike, both check a password.

    A cache that fails (Redis gone) pauses nobody: axes' lock per username and address still holds."""
    if address is None:
        return None
    return _full_until(_failures_key(address), settings.SIGN_IN_FAILURES_PER_ADDRESS)


def sign_ups_paused_until(address: str | None) -> datetime | None:
    """When `address` may sign up again, if SIGN_UPS_PER_ADDRESS accounts were created from it in its
    window: each sign-up hashes a password, and a script could fill the site with accounts."""
    if address is None:
        return None
    return _full_until(_sign_ups_key(address), settings.SIGN_UPS_PER_ADDRESS)


def count_failure(address: str | None) -> None:
    """One more failed password check from `address`, in a window that opens with its first failure and
    lasts AXES_COOLOFF_TIME."""
    if address is not None:
        _count(_failures_key(address), settings.AXES_COOLOFF_TIME)


def count_sign_up(address: str | None) -> None:
    """One more account created from `address`, in a window of SIGN_UP_WINDOW from the first."""
    if address is not None:
        _count(_sign_ups_key(address), settings.SIGN_UP_WINDOW)


def _full_until(key: str, limit: int) -> datetime | None:
    """The end of the window kept under `key` if its count reached `limit`; None when the cache fails."""
    try:
        kept = cache.get(key)
    except Exception:
        logger.warning("cache read failed for %s", key, exc_info=True)
        return None
    if kept is None:
        return None
    count, until = kept
    return until if count >= limit and until > timezone.now() else None


def _count(key: str, window: timedelta) -> None:
    """One more under `key`, in a window that opens with the first and lasts `window`. Read, then
    written: two at the same moment may count as one, which bends the limit a little and keeps the
    cache backend's choice free (the database's or Redis)."""
    now = timezone.now()
    try:
        count, until = cache.get(key) or (0, now + window)
        if until <= now:
            count, until = 0, now + window
        cache.set(key, (count + 1, until), timeout=math.ceil((until - now).total_seconds()))
    except Exception:
        logger.warning("cache write failed for %s", key, exc_info=True)


def paused_response(request: HttpRequest, until: datetime, *, sign_ups: bool = False) -> HttpResponse:
    """The lockout page (429) for an address, in the visitor's language: when to try again, in whole
    minutes rounded up, and the same in seconds for a program (Retry-After). `sign_ups`: the address
    created too many accounts, rather than failed too many passwords."""
    seconds = max(1, math.ceil((until - timezone.now()).total_seconds()))
    context = {
        "address_paused": not sign_ups,
        "sign_ups_paused": sign_ups,
        "cooloff_timedelta": timedelta(minutes=math.ceil(seconds / 60)),
    }
    response = render(request, settings.AXES_LOCKOUT_TEMPLATE, context, status=429)
    response["Retry-After"] = str(seconds)
    return response


class SignInsPausedMiddleware:
    """Turns SignInsPaused, raised by any sign-in form (ours, the admin's), into the lockout page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, SignInsPaused):
            return paused_response(request, exception.until)
        return None


# ---- the other pages that check or hash a password --------------------------------------------------------


class CheckedPasswordChangeForm(PasswordChangeForm):
    """Django's password change, its old password checked by `authenticate` as a sign-in is: the same
    backend refuses a paused address and a locked-out account before any hash, and a wrong old password
    counts against the same budgets (the address's, axes' for the username and address). Without it the
    page was a way to guess a password without limit, and to keep the server hashing."""

    def __init__(self, user: AbstractBaseUser, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    @sensitive_variables("old_password")
    def clean_old_password(self) -> str:
        old_password = self.cleaned_data["old_password"]
        # a locked-out account: None here, and AxesMiddleware answers with the lockout page
        checked = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if checked is None or checked.pk != self.user.pk:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class CheckedPasswordChangeView(PasswordChangeView):
    """The account page's password change, through CheckedPasswordChangeForm."""

    form_class = CheckedPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}


def limit_sign_ups(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The sign-up view, refused (429, before the form is read) to an address that failed too many
    passwords or created SIGN_UPS_PER_ADDRESS accounts in its window; an account created counts. A
    sign-up that worked signs its new account in: that is how it is told from a refused form."""

    @wraps(view)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        address = client_ip(request)
        if (until := paused_until(address)) is not None:
            return paused_response(request, until)
        if (until := sign_ups_paused_until(address)) is not None:
            return paused_response(request, until, sign_ups=True)
        before = request.user.pk
        response = view(request, *args, **kwargs)
        if request.user.pk is not None and request.user.pk != before:
            count_sign_up(address)
        return response

    return limited


class ProtocolFromProxies:
    """X-Forwarded-Proto is believed only from TRUSTED_PROXY_ADDRESSES, like X-Forwarded-For.

    Django's SECURE_PROXY_SSL_HEADER takes the header from anyone: a client that reaches the app's port
    directly over plain HTTP could claim "https" and be served without the redirect to HTTPS, its secure
    cookies sent in the clear. First in the chain, so SecurityMiddleware never sees a forged one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "HTTP_X_FORWARDED_PROTO" in request.META and not is_trusted_proxy(request.META.get("REMOTE_ADDR")):
            del request.META["HTTP_X_FORWARDED_PROTO"]
        return self.get_response(request)


# ---- caching --------------------------------------------------------------------------------------------


class PrivateResponses:
    """Cache-Control for every response of the app's own (whitenoise serves the static files before
    this): `private`, so a browser may keep a page and no shared cache (a proxy, a CDN) may. Every page
    holds its visitor's CSRF token, and a signed-in member's clubs, roles and private games. A download
    (an export) is `no-store` as well: it may hold a whole club's deals, its table links and PINs. A
    view that set its own Cache-Control (the service worker's, a live page's) keeps it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Disposition", "").startswith("attachment"):
            patch_cache_control(response, private=True, no_store=True)
        elif not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True)
        return response


# ---- input no view should see ---------------------------------------------------------------------------


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
