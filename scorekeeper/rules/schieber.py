"""Schieber: two teams, trump multipliers, Weis and Stöck; the first team to the target wins.

Follows rules.md, "Schieber". Team A is seats 1 and 3, team B seats 2 and 4. A whole game is replayed
from its entries on every change, so the per-deal path stays lean: plain tuples, no copies.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .base import (
    CARD_POINTS,
    CARD_POINTS_WORDS,
    MODES,
    TWO_TEAMS,
    CountsOrNull,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    NamedFactors,
    OneOf,
    Settings,
    SettingShape,
    Text,
    WholeOrNull,
    Words,
    gettext_noop,
    is_int,
    mode_word,
    rank,
    rank_groups,
    refuse_after_end,
    refuse_unknown_keys,
    require_card_points,
    require_int,
    require_known,
    require_mapping,
    require_seats,
    text,
)

SIDES = ("A", "B")
_SIDE_SET = frozenset(SIDES)
OTHER = {"A": "B", "B": "A"}
FIELDS = frozenset({"trump", "points", "match", "weis", "stoeck", "announced_by", "first_out", "berg_first"})
NO_TRUMP = frozenset({"obenabe", "undenufe"})
STOECK = 20
MAX_WEIS = 600
WEIS_VALUES = frozenset({0, 20, *range(40, MAX_WEIS + 1, 10)})
"""A side's Weis in one deal: 0, 20 (three in a row) or any multiple of 10 from 40; at most 600."""

MAX_MATCH_BONUS = 1000
"""Clubs play 100, 150 or 0 (tournaments); 1000 leaves any house rule room, as in Coiffeur."""
MAX_MULTIPLIER = 100
"""The steepest boards count a mode x4 to x7; 100 leaves room and keeps every score small (below)."""
MAX_TARGET = 1_000_000_000
"""Clubs play to 1000, 2500 or 5000; a tournament pass stores this as the target it never reaches
(tournaments.formats.NEVER), so it stays a valid setting."""
MAX_DEAL_SCORE = MAX_MULTIPLIER * (CARD_POINTS + MAX_MATCH_BONUS + MAX_WEIS + STOECK)
"""The most one team scores in one deal, 177,700: a match with the most Weis and Stöck at the highest
multiplier. A game stops at the target, so a total stays below MAX_TARGET + MAX_DEAL_SCORE = 1,000,177,700:
every stored score fits a 32-bit integer column (2,147,483,647), as tests/rules/test_limits.py plays out."""

DEFAULT_MULTIPLIERS = {"hearts": 1, "diamonds": 2, "spades": 2, "clubs": 1, "obenabe": 3, "undenufe": 3}
FLAT_MULTIPLIERS = dict.fromkeys(MODES, 1)

COUNT_ORDERS: Mapping[str, tuple[str, str, str]] = {
    "stoeck_weis_stich": ("stoeck", "weis", "points"),
    "stoeck_stich_weis": ("stoeck", "points", "weis"),
}
"""The finishing deal counts towards the target in this order (Stöck, Wys, Stich by default); so does
the deal in which a team reaches the Berg."""

MAX_MARKS = 100
"""Clubs give 1 or 2 marks (Striche) a kind. A game's marks stay far inside a 32-bit column: a mark comes
with a match (at least 157 points, so at most MAX_TARGET / 157 of them) or once a game (win, Berg,
Schneider): 100 x (6,369,427 + 3) = 636,943,000 at the very most."""
MAX_EXTRA_MODES = 10
EXTRA_MODE_NAME = re.compile(r"[a-z][a-z_]{0,29}\Z")
"""An extra mode's key: a lowercase word (a-z and _), as it is stored with each deal."""

DEFAULTS: dict[str, Any] = {
    "match_bonus": 100,
    "multipliers": dict(DEFAULT_MULTIPLIERS),
    "multiply_weis": True,
    "target": 2500,
    "count_order": "stoeck_weis_stich",
    "counter_match_bonus": None,
    "extra_modes": {},
    "weis_card_twice": False,
    "marks": None,
    "berg_at": None,
    "schneider_below": None,
}

