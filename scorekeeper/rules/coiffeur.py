"""Coiffeur: each team plays every row of its board once, card points times the row's multiplier.

Not in the seeds: rules.md decides the default board, the bonuses and that there is no Weis or Stöck
unless the club's house rules (`weis`) count them. Seats 1 and 3 are team A, seats 2 and 4 team B; only
the announcing team's points are written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .base import (
    CARD_POINTS,
    TWO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    OneOf,
    Settings,
    SettingShape,
    Words,
    gettext_noop,
    is_int,
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
from .schieber import MAX_WEIS, STOECK, read_stoeck, read_weis

KEY = "coiffeur"
TEAMS = tuple(TWO_TEAMS)
OTHER = {"A": "B", "B": "A"}
ENTRY_FIELDS = frozenset({"team", "row", "points", "match", "counter_match", "weis", "stoeck"})
MAX_MULTIPLIER = 100
MAX_BONUS = 1000
MAX_ROWS = 20
ROUNDINGS = (1, 10)
COUNTER_MATCH_RULES = ("bonus", "penalty")
"""What a counter-match does: the other team gets the counter-match bonus, or the announcing team pays it."""
MAX_ROW_POINTS = (CARD_POINTS + MAX_WEIS + STOECK + 5) // 10 * 10
"""780: the 157 card points of a match, the most Weis and Stöck (777), rounded up to tens."""
MAX_ROW_SCORE = MAX_MULTIPLIER * (MAX_ROW_POINTS + MAX_BONUS)
"""Boards with Slalom, Gusti, Misère and the like have 8 to 12 rows; 20 is room to spare. A row scores at
most 100 x (780 + 1000) = 178,000 and at least -100 x 1000 (a counter-match penalty), so a team's total
lies between -2,000,000 and 20 x 178,000 + 20 counter-match bonuses = 3,580,000: every stored score fits
a 32-bit integer column (tests/rules/test_limits.py)."""

Row = tuple[str, int]

DEFAULTS: dict[str, Any] = {
    "rows": [["hearts", 1], ["diamonds", 2], ["spades", 3], ["clubs", 4], ["obenabe", 5], ["undenufe", 6]],
    "match_bonus": 100,
    "counter_match_bonus": 100,
    "match_bonus_multiplied": True,
    "counter_match": "bonus",
    "weis": False,
    "round_to": 1,
}
SHAPES: dict[str, SettingShape] = {"counter_match": OneOf(COUNTER_MATCH_RULES), "round_to": OneOf(ROUNDINGS)}
"""What the settings without a telling default take (base.setting_shapes): the forms ask for them so."""


class Agreed(NamedTuple):
    """The game's settings, checked once before the deals are replayed."""

    multipliers: dict[str, int]
    match_bonus: int
    counter_bonus: int
    match_bonus_multiplied: bool
    counter_penalty: bool
    """A counter-match costs the announcing team the bonus times the row's multiplier (house rule)."""
    weis: bool
    round_to: int


class Coiffeur:
    """The Variant for Coiffeur; `score` replays every entry from the start."""

    key = KEY
    name = gettext_noop("Coiffeur")
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {
        "standard": DEFAULTS,
        "no match bonus": {**DEFAULTS, "match_bonus": 0},
    }
    setting_shapes = SHAPES
    player_counts = (4,)
    teams = TWO_TEAMS
    lowest_wins = False
    trumps = True
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        require_seats(seats, self.player_counts)
        rows = read_rows(settings["rows"])
        agreed = read_settings(settings, dict(rows))
        played: dict[str, set[str]] = {"A": set(), "B": set()}
        totals = {"A": 0, "B": 0}
        results: list[DealResult] = []
        last = 2 * len(rows)
        for number, entry in enumerate(deals, start=1):
            if number > last:
                refuse_after_end(number, last)
            result = _score_deal(number, entry, agreed, played)
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


def read_settings(settings: Settings, multipliers: dict[str, int]) -> Agreed:
    """The bonuses and the house rules (rules.md, "House-rule settings"), each refused on its own key."""
    return Agreed(
        multipliers,
        _bonus(settings, "match_bonus", MATCH_BONUS),
        _bonus(settings, "counter_match_bonus", COUNTER_MATCH_BONUS),
        _yes_no(settings, "match_bonus_multiplied", MATCH_BONUS_MULTIPLIED),
        _counter_penalty(settings["counter_match"]),
        _yes_no(settings, "weis", WEIS_COUNTS),
        _round_to(settings["round_to"]),
    )


MATCH_BONUS_MULTIPLIED = text(gettext_noop("Whether the match bonus is multiplied"))
WEIS_COUNTS = text(gettext_noop("Whether Weis and Stöck count"))


