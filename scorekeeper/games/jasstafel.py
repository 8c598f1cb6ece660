"""The chalk board of Schieber: a total drawn as strokes of 100, 50 and 20 on a Z, plus the rest.

Strokes of 100 lie on the bottom line, 50s on the diagonal, 20s on the top line; what is left under
20 is written beside the board. Drawn from the total, as a clean slate would show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class Tafel:
    hundreds: int
    fifties: int
    twenties: int
    rest: int

    @property
    def total(self) -> int:
        return 100 * self.hundreds + 50 * self.fifties + 20 * self.twenties + self.rest


def tafel(total: int) -> Tafel:
    hundreds, below_hundred = divmod(max(total, 0), 100)
    fifties, below_fifty = divmod(below_hundred, 50)
    twenties, rest = divmod(below_fifty, 20)
    return Tafel(hundreds, fifties, twenties, rest)


class Stroke(NamedTuple):
    """One chalk line; a tuple, since a long game draws hundreds on every page and every deal."""

    x1: float
    y1: float
    x2: float
    y2: float


# The Z in a 300 x 120 viewBox: top line y=15, bottom line y=105, diagonal from (285,15) to (15,105).
TOP, BOTTOM, LEFT, RIGHT = 15.0, 105.0, 15.0, 285.0


def _line_strokes(count: int, y: float, height: float) -> list[Stroke]:
    """Upright strokes along a line; every fifth crosses the four before it, as chalk is bundled."""
    strokes: list[Stroke] = []
    x = LEFT + 6
    for index in range(count):
        if index % 5 == 4:
            strokes.append(Stroke(x - 26, y + height / 2, x - 2, y - height / 2))
            x += 8
        else:
            strokes.append(Stroke(x, y - height / 2, x, y + height / 2))
            x += 6
        if x > RIGHT - 4:  # a long game: start a second row just inside the Z
            x = LEFT + 6
            y += -height if y > (TOP + BOTTOM) / 2 else height
    return strokes


def _diagonal_strokes(count: int) -> list[Stroke]:
    """Small crosses along the diagonal, one per 50."""
    strokes: list[Stroke] = []
    for index in range(count):
        t = (index + 1) / (count + 1)
        x = RIGHT - t * (RIGHT - LEFT)
        y = TOP + t * (BOTTOM - TOP)
        strokes.append(Stroke(x - 6, y - 6, x + 6, y + 6))
    return strokes


class StrokeGroup(NamedTuple):
    """The strokes of one value (20, 50 or 100): a deal's answer redraws only the groups it changed."""

    value: int
    strokes: list[Stroke]


def stroke_groups(board: Tafel) -> list[StrokeGroup]:
    return [
        StrokeGroup(20, _line_strokes(board.twenties, TOP + 10, 14)),
        StrokeGroup(50, _diagonal_strokes(board.fifties)),
        StrokeGroup(100, _line_strokes(board.hundreds, BOTTOM - 10, 14)),
    ]


def strokes(board: Tafel) -> list[Stroke]:
    return [stroke for group in stroke_groups(board) for stroke in group.strokes]


def changed_groups(before: Tafel | None, after: Tafel) -> list[StrokeGroup]:
    """The groups whose count differs from `before`'s (all of them when there was no board yet)."""
    counts_before = (before.twenties, before.fifties, before.hundreds) if before else (-1, -1, -1)
    counts_after = (after.twenties, after.fifties, after.hundreds)
    return [
        group
        for group, old, new in zip(stroke_groups(after), counts_before, counts_after, strict=True)
        if old != new
    ]


# ---- the marks (Striche) ------------------------------------------------------------------------------

MARKS_PER_LINE = 20
"""Four bundles of five fill a line; a longer game's marks go on more lines."""
MARK_LINE = 26
"""The height of one line of marks in the board's units (a stroke is 20 high)."""
MARKS_WIDTH = 150
"""A line of marks is half the Z's width: drawn as wide as the board, each stroke is twice the size of the
points' strokes, as a club writes its marks large."""


@dataclass(frozen=True)
class Tally:
    """A team's marks as a club writes them under the Z: bundles of five, the fifth across the four."""

    count: int

    @property
    def strokes(self) -> list[Stroke]:
        found: list[Stroke] = []
        for line, start in enumerate(range(0, max(self.count, 0), MARKS_PER_LINE)):
            found += _line_strokes(min(MARKS_PER_LINE, self.count - start), TOP + line * MARK_LINE, 20)
        return found

    @property
    def height(self) -> int:
        """The drawing's height (MARKS_WIDTH wide): one line, and one more for every 20 marks."""
        lines = max(1, -(-self.count // MARKS_PER_LINE))
        return 30 + (lines - 1) * MARK_LINE

    @property
    def width(self) -> int:
        return MARKS_WIDTH
