"""Reads: what a page shows, in a fixed number of queries whatever the number of deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, F, Q, QuerySet
from django.utils.translation import gettext

from scorekeeper import rules
from scorekeeper.games import live, owners
from scorekeeper.games.invite_links import invite_hash
from scorekeeper.games.jasstafel import StrokeGroup, Tafel, Tally, stroke_groups, tafel
from scorekeeper.games.models import Club, Dealing, Game, GameChange, Invite, Membership, Player
from scorekeeper.games.permissions import GameAccess
from scorekeeper.games.stored_deals import StoredDeal, entries, read_with, score, stored_deals
from scorekeeper.games.variants import variant_page
from scorekeeper.rules.base import DealResult, GameResult, InvalidDeal


@dataclass(frozen=True)
class Side:
    key: str
    label: str
    total: int
    rank: int
    tafel: Tafel | None
    to_go: int | None
    marks: int | None = None
    """The side's marks (Striche) where the game counts them (GameResult.marks), else None."""

    @property
    def stroke_groups(self) -> list[StrokeGroup]:
        """The Jasstafel's strokes by value: drawn only when a page shows them (a long game has hundreds)."""
        return stroke_groups(self.tafel) if self.tafel else []

    @property
    def tally(self) -> Tally | None:
        """The marks as strokes beside the Jasstafel's Z, in bundles of five."""
        return None if self.marks is None else Tally(self.marks)


@dataclass(frozen=True)
class Dealt:
    """Who dealt a deal, and who announced trump, by name: the dealer's next seat, or, when that player
    pushed (geschoben), their partner across the table."""

    dealer: str
    announcer: str
    pushed: bool
    pusher: str

    @property
    def words(self) -> str:
        """As the deal list and the history of changes say it (a property, not an include: a long
        game's page has a hundred rows)."""
        if self.pushed:
            said = gettext("%(dealer)s dealt · %(pusher)s pushed to %(announcer)s")
            return said % {"dealer": self.dealer, "pusher": self.pusher, "announcer": self.announcer}
        return gettext("%(dealer)s dealt") % {"dealer": self.dealer}


