"""Finished tournaments' final places by player, and the season table built from them.

What the season ranking and the ratings read; the ranking itself is tournaments.season (pure).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from scorekeeper.games.models import Player

from .formats import format_facts
from .models import Entrant, Season, Tournament
from .season import EventPlaces, SeasonLine, season_ranking
from .selectors import standings
from .standings import Standing


@dataclass(frozen=True)
class FinalPlaces:
    places: dict[int, int]
    """Player id -> final place (1 = won; equal places share the better one)."""
    partners: dict[int, int] = field(default_factory=dict)
    """Player id -> their fixed partner's player id, both ways (team Schieber, Coiffeur)."""


def played(standing: Standing) -> bool:
    """At least one pass at a table: a registered no-show (or byes only) gets no place."""
    return any(
        score is not None and number not in standing.byes for number, score in enumerate(standing.passes, 1)
    )


def final_places(tournament: Tournament) -> FinalPlaces:
    """Four queries: the standings' three and the entrants' players.

    Fixed partners share their team's better place: the standings may part equal partners by lot,
    but they won (or lost) together.
    """
    entrants = {
        pk: (player, partner)
        for pk, player, partner in Entrant.objects.filter(tournament=tournament).values_list(
            "pk", "player_id", "partner__player_id"
        )
    }
    places = {
        entrants[line.standing.entrant][0]: line.standing.rank
        for line in standings(tournament)
        if line.standing.entrant in entrants and played(line.standing)
    }
    if not format_facts(tournament.format).fixed_pairs:
        return FinalPlaces(places)
    partners: dict[int, int] = {}
    for player, partner in entrants.values():
        if partner is not None and player in places and partner in places:
            partners[player], partners[partner] = partner, player
    shared = {
        player: min(place, places[partners[player]]) if player in partners else place
        for player, place in places.items()
    }
    return FinalPlaces(shared, partners)


@dataclass(frozen=True)
class SeasonTable:
    events: list[Tournament]
    """Every event of the season, oldest first; only the finished ones count (`finished`)."""
    lines: list[SeasonLine]
    names: dict[int, str]

    @property
    def finished(self) -> list[Tournament]:
        return [event for event in self.events if event.finished]


def season_table(season: Season, left_out: Collection[int] = ()) -> SeasonTable:
    """Two queries and four per finished event (its standings): an event counts once it is finished.
    The events `left_out` (those the visitor may not see) count as if they were not in the season: their
    points in a total or a win would give their places away.

    Raises SeasonError if the stored settings cannot rank (the form never saves such settings).
    """
    chosen = Tournament.objects.filter(season_events__season=season).exclude(pk__in=left_out)
    events = list(chosen.order_by("created_at", "pk"))
    places = [
        EventPlaces(event.pk, final_places(event).places, final=event.pk == season.final_id)
        for event in events
        if event.finished
    ]
    players = {player for event in places for player in event.places}
    names = dict(Player.objects.filter(pk__in=players).values_list("pk", "name"))
    lines = season_ranking(places, points_table=season.points_table, best_of=season.best_of, names=names)
    return SeasonTable(events, lines, names)


__all__ = ["FinalPlaces", "SeasonTable", "final_places", "played", "season_table"]
