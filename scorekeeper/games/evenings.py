"""Evenings: the games a table plays one after another in a night, and what they add up to.

The writes (start, add or take out a game, the stake, the share link) and the one read that sums an
evening: each game's stored totals and summary (written with every deal, so a correction in any game
moves the evening at once), summed per side and per variant, and the settle-up at the stake.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext

from scorekeeper import rules
from scorekeeper.games import settle
from scorekeeper.games.models import Club, Evening, Game, Player, Seat, StakeUnit

SHARE_TOKEN_LENGTH_MAX = 100
"""A share token is 32 characters; anything much longer is no token and is not even looked up."""


class EveningRefused(Exception):
    """A change the evening cannot take, with the message for the page."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# ---- writes --------------------------------------------------------------------------------------


def start_evening(*, club: Club, by: User | None, stake: Decimal | None = None, unit: str = "") -> Evening:
    evening = Evening(club=club, created_by=by)
    _put_stake(evening, stake, unit)
    evening.save()
    return evening


def set_stake(*, evening: Evening, stake: Decimal | None, unit: str) -> Evening:
    _put_stake(evening, stake, unit)
    evening.save(update_fields=["stake", "stake_unit"])
    return evening


def _put_stake(evening: Evening, stake: Decimal | None, unit: str) -> None:
    """No stake, no unit: an evening played for nothing is paid on nothing."""
    evening.stake = stake
    evening.stake_unit = unit if stake is not None else ""


@transaction.atomic
def add_game(*, evening: Evening, game_id: int) -> Game:
    """A club game of the evening's club joins it; one in another evening is refused, not moved."""
    game = Game.objects.select_for_update().filter(pk=game_id, deleted_at__isnull=True).first()
    if game is None or game.club_id != evening.club_id:
        raise EveningRefused(gettext("No such game in this club."))
    if game.number is None:
        raise EveningRefused(gettext("A tournament table's game belongs to its event, not to an evening."))
    if game.evening_id not in (None, evening.pk):
        raise EveningRefused(gettext("%(game)s belongs to another evening.") % {"game": game.title})
    game.evening = evening
    game.save(update_fields=["evening"])
    return game


@transaction.atomic
def remove_game(*, evening: Evening, game_id: int) -> None:
    Game.objects.filter(pk=game_id, evening=evening).update(evening=None)


def share(*, evening: Evening) -> str:
    """A new read-only link for the evening; the one before stops working."""
    evening.share_token = secrets.token_urlsafe(24)
    evening.save(update_fields=["share_token"])
    return evening.share_token


def revoke_share(*, evening: Evening) -> None:
    evening.share_token = None
    evening.save(update_fields=["share_token"])


def evening_to_continue(game: Game, by: User | None) -> Evening:
    """The evening "play again" continues: the game's own, or a new one that takes the game in first."""
    if game.evening_id is not None:
        return game.evening
    evening = start_evening(club=game.club, by=by)
    game.evening = evening
    game.save(update_fields=["evening"])
    return evening


# ---- reads ---------------------------------------------------------------------------------------


def shared_evening(token: str) -> Evening | None:
    if not token or len(token) > SHARE_TOKEN_LENGTH_MAX:
        return None
    return Evening.objects.select_related("club").filter(share_token=token).first()


def club_evenings(club: Club, limit: int = 20) -> list[Evening]:
    """The club's latest evenings with `game_count`, newest first."""
    found = club.evenings.annotate(game_count=Count("games", filter=Q(games__deleted_at__isnull=True)))
    return list(found[:limit])


def player_evenings(player: Player) -> QuerySet[Evening]:
    """The evenings in which the player sat at one game at least, newest first, with `game_count`."""
    games = Game.objects.filter(seats__player=player, deleted_at__isnull=True).values("evening_id")
    found = Evening.objects.filter(pk__in=games)
    return found.annotate(game_count=Count("games", filter=Q(games__deleted_at__isnull=True)))


def addable_games(evening: Evening, limit: int = 30) -> QuerySet[Game]:
    """The club's latest games a member may add: its own (numbered), in no evening, not deleted."""
    games = evening.club.games.filter(evening__isnull=True, number__isnull=False, deleted_at__isnull=True)
    return games.order_by("-created_at")[:limit]


@dataclass(frozen=True)
class GameLine:
    """One game of the evening as its page lists it: each side's label and what it counts."""

    game: Game
    counted: bool
    sides: list[SideCount]


@dataclass(frozen=True)
class SideCount:
    key: tuple[str, ...]
    """The side's players (their ids, sorted): the same two partners are the same side in every game,
    whichever seats they took."""
    label: str
    points: int
    marks: int | None
    won: bool


@dataclass
class Row:
    """A side summed over the evening's games of one variant."""

    label: str
    points: int = 0
    marks: int = 0
    won: int = 0
    games: int = 0
    rank: int = 0


