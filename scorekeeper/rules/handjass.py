"""Handjass: 2 to 4 players, each for themself, playing until one is left: the loser.

Each deal gives two game points to the two best totals (cards and melds) among those who made
`min_points` (21) and -1 to everyone below it; a player reaching `out_at` (7) drops out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import (
    CARD_POINTS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    is_int,
    refuse_after_end,
    require_card_points,
    require_entry,
    require_int,
    require_known,
    require_mapping,
    require_seats,
)
from .dropout import DropOut
from .ties import award

FIELDS = frozenset({"tricks", "melds", "passed", "tie_order"})
MAX_MELDS = 600


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
        settings["out_at"], deal=None, field="out_at", low=1, high=100, what="Dropping out at"
    )
    min_points = require_int(
        settings["min_points"],
        deal=None,
        field="min_points",
        low=0,
        high=CARD_POINTS,
        what="The points to make",
    )
    return out_at, min_points


def _deal(number: int, entry: Any, table: DropOut, min_points: int) -> tuple[dict[str, int], dict[str, Any]]:
    """Game points of one deal for every seat (0 for those out or passed), and what to show."""
    require_entry(number, entry, FIELDS)
    passed = _passed(entry.get("passed"), table, number)
    playing = [player for player in table.still_in if player not in passed]
    if not playing:
        raise InvalidDeal(number, "passed", "Everybody passed: nothing to record, deal again.")
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
    for field, what in (("tricks", "card points"), ("melds", "melds"), ("tie_order", "tie order")):
        if entry.get(field) is not None:
            raise InvalidDeal(
                number, field, f"Only {player} stayed in and takes both points without play: no {what}."
            )
    scores[player] = 2
    return scores, {"apples": [], "totals": {}}


def _passed(raw: Any, table: DropOut, number: int) -> set[str]:
    if raw is None:
        return set()
    if not isinstance(raw, list):
        raise InvalidDeal(number, "passed", "Passed must be a list of player names.")
    passed: set[str] = set()
    for value in raw:
        name = table.require_in(value, deal=number, field="passed", what="Passed")
        if name in passed:
            raise InvalidDeal(number, "passed", f"{name} is listed twice as passed.")
        passed.add(name)
    return passed


def _players_of(
    raw: Any, field: str, what: str, table: DropOut, playing: list[str], number: int
) -> Mapping[str, Any]:
    """The entry's map for `field`, naming only players who played this deal."""
    raw = require_mapping(raw, deal=number, field=field, what=what)
    require_known(raw, table.seats, deal=number, field=field, what=what)
    for name in raw:
        table.require_in(name, deal=number, field=field, what=what)
        if name not in playing:
            raise InvalidDeal(number, field, f"{name} passed and has no {what.lower()}.")
    return raw


def _tricks(raw: Any, table: DropOut, playing: list[str], number: int) -> dict[str, int]:
    """The card points of everyone who played, adding up to 157."""
    field = "tricks"
    if raw is None:
        raise InvalidDeal(number, field, "Give the card points of every player who played.")
    raw = _players_of(raw, field, "Card points", table, playing, number)
    points: dict[str, int] = {}
    for player in playing:
        if player not in raw:
            raise InvalidDeal(number, field, f"The card points of {player} are missing.")
        points[player] = require_card_points(
            raw[player], deal=number, field=field, what=f"The card points of {player}"
        )
    total = sum(points.values())
    if total != CARD_POINTS:
        raise InvalidDeal(number, field, f"The card points must add up to {CARD_POINTS}, not {total}.")
    return points


def _melds(raw: Any, table: DropOut, playing: list[str], number: int) -> dict[str, int]:
    """Weis and Stöck per player: 0, 20, or a multiple of 10 from 40 up to 600."""
    if raw is None:
        return {}
    raw = _players_of(raw, "melds", "Melds", table, playing, number)
    for player, value in raw.items():
        if not is_valid_meld(value):
            raise InvalidDeal(
                number,
                "melds",
                f"The melds of {player} must be 0, 20 or a multiple of 10 from 40 to {MAX_MELDS}.",
            )
    return dict(raw)


def is_valid_meld(value: Any) -> bool:
    """Weis come in 20, 50, 100, ... and Stöck is 20: a sum of them is never 10 or 30."""
    return is_int(value) and (value in (0, 20) or (40 <= value <= MAX_MELDS and value % 10 == 0))


class Handjass:
    """The variant as the registry sees it."""

    key = "handjass"
    defaults: dict[str, Any] = {"out_at": 7, "min_points": 21}
    presets: dict[str, dict[str, Any]] = {"standard": dict(defaults)}
    player_counts = (2, 3, 4)

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        return score(seats, settings, deals)


VARIANT = Handjass()
