"""What the print-outs show: who sits where in a pass, the schedule per player, the backup score sheets.

Reads only, in a few queries per page whatever the size of the event; the views render the results and the
print stylesheet lays them out on A4.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from scorekeeper.games import qr
from scorekeeper.rules import get_variant
from scorekeeper.rules.base import InvalidDeal
from scorekeeper.rules.schieber import read_multipliers

from . import seating
from .formats import format_facts
from .models import Bye, Entrant, Pass, Seating, TableSeat, Tournament
from .selectors import Line
from .services import past_draws

SHEET_ROWS = 12
"""Rows on a score sheet when the format has no fixed number of deals (the variant's own game)."""


@dataclass(frozen=True)
class SeatLine:
    position: int
    name: str
    """Who plays: the substitute, when one plays for the entrant."""
    number: int
    team: str
    """"A" or "B" when seats 1 & 3 play seats 2 & 4; empty otherwise."""
    substitute_for: str = ""


@dataclass(frozen=True)
class PrintedTable:
    number: int
    seats: tuple[SeatLine, ...]
    token: str

    def team(self, side: str) -> tuple[SeatLine, ...]:
        return tuple(seat for seat in self.seats if seat.team == side)


@dataclass(frozen=True)
class Place:
    """A line of the list on the wall: a player and where they sit."""

    name: str
    number: int
    table: int | None
    """None: a bye."""
    position: int | None


@dataclass(frozen=True)
class Slot:
    """Where a player sits in one pass; no table: a bye."""

    table: int | None = None
    position: int | None = None


@dataclass(frozen=True)
class ScheduleLine:
    number: int
    name: str
    slots: tuple[Slot | None, ...]
    """Per pass; None when the player does not play that pass."""


@dataclass(frozen=True)
class Schedule:
    passes: tuple[tuple[int, bool], ...]
    """(pass number, drawn already): the passes not drawn yet come from the draw up front."""
    lines: tuple[ScheduleLine, ...]


@dataclass(frozen=True)
class CodeSlip:
    """A player's slip: their personal code, to keep to themselves (never on the table card)."""

    number: int
    name: str
    code: str

    @property
    def grouped(self) -> str:
        """ "482 913": read and typed in two halves."""
        return f"{self.code[:3]} {self.code[3:]}"


def code_slips(tournament: Tournament) -> list[CodeSlip]:
    """Every entrant's slip, by start number: one query."""
    rows = tournament.entrants.order_by("number").values_list("number", "player__name", "code")
    return [CodeSlip(number, name, code) for number, name, code in rows]


def sort_key(name: str) -> str:
    """Alphabetical as players expect on the wall: Ä with A, case ignored."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


# ---- one pass ---------------------------------------------------------------------------------------------


def tables_of(drawn: Pass) -> list[PrintedTable]:
    """Every table of the pass with its seats, in one query."""
    partners = format_facts(drawn.tournament.format).partners
    seats = (
        TableSeat.objects.filter(table__pass_played=drawn)
        .select_related("table", "entrant__player", "substitute")
        .order_by("table__number", "position")
    )
    grouped: dict[int, list[TableSeat]] = defaultdict(list)
    for seat in seats:
        grouped[seat.table.number].append(seat)
    return [_printed(seated, partners) for _, seated in sorted(grouped.items())]


def _printed(seated: list[TableSeat], partners: bool) -> PrintedTable:
    table = seated[0].table
    return PrintedTable(
        table.number,
        tuple(_seat_line(seat, partners) for seat in seated),
        table.token,
    )


def _seat_line(seat: TableSeat, partners: bool) -> SeatLine:
    entrant = seat.entrant.player.name
    playing = seat.substitute.name if seat.substitute else entrant
    return SeatLine(
        seat.position,
        playing,
        seat.entrant.number,
        seat.side if partners else "",
        entrant if seat.substitute else "",
    )


def byes_of(drawn: Pass) -> list[Place]:
    rows = Bye.objects.filter(pass_played=drawn).values_list("entrant__player__name", "entrant__number")
    return sorted((Place(name, number, None, None) for name, number in rows), key=_alphabetical)


def places(tables: Iterable[PrintedTable], byes: Iterable[Place] = ()) -> list[Place]:
    """Name → table and seat (or bye), alphabetical: what a player looks for on the wall."""
    found = [
        Place(seat.name, seat.number, table.number, seat.position) for table in tables for seat in table.seats
    ]
    return sorted([*found, *byes], key=_alphabetical)


def _alphabetical(place: Place) -> tuple[str, int]:
    return sort_key(place.name), place.number


def qr_svg(url: str) -> SafeString:
    """The table link as an inline SVG QR code, sized for the printed card."""
    return qr.qr_svg(url, title=_("The table's link"), css_class="pr-qr")


def control_total(tournament: Tournament) -> int | None:
    """The pass's control total, 157 per deal, when it holds: Schieber with flat multipliers and no
    match bonus (an event set so; the preset counts a match 257). Weis and Stöck come on top."""
    facts = format_facts(tournament.format)
    settings = tournament.settings
    control_points = get_variant(facts.variant).control_points
    if not control_points or not tournament.deals_per_pass:
        return None
    try:
        flat = set(read_multipliers(settings.get("multipliers", "flat")).values()) == {1}
    except InvalidDeal:
        return None
    return tournament.deals_per_pass * control_points if flat and settings.get("match_bonus") == 0 else None


def sheet_columns(table: PrintedTable, partners: bool) -> list[str]:
    """One score column per side: each team's two names, or each player."""
    if partners:
        return [" & ".join(seat.name for seat in table.team(side)) for side in ("A", "B")]
    return [seat.name for seat in table.seats]


def sheet_rows(tournament: Tournament) -> range:
    return range(1, (tournament.deals_per_pass or SHEET_ROWS) + 1)


def has_trump(tournament: Tournament) -> bool:
    return get_variant(format_facts(tournament.format).variant).trumps


@dataclass(frozen=True)
class PassCell:
    value: int | None
    bye: bool
    dropped: bool


def pass_cells(line: Line, columns: int) -> list[PassCell]:
    """A standing's passes for the printed table: a bye and the dropped pass are marked."""
    standing = line.standing
    values = list(standing.passes) + [None] * (columns - len(standing.passes))
    return [
        PassCell(value, number in standing.byes, number == standing.dropped_pass)
        for number, value in enumerate(values, 1)
    ]


# ---- all passes ------------------------------------------------------------------------------------------


def schedule(tournament: Tournament) -> Schedule:
    """Every player's table and seat in every pass: the stored passes, then the passes drawn up front."""
    drawn = past_draws(tournament)
    draws = list(drawn) + _planned(tournament, drawn)
    where: dict[int, dict[int, Slot]] = defaultdict(dict)
    for draw in draws:
        for table in draw.tables:
            for position, entrant in enumerate(table.seats, 1):
                where[int(entrant)][draw.pass_number] = Slot(table.number, position)
        for entrant in draw.byes:
            where[int(entrant)][draw.pass_number] = Slot()
    numbers = [draw.pass_number for draw in draws]
    known = {draw.pass_number for draw in drawn}
    names = Entrant.objects.filter(pk__in=where).values_list("pk", "number", "player__name")
    lines = [
        ScheduleLine(number, name, tuple(where[pk].get(n) for n in numbers)) for pk, number, name in names
    ]
    lines.sort(key=lambda line: (sort_key(line.name), line.number))
    return Schedule(tuple((n, n in known) for n in numbers), tuple(lines))


def _planned(tournament: Tournament, drawn: Sequence[seating.Draw]) -> list[seating.Draw]:
    """The passes not drawn yet, when the seating is drawn up front and still holds (same players)."""
    facts = format_facts(tournament.format)
    if tournament.seating != Seating.UPFRONT or facts.fixed_pairs or len(drawn) >= tournament.passes:
        return []
    upcoming = len(drawn) + 1
    playing = [e.pk for e in tournament.entrants.all() if e.plays_in(upcoming)]
    try:
        planned = seating.draw_all(
            playing,
            tournament.passes,
            seed=tournament.seed,
            table_size=facts.table_size,
            partners=facts.partners,
            allow_tables_of_three=tournament.allow_tables_of_three,
        )
    except seating.SeatingError:
        return []
    if [(d.tables, d.byes) for d in planned[: len(drawn)]] != [(d.tables, d.byes) for d in drawn]:
        return []  # someone arrived or left: the later passes will be drawn pass by pass
    return planned[len(drawn) :]
