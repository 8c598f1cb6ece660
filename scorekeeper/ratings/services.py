"""Keeps the stored ratings in line with the club's finished games and tournaments.

A player's ratings are a pure function of their club's finished games and tournaments of that variant,
rated in the order they finished (a game: its last deal; a tournament: its last deal, after its tables).
So every change is settled the same way:

- a game that finishes after everything else (the usual case) is rated on top of the current ratings;
- a correction that changes a finished game's result or un-finishes it, or a game that finishes before
  one already rated, replays the club's history of that variant from the game's place in the order on.
  The later games are read back from the stored history (each row keeps its player's team and place),
  never re-scored: a few ms for a club's evening, openskill rates a 2 v 2 game in about 50 µs;
- `rebuild_club` (the recompute_ratings command) re-scores every stored game and replays it all: the
  reference that the incremental updates must equal.

Writes run in the caller's transaction with the club row locked, so two tables finishing at once are
rated one after the other.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Count, Max, Q

from scorekeeper import rules
from scorekeeper.games.models import COUNTED, Club, Deal, Game
from scorekeeper.ratings.models import Rating, RatingChange
from scorekeeper.ratings.skill import (
    DEFAULT,
    GAME,
    TOURNAMENT,
    Change,
    Event,
    Participant,
    Skill,
    event_participants,
    game_participants,
    replay,
)
from scorekeeper.rules.base import GameResult
from tournaments.formats import format_facts
from tournaments.models import Tournament
from tournaments.results import final_places

# ---- events ----------------------------------------------------------------------------------------


def game_event(game: Game, result: GameResult | None = None) -> Event | None:
    """The finished game as rated: its seats and places; None while it runs, once abandoned or deleted,
    or with fewer than 2 sides.

    Reads `game.seats` and `game.deals` (prefetched by the rebuild); `result` spares re-scoring.
    """
    if not game.finished or not game.counts:
        return None
    seats = sorted(game.seats.all(), key=lambda seat: seat.position)
    deals = sorted(game.deals.all(), key=lambda deal: deal.number)
    if result is None:
        result = rules.score_game(
            game.variant,
            [seat.name for seat in seats],
            game.settings,
            [deal.entry for deal in deals],
            deal_limit=game.deal_limit,
        )
    participants = _participants(game.variant, seats, result, game.settings)
    at = max((deal.created_at for deal in deals), default=game.created_at)
    return _event((at, GAME, game.pk), participants)


def _participants(
    variant: str, seats: Sequence[Any], result: GameResult, settings: Mapping[str, Any] | None
) -> tuple[Participant, ...]:
    seated = ((s.player_id, s.position, s.name) for s in seats)
    return game_participants(variant, seated, result.ranking, settings)


def tournament_event(tournament: Tournament) -> Event | None:
    """The finished tournament as rated: everyone who played, by final place; fixed partners as a team."""
    if not tournament.finished:
        return None
    final = final_places(tournament)
    last_deal = Deal.objects.filter(game__tournament_table__pass_played__tournament=tournament).aggregate(
        at=Max("created_at")
    )["at"]
    at = last_deal or tournament.created_at
    return _event((at, TOURNAMENT, tournament.pk), event_participants(final.places, final.partners))


def _event(key: tuple[Any, int, int], participants: tuple[Participant, ...]) -> Event | None:
    if len({p.team for p in participants}) < 2:
        return None
    return Event(key, participants)


def _key(row: RatingChange) -> tuple[Any, int, int]:
    if row.game_id is not None:
        return (row.at, GAME, row.game_id)
    return (row.at, TOURNAMENT, row.tournament_id)


def _events(rows: Iterable[RatingChange]) -> list[Event]:
    """The events as stored: each row holds its player's team and place."""
    grouped: dict[tuple[Any, int, int], list[Participant]] = defaultdict(list)
    for row in rows:
        grouped[_key(row)].append(Participant(row.player_id, row.team, row.rank))
    return [Event(key, tuple(sorted(found))) for key, found in grouped.items()]


# ---- a history read without some events ----------------------------------------------------------------


def replayed_without(rows: Iterable[RatingChange], left_out: Collection[int]) -> list[RatingChange]:
    """A variant's whole stored history (`rows`, every player's) as it would stand had the tournaments
    `left_out` never been rated: their rows gone, every other row's before and after replayed from the
    start, in the history's order. Unsaved; for a visitor who may not see those events, whose places
    would show through the ratings otherwise (a variant played only there ranks exactly by them).
    openskill rates a game in about 50 µs, so a club's history replays in a few ms."""
    kept = sorted((row for row in rows if row.tournament_id not in left_out), key=_key)
    replayed = {(change.event.key, change.participant.player): change for change in replay(_events(kept), {})}
    for row in kept:
        change = replayed[(_key(row), row.player_id)]
        row.mu_before, row.sigma_before = change.before.mu, change.before.sigma
        row.mu_after, row.sigma_after = change.after.mu, change.after.sigma
    return kept


# ---- settling one game or tournament -----------------------------------------------------------------


def rate_game(game: Game, result: GameResult | None = None) -> None:
    """After a write to `game`: its rating effect matches the game as stored now. Idempotent.

    A tournament's table is not rated as a game of its own (a pass at one table is not a game the
    players chose): the tournament is rated once, by final places, when it finishes; a correction
    to a table of a finished tournament re-rates the tournament, whose places may have moved.
    """
    tournament = Tournament.objects.filter(pass_set__tables__game=game).first()
    if tournament is None:
        _settle(game.club_id, game.variant, Q(game=game), game_event(game, result))
    elif tournament.finished:
        rate_tournament(tournament)


