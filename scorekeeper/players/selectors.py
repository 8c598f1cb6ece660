"""The player pages' reads, in a fixed number of queries however many games the player played.

One query brings the player's games with their tournament pass and the summary the rules engine stored
with the last write (ranks, and each side's counts for the statistics), one their seats; one the filter
choices; one the tournaments entered, and four their standings, every event at once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import F, Q, QuerySet, Window
from django.db.models.functions import ExtractYear, RowNumber

from scorekeeper import rules
from scorekeeper.games.models import COUNTED, Game, Player, Seat
from scorekeeper.games.selectors import side_label
from scorekeeper.games.summaries import tallies_from
from scorekeeper.players.statistics import EventRow, Played, SeatRow, variant_order
from tournaments.formats import FORMATS, format_facts
from tournaments.models import Bye, Entrant, Table, TableSeat, Tournament, Visibility
from tournaments.selectors import NOTHING, game_side_sums, standings_rules
from tournaments.standings import PassResult, rank

EVENT = "tournament_table__"
GAME_FIELDS = (
    "pk",
    "number",
    "variant",
    "created_at",
    "deal_limit",
    "totals",
    "finished",
    "winner",
    "summary",
    "name",
    "settings",
    f"{EVENT}number",
    f"{EVENT}pass_played__number",
    f"{EVENT}pass_played__tournament__slug",
    f"{EVENT}pass_played__tournament__name",
    f"{EVENT}pass_played__tournament__pass_word",
)
SEAT_FIELDS = ("game_id", "position", "player_id", "name", "player__name")


@dataclass(frozen=True)
class Filters:
    """The page's GET filters; None shows everything. `public_only`: the visitor is no member of the
    club, and sees no game nor placing of an event that is not public (as the club page lists none)."""

    year: int | None = None
    variant: str | None = None
    public_only: bool = False

    def games(self, player: Player) -> QuerySet[Game]:
        games = played_by(player, public_only=self.public_only)
        if self.year is not None:
            games = games.filter(created_at__year=self.year)
        if self.variant:
            games = games.filter(variant=self.variant)
        return games

    def tournaments(self, player: Player) -> QuerySet[Entrant]:
        entries = Entrant.objects.filter(player=player)
        if self.public_only:
            entries = entries.filter(tournament__visibility=Visibility.PUBLIC)
        if self.year is not None:
            entries = entries.filter(tournament__created_at__year=self.year)
        if self.variant:
            formats = [key for key, format in FORMATS.items() if format.variant == self.variant]
            entries = entries.filter(tournament__format__in=formats)
        return entries


@dataclass(frozen=True)
class Placing:
    """A tournament the player entered; the rank only once the event is finished."""

    slug: str
    name: str
    held: datetime
    variant: str
    finished: bool
    rank: int | None
    total: int | None
    entrants: int


@dataclass(frozen=True)
class History:
    """Everything the player page reads: games newest first, current names of everyone met."""

    games: list[Played]
    names: dict[int, str]
    tournaments: list[Placing]


side_of = rules.side_of_seat


SEEN_BY_ALL = Q(tournament_table__isnull=True) | Q(
    tournament_table__pass_played__tournament__visibility=Visibility.PUBLIC
)
"""A club's own game, or a table's game of a public event: what a visitor who is no member may see."""


def played_by(player: Player, *, public_only: bool = False) -> QuerySet[Game]:
    """The games the player sat in that count: an abandoned or deleted game is on no player page.
    `public_only`: none of an event that is not public (the visitor is no member of the club)."""
    games = Game.objects.filter(COUNTED, seats__player=player)
    return games.filter(SEEN_BY_ALL) if public_only else games


def choices(player: Player, *, public_only: bool = False) -> tuple[list[int], list[str]]:
    """The years and variants the player has games in, for the filters: one query."""
    rows = (
        played_by(player, public_only=public_only)
        .annotate(year=ExtractYear("created_at"))
        .values_list("year", "variant")
        .distinct()
        .order_by()
    )
    pairs = set(rows)
    variants = sorted({variant for _, variant in pairs}, key=variant_order)
    return sorted({year for year, _ in pairs}, reverse=True), variants


def history(player: Player, filters: Filters = Filters()) -> History:
    games, names = played_games(player, filters.games(player))
    return History(games, names, placings(filters.tournaments(player)))


def shared_games(player: Player, other: Player, *, public_only: bool = False) -> QuerySet[Game]:
    """The games both sat in, on the same side or not."""
    return played_by(player, public_only=public_only).filter(seats__player=other)


def played_games(player: Player, games: QuerySet[Game]) -> tuple[list[Played], dict[int, str]]:
    """Two queries: `games` newest first with their stored summaries, then their seats.

    The summaries are the rules engine's, stored by every write: 1000 games are read, not replayed.
    """
    return _played_by_any({player.pk}, games)


def _played_by_any(players: Collection[int], games: QuerySet[Game]) -> tuple[list[Played], dict[int, str]]:
    """played_games for games each of which one of `players` sat in, seen from that player's seat."""
    rows = list(games.order_by("-created_at", "-pk").values_list(*GAME_FIELDS))
    seats: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    names: dict[int, str] = {}
    for seat in Seat.objects.filter(game__in=games).order_by("position").values_list(*SEAT_FIELDS):
        seats[seat[0]].append(seat)
        names[seat[2]] = seat[4]
    return [played(_whose(players, seats[row[0]]), row, seats[row[0]]) for row in rows], names