STRICHE = {"win": 2, "berg": 1, "match": 1, "counter_match": 2, "schneider": 2}
"""The strokes a club writes on the Jasstafel: a win 2, the Berg 1, a match 1, a counter-match 2,
Schneider 2."""

_FLAT: dict[str, Any] = {**DEFAULTS, "multipliers": dict(FLAT_MULTIPLIERS)}
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {**DEFAULTS, "multipliers": dict(DEFAULT_MULTIPLIERS)},
    "flat": _FLAT,
    "tournament": {**_FLAT, "multipliers": dict(FLAT_MULTIPLIERS), "match_bonus": 100},
    "swiss_rulebook": {**DEFAULTS, "multipliers": dict(DEFAULT_MULTIPLIERS), "match_bonus": 100},
    "jasstafel": {**_FLAT, "multipliers": dict(FLAT_MULTIPLIERS), "target": 1000, "marks": dict(STRICHE)},
    "striche": {**DEFAULTS, "multipliers": dict(DEFAULT_MULTIPLIERS), "marks": dict(STRICHE)},
}
"""Named after what clubs know. "tournament" counts a match 257 as the Swiss tournaments do (games stored
with it before counted 157: their settings were stored with the game, so they keep scoring as they did);
"swiss_rulebook" is the 2500-point game of the rulebook; "jasstafel" the 1000-point game with every trump
x1 that the Jasstafel is drawn for, with its strokes; "striche" the 2500-point game with strokes."""


class Marks(NamedTuple):
    """The marks (Striche) of each kind, and where the Berg and the Schneider lie."""

    win: int
    berg: int
    match: int
    counter_match: int
    schneider: int
    berg_at: int
    schneider_below: int


class Agreed(NamedTuple):
    """The game's settings, checked once before the deals are replayed."""

    match_points: int
    target: int
    multiply_weis: bool
    multipliers: Mapping[str, int]
    """Every trump of the game with its factor: the six modes and the extra modes."""
    count_order: tuple[str, str, str]
    counter_match_points: int
    """157 + the bonus of a match by the team that did not announce (the match bonus unless set)."""
    counter_bonus_set: bool
    extra_modes: tuple[str, ...]
    marks: Marks | None


class Played(NamedTuple):
    """One entry read and checked; the scoring and the finish both work from it."""

    trump: str
    multiplier: int
    points: tuple[int, int]
    match: str | None
    weis: tuple[int, int]
    stoeck: str | None
    announced_by: str | None
    first_out: str | None
    berg_first: str | None


MATCH_BONUS = text(gettext_noop("The match bonus"))
TARGET = text(gettext_noop("The target"))
ANNOUNCED_BY = text(gettext_noop("The team that announced"))
FIRST_OUT = text(gettext_noop("The team out first"))
BERG_FIRST = text(gettext_noop("The team at the Berg first"))
STOECK_WORDS = text(gettext_noop("Stöck"))
WEIS_WORDS = text(gettext_noop("Weis"))
ENTER_POINTS = text(gettext_noop("Enter the card points of one team, or a match."))


# ---- settings -------------------------------------------------------------------------------------


def read_settings(settings: Settings) -> Agreed:
    """Check the settings (missing keys take the defaults), so a deal never meets a bad one.

    A number past its maximum is refused in require_int's words, which name the range; a negative one or
    no number keeps the words it always had."""
    merged = {**DEFAULTS, **settings}
    bonus = merged["match_bonus"]
    if not is_int(bonus) or bonus < 0:
        message = gettext_noop("The match bonus must be a whole number, 0 or more.")
        raise InvalidDeal(None, "match_bonus", text(message))
    require_int(bonus, deal=None, field="match_bonus", low=0, high=MAX_MATCH_BONUS, what=MATCH_BONUS)
    target = merged["target"]
    if not is_int(target) or target < 1:
        raise InvalidDeal(None, "target", text(gettext_noop("The target must be a whole number, 1 or more.")))
    require_int(target, deal=None, field="target", low=1, high=MAX_TARGET, what=TARGET)
    multiply_weis = merged["multiply_weis"]
    if not isinstance(multiply_weis, bool):
        message = gettext_noop("Whether Weis and Stöck are multiplied must be true or false.")
        raise InvalidDeal(None, "multiply_weis", text(message))
    multipliers = read_multipliers(merged["multipliers"])
    count_order = read_count_order(merged["count_order"])
    counter_bonus = read_counter_match_bonus(merged["counter_match_bonus"])
    extra_modes = read_extra_modes(merged["extra_modes"])
    if not isinstance(merged["weis_card_twice"], bool):
        message = gettext_noop("Whether one card may count in two Weis must be true or false.")
        raise InvalidDeal(None, "weis_card_twice", text(message))
    return Agreed(
        CARD_POINTS + bonus,
        target,
        multiply_weis,
        {**multipliers, **extra_modes},
        count_order,
        CARD_POINTS + (bonus if counter_bonus is None else counter_bonus),
        counter_bonus is not None,
        tuple(extra_modes),
        read_marks(merged, target),
    )


