"""Pandur: 4 players, three play each hand (the dealer sits out), one soloist against the others.

A made contract gives its value to the soloist, a failed one to every opponent (and, with four
in, to the dealer unless close to `target`). Reaching `target` drops a player out; the last one
left loses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    is_int,
    refuse_after_end,
    require_entry,
    require_int,
    require_seats,
    text,
)
from .dropout import DropOut

FIELDS = frozenset({"dealer", "soloist", "contract", "made", "points"})

NAMED_CONTRACTS = {"misere": 4, "trump_misere": 4, "pandur": 5, "trump_pandur": 6}
CONTRACT_WORDS = {
    "misere": gettext_noop("misère"),
    "trump_misere": gettext_noop("trump misère"),
    "pandur": gettext_noop("Pandur"),
    "trump_pandur": gettext_noop("trump Pandur"),
}
"""The named contracts as players say them, marked for translation (the web translates them)."""
SOLOIST = text(gettext_noop("The soloist"))
DEALER = text(gettext_noop("The dealer"))
MAX_POINTS = CARD_POINTS + 600
"""The most a soloist can score: every card point and the most melds a side may show (rules.md)."""
MAX_BID = MAX_POINTS // 10 * 10
"""A bid above what can be made is a typo: 750."""


def score(seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
    """Score a whole Pandur game; refuses the first bad deal."""
    players = require_seats(seats, VARIANT.player_counts)
    target = require_int(
        {**VARIANT.defaults, **settings}["target"],
        deal=None,
        field="target",
        low=1,
        high=100,
        what=text(gettext_noop("The target")),
    )
    table = DropOut(players)
    totals = dict.fromkeys(players, 0)
    results: list[DealResult] = []
    for number, entry in enumerate(deals, start=1):
        if table.finished:
            refuse_after_end(number, number - 1)
        scores, details = _deal(number, entry, table, totals, target)
        for player, points in scores.items():
            totals[player] += points
        details["out"] = table.settle(totals, target)
        results.append(DealResult(number, scores, details))
    ranking = table.ranking(totals)
    state = table.state()
    state["dealer_needed"] = len(table.still_in) == 4
    return GameResult(
        variant=VARIANT.key,
        sides=tuple(players),
        deals=tuple(results),
        totals=totals,
        finished=table.finished,
        winner=table.winner(ranking),
        ranking=ranking,
        state=state,
    )


def _deal(
    number: int, entry: Any, table: DropOut, totals: Mapping[str, int], target: int
) -> tuple[dict[str, int], dict[str, Any]]:
    """Game points of one hand for every seat (0 for those out or not scoring), and what to show."""
    require_entry(number, entry, FIELDS)
    dealer = _dealer(entry.get("dealer"), table, number)
    soloist = table.require_in(entry.get("soloist"), deal=number, field="soloist", what=SOLOIST)
    if soloist == dealer:
        message = gettext_noop("%(name)s deals this hand and sits it out: not the soloist.")
        raise InvalidDeal(number, "soloist", text(message, name=soloist))
    contract = entry.get("contract")
    value = _value(contract, number)
    made = _made(entry, contract, number)
    if made:
        gainers = [soloist]
    else:
        gainers = [player for player in table.still_in if player not in (soloist, dealer)]
        if dealer is not None and totals[dealer] < target - 2:
            gainers.append(dealer)
    scores = dict.fromkeys(table.seats, 0)
    for player in gainers:
        scores[player] = value
    details = {"soloist": soloist, "contract": contract, "value": value, "made": made, "sitting_out": dealer}
    return scores, details


def _dealer(raw: Any, table: DropOut, number: int) -> str | None:
    """With four in, the dealer sits out and must be named; with fewer, everybody plays."""
    if len(table.still_in) == 4:
        if raw is None:
            message = gettext_noop("Four players are in: name the dealer, who sits this hand out.")
            raise InvalidDeal(number, "dealer", text(message))
        return table.require_in(raw, deal=number, field="dealer", what=DEALER)
    if raw is not None:
        message = gettext_noop("With %(players)s players in, nobody sits out: leave out the dealer.")
        raise InvalidDeal(number, "dealer", text(message, players=len(table.still_in)))
    return None


def _value(contract: Any, number: int) -> int:
    """Game points at stake: bid / 50 (at most 6), misère and trump misère 4, Pandur 5, trump Pandur 6."""
    if is_int(contract):
        if 100 <= contract <= MAX_BID and contract % 10 == 0:
            return min(contract // 50, 6)
    elif isinstance(contract, str) and contract in NAMED_CONTRACTS:
        return NAMED_CONTRACTS[contract]
    if contract is None:
        raise InvalidDeal(number, "contract", text(gettext_noop("The contract is missing.")))
    message = gettext_noop(
        "The contract must be a bid from 100 to %(most)s in tens, "
        "or misère, trump misère, Pandur or trump Pandur."
    )
    raise InvalidDeal(number, "contract", text(message, most=MAX_BID))


def _made(entry: Mapping[str, Any], contract: Any, number: int) -> bool:
    """Either `made` as said at the table, or the soloist's points against a numeric bid."""
    made, points = entry.get("made"), entry.get("points")
    if made is not None and points is not None:
        message = gettext_noop("Give either whether the contract was made or the soloist's points, not both.")
        raise InvalidDeal(number, "points", text(message))
    if made is not None:
        if not isinstance(made, bool):
            raise InvalidDeal(number, "made", text(gettext_noop("Made must be true or false.")))
        return made
    if points is None:
        message = gettext_noop("Say whether the contract was made, or give the soloist's points.")
        raise InvalidDeal(number, "made", text(message))
    if not is_int(contract):
        message = gettext_noop("Points decide only a numeric bid: say whether the %(contract)s was made.")
        raise InvalidDeal(number, "points", text(message, contract=text(CONTRACT_WORDS[contract])))
    what = text(gettext_noop("The soloist's points"))
    points = require_int(points, deal=number, field="points", low=0, high=MAX_POINTS, what=what)
    if points == 1:
        message = gettext_noop("The soloist's points cannot be 1: no card is worth 1 point.")
        raise InvalidDeal(number, "points", text(message))
    return points >= contract


class Pandur:
    """The variant as the registry sees it."""

    key = "pandur"
    name = gettext_noop("Pandur")
    defaults: dict[str, Any] = {"target": 15}
    presets: dict[str, dict[str, Any]] = {"standard": dict(defaults)}
    player_counts = (4,)
    teams = NO_TEAMS
    lowest_wins = False
    trumps = False
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        return score(seats, settings, deals)


VARIANT = Pandur()
