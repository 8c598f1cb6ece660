"""Free board: a blank Jasstafel for every game the app has no rules for (Bieter, Sidi Barrani, Zuger...).

The scorer writes each side's points per deal; the engine checks only what the club agreed on: the range
of a deal's points, the total of a deal (`per_deal`), and the end (`target` or `deals`). The sides are the
players, or, with `sides` "teams", two teams of 4 seats or three of 6 (rules.md, "Free board").

Decided here, where rules.md is silent: a deal must name at least one side (a deal with nothing written is
a slip of the finger; a deal nobody scored in is written as a 0); `per_deal` is a whole number from 0 to
100000; `target` from 1 to 1000000; `deals` from 1 to 100; a game to a target still ends after 1000 deals,
so every total fits a 32-bit column (1000 x 100000).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .base import (
    NO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    OneOf,
    Settings,
    SettingShape,
    Text,
    WholeOrNull,
    Words,
    gettext_noop,
    rank,
    require_entry,
    require_int,
    require_seats,
    scored_in_order,
    sole_winner,
    text,
)

KEY = "free_board"
ENTRY_FIELDS = frozenset({"points"})
MAX_POINTS = 100_000
MAX_TARGET = 1_000_000
MAX_DEALS = 100
MAX_DEALS_TO_TARGET = 1000
"""A game played to a target ends after 1000 deals all the same: totals stay within a 32-bit column."""

TEAMS_BY_SEATS: Mapping[int, Mapping[str, tuple[int, ...]]] = {
    4: {"A": (0, 2), "B": (1, 3)},
    6: {"A": (0, 3), "B": (1, 4), "C": (2, 5)},
}
"""Partners sit across the table: seats 1+3 and 2+4, or 1+4, 2+5 and 3+6 (counted from 0 here)."""

DEFAULTS: dict[str, Any] = {
    "sides": "players",
    "negative": False,
    "per_deal": None,
    "target": 1000,
    "deals": None,
    "lowest_wins": False,
}
SHAPES: dict[str, SettingShape] = {
    "sides": OneOf(("players", "teams")),
    "per_deal": WholeOrNull(0, MAX_POINTS),
    "deals": WholeOrNull(1, MAX_DEALS),
}
"""What the settings without a telling default take (base.setting_shapes): the forms ask for them so."""

POINTS = text(gettext_noop("Points"))


class FreeBoard:
    """The Variant for a Free board; `score` replays every entry from the start."""

    key = KEY
    name = gettext_noop("Free board")
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {
        "standard": DEFAULTS,
        "157 a deal, teams, to 1000": {**DEFAULTS, "sides": "teams", "per_deal": 157, "target": 1000},
        "players, to 21, lowest wins": {**DEFAULTS, "target": 21, "lowest_wins": True},
    }
    setting_shapes = SHAPES
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    teams = NO_TEAMS
    """No fixed teams: whether the seats play in teams is the game's `sides` setting (teams_for)."""
    lowest_wins = False
    """By default; a game's own is its `lowest_wins` setting (lowest_wins_for)."""
    trumps = False
    control_points = None

    def teams_for(self, settings: Settings, seat_count: int) -> Mapping[str, tuple[int, ...]]:
        """The teams of one game by their seats: those its `sides` chose, for 4 or 6 seats; else none."""
        if settings.get("sides") != "teams":
            return NO_TEAMS
        return TEAMS_BY_SEATS.get(seat_count, NO_TEAMS)

    def lowest_wins_for(self, settings: Settings) -> bool:
        """Whether the lowest total ranks first in one game: its `lowest_wins` setting."""
        return settings.get("lowest_wins") is True

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        players = require_seats(seats, self.player_counts)
        agreed = read_settings(settings, len(players))
        sides = _sides(players, agreed.teams)
        results, totals, reached = scored_in_order(
            deals,
            sides,
            lambda number, entry: _score_deal(number, entry, sides, agreed),
            last=agreed.last,
            ends_at=agreed.target,
        )
        finished = reached or len(results) == agreed.last
        ranking = rank(totals, lowest_wins=agreed.lowest_wins)
        return GameResult(
            variant=KEY,
            sides=tuple(sides),
            deals=tuple(results),
            totals=totals,
            finished=finished,
            winner=sole_winner(ranking, finished),
            ranking=ranking,
            state=_state(agreed, len(results)),
        )


class Agreed(NamedTuple):
    """The game's settings, checked once before the deals are replayed."""

    teams: Mapping[str, tuple[int, ...]]
    low: int
    """The fewest points a side may score in a deal: 0, or -100000 with `negative`."""
    per_deal: int | None
    target: int | None
    """The total that ends the game; None when it is a number of deals."""
    last: int
    """The last deal the game may have: `deals`, or the ceiling of a game played to a target."""
    lowest_wins: bool


def read_settings(settings: Settings, seat_count: int) -> Agreed:
    """Every setting checked on its own field, before any deal."""
    teams = _teams(settings["sides"], seat_count)
    negative = _yes_or_no(
        settings["negative"], "negative", text(gettext_noop("Whether points may be negative"))
    )
    lowest = _yes_or_no(
        settings["lowest_wins"], "lowest_wins", text(gettext_noop("Whether the lowest total wins"))
    )
    per_deal = _whole_or_null(
        settings["per_deal"], "per_deal", text(gettext_noop("The points of every deal"))
    )
    deals = _whole_or_null(settings["deals"], "deals", text(gettext_noop("The number of deals")))
    if deals is not None:  # the target is ignored then: a box left blank is no mistake
        return Agreed(teams, -MAX_POINTS if negative else 0, per_deal, None, deals, lowest)
    what = text(gettext_noop("The target"))
    target = require_int(settings["target"], deal=None, field="target", low=1, high=MAX_TARGET, what=what)
    return Agreed(teams, -MAX_POINTS if negative else 0, per_deal, target, MAX_DEALS_TO_TARGET, lowest)


