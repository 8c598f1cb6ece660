"""Differenzler on the game page: exact hits per deal and per player, read from the engine's details."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import template

from scorekeeper.games.selectors import Board

register = template.Library()


@dataclass(frozen=True)
class PlayerLine:
    name: str
    penalty: int
    rank: int
    exact: int


@register.filter
def exact_hits(details: Mapping[str, Any]) -> list[str]:
    """Players whose card points were exactly their prediction in this deal."""
    said, taken = details.get("predictions", {}), details.get("points", {})
    return [name for name, points in taken.items() if said.get(name) == points]


@register.simple_tag
def differenzler_lines(board: Board) -> list[PlayerLine]:
    """Per player in seat order: the running penalty, the place and the number of exact hits."""
    hits = [name for row in board.rows for name in exact_hits(row.details)]
    return [PlayerLine(side.key, side.total, side.rank, hits.count(side.key)) for side in board.sides]
