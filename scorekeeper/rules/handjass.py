"""Handjass: 2 to 4 players, each for themself, playing until one is left: the loser.

Each deal gives two game points to the two best totals (cards and melds) among those who made
`min_points` (21) and -1 to everyone below it; a player reaching `out_at` (7) drops out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import (
    CARD_POINTS,
    CARD_POINTS_WORDS,
    NO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    Words,
    gettext_noop,
    is_int,
    refuse_after_end,
    require_entry,
    require_int,
    require_known,
    require_mapping,
    require_player_card_points,
    require_seats,
    text,
)
from .dropout import DropOut
from .ties import award

FIELDS = frozenset({"tricks", "melds", "passed", "tie_order"})
MAX_MELDS = 600
PASSED = text(gettext_noop("Passed"))
MELDS = text(gettext_noop("Melds"))

ALONE: dict[str, str] = {
    "tricks": gettext_noop("Only %(name)s stayed in and takes both points without play: no card points."),
    "melds": gettext_noop("Only %(name)s stayed in and takes both points without play: no melds."),
    "tie_order": gettext_noop("Only %(name)s stayed in and takes both points without play: no tie order."),
}
"""By the field entered although nobody played against the one left in."""

PASSED_WITHOUT: dict[str, str] = {
    "tricks": gettext_noop("%(name)s passed and has no card points."),
    "melds": gettext_noop("%(name)s passed and has no melds."),
}
"""By the field that names a player who passed."""


def score(seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
    """Score a whole Handjass game; refuses the first bad deal."""
    players = require_seats(seats, VARIANT.player_counts)
    out_at, min_points = _settings({**VARIANT.defaults, **settings})
    table = DropOut(players)
    totals = dict.fromkeys(players, 0)
    results: list[DealResult] = []
    for number, entry in enumerate(deals, start=1):
        if table.finished:
            refuse_after_end(number, number - 1)
        scores, details = _deal(number, entry, table, min_points)
        for player, points in scores.items():
            totals[player] += points
        details["out"] = table.settle(totals, out_at)
        results.append(DealResult(number, scores, details))
    ranking = table.ranking(totals)
    return GameResult(
        variant=VARIANT.key,
        sides=tuple(players),
        deals=tuple(results),
        totals=totals,
        finished=table.finished,
        winner=table.winner(ranking),
        ranking=ranking,
        state=table.state(),
    )


def _settings(settings: Mapping[str, Any]) -> tuple[int, int]:
    out_at = require_int(
        settings["out_at"],
        deal=None,
        field="out_at",
        low=1,
        high=100,
        what=text(gettext_noop("Dropping out at")),
    )
    min_points = require_int(
        settings["min_points"],
        deal=None,
        field="min_points",
        low=0,
        high=CARD_POINTS,
        what=text(gettext_noop("The points to make")),
    )
    return out_at, min_points


def _deal(number: int, entry: Any, table: DropOut, min_points: int) -> tuple[dict[str, int], dict[str, Any]]:
    """Game points of one deal for every seat (0 for those out or passed), and what to show."""
    require_entry(number, entry, FIELDS)
    passed = _passed(entry.get("passed"), table, number)
    playing = [player for player in table.still_in if player not in passed]
    if not playing:
        message = gettext_noop("Everybody passed: nothing to record, deal again.")
        raise InvalidDeal(number, "passed", text(message))
    scores = dict.fromkeys(table.seats, 0)
    if len(playing) == 1:
        return _alone(number, entry, playing[0], scores)
    tricks = _tricks(entry.get("tricks"), table, playing, number)
    melds = _melds(entry.get("melds"), table, playing, number)
    made = {player: tricks[player] + melds.get(player, 0) for player in playing}
    qualified = {player: total for player, total in made.items() if total >= min_points}
    prizes = (1, 1) if len(qualified) > 1 else (2,) if qualified else ()
    for player, points in award(qualified, prizes, entry.get("tie_order"), deal=number).items():
        scores[player] = points
    apples = [player for player in playing if made[player] < min_points]
    for player in apples:
        scores[player] = -1
    return scores, {"apples": apples, "totals": made}


def _alone(
    number: int, entry: Mapping[str, Any], player: str, scores: dict[str, int]
) -> tuple[dict[str, int], dict[str, Any]]:
    """All the others passed: the one left wins both points without play, so nothing else is entered."""
    for field, message in ALONE.items():
        if entry.get(field) is not None:
            raise InvalidDeal(number, field, text(message, name=player))
    scores[player] = 2
    return scores, {"apples": [], "totals": {}}


def _passed(raw: Any, table: DropOut, number: int) -> set[str]:
    if raw is None:
        return set()
    if not isinstance(raw, list):
        raise InvalidDeal(number, "passed", text(gettext_noop("Passed must be a list of player names.")))
    passed: set[str] = set()
    for value in raw:
        name = table.require_in(value, deal=number, field="passed", what=PASSED)
        if name in passed:
            message = gettext_noop("%(name)s is listed twice as passed.")
            raise InvalidDeal(number, "passed", text(message, name=name))
        passed.add(name)
    return passed


def _players_of(
    raw: Any, field: str, what: Words, table: DropOut, playing: list[str], number: int
) -> Mapping[str, Any]:
    """The entry's map for `field`, naming only players who played this deal."""
    raw = require_mapping(raw, deal=number, field=field, what=what)
    require_known(raw, table.seats, deal=number, field=field, what=what)
    for name in raw:
        table.require_in(name, deal=number, field=field, what=what)
        if name not in playing:
            raise InvalidDeal(number, field, text(PASSED_WITHOUT[field], name=name))
    return raw


