"""Tournament standings: each entrant's total over the passes, ranked by the tie-breaks the event chose.

Pure (no Django import): the selector sums every entrant's score per pass in one SQL query, however many
passes, and hands the rows to `rank`, so the live page, the CSV, the print-out and the tests rank alike.
Anchor: Tabbycat's standings (metrics registered by key, their precedence a setting of the tournament).

The count, decided once here:

- A pass's score is in the format's own unit (team points, penalty, net sticks...). With
  ``scoring="table_points"`` it becomes ranking points by place at the table instead. Table points always
  count up (more is better) whatever ``lowest_wins`` says; ``lowest_wins`` still tells which raw score
  wins, and so decides the places at a table and the head-to-head.
- Places at a table use competition ranking: entrants (in Schieber the teams: partners share their
  team's place) with equal scores all get the points of the best place they cover, the next one the points
  of its own place: 90, 90, 70, 50 earn 3, 3, 1, 0 with (3, 2, 1, 0). Places past the list earn 0.
  Integers throughout, so totals stay exact and print as they are.
- A bye is compensated in the unit of the total: ``"average"`` gives the average of everyone seated in
  that pass (raw score or table points) rounded half up (towards the higher number, 25.5 -> 26 and
  -25.5 -> -25; None, blank, while nobody of the pass has played), ``"fixed"`` gives ``bye_score``.
- A pass without a row (late arrival, withdrawal, a table that has not entered a deal yet) is None: 0 in
  the total, never a bye, never dropped. In a lowest-wins event that flatters the absent: record a bye
  instead where the pass should count.
- An entrant with no pass counted at all (before any play, or never at a table) has no rank (None): they
  are listed after the ranked, by id, instead of being ranked 1...N with 0 points by the lots.
- The dropped pass is the worst pass played (a bye counts as played; the earliest of equally bad ones),
  and only once two passes or more were played. The pass tie-breaks read the counted passes only;
  matches and apples count every pass played.
- Ranking is best first with competition ranks (1, 1, 3): the tie-breaks apply in the stored order, each
  to the entrants still tied; entrants equal after all of them share a rank and are listed by id.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, groupby
from typing import Any, Literal, NamedTuple

__all__ = [
    "TIE_BREAKS",
    "Event",
    "Line",
    "PassResult",
    "Standing",
    "StandingsError",
    "StandingsRules",
    "TieBreak",
    "half_up",
    "rank",
]

Scoring = Literal["sum", "table_points"]
Compensation = Literal["average", "fixed"]
Better = Literal["higher", "lower", "like_total"]
"""Which way a tie-break value is better; "like_total" follows the total (pass scores)."""

SCORINGS = ("sum", "table_points")
COMPENSATIONS = ("average", "fixed")


class StandingsError(ValueError):
    """The rules or the rows cannot be ranked; the message is for the director (or a bug report)."""


class PassResult(NamedTuple):
    """One entrant's pass as the aggregate query delivers it; a bye has no table and no score of its own.

    A named tuple, not a dataclass: 2000 players x 10 passes are 20,000 rows per ranking, and building
    them as frozen dataclasses took 60 ms of the 150 ms budget here (named tuples: 15 ms);
    ``PassResult._make(row)`` takes a ``values_list`` row in field order.
    """

    entrant: int
    pass_number: int
    table: int | None
    side: str | None
    """The team at the table ("A"/"B" in Schieber), the player's own id as text otherwise."""
    score: int
    matches: int = 0
    apples: int = 0
    bye: bool = False


@dataclass(frozen=True)
class StandingsRules:
    """How a tournament counts and breaks ties; stored on the tournament."""

    lowest_wins: bool = False
    scoring: Scoring = "sum"
    table_points: tuple[int, ...] = (3, 2, 1, 0)
    """Ranking points by place at a table: the 1st gets table_points[0]..."""
    drop_worst_pass: bool = False
    tie_breaks: tuple[str, ...] = ("best_pass", "next_best_pass", "matches", "lots")
    lots_seed: int = 0
    bye_compensation: Compensation = "average"
    bye_score: int = 0

    def __post_init__(self) -> None:
        # JSON gives lists; tuples keep the rules hashable and frozen.
        object.__setattr__(self, "table_points", tuple(self.table_points))
        object.__setattr__(self, "tie_breaks", tuple(self.tie_breaks))
        _check_choice("scoring", self.scoring, SCORINGS)
        _check_choice("bye compensation", self.bye_compensation, COMPENSATIONS)
        for key in self.tie_breaks:
            _check_choice("tie-break", key, tuple(TIE_BREAKS))
        if len(set(self.tie_breaks)) < len(self.tie_breaks):
            raise StandingsError(f"A tie-break is listed twice: {', '.join(self.tie_breaks)}.")
        if self.scoring == "table_points" and not self.table_points:
            raise StandingsError("Table points need the points for at least the first place.")

    @property
    def highest_wins(self) -> bool:
        """Whether a higher total (and pass) is better: table points always count up."""
        return self.scoring == "table_points" or not self.lowest_wins


