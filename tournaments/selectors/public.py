"""What the public pages read: the current pass's seating, a player's passes, the standings as rows.

A fixed number of queries per page, however many players and passes: the seating of a pass is one
query, a player's passes three, the standings those of selectors.public_standings. Nothing here ever
reads a table's token or an entrant's personal code: those belong to the table card and the player's
slip, never to a public page.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, QuerySet, Sum
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from scorekeeper.games.models import Game
from tournaments.formats import format_facts
from tournaments.models import Bye, Entrant, Pass, Table, TableSeat, Tournament
from tournaments.selectors import Line, public_standings, standings_rules

PAGE_ROWS = 100
"""Rows per page of the public standings: a phone scrolls a hundred, and a search finds anyone."""
FOUND_ROWS = 20
"""Rows a name search shows at most."""

TIE_BREAK_HEADINGS = {
    "best_pass": _("Best pass"),
    "next_best_pass": _("Next best"),
    "matches": pgettext_lazy("schieber: all nine tricks", "Matches"),
    "fewer_apples": _("Apples"),
    "head_to_head": _("Head-to-head"),
    "lots": pgettext_lazy("drawing lots", "Lot"),
}


# ---- seating --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    entrant: int
    number: int
    """The start number."""
    name: str
    """Who sits there: the substitute's name when someone plays in the entrant's place."""
    position: int
    team: str
    """"A" or "B" with partners, empty where everyone plays alone."""
    side: str
    """What the seat scores for in the game: its team, or the registered player's own name."""
    playing_for: str = ""

    @property
    def label(self) -> str:
        """ "Seat 3" in the page's language; here, as a template tag per seat slowed a big event's page."""
        return pgettext("seat at a table", "Seat %(number)s") % {"number": self.position}


@dataclass(frozen=True)
class TableView:
    number: int
    seats: list[SeatView]
    confirmed: bool

    @property
    def label(self) -> str:
        """ "Table 12" in the page's language."""
        return pgettext("tournament table", "Table %(number)s") % {"number": self.number}

    def teams(self) -> list[list[SeatView]]:
        """Team A, then team B; one list of everyone without partners."""
        if not self.seats or not self.seats[0].team:
            return [self.seats]
        return [[s for s in self.seats if s.team == team] for team in ("A", "B")]


@dataclass(frozen=True)
class Seating:
    number: int
    tables: list[TableView]
    byes: list[Entrant]


def current_pass(tournament: Tournament) -> Pass | None:
    return tournament.pass_set.order_by("-number").first()


def _seat_view(seat: TableSeat, partners: bool) -> SeatView:
    entrant = seat.entrant
    return SeatView(
        entrant.pk,
        entrant.number,
        seat.substitute.name if seat.substitute else entrant.player.name,
        seat.position,
        seat.side if partners else "",
        seat.side,
        entrant.player.name if seat.substitute else "",
    )


def _tables(seats: Iterable[TableSeat], partners: bool) -> list[TableView]:
    """Seats ordered by table and position, grouped into tables."""
    tables: dict[int, TableView] = {}
    for seat in seats:
        table = seat.table
        view = tables.get(table.pk) or tables.setdefault(
            table.pk, TableView(table.number, [], table.confirmed_at is not None)
        )
        view.seats.append(_seat_view(seat, partners))
    return list(tables.values())


def _seats_of(drawn: Pass) -> QuerySet[TableSeat]:
    return (
        TableSeat.objects.filter(table__pass_played=drawn)
        .select_related("table", "entrant__player", "substitute")
        .order_by("table__number", "position")
    )


def seating(tournament: Tournament, drawn: Pass, tables: slice | None = None) -> Seating:
    """Every table of a pass (or the `tables` slice of them in number order) and its byes: two queries."""
    partners = format_facts(tournament.format).partners
    byes = list(Entrant.objects.filter(byes__pass_played=drawn).select_related("player").order_by("number"))
    seats = _seats_of(drawn)
    if tables is not None:
        seats = seats.filter(table__in=drawn.tables.order_by("number").values("pk")[tables])
    return Seating(drawn.number, _tables(seats, partners), byes)