def _whose(players: Collection[int], seat_rows: Sequence[tuple[Any, ...]]) -> int:
    return next(seat[2] for seat in seat_rows if seat[2] in players)


# ---- a member's own players ------------------------------------------------------------------------------


def linked_players(user: User) -> list[Player]:
    """The roster players linked to the user, one per club, in the clubs they are a member of (a member
    who left keeps no player there), with their club: one query."""
    linked = Player.objects.filter(user=user, club__memberships__user=user)
    return list(linked.select_related("club").order_by("club__name", "pk"))


def latest_games(players: Sequence[Player], per_player: int) -> dict[int, list[Played]]:
    """Each player's latest `per_player` games that count, newest first, by player id: three queries
    however many players and games (a window numbers each player's games, newest first)."""
    ids = [player.pk for player in players]
    if not ids:
        return {}
    newest = Window(
        RowNumber(), partition_by=F("player"), order_by=(F("game__created_at").desc(), F("game").desc())
    )
    seats = Seat.objects.filter(player__in=ids, game__in=Game.objects.filter(COUNTED)).annotate(row=newest)
    games = Game.objects.filter(pk__in=seats.filter(row__lte=per_player).values("game"))
    by_player: dict[int, list[Played]] = {pk: [] for pk in ids}
    for game in _played_by_any(set(ids), games)[0]:
        by_player[game.player].append(game)
    return by_player


def played(player: int, row: Sequence[Any], seat_rows: Sequence[tuple[Any, ...]]) -> Played:
    """One game from its row (GAME_FIELDS) and seat rows (SEAT_FIELDS).

    A game without a summary (the rules refused its entries when it was summarized) is listed with
    its stored totals and counted nowhere.
    """
    (game_id, number, variant, created, limit, totals, finished, winner, summary, name, settings, *event) = (
        row
    )
    count = len(seat_rows)
    common = {
        "game": game_id,
        "number": number,
        "variant": variant,
        "name": name,
        "played_at": created,
        "player": player,
        "seats": tuple(
            SeatRow(r[1], r[2], r[3], side_of(variant, r[1], r[3], settings, count)) for r in seat_rows
        ),
        "totals": totals,
        "winner": winner or None,
        "is_pass": limit is not None,
        "event": EventRow(event[2], event[3], event[4], event[1], event[0]) if event[2] else None,
    }
    if not summary:
        return Played(**common, deal_count=0, tallies={}, ranks={}, finished=False)
    return Played(
        **common,
        deal_count=summary["deals"],
        tallies=tallies_from(summary["sides"]),
        ranks=summary["ranks"],
        finished=finished,
    )


# ---- tournaments ------------------------------------------------------------------------------------------


def placings(entries: QuerySet[Entrant]) -> list[Placing]:
    """The events entered, newest first; the finished ones ranked from their standings (four queries)."""
    entered = {
        entrant.tournament_id: entrant
        for entrant in entries.select_related("tournament").order_by("-tournament__created_at")
    }
    finished = [e.tournament for e in entered.values() if e.tournament.finished]
    ranked = ranks(finished) if finished else {}
    lines = []
    for tournament_id, entrant in entered.items():
        tournament = entrant.tournament
        standing = ranked.get(tournament_id, {})
        place, total = standing.get(entrant.pk, (None, None))
        lines.append(
            Placing(
                slug=tournament.slug,
                name=tournament.name,
                held=tournament.created_at,
                variant=format_facts(tournament.format).variant,
                finished=tournament.finished,
                rank=place,
                total=total,
                entrants=len(standing),
            )
        )
    return lines