def read_count_order(value: Any) -> tuple[str, str, str]:
    """The order of Stöck, Weis and card points in the finishing deal, by its name."""
    if isinstance(value, str) and value in COUNT_ORDERS:
        return COUNT_ORDERS[value]
    message = gettext_noop('The count order must be "stoeck_weis_stich" or "stoeck_stich_weis".')
    raise InvalidDeal(None, "count_order", text(message))


def read_counter_match_bonus(value: Any) -> int | None:
    """None: a counter-match scores the match bonus like any match."""
    if value is None:
        return None
    what = text(gettext_noop("The counter-match bonus"))
    return _whole("counter_match_bonus", value, what)


def _whole(key: str, value: Any, what: Words) -> int:
    """A number setting that may be null, within its shape's range (SHAPES)."""
    shape = SHAPES[key]
    assert isinstance(shape, WholeOrNull)
    return require_int(value, deal=None, field=key, low=shape.low, high=shape.high, what=what)


def read_extra_modes(value: Any) -> dict[str, int]:
    """Trump-less modes of the club's own (Slalom, ...) with their factors; each counts like obenabe."""
    if not _is_mapping(value):
        message = gettext_noop("The extra modes must map each mode's name to its multiplier.")
        raise InvalidDeal(None, "extra_modes", text(message))
    if len(value) > MAX_EXTRA_MODES:
        message = gettext_noop("A game has at most %(most)s extra modes.")
        raise InvalidDeal(None, "extra_modes", text(message, most=MAX_EXTRA_MODES))
    for mode, factor in value.items():
        if not isinstance(mode, str) or not EXTRA_MODE_NAME.match(mode):
            message = gettext_noop(
                "Extra modes: %(mode)s is not a name of small letters a to z and _ (at most 30)."
            )
            raise InvalidDeal(None, "extra_modes", text(message, mode=repr(mode)))
        if mode in MODES:
            message = gettext_noop(
                "Extra modes: %(mode)s is a standard mode; set its factor in the multipliers."
            )
            raise InvalidDeal(None, "extra_modes", text(message, mode=repr(mode)), item=mode)
        what = text(gettext_noop("The multiplier of %(row)s"), row=mode_word(mode))
        require_int(factor, deal=None, field="extra_modes", low=1, high=MAX_MULTIPLIER, what=what, item=mode)
    return dict(value)


MARK_WORDS: dict[str, str] = {
    "win": gettext_noop("The marks for a win"),
    "berg": gettext_noop("The marks for the Berg"),
    "match": gettext_noop("The marks for a match"),
    "counter_match": gettext_noop("The marks for a counter-match"),
    "schneider": gettext_noop("The marks for a Schneider"),
}
MARK_KINDS = tuple(MARK_WORDS)
"""The keys the `marks` setting may name."""


