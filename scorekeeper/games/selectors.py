"""Reads: what a page shows, in a fixed number of queries whatever the number of deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Q, QuerySet

from scorekeeper import rules
from scorekeeper.games import live
from scorekeeper.games.jasstafel import StrokeGroup, Tafel, stroke_groups, tafel
from scorekeeper.games.models import Club, DealChange, Game, Player
from scorekeeper.games.permissions import GameAccess
from scorekeeper.games.variants import variant_page
from scorekeeper.rules.base import DealResult, GameResult


@dataclass(frozen=True)
class Side:
    key: str
    label: str
    total: int
    rank: int
    tafel: Tafel | None
    to_go: int | None

    @property
    def stroke_groups(self) -> list[StrokeGroup]:
        """The Jasstafel's strokes by value: drawn only when a page shows them (a long game has hundreds)."""
        return stroke_groups(self.tafel) if self.tafel else []


@dataclass(frozen=True)
class DealRow:
    number: int
    scores: list[int]
    details: dict[str, Any]
    is_last: bool
    token: Any  # the deal's client token: its Delete button names this very deal


@dataclass(frozen=True)
class Board:
    """Everything the live game page shows."""

    access: GameAccess
    seats: list[str]
    entries: list[dict[str, Any]]
    result: GameResult
    sides: list[Side]
    rows: list[DealRow]

    @property
    def game(self) -> Game:
        return self.access.game

    @property
    def can_score(self) -> bool:
        return self.access.can_score

    @property
    def base_url(self) -> str:
        return self.access.base_url

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @property
    def winner_label(self) -> str:
        return next((side.label for side in self.sides if side.key == self.result.winner), "")

    @property
    def target(self) -> int | None:
        """The variant's target, unless a deal limit ends the game (a tournament pass)."""
        return None if self.game.deal_limit else self.result.state.get("target")

    @property
    def templates(self) -> dict[str, Any]:
        """The variant's own pieces of the page: deal form, one deal's notes, its score panel."""
        folder = f"scorekeeper/variants/{self.game.variant}"
        return {
            "form": f"{folder}/form.html",
            "deal": f"{folder}/deal.html",
            "panel": [f"{folder}/panel.html", "scorekeeper/variants/no_panel.html"],
            "preview": [f"{folder}/preview.html", "scorekeeper/variants/default_preview.html"],
        }

    @property
    def live_stamp(self) -> str:
        """The poll's stamp: this page as it shows the game now (scorekeeper/live.py)."""
        return live.stamp(self.access)

    @property
    def is_team_game(self) -> bool:
        return bool(rules.teams(self.game.variant))


def side_label(variant: str, side: str, seats: list[str]) -> str:
    partners = rules.teams(variant).get(side)
    if partners:
        return " & ".join(seats[index] for index in partners)
    return side


def _row(scored: DealResult, sides: tuple[str, ...], stored: list[tuple[Any, Any]]) -> DealRow:
    scores = [scored.scores.get(side, 0) for side in sides]
    token = stored[scored.number - 1][1]
    return DealRow(scored.number, scores, dict(scored.details), scored.number == len(stored), token)


def game_board(access: GameAccess) -> Board:
    """The entries in one query (the seats come with the game); the engine re-scores them (pure, fast)."""
    game = access.game
    seats = game.names_by_seat()
    stored = list(game.deals.order_by("number").values_list("entry", "client_token"))
    entries = [entry for entry, _ in stored]
    result = rules.score_game(game.variant, seats, game.settings, entries, deal_limit=game.deal_limit)
    return _board(access, seats, stored, result)


def board_of(access: GameAccess, stored: list[tuple[Any, Any]], result: GameResult) -> Board:
    """The board of a game whose deals (entry, client token) and result a write hands over: no read."""
    return _board(access, access.game.names_by_seat(), stored, result)


def board_with_deal(board: Board, entry: dict[str, Any], token: Any, result: GameResult) -> Board:
    """The board once a deal was appended to it, from the result the write scored: no read again."""
    stored = [(row_entry, row.token) for row_entry, row in zip(board.entries, board.rows, strict=True)]
    return _board(board.access, board.seats, [*stored, (entry, token)], result)


def _board(access: GameAccess, seats: list[str], stored: list[tuple[Any, Any]], result: GameResult) -> Board:
    game = access.game
    entries = [entry for entry, _ in stored]
    placing = {p.side: p.rank for p in result.ranking}
    page = variant_page(game.variant)
    jasstafel = page is not None and page.jasstafel
    target = None if game.deal_limit else result.state.get("target")
    sides = [
        Side(
            key=side,
            label=side_label(game.variant, side, seats),
            total=result.totals[side],
            rank=placing[side],
            tafel=tafel(result.totals[side]) if jasstafel else None,
            to_go=max(target - result.totals[side], 0) if target else None,
        )
        for side in result.sides
    ]
    rows = [_row(deal, result.sides, stored) for deal in result.deals]
    return Board(access, seats, entries, result, sides, rows)


def user_clubs(user: User | AnonymousUser) -> QuerySet[Club]:
    """Clubs the user belongs to, then public clubs, each with its number of games."""
    visible = Q(is_public=True)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return Club.objects.filter(visible).distinct().annotate(game_count=Count("games", distinct=True))


def club_games(club: Club) -> QuerySet[Game]:
    """The club's own games; a tournament's tables are listed with their tournament instead."""
    games = club.games.filter(tournament_table__isnull=True)
    return games.prefetch_related("seats").order_by("finished", "-created_at")


def club_events(club: Club) -> QuerySet[Any]:
    """The club's events its visitor may see (`club.role` as load_club sets it): all of them for a member,
    the public ones for anyone else. The tournaments app stores the visibility; a link-only or
    members-only event is never listed to those its own pages refuse."""
    events = club.tournaments.all()
    return events if club.role is not None else events.filter(visibility="public")


def roster(club: Club) -> QuerySet[Player]:
    return club.players.order_by("name")


def deal_audit(game: Game) -> QuerySet[DealChange]:
    """The audit of a game's deals: every addition, correction and deletion, newest first."""
    return game.changes.select_related("by")
