"""A player's page (games, statistics, partners, charts), head-to-head, and the history and game exports."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from .. import charts, exports, history, player_selectors, rules
from ..models import Club, Player
from ..permissions import Need, game_access, load_club
from ..player_selectors import Filters

PER_PAGE = 20
SHOWN_RECORDS = 8
"""Partners and opponents listed: the most games together first."""
CHART_POINTS = 40
"""The latest passes (or games) in the line chart: more would crowd a phone."""


@dataclass(frozen=True)
class ChartView:
    title: str
    label: str
    """What a screen reader says instead of the picture."""
    chart: charts.Chart
    unit: str


def _player(request: HttpRequest, slug: str, pk: int) -> tuple[Club, Player]:
    """A private club's players are for its members only, like its games."""
    club = load_club(request.user, slug, Need.READ)
    return club, get_object_or_404(Player, club=club, pk=pk)


def _filters(request: HttpRequest) -> Filters:
    year, variant = request.GET.get("year", ""), request.GET.get("variant", "")
    return Filters(
        year=int(year) if year.isdigit() and len(year) == 4 else None,
        variant=variant if variant in rules.VARIANT_MODULES else None,
    )


def _summary(title: str, series: Sequence[tuple[str, float]], unit: str) -> str:
    values = [value for _, value in series]
    return (
        f"{title}: {len(series)} {unit} from {series[0][0]} to {series[-1][0]}; "
        f"lowest {charts.number(min(values))}, highest {charts.number(max(values))}, "
        f"last {charts.number(values[-1])}."
    )


def _line(title: str, series: Sequence[tuple[str, float]], unit: str, **options: Any) -> ChartView | None:
    if not series:
        return None
    series = series[-CHART_POINTS:]
    return ChartView(title, _summary(title, series, unit), charts.line_chart(series, **options), unit)


def _charts(data: player_selectors.History, filters: Filters) -> list[ChartView]:
    """Points per pass (or per deal where no pass was played), rank per event, a score distribution."""
    short = [(_day(label), value) for label, value in history.pass_points(data.games)]
    points = _line("Points per pass", short, "passes")
    if points is None:
        per_deal = [(_day(label), value) for label, value in history.deal_points(data.games)]
        points = _line("Schieber points per deal, game by game", per_deal, "games")
    ranks = [(_day(label), value) for label, value in player_selectors.rank_series(data.tournaments)]
    shown = [points, _line("Rank per tournament", ranks, "tournaments", invert=True, whole=True, include=1)]
    variant = filters.variant or history.main_variant(data.games)
    if variant:
        bins = charts.histogram(history.game_totals(data.games, variant))
        title = f"{variant.capitalize()}: points per game"
        counts = [(b.label, b.count) for b in bins]
        label = f"{title}, {len(bins)} ranges: " + ", ".join(f"{b.label}: {b.count}" for b in bins) + "."
        shown.append(ChartView(title, label, charts.bar_chart(counts), "games"))
    return [chart for chart in shown if chart is not None]


def _day(iso: str) -> str:
    """2025-03-04 -> 4.3.25: short enough for four labels under a phone-wide chart."""
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{day}.{month}.{year % 100:02d}"


@require_GET
def player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    filters = _filters(request)
    years, variants = player_selectors.choices(person)
    data = player_selectors.history(person, filters)
    partners = history.partners(data.games, data.names)
    opponents = history.opponents(data.games, data.names)
    context = {
        "club": club,
        "player": person,
        "filters": filters,
        "years": years,
        "variants": variants,
        "page": Paginator(data.games, PER_PAGE).get_page(request.GET.get("page")),
        "running": sum(1 for game in data.games if not game.finished),
        "stats": history.statistics(data.games),
        "partners": partners[:SHOWN_RECORDS],
        "opponents": opponents[:SHOWN_RECORDS],
        "best_partner": history.best_partner(partners),
        "toughest_opponent": history.toughest_opponent(opponents),
        "min_games": history.MIN_GAMES,
        "tournaments": data.tournaments,
        "charts": _charts(data, filters),
    }
    return render(request, "scorekeeper/player.html", context)


@require_GET
def player_vs(request: HttpRequest, slug: str, pk: int, other: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    rival = get_object_or_404(Player, club=club, pk=other)
    if rival.pk == person.pk:
        return redirect("player", slug=club.slug, pk=person.pk)
    games, _ = player_selectors.played_games(person, player_selectors.shared_games(person, rival))
    context = {
        "club": club,
        "player": person,
        "rival": rival,
        "overall": history.head_to_head(games, rival.pk, rival.name),
        "per_variant": [
            (variant, history.head_to_head(played, rival.pk, rival.name))
            for variant, played in history.by_variant(games).items()
        ],
        "page": Paginator(games, PER_PAGE).get_page(request.GET.get("page")),
    }
    return render(request, "scorekeeper/player_vs.html", context)


def _history_name(club: Club, person: Player, extension: str) -> str:
    return f"{club.slug}-player-{person.pk}-history.{extension}"


@require_GET
def history_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    games, names = player_selectors.played_games(person, _filters(request).games(person))
    return exports.csv_response(exports.history_csv_rows(games, names), _history_name(club, person, "csv"))


@require_GET
def history_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    data = player_selectors.history(person, _filters(request))
    who = {"id": person.pk, "name": person.name, "club": club.slug}
    return exports.json_response(
        exports.history_json(who, data.games, data.names, data.tournaments),
        _history_name(club, person, "json"),
    )


@require_GET
def game_record_csv(request: HttpRequest, pk: int) -> HttpResponse:
    game = game_access(request.user, pk, Need.READ).game
    record = player_selectors.game_record(game)
    return exports.csv_response(exports.record_csv_rows(record), f"game-{game.pk}.csv")


@require_GET
def game_record_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = game_access(request.user, pk, Need.READ).game
    return exports.json_response(player_selectors.game_record(game), f"game-{game.pk}.json")
