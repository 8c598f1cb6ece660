"""A player's page (games, statistics, partners, charts), head-to-head, and the history and game exports."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext_lazy, pgettext
from django.views.decorators.http import require_safe

from scorekeeper import rules
from scorekeeper.games import downloads, evenings
from scorekeeper.games.models import Club, Player, variant_name
from scorekeeper.games.permissions import Need, game_access, load_club
from scorekeeper.games.typed import whole
from scorekeeper.players import charts, exports
from scorekeeper.players import selectors as player_selectors
from scorekeeper.players import statistics as stats
from scorekeeper.players.selectors import Filters

PER_PAGE = 20
MY_LATEST = 10
"""A member's latest games per linked player on "My games"; their player page has all of them."""
SHOWN_RECORDS = 8
"""Partners and opponents listed: the most games together first."""
SHOWN_EVENINGS = 20
"""The latest evenings a player page lists."""
CHART_POINTS = 40
"""The latest passes (or games) in the line chart: more would crowd a phone."""
PASSES = npgettext_lazy("tournament round", "%(count)s pass", "%(count)s passes", "count")
GAMES = npgettext_lazy("chart: how many", "%(count)s game", "%(count)s games", "count")
TOURNAMENTS = npgettext_lazy("chart: how many", "%(count)s tournament", "%(count)s tournaments", "count")


@dataclass(frozen=True)
class ChartView:
    title: str
    label: str
    """What a screen reader says instead of the picture."""
    chart: charts.Chart
    unit: Promise
    """What a count is of, as a plural phrase: `unit % {"count": 3}` is "3 games"."""

    @property
    def bars(self) -> list[tuple[charts.Bar, str]]:
        """Each bar with what it says on hover: "70-79: 3 games"."""
        return [(bar, _bar_text(bar.label, self.unit % {"count": bar.value})) for bar in self.chart.bars]


def _player(request: HttpRequest, slug: str, pk: int) -> tuple[Club, Player]:
    """A private club's players are for its members only, like its games."""
    club = load_club(request.user, slug, Need.READ)
    return club, get_object_or_404(Player, club=club, pk=pk)


def _filters(request: HttpRequest, club: Club) -> Filters:
    """The GET filters; a visitor who is no member (`club.role` None) sees public events only."""
    year, variant = request.GET.get("year", ""), request.GET.get("variant", "")
    return Filters(
        year=whole(year, digits=4) if len(year) == 4 else None,
        variant=variant if variant in rules.VARIANT_MODULES else None,
        public_only=club.role is None,
    )


def _bar_text(label: str, amount: str) -> str:
    return pgettext("chart: a range or date, then its value", "%(label)s: %(value)s") % {
        "label": label,
        "value": amount,
    }


def _summary(title: str, series: Sequence[tuple[str, float]], unit: Promise) -> str:
    values = [value for _label, value in series]
    return _(
        "%(title)s: %(amount)s from %(first)s to %(last)s; lowest %(lowest)s, highest %(highest)s, "
        "last %(latest)s."
    ) % {
        "title": title,
        "amount": unit % {"count": len(series)},
        "first": series[0][0],
        "last": series[-1][0],
        "lowest": charts.number(min(values)),
        "highest": charts.number(max(values)),
        "latest": charts.number(values[-1]),
    }


def _line(title: str, series: Sequence[tuple[str, float]], unit: Promise, **options: Any) -> ChartView | None:
    if not series:
        return None
    series = series[-CHART_POINTS:]
    return ChartView(title, _summary(title, series, unit), charts.line_chart(series, **options), unit)


def _charts(data: player_selectors.History, filters: Filters) -> list[ChartView]:
    """Points per pass (or per deal where no pass was played), rank per event, a score distribution."""
    # only the points shown get a date in words: a thousand date_format calls took 30 ms
    short = [(_day(label), value) for label, value in stats.pass_points(data.games)[-CHART_POINTS:]]
    points = _line(_("Points per pass"), short, PASSES)
    if points is None:
        per_deal = [(_day(label), value) for label, value in stats.deal_points(data.games)[-CHART_POINTS:]]
        points = _line(_("Schieber points per deal, game by game"), per_deal, GAMES)
    events = player_selectors.rank_series(data.tournaments)[-CHART_POINTS:]
    ranks = [(_day(label), value) for label, value in events]
    shown = [points, _line(_("Rank per tournament"), ranks, TOURNAMENTS, invert=True, whole=True, include=1)]
    variant = filters.variant or stats.main_variant(data.games)
    if variant:
        bins = charts.histogram(stats.game_totals(data.games, variant))
        title = _("%(variant)s: points per game") % {"variant": variant_name(variant)}
        counts = [(b.label, b.count) for b in bins]
        ranges = ", ".join(_bar_text(b.label, str(b.count)) for b in bins)
        label = ngettext(
            "%(title)s, %(count)s range: %(ranges)s.", "%(title)s, %(count)s ranges: %(ranges)s.", len(bins)
        ) % {"title": title, "count": len(bins), "ranges": ranges}
        shown.append(ChartView(title, label, charts.bar_chart(counts), GAMES))
    return [chart for chart in shown if chart is not None]