def _yes_no(settings: Settings, key: str, what: Words) -> bool:
    value = settings[key]
    if not isinstance(value, bool):
        raise InvalidDeal(None, key, text(gettext_noop("%(what)s must be true or false."), what=what))
    return value


def _counter_penalty(value: Any) -> bool:
    if not isinstance(value, str) or value not in COUNTER_MATCH_RULES:
        message = gettext_noop(
            'The counter-match rule must be "bonus" (the other team gets the counter-match bonus)'
            ' or "penalty" (the announcing team loses it times the row\'s multiplier).'
        )
        raise InvalidDeal(None, "counter_match", text(message))
    return value == COUNTER_MATCH_RULES[1]


def _round_to(value: Any) -> int:
    if not is_int(value) or value not in ROUNDINGS:
        message = gettext_noop("Rounding must be 1 (card points as they are) or 10 (rounded to tens).")
        raise InvalidDeal(None, "round_to", text(message))
    return value


def _score_deal(number: int, entry: Any, agreed: Agreed, played: dict[str, set[str]]) -> DealResult:
    """Check one entry and score it; marks the row as played by the announcing team."""
    require_entry(number, entry, ENTRY_FIELDS)
    team = _team(number, entry)
    row = _row(number, entry, team, agreed.multipliers, played)
    match = _flag(number, entry, "match", MATCH)
    counter = _flag(number, entry, "counter_match", COUNTER_MATCH)
    _require_one_claim(number, entry.get("points") is not None, match, counter)
    points = None if match or counter else _points(number, entry["points"])
    weis, stoeck = _weis_and_stoeck(number, entry, team, row, agreed.weis, counter)
    multiplier = agreed.multipliers[row]
    scores = {"A": 0, "B": 0}
    if counter and agreed.counter_penalty:
        scores[team] = -agreed.counter_bonus * multiplier
    elif counter:
        scores[OTHER[team]] = agreed.counter_bonus
    else:
        scores[team] = row_score(
            CARD_POINTS if points is None else points, weis, stoeck, match, multiplier, agreed
        )
    played[team].add(row)
    details = {
        "team": team,
        "row": row,
        "multiplier": multiplier,
        "points": points,
        "match": match,
        "counter_match": counter,
        "weis": {side: weis if side == team else 0 for side in TEAMS},
        "stoeck": team if stoeck else None,
    }
    return DealResult(number, scores, details)


def row_score(points: int, weis: int, stoeck: bool, match: bool, multiplier: int, agreed: Agreed) -> int:
    """Card points, Weis and Stöck, rounded if the club rounds, times the multiplier; a match adds its
    bonus before the multiplier, or after it where the club does not multiply the bonus."""
    counted = rounded(points + weis + (STOECK if stoeck else 0), agreed.round_to)
    if not match:
        return counted * multiplier
    if agreed.match_bonus_multiplied:
        return (counted + agreed.match_bonus) * multiplier
    return counted * multiplier + agreed.match_bonus


def rounded(counted: int, round_to: int) -> int:
    """Half up to the club's rounding (1: as it is); the board shows this step too."""
    return (counted + round_to // 2) // round_to * round_to


NO_WEIS = gettext_noop("This game counts no Weis and no Stöck: its settings leave them out.")
OTHER_TEAMS_WEIS = {
    "weis": gettext_noop("Only the announcing team's Weis counts: team %(team)s announced."),
    "stoeck": gettext_noop("Only the announcing team's Stöck counts: team %(team)s announced."),
}
COUNTER_MATCH_WEIS = gettext_noop(
    "A counter-match leaves the announcing team nothing for the row: enter no Weis or Stöck."
)


def _weis_and_stoeck(
    number: int, entry: Entry, team: str, row: str, counted: bool, counter: bool
) -> tuple[int, bool]:
    """The announcing team's Weis and whether it had Stöck; only where the club counts them (`weis`)."""
    raw_weis, raw_stoeck = entry.get("weis"), entry.get("stoeck")
    if raw_weis is None and raw_stoeck is None:
        return 0, False
    if not counted:
        raise InvalidDeal(number, "weis" if raw_weis is not None else "stoeck", text(NO_WEIS))
    weis = dict(zip(TEAMS, read_weis(number, raw_weis), strict=True))
    stoeck = read_stoeck(number, raw_stoeck, row)
    if weis[OTHER[team]]:
        raise InvalidDeal(number, "weis", text(OTHER_TEAMS_WEIS["weis"], team=team))
    if stoeck == OTHER[team]:
        raise InvalidDeal(number, "stoeck", text(OTHER_TEAMS_WEIS["stoeck"], team=team))
    if counter and (weis[team] or stoeck):
        raise InvalidDeal(number, "weis" if weis[team] else "stoeck", text(COUNTER_MATCH_WEIS))
    return weis[team], stoeck == team


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
