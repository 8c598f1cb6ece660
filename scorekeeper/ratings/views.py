"""A club's leaderboard per variant and a player's rating history, readable like the club itself."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import groupby

from django.db.models import Count, F, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from scorekeeper import rules
from scorekeeper.games.models import Club, Player, variant_name
from scorekeeper.games.permissions import Need, load_club
from scorekeeper.ratings.models import Rating, RatingChange
from scorekeeper.ratings.services import replayed_without
from scorekeeper.ratings.skill import DEFAULT, Skill, Z
from tournaments.access import unseen_events

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 8
LISTED = 50
"""The history lists the latest results only; the line shows them all."""


def variant_label(key: str) -> str:
    """The variant's name in the reader's language."""
    return variant_name(key)


def rated_variants(club: Club) -> list[str]:
    """The variants someone in the club has a rating in, in the rules' order."""
    found = set(Rating.objects.filter(player__club=club).values_list("variant", flat=True).distinct())
    return [key for key in rules.VARIANT_MODULES if key in found]


@dataclass(frozen=True)
class Place:
    rank: int
    rating: Rating
    events: int = 0
    """Finished tournaments rated: each once, by final place (its passes are no games of their own)."""

    @property
    def ordinal(self) -> float:
        return Skill(self.rating.mu, self.rating.sigma).ordinal


def _ranked(ratings: list[Rating], events: dict[int, int]) -> list[Place]:
    """Competition ranks by the rating shown (to its one decimal): equal ratings share a place."""
    places: list[Place] = []
    for index, rating in enumerate(ratings):
        place = Place(index + 1, rating, events.get(rating.player_id, 0))
        if places and round(places[-1].ordinal, 1) == round(place.ordinal, 1):
            place = Place(places[-1].rank, rating, place.events)
        places.append(place)
    return places


def rated_events(club: Club, variant: str) -> dict[int, int]:
    """Each player's rated tournaments in the variant, in one query."""
    rows = (
        RatingChange.objects.filter(player__club=club, variant=variant, tournament__isnull=False)
        .values("player_id")
        .order_by()
        .annotate(events=Count("pk"))
        .values_list("player_id", "events")
    )
    return dict(rows)