def ranks(tournaments: Sequence[Tournament]) -> dict[int, dict[int, tuple[int | None, int]]]:
    """Every entrant's (rank, total) per tournament, as tournaments.selectors.standings ranks them.

    The same rows as its pass_results, read for all the events in one query each instead of per event.
    """
    ids = [t.pk for t in tournaments]
    rows = pass_rows(tournaments)
    entrants: dict[int, list[int]] = defaultdict(list)
    for tournament_id, entrant_id in Entrant.objects.filter(tournament__in=ids).values_list(
        "tournament_id", "pk"
    ):
        entrants[tournament_id].append(entrant_id)
    ranked: dict[int, dict[int, tuple[int | None, int]]] = {}
    for tournament in tournaments:
        standing = rank(rows[tournament.pk], standings_rules(tournament), entrants=entrants[tournament.pk])
        ranked[tournament.pk] = {s.entrant: (s.rank, s.total) for s in standing}
    return ranked


def pass_rows(tournaments: Sequence[Tournament]) -> dict[int, list[PassResult]]:
    """Each entrant's pass results per tournament: score sums, seats and byes, three queries in all."""
    ids = [t.pk for t in tournaments]
    partners = {t.pk: format_facts(t.format).partners for t in tournaments}
    sums = game_side_sums(Table.objects.filter(pass_played__tournament__in=ids))
    rows: dict[int, list[PassResult]] = defaultdict(list)
    for tournament, entrant, number, table, game, side in TableSeat.objects.filter(
        table__pass_played__tournament__in=ids
    ).values_list(
        "table__pass_played__tournament_id",
        "entrant_id",
        "table__pass_played__number",
        "table__number",
        "table__game_id",
        "side",
    ):
        if not sums.get(game):  # as tournaments' pass_results: a table without a deal is no pass yet
            continue
        score, matches, apples = sums[game].get(side, NOTHING)
        shown = side if partners[tournament] else str(entrant)
        rows[tournament].append(PassResult(entrant, number, table, shown, score, matches, apples))
    for tournament, entrant, number in Bye.objects.filter(pass_played__tournament__in=ids).values_list(
        "pass_played__tournament_id", "entrant_id", "pass_played__number"
    ):
        rows[tournament].append(PassResult(entrant, number, None, None, 0, bye=True))
    return rows


def rank_series(tournaments: Iterable[Placing]) -> list[tuple[str, float]]:
    """Rank per finished tournament, oldest first, for the chart."""
    ranked = sorted((t for t in tournaments if t.rank is not None), key=lambda t: t.held)
    return [(t.held.date().isoformat(), t.rank) for t in ranked if t.rank is not None]


# ---- a game's record ------------------------------------------------------------------------------------


def game_record(game: Game) -> dict[str, Any]:
    """Seats, settings, every deal's entry and scores, totals and winner: two queries, scored as shown."""
    seats = list(game.seats.order_by("position").values_list("position", "name", "player_id"))
    numbered = list(game.deals.order_by("number").values_list("number", "entry", "dealer_seat", "pushed"))
    names = [name for _, name, _ in seats]
    result = rules.score_game(
        game.variant, names, game.settings, [row[1] for row in numbered], deal_limit=game.deal_limit
    )
    ranks = {placing.side: placing.rank for placing in result.ranking}
    return {
        "game": game.pk,
        "club": game.club.slug,
        "variant": game.variant,
        "name": game.name,
        "started": game.created_at.isoformat(),
        "settings": game.settings,
        "deal_limit": game.deal_limit,
        "seats": [
            {
                "position": pos,
                "name": name,
                "player": player,
                "side": side_of(game.variant, pos, name, game.settings, len(seats)),
            }
            for pos, name, player in seats
        ],
        "sides": [
            {
                "side": side,
                "label": side_label(game.variant, side, names, game.settings),
                "total": result.totals[side],
                "rank": ranks[side],
            }
            for side in result.sides
        ],
        "deals": [
            {
                "number": number,
                "entry": entry,
                "scores": dict(scored.scores),
                "details": dict(scored.details),
                "dealer_seat": dealer_seat,
                "pushed": pushed,
            }
            for (number, entry, dealer_seat, pushed), scored in zip(numbered, result.deals, strict=True)
        ],
        "totals": dict(result.totals),
        "finished": result.finished,
        "winner": result.winner,
    }
