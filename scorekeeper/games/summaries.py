"""What a game's deals add up to, per side: written on the game with every write (Game.summary).

The player pages and statistics add these up across games instead of replaying thousands of deals;
the games app stores them, so it owns how they are counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper.rules.base import GameResult


@dataclass(frozen=True, slots=True)
class SideTally:
    """One side's counts over a game's deals, which the statistics add up across games.

    Counted up to and including the deal in which the side dropped out (Handjass); stored on the game
    with every write (Game.summary), so the player page reads one row per game instead of replaying
    thousands of deals.
    """

    deals: int = 0
    score: int = 0
    matches: int = 0
    """Matches made."""
    conceded: int = 0
    """Matches another side made."""
    weis: int = 0
    """Weis as announced (not multiplied, without Stöck)."""
    misses: int = 0
    """Differenzler: |card points - prediction|, summed."""
    exact: int = 0
    """Differenzler: deals without a miss."""
    apples: int = 0
    penalties: int = 0
    """Penalty points of the deals that count penalty games (Guggitaler: not its Domino)."""
    penalty_games: int = 0
    """How many penalty games those deals were (details "penalty_games": 1 a game, 5 a deal of all five)."""
    dominoes: int = 0
    """Deals that ranked the players by the order they went out (details "order": the Domino)."""
    domino_places: int = 0
    """Those places (1 for the first out), summed."""
    domino_firsts: int = 0
    """Times first out."""


TALLIED = tuple(SideTally.__dataclass_fields__)


class Scored(Protocol):
    """A scored deal: a DealRow, or the engine's DealResult."""

    @property
    def scores(self) -> Mapping[str, int]: ...

    @property
    def details(self) -> Mapping[str, Any]: ...


def tally_deals(sides: Iterable[str], deals: Iterable[Scored]) -> dict[str, SideTally]:
    """Each side's counts over the deals, up to and including the one in which it dropped out."""
    counts = {side: dict.fromkeys(TALLIED, 0) for side in sides}
    still_in = set(counts)
    for deal in deals:
        details = deal.details
        match = details.get("match") if isinstance(details.get("match"), str) else None  # Coiffeur: a flag
        out = details.get("out") or ()
        apples, weis = details.get("apples") or (), details.get("weis") or {}
        predictions, points = details.get("predictions"), details.get("points")
        penalty_games, order = details.get("penalty_games", 0), details.get("order") or ()
        for side in [side for side in counts if side in still_in]:
            count = counts[side]
            count["deals"] += 1
            count["score"] += deal.scores.get(side, 0)
            count["matches"] += match == side
            count["conceded"] += match not in (None, side)
            count["weis"] += weis.get(side, 0)
            count["apples"] += side in apples
            if penalty_games:
                count["penalties"] += deal.scores.get(side, 0)
                count["penalty_games"] += penalty_games
            if side in order:
                place = list(order).index(side) + 1
                count["dominoes"] += 1
                count["domino_places"] += place
                count["domino_firsts"] += place == 1
            if predictions is not None and side in predictions:
                miss = abs(points[side] - predictions[side])
                count["misses"] += miss
                count["exact"] += miss == 0
            if side in out:
                still_in.discard(side)
    return {side: SideTally(**count) for side, count in counts.items()}


def summary(sides: Iterable[str], deals: Sequence[Scored], ranks: Mapping[str, int]) -> dict[str, Any]:
    """What Game.summary stores: the deal count, the ranks and each side's non-zero counts (JSON)."""
    tallies = tally_deals(sides, deals)
    return {
        "deals": len(deals),
        "ranks": dict(ranks),
        "sides": {
            side: {name: value for name in TALLIED if (value := getattr(tally, name))}
            for side, tally in tallies.items()
        },
    }


def game_summary(result: GameResult) -> dict[str, Any]:
    """The summary a write stores from the engine's result of the whole game; with each side's marks
    where the game counts them (an evening sums them)."""
    stored = summary(result.sides, result.deals, {placing.side: placing.rank for placing in result.ranking})
    if result.marks is not None:
        stored["marks"] = dict(result.marks)
    return stored


def tallies_from(stored: Mapping[str, Mapping[str, int]]) -> dict[str, SideTally]:
    """The tallies of a stored summary's "sides"."""
    return {side: SideTally(**counts) for side, counts in stored.items()}
