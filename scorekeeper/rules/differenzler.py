"""Differenzler: each player predicts their card points; the miss is the penalty, lowest total wins.

A match is simply 157 for one player (no bonus), and there is no Weis or Stöck (rules.md). By the Swiss
rule an exact prediction of 0 earns no exact bonus; a club may count it (`exact_bonus_on_zero`), and may
play to a total (`end_at`) instead of a number of deals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, NoReturn

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
    SettingShape,
    Text,
    WholeOrNull,
    Words,
    gettext_noop,
    rank,
    require_card_points,
    require_entry,
    require_int,
    require_known,
    require_seats,
    scored_in_order,
    sole_winner,
    text,
)

KEY = "differenzler"
ENTRY_FIELDS = frozenset({"trump", "predictions", "points"})
MAX_DEALS = 100
MAX_EXACT_BONUS = CARD_POINTS
MAX_END_AT = 1000
"""Clubs play to 100, 200 or 500; a game to 1000 is some 50 deals."""
MAX_DEALS_TO_END_AT = 1000
"""A game played to a total still ends after 1000 deals, so it ends (everyone exact every deal never
reaches it) and every total stays between -157,000 and 1000 - 1 + 157: 32-bit columns, test_limits.py."""
TRUMPS = frozenset(MODES)

DEFAULTS: dict[str, Any] = {"exact_bonus": 0, "deals": 12, "exact_bonus_on_zero": False, "end_at": None}
END_AT = WholeOrNull(1, MAX_END_AT)
SHAPES: dict[str, SettingShape] = {"end_at": END_AT}
"""What the settings without a telling default take (base.setting_shapes): the forms ask for them so."""

PREDICTIONS = text(gettext_noop("Predictions"))
ENTER_PREDICTIONS = text(gettext_noop("Enter every player's prediction."))
ENTER_POINTS = text(gettext_noop("Enter every player's card points."))
NUMBER_OF_DEALS = text(gettext_noop("The number of deals"))


class Differenzler:
    """The Variant for Differenzler; `score` replays every entry from the start."""

    key = KEY
    name = gettext_noop("Differenzler")
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {
        "standard": DEFAULTS,
        "swiss": {**DEFAULTS, "deals": 16, "exact_bonus": 10},
    }
    setting_shapes = SHAPES
    player_counts = (3, 4)
    teams = NO_TEAMS
    lowest_wins = True
    trumps = True
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        players = require_seats(seats, self.player_counts)
        agreed = read_settings(settings)
        results, totals, reached = scored_in_order(
            deals,
            players,
            lambda number, entry: _score_deal(number, entry, players, agreed),
            last=agreed.last,
            ends_at=agreed.end_at,
        )
        finished = reached or len(results) == agreed.last
        ranking = rank(totals, lowest_wins=True)
        return GameResult(
            variant=KEY,
            sides=tuple(players),
            deals=tuple(results),
            totals=totals,
            finished=finished,
            winner=sole_winner(ranking, finished),
            ranking=ranking,
            state=_state(agreed, len(results)),
        )


class Agreed(NamedTuple):
    """The game's settings, checked once before the deals are replayed."""

    bonus: int
    zero_bonus: int
    """The bonus for predicting 0 and taking 0: the exact bonus, or 0 by the Swiss rule."""
    last: int
    """The last deal the game may have: `deals`, or the ceiling of a game played to `end_at`."""
    end_at: int | None


def read_settings(settings: Settings) -> Agreed:
    bonus = require_int(
        settings["exact_bonus"],
        deal=None,
        field="exact_bonus",
        low=0,
        high=MAX_EXACT_BONUS,
        what=text(gettext_noop("The bonus for an exact prediction")),
    )
    last = require_deals(settings)
    zero_bonus = bonus if _bonus_on_zero(settings["exact_bonus_on_zero"]) else 0
    end_at = _end_at(settings["end_at"])
    return Agreed(bonus, zero_bonus, last if end_at is None else MAX_DEALS_TO_END_AT, end_at)


def _state(agreed: Agreed, played: int) -> dict[str, int | None]:
    """What the next deal needs to know: the deals left, or the total the game is played to."""
    if agreed.end_at is None:
        return {"deals_left": agreed.last - played}
    return {"deals_left": None, "end_at": agreed.end_at}


def _bonus_on_zero(value: Any) -> bool:
    if not isinstance(value, bool):
        message = gettext_noop(
            "Whether an exact prediction of 0 earns the exact bonus must be true or false."
        )
        raise InvalidDeal(None, "exact_bonus_on_zero", text(message))
    return value


def _end_at(value: Any) -> int | None:
    """None: the game is a number of deals; else the total that ends it."""
    if value is None:
        return None
    what = text(gettext_noop("The total that ends the game"))
    return require_int(value, deal=None, field="end_at", low=END_AT.low, high=END_AT.high, what=what)


def _score_deal(number: int, entry: Any, players: list[str], agreed: Agreed) -> DealResult:
    """Penalty |points - prediction|, less the club's bonus for an exact hit (`zero_bonus` for 0 for 0)."""
    require_entry(number, entry, ENTRY_FIELDS)
    trump = _trump(number, entry)
    predictions = _predictions(number, entry, players)
    points = player_points(number, entry, players)
    scores: dict[str, int] = {}
    for name in players:
        taken = points[name]
        miss = abs(taken - predictions[name])
        scores[name] = miss if miss else -agreed.bonus if taken else -agreed.zero_bonus
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
            _refuse_missing(number, raw, players, "predictions", PREDICTIONS, missing, name)
        value = raw[name]
        if type(value) is not int or not 0 <= value <= CARD_POINTS:  # the common case stays cheap
            what = text(gettext_noop("%(name)s's prediction"), name=name)
            value = require_int(
                value, deal=number, field="predictions", low=0, high=CARD_POINTS, what=what, item=name
            )
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
            _refuse_missing(number, raw, players, "points", CARD_POINTS_WORDS, missing, name)
        value = raw[name]
        if type(value) is not int or not 0 <= value <= CARD_POINTS or value == 1:  # cheap common case
            what = text(gettext_noop("%(name)s's card points"), name=name)
            value = require_card_points(value, deal=number, field="points", what=what, item=name)
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
    number: int, raw: Mapping[str, Any], players: list[str], field: str, what: Words, message: Text, name: str
) -> NoReturn:
    """A player is missing: name a stranger in their place first, it is the likelier typo."""
    require_known(raw, players, deal=number, field=field, what=what)
    raise InvalidDeal(number, field, message, item=name)


def require_deals(settings: Settings) -> int:
    """How many deals make the game: a whole number from 1 to 100."""
    return require_int(
        settings["deals"], deal=None, field="deals", low=1, high=MAX_DEALS, what=NUMBER_OF_DEALS
    )


VARIANT = Differenzler()
