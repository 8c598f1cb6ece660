"""What the director's dashboard reads: every table of the current pass, in a fixed number of queries.

An event of 500 tables must not cost 500 queries: the tables come with their deal counts (one grouped
query), the seats in one prefetch, and for the Schieber formats every deal entry of the pass in one
more, re-scored by the rules engine for the control total (card points of both teams, 157 a deal).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Prefetch, Q

from scorekeeper import rules
from scorekeeper.games.models import Deal
from scorekeeper.rules.base import CARD_POINTS, InvalidDeal
from tournaments.formats import format_facts
from tournaments.models import Bye, Entrant, Pass, Table, TableChange, TableSeat, TableSignoff, Tournament
from tournaments.selectors.tables import SideAgreement, agreements
from tournaments.services import MAX_CODE_FAILURES


@dataclass(frozen=True)
class TableProgress:
    table: Table
    seats: Sequence[TableSeat]
    deals: int
    of: int | None
    """The deals a pass has (Schieber formats), or None: the variant's own game decides the end."""
    finished: bool
    counts_card_points: bool = False
    """Schieber formats: the card points entered are held against 157 a deal (the control total)."""
    card_points: int | None = None
    """Both teams' card points of the deals entered (a match counts its 157); None: could not re-score."""

    @property
    def sides(self) -> list[tuple[str, list[TableSeat]]]:
        """Seats by the side they score for: two teams of two in Schieber, else one player a side."""
        grouped: dict[str, list[TableSeat]] = {}
        for seat in self.seats:
            grouped.setdefault(seat.side, []).append(seat)
        return list(grouped.items())

    @property
    def confirmed(self) -> bool:
        return self.table.confirmed_at is not None

    @property
    def blocked(self) -> bool:
        return self.table.code_failures >= MAX_CODE_FAILURES

    @property
    def agreements(self) -> list[SideAgreement]:
        """Each side's personal code as it stands: who agreed, whose code a changed deal voided."""
        return agreements(self.seats, list(self.table.signoffs.all()), self.table.game.revision)

    @property
    def control(self) -> int | None:
        return self.deals * CARD_POINTS if self.counts_card_points else None

    @property
    def control_off(self) -> bool:
        return self.counts_card_points and self.card_points != self.control

    @property
    def waiting(self) -> bool:
        """Needs the director's eye: not confirmed yet."""
        return not self.confirmed

    @property
    def percent(self) -> int:
        if self.confirmed or self.finished:
            return 100
        return min(100, round(100 * self.deals / self.of)) if self.of else 0


@dataclass(frozen=True)
class PassProgress:
    number: int
    tables: list[TableProgress]
    byes: list[Bye]
    forced_reason: str = ""

    @property
    def confirmed(self) -> int:
        return sum(t.confirmed for t in self.tables)

    @property
    def unconfirmed(self) -> list[int]:
        return [t.table.number for t in self.tables if not t.confirmed]

    @property
    def blocked(self) -> list[int]:
        return [t.table.number for t in self.tables if t.blocked]

    @property
    def off(self) -> list[int]:
        return [t.table.number for t in self.tables if t.control_off]

    @property
    def deals(self) -> int:
        return sum(t.deals for t in self.tables)

    @property
    def can_undo(self) -> bool:
        """A draw that no result has used yet."""
        return self.deals == 0


@dataclass(frozen=True)
class Headcount:
    registered: int
    checked_in: int
    playing_next: int
    withdrawn: int
    late: int
    capacity: int | None = None

    @property
    def full(self) -> bool:
        return self.capacity is not None and self.registered >= self.capacity


def current_pass(tournament: Tournament) -> Pass | None:
    return tournament.pass_set.order_by("-number").first()


def plays_in(pass_number: int) -> Q:
    """Entrant.plays_in as a filter, so it can be counted in SQL."""
    return Q(checked_in=True, joins_from_pass__lte=pass_number) & (
        Q(withdrawn_after_pass__isnull=True) | Q(withdrawn_after_pass__gte=pass_number)
    )


def headcount(tournament: Tournament, next_pass: int) -> Headcount:
    """One aggregate query."""
    counts = Entrant.objects.filter(tournament=tournament).aggregate(
        n_registered=Count("pk"),
        n_checked_in=Count("pk", filter=Q(checked_in=True)),
        n_playing_next=Count("pk", filter=plays_in(next_pass)),
        n_withdrawn=Count("pk", filter=Q(withdrawn_after_pass__isnull=False)),
        n_late=Count("pk", filter=Q(joins_from_pass__gt=1)),
    )  # aliases unlike the fields: an alias named like a field would shadow it in the filters
    return Headcount(**{key[2:]: value for key, value in counts.items()}, capacity=tournament.capacity)


def pass_progress(tournament: Tournament, drawn: Pass) -> PassProgress:
    """Five queries, however many tables: tables with deal counts, seats, codes entered, entries, byes."""
    facts = format_facts(tournament.format)
    seats = TableSeat.objects.select_related("entrant__player", "substitute")
    tables = list(
        Table.objects.filter(pass_played=drawn)
        .select_related("game", "confirmed_by")
        .annotate(deal_count=Count("game__deals"))
        .prefetch_related(
            Prefetch("seats", queryset=seats), Prefetch("signoffs", queryset=TableSignoff.objects.all())
        )
        .order_by("number")
    )
    entries = _entries(drawn) if rules.get_variant(facts.variant).control_points else None
    progress = [
        TableProgress(
            table=table,
            seats=list(table.seats.all()),
            deals=table.deal_count,
            of=table.game.deal_limit,
            finished=table.game.finished,
            counts_card_points=entries is not None,
            card_points=None if entries is None else _card_points(table, entries.get(table.game_id, [])),
        )
        for table in tables
    ]
    byes = list(
        Bye.objects.filter(pass_played=drawn).select_related("entrant__player").order_by("entrant__number")
    )
    return PassProgress(drawn.number, progress, byes, drawn.forced_reason)


def _entries(drawn: Pass) -> dict[int, list[Any]]:
    by_game: dict[int, list[Any]] = defaultdict(list)
    rows = Deal.objects.filter(game__tournament_table__pass_played=drawn).order_by("game_id", "number")
    for game_id, entry in rows.values_list("game_id", "entry"):
        by_game[game_id].append(entry)
    return by_game


def _card_points(table: Table, entries: list[Any]) -> int | None:
    """Both teams' card points of every deal, through the rules engine; None if it cannot re-score."""
    game = table.game
    names = [seat.entrant.player.name for seat in table.seats.all()]
    try:
        result = rules.score_game(game.variant, names, game.settings, entries, deal_limit=game.deal_limit)
    except InvalidDeal:
        return None
    total = 0
    for deal in result.deals:
        points = deal.details["points"]
        total += CARD_POINTS if deal.details.get("match") else points["A"] + points["B"]
    return total


def audit(tournament: Tournament, limit: int = 30) -> list[TableChange]:
    return list(TableChange.objects.filter(tournament=tournament).select_related("by")[:limit])