# ---- where do I sit? -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """A player found by name, and where they sit in the current pass (no table: a bye or not playing)."""

    entrant: Entrant
    table: TableView | None
    seat: SeatView | None
    bye: bool

    @property
    def partners(self) -> list[SeatView]:
        return partners_of(self.table, self.seat)

    @property
    def opponents(self) -> list[SeatView]:
        return opponents_of(self.table, self.seat)


def partners_of(table: TableView | None, seat: SeatView | None) -> list[SeatView]:
    if table is None or seat is None or not seat.team:
        return []
    return [s for s in table.seats if s.team == seat.team and s.entrant != seat.entrant]


def opponents_of(table: TableView | None, seat: SeatView | None) -> list[SeatView]:
    """Everyone else at the table, or the other team."""
    if table is None or seat is None:
        return []
    return [s for s in table.seats if s.entrant != seat.entrant and (not seat.team or s.team != seat.team)]


def matching(tournament: Tournament, query: str, limit: int = 20) -> list[Entrant]:
    """Entrants whose name contains the query in any case, or whose start number it is (the number on
    the badge, which the event page's "where do I sit?" asks for); in Python, so "ärni" finds Ärni on
    SQLite too."""
    wanted = " ".join(query.split()).casefold()
    if not wanted:
        return []
    number = wanted.removeprefix("#").strip()  # "#42", as a badge may print it
    entrants = tournament.entrants.select_related("player").order_by("number")
    return [e for e in entrants if wanted in e.player.name.casefold() or number == str(e.number)][:limit]


def where_they_sit(tournament: Tournament, drawn: Pass | None, entrants: Sequence[Entrant]) -> list[Found]:
    """Each entrant's table in the pass, with everyone at it: two queries, however many were found."""
    if drawn is None or not entrants:
        return [Found(e, None, None, False) for e in entrants]
    partners = format_facts(tournament.format).partners
    ids = [e.pk for e in entrants]
    at = Table.objects.filter(pass_played=drawn, seats__entrant__in=ids).values("pk")
    tables = _tables(_seats_of(drawn).filter(table__in=at), partners)
    byes = set(Bye.objects.filter(pass_played=drawn, entrant__in=ids).values_list("entrant_id", flat=True))
    seat_of = {seat.entrant: (table, seat) for table in tables for seat in table.seats}
    found = []
    for entrant in entrants:
        table, seat = seat_of.get(entrant.pk, (None, None))
        found.append(Found(entrant, table, seat, entrant.pk in byes))
    return found


# ---- standings ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PassCell:
    value: int | None
    bye: bool
    dropped: bool


@dataclass(frozen=True)
class StandingRow:
    rank: int | None
    """None: nothing played yet, so no place (the page shows a dash)."""
    entrant: int
    number: int
    name: str
    total: int
    passes: list[PassCell]
    tie_breaks: list[str]
    page: int = 1
    """The public standings page the row is on: a name search links there."""


def tie_break_text(key: str, value: Any) -> str:
    """A tie-break value as the standings print it."""
    if value is None:
        return ""  # the page shows a dash
    if key == "head_to_head":
        wins, margin = value
        return f"{wins} ({margin:+d})"
    if isinstance(value, tuple):
        return " · ".join(str(part) for part in value)
    return str(value)


def _row(line: Line, keys: Sequence[str], page: int) -> StandingRow:
    standing = line.standing
    cells = [
        PassCell(value, number in standing.byes, number == standing.dropped_pass)
        for number, value in enumerate(standing.passes, 1)
    ]
    ties = [tie_break_text(key, value) for key, value in zip(keys, standing.tie_break_values, strict=True)]
    return StandingRow(
        standing.rank, standing.entrant, line.number, line.name, standing.total, cells, ties, page
    )


