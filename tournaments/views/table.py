"""Being written: each view answers 501 until it is."""

from django.http import HttpRequest, HttpResponse


def table(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def live(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def deal_add(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def deal_preview(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def deal_edit(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def deal_delete(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def confirm(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)
