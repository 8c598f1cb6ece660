"""Tournament reads: the standings in three queries (however many passes), then the pure ranking."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.db.models import IntegerField, QuerySet, TextField, Value
from django.db.models.functions import Cast

from scorekeeper.games.bulk import gc_paused
from tournaments.formats import format_facts
from tournaments.models import Bye, Entrant, Table, TableSeat, Tournament
from tournaments.standings import PassResult, Standing, StandingsRules, rank

DEFAULT_TABLE_POINTS = (3, 2, 1, 0)
NOTHING = (0, 0, 0)
"""A side without a deal yet: no score, no match, no apple."""


@dataclass(frozen=True)
class Line:
    """A standing with who it is, for pages and exports."""

    standing: Standing
    number: int
    name: str


def standings_rules(tournament: Tournament) -> StandingsRules:
    return StandingsRules(
        lowest_wins=format_facts(tournament.format).lowest_wins_with(tournament.settings),
        scoring=tournament.scoring,
        table_points=tuple(tournament.table_points) or DEFAULT_TABLE_POINTS,
        drop_worst_pass=tournament.drop_worst_pass,
        tie_breaks=tuple(tournament.tie_breaks),
        lots_seed=tournament.seed,
        bye_compensation=tournament.bye_compensation,
        bye_score=tournament.bye_score,
    )


def pass_results(tournament: Tournament, *, before_pass: int | None = None) -> list[PassResult]:
    """One row per entrant and pass: their side's summed deal scores, or a bye. Two queries.

    A table without a deal yet gives no row: its pass shows blank (like a pass not drawn), not 0, and
    earns no table points, no bye average and no head-to-head meeting.

    `before_pass` keeps only the passes before it (the public standings, frozen from pass k).
    """
    partners = format_facts(tournament.format).partners
    tables = Table.objects.filter(pass_played__tournament=tournament)
    seats = TableSeat.objects.filter(table__pass_played__tournament=tournament)
    byes = Bye.objects.filter(pass_played__tournament=tournament)
    if before_pass is not None:
        tables = tables.filter(pass_played__number__lt=before_pass)
        seats = seats.filter(table__pass_played__number__lt=before_pass)
        byes = byes.filter(pass_played__number__lt=before_pass)
    sums = game_side_sums(tables)
    seated = seats.order_by().values_list(
        "entrant_id", "table__pass_played__number", "table__number", "table__game_id", "side"
    )
    absent = byes.order_by().values_list(
        "entrant_id",
        "pass_played__number",
        Value(None, output_field=IntegerField()),
        Value(None, output_field=IntegerField()),
        Value(""),
    )
    results: list[PassResult] = []
    for entrant, number, table, game, side in seated.union(absent, all=True):
        if table is None:
            results.append(PassResult(entrant, number, None, None, 0, bye=True))
            continue
        if not sums.get(game):  # no deal at the table yet: the pass is blank, not 0
            continue
        score, matches, apples = sums[game].get(side, NOTHING)
        results.append(
            PassResult(entrant, number, table, side if partners else str(entrant), score, matches, apples)
        )
    return results


def game_side_sums(tables: QuerySet[Table]) -> dict[int, dict[str, list[int]]]:
    """Each table's game: its sides' [score, matches, apples] as the game stores them. One query.

    Game.side_sums is what the game's deals add up to, written with every deal: reading the 5000 games
    of a 2000-player event is far faster than replaying its 40,000 deals. They come as
    text and are parsed in one go, which takes half the time of a json.loads per game.
    """
    rows = list(tables.order_by().values_list("game_id", Cast("game__side_sums", TextField())))
    sums = json.loads("[" + ",".join(text for _, text in rows) + "]")
    return dict(zip((game for game, _ in rows), sums, strict=True))


def standings(tournament: Tournament, *, before_pass: int | None = None) -> list[Line]:
    """Three queries: the two of pass_results and the entrants' names."""
    with gc_paused():
        entrants = {
            pk: (number, name)
            for pk, number, name in Entrant.objects.filter(tournament=tournament).values_list(
                "pk", "number", "player__name"
            )
        }
        results = pass_results(tournament, before_pass=before_pass)
        ranked = rank(results, standings_rules(tournament), entrants=entrants)
        lines = [
            Line(standing, *entrants[standing.entrant]) for standing in ranked if standing.entrant in entrants
        ]
        return sorted(lines, key=_unranked_by_number)


def _unranked_by_number(line: Line) -> tuple[bool, int]:
    """The ranked as ranked (a stable sort), then those without a rank yet by start number."""
    return (line.standing.rank is None, line.number if line.standing.rank is None else 0)


def public_standings(tournament: Tournament) -> list[Line]:
    """What the public sees: frozen from pass k, the passes before it only."""
    return standings(tournament, before_pass=tournament.frozen_from_pass)


def totals_by_entrant(tournament: Tournament) -> dict[int, float]:
    """For a draw by standings: each entrant's total so far."""
    return {line.standing.entrant: line.standing.total for line in standings(tournament)}


__all__ = ["Line", "game_side_sums", "pass_results", "public_standings", "standings", "standings_rules"]