@dataclass(frozen=True)
class Standings:
    rows: list[StandingRow]
    passes: int
    """How many pass columns: the passes the public may see."""
    tie_breaks: list[str]
    """The tie-break headings, in the order they apply."""
    frozen_from: int | None
    count: int = 0
    """Everyone in the standings, on every page."""
    page: int = 1
    pages: int = 1
    query: str = ""
    """The name (or start number) searched for: the rows are those that match it."""

    @property
    def pass_numbers(self) -> range:
        return range(1, self.passes + 1)

    @property
    def first(self) -> int:
        """The place (1-based, across pages) of the page's first row."""
        return (self.page - 1) * PAGE_ROWS + 1

    @property
    def last(self) -> int:
        return min(self.page * PAGE_ROWS, self.count)


def standings_table(tournament: Tournament, top: int | None = None, start: int = 0) -> Standings:
    """`top` places of the public standings from place `start` + 1 (frozen from pass k: the passes
    before it), or all of it; `count` says how many there are in all, for the projector's screens."""
    lines = public_standings(tournament)
    end = None if top is None else start + top
    return _standings(tournament, lines, list(enumerate(lines[start:end], start)))


@dataclass(frozen=True)
class PodiumPlace:
    place: int
    names: list[str]
    """One name, or a fixed pair's two: partners share their place."""
    total: int


PODIUM_PLACES = 3


def podium(tournament: Tournament) -> list[PodiumPlace]:
    """The first three places of the public standings: the winner and the podium of a finished event.

    Fixed partners (team Schieber, Coiffeur pairs) stand on the podium together, as one place: the
    standings may part them by lot, but they won together. Four queries.
    """
    lines = public_standings(tournament)
    partners = _partners(tournament) if format_facts(tournament.format).fixed_pairs else {}
    by_entrant = {line.standing.entrant: line for line in lines}
    places: list[PodiumPlace] = []
    seen: set[int] = set()
    previous = None
    for line in lines:
        if line.standing.rank is None:  # the unranked come last: nothing played, no place
            break
        if line.standing.entrant in seen:
            continue
        team = [line, *([by_entrant[p]] if (p := partners.get(line.standing.entrant)) in by_entrant else [])]
        seen.update(member.standing.entrant for member in team)
        place = places[-1].place if places and line.standing.rank == previous else len(places) + 1
        if place > PODIUM_PLACES:
            break
        places.append(PodiumPlace(place, [member.name for member in team], line.standing.total))
        previous = line.standing.rank
    return places


def _partners(tournament: Tournament) -> dict[int, int]:
    """Each entrant's fixed partner, both ways (the link is stored on one of the two)."""
    pairs = list(tournament.entrants.filter(partner__isnull=False).values_list("pk", "partner_id"))
    return {**dict(pairs), **{partner: pk for pk, partner in pairs}}