@dataclass
class VariantSum:
    """Each game's unit summed apart: the evening's games of one variant, per side."""

    variant: str
    name: str
    lowest_wins: bool
    counts_marks: bool
    games: int = 0
    rows: dict[tuple[str, ...], Row] = field(default_factory=dict)

    @property
    def ranked(self) -> list[Row]:
        return sorted(self.rows.values(), key=lambda row: (row.rank, row.label))


@dataclass(frozen=True)
class Standing:
    """A player's night: games won, and the money at the stake (None without one)."""

    name: str
    won: int
    played: int
    balance: Decimal | None


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True)
class Sheet:
    """What an evening adds up to: its games, the sums per variant, the players' night, the settle-up."""

    evening: Evening
    games: list[GameLine]
    sums: list[VariantSum]
    standings: list[Standing]
    payments: list[Transfer]

    @property
    def stake_applies(self) -> bool:
        """Whether any game counts in the stake's unit yet (marks need a game that counts marks, a stake per
        game a finished game): until one does, nobody owes anything because nothing was played for."""
        if self.evening.stake is None:
            return False
        return any(_units(line, self.evening.stake_unit) is not None for line in self.games if line.counted)


def evening_sheet(evening: Evening) -> Sheet:
    """The evening summed from its games' stored totals and summaries (three queries)."""
    games = list(evening.games.filter(deleted_at__isnull=True).order_by("created_at", "pk"))
    seats = _players_by_seat(games)
    lines = [_line(game, seats.get(game.pk, {})) for game in games]
    sums = _variant_sums(lines)
    balances = _balances(evening, lines)
    names = {player_id: name for by_seat in seats.values() for player_id, name in by_seat.values()}
    standings = _standings(lines, balances if evening.stake is not None else None, names)
    payments = [
        Transfer(names.get(p.payer, p.payer), names.get(p.payee, p.payee), Decimal(p.rappen).scaleb(-2))
        for p in settle.fewest_payments(balances)
    ]
    return Sheet(evening, lines, sums, standings, payments)


def _players_by_seat(games: Sequence[Game]) -> dict[int, dict[int, tuple[str, str]]]:
    """Per game, seat position (from 1) to the player's id (as a text key) and name."""
    found: dict[int, dict[int, tuple[str, str]]] = {}
    rows = Seat.objects.filter(game__in=games).values_list("game_id", "position", "player_id", "name")
    for game_id, position, player_id, name in rows:
        found.setdefault(game_id, {})[position] = (str(player_id), name)
    return found


def _line(game: Game, by_seat: dict[int, tuple[str, str]]) -> GameLine:
    """Each side of the game with its players: a team's by the seats the variant gives it, a side of a
    game without teams by its player's name among the seats. A seat with no player stored (a game made
    outside the services) stands for itself, named by its side."""
    seat_names = game.names_by_seat()
    teams = rules.game_teams(game.variant, game.settings, len(seat_names))
    summary = game.summary or {}
    ranks, marks = summary.get("ranks", {}), summary.get("marks")
    sides = []
    for side, total in (game.totals or {}).items():
        if side in teams:
            positions = [index + 1 for index in teams[side]]
        else:
            positions = [seat_names.index(side) + 1 if side in seat_names else 0]
        players = [by_seat.get(position, (f"{game.pk}:{side}", side)) for position in positions]
        sides.append(
            SideCount(
                key=tuple(sorted(player_id for player_id, _ in players)),
                label=" & ".join(name for _, name in players),
                points=int(total),
                marks=int(marks.get(side, 0)) if marks is not None else None,
                won=game.finished and ranks.get(side) == 1,
            )
        )
    return GameLine(game, counted=game.abandoned_at is None, sides=sides)


def _variant_sums(lines: Sequence[GameLine]) -> list[VariantSum]:
    """Each kind of game summed apart: a variant, or on a Free board each game the club named (Sidi Barrani
    and Bieter are not one sum), and a board whose lowest total wins apart from one whose highest does."""
    sums: dict[tuple[str, str, bool], VariantSum] = {}
    for line in lines:
        if not line.counted:
            continue
        game = line.game
        lowest_wins = rules.game_lowest_wins(game.variant, game.settings)
        total = sums.setdefault(
            (game.variant, game.name, lowest_wins),
            VariantSum(
                game.variant, game.name or game.get_variant_display(), lowest_wins, counts_marks=False
            ),
        )
        total.games += 1
        for side in line.sides:
            row = total.rows.setdefault(side.key, Row(side.label))
            row.points += side.points
            row.won += side.won
            row.games += 1
            if side.marks is not None:
                total.counts_marks = True
                row.marks += side.marks
    for total in sums.values():
        _rank(total)
    return list(sums.values())