def _day(iso: str) -> str:
    """2025-03-04 as the reader's locale writes a short date (04.03.2025 in Swiss German)."""
    return date_format(date.fromisoformat(iso), "SHORT_DATE_FORMAT")


@require_safe
def player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    filters = _filters(request, club)
    years, variants = player_selectors.choices(person, public_only=filters.public_only)
    data = player_selectors.history(person, filters)
    partners = stats.partners(data.games, data.names)
    opponents = stats.opponents(data.games, data.names)
    context = {
        "club": club,
        "player": person,
        "filters": filters,
        "years": years,
        "variants": variants,
        "page": Paginator(data.games, PER_PAGE).get_page(request.GET.get("page")),
        "running": sum(1 for game in data.games if not game.finished),
        "stats": stats.statistics(data.games),
        "partners": partners[:SHOWN_RECORDS],
        "opponents": opponents[:SHOWN_RECORDS],
        "best_partner": stats.best_partner(partners),
        "toughest_opponent": stats.toughest_opponent(opponents),
        "min_games": stats.MIN_GAMES,
        "tournaments": data.tournaments,
        "evenings": evenings.player_evenings(person)[:SHOWN_EVENINGS],
        "charts": _charts(data, filters),
    }
    return render(request, "scorekeeper/player.html", context)


@login_required
@require_safe
def my_games(request: HttpRequest) -> HttpResponse:
    """The signed-in member's roster players (one per club), the latest games of each and their
    ratings: their way to "my games" and "my rating" without looking for their name in the roster."""
    players = player_selectors.linked_players(request.user)
    games = player_selectors.latest_games(players, MY_LATEST)
    context = {"players": players, "linked": [(player, games[player.pk]) for player in players]}
    return render(request, "scorekeeper/my_games.html", context)


@require_safe
def player_vs(request: HttpRequest, slug: str, pk: int, other: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    rival = get_object_or_404(Player, club=club, pk=other)
    if rival.pk == person.pk:
        return redirect("players:player", slug=club.slug, pk=person.pk)
    shared = player_selectors.shared_games(person, rival, public_only=club.role is None)
    games, _names = player_selectors.played_games(person, shared)
    context = {
        "club": club,
        "player": person,
        "rival": rival,
        "overall": stats.head_to_head(games, rival.pk, rival.name),
        "per_variant": [
            (variant, stats.head_to_head(played, rival.pk, rival.name))
            for variant, played in stats.by_variant(games).items()
        ],
        "page": Paginator(games, PER_PAGE).get_page(request.GET.get("page")),
    }
    return render(request, "scorekeeper/player_vs.html", context)


def _history_name(club: Club, person: Player) -> str:
    return f"{club.slug}-player-{person.pk}-history"


def _history_table(request: HttpRequest, slug: str, pk: int) -> downloads.Table:
    """The player's games under the page's filters: one read and one check for the CSV and the Excel file."""
    club, person = _player(request, slug, pk)
    games, names = player_selectors.played_games(person, _filters(request, club).games(person))
    return downloads.Table(exports.history_csv_rows(games, names), _history_name(club, person))


@require_safe
def history_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return downloads.csv_response(_history_table(request, slug, pk))


@require_safe
def history_xlsx(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return downloads.xlsx_response(_history_table(request, slug, pk))


@require_safe
def history_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, person = _player(request, slug, pk)
    data = player_selectors.history(person, _filters(request, club))
    who = {"id": person.pk, "name": person.name, "club": club.slug}
    return downloads.json_response(
        exports.history_json(who, data.games, data.names, data.tournaments),
        f"{_history_name(club, person)}.json",
    )


def _record_table(request: HttpRequest, pk: int) -> downloads.Table:
    """A whole game's record: one read and one check for the CSV and the Excel file."""
    game = game_access(request.user, pk, Need.READ).game
    return downloads.Table(exports.record_csv_rows(player_selectors.game_record(game)), f"game-{game.pk}")


@require_safe
def game_record_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return downloads.csv_response(_record_table(request, pk))


@require_safe
def game_record_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    return downloads.xlsx_response(_record_table(request, pk))


@require_safe
def game_record_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = game_access(request.user, pk, Need.READ).game
    return downloads.json_response(player_selectors.game_record(game), f"game-{game.pk}.json")