def read_marks(merged: Mapping[str, Any], target: int) -> Marks | None:
    """The marks of each kind (a kind left out gives none), or None: the game counts points only.

    The Berg and the Schneider lie at half the target unless set; both are checked even without marks,
    so a value typed in the form is never silently kept wrong."""
    berg_at = _line(merged["berg_at"], "berg_at", text(gettext_noop("The Berg")), target)
    if berg_at > target:
        message = gettext_noop("The Berg must be at most the target, %(target)s.")
        raise InvalidDeal(None, "berg_at", text(message, target=target))
    schneider_below = _line(
        merged["schneider_below"], "schneider_below", text(gettext_noop("The Schneider line")), target
    )
    marks = merged["marks"]
    if marks is None:
        return None
    if not _is_mapping(marks):
        message = gettext_noop(
            "The marks must be null, or map win, berg, match, counter_match and schneider to numbers."
        )
        raise InvalidDeal(None, "marks", text(message))
    for kind in marks:
        if kind not in MARK_WORDS:
            message = gettext_noop(
                "Marks: %(kind)s is not a mark; the marks are win, berg, match, counter_match and schneider."
            )
            raise InvalidDeal(None, "marks", text(message, kind=repr(kind)))
    counts: dict[str, int] = {}
    for kind, template in MARK_WORDS.items():
        what = text(template)
        counts[kind] = require_int(
            marks.get(kind, 0), deal=None, field="marks", low=0, high=MAX_MARKS, what=what, item=kind
        )
    return Marks(**counts, berg_at=berg_at, schneider_below=schneider_below)


