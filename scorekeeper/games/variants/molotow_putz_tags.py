"""The score pictures of Molotow (sticks as strokes, potatoes as circles) and Putz (apples on a track).

Templates cannot count to n or place a marker; these tags turn the engine's state into rows to draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.translation import ngettext, pgettext

from scorekeeper.games.selectors import Board
from scorekeeper.rules import putz

register = template.Library()

TALLY = 5
"""Strokes and circles are drawn in groups of five, the way a stick tally is counted at a glance."""
STICK = "│"
POTATO = "○"
APPLE = "🍎"
NOTHING = "\u2013"  # an en dash: this deal gave the player nothing
TIMES = "\u00d7"
MAX_ICONS = 6
TRACK_LEFT, TRACK_RIGHT = 12.0, 288.0
"""The Putz track runs from lose_at to win_at inside a 300-unit wide SVG."""


@dataclass(frozen=True)
class MolotowRow:
    player: str
    sticks: int
    potatoes: int
    net: int
    stick_groups: list[int]
    potato_groups: list[range]


@dataclass(frozen=True)
class DealMarks:
    """One player's share of one Molotow deal: at most one of sticks and potatoes is non-zero."""

    player: str
    points: int
    sticks: int
    potatoes: int

    @property
    def marks(self) -> str:
        return STICK * self.sticks + POTATO * self.potatoes or NOTHING

    @property
    def words(self) -> str:
        """The marks said in words (title, screen readers): the panel's own phrases, so one translation."""
        if self.sticks:
            return ngettext("%(n)s stick", "%(n)s sticks", self.sticks) % {"n": self.sticks}
        if self.potatoes:
            return ngettext("%(n)s potato", "%(n)s potatoes", self.potatoes) % {"n": self.potatoes}
        return pgettext("molotow: a deal gave the player no stick and no potato", "nothing")


@dataclass(frozen=True)
class PutzRow:
    player: str
    total: int
    apples: int
    x: float
    """The total's place on the track, in the SVG's units."""

    @property
    def icons(self) -> str:
        return APPLE * self.apples if self.apples <= MAX_ICONS else f"{APPLE} {TIMES} {self.apples}"


@dataclass(frozen=True)
class PutzPanel:
    win_at: int
    lose_at: int
    zero_x: float
    rows: list[PutzRow]
    left: float = TRACK_LEFT
    right: float = TRACK_RIGHT


def groups(count: int) -> list[int]:
    """7 -> [5, 2]: the sizes of the tally groups."""
    return [min(TALLY, count - start) for start in range(0, max(count, 0), TALLY)]


@register.simple_tag
def molotow_rows(board: Board) -> list[MolotowRow]:
    sticks: dict[str, int] = board.result.state.get("sticks", {})
    potatoes: dict[str, int] = board.result.state.get("potatoes", {})
    return [
        MolotowRow(
            player=name,
            sticks=sticks.get(name, 0),
            potatoes=potatoes.get(name, 0),
            net=board.result.totals[name],
            stick_groups=groups(sticks.get(name, 0)),
            potato_groups=[range(size) for size in groups(potatoes.get(name, 0))],
        )
        for name in board.result.sides
    ]


@register.simple_tag
def molotow_deal(details: dict[str, Any]) -> list[DealMarks]:
    """What one deal gave each player, in seat order (the engine keeps the seat order)."""
    points: dict[str, int] = details.get("points", {})
    return [
        DealMarks(name, value, details["sticks"].get(name, 0), details["potatoes"].get(name, 0))
        for name, value in points.items()
    ]


def putz_marks(settings: dict[str, Any], players: int) -> tuple[int, int]:
    """win_at and lose_at as the engine reads them: lose_at null means by player count."""
    merged = {**putz.VARIANT.defaults, **settings}
    lose_at = merged["lose_at"]
    return merged["win_at"], putz.LOSE_AT.get(players, -4) if lose_at is None else lose_at


@register.simple_tag
def putz_panel(board: Board) -> PutzPanel:
    win_at, lose_at = putz_marks(board.game.settings, len(board.seats))

    def x(total: int) -> float:
        share = (min(max(total, lose_at), win_at) - lose_at) / max(win_at - lose_at, 1)
        return round(TRACK_LEFT + share * (TRACK_RIGHT - TRACK_LEFT), 1)

    apples: dict[str, int] = board.result.state.get("apples", {})
    totals = board.result.totals
    rows = [PutzRow(name, totals[name], apples.get(name, 0), x(totals[name])) for name in board.result.sides]
    return PutzPanel(win_at, lose_at, x(0), rows)