@require_safe
def leaderboard(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    """The club's ratings in the variant; to a visitor who may not see some of its events, as they would
    stand without those events (`replayed_without`)."""
    club = load_club(request.user, slug, Need.READ)
    if variant not in rules.VARIANT_MODULES:
        raise Http404(gettext("No such variant."))
    rows = RatingChange.objects.filter(player__club=club, variant=variant)
    left_out = unseen_events(request, club)
    if left_out and rows.filter(tournament_id__in=left_out).exists():
        ratings, events = _seen_board(club, variant, rows, left_out)
    else:
        ratings, events = _board(club, variant), rated_events(club, variant)
    context = {
        "club": club,
        "variant": variant,
        "variant_label": variant_label(variant),
        "variants": [(key, variant_label(key)) for key in rated_variants(club)],
        "places": _ranked(ratings, events),
    }
    return render(request, "scorekeeper/ratings/leaderboard.html", context)


def _board(club: Club, variant: str) -> list[Rating]:
    """The stored ratings, best first (equal ones by name)."""
    return list(
        Rating.objects.filter(player__club=club, variant=variant)
        .select_related("player")
        .annotate(ordinal=F("mu") - Z * F("sigma"))
        .order_by("-ordinal", "player__name")
    )


def _seen_board(
    club: Club, variant: str, rows: QuerySet[RatingChange], left_out: frozenset[int]
) -> tuple[list[Rating], dict[int, int]]:
    """The ratings and rated events as they would stand without the events `left_out`: a player rated
    only there is not on the board; games and wins stay (a tournament counts in neither)."""
    kept = replayed_without(rows.order_by(), left_out)
    last = {row.player_id: row for row in kept}  # in the history's order: each player's latest
    board = Rating.objects.filter(player__club=club, variant=variant, player_id__in=last)
    ratings = list(board.select_related("player"))
    for rating in ratings:
        rating.mu, rating.sigma = last[rating.player_id].mu_after, last[rating.player_id].sigma_after
    ratings.sort(key=lambda rating: (-Skill(rating.mu, rating.sigma).ordinal, rating.player.name))
    return ratings, dict(Counter(row.player_id for row in kept if row.tournament_id is not None))


@dataclass(frozen=True)
class Chart:
    """A rating line as SVG coordinates: x by game, y by rating, the zero line if it is in range."""

    points: str
    zero_y: float | None
    low: float
    high: float
    count: int
    """Results drawn: one fewer than the points (the line starts before the first)."""
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT


def chart(values: list[float]) -> Chart:
    """The line from the first rating (0 for a new player) through each change."""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (CHART_WIDTH - 2 * CHART_PAD) / max(len(values) - 1, 1)

    def y(value: float) -> float:
        return round(CHART_PAD + (high - value) / span * (CHART_HEIGHT - 2 * CHART_PAD), 1)

    points = " ".join(f"{round(CHART_PAD + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    return Chart(points, y(0.0) if low <= 0 <= high else None, low, high, len(values) - 1)


@dataclass(frozen=True)
class Step:
    """One rated game or event: the rating shown before and after it."""

    change: RatingChange
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class VariantHistory:
    variant: str
    label: str
    rating: Rating | None
    steps: list[Step]
    """The latest LISTED, newest first."""
    earlier: int
    """How many older results the list leaves out."""
    chart: Chart


def _history(variant: str, changes: list[RatingChange], rating: Rating | None) -> VariantHistory:
    steps = [
        Step(c, Skill(c.mu_before, c.sigma_before).ordinal, Skill(c.mu_after, c.sigma_after).ordinal)
        for c in changes
    ]
    values = [steps[0].before if steps else DEFAULT.ordinal, *(step.after for step in steps)]
    newest = steps[::-1]
    return VariantHistory(
        variant, variant_label(variant), rating, newest[:LISTED], max(len(newest) - LISTED, 0), chart(values)
    )


@require_safe
def rating_history(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Every rated game and event of the player, by variant: the line, then the list, newest first. To a
    visitor who may not see some of the player's events, without them and replayed as if never played:
    neither their places nor the ratings they moved show."""
    club = load_club(request.user, slug, Need.READ)
    player = get_object_or_404(Player, club=club, pk=pk)
    ratings = {rating.variant: rating for rating in Rating.objects.filter(player=player)}
    changes = list(_with_events(RatingChange.objects.filter(player=player)).order_by("variant", "at", "pk"))
    left_out = unseen_events(request, club)
    if any(change.tournament_id in left_out for change in changes):
        changes = _seen_changes(player, {change.variant for change in changes}, left_out)
    order = {key: index for index, key in enumerate(rules.VARIANT_MODULES)}
    histories = [
        _history(variant, list(rows), ratings.get(variant))
        for variant, rows in groupby(changes, key=lambda change: change.variant)
    ]
    histories.sort(key=lambda history: order.get(history.variant, len(order)))
    context = {"club": club, "player": player, "histories": histories}
    return render(request, "scorekeeper/ratings/history.html", context)


def _with_events(changes: QuerySet[RatingChange]) -> QuerySet[RatingChange]:
    """What a history's row shows: its tournament, or its game's number."""
    return changes.select_related("tournament").annotate(game_number=F("game__number"))


def _seen_changes(player: Player, variants: set[str], left_out: frozenset[int]) -> list[RatingChange]:
    """The player's history in `variants` replayed without the events `left_out`, by variant, in order.
    The replay reads the club's whole history of each variant: the others' ratings move the player's."""
    seen: list[RatingChange] = []
    for variant in sorted(variants):
        rows = RatingChange.objects.filter(player__club_id=player.club_id, variant=variant)
        replayed = replayed_without(_with_events(rows).order_by(), left_out)
        seen.extend(row for row in replayed if row.player_id == player.pk)
    return seen