def _line(value: Any, field: str, what: Text, target: int) -> int:
    """A total the marks look at: half the target unless set (at least 1, for a target of 1)."""
    if value is None:
        return max(1, target // 2)
    return _whole(field, value, what)


SHAPES: dict[str, SettingShape] = {
    "count_order": OneOf(tuple(COUNT_ORDERS)),
    "counter_match_bonus": WholeOrNull(0, MAX_MATCH_BONUS),
    "extra_modes": NamedFactors(),
    "marks": CountsOrNull(MARK_KINDS, STRICHE),
    "berg_at": WholeOrNull(1, MAX_TARGET),
    "schneider_below": WholeOrNull(1, MAX_TARGET),
}
"""What the settings without a telling default take (base.setting_shapes): the forms ask for them so."""


def read_multipliers(value: Any) -> dict[str, int]:
    """A map from trump to factor (missing trumps keep their default), or "flat": all x1."""
    if value == "flat":
        return dict(FLAT_MULTIPLIERS)
    if not isinstance(value, Mapping):
        message = gettext_noop('The multipliers must map each trump to a factor, or be "flat".')
        raise InvalidDeal(None, "multipliers", text(message))
    multipliers = dict(DEFAULT_MULTIPLIERS)
    for mode, factor in value.items():
        if mode not in multipliers:
            message = gettext_noop("Multipliers: %(mode)s is not a trump in Schieber.")
            raise InvalidDeal(None, "multipliers", text(message, mode=repr(mode)))
        if not is_int(factor) or factor < 1:
            message = gettext_noop("The multiplier of %(mode)s must be a whole number, 1 or more.")
            raise InvalidDeal(None, "multipliers", text(message, mode=mode_word(mode)), item=mode)
        what = text(gettext_noop("The multiplier of %(row)s"), row=mode_word(mode))
        require_int(factor, deal=None, field="multipliers", low=1, high=MAX_MULTIPLIER, what=what, item=mode)
        multipliers[mode] = factor
    return multipliers


# ---- one deal entry ---------------------------------------------------------------------------------


def _is_mapping(value: Any) -> bool:
    """JSON gives plain dicts: test that first, the Mapping ABC check is slow in a replay."""
    return type(value) is dict or isinstance(value, Mapping)


def read_deal(number: int, entry: Any, agreed: Agreed) -> Played:
    """Check one entry field by field; the first problem is the one the player sees."""
    if not _is_mapping(entry):
        message = gettext_noop("A deal must be an entry with named fields (trump, points, ...).")
        raise InvalidDeal(number, "deal", text(message))
    if not FIELDS.issuperset(entry):
        refuse_unknown_keys(entry, FIELDS, deal=number)
    trump = entry.get("trump")
    multiplier = agreed.multipliers.get(trump) if isinstance(trump, str) else None
    if multiplier is None:
        raise InvalidDeal(number, "trump", _trump_message(trump, agreed.extra_modes))
    points, match = read_card_points(number, entry.get("points"), entry.get("match"), agreed.match_points)
    weis = read_weis(number, entry.get("weis"))
    stoeck = read_stoeck(number, entry.get("stoeck"), trump, agreed.extra_modes)
    announced_by = read_team(number, entry.get("announced_by"), "announced_by", ANNOUNCED_BY)
    if match is not None and agreed.counter_bonus_set:
        points = _counter_match_points(number, points, match, announced_by, agreed)
    return Played(
        trump,
        multiplier,
        points,
        match,
        weis,
        stoeck,
        announced_by,
        read_team(number, entry.get("first_out"), "first_out", FIRST_OUT),
        read_team(number, entry.get("berg_first"), "berg_first", BERG_FIRST),
    )


def _counter_match_points(
    number: int, points: tuple[int, int], match: str, announced_by: str | None, agreed: Agreed
) -> tuple[int, int]:
    """With a counter-match bonus of its own, a match needs the announcing team to be scored."""
    if announced_by is None:
        message = gettext_noop(
            "Enter the team that announced: in this game a counter-match scores a bonus of its own."
        )
        raise InvalidDeal(number, "announced_by", text(message))
    if match == announced_by:
        return points
    return (agreed.counter_match_points, 0) if match == "A" else (0, agreed.counter_match_points)


def _trump_message(trump: Any, extra_modes: Sequence[str]) -> Text:
    if trump is None:
        return text(gettext_noop("Choose the trump of this deal."))
    if extra_modes:
        message = gettext_noop(
            "The trump must be hearts, diamonds, spades, clubs, obenabe, undenufe or an extra mode of "
            "this game: %(modes)s."
        )
        return text(message, modes=", ".join(extra_modes))
    return text(gettext_noop("The trump must be hearts, diamonds, spades, clubs, obenabe or undenufe."))


def read_team(number: int, value: Any, field: str, what: Words) -> str | None:
    """An optional team: absent or null means nobody."""
    if value is None or value == "A" or value == "B":
        return value
    raise InvalidDeal(number, field, text(gettext_noop("%(what)s must be team A or B."), what=what))


def read_card_points(
    number: int, points: Any, match: Any, match_points: int
) -> tuple[tuple[int, int], str | None]:
    """Card points of both teams from one team's (the other has the rest), both, or a match."""
    if match is not None:
        if points is not None:
            raise InvalidDeal(
                number, "points", text(gettext_noop("Enter the card points or a match, not both."))
            )
        if match == "A":
            return (match_points, 0), "A"
        if match == "B":
            return (0, match_points), "B"
        raise InvalidDeal(number, "match", text(gettext_noop("The match must be by team A or B.")))
    if points is None:
        raise InvalidDeal(number, "points", ENTER_POINTS)
    if not _is_mapping(points):
        require_mapping(points, deal=number, field="points", what=CARD_POINTS_WORDS)
    if not points:
        raise InvalidDeal(number, "points", ENTER_POINTS)
    if not _SIDE_SET.issuperset(points):
        require_known(points, SIDES, deal=number, field="points", what=CARD_POINTS_WORDS)
    return _split_157(number, points), None


def _split_157(number: int, points: Mapping[str, Any]) -> tuple[int, int]:
    """157 in every mode: one team's points give the other's; both given must add up."""
    if "A" not in points:
        b = _team_points(number, points["B"], "B")
        return CARD_POINTS - _refuse_156(number, b, "B"), b
    a = _team_points(number, points["A"], "A")
    if "B" not in points:
        return a, CARD_POINTS - _refuse_156(number, a, "A")
    b = _team_points(number, points["B"], "B")
    if a + b != CARD_POINTS:
        message = gettext_noop("Card points of teams A and B must total 157, not %(total)s.")
        raise InvalidDeal(number, "points", text(message, total=a + b))
    return a, b


def _team_points(number: int, points: Any, side: str) -> int:
    """0 to 157, never 1; the plain int test first keeps a replay fast, base words the refusal."""
    if type(points) is int and 0 <= points <= CARD_POINTS and points != 1:
        return points
    what = text(gettext_noop("Card points of team %(team)s"), team=side)
    return require_card_points(points, deal=number, field="points", what=what)


def _refuse_156(number: int, points: int, side: str) -> int:
    """The other team would have 1 point, which no card is worth."""
    if points == CARD_POINTS - 1:
        message = gettext_noop("Card points of team %(team)s cannot be 156: team %(other)s would have 1.")
        raise InvalidDeal(number, "points", text(message, team=side, other=OTHER[side]))
    return points


def read_weis(number: int, weis: Any) -> tuple[int, int]:
    """Only the team with the best single Weis scores, so at most one team has any."""
    if weis is None:
        return 0, 0
    if not _is_mapping(weis):
        require_mapping(weis, deal=number, field="weis", what=WEIS_WORDS)
    if not _SIDE_SET.issuperset(weis):
        require_known(weis, SIDES, deal=number, field="weis", what=WEIS_WORDS)
    a = _weis_amount(number, weis.get("A", 0), "A")
    b = _weis_amount(number, weis.get("B", 0), "B")
    if a and b:
        message = gettext_noop("Only the team with the best Weis scores: enter Weis for one team.")
        raise InvalidDeal(number, "weis", text(message))
    return a, b


def _weis_amount(number: int, amount: Any, side: str) -> int:
    if not is_int(amount) or amount not in WEIS_VALUES:
        message = gettext_noop(
            "Weis of team %(team)s must be 0, 20, or a multiple of 10 from 40 to %(most)s."
        )
        raise InvalidDeal(number, "weis", text(message, team=side, most=MAX_WEIS))
    return amount


def read_stoeck(number: int, stoeck: Any, trump: str, extra_modes: Sequence[str] = ()) -> str | None:
    """Stöck is King and Queen of trump: there is none without a trump suit (nor in an extra mode)."""
    stoeck = read_team(number, stoeck, "stoeck", STOECK_WORDS)
    if stoeck is not None and (trump in NO_TRUMP or trump in extra_modes):
        message = gettext_noop("No Stöck in %(mode)s: there is no trump suit.")
        raise InvalidDeal(number, "stoeck", text(message, mode=mode_word(trump)))
    return stoeck


# ---- scoring and the finish -----------------------------------------------------------------------------


def stages(deal: Played, multiply_weis: bool) -> dict[str, tuple[int, int]]:
    """The deal's score per team by what it is for: Stöck, Weis and card points."""
    mult = deal.multiplier
    bonus_factor = mult if multiply_weis else 1
    stoeck = STOECK * bonus_factor
    stoeck_stage = (stoeck, 0) if deal.stoeck == "A" else (0, stoeck) if deal.stoeck == "B" else (0, 0)
    weis_a, weis_b = deal.weis
    points_a, points_b = deal.points
    return {
        "stoeck": stoeck_stage,
        "weis": (weis_a * bonus_factor, weis_b * bonus_factor),
        "points": (points_a * mult, points_b * mult),
    }


NOT_REACHED: dict[str, str] = {
    "first_out": gettext_noop("Team %(team)s did not reach the target in this deal."),
    "berg_first": gettext_noop("Team %(team)s did not reach the Berg in this deal."),
}
BOTH_REACHED: dict[str, str] = {
    "first_out": gettext_noop("Both teams reached the target with card points: which team got there first?"),
    "berg_first": gettext_noop("Both teams reached the Berg with card points: which team got there first?"),
}
UNASKED: dict[tuple[str, str], str] = {
    ("first_out", "stoeck"): gettext_noop(
        "No need to name the team out first: team %(team)s reached the target first, with its Stöck."
    ),
    ("first_out", "weis"): gettext_noop(
        "No need to name the team out first: team %(team)s reached the target first, with Weis."
    ),
    ("first_out", "points"): gettext_noop(
        "No need to name the team out first: team %(team)s reached the target first, with card points."
    ),
    ("berg_first", "stoeck"): gettext_noop(
        "No need to name the team at the Berg first: team %(team)s reached it first, with its Stöck."
    ),
    ("berg_first", "weis"): gettext_noop(
        "No need to name the team at the Berg first: team %(team)s reached it first, with Weis."
    ),
    ("berg_first", "points"): gettext_noop(
        "No need to name the team at the Berg first: team %(team)s reached it first, with card points."
    ),
}
"""By the stage that decided who got there first, counted in the game's count order."""


def first_to(
    number: int, line: int, before: tuple[int, int], deal: Played, agreed: Agreed, field: str
) -> str | None:
    """The team that reached `line` first in this deal, stage by stage in the count order; None if neither.

    `field` names what the entry may claim (first_out for the target, berg_first for the Berg): both teams
    can only get there in the same stage with card points, and only then is the claim asked for."""
    named: str | None = getattr(deal, field)
    staged = stages(deal, agreed.multiply_weis)
    total_a, total_b = before
    after = (total_a + sum(a for a, _ in staged.values()), total_b + sum(b for _, b in staged.values()))
    reached = [side for side, total in zip(SIDES, after, strict=True) if total >= line]
    if named is not None and named not in reached:
        raise InvalidDeal(number, field, text(NOT_REACHED[field], team=named))
    if not reached:
        return None
    for stage in agreed.count_order:
        add_a, add_b = staged[stage]
        total_a += add_a
        total_b += add_b
        if total_a >= line and total_b >= line:
            if named is None:
                raise InvalidDeal(number, field, text(BOTH_REACHED[field]))
            return named
        if total_a >= line or total_b >= line:
            first = "A" if total_a >= line else "B"
            if named is not None:
                raise InvalidDeal(number, field, text(UNASKED[field, stage], team=first))
            return first
    return None  # not reached: `reached` is not empty, so some stage got there


def find_winner(number: int, before: tuple[int, int], deal: Played, agreed: Agreed) -> str | None:
    """Who reached the target first in this deal; None while the game goes on."""
    return first_to(number, agreed.target, before, deal, agreed, "first_out")


def find_berg(
    number: int, before: tuple[int, int], deal: Played, agreed: Agreed, given: tuple[int, str] | None
) -> str | None:
    """The team that reaches the Berg in this deal, the first to in the game; None otherwise.

    Only a game whose marks give the Berg some counts it, once: naming the team there first is refused
    in any other deal, like first_out."""
    marks = agreed.marks
    if marks is None or not marks.berg:
        if deal.berg_first is not None:
            message = gettext_noop("This game counts no Berg: no need to name who reached it first.")
            raise InvalidDeal(number, "berg_first", text(message))
        return None
    if given is not None:
        if deal.berg_first is not None:
            message = gettext_noop(
                "The Berg went to team %(team)s in deal %(deal)s: no need to name who reached it first."
            )
            raise InvalidDeal(number, "berg_first", text(message, team=given[1], deal=given[0]))
        return None
    return first_to(number, marks.berg_at, before, deal, agreed, "berg_first")


def deal_scores(deal: Played, multiply_weis: bool) -> tuple[int, int]:
    """(points + Weis + Stöck) x multiplier, or only the points multiplied if Weis is not."""
    mult = deal.multiplier
    bonus_factor = mult if multiply_weis else 1
    weis_a, weis_b = deal.weis
    points_a, points_b = deal.points
    if deal.stoeck == "A":
        weis_a += STOECK
    elif deal.stoeck == "B":
        weis_b += STOECK
    return points_a * mult + weis_a * bonus_factor, points_b * mult + weis_b * bonus_factor


def is_counter_match(deal: Played) -> bool:
    """A match by the team that did not announce (Kontermatsch)."""
    return deal.match is not None and deal.announced_by is not None and deal.match != deal.announced_by


def details(deal: Played) -> dict[str, Any]:
    """What the deal sheet and the statistics show beside the scores."""
    points_a, points_b = deal.points
    weis_a, weis_b = deal.weis
    return {
        "trump": deal.trump,
        "points": {"A": points_a, "B": points_b},
        "match": deal.match,
        "counter_match": is_counter_match(deal),
        "weis": {"A": weis_a, "B": weis_b},
        "stoeck": deal.stoeck,
        "multiplier": deal.multiplier,
        "first_out": deal.first_out,
        "berg_first": deal.berg_first,
    }


# ---- marks (Striche) ------------------------------------------------------------------------------------


def deal_marks(
    deal: Played, marks: Marks, berg: str | None, winner: str | None, after: Mapping[str, int]
) -> dict[str, list[str]]:
    """The kinds of marks each team earns in this deal, a kind worth no mark left out.

    A match or counter-match, the Berg, and in the deal that ends the game the win and a Schneider (the
    loser's final total strictly below the Schneider line)."""
    kinds: dict[str, list[str]] = {"A": [], "B": []}
    if deal.match is not None:
        kinds[deal.match].append("counter_match" if is_counter_match(deal) else "match")
    if berg is not None:
        kinds[berg].append("berg")
    if winner is not None:
        kinds[winner].append("win")
        if after[OTHER[winner]] < marks.schneider_below:
            kinds[winner].append("schneider")
    return {side: [kind for kind in earned if getattr(marks, kind)] for side, earned in kinds.items()}


def marks_details(marks: Marks, kinds: Mapping[str, list[str]], berg: str | None) -> dict[str, Any]:
    """Per deal, for a Jasstafel's strokes: the marks of each team, of which kinds, and the Berg."""
    return {
        "marks": {side: sum(getattr(marks, kind) for kind in earned) for side, earned in kinds.items()},
        "mark_kinds": {side: list(earned) for side, earned in kinds.items()},
        "berg": berg,
    }


# ---- the game ---------------------------------------------------------------------------------------------


def score(seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
    """Replay the game's deals; the deal in which a team reaches the target is the last accepted."""
    require_seats(seats, Schieber.player_counts)
    agreed = read_settings(settings)
    target, multiply_weis, marks = agreed.target, agreed.multiply_weis, agreed.marks
    total_a = total_b = 0
    winner: str | None = None
    berg_given: tuple[int, str] | None = None
    mark_totals = {"A": 0, "B": 0}
    results: list[DealResult] = []
    for number, entry in enumerate(deals, 1):
        if winner is not None:
            refuse_after_end(number, number - 1)
        deal = read_deal(number, entry, agreed)
        score_a, score_b = deal_scores(deal, multiply_weis)
        if deal.first_out is not None or total_a + score_a >= target or total_b + score_b >= target:
            winner = find_winner(number, (total_a, total_b), deal, agreed)
        facts = details(deal)
        if marks is not None or deal.berg_first is not None:
            berg = _berg_of_deal(number, (total_a, total_b), (score_a, score_b), deal, agreed, berg_given)
            if berg is not None:
                berg_given = (number, berg)
            if marks is not None:
                after = {"A": total_a + score_a, "B": total_b + score_b}
                kinds = deal_marks(deal, marks, berg, winner, after)
                facts.update(marks_details(marks, kinds, berg))
                for side, count in facts["marks"].items():
                    mark_totals[side] += count
        total_a += score_a
        total_b += score_b
        results.append(DealResult(number, {"A": score_a, "B": score_b}, facts))
    totals = {"A": total_a, "B": total_b}
    ranking = rank(totals) if winner is None else rank_groups([[winner], [OTHER[winner]]], totals)
    state: dict[str, Any] = {"target": target}
    if marks is not None and marks.berg:
        state["berg_at"] = None if berg_given else marks.berg_at
    return GameResult(
        Schieber.key,
        SIDES,
        tuple(results),
        totals,
        winner is not None,
        winner,
        ranking,
        state,
        marks=None if marks is None else mark_totals,
    )


def _berg_of_deal(
    number: int,
    before: tuple[int, int],
    scores: tuple[int, int],
    deal: Played,
    agreed: Agreed,
    given: tuple[int, str] | None,
) -> str | None:
    """Look for the Berg only where it can be: a claim to check, or a total crossing the line."""
    marks = agreed.marks
    crossing = (
        marks is not None
        and given is None
        and (before[0] + scores[0] >= marks.berg_at or before[1] + scores[1] >= marks.berg_at)
    )
    if deal.berg_first is None and not crossing:
        return None
    return find_berg(number, before, deal, agreed, given)


class Schieber:
    """The variant as the registry sees it (base.Variant)."""

    key = "schieber"
    name = gettext_noop("Schieber")
    defaults: Mapping[str, Any] = DEFAULTS
    presets: Mapping[str, Mapping[str, Any]] = PRESETS
    setting_shapes: Mapping[str, SettingShape] = SHAPES
    player_counts = (4,)
    teams = TWO_TEAMS
    lowest_wins = False
    trumps = True
    control_points = CARD_POINTS

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        return score(seats, settings, deals)


VARIANT = Schieber()