def _check_choice(what: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise StandingsError(f"Unknown {what} {value!r}: choose from {', '.join(choices)}.")


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings, as shown: passes[k - 1] is pass k (a bye shows its compensation)."""

    rank: int | None
    """None: nothing counted yet (no pass played, no bye compensated), so no place to give."""
    entrant: int
    total: int
    passes: tuple[int | None, ...]
    dropped_pass: int | None
    tie_break_values: tuple[Any, ...]
    """One value per tie-break of the rules, in their order (head-to-head: None unless it was applied)."""
    byes: tuple[int, ...] = ()
    matches: int = 0
    apples: int = 0


@dataclass(slots=True)
class Line:
    """One entrant while ranking: what the tie-breaks read."""

    entrant: int
    passes: tuple[int | None, ...]
    dropped_pass: int | None
    counted: tuple[int, ...]
    """The passes that make the total, in pass order (neither missing nor dropped)."""
    total: int
    matches: int
    apples: int
    byes: tuple[int, ...]
    shown: list[Any] = field(default_factory=list)
    """The tie-break values so far, in the order of the rules."""


@dataclass(eq=False)
class Event:
    """The whole event as the tie-breaks see it, beyond one line: the rules, every row, the lots."""

    counting: StandingsRules
    rows: Sequence[PassResult]
    entrants: tuple[int, ...]
    """Everyone in the standings, by id."""

    @cached_property
    def lots(self) -> dict[int, int]:
        """Each entrant's lot (1 draws best): the stored seed shuffles the ids in order, so it reproduces."""
        order = list(self.entrants)
        random.Random(f"{self.counting.lots_seed}").shuffle(order)
        return {entrant: number for number, entrant in enumerate(order, 1)}

    @cached_property
    def seats(self) -> dict[int, dict[int, PassResult]]:
        """Each entrant's rows at a table by pass (byes left out), read only once head-to-head is needed."""
        seats: dict[int, dict[int, PassResult]] = defaultdict(dict)
        for row in self.rows:
            if not row.bye:
                seats[row.entrant][row.pass_number] = row
        return seats


@dataclass(slots=True)
class _Tally:
    """One entrant's passes while the rows are read; a bye holds 0 until its compensation is known."""

    passes: list[int | None]
    byes: list[int] = field(default_factory=list)
    matches: int = 0
    apples: int = 0


# ---- the ranking ---------------------------------------------------------------------------------------


def rank(
    results: Iterable[PassResult], counting: StandingsRules, *, entrants: Iterable[int] = ()
) -> list[Standing]:
    """The standings, best first; `entrants` adds those registered who have no row yet (all passes None)."""
    rows = list(results)
    columns = max((row.pass_number for row in rows), default=0)
    tallies, bye_values = _tally(rows, counting, columns)
    for entrant in entrants:
        tallies.setdefault(entrant, _Tally([None] * columns))
    lines = [_line(entrant, tally, bye_values, counting) for entrant, tally in sorted(tallies.items())]
    ranked = [line for line in lines if _counts(line)]
    event = Event(counting, rows, tuple(line.entrant for line in ranked))
    unranked = [line for line in lines if not _counts(line)]
    return _standings(_ranked_groups(ranked, event)) + [_unranked(line, counting) for line in unranked]


def _counts(line: Line) -> bool:
    """Something of the entrant's counts: a pass played or a bye compensated."""
    return any(value is not None for value in line.passes)


def _unranked(line: Line, counting: StandingsRules) -> Standing:
    return Standing(
        None,
        line.entrant,
        line.total,
        line.passes,
        line.dropped_pass,
        (None,) * len(counting.tie_breaks),
        line.byes,
        line.matches,
        line.apples,
    )


def _tally(
    rows: list[PassResult], counting: StandingsRules, columns: int
) -> tuple[dict[int, _Tally], list[int | None]]:
    """Reads the rows once: each entrant's passes, and what a bye earns in each pass (index pass - 1)."""
    values = (
        _table_points(rows, counting) if counting.scoring == "table_points" else [row.score for row in rows]
    )
    tallies: dict[int, _Tally] = {}
    sums, counts = [0] * columns, [0] * columns
    for row, value in zip(rows, values, strict=True):
        entrant, number = row.entrant, row.pass_number
        tally = tallies.get(entrant) or tallies.setdefault(entrant, _Tally([None] * columns))
        if number < 1 or tally.passes[number - 1] is not None:
            raise StandingsError(f"Entrant {entrant} has a second or invalid pass {number}.")
        if row.bye:
            tally.byes.append(number)
            tally.passes[number - 1] = 0
        else:
            tally.passes[number - 1] = value
            sums[number - 1] += value
            counts[number - 1] += 1
        tally.matches += row.matches
        tally.apples += row.apples
    return tallies, _bye_values(sums, counts, counting)


def _bye_values(sums: list[int], counts: list[int], counting: StandingsRules) -> list[int | None]:
    """What a bye earns in each pass: the average of those who played it (None, not yet known, while
    nobody has), or the fixed score."""
    if counting.bye_compensation == "fixed":
        return [counting.bye_score] * len(sums)
    return [half_up(total, count) if count else None for total, count in zip(sums, counts, strict=True)]


def half_up(total: int, count: int) -> int:
    """total / count rounded half up, in integers: a bye's average is exact however large the sums."""
    return (2 * total + count) // (2 * count)


def _line(entrant: int, tally: _Tally, bye_values: list[int | None], counting: StandingsRules) -> Line:
    passes = tally.passes
    for number in tally.byes:
        passes[number - 1] = bye_values[number - 1]
    dropped = _worst_pass(passes, counting.highest_wins) if counting.drop_worst_pass else None
    counted = tuple(
        value for number, value in enumerate(passes, 1) if value is not None and number != dropped
    )
    return Line(
        entrant,
        tuple(passes),
        dropped,
        counted,
        sum(counted),
        tally.matches,
        tally.apples,
        tuple(sorted(tally.byes)),
    )


def _worst_pass(passes: Sequence[int | None], highest_wins: bool) -> int | None:
    """The pass number to leave out: the worst played, the earliest of equals; none below two passes."""
    played = [(value, number) for number, value in enumerate(passes, 1) if value is not None]
    if len(played) < 2:
        return None
    worst = min if highest_wins else max  # both return the first of equals: the earliest pass
    return worst(played, key=lambda pair: pair[0])[1]


def _ranked_groups(lines: list[Line], event: Event) -> list[list[Line]]:
    """Groups of equal entrants, best first: by total, then each tie-break splits the groups still tied."""
    groups = _split(lines, [line.total for line in lines], "like_total", event.counting)
    for key in event.counting.tie_breaks:
        groups = _break_ties(groups, TIE_BREAKS[key], event)
    return groups


def _break_ties(groups: list[list[Line]], tie_break: TieBreak, event: Event) -> list[list[Line]]:
    """Splits the tied groups by one tie-break; those already alone get their value shown, in one call."""
    alone = [group[0] for group in groups if len(group) == 1]
    _show(alone, [None] * len(alone) if tie_break.among_tied else tie_break.values(alone, event))
    refined: list[list[Line]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
            continue
        values = tie_break.values(group, event)
        _show(group, values)
        refined.extend(_split(group, values, tie_break.better, event.counting))
    return refined


def _show(lines: list[Line], values: list[Any]) -> None:
    for line, value in zip(lines, values, strict=True):
        line.shown.append(value)


def _split(
    group: list[Line], values: list[Any], better: Better, counting: StandingsRules
) -> list[list[Line]]:
    """The group best first by the values, cut where they change; a stable sort keeps equals by id."""
    higher = counting.highest_wins if better == "like_total" else better == "higher"
    keys = [_sort_key(value, higher) for value in values]
    order = sorted(range(len(group)), key=keys.__getitem__)
    return [[group[index] for index in run] for _, run in groupby(order, key=keys.__getitem__)]


def _sort_key(value: Any, higher: bool) -> tuple[Any, ...]:
    """Best first: nothing to compare (None) last, the higher value first where higher is better."""
    if value is None:
        return (1,)
    if not higher:
        return (0, value)
    return (0, tuple(-part for part in value) if isinstance(value, tuple) else -value)


def _standings(groups: list[list[Line]]) -> list[Standing]:
    """Competition ranks (1, 1, 3): a group's rank is one more than the entrants above it."""
    standings: list[Standing] = []
    for group in groups:
        place = len(standings) + 1
        standings.extend(
            Standing(
                place,
                line.entrant,
                line.total,
                line.passes,
                line.dropped_pass,
                tuple(line.shown),
                line.byes,
                line.matches,
                line.apples,
            )
            for line in group
        )
    return standings


# ---- table points -------------------------------------------------------------------------------------


def _table_points(rows: list[PassResult], counting: StandingsRules) -> list[int]:
    """Ranking points by place at the table, one per row (0 for a bye, compensated later)."""
    tables: dict[tuple[int, int | None], list[int]] = defaultdict(list)
    for index, row in enumerate(rows):
        if not row.bye:
            tables[row.pass_number, row.table].append(index)
    points, earned = counting.table_points, [0] * len(rows)
    for indices in tables.values():
        for index, place in _places(rows, indices, counting.lowest_wins):
            earned[index] = points[place - 1] if place <= len(points) else 0
    return earned


def _places(rows: list[PassResult], table: list[int], lowest_wins: bool) -> list[tuple[int, int]]:
    """(row index, place) at one table: a side's place is one more than the sides with a better score,
    so equal scores share the best place they cover (1, 1, 3), and partners share their team's place."""
    ordered = sorted(table, key=lambda index: rows[index].score, reverse=not lowest_wins)
    places: list[tuple[int, int]] = []
    sides: set[str] = set()
    place, previous = 0, None
    for index in ordered:
        row = rows[index]
        if row.score != previous:
            place, previous = len(sides) + 1, row.score
        sides.add(_side(row))
        places.append((index, place))
    return places


def _side(row: PassResult) -> str:
    """The team at the table; a player without partners is a side alone."""
    return row.side if row.side is not None else str(row.entrant)


# ---- head-to-head -------------------------------------------------------------------------------------


def _meetings(
    ids: list[int], seats: dict[int, dict[int, PassResult]], sign: int
) -> dict[int, tuple[int, int]]:
    """(wins, margin) of each of `ids` in the passes they met, or {} as soon as a pair of them never met."""
    wins, margin = dict.fromkeys(ids, 0), dict.fromkeys(ids, 0)
    for one, other in combinations(ids, 2):
        games = _games(seats.get(one, {}), seats.get(other, {}))
        if not games:
            return {}
        for difference in games:
            margin[one] += sign * difference
            margin[other] -= sign * difference
            if difference:
                wins[one if sign * difference > 0 else other] += 1
    return {entrant: (wins[entrant], margin[entrant]) for entrant in ids}


def _games(one: dict[int, PassResult], other: dict[int, PassResult]) -> list[int]:
    """One's score minus the other's in every pass they sat at one table on opposite sides."""
    games = []
    for number, mine in one.items():
        theirs = other.get(number)
        if theirs is not None and theirs.table == mine.table and _side(theirs) != _side(mine):
            games.append(mine.score - theirs.score)
    return games


# ---- the tie-breaks: each gives the values of a tied group, in its order --------------------------------


def best_pass(group: Sequence[Line], event: Event) -> list[int | None]:
    """The best single pass counted: a great pass outranks steady ones."""
    best = max if event.counting.highest_wins else min
    return [best(line.counted) if line.counted else None for line in group]


def next_best_pass(group: Sequence[Line], event: Event) -> list[tuple[int, ...] | None]:
    """The counted passes best first: the best decides, then the second best, the third..."""
    reverse = event.counting.highest_wins
    return [tuple(sorted(line.counted, reverse=reverse)) or None for line in group]


def matches(group: Sequence[Line], event: Event) -> list[int]:
    """Matches (all tricks of a deal) over every pass played: more is better."""
    return [line.matches for line in group]


def fewer_apples(group: Sequence[Line], event: Event) -> list[int]:
    """Apples over every pass played: fewer is better."""
    return [line.apples for line in group]


def head_to_head(group: Sequence[Line], event: Event) -> list[tuple[int, int] | None]:
    """Among the entrants still tied only: (wins, margin) over the passes where two of them sat at one
    table on opposite sides (partners and byes are no meeting). Each such pair and pass is a win for the
    better raw score (lower when lowest_wins), and the difference goes to the winner's margin and off the
    loser's. It applies only when every pair of the tied entrants met at least once, otherwise they cannot
    all be compared and the next tie-break decides (None); nor is it applied again to a smaller group it
    leaves tied. More wins first, then the better margin.
    """
    sign = -1 if event.counting.lowest_wins else 1
    met = _meetings([line.entrant for line in group], event.seats, sign)
    return [met.get(line.entrant) for line in group]


def lots(group: Sequence[Line], event: Event) -> list[int]:
    """The entrant's lot, drawn with the stored seed (1 is best): it never ties, so put it last."""
    return [event.lots[line.entrant] for line in group]


@dataclass(frozen=True)
class TieBreak:
    """A tie-break: the values of a tied group (shown in the standings), and which way they are better."""

    values: Callable[[Sequence[Line], Event], list[Any]]
    better: Better
    among_tied: bool = False
    """The value depends on who else is tied (head-to-head): an entrant alone has none."""


TIE_BREAKS: dict[str, TieBreak] = {
    "best_pass": TieBreak(best_pass, "like_total"),
    "next_best_pass": TieBreak(next_best_pass, "like_total"),
    "matches": TieBreak(matches, "higher"),
    "fewer_apples": TieBreak(fewer_apples, "lower"),
    "head_to_head": TieBreak(head_to_head, "higher", among_tied=True),
    "lots": TieBreak(lots, "lower"),
}
"""The tie-breaks by the key stored on the tournament: adding one is one function and one line here."""
