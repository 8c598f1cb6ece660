"""A club's season ranking across its events: pure, no Django.

The count, decided once here:

- Each event gives ranking points by final place from the season's table (25, 18, 15, 12, 10, 8, 6, 4,
  2, 1 by default): the winner gets the first number. Places past the table get 0. Equal places share the
  better place's points (two second places both get 18, the next player is fourth and gets 12): the
  standings' competition ranks say so already.
- The final's points count double. It is an event like any other otherwise: it counts only if it is among
  the player's best N, as one event (with its doubled points).
- Each player's best N events count (`best_of`; None: every event). Equal results compete for the last
  counted slot by event order, which never changes the total.
- Ranked by total; equal totals by more events won, then the better best place; still equal, they share
  the rank (1, 1, 3), listed by name. Wins and best place read every event played, counted or not.
- Only players with a place in at least one event appear.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scorekeeper.rules.base import gettext_noop

DEFAULT_POINTS = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
FINAL_FACTOR = 2


class SeasonError(ValueError):
    """The season's settings cannot rank; the message is for the club's admin, in English, marked with
    gettext_noop: the season page translates it."""


@dataclass(frozen=True)
class EventPlaces:
    """One finished event: each player's final place (1 = won)."""

    event: int
    places: Mapping[int, int]
    final: bool = False


@dataclass(frozen=True)
class SeasonLine:
    rank: int
    player: int
    total: int
    points: Mapping[int, int]
    """Event -> ranking points earned there (doubled in the final), counted or not."""
    counted: frozenset[int]
    """The events that make the total."""
    wins: int
    best_place: int


def place_points(place: int, table: Sequence[int]) -> int:
    """The table's points for a place (1 = first); past the table, 0."""
    return table[place - 1] if 1 <= place <= len(table) else 0


def check_rules(points_table: Sequence[int], best_of: int | None) -> None:
    if not points_table or any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in points_table):
        raise SeasonError(gettext_noop("The points table needs at least one number, each 0 or more."))
    if best_of is not None and best_of < 1:
        raise SeasonError(
            gettext_noop("Count at least one event per player, or leave it empty to count all.")
        )


def season_ranking(
    events: Sequence[EventPlaces],
    *,
    points_table: Sequence[int] = DEFAULT_POINTS,
    best_of: int | None = None,
    names: Mapping[int, str] | None = None,
) -> list[SeasonLine]:
    """The season standings, best first; `names` orders players who share a rank."""
    check_rules(points_table, best_of)
    order = {event.event: index for index, event in enumerate(events)}
    earned: dict[int, dict[int, int]] = {}
    places: dict[int, list[int]] = {}
    for event in events:
        factor = FINAL_FACTOR if event.final else 1
        for player, place in event.places.items():
            earned.setdefault(player, {})[event.event] = factor * place_points(place, points_table)
            places.setdefault(player, []).append(place)
    lines = [_line(player, earned[player], places[player], order, best_of) for player in earned]
    return _ranked(lines, names or {})


def _line(
    player: int, points: dict[int, int], places: list[int], order: Mapping[int, int], best_of: int | None
) -> SeasonLine:
    best = sorted(points, key=lambda event: (-points[event], order[event]))[:best_of]
    return SeasonLine(
        rank=0,
        player=player,
        total=sum(points[event] for event in best),
        points=points,
        counted=frozenset(best),
        wins=places.count(1),
        best_place=min(places),
    )


def _merit(line: SeasonLine) -> tuple[int, int, int]:
    return (-line.total, -line.wins, line.best_place)


def _ranked(lines: list[SeasonLine], names: Mapping[int, str]) -> list[SeasonLine]:
    lines.sort(key=lambda line: (_merit(line), names.get(line.player, ""), line.player))
    ranked: list[SeasonLine] = []
    for index, line in enumerate(lines):
        shares = ranked and _merit(ranked[-1]) == _merit(line)
        rank = ranked[-1].rank if shares else index + 1
        ranked.append(replace(line, rank=rank))
    return ranked


__all__ = [
    "DEFAULT_POINTS",
    "FINAL_FACTOR",
    "EventPlaces",
    "SeasonError",
    "SeasonLine",
    "check_rules",
    "place_points",
    "season_ranking",
]
