"""Schieber: two teams, trump multipliers, Weis and Stöck; the first team to the target wins.

Follows rules.md, "Schieber". Team A is seats 1 and 3, team B seats 2 and 4. A whole game is replayed
from its entries on every change, so the per-deal path stays lean: plain tuples, no copies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .base import (
    CARD_POINTS,
    CARD_POINTS_WORDS,
    MODES,
    TWO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    Text,
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
FIELDS = frozenset({"trump", "points", "match", "weis", "stoeck", "announced_by", "first_out"})
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

DEFAULTS: dict[str, Any] = {
    "match_bonus": 100,
    "multipliers": dict(DEFAULT_MULTIPLIERS),
    "multiply_weis": True,
    "target": 2500,
}

_FLAT: dict[str, Any] = {**DEFAULTS, "multipliers": dict(FLAT_MULTIPLIERS)}
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {**DEFAULTS, "multipliers": dict(DEFAULT_MULTIPLIERS)},
    "flat": _FLAT,
    "tournament": {**_FLAT, "multipliers": dict(FLAT_MULTIPLIERS), "match_bonus": 0},
}


class Rules(NamedTuple):
    """The game's settings, checked once before the deals are replayed."""

    match_points: int
    target: int
    multiply_weis: bool
    multipliers: Mapping[str, int]


class Deal(NamedTuple):
    """One entry read and checked; the scoring and the finish both work from it."""

    trump: str
    multiplier: int
    points: tuple[int, int]
    match: str | None
    weis: tuple[int, int]
    stoeck: str | None
    announced_by: str | None
    first_out: str | None


MATCH_BONUS = text(gettext_noop("The match bonus"))
TARGET = text(gettext_noop("The target"))
ANNOUNCED_BY = text(gettext_noop("The team that announced"))
FIRST_OUT = text(gettext_noop("The team out first"))
STOECK_WORDS = text(gettext_noop("Stöck"))
WEIS_WORDS = text(gettext_noop("Weis"))
ENTER_POINTS = text(gettext_noop("Enter the card points of one team, or a match."))


# ---- settings -------------------------------------------------------------------------------------


def read_settings(settings: Settings) -> Rules:
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
    return Rules(CARD_POINTS + bonus, target, multiply_weis, read_multipliers(merged["multipliers"]))


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


def read_deal(number: int, entry: Any, rules: Rules) -> Deal:
    """Check one entry field by field; the first problem is the one the player sees."""
    if not _is_mapping(entry):
        message = gettext_noop("A deal must be an entry with named fields (trump, points, ...).")
        raise InvalidDeal(number, "deal", text(message))
    if not FIELDS.issuperset(entry):
        refuse_unknown_keys(entry, FIELDS, deal=number)
    trump = entry.get("trump")
    multiplier = rules.multipliers.get(trump) if isinstance(trump, str) else None
    if multiplier is None:
        raise InvalidDeal(number, "trump", _trump_message(trump))
    points, match = read_card_points(number, entry.get("points"), entry.get("match"), rules.match_points)
    return Deal(
        trump,
        multiplier,
        points,
        match,
        read_weis(number, entry.get("weis")),
        read_stoeck(number, entry.get("stoeck"), trump),
        read_team(number, entry.get("announced_by"), "announced_by", ANNOUNCED_BY),
        read_team(number, entry.get("first_out"), "first_out", FIRST_OUT),
    )


def _trump_message(trump: Any) -> Text:
    if trump is None:
        return text(gettext_noop("Choose the trump of this deal."))
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


def read_stoeck(number: int, stoeck: Any, trump: str) -> str | None:
    """Stöck is King and Queen of trump: there is none without a trump suit."""
    stoeck = read_team(number, stoeck, "stoeck", STOECK_WORDS)
    if stoeck is not None and trump in NO_TRUMP:
        message = gettext_noop("No Stöck in %(mode)s: there is no trump suit.")
        raise InvalidDeal(number, "stoeck", text(message, mode=mode_word(trump)))
    return stoeck


# ---- scoring and the finish -----------------------------------------------------------------------------


def stages(deal: Deal, multiply_weis: bool) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The deal's score per team in the order it counts at the table: Stöck, Weis, card points."""
    mult = deal.multiplier
    bonus_factor = mult if multiply_weis else 1
    stoeck = STOECK * bonus_factor
    stoeck_stage = (stoeck, 0) if deal.stoeck == "A" else (0, stoeck) if deal.stoeck == "B" else (0, 0)
    weis_a, weis_b = deal.weis
    points_a, points_b = deal.points
    return stoeck_stage, (weis_a * bonus_factor, weis_b * bonus_factor), (points_a * mult, points_b * mult)