def standings_page(tournament: Tournament, page: int = 1, query: str = "") -> Standings:
    """One page of PAGE_ROWS rows of the public standings, or the rows whose name contains `query`.

    The whole event is still ranked (one ranking, three queries), but only a page is turned into rows
    and rendered: the 2000 rows of ten pass columns took about a second to render.
    """
    lines = public_standings(tournament)
    pages = max(1, -(-len(lines) // PAGE_ROWS))
    page = min(max(page, 1), pages)
    if query:
        found = [(index, lines[index]) for index in matching_lines(lines, query)[:FOUND_ROWS]]
        return _standings(tournament, lines, found, pages=pages, query=query)
    start = (page - 1) * PAGE_ROWS
    shown = list(enumerate(lines[start : start + PAGE_ROWS], start))
    return _standings(tournament, lines, shown, page=page, pages=pages)


def matching_lines(lines: Sequence[Line], query: str) -> list[int]:
    """The indexes of the lines whose name contains the query in any case, or whose start number it is."""
    wanted = " ".join(query.split()).casefold()
    if not wanted:
        return []
    return [
        index
        for index, line in enumerate(lines)
        if wanted in line.name.casefold() or wanted == str(line.number)
    ]


def _standings(
    tournament: Tournament, lines: Sequence[Line], shown: Sequence[tuple[int, Line]], **paging: Any
) -> Standings:
    """Rows for the `shown` lines, each with its index in the whole list `lines`."""
    keys = list(tournament.tie_breaks)
    rows = [_row(line, keys, index // PAGE_ROWS + 1) for index, line in shown]
    passes = len(lines[0].standing.passes) if lines else 0
    headings = [TIE_BREAK_HEADINGS.get(key, key.replace("_", " ").capitalize()) for key in keys]
    return Standings(rows, passes, headings, tournament.frozen_from_pass, len(lines), **paging)


def standings_version(tournament: Tournament) -> str:
    """Changes whenever the public standings may have: the poll answers 204 while it stays the same.

    Every deal written bumps its game's revision, every draw adds a pass; two small queries.
    """
    games = Game.objects.filter(tournament_table__pass_played__tournament=tournament).aggregate(
        n=Count("pk"), r=Sum("revision"), p=Max("tournament_table__pass_played_id")
    )
    people = tournament.entrants.aggregate(n=Count("pk"), last=Max("pk"))
    counting = zlib.crc32(repr(standings_rules(tournament)).encode())
    parts = (games["n"], games["r"], games["p"], people["n"], people["last"], tournament.frozen_from_pass)
    return ".".join(str(part or 0) for part in parts) + f".{counting}"


# ---- one player's passes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PassLine:
    number: int
    table: TableView | None
    seat: SeatView | None
    score: int | None
    """The raw score of the player's side at the table (None: hidden by the freeze, or no table)."""
    counted: int | None
    """What the pass counts in the standings (a bye's compensation, table points)."""
    bye: bool
    dropped: bool
    frozen: bool

    @property
    def partners(self) -> list[SeatView]:
        return partners_of(self.table, self.seat)

    @property
    def opponents(self) -> list[SeatView]:
        return opponents_of(self.table, self.seat)


def player_passes(tournament: Tournament, entrant: Entrant) -> tuple[list[PassLine], Line | None]:
    """The entrant's passes one by one, with the public standings' line for the totals."""
    tables = _tables_by_pass(entrant, format_facts(tournament.format).partners)
    scores = _side_scores(table for _, table in tables.values())
    byes = set(Bye.objects.filter(entrant=entrant).values_list("pass_played__number", flat=True))
    line = next((ln for ln in public_standings(tournament) if ln.standing.entrant == entrant.pk), None)
    frozen = tournament.frozen_from_pass
    lines = []
    for number in sorted(set(tables) | byes):
        view, table = tables.get(number, (None, None))
        seat = next((s for s in view.seats if s.entrant == entrant.pk), None) if view else None
        raw = scores.get((table.game_id, seat.side)) if table and seat else None
        shown = line if frozen is None or number < frozen else None  # the freeze hides the score
        lines.append(
            PassLine(
                number,
                view,
                seat,
                raw if shown else None,
                _counted(shown, number) if shown else None,
                number in byes,
                bool(shown and shown.standing.dropped_pass == number),
                frozen is not None and number >= frozen,
            )
        )
    return lines, line


def _tables_by_pass(entrant: Entrant, partners: bool) -> dict[int, tuple[TableView, Table]]:
    """Every table the entrant sat at, with everyone at it, by pass: one query."""
    at = Table.objects.filter(seats__entrant=entrant).values("pk")
    seats = (
        TableSeat.objects.filter(table__in=at)
        .select_related("table__pass_played", "entrant__player", "substitute")
        .order_by("table__pass_played__number", "position")
    )
    tables: dict[int, tuple[TableView, Table]] = {}
    for seat in seats:
        table = seat.table
        view, _ = tables.setdefault(
            table.pass_played.number, (TableView(table.number, [], table.confirmed_at is not None), table)
        )
        view.seats.append(_seat_view(seat, partners))
    return tables


def _counted(line: Line, number: int) -> int | None:
    passes = line.standing.passes
    return passes[number - 1] if number <= len(passes) else None


def _side_scores(tables: Iterable[Table]) -> dict[tuple[int, str], int]:
    """Each table's score by side, as its game stores it (Game.side_sums)."""
    games = Game.objects.filter(pk__in=[table.game_id for table in tables]).values_list("pk", "side_sums")
    scores = {(game, side): sums[0] for game, side_sums in games for side, sums in side_sums.items()}
    return defaultdict(int, scores)  # a game without deals has no sums yet
