"""Tournament reads: the standings in three queries (however many passes), then the pure ranking."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import IntegerField, Sum, Value

from scorekeeper.models import DealScore

from .formats import format_rules
from .models import Bye, Entrant, TableSeat, Tournament
from .standings import PassResult, Standing, StandingsRules, rank

DEFAULT_TABLE_POINTS = (3, 2, 1, 0)


@dataclass(frozen=True)
class Line:
    """A standing with who it is, for pages and exports."""

    standing: Standing
    number: int
    name: str


def standings_rules(tournament: Tournament) -> StandingsRules:
    return StandingsRules(
        lowest_wins=format_rules(tournament.format).lowest_wins,
        scoring=tournament.scoring,
        table_points=tuple(tournament.table_points) or DEFAULT_TABLE_POINTS,
        drop_worst_pass=tournament.drop_worst_pass,
        tie_breaks=tuple(tournament.tie_breaks),
        lots_seed=tournament.seed,
        bye_compensation=tournament.bye_compensation,
        bye_score=tournament.bye_score,
    )


def pass_results(tournament: Tournament, *, before_pass: int | None = None) -> list[PassResult]:
    """One row per entrant and pass: the sums of their side's deal scores, or a bye. Two queries.

    `before_pass` keeps only the passes before it (the public standings, frozen from pass k).
    """
    partners = format_rules(tournament.format).partners
    scores = DealScore.objects.filter(deal__game__tournament_table__pass_played__tournament=tournament)
    seats = TableSeat.objects.filter(table__pass_played__tournament=tournament)
    byes = Bye.objects.filter(pass_played__tournament=tournament)
    if before_pass is not None:
        scores = scores.filter(deal__game__tournament_table__pass_played__number__lt=before_pass)
        seats = seats.filter(table__pass_played__number__lt=before_pass)
        byes = byes.filter(pass_played__number__lt=before_pass)
    sums = {
        (game, side): (score, matches, apples)
        for game, side, score, matches, apples in scores.values("deal__game_id", "side")
        .order_by()
        .annotate(score=Sum("score"), matches=Sum("matches"), apples=Sum("apples"))
        .values_list("deal__game_id", "side", "score", "matches", "apples")
    }
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
        score, matches, apples = sums.get((game, side), (0, 0, 0))
        results.append(
            PassResult(entrant, number, table, side if partners else str(entrant), score, matches, apples)
        )
    return results


def standings(tournament: Tournament, *, before_pass: int | None = None) -> list[Line]:
    """Three queries: the two of pass_results and the entrants' names."""
    entrants = {
        pk: (number, name)
        for pk, number, name in Entrant.objects.filter(tournament=tournament).values_list(
            "pk", "number", "player__name"
        )
    }
    ranked = rank(
        pass_results(tournament, before_pass=before_pass), standings_rules(tournament), entrants=entrants
    )
    return [
        Line(standing, *entrants[standing.entrant]) for standing in ranked if standing.entrant in entrants
    ]


def public_standings(tournament: Tournament) -> list[Line]:
    """What the public sees: frozen from pass k, the passes before it only."""
    return standings(tournament, before_pass=tournament.frozen_from_pass)


def totals_by_entrant(tournament: Tournament) -> dict[int, float]:
    """For a draw by standings: each entrant's total so far."""
    return {line.standing.entrant: line.standing.total for line in standings(tournament)}


__all__ = ["Line", "pass_results", "public_standings", "standings", "standings_rules"]
