"""Being written: each view answers 501 until it is."""

from django.http import HttpRequest, HttpResponse


def seating(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def schedule(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def table_cards(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def score_sheets(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def final_standings(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def standings_csv(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)


def deals_csv(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse(status=501)
