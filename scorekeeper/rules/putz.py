"""Putz (Apple): 3 or 5 players, each for themself; the game counts points and apples, not card points.

A player below `apple_below` card points gets an apple (-1); the best players get points by a
table that depends on how many apples fell. The game ends when someone reaches `win_at` or
`lose_at`; the highest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import (
    CARD_POINTS,
    NO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    gettext_noop,
    rank,
    refuse_after_end,
    require_entry,
    require_int,
    require_known,
    require_player_card_points,
    require_seats,
    sole_winner,
    text,
)
from .ties import award

FIELDS = frozenset({"points", "tie_order"})
POINTS = text(gettext_noop("Points"))

PRIZES: dict[int, dict[int, tuple[int, ...]]] = {
    3: {0: (1, 1), 1: (1, 1), 2: (2,)},
    5: {0: (1, 1, 1), 1: (1, 1, 1), 2: (2, 1, 1), 3: (2, 2), 4: (3,)},
}
"""Points by place among the players without an apple, by the number of apples (rules.md).

When every player has an apple (possible only with a raised `apple_below`) nobody takes a point.
"""

LOSE_AT = {3: -4, 5: -5}
"""`lose_at` None means: by player count ("below -3" with 3 players, -5 with 5)."""


def score(seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
    """Score a whole Putz game; refuses the first bad deal."""
    players = require_seats(seats, VARIANT.player_counts)
    apple_below, win_at, lose_at = _settings({**VARIANT.defaults, **settings}, len(players))
    prizes = PRIZES[len(players)]
    totals = dict.fromkeys(players, 0)
    apples = dict.fromkeys(players, 0)
    results: list[DealResult] = []
    finished = False
    for number, entry in enumerate(deals, start=1):
        if finished:
            refuse_after_end(number, number - 1)
        result = _deal(number, entry, players, apple_below, prizes)
        for player, points in result.scores.items():
            totals[player] += points
        for player in result.details["apples"]:
            apples[player] += 1
        results.append(result)
        finished = any(total >= win_at or total <= lose_at for total in totals.values())
    ranking = rank(totals)
    return GameResult(
        variant=VARIANT.key,
        sides=tuple(players),
        deals=tuple(results),
        totals=totals,
        finished=finished,
        winner=sole_winner(ranking, finished),
        ranking=ranking,
        state={"apples": apples},
    )


def _settings(settings: Mapping[str, Any], players: int) -> tuple[int, int, int]:
    apple_below = require_int(
        settings["apple_below"],
        deal=None,
        field="apple_below",
        low=0,
        high=CARD_POINTS,
        what=text(gettext_noop("The apple limit")),
    )
    win_at = require_int(
        settings["win_at"],
        deal=None,
        field="win_at",
        low=1,
        high=100,
        what=text(gettext_noop("The winning mark")),
    )
    lose_at = settings["lose_at"]
    if lose_at is None:
        return apple_below, win_at, LOSE_AT[players]
    what = text(gettext_noop("The losing mark"))
    lose_at = require_int(lose_at, deal=None, field="lose_at", low=-100, high=-1, what=what)
    return apple_below, win_at, lose_at


def _deal(
    number: int, entry: Any, players: list[str], apple_below: int, prizes: Mapping[int, tuple[int, ...]]
) -> DealResult:
    """Apples to everyone below the limit, points by place to the others (ties as the table says)."""
    require_entry(number, entry, FIELDS)
    points = _points(entry.get("points"), players, number)
    apples = [player for player in players if points[player] < apple_below]
    candidates = {player: points[player] for player in players if points[player] >= apple_below}
    given = award(candidates, prizes.get(len(apples), ()), entry.get("tie_order"), deal=number)
    scores = {player: given.get(player, -1) for player in players}
    return DealResult(number, scores, {"apples": apples, "points": dict.fromkeys(players, 0) | given})


def _points(raw: Any, players: list[str], number: int) -> dict[str, int]:
    """Every player's card points, adding up to 157."""
    if raw is None:
        raise InvalidDeal(number, "points", text(gettext_noop("Give the card points of every player.")))
    if not isinstance(raw, Mapping):  # not base.require_mapping: it says "team" for "points"
        message = gettext_noop("Points must map each player to a number.")
        raise InvalidDeal(number, "points", text(message))
    require_known(raw, players, deal=number, field="points", what=POINTS)
    points: dict[str, int] = {}
    for player in players:
        if player not in raw:
            message = gettext_noop("The card points of %(name)s are missing.")
            raise InvalidDeal(number, "points", text(message, name=player), item=player)
        points[player] = require_player_card_points(raw[player], deal=number, field="points", player=player)
    total = sum(points.values())
    if total != CARD_POINTS:
        message = gettext_noop("The card points must add up to %(all)s, not %(total)s.")
        raise InvalidDeal(number, "points", text(message, all=CARD_POINTS, total=total))
    return points


class Putz:
    """The variant as the registry sees it."""

    key = "putz"
    name = gettext_noop("Putz")
    defaults: dict[str, Any] = {"apple_below": 21, "win_at": 7, "lose_at": None}
    presets: dict[str, dict[str, Any]] = {"standard": dict(defaults)}
    player_counts = (3, 5)
    teams = NO_TEAMS
    lowest_wins = False
    trumps = False
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        return score(seats, settings, deals)


VARIANT = Putz()