def find_winner(number: int, before: tuple[int, int], deal: Deal, rules: Rules) -> str | None:
    """Who reached the target first in this deal, stage by stage; None while the game goes on."""
    target = rules.target
    stoeck, weis, cards = stages(deal, rules.multiply_weis)
    total_a, total_b = before
    after = (total_a + stoeck[0] + weis[0] + cards[0], total_b + stoeck[1] + weis[1] + cards[1])
    reached = [side for side, total in zip(SIDES, after, strict=True) if total >= target]
    if deal.first_out is not None and deal.first_out not in reached:
        message = gettext_noop("Team %(team)s did not reach the target in this deal.")
        raise InvalidDeal(number, "first_out", text(message, team=deal.first_out))
    if not reached:
        return None
    for stage, (add_a, add_b) in (("stoeck", stoeck), ("weis", weis)):
        total_a += add_a
        total_b += add_b
        if total_a >= target or total_b >= target:
            return _unasked(number, deal.first_out, "A" if total_a >= target else "B", stage)
    if len(reached) == 1:
        return _unasked(number, deal.first_out, reached[0], "points")
    if deal.first_out is None:
        message = gettext_noop("Both teams reached the target with card points: which team got there first?")
        raise InvalidDeal(number, "first_out", text(message))
    return deal.first_out


UNASKED: dict[str, str] = {
    "stoeck": gettext_noop(
        "No need to name the team out first: team %(team)s reached the target first, with its Stöck."
    ),
    "weis": gettext_noop(
        "No need to name the team out first: team %(team)s reached the target first, with Weis."
    ),
    "points": gettext_noop(
        "No need to name the team out first: team %(team)s reached the target first, with card points."
    ),
}
"""By the stage that decided the winner, counted in the table's order: Stöck, Weis, card points."""


def _unasked(number: int, first_out: str | None, winner: str, stage: str) -> str:
    """The order of counting decided the winner: naming the team out first is not the players' call."""
    if first_out is not None:
        raise InvalidDeal(number, "first_out", text(UNASKED[stage], team=winner))
    return winner


def deal_scores(deal: Deal, multiply_weis: bool) -> tuple[int, int]:
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


def details(deal: Deal) -> dict[str, Any]:
    """What the deal sheet and the statistics show beside the scores."""
    points_a, points_b = deal.points
    weis_a, weis_b = deal.weis
    match = deal.match
    return {
        "trump": deal.trump,
        "points": {"A": points_a, "B": points_b},
        "match": match,
        "counter_match": match is not None and deal.announced_by is not None and match != deal.announced_by,
        "weis": {"A": weis_a, "B": weis_b},
        "stoeck": deal.stoeck,
        "multiplier": deal.multiplier,
    }


def score(seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
    """Replay the game's deals; the deal in which a team reaches the target is the last accepted."""
    require_seats(seats, Schieber.player_counts)
    rules = read_settings(settings)
    target, multiply_weis = rules.target, rules.multiply_weis
    total_a = total_b = 0
    winner: str | None = None
    results: list[DealResult] = []
    for number, entry in enumerate(deals, 1):
        if winner is not None:
            refuse_after_end(number, number - 1)
        deal = read_deal(number, entry, rules)
        score_a, score_b = deal_scores(deal, multiply_weis)
        if deal.first_out is not None or total_a + score_a >= target or total_b + score_b >= target:
            winner = find_winner(number, (total_a, total_b), deal, rules)
        total_a += score_a
        total_b += score_b
        results.append(DealResult(number, {"A": score_a, "B": score_b}, details(deal)))
    totals = {"A": total_a, "B": total_b}
    ranking = rank(totals) if winner is None else rank_groups([[winner], [OTHER[winner]]], totals)
    return GameResult(
        Schieber.key, SIDES, tuple(results), totals, winner is not None, winner, ranking, {"target": target}
    )


class Schieber:
    """The variant as the registry sees it (base.Variant)."""

    key = "schieber"
    name = gettext_noop("Schieber")
    defaults: Mapping[str, Any] = DEFAULTS
    presets: Mapping[str, Mapping[str, Any]] = PRESETS
    player_counts = (4,)
    teams = TWO_TEAMS
    lowest_wins = False
    trumps = True
    control_points = CARD_POINTS

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        return score(seats, settings, deals)


VARIANT = Schieber()
