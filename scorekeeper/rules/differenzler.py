"""Differenzler: each player predicts their card points; the miss is the penalty, lowest total wins.

A match is simply 157 for one player (no bonus), and there is no Weis or Stöck (rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from .base import (
    CARD_POINTS,
    MODES,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    rank,
    refuse_after_end,
    require_card_points,
    require_entry,
    require_int,
    require_known,
    require_seats,
    sole_winner,
)

KEY = "differenzler"
ENTRY_FIELDS = frozenset({"trump", "predictions", "points"})
MAX_DEALS = 100
MAX_EXACT_BONUS = CARD_POINTS
TRUMPS = frozenset(MODES)

DEFAULTS: dict[str, Any] = {"exact_bonus": 0, "deals": 12}


class Differenzler:
    """The Variant for Differenzler; `score` replays every entry from the start."""

    key = KEY
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {"standard": DEFAULTS}
    player_counts = (3, 4)

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        players = require_seats(seats, self.player_counts)
        bonus = require_int(
            settings["exact_bonus"],
            deal=None,
            field="exact_bonus",
            low=0,
            high=MAX_EXACT_BONUS,
            what="The bonus for an exact prediction",
        )
        last = require_deals(settings)
        totals = dict.fromkeys(players, 0)
        results: list[DealResult] = []
        for number, entry in enumerate(deals, start=1):
            if number > last:
                refuse_after_end(number, last)
            result = _score_deal(number, entry, players, bonus)
            for name, score in result.scores.items():
                totals[name] += score
            results.append(result)
        finished = len(results) == last
        ranking = rank(totals, lowest_wins=True)
        return GameResult(
            variant=KEY,
            sides=tuple(players),
            deals=tuple(results),
            totals=totals,
            finished=finished,
            winner=sole_winner(ranking, finished),
            ranking=ranking,
            state={"deals_left": last - len(results)},
        )


def _score_deal(number: int, entry: Any, players: list[str], bonus: int) -> DealResult:
    """Penalty |points - prediction|, less the club's bonus for an exact hit."""
    require_entry(number, entry, ENTRY_FIELDS)
    trump = _trump(number, entry)
    predictions = _predictions(number, entry, players)
    points = player_points(number, entry, players)
    scores: dict[str, int] = {}
    for name in players:
        miss = abs(points[name] - predictions[name])
        scores[name] = miss if miss else -bonus
    details = {"trump": trump, "predictions": predictions, "points": points}
    return DealResult(number, scores, details)


def _trump(number: int, entry: Entry) -> str:
    trump = entry.get("trump")
    if trump is None:
        raise InvalidDeal(number, "trump", "Name the trump of this deal.")
    if not isinstance(trump, str) or trump not in TRUMPS:
        raise InvalidDeal(
            number,
            "trump",
            f"{trump!r} is not a trump: use hearts, diamonds, spades, clubs, obenabe or undenufe.",
        )
    return trump


def _predictions(number: int, entry: Entry, players: list[str]) -> dict[str, int]:
    """Every player predicts 0 to 157 (1 is a fair guess, unlike 1 card point)."""
    raw = _player_map(
        number, entry, "predictions", "Predictions", players, "Enter every player's prediction."
    )
    predictions: dict[str, int] = {}
    for name in players:
        if name not in raw:
            _refuse_missing(number, raw, players, "predictions", "Predictions", f"{name} has no prediction.")
        value = raw[name]
        if type(value) is not int or not 0 <= value <= CARD_POINTS:  # the common case stays cheap
            what = f"{name}'s prediction"
            value = require_int(value, deal=number, field="predictions", low=0, high=CARD_POINTS, what=what)
        predictions[name] = value
    return predictions


# ---- shared with Molotow: per-player card points, the deal count, the entry shape, the winner ----------


def player_points(number: int, entry: Entry, players: list[str]) -> dict[str, int]:
    """Every player's card points: 0 to 157, never 1, together exactly 157."""
    raw = _player_map(number, entry, "points", "Card points", players, "Enter every player's card points.")
    points: dict[str, int] = {}
    for name in players:
        if name not in raw:
            _refuse_missing(number, raw, players, "points", "Card points", f"{name} has no card points.")
        value = raw[name]
        if type(value) is not int or not 0 <= value <= CARD_POINTS or value == 1:  # cheap common case
            value = require_card_points(value, deal=number, field="points", what=f"{name}'s card points")
        points[name] = value
    total = sum(points.values())
    if total != CARD_POINTS:
        raise InvalidDeal(number, "points", f"Card points must total {CARD_POINTS}; these total {total}.")
    return points


def _player_map(
    number: int, entry: Entry, field: str, what: str, players: list[str], missing: str
) -> Mapping[str, Any]:
    """The entry's map from player to number; a name not at the table is refused before a missing one."""
    raw = entry.get(field)
    if raw is None:
        raise InvalidDeal(number, field, missing)
    if not isinstance(raw, Mapping):
        raise InvalidDeal(number, field, f"{what} must map each player to a number.")
    if len(raw) > len(players):
        require_known(raw, players, deal=number, field=field, what=what)
    return raw


def _refuse_missing(
    number: int, raw: Mapping[str, Any], players: list[str], field: str, what: str, message: str
) -> NoReturn:
    """A player is missing: name a stranger in their place first, it is the likelier typo."""
    require_known(raw, players, deal=number, field=field, what=what)
    raise InvalidDeal(number, field, message)


def require_deals(settings: Settings) -> int:
    """How many deals make the game: a whole number from 1 to 100."""
    return require_int(
        settings["deals"], deal=None, field="deals", low=1, high=MAX_DEALS, what="The number of deals"
    )


VARIANT = Differenzler()