def _tricks(raw: Any, table: DropOut, playing: list[str], number: int) -> dict[str, int]:
    """The card points of everyone who played, adding up to 157."""
    field = "tricks"
    if raw is None:
        message = gettext_noop("Give the card points of every player who played.")
        raise InvalidDeal(number, field, text(message))
    raw = _players_of(raw, field, CARD_POINTS_WORDS, table, playing, number)
    points: dict[str, int] = {}
    for player in playing:
        if player not in raw:
            message = gettext_noop("The card points of %(name)s are missing.")
            raise InvalidDeal(number, field, text(message, name=player), item=player)
        points[player] = require_player_card_points(raw[player], deal=number, field=field, player=player)
    total = sum(points.values())
    if total != CARD_POINTS:
        message = gettext_noop("The card points must add up to %(all)s, not %(total)s.")
        raise InvalidDeal(number, field, text(message, all=CARD_POINTS, total=total))
    return points


def _melds(raw: Any, table: DropOut, playing: list[str], number: int) -> dict[str, int]:
    """Weis and Stöck per player: 0, 20, or a multiple of 10 from 40 up to 600."""
    if raw is None:
        return {}
    raw = _players_of(raw, "melds", MELDS, table, playing, number)
    for player, value in raw.items():
        if not is_valid_meld(value):
            message = gettext_noop(
                "The melds of %(name)s must be 0, 20 or a multiple of 10 from 40 to %(most)s."
            )
            raise InvalidDeal(number, "melds", text(message, name=player, most=MAX_MELDS), item=player)
    return dict(raw)


def is_valid_meld(value: Any) -> bool:
    """Weis come in 20, 50, 100, ... and Stöck is 20: a sum of them is never 10 or 30."""
    return is_int(value) and (value in (0, 20) or (40 <= value <= MAX_MELDS and value % 10 == 0))


class Handjass:
    """The variant as the registry sees it."""

    key = "handjass"
    name = gettext_noop("Handjass")
    defaults: dict[str, Any] = {"out_at": 7, "min_points": 21}
    presets: dict[str, dict[str, Any]] = {"standard": dict(defaults)}
    player_counts = (2, 3, 4)
    teams = NO_TEAMS
    lowest_wins = False
    trumps = False
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        return score(seats, settings, deals)


VARIANT = Handjass()
