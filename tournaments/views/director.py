"""Being written: each view answers 501 until it is."""

from django.http import HttpRequest, HttpResponse


def create(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def dashboard(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def settings(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def entrants(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def entrant(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def draw(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def undo(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def reopen(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def substitute(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)