def rate_tournament(tournament: Tournament) -> None:
    """After a tournament finished (or was reopened): its rating effect matches it. Idempotent."""
    variant = format_facts(tournament.format).variant
    _settle(tournament.club_id, variant, Q(tournament=tournament), tournament_event(tournament))


def game_scored(sender: type[Game], game: Game, result: GameResult, **kwargs: Any) -> None:
    """The games app's signal: a finished game's result was written or corrected."""
    rate_game(game, result)


def tournament_saved(sender: type[Tournament], instance: Tournament, created: bool, **kwargs: Any) -> None:
    """post_save of a tournament: finishing or reopening it moves the ratings, whoever saved it."""
    if kwargs.get("raw"):
        return
    if instance.finished or (not created and RatingChange.objects.filter(tournament=instance).exists()):
        rate_tournament(instance)


@transaction.atomic(savepoint=False)
def _settle(club_id: int, variant: str, this: Q, new: Event | None) -> None:
    """Replace the stored effect of one game or tournament (`this`) with `new` (None: no effect)."""
    list(Club.objects.select_for_update().filter(pk=club_id).values_list("pk"))
    old_rows = list(RatingChange.objects.filter(this))
    old = next(iter(_events(old_rows)), None)
    if old == new:
        return
    point = min(event.key for event in (old, new) if event is not None)
    later_rows = [
        row
        for row in RatingChange.objects.filter(player__club_id=club_id, variant=variant, at__gte=point[0])
        .exclude(this)
        .order_by()
        if _key(row) >= point
    ]
    replaced = old_rows + later_rows
    events = _events(later_rows) + ([new] if new else [])
    start = _start(variant, replaced, new)
    RatingChange.objects.filter(pk__in=[row.pk for row in replaced]).delete()
    changes = list(replay(events, start))
    RatingChange.objects.bulk_create(_row(variant, change) for change in changes)
    final = {**start, **{change.participant.player: change.after for change in changes}}
    _store(variant, final)


def _start(variant: str, replaced: Sequence[RatingChange], new: Event | None) -> dict[int, Skill]:
    """Each player's skill just before the replay: the before of their first replaced row, else now."""
    start: dict[int, Skill] = {}
    for row in sorted(replaced, key=_key):
        start.setdefault(row.player_id, Skill(row.mu_before, row.sigma_before))
    unseen = {p.player for p in new.participants} - start.keys() if new else set()
    stored = Rating.objects.filter(player_id__in=unseen, variant=variant).values_list(
        "player_id", "mu", "sigma"
    )
    start.update({player: Skill(mu, sigma) for player, mu, sigma in stored})
    return {**dict.fromkeys(unseen, DEFAULT), **start}


def _row(variant: str, change: Change) -> RatingChange:
    event, participant = change.event, change.participant
    return RatingChange(
        player_id=participant.player,
        variant=variant,
        game_id=event.pk if event.kind == GAME else None,
        tournament_id=event.pk if event.kind == TOURNAMENT else None,
        team=participant.team,
        rank=participant.rank,
        won=change.won,
        mu_before=change.before.mu,
        sigma_before=change.before.sigma,
        mu_after=change.after.mu,
        sigma_after=change.after.sigma,
        at=event.key[0],
    )


def _store(variant: str, skills: dict[int, Skill]) -> None:
    """The players' Rating rows: their final skill and counts; no history left, no rating."""
    counts = {
        player: (games, wins)
        for player, games, wins in RatingChange.objects.filter(player_id__in=skills, variant=variant)
        .values("player_id")
        .order_by()
        .annotate(
            games=Count("pk", filter=Q(game__isnull=False)),
            wins=Count("pk", filter=Q(game__isnull=False, won=True)),
        )
        .values_list("player_id", "games", "wins")
    }
    gone = skills.keys() - counts.keys()
    if gone:
        Rating.objects.filter(player_id__in=gone, variant=variant).delete()
    kept = []
    for player, skill in skills.items():
        if player in counts:
            games, wins = counts[player]
            kept.append(
                Rating(
                    player_id=player, variant=variant, mu=skill.mu, sigma=skill.sigma, games=games, wins=wins
                )
            )
    Rating.objects.bulk_create(
        kept,
        update_conflicts=True,
        unique_fields=["player", "variant"],
        update_fields=["mu", "sigma", "games", "wins", "updated_at"],
    )


# ---- rebuilding from the stored games ------------------------------------------------------------------


@transaction.atomic
def rebuild_club(club: Club) -> int:
    """Every rating of the club from its stored games and tournaments, re-scored; the number of events."""
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
    RatingChange.objects.filter(player__club=club).delete()
    Rating.objects.filter(player__club=club).delete()
    by_variant: dict[str, list[Event]] = defaultdict(list)
    games = Game.objects.filter(COUNTED, club=club, finished=True, tournament_table__isnull=True)
    games = games.prefetch_related("seats", "deals")
    for game in games:
        if (event := game_event(game)) is not None:
            by_variant[game.variant].append(event)
    for tournament in Tournament.objects.filter(club=club, finished=True):
        if (event := tournament_event(tournament)) is not None:
            by_variant[format_facts(tournament.format).variant].append(event)
    for variant, events in by_variant.items():
        changes = list(replay(events, {}))
        RatingChange.objects.bulk_create(_row(variant, change) for change in changes)
        _store(variant, {change.participant.player: change.after for change in changes})
    return sum(len(events) for events in by_variant.values())


__all__ = [
    "game_event",
    "rate_game",
    "rate_tournament",
    "rebuild_club",
    "replayed_without",
    "tournament_event",
    "tournament_saved",
]
