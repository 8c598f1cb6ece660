"""Coiffeur: each team plays every row of its board once, card points times the row's multiplier.

Not in the seeds: rules.md decides the default board, the bonuses and that there is no Weis or Stöck.
Seats 1 and 3 are team A, seats 2 and 4 team B; only the announcing team's points are written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import (
    CARD_POINTS,
    TWO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    Words,
    gettext_noop,
    mode_word,
    rank,
    refuse_after_end,
    require_card_points,
    require_entry,
    require_int,
    require_seats,
    sole_winner,
    text,
)

KEY = "coiffeur"
TEAMS = tuple(TWO_TEAMS)
OTHER = {"A": "B", "B": "A"}
ENTRY_FIELDS = frozenset({"team", "row", "points", "match", "counter_match"})
MAX_MULTIPLIER = 100
MAX_BONUS = 1000
MAX_ROWS = 20
"""Boards with Slalom, Gusti, Misère and the like have 8 to 12 rows; 20 is room to spare. A row scores at
most MAX_MULTIPLIER x (157 + MAX_BONUS) = 115,700, and a team's total at most 20 of those and 20 counter-match
bonuses, 2,334,000: every stored score fits a 32-bit integer column (tests/rules/test_limits.py)."""

Row = tuple[str, int]

DEFAULTS: dict[str, Any] = {
    "rows": [["hearts", 1], ["diamonds", 2], ["spades", 3], ["clubs", 4], ["obenabe", 5], ["undenufe", 6]],
    "match_bonus": 100,
    "counter_match_bonus": 100,
}


class Coiffeur:
    """The Variant for Coiffeur; `score` replays every entry from the start."""

    key = KEY
    name = gettext_noop("Coiffeur")
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {
        "standard": DEFAULTS,
        "no match bonus": {**DEFAULTS, "match_bonus": 0},
    }
    player_counts = (4,)
    teams = TWO_TEAMS
    lowest_wins = False
    trumps = True
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        require_seats(seats, self.player_counts)
        rows = read_rows(settings["rows"])
        multipliers = dict(rows)
        match_bonus = _bonus(settings, "match_bonus", MATCH_BONUS)
        counter_bonus = _bonus(settings, "counter_match_bonus", COUNTER_MATCH_BONUS)
        played: dict[str, set[str]] = {"A": set(), "B": set()}
        totals = {"A": 0, "B": 0}
        results: list[DealResult] = []
        last = 2 * len(rows)
        for number, entry in enumerate(deals, start=1):
            if number > last:
                refuse_after_end(number, last)
            result = _score_deal(number, entry, multipliers, played, match_bonus, counter_bonus)
            totals["A"] += result.scores["A"]
            totals["B"] += result.scores["B"]
            results.append(result)
        finished = len(results) == last
        ranking = rank(totals)
        open_rows = {team: [name for name, _ in rows if name not in played[team]] for team in TEAMS}
        return GameResult(
            variant=KEY,
            sides=TEAMS,
            deals=tuple(results),
            totals=totals,
            finished=finished,
            winner=sole_winner(ranking, finished),
            ranking=ranking,
            state={"open_rows": open_rows, "rows": [[name, mult] for name, mult in rows]},
        )


def read_rows(value: Any) -> tuple[Row, ...]:
    """The board: distinct row names, each with a whole multiplier; a club may rename or add rows."""
    if not isinstance(value, (list, tuple)) or not value:
        message = gettext_noop("Rows must be a list of [name, multiplier] pairs, at least one.")
        raise InvalidDeal(None, "rows", text(message))
    if len(value) > MAX_ROWS:
        message = gettext_noop("A board has at most %(most)s rows, not %(rows)s.")
        raise InvalidDeal(None, "rows", text(message, most=MAX_ROWS, rows=len(value)))
    rows: list[Row] = []
    seen: set[str] = set()
    for item in value:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise InvalidDeal(
                None, "rows", text(gettext_noop("Each row must be a pair: [name, multiplier]."))
            )
        name, multiplier = item
        if not isinstance(name, str) or not name.strip():
            raise InvalidDeal(None, "rows", text(gettext_noop("Every row needs a name.")))
        if name in seen:
            message = gettext_noop("The row %(row)s is on the board twice.")
            raise InvalidDeal(None, "rows", text(message, row=mode_word(name)))
        what = text(gettext_noop("The multiplier of %(row)s"), row=mode_word(name))
        require_int(multiplier, deal=None, field="rows", low=1, high=MAX_MULTIPLIER, what=what)
        seen.add(name)
        rows.append((name, multiplier))
    return tuple(rows)


MATCH_BONUS = text(gettext_noop("The match bonus"))
COUNTER_MATCH_BONUS = text(gettext_noop("The counter-match bonus"))
MATCH = text(gettext_noop("Match"))
COUNTER_MATCH = text(gettext_noop("Counter-match"))


def _bonus(settings: Settings, key: str, what: Words) -> int:
    return require_int(settings[key], deal=None, field=key, low=0, high=MAX_BONUS, what=what)


def _score_deal(
    number: int,
    entry: Any,
    multipliers: dict[str, int],
    played: dict[str, set[str]],
    match_bonus: int,
    counter_bonus: int,
) -> DealResult:
    """Check one entry and score it; marks the row as played by the announcing team."""
    require_entry(number, entry, ENTRY_FIELDS)
    team = _team(number, entry)
    row = _row(number, entry, team, multipliers, played)
    match = _flag(number, entry, "match", MATCH)
    counter = _flag(number, entry, "counter_match", COUNTER_MATCH)
    _require_one_claim(number, entry.get("points") is not None, match, counter)
    multiplier = multipliers[row]
    points: int | None = None
    scores = {"A": 0, "B": 0}
    if match:
        scores[team] = (CARD_POINTS + match_bonus) * multiplier
    elif counter:
        scores[OTHER[team]] = counter_bonus
    else:
        points = _points(number, entry["points"])
        scores[team] = points * multiplier
    played[team].add(row)
    details = {
        "team": team,
        "row": row,
        "multiplier": multiplier,
        "points": points,
        "match": match,
        "counter_match": counter,
    }
    return DealResult(number, scores, details)


def _team(number: int, entry: Entry) -> str:
    team = entry.get("team")
    if team is None:
        raise InvalidDeal(number, "team", text(gettext_noop("Name the team that announced: A or B.")))
    if not isinstance(team, str) or team not in OTHER:
        message = gettext_noop("The team must be A or B, not %(team)s.")
        raise InvalidDeal(number, "team", text(message, team=repr(team)))
    return team


def _row(
    number: int, entry: Entry, team: str, multipliers: dict[str, int], played: dict[str, set[str]]
) -> str:
    row = entry.get("row")
    if row is None:
        raise InvalidDeal(number, "row", text(gettext_noop("Name the row that was played.")))
    if not isinstance(row, str) or row not in multipliers:
        message = gettext_noop("%(row)s is not a row on this board.")
        raise InvalidDeal(number, "row", text(message, row=repr(row)))
    if row in played[team]:
        message = gettext_noop("Team %(team)s has already played %(row)s.")
        raise InvalidDeal(number, "row", text(message, team=team, row=mode_word(row)))
    return row


def _flag(number: int, entry: Entry, field: str, what: Words) -> bool:
    """A match or counter-match is a yes/no mark; false or null is the same as leaving it out."""
    value = entry.get(field)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InvalidDeal(number, field, text(gettext_noop("%(what)s must be true or false."), what=what))
    return value


def _require_one_claim(number: int, has_points: bool, match: bool, counter: bool) -> None:
    claims = [
        field for field, on in (("points", has_points), ("match", match), ("counter_match", counter)) if on
    ]
    if not claims:
        message = gettext_noop("Enter the card points, or mark a match or a counter-match.")
        raise InvalidDeal(number, "points", text(message))
    if len(claims) > 1:
        message = gettext_noop("Enter only one of card points, match and counter-match.")
        raise InvalidDeal(number, claims[1], text(message))


def _points(number: int, value: Any) -> int:
    """0 to 157 but never 1 or 156: the other team cannot have taken exactly 1 point."""
    points = require_card_points(value, deal=number, field="points")
    if points == CARD_POINTS - 1:
        message = gettext_noop("Card points cannot be 156: the other team cannot take 1 point.")
        raise InvalidDeal(number, "points", text(message))
    return points


VARIANT = Coiffeur()
