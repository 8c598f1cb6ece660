"""Differenzler: each player predicts their card points; the miss is the penalty, lowest total wins.

A match is simply 157 for one player (no bonus), and there is no Weis or Stöck (rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from .base import (
    CARD_POINTS,
    CARD_POINTS_WORDS,
    MODES,
    NO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    Text,
    Words,
    gettext_noop,
    rank,
    refuse_after_end,
    require_card_points,
    require_entry,
    require_int,
    require_known,
    require_seats,
    sole_winner,
    text,
)

KEY = "differenzler"
ENTRY_FIELDS = frozenset({"trump", "predictions", "points"})
MAX_DEALS = 100
MAX_EXACT_BONUS = CARD_POINTS
TRUMPS = frozenset(MODES)

DEFAULTS: dict[str, Any] = {"exact_bonus": 0, "deals": 12}

PREDICTIONS = text(gettext_noop("Predictions"))
ENTER_PREDICTIONS = text(gettext_noop("Enter every player's prediction."))
ENTER_POINTS = text(gettext_noop("Enter every player's card points."))
NUMBER_OF_DEALS = text(gettext_noop("The number of deals"))


class Differenzler:
    """The Variant for Differenzler; `score` replays every entry from the start."""

    key = KEY
    name = gettext_noop("Differenzler")
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {"standard": DEFAULTS}
    player_counts = (3, 4)
    teams = NO_TEAMS
    lowest_wins = True
    trumps = True
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        players = require_seats(seats, self.player_counts)
        bonus = require_int(
            settings["exact_bonus"],
            deal=None,
            field="exact_bonus",
            low=0,
            high=MAX_EXACT_BONUS,
            what=text(gettext_noop("The bonus for an exact prediction")),
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
        raise InvalidDeal(number, "trump", text(gettext_noop("Name the trump of this deal.")))
    if not isinstance(trump, str) or trump not in TRUMPS:
        message = gettext_noop(
            "%(trump)s is not a trump: use hearts, diamonds, spades, clubs, obenabe or undenufe."
        )
        raise InvalidDeal(number, "trump", text(message, trump=repr(trump)))
    return trump


def _predictions(number: int, entry: Entry, players: list[str]) -> dict[str, int]:
    """Every player predicts 0 to 157 (1 is a fair guess, unlike 1 card point)."""
    raw = _player_map(number, entry, "predictions", PREDICTIONS, players, ENTER_PREDICTIONS)
    predictions: dict[str, int] = {}
    for name in players:
        if name not in raw:
            missing = text(gettext_noop("%(name)s has no prediction."), name=name)
            _refuse_missing(number, raw, players, "predictions", PREDICTIONS, missing)
        value = raw[name]
        if type(value) is not int or not 0 <= value <= CARD_POINTS:  # the common case stays cheap
            what = text(gettext_noop("%(name)s's prediction"), name=name)
            value = require_int(value, deal=number, field="predictions", low=0, high=CARD_POINTS, what=what)
        predictions[name] = value
    return predictions


# ---- shared with Molotow: per-player card points, the deal count, the entry shape, the winner ----------


def player_points(number: int, entry: Entry, players: list[str]) -> dict[str, int]:
    """Every player's card points: 0 to 157, never 1, together exactly 157."""
    raw = _player_map(number, entry, "points", CARD_POINTS_WORDS, players, ENTER_POINTS)
    points: dict[str, int] = {}
    for name in players:
        if name not in raw:
            missing = text(gettext_noop("%(name)s has no card points."), name=name)
            _refuse_missing(number, raw, players, "points", CARD_POINTS_WORDS, missing)
        value = raw[name]
        if type(value) is not int or not 0 <= value <= CARD_POINTS or value == 1:  # cheap common case
            what = text(gettext_noop("%(name)s's card points"), name=name)
            value = require_card_points(value, deal=number, field="points", what=what)
        points[name] = value
    total = sum(points.values())
    if total != CARD_POINTS:
        message = gettext_noop("Card points must total %(all)s; these total %(total)s.")
        raise InvalidDeal(number, "points", text(message, all=CARD_POINTS, total=total))
    return points


def _player_map(
    number: int, entry: Entry, field: str, what: Words, players: list[str], missing: Text
) -> Mapping[str, Any]:
    """The entry's map from player to number; a name not at the table is refused before a missing one."""
    raw = entry.get(field)
    if raw is None:
        raise InvalidDeal(number, field, missing)
    if not isinstance(raw, Mapping):
        message = gettext_noop("%(what)s must map each player to a number.")
        raise InvalidDeal(number, field, text(message, what=what))
    if len(raw) > len(players):
        require_known(raw, players, deal=number, field=field, what=what)
    return raw


def _refuse_missing(
    number: int, raw: Mapping[str, Any], players: list[str], field: str, what: Words, message: Text
) -> NoReturn:
    """A player is missing: name a stranger in their place first, it is the likelier typo."""
    require_known(raw, players, deal=number, field=field, what=what)
    raise InvalidDeal(number, field, message)


def require_deals(settings: Settings) -> int:
    """How many deals make the game: a whole number from 1 to 100."""
    return require_int(
        settings["deals"], deal=None, field="deals", low=1, high=MAX_DEALS, what=NUMBER_OF_DEALS
    )


VARIANT = Differenzler()
