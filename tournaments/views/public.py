"""Being written: each view answers 501 until it is."""

from django.http import HttpRequest, HttpResponse


def event(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def register(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def where_do_i_sit(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def standings(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def projector(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def entrant(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)