def _rank(total: VariantSum) -> None:
    """Games won first, then marks where counted, then points (fewest first where fewest wins)."""
    sign = 1 if total.lowest_wins else -1

    def standing(row: Row) -> tuple[int, int, int]:
        return (-row.won, -row.marks if total.counts_marks else 0, sign * row.points)

    ordered = sorted(total.rows.values(), key=standing)
    for index, row in enumerate(ordered):
        same = index and standing(ordered[index - 1]) == standing(row)
        row.rank = ordered[index - 1].rank if same else index + 1


def _balances(evening: Evening, lines: Sequence[GameLine]) -> dict[str, int]:
    """Each player's gain or loss in Rappen at the evening's stake (docs/rules.md, "The evening")."""
    if evening.stake is None:
        return {}
    stake = int(evening.stake * 100)
    parts = []
    for line in lines:
        units = _units(line, evening.stake_unit)
        if not line.counted or units is None:
            continue
        sides = [settle.Side(side.key, unit) for side, unit in zip(line.sides, units, strict=True)]
        lowest_wins = rules.game_lowest_wins(line.game.variant, line.game.settings)
        lowest = lowest_wins and evening.stake_unit == StakeUnit.POINT
        parts.append(settle.game_balances(sides, lowest_wins=lowest, stake_rappen=stake))
    return settle.add_up(parts)


def _units(line: GameLine, unit: str) -> list[int] | None:
    """What each side of the game counts in the stake's unit; None: the game pays nothing in it."""
    if unit == StakeUnit.POINT:
        return [side.points for side in line.sides]
    if unit == StakeUnit.MARK:
        if any(side.marks is None for side in line.sides):
            return None
        return [side.marks or 0 for side in line.sides]
    if not line.game.finished:
        return None
    return [int(side.won) for side in line.sides]


def _standings(
    lines: Sequence[GameLine], balances: dict[str, int] | None, names: dict[str, str]
) -> list[Standing]:
    """Each player's night, the most money (at a stake), then the most games won, first."""
    won: dict[str, int] = {}
    played: dict[str, int] = {}
    for line in lines:
        for side in line.sides if line.counted else ():
            for player in side.key:
                won[player] = won.get(player, 0) + side.won
                played[player] = played.get(player, 0) + 1
    found = [
        Standing(
            names.get(player, player),
            won[player],
            played[player],
            Decimal(balances.get(player, 0)).scaleb(-2) if balances is not None else None,
        )
        for player in won
    ]
    return sorted(found, key=lambda s: (-(s.balance or 0), -s.won, s.name))


EXPORT_COLUMNS = ("game", "title", "variant", "finished", "counted", "side", "points", "marks", "won")
"""The CSV's columns: one row per game and side."""


def export_rows(sheet: Sheet) -> list[dict[str, Any]]:
    """One row per game and side: what the CSV lists and the JSON's "games" hold."""
    return [
        {
            "game": index,
            "title": line.game.title,
            "variant": line.game.variant,
            "finished": line.game.finished,
            "counted": line.counted,
            "side": side.label,
            "points": side.points,
            "marks": side.marks,
            "won": side.won,
        }
        for index, line in enumerate(sheet.games, start=1)
        for side in line.sides
    ]


def export_json(sheet: Sheet) -> dict[str, Any]:
    """The whole evening: its games per side, the sums per variant, the players' night, the settle-up.
    Money as text with two decimals (CHF), so no reader rounds it."""
    evening = sheet.evening
    return {
        "evening": {
            "title": evening.title,
            "club": evening.club.name,
            "started_at": evening.started_at.isoformat(),
            "stake": None if evening.stake is None else f"{evening.stake:.2f}",
            "stake_unit": evening.stake_unit or None,
        },
        "games": export_rows(sheet),
        "sums": [
            {
                "variant": total.variant,
                "name": str(total.name),
                "games": total.games,
                "sides": [
                    {"side": row.label, "rank": row.rank, "points": row.points, "won": row.won}
                    | ({"marks": row.marks} if total.counts_marks else {})
                    for row in total.ranked
                ],
            }
            for total in sheet.sums
        ],
        "players": [
            {"name": s.name, "played": s.played, "won": s.won, "balance": _money(s.balance)}
            for s in sheet.standings
        ],
        "payments": [{"from": p.payer, "to": p.payee, "amount": _money(p.amount)} for p in sheet.payments],
    }


def _money(amount: Decimal | None) -> str | None:
    return None if amount is None else f"{amount:.2f}"


def game_evening(game: Game) -> tuple[Evening, int, int] | None:
    """The game's evening, its place in it (from 1) and the evening's game count; None outside one."""
    if game.evening_id is None:
        return None
    numbers = list(
        Game.objects.filter(evening_id=game.evening_id, deleted_at__isnull=True)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)
    )
    place = numbers.index(game.pk) + 1 if game.pk in numbers else len(numbers)
    return game.evening, place, len(numbers)
