"""Chart geometry for server-drawn SVG: pure numbers, the templates draw the <svg>.

Every chart lives in a 320 x 180 viewBox that the page scales to its width: on a 390 px phone one
unit is about one pixel, so 11-unit labels stay readable and a handful of ticks never crowd.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.utils.formats import number_format

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 24
"""The plot area's margins: room for the y labels on the left and the x labels below."""
MAX_X_LABELS = 4
CHAR_WIDTH = 6.5
"""About the width of a digit in an 11-unit label: enough to keep x labels from touching."""
EN_DASH = "\u2013"


@dataclass(frozen=True, slots=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float
    value: float
    label: str


@dataclass(frozen=True, slots=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    value: int
    label: str


@dataclass(frozen=True)
class Chart:
    """A line chart (points and path) or a bar chart (bars), with its axes' ticks."""

    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    points: tuple[Point, ...] = ()
    path: str = ""
    bars: tuple[Bar, ...] = ()
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP

    @property
    def right(self) -> int:
        return self.width - RIGHT

    @property
    def bottom(self) -> int:
        return self.height - BOTTOM

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"


def nice_step(span: float, count: int) -> float:
    """A step of 1, 2 or 5 times a power of ten nearest to cutting `span` into `count` parts (as d3 does)."""
    if span <= 0:
        return 1
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    error = raw / power
    factor = (
        10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1
    )
    return factor * power


def ticks(low: float, high: float, count: int = 4, *, whole: bool = False) -> list[float]:
    """Round values covering low..high; `whole` keeps the step at 1 or more and starts ranks at 1."""
    if high == low:  # a single value gets room around it; a rank never room below 1 (no rank 0)
        low, high = (max(1, low - 1) if whole and low >= 1 else low - 1), high + 1
    step = nice_step(high - low, count)
    if whole:
        step = max(1, round(step))
    start = math.floor(low / step) * step
    if whole and start < 1 <= low:
        start = 1
    intervals = math.ceil((high - start) / step - 1e-9)
    return [start + i * step for i in range(intervals + 1)]


def number(value: float) -> str:
    """A label's number: whole as it is, else to one decimal in the reader's locale (12.5, or 12,5)."""
    return str(int(value)) if float(value).is_integer() else number_format(round(value, 1), 1)


def _spread(count: int, left: float, right: float) -> list[float]:
    """x of `count` evenly spaced items; a single one sits in the middle."""
    if count == 1:
        return [(left + right) / 2]
    gap = (right - left) / (count - 1)
    return [left + i * gap for i in range(count)]


def _x_ticks(xs: Sequence[float], labels: Sequence[str]) -> tuple[Tick, ...]:
    """As many labels as fit without touching (at most MAX_X_LABELS), spread evenly, kept inside the chart."""
    if not xs:
        return ()
    room = max(len(label) for label in labels) * CHAR_WIDTH + 6
    for count in range(min(MAX_X_LABELS, len(xs)), 0, -1):
        shown = _evenly(len(xs), count)
        at = [min(max(xs[i], room / 2), WIDTH - room / 2) for i in shown]
        if all(right - left >= room for left, right in pairwise(at)):
            return tuple(Tick(round(x, 1), labels[i]) for x, i in zip(at, shown, strict=True))
    return ()


def _evenly(total: int, count: int) -> list[int]:
    """`count` indices from 0 to total - 1, first and last included."""
    if count == 1:
        return [0]
    return sorted({round(i * (total - 1) / (count - 1)) for i in range(count)})


def line_chart(
    series: Sequence[tuple[str, float]],
    *,
    invert: bool = False,
    whole: bool = False,
    include: float | None = None,
) -> Chart:
    """Values left to right, oldest first; `invert` puts low values on top (rank 1 is the best).

    `include` is a value the scale always shows (rank 1, so a 3rd place never looks like the top).
    """
    if not series:
        return Chart((), ())
    values = [value for _, value in series]
    bounds = [*values, include] if include is not None else values
    scale = ticks(min(bounds), max(bounds), whole=whole)
    low, high = scale[0], scale[-1]
    top, bottom = TOP, HEIGHT - BOTTOM

    def y(value: float) -> float:
        share = (value - low) / (high - low)
        return round(top + share * (bottom - top) if invert else bottom - share * (bottom - top), 1)

    xs = [round(x, 1) for x in _spread(len(series), LEFT + 8, WIDTH - RIGHT - 8)]
    points = tuple(Point(x, y(value), value, label) for x, (label, value) in zip(xs, series, strict=True))
    path = " ".join(f"{'M' if i == 0 else 'L'}{p.x},{p.y}" for i, p in enumerate(points))
    y_ticks = tuple(Tick(y(value), number(value)) for value in scale)
    return Chart(y_ticks, _x_ticks(xs, [label for label, _ in series]), points=points, path=path)


def bar_chart(counts: Sequence[tuple[str, int]]) -> Chart:
    """One bar per (label, count), from zero up."""
    if not counts:
        return Chart((), ())
    scale = ticks(0, max(max(c for _, c in counts), 1), whole=True)
    high, top, bottom = scale[-1], TOP, HEIGHT - BOTTOM
    slot = (WIDTH - RIGHT - LEFT) / len(counts)
    gap = min(4.0, slot / 5)
    bars = []
    for i, (label, count) in enumerate(counts):
        height = round(count / high * (bottom - top), 1)
        x = round(LEFT + i * slot + gap / 2, 1)
        bars.append(Bar(x, round(bottom - height, 1), round(slot - gap, 1), height, count, label))
    centres = [bar.x + bar.width / 2 for bar in bars]
    y_ticks = tuple(Tick(round(bottom - v / high * (bottom - top), 1), number(v)) for v in scale)
    return Chart(y_ticks, _x_ticks(centres, [label for label, _ in counts]), bars=tuple(bars))


@dataclass(frozen=True, slots=True)
class Bin:
    low: int
    high: int
    """Inclusive: whole numbers from low to high."""
    count: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}{EN_DASH}{self.high}"


def histogram(values: Sequence[int], bins: int = 8) -> list[Bin]:
    """Whole-number values in bins of a round width (1, 2, 5, 10, 20...), empty bins included."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, round(nice_step(high - low + 1, bins)))
    start = math.floor(low / width) * width
    count = (high - start) // width + 1
    tally = [0] * count
    for value in values:
        tally[(value - start) // width] += 1
    return [Bin(start + i * width, start + (i + 1) * width - 1, n) for i, n in enumerate(tally)]
