"""Which language a page speaks: the visitor's choice, else the club's, else the browser's, else English.

Django's LocaleMiddleware settles the visitor's choice (the language cookie, set by the footer's
picker through `set_language`) or else the browser's Accept-Language. A club's pages learn their club
only in the view, where permissions.load_club and its siblings load it: they call `use_club_language`,
which switches to the club's language unless the visitor chose one. For that call the middleware keeps
the request it is answering, the way Django keeps the active language: per thread (or async context),
for the duration of the request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asgiref.local import Local
from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware import locale
from django.utils import translation
from django.utils.cache import patch_vary_headers

if TYPE_CHECKING:
    from scorekeeper.games.models import Club

_answering = Local()


def chosen_language(request: HttpRequest) -> str | None:
    """The language the visitor picked in the footer (the language cookie), if it is one of ours."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's LocaleMiddleware that also remembers the request, for `use_club_language`."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        _answering.request = request

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        _answering.request = None
        # The language cookie chooses the language as much as Accept-Language does.
        patch_vary_headers(response, ("Cookie",))
        return super().process_response(request, response)


def use_club_language(club: Club) -> None:
    """Answer this request in the club's language, if the club set one and the visitor chose none; a
    club without one (its language just cleared) in the language the browser asks for.

    Outside a request (a command, a test calling the loaders directly) it changes nothing: the active
    language would otherwise outlive the call.
    """
    request = getattr(_answering, "request", None)
    if request is None or chosen_language(request):
        return
    try:  # a code dropped from LANGUAGES since the club chose it: the browser's language
        language = translation.get_supported_language_variant(club.language) if club.language else None
    except LookupError:
        language = None
    translation.activate(language or translation.get_language_from_request(request))
    request.LANGUAGE_CODE = translation.get_language()