def _teams(value: Any, seat_count: int) -> Mapping[str, tuple[int, ...]]:
    if value == "players":
        return NO_TEAMS
    if value != "teams":
        raise InvalidDeal(None, "sides", text(gettext_noop('The sides must be "players" or "teams".')))
    if seat_count not in TEAMS_BY_SEATS:
        message = gettext_noop("Teams need 4 or 6 players, not %(seats)s.")
        raise InvalidDeal(None, "sides", text(message, seats=seat_count))
    return TEAMS_BY_SEATS[seat_count]


def _yes_or_no(value: Any, field: str, what: Text) -> bool:
    if not isinstance(value, bool):
        # Translators: %(what)s is a phrase such as "Whether points may be negative".
        message = gettext_noop("%(what)s must be true or false.")
        raise InvalidDeal(None, field, text(message, what=what))
    return value


def _whole_or_null(value: Any, field: str, what: Text) -> int | None:
    if value is None:
        return None
    shape = SHAPES[field]
    assert isinstance(shape, WholeOrNull)
    return require_int(value, deal=None, field=field, low=shape.low, high=shape.high, what=what)


def _sides(players: list[str], teams: Mapping[str, tuple[int, ...]]) -> list[str]:
    return list(teams) if teams else players


def _state(agreed: Agreed, played: int) -> dict[str, int | None]:
    """What the next deal needs to know: the deals left, or the target the game is played to."""
    if agreed.target is None:
        return {"deals_left": agreed.last - played, "target": None, "per_deal": agreed.per_deal}
    return {"deals_left": None, "target": agreed.target, "per_deal": agreed.per_deal}


def _score_deal(number: int, entry: Any, sides: list[str], agreed: Agreed) -> DealResult:
    """Each side's points as written; with `per_deal`, the one side left out gets the rest."""
    require_entry(number, entry, ENTRY_FIELDS)
    written = _written(number, entry, sides, agreed.low, bool(agreed.teams))
    scores = {side: written.get(side, 0) for side in sides}
    left_out = [side for side in sides if side not in written]
    rest_to = None
    if agreed.per_deal is not None:
        if len(left_out) == 1:
            rest_to = left_out[0]
            scores[rest_to] = _rest(number, written, rest_to, agreed)
        else:
            _require_total(number, sum(written.values()), agreed.per_deal)
    return DealResult(number, scores, {"points": written, "rest": rest_to})


def _written(number: int, entry: Entry, sides: list[str], low: int, in_teams: bool) -> dict[str, int]:
    """The points the scorer wrote, by side: a stranger is refused before a number out of range."""
    raw = entry.get("points")
    if raw is None or raw == {}:
        raise InvalidDeal(number, "points", text(gettext_noop("Enter the points of at least one side.")))
    if not isinstance(raw, Mapping):
        message = gettext_noop("%(what)s must map each side to a number.")
        raise InvalidDeal(number, "points", text(message, what=POINTS))
    for side in raw:
        if side not in sides:
            message = gettext_noop("%(what)s: %(name)s is not in this game.")
            raise InvalidDeal(number, "points", text(message, what=POINTS, name=repr(side)))
    written: dict[str, int] = {}
    for side in sides:
        if side in raw:
            what = _points_of(side, in_teams)
            points = require_int(
                raw[side], deal=number, field="points", low=low, high=MAX_POINTS, what=what, item=side
            )
            written[side] = points
    return written


def _side_words(side: str, in_teams: bool) -> Words:
    """ "team A" in a game in teams, the player's name otherwise."""
    return text(gettext_noop("team %(name)s"), name=side) if in_teams else side


def _points_of(side: str, in_teams: bool) -> Words:
    """ "The points of team A" in a game in teams, "The points of Anna" otherwise."""
    if in_teams:
        return text(gettext_noop("The points of team %(name)s"), name=side)
    return text(gettext_noop("The points of %(name)s"), name=side)


def _rest(number: int, written: Mapping[str, int], side: str, agreed: Agreed) -> int:
    """What is left of `per_deal` for the one side left out; refused when it is out of range."""
    assert agreed.per_deal is not None
    total = sum(written.values())
    rest = agreed.per_deal - total
    if agreed.low <= rest <= MAX_POINTS:
        return rest
    who = _side_words(side, bool(agreed.teams))
    if rest < 0 and agreed.low == 0:
        message = gettext_noop(
            "These points total %(total)s, more than the %(per_deal)s of a deal: nothing is left for %(who)s."
        )
        raise InvalidDeal(
            number, "points", text(message, total=total, per_deal=agreed.per_deal, who=who), item=side
        )
    message = gettext_noop("The rest for %(who)s would be %(rest)s: points must be from %(low)s to %(high)s.")
    values = {"who": who, "rest": rest, "low": agreed.low, "high": MAX_POINTS}
    raise InvalidDeal(number, "points", text(message, **values), item=side)


def _require_total(number: int, total: int, per_deal: int) -> None:
    if total != per_deal:
        message = gettext_noop("The points of a deal must total %(per_deal)s; these total %(total)s.")
        raise InvalidDeal(number, "points", text(message, per_deal=per_deal, total=total))


VARIANT = FreeBoard()
