"""Handing out a deal's game points by rank, and the tie order the table decides (Putz, Handjass).

A tie matters only where it straddles two different prizes; there the entry must say who ranks
first, as decided at the table (cut a card, ...), and nowhere else: guessing is not the app's job.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import InvalidDeal, Words, gettext_noop, text


def and_list(names: Sequence[str]) -> Words:
    """'Anna', 'Anna and Beat', 'Anna, Beat and Cla': names the way players say them."""
    if len(names) < 2:
        return "".join(names)
    # Translators: player names: %(names)s is "Anna" or "Anna, Beat", %(last)s one more name.
    return text(gettext_noop("%(names)s and %(last)s"), names=", ".join(names[:-1]), last=names[-1])


def award(totals: Mapping[str, int], prizes: Sequence[int], tie_order: Any, *, deal: int) -> dict[str, int]:
    """The prize of each candidate: `prizes[0]` to the best total, `prizes[1]` to the next, ...

    `totals` holds only the players who may take a point, in seat order; a candidate beyond the
    prizes gets 0. `tie_order` (None when absent) lists exactly the players of the deciding ties.
    """
    order = sorted(totals, key=totals.__getitem__, reverse=True)
    groups = _deciding_ties(order, totals, prizes)
    if groups:
        order = _break_ties(order, groups, tie_order, deal)
    elif tie_order is not None:
        message = gettext_noop("No tie decides a point in this deal: leave out the tie order.")
        raise InvalidDeal(deal, "tie_order", text(message))
    return {player: prizes[place] if place < len(prizes) else 0 for place, player in enumerate(order)}


def _deciding_ties(order: list[str], totals: Mapping[str, int], prizes: Sequence[int]) -> list[list[str]]:
    """Runs of equal totals whose places carry different prizes: only those need the table's word."""
    groups: list[list[str]] = []
    start = 0
    while start < len(prizes) and start < len(order):
        end = start + 1
        while end < len(order) and totals[order[end]] == totals[order[start]]:
            end += 1
        places = {prizes[place] if place < len(prizes) else 0 for place in range(start, end)}
        if len(places) > 1:
            groups.append(order[start:end])
        start = end
    return groups


def _break_ties(order: list[str], groups: list[list[str]], tie_order: Any, deal: int) -> list[str]:
    """The ranking with each deciding tie in the order given by the entry."""
    tied = [player for group in groups for player in group]
    if tie_order is None:
        message = gettext_noop("%(names)s are tied for a point: give their order as decided at the table.")
        raise InvalidDeal(deal, "tie_order", text(message, names=and_list(tied)))
    if (
        not isinstance(tie_order, list)
        or len(tie_order) != len(tied)
        or not all(isinstance(name, str) for name in tie_order)
        or set(tie_order) != set(tied)
    ):
        message = gettext_noop("The tie order must list exactly the tied players: %(names)s.")
        raise InvalidDeal(deal, "tie_order", text(message, names=and_list(tied)))
    place = {name: index for index, name in enumerate(tie_order)}
    result = list(order)
    for group in groups:
        first = result.index(group[0])
        result[first : first + len(group)] = sorted(group, key=place.__getitem__)
    return result