def dealt(dealing: Dealing, seats: list[str]) -> Dealt | None:
    """The names of a deal's Dealing; None when nobody noted the dealer."""
    if dealing.dealer_seat is None or not 1 <= dealing.dealer_seat <= len(seats):
        return None
    count = len(seats)
    after = dealing.dealer_seat % count  # the next seat, counted from 0
    announcer = (after + count // 2) % count if dealing.pushed else after
    return Dealt(seats[dealing.dealer_seat - 1], seats[announcer], bool(dealing.pushed), seats[after])


def next_dealer(dealings: list[Dealing], number: int, seat_count: int) -> int:
    """Who deals deal `number`: one seat on from the last deal whose dealer was noted, a seat a deal;
    seat 1 deals the first deal unless the scorer says otherwise."""
    for at in range(min(number - 1, len(dealings)), 0, -1):
        seat = dealings[at - 1].dealer_seat
        if seat is not None:
            return (seat - 1 + number - at) % seat_count + 1
    return (number - 1) % seat_count + 1


@dataclass(frozen=True)
class DealRow:
    number: int
    scores: list[int]
    details: dict[str, Any]
    is_last: bool
    token: Any  # the deal's client token: its Delete button names this very deal
    dealt: Dealt | None = None


class BeforeNextDeal:
    """What a deal form asks of the game it is for, whether a page's board or a deal post's read:
    the game, the next deal's number, and what the table said before that deal."""

    access: GameAccess

    @property
    def game(self) -> Game:
        return self.access.game

    @property
    def played(self) -> int:
        """How many deals the game has."""
        raise NotImplementedError

    @property
    def next_number(self) -> int:
        return self.played + 1

    @property
    def pending(self) -> dict[str, Any] | None:
        return said_before(self.game, self.next_number)


@dataclass(frozen=True)
class Board(BeforeNextDeal):
    """Everything the live game page shows."""

    access: GameAccess
    seats: list[str]
    entries: list[dict[str, Any]]
    result: GameResult
    sides: list[Side]
    rows: list[DealRow]
    dealings: list[Dealing]

    @property
    def played(self) -> int:
        return len(self.rows)

    @property
    def next_dealer(self) -> int:
        """The seat that deals the next deal (counted from 1)."""
        return next_dealer(self.dealings, self.next_number, len(self.seats))

    @property
    def undo_number(self) -> int | None:
        """The deal Undo brings back: the one the last Delete took, until a deal is entered."""
        number = self.game.undo_deal
        return number if self.can_score and number == self.next_number else None

    @property
    def can_score(self) -> bool:
        """An abandoned game takes no deal and no correction until it is resumed."""
        return self.access.can_score and self.game.abandoned_at is None

    @property
    def can_play_again(self) -> bool:
        """Offered once the game is over: finished or abandoned."""
        over = self.result.finished or self.game.abandoned_at is not None
        return over and "again" in self.access.actions

    @property
    def can_resume(self) -> bool:
        return self.game.abandoned_at is not None and "resume" in self.access.actions

    @property
    def can_abandon(self) -> bool:
        running = not self.result.finished and self.game.abandoned_at is None
        return running and "abandon" in self.access.actions

    @property
    def can_delete(self) -> bool:
        return "delete" in self.access.actions

    @property
    def finish_note(self) -> FinishNote | None:
        """Why a winner with fewer points won: they reached the target first, in the game's last deal."""
        result, target = self.result, self.target
        if not result.finished or result.winner is None or target is None or not result.deals:
            return None
        if rules.game_lowest_wins(self.game.variant, self.game.settings):
            return None
        winner = result.totals[result.winner]
        if all(winner >= total for side, total in result.totals.items() if side != result.winner):
            return None
        return FinishNote(self.winner_label, target, result.deals[-1].number)

    @property
    def base_url(self) -> str:
        return self.access.base_url

    @property
    def state(self) -> Mapping[str, Any]:
        """The engine's state after the deals: what the next deal's form needs."""
        return self.result.state

    @property
    def marks_won(self) -> MarksWon | None:
        """A finished game that counts marks: the winner's marks and the other side's (or sides')."""
        result = self.result
        if not result.finished or result.winner is None or result.marks is None:
            return None
        others = sum(count for side, count in result.marks.items() if side != result.winner)
        return MarksWon(result.marks[result.winner], others)

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
        return bool(rules.game_teams(self.game.variant, self.game.settings, len(self.seats)))

    @property
    def last_deal(self) -> LastDeal | None:
        """The last deal as the score bar shows it beside the totals; None before the first deal."""
        if not self.rows:
            return None
        row = self.rows[-1]
        page = variant_page(self.game.variant)
        word = page.form.deal_word if page else "deal"
        scores = [(side.key, score) for side, score in zip(self.sides, row.scores, strict=True)]
        return LastDeal(row.number, scores, word)


@dataclass(frozen=True)
class LastDeal:
    number: int
    scores: list[tuple[str, int]]
    """Each side's score in this deal, in the order of the totals."""
    word: str
    """What the table calls a deal (DealForm.deal_word): "deal", or "hand" (Pandur)."""


@dataclass(frozen=True)
class MarksWon:
    winner: int
    others: int


@dataclass(frozen=True)
class FinishNote:
    winner: str
    target: int
    deal: int


def side_label(variant: str, side: str, seats: list[str], settings: Mapping[str, Any] | None = None) -> str:
    """A team's players ("Anna & Cla"), or the side itself; `settings` are the game's, where the variant's
    teams are a setting (a Free board in teams)."""
    partners = rules.game_teams(variant, settings, len(seats)).get(side)
    if partners:
        return " & ".join(seats[index] for index in partners)
    return side


def _row(
    scored: DealResult, sides: tuple[str, ...], deals: Sequence[StoredDeal], seats: list[str]
) -> DealRow:
    scores = [scored.scores.get(side, 0) for side in sides]
    deal = deals[scored.number - 1]
    is_last = scored.number == len(deals)
    return DealRow(
        scored.number, scores, dict(scored.details), is_last, deal.token, dealt(deal.dealing, seats)
    )


def game_board(access: GameAccess) -> Board:
    """The deals in one query (the seats come with the game); the engine re-scores them (pure, fast)."""
    game = access.game
    seats = game.names_by_seat()
    deals = stored_deals(game)
    return _board(access, seats, deals, score(game, entries(deals), seats))


def board_of(access: GameAccess, deals: Sequence[StoredDeal], result: GameResult) -> Board:
    """The board of a game whose deals and result a write hands over: no read, no scoring."""
    return _board(access, access.game.names_by_seat(), deals, result)


@dataclass(frozen=True)
class NextDeal(BeforeNextDeal):
    """What a deal post needs before its write: the deals as stored, and the engine's state after them
    as the game stored it with its last write, so the form is checked without scoring the game (the
    write scores it, once)."""

    access: GameAccess
    seats: list[str]
    deals: list[StoredDeal]
    state: Mapping[str, Any]
    revision: int
    """The game's revision as read, before the write brings the game up to date."""
    totals: dict[str, int]
    finished: bool
    undo_offered: bool
    """Whether the page offered Undo before this deal (a deal entered takes it away)."""

    @property
    def played(self) -> int:
        return len(self.deals)


def next_deal(access: GameAccess) -> NextDeal:
    """The deals as read with the game (a deal post that locked it) or in one query, the state as stored
    (scored only for a game stored before it was kept)."""
    game = access.game
    seats = game.names_by_seat()
    deals = read_with(game)
    if deals is None:
        deals = stored_deals(game)
    state = game.state if game.state is not None else score(game, entries(deals), seats).state
    board_offers_undo = access.can_score and game.abandoned_at is None and game.undo_deal == len(deals) + 1
    return NextDeal(
        access, seats, deals, state, game.revision, dict(game.totals), game.finished, board_offers_undo
    )


def said_before(game: Game, number: int) -> dict[str, Any] | None:
    """What the table said before deal `number` (Differenzler's predictions), kept by the game until the
    deal is saved; None if nothing was said, or it was for a deal since saved or deleted."""
    kept = game.pending_entry or {}
    return kept.get("entry") if kept.get("number") == number else None


def _board(access: GameAccess, seats: list[str], deals: Sequence[StoredDeal], result: GameResult) -> Board:
    game = access.game
    placing = {p.side: p.rank for p in result.ranking}
    page = variant_page(game.variant)
    jasstafel = page is not None and page.jasstafel
    target = None if game.deal_limit else result.state.get("target")
    sides = [
        Side(
            key=side,
            label=side_label(game.variant, side, seats, game.settings),
            total=result.totals[side],
            rank=placing[side],
            tafel=tafel(result.totals[side]) if jasstafel else None,
            to_go=max(target - result.totals[side], 0) if target else None,
            marks=None if result.marks is None else result.marks[side],
        )
        for side in result.sides
    ]
    rows = [_row(scored, result.sides, deals, seats) for scored in result.deals]
    return Board(access, seats, entries(deals), result, sides, rows, [deal.dealing for deal in deals])


def user_clubs(user: User | AnonymousUser) -> QuerySet[Club]:
    """Clubs the user belongs to, then public clubs, each with its number of games (a deleted one is gone)."""
    visible = Q(is_public=True)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    kept = Count("games", filter=Q(games__deleted_at__isnull=True), distinct=True)
    return Club.objects.filter(visible).distinct().annotate(game_count=kept)


def club_games(club: Club) -> QuerySet[Game]:
    """The club's own games, running first, then abandoned, then finished; a tournament's tables are listed
    with their tournament instead, and a deleted game nowhere."""
    games = club.games.filter(owners.own_games(), deleted_at__isnull=True)
    stopped = F("abandoned_at").asc(nulls_first=True)
    return games.prefetch_related("seats").order_by("finished", stopped, "-created_at")


def deleted_games(club: Club) -> QuerySet[GameChange]:
    """Who deleted which of the club's games, and when, newest first: the audit outlives the game."""
    changes = GameChange.objects.filter(game__club=club, action=GameChange.Action.DELETED)
    return changes.select_related("game", "by").order_by("-at", "-pk")


def roster(club: Club) -> QuerySet[Player]:
    return club.players.order_by("name")


# ---- members, their players and invite links ------------------------------------------------------

INVITES_LISTED = 20
TOKEN_LENGTH_MAX = 100
"""A token is 43 characters; anything much longer is no token and is not even looked up."""


def members(club: Club) -> list[Membership]:
    """The members by username, each with `player`: the roster player linked to them, or None (two
    queries)."""
    linked = {player.user_id: player for player in club.players.filter(user__isnull=False)}
    found = list(club.memberships.select_related("user").order_by("user__username"))
    for membership in found:
        membership.player = linked.get(membership.user_id)
    return found


def unlinked_players(club: Club) -> QuerySet[Player]:
    """The roster players no member is linked to yet: those an admin may link, or name in an invite."""
    return club.players.filter(user__isnull=True).order_by("name")


def club_invites(club: Club) -> list[Invite]:
    """The club's latest invite links, newest first, with the player each names and who made it."""
    return list(club.invites.select_related("player", "created_by")[:INVITES_LISTED])


def invite_for(token: str) -> Invite | None:
    """The invite this token opens, with its club and player, whatever its state; None for no invite."""
    if not token or len(token) > TOKEN_LENGTH_MAX:
        return None
    return Invite.objects.select_related("club", "player").filter(token_hash=invite_hash(token)).first()


# ---- the history of changes ------------------------------------------------------------------------


@dataclass(frozen=True)
class DealView:
    """One deal as the game page describes it: the variant's notes (its details), each side's score,
    and who dealt."""

    details: Mapping[str, Any]
    scores: list[tuple[str, int]]
    dealt: Dealt | None = None


@dataclass(frozen=True)
class AuditLine:
    """One change: to a deal (its number, the deal before and after, None where there is none or where
    today's rules cannot read it) or to the game as a whole (abandoned, resumed)."""

    at: datetime
    by: User | None
    action: str
    deal_number: int | None = None
    before: DealView | None = None
    after: DealView | None = None
    had_before: bool = False
    had_after: bool = False


@dataclass(frozen=True)
class Audit:
    game: Game
    lines: list[AuditLine]

    @property
    def templates(self) -> dict[str, str]:
        """The variant's description of one deal: the game page's own."""
        return {"deal": f"scorekeeper/variants/{self.game.variant}/deal.html"}


def deal_audit(game: Game) -> Audit:
    """Every addition, correction and deletion of a deal, and every abandon and resume, newest first;
    each deal described as the game page describes it. Two queries: the deals' changes and the game's.

    A deal's description depends on the deals before it (who sat out, which row was open): the changes
    are replayed from the first, so each deal is scored among the deals the game had at that moment."""
    seats = game.names_by_seat()
    entries: dict[int, Mapping[str, Any]] = {}
    lines = []
    for change in game.changes.select_related("by").order_by("at", "pk"):
        number = change.deal_number
        before = _described(game, seats, entries, number, change.before, change.dealing_before)
        if change.after is None:
            entries.pop(number, None)
        else:
            entries[number] = change.after
        after = _described(game, seats, entries, number, change.after, change.dealing_after)
        had = (change.before is not None, change.after is not None)
        lines.append(AuditLine(change.at, change.by, change.action, number, before, after, *had))
    game_changes = game.game_changes.select_related("by").order_by("at", "pk")
    lines.extend(AuditLine(change.at, change.by, change.action) for change in game_changes)
    lines.sort(key=lambda line: line.at)  # stable: changes made in the same instant keep their order
    return Audit(game, lines[::-1])


def _described(
    game: Game,
    seats: list[str],
    entries: Mapping[int, Mapping[str, Any]],
    number: int,
    entry: Any,
    dealing: Any = None,
) -> DealView | None:
    """Deal `number` holding `entry`, after the deals the game had before it; None if there is none or
    the rules refuse it now (changed since), or an earlier deal is missing from the audit."""
    earlier = [entries.get(at) for at in range(1, number)]
    if entry is None or any(deal is None for deal in earlier):
        return None
    try:
        result = score(game, [*earlier, entry], seats)
    except InvalidDeal:
        return None
    scored = result.deals[-1]
    scores = [(side, scored.scores.get(side, 0)) for side in result.sides]
    return DealView(dict(scored.details), scores, dealt(Dealing.from_json(dealing), seats))
