"""Molotow: four players each for themself; per deal sticks (+1) and potatoes (-1), most net sticks wins.

The seed gives the others 3 sticks or potatoes around a big hand; the published rules give 1, which keeps
every deal zero-sum: `big_hand_others` offers both (rules.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import (
    CARD_POINTS,
    NO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    gettext_noop,
    rank,
    refuse_after_end,
    require_entry,
    require_int,
    require_seats,
    sole_winner,
    text,
)
from .differenzler import player_points, require_deals

KEY = "molotow"
ENTRY_FIELDS = frozenset({"points", "high_card"})
BIG_HAND = 100
BIG_HAND_SELF = 3
MAX_BIG_HAND_OTHERS = 3

DEFAULTS: dict[str, Any] = {"big_hand_others": 3, "deals": 12}

Award = tuple[dict[str, int], dict[str, int]]


class Molotow:
    """The Variant for Molotow; `score` replays every entry from the start."""

    key = KEY
    name = gettext_noop("Molotow")
    defaults = DEFAULTS
    presets: dict[str, dict[str, Any]] = {
        "standard": DEFAULTS,
        "seed (3 each)": {**DEFAULTS, "big_hand_others": 3},
        "zero-sum (1 each)": {**DEFAULTS, "big_hand_others": 1},
    }
    player_counts = (4,)
    teams = NO_TEAMS
    lowest_wins = False
    trumps = False
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        players = require_seats(seats, self.player_counts)
        others = require_int(
            settings["big_hand_others"],
            deal=None,
            field="big_hand_others",
            low=0,
            high=MAX_BIG_HAND_OTHERS,
            what=text(gettext_noop("Sticks or potatoes for the others around a big hand")),
        )
        last = require_deals(settings)
        sticks = dict.fromkeys(players, 0)
        potatoes = dict.fromkeys(players, 0)
        results: list[DealResult] = []
        for number, entry in enumerate(deals, start=1):
            if number > last:
                refuse_after_end(number, last)
            result = _score_deal(number, entry, players, others)
            for name in players:
                sticks[name] += result.details["sticks"][name]
                potatoes[name] += result.details["potatoes"][name]
            results.append(result)
        totals = {name: sticks[name] - potatoes[name] for name in players}
        finished = len(results) == last
        ranking = rank(totals)
        return GameResult(
            variant=KEY,
            sides=tuple(players),
            deals=tuple(results),
            totals=totals,
            finished=finished,
            winner=sole_winner(ranking, finished),
            ranking=ranking,
            state={"deals_left": last - len(results), "sticks": sticks, "potatoes": potatoes},
        )


def _score_deal(number: int, entry: Any, players: list[str], others: int) -> DealResult:
    """Score = net sticks; details keep what the deal awarded, for strokes and circles on the board."""
    require_entry(number, entry, ENTRY_FIELDS)
    points = player_points(number, entry, players)
    sticks, potatoes = _award(number, entry, points, others)
    scores = {name: sticks[name] - potatoes[name] for name in players}
    details = {"points": points, "high_card": entry.get("high_card"), "sticks": sticks, "potatoes": potatoes}
    return DealResult(number, scores, details)


def _award(number: int, entry: Entry, points: dict[str, int], others: int) -> Award:
    """The cases of rules.md, in order: 157, a big hand of 100-156, then the places below 100."""
    sticks = dict.fromkeys(points, 0)
    potatoes = dict.fromkeys(points, 0)
    order = sorted(points, key=points.__getitem__, reverse=True)
    top = order[0]
    if points[top] >= BIG_HAND:
        mine, theirs = (sticks, potatoes) if points[top] == CARD_POINTS else (potatoes, sticks)
        for name in order[1:]:
            theirs[name] = others
        mine[top] = BIG_HAND_SELF
        _refuse_high_card(number, entry)
        return sticks, potatoes
    high, second, third, low = (points[name] for name in order)
    if high == second == third or second == third == low:
        alone = order[3] if high == third else order[0]
        sticks[alone] = 1
        potatoes[_high_card(number, entry, points, [name for name in order if name != alone])] = 1
        return sticks, potatoes
    _refuse_high_card(number, entry)
    if high == second:  # tie for highest: the tied nothing, the lowest a stick, the other a potato
        sticks[order[3]], potatoes[order[2]] = 1, 1
    elif third == low:  # tie for lowest: the highest a stick, the tied nothing, the other a potato
        sticks[order[0]], potatoes[order[1]] = 1, 1
    else:  # clear highest and lowest: a stick each, the two middle players a potato each
        sticks[order[0]], sticks[order[3]] = 1, 1
        potatoes[order[1]], potatoes[order[2]] = 1, 1
    return sticks, potatoes


def _high_card(number: int, entry: Entry, points: dict[str, int], tied: list[str]) -> str:
    """After a three-way tie the three draw a card; the entry names who drew the highest (null: not yet)."""
    names = text(
        gettext_noop("%(first)s, %(second)s or %(third)s"), first=tied[0], second=tied[1], third=tied[2]
    )
    drawn = entry.get("high_card")
    if drawn is None:
        message = gettext_noop("Three players tied: name who drew the highest card (%(names)s).")
        raise InvalidDeal(number, "high_card", text(message, names=names))
    if not isinstance(drawn, str) or drawn not in points:
        message = gettext_noop("High card: %(name)s is not in this game.")
        raise InvalidDeal(number, "high_card", text(message, name=repr(drawn)))
    if drawn not in tied:
        message = gettext_noop("%(name)s did not tie: the high card is drawn by %(names)s.")
        raise InvalidDeal(number, "high_card", text(message, name=drawn, names=names))
    return drawn


def _refuse_high_card(number: int, entry: Entry) -> None:
    if entry.get("high_card") is not None:
        message = gettext_noop("A high card is drawn only after a three-way tie.")
        raise InvalidDeal(number, "high_card", text(message))


VARIANT = Molotow()
