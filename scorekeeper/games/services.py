"""Every write: atomic, with the game row locked, validated by the rules, audited.

The rules engine re-scores the whole game from its entries on every write, so the stored scores are
never computed from a half-saved state, and a correction re-derives everything after it.
"""

from __future__ import annotations

import enum
import hashlib
import json
import secrets
import uuid
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper import rules
from scorekeeper.games import evenings, summaries
from scorekeeper.games.models import (
    NOT_NOTED,
    Club,
    Deal,
    DealChange,
    Dealing,
    DealScore,
    Evening,
    Game,
    GameChange,
    Invite,
    Membership,
    Player,
    Role,
    Seat,
)
from scorekeeper.games.names import normalise_name
from scorekeeper.games.signals import game_scored
from scorekeeper.rules.base import DealResult, GameResult, InvalidDeal, gettext_noop, text

Guard = Callable[[Game], None]
"""Called with the locked game before a write, to refuse it (a tournament table that was confirmed)."""


class DealConflict(Exception):
    """Another phone changed the game meanwhile; the message tells the scorer what to check."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NumberTaken(DealConflict):
    """The deal's number is no longer the next one: saved again under the next, it may well be right."""


class TokenReused(DealConflict):
    """The deal's `client_token` names a deal saved with another entry: not a retry of it, and not to
    be saved under that token either (nor to be answered "saved", when nothing was)."""


class GameRefused(Exception):
    """The game is not in a state for this (a finished game is not abandoned): the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


Stored = tuple[Mapping[str, Any], uuid.UUID, Dealing]
"""One deal as a page shows it: its entry, its client token (its Delete button names it), who dealt."""


@dataclass(frozen=True)
class Recorded:
    deal: Deal
    result: GameResult
    repeated: bool  # the same submission arrived again (double tap, retry): nothing new was saved
    deals: Sequence[Stored] = ()
    """A correction's or an Undo's game as it left it: every deal, in order (the page's board)."""


@dataclass(frozen=True)
class Deleted:
    """What a Delete left: the game row, its deals in order and their result."""

    game: Game
    deals: Sequence[Stored]
    result: GameResult
    repeated: bool  # this Delete arrived again: nothing more was deleted


@dataclass(frozen=True)
class Known:
    """The deals as the caller read them (number, entry, client token), after reading the game at
    `revision`. Every write bumps the revision, so a game locked at that revision still has exactly
    these deals: a write reuses them instead of reading them again."""

    revision: int
    deals: Sequence[tuple[int, Mapping[str, Any], uuid.UUID]]


# ---- clubs and players ---------------------------------------------------------------------------


@transaction.atomic
def create_club(
    *,
    name: str,
    slug: str,
    owner: User,
    is_public: bool = False,
    suit_names: str = "german",
    language: str = "",
) -> Club:
    club = Club.objects.create(
        name=name, slug=slug, is_public=is_public, suit_names=suit_names, language=language
    )
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


def set_membership(*, club: Club, user: User, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


@transaction.atomic
def remove_member(membership: Membership) -> None:
    """The member leaves the club, and their roster player is theirs no more: "My games" lists only the
    clubs they belong to."""
    Player.objects.filter(club_id=membership.club_id, user_id=membership.user_id).update(user=None)
    membership.delete()


# ---- a member's roster player ----------------------------------------------------------------------


class LinkRefused(Exception):
    """The player or the member is linked to someone else already: the message says whom to unlink."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@transaction.atomic
def link_player(*, player: Player, user: User) -> Player:
    """The roster player is this member: one player per member and club, one member per player.
    Linking them again changes nothing; a conflict is refused and nothing is saved."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.user_id == user.pk:
        return locked
    if locked.user_id is not None:
        message = gettext("%(player)s is linked to another member already: unlink them first.")
        raise LinkRefused(message % {"player": locked.name})
    linked = Player.objects.filter(club_id=locked.club_id, user=user).values_list("name", flat=True).first()
    if linked is not None:
        message = gettext("%(user)s is linked to %(player)s already: unlink them first.")
        raise LinkRefused(message % {"user": user.username, "player": linked})
    locked.user = user
    try:
        with transaction.atomic():  # another admin linked this member meanwhile: the constraint says so
            locked.save(update_fields=["user"])
    except IntegrityError:
        message = gettext("%(user)s was linked to another player meanwhile: nothing was changed.")
        raise LinkRefused(message % {"user": user.username}) from None
    return locked


def unlink_player(*, club: Club, user: User) -> int:
    """The member's roster player in the club is nobody's again; 0 if none was linked."""
    return Player.objects.filter(club=club, user=user).update(user=None)


# ---- invite links ----------------------------------------------------------------------------------


def invite_hash(token: str) -> str:
    """What is stored of an invite's token: its SHA-256. A token is 256 random bits, so no salt is
    needed, and looking it up by its hash tells a guesser nothing of how close a guess came."""
    return hashlib.sha256(token.encode()).hexdigest()


def create_invite(
    *,
    club: Club,
    role: str,
    days: int,
    max_uses: int | None,
    player: Player | None,
    by: User,
) -> tuple[Invite, str]:
    """The new invite and its token, the one time the token is known: the link is built from it."""
    token = secrets.token_urlsafe(32)
    invite = Invite.objects.create(
        club=club,
        token_hash=invite_hash(token),
        role=role,
        player=player,
        expires_at=timezone.now() + timedelta(days=days),
        max_uses=1 if player is not None else max_uses,
        created_by=by,
    )
    return invite, token


def revoke_invite(*, invite: Invite, by: User) -> Invite:
    """The link works no more; revoking it again changes nothing."""
    if invite.revoked_at is None:
        invite.revoked_at, invite.revoked_by = timezone.now(), by
        invite.save(update_fields=["revoked_at", "revoked_by"])
    return invite


class JoinRefused(Exception):
    """Joining would link a player that cannot be linked: the message says what to ask for."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Joined(enum.Enum):
    JOINED = "joined"  # a new member (and their player linked, if the invite names one)
    LINKED = "linked"  # a member already, who claimed the player the invite names
    ALREADY = "already"  # the member has all the invite gives: nothing changed, no use counted


def has_all_it_gives(invite: Invite, user: User) -> bool:
    """A member already, and the player the invite names (if any) is theirs: joining again is a no-op."""
    if invite.player is not None and invite.player.user_id != user.pk:
        return False
    return Membership.objects.filter(club_id=invite.club_id, user=user).exists()


@transaction.atomic
def join_by_invite(*, token: str, user: User) -> tuple[Invite, Joined] | None:
    """The user joins the club with the invite's role (a member keeps theirs) and claims the player it
    names. None for a token that opens nothing: unknown, expired, revoked or used up, all alike; but
    whoever has all it gives already is told so, whatever its state (a double tap took its last use).

    The invite row is locked, so two people joining at once cannot both take its last use."""
    invite = (
        Invite.objects.select_for_update(of=("self",))
        .select_related("club", "player")
        .filter(token_hash=invite_hash(token))
        .first()
    )
    if invite is None:
        return None
    if has_all_it_gives(invite, user):
        return invite, Joined.ALREADY
    if not invite.usable():
        return None
    member = Membership.objects.filter(club_id=invite.club_id, user=user).exists()
    if invite.player is not None:
        _claim(invite.player, user)
    if not member:
        Membership.objects.create(club_id=invite.club_id, user=user, role=invite.role)
    invite.uses += 1
    invite.save(update_fields=["uses"])
    return invite, Joined.LINKED if member else Joined.JOINED


def _claim(player: Player, user: User) -> None:
    """Link the invite's player to the user, in the words of the one joining (who is not told whom a
    player is linked to)."""
    try:
        link_player(player=player, user=user)
    except LinkRefused:
        player.refresh_from_db(fields=["user"])
        if player.user_id is not None:
            message = gettext(
                "%(player)s is linked to another member already: ask the club for a new invite."
            )
            raise JoinRefused(message % {"player": player.name}) from None
        message = gettext("You are linked to another player of this club already: ask a club admin.")
        raise JoinRefused(message) from None


def add_player(*, club: Club, name: str) -> Player:
    """The roster's player of that name (any case), or a new one: typing "anna" finds Anna. The forms
    refuse a name that is no name (games/names.py); written the same way here, so two spellings that
    look alike are one player whoever calls."""
    name = normalise_name(name)
    player = Player.objects.filter(club=club, name__iexact=name).first()
    return player or Player.objects.create(club=club, name=name)


# ---- games ---------------------------------------------------------------------------------------


@transaction.atomic
def create_game(
    *,
    club: Club,
    variant: str,
    players: Sequence[Player],
    settings: Mapping[str, Any],
    by: User,
    evening: Evening | None = None,
) -> Game:
    """Seats in the given order; the rules check the seats and settings before anything is saved. An
    evening of another club is refused (its page offers only its own club's)."""
    if evening is not None and evening.club_id != club.pk:
        raise GameRefused(gettext("This evening belongs to another club."))
    return _create_game(
        club=club, variant=variant, players=players, settings=settings, by=by, evening=evening
    )


def _create_game(
    *,
    club: Club,
    variant: str,
    players: Sequence[Player],
    settings: Mapping[str, Any],
    by: User,
    follows: Game | None = None,
    evening: Evening | None = None,
) -> Game:
    names = [player.name for player in players]
    result = rules.score_game(variant, names, settings, [])
    game = Game.objects.create(
        club=club,
        variant=variant,
        settings=dict(settings),
        created_by=by,
        totals=dict(result.totals),
        summary=summaries.game_summary(result),
        seat_names=names,
        number=_next_number(club),
        follows=follows,
        evening=evening,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=index, player=player, name=player.name)
        for index, player in enumerate(players, start=1)
    )
    return game


def _next_number(club: Club) -> int:
    """The club's next game number, with the club row locked: two games started at once get two."""
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
    return (club.games.aggregate(last=Max("number"))["last"] or 0) + 1


@transaction.atomic
def play_again(*, game_id: int, by: User) -> Game:
    """The next game with the same players in the same seats, variant and settings, in the same evening
    (a new evening holds both games when the first was in none).

    A second tap (or another phone) finds the game the first one started instead of a third."""
    game = _locked(game_id)
    started = Game.objects.filter(follows=game, deleted_at__isnull=True).order_by("pk").first()
    if started is not None:
        return started
    players = [seat.player for seat in game.seats.select_related("player").order_by("position")]
    evening = evenings.evening_to_continue(game, by)
    return _create_game(
        club=game.club,
        variant=game.variant,
        players=players,
        settings=game.settings,
        by=by,
        follows=game,
        evening=evening,
    )


@transaction.atomic
def abandon_game(*, game_id: int, by: User | None) -> Game:
    """The players stop a running game: it takes no more deals and counts nowhere until resumed."""
    game = _locked(game_id)
    if game.abandoned_at is not None:
        return game  # abandoned meanwhile on another phone, or this tap sent again
    if game.finished:
        raise GameRefused(gettext("This game is finished: it cannot be abandoned. Delete it instead."))
    game.abandoned_at = timezone.now()
    _game_changed(game, GameChange.Action.ABANDONED, by, ["abandoned_at"])
    return game


@transaction.atomic
def resume_game(*, game_id: int, by: User | None) -> Game:
    """An abandoned game goes on where it stopped (abandoned by mistake)."""
    game = _locked(game_id)
    if game.abandoned_at is None:
        return game
    game.abandoned_at = None
    _game_changed(game, GameChange.Action.RESUMED, by, ["abandoned_at"])
    return game


@transaction.atomic
def delete_game(*, game_id: int, by: User | None) -> Game:
    """Hidden for good and counted nowhere; the rows and their audit stay. A finished game is un-rated."""
    game = _locked(game_id)
    if game.deleted_at is not None:
        return game
    game.deleted_at = timezone.now()
    _game_changed(game, GameChange.Action.DELETED, by, ["deleted_at"])
    if game.finished:  # the ratings drop what the game gave: it counts no more
        game_scored.send(sender=Game, game=game, result=_score(game, [e for _, e, _ in _entries(game)]))
    return game


def _game_changed(game: Game, action: str, by: User | None, fields: list[str]) -> None:
    """Saved with a new revision (the live pages show it), and audited."""
    game.revision += 1
    game.save(update_fields=[*fields, "revision"])
    GameChange.objects.create(game=game, action=action, by=by)


def _locked(game_id: int, guard: Guard | None = None) -> Game:
    """The game row, locked until the transaction ends; then the caller's guard (a table's lock)."""
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:  # a tournament's draw was undone meanwhile
        raise DealConflict(gettext("This game no longer exists: its draw was undone.")) from None
    if guard is not None:
        guard(game)
    return game


def _refuse_stopped(game: Game) -> None:
    """No deal is entered, corrected or deleted in an abandoned or deleted game (another phone stopped it)."""
    if game.deleted_at is not None:
        raise DealConflict(gettext("This game was deleted."))
    if game.abandoned_at is not None:
        raise DealConflict(gettext("This game was abandoned: resume it to change its deals."))


def _entries(game: Game) -> list[tuple[int, dict[str, Any], uuid.UUID]]:
    return list(game.deals.order_by("number").values_list("number", "entry", "client_token"))


def _score(game: Game, entries: Sequence[Mapping[str, Any]]) -> GameResult:
    return rules.score_game(
        game.variant, game.names_by_seat(), game.settings, entries, deal_limit=game.deal_limit
    )


def _store_result(game: Game, result: GameResult) -> None:
    was_finished = game.finished
    game.totals = dict(result.totals)
    game.finished = result.finished
    game.winner = result.winner or ""
    game.revision += 1
    game.side_sums = side_sums(result.deals)
    game.summary = summaries.game_summary(result)
    fields = ["totals", "side_sums", "summary", "finished", "winner", "revision", "undo_deal"]
    game.save(update_fields=fields)
    if was_finished or game.finished:  # a finished game's result is rated; a correction re-rates it
        game_scored.send(sender=Game, game=game, result=result)


def _match_and_apples(scored: DealResult) -> tuple[Any, Collection[str]]:
    """The side that made a match in the deal (None if nobody did), and the sides that got an apple."""
    match = scored.details.get("match")
    if match is True:  # Coiffeur says whether the announcing team made it
        match = scored.details.get("team")
    return match, scored.details.get("apples") or ()


def _score_rows(deal: Deal, scored: DealResult) -> list[DealScore]:
    """One row per side, with the counts SQL sums for tie-breaks (matches made, apples taken)."""
    match, apples = _match_and_apples(scored)
    return [
        DealScore(deal=deal, side=side, score=score, matches=int(match == side), apples=int(side in apples))
        for side, score in scored.scores.items()
    ]


def side_sums(deals: Iterable[DealResult]) -> dict[str, list[int]]:
    """Each side's [score, matches, apples] over the deals: what its DealScore rows add up to, stored
    on the game so the standings read one row per game instead of summing every deal's rows."""
    sums: dict[str, list[int]] = {}
    for scored in deals:
        match, apples = _match_and_apples(scored)
        for side, score in scored.scores.items():
            tally = sums.setdefault(side, [0, 0, 0])
            tally[0] += score
            tally[1] += int(match == side)
            tally[2] += int(side in apples)
    return sums


def record_deal(
    *,
    game_id: int,
    entry: Mapping[str, Any],
    by: User | None,
    number: int,
    client_token: uuid.UUID,
    guard: Guard | None = None,
    known: Known | None = None,
    dealing: Dealing = NOT_NOTED,
) -> Recorded:
    """Add deal `number` (the number the scorer's form expected) to the game.

    A repeated `client_token` returns the deal it already saved; a `number` that another phone took
    meanwhile is a DealConflict, never a second deal. `known`: the deals the caller read already.
    A deal entered ends what Undo could bring back: the game moved on.
    """
    try:
        return _record_locked(game_id, entry, by, number, client_token, guard, known, dealing)
    except IntegrityError:
        # Unreachable while every writer locks the game row; the whole write was rolled back.
        message = gettext("Deal %(number)s was entered meanwhile on another phone.")
        raise NumberTaken(message % {"number": number}) from None


@transaction.atomic
def _record_locked(
    game_id: int,
    entry: Mapping[str, Any],
    by: User | None,
    number: int,
    client_token: uuid.UUID,
    guard: Guard | None,
    known: Known | None,
    dealing: Dealing,
) -> Recorded:
    """record_deal's write, with the game row locked until it commits.

    A repeated submission is recognised before the guard: a phone retrying its last deal after the
    table was confirmed is told it was saved, not that the table is locked. Its number may differ (it
    is what the phone expected), its entry may not."""
    game = _locked(game_id)
    stored = known.deals if known is not None and known.revision == game.revision else _entries(game)
    for stored_number, stored_entry, token in stored:
        if token == client_token:
            if not _same_entry(stored_entry, entry):
                message = gettext(
                    "This deal was saved already as deal %(number)s, with other values: nothing new was "
                    "saved. Check the list."
                )
                raise TokenReused(message % {"number": stored_number})
            deal = game.deals.get(number=stored_number)
            return Recorded(deal, _score(game, [e for _, e, _ in stored]), repeated=True)
    if guard is not None:
        guard(game)
    _refuse_stopped(game)
    expected = len(stored) + 1
    if number < expected:
        message = gettext(
            "Deal %(number)s was entered meanwhile on another phone. Check the list, then enter deal "
            "%(expected)s."
        )
        raise NumberTaken(message % {"number": number, "expected": expected})
    if number > expected:  # a deal was deleted meanwhile: nothing was "entered"
        message = gettext(
            "The list of deals changed meanwhile on another phone. Check the list, then enter deal "
            "%(expected)s."
        )
        raise NumberTaken(message % {"expected": expected})
    result = _score(game, [e for _, e, _ in stored] + [dict(entry)])
    _check_dealing(game, number, dealing)
    deal = _append(game, result, number, dict(entry), dealing, by, DealChange.Action.ADDED, client_token)
    if game.pending_entry:  # what was said before this deal is in it now
        game.pending_entry = {}
        game.save(update_fields=["pending_entry"])
    return Recorded(deal, result, repeated=False)


def _append(
    game: Game,
    result: GameResult,
    number: int,
    entry: dict[str, Any],
    dealing: Dealing,
    by: User | None,
    action: str,
    client_token: uuid.UUID | None = None,
) -> Deal:
    """Deal `number` written after the others, as `result` scored it (a new deal, or one brought back):
    its scores, the game's stored result, and its line in the history of changes. Undo ends here."""
    deal = Deal.objects.create(
        game=game,
        number=number,
        entry=entry,
        client_token=client_token or uuid.uuid4(),  # a deal brought back: a token of its own
        created_by=by,
        dealer_seat=dealing.dealer_seat,
        pushed=dealing.pushed,
    )
    DealScore.objects.bulk_create(_score_rows(deal, result.deals[-1]))
    game.undo_deal = None
    _store_result(game, result)
    DealChange.objects.create(
        game=game, deal_number=number, action=action, after=entry, dealing_after=dealing.as_json(), by=by
    )
    return deal


@transaction.atomic
def keep_pending(
    *, game_id: int, number: int, entry: Mapping[str, Any], later: Collection[str], guard: Guard | None = None
) -> dict[str, Any]:
    """Keep what the table said before deal `number` (Differenzler's predictions) until the deal is
    saved, so a reload or another phone finds it; returns what the game keeps now.

    The engine judges the entry as far as it goes: the only refusal taken is of a field in `later`, what is
    entered after the deal (the card points, not played yet). Not a deal: no revision, no audit; the deal
    that takes it is audited."""
    game = _locked(game_id, guard)
    _refuse_stopped(game)
    entries = [stored for _, stored, _ in _entries(game)]
    _require_next(number, len(entries) + 1)
    try:
        _score(game, [*entries, dict(entry)])
    except InvalidDeal as refused:
        if refused.deal != number or refused.field not in later:
            raise
    game.pending_entry = {"number": number, "entry": dict(entry)}
    game.save(update_fields=["pending_entry"])
    return game.pending_entry


def _require_next(number: int, expected: int) -> None:
    """What is said before a deal is for the next deal only."""
    if number < expected:
        message = gettext(
            "Deal %(number)s was entered meanwhile on another phone. Check the list, then enter deal "
            "%(expected)s."
        )
        raise NumberTaken(message % {"number": number, "expected": expected})
    if number > expected:
        message = gettext(
            "Deal %(expected)s is not saved yet: save it first, then go on with deal %(number)s."
        )
        raise NumberTaken(message % {"number": number, "expected": expected})


def _check_dealing(game: Game, number: int, dealing: Dealing) -> None:
    """The dealer is one of the game's seats (the forms offer no other; a caller might)."""
    seats = len(game.names_by_seat())
    if dealing.dealer_seat is not None and not 1 <= dealing.dealer_seat <= seats:
        message = gettext_noop("The dealer must be one of the %(count)s seats, counted from 1.")
        raise InvalidDeal(number, "dealer_seat", text(message, count=seats))


def _same_entry(stored: Mapping[str, Any], sent: Mapping[str, Any]) -> bool:
    """Compared as the JSON column keeps them: a tuple sent comes back a list, and is still the same."""
    return json.loads(json.dumps(stored)) == json.loads(json.dumps(sent))


def _rederive_scores(game: Game, result: GameResult, deals: Sequence[Deal]) -> None:
    """A correction can change later deals (who sits out, who dropped out): rewrite every score row."""
    DealScore.objects.filter(deal__game=game).delete()
    by_number = {deal.number: deal for deal in deals}
    DealScore.objects.bulk_create(
        row for scored in result.deals for row in _score_rows(by_number[scored.number], scored)
    )


@transaction.atomic
def edit_deal(
    *,
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    by: User | None,
    version: int,
    guard: Guard | None = None,
    client_token: uuid.UUID | None = None,
    dealing: Dealing | None = None,
) -> Recorded:
    """Replace a deal's entry; `version` is the one the scorer saw, so a stale edit is refused.

    `client_token` names the very deal the form was opened on: a deal deleted and entered again under
    the same number starts again at version 1, and only its token tells it from the old one.
    `dealing` None keeps who dealt as it is (a form that does not ask)."""
    game = _locked(game_id, guard)
    _refuse_stopped(game)
    deals = list(game.deals.order_by("number"))
    deal = next((d for d in deals if d.number == number), None)
    if deal is None:
        raise DealConflict(
            gettext("Deal %(number)s no longer exists: it was deleted meanwhile.") % {"number": number}
        )
    if deal.version != version or (client_token is not None and deal.client_token != client_token):
        if _same_deal_holds(deal, entry, client_token):  # this correction, sent again: its answer was lost
            return Recorded(deal, _score(game, [d.entry for d in deals]), repeated=True)
        raise DealConflict(
            gettext("This deal was changed meanwhile on another phone. Check it and save again.")
        )
    entries = [dict(entry) if d.number == number else d.entry for d in deals]
    result = _score(game, entries)
    dealt_before, dealing = deal.dealing, dealing or deal.dealing
    _check_dealing(game, number, dealing)
    before = deal.entry
    deal.entry, deal.version, deal.updated_by = dict(entry), deal.version + 1, by
    deal.dealer_seat, deal.pushed = dealing.dealer_seat, dealing.pushed
    deal.save(update_fields=["entry", "version", "updated_by", "updated_at", "dealer_seat", "pushed"])
    _rederive_scores(game, result, deals)
    _store_result(game, result)
    DealChange.objects.create(
        game=game,
        deal_number=number,
        action=DealChange.Action.EDITED,
        before=before,
        after=deal.entry,
        dealing_before=dealt_before.as_json(),
        dealing_after=dealing.as_json(),
        by=by,
    )
    return Recorded(deal, result, repeated=False, deals=_stored(deals))


@transaction.atomic
def delete_last_deal(
    *,
    game_id: int,
    number: int,
    by: User | None,
    guard: Guard | None = None,
    client_token: uuid.UUID | None = None,
) -> Deleted:
    """Only the last deal can go, so no later deal is ever scored against a hole.

    `client_token`, when given, is the deal the Delete button was shown for: a stale page never
    deletes a deal entered again meanwhile under the same number. The audit keeps the deal as it was
    (entry and who dealt): Undo (restore_deal) brings it back from there until a deal is entered."""
    game = _locked(game_id, guard)
    _refuse_stopped(game)
    deals = list(game.deals.order_by("number"))
    if not deals or deals[-1].number != number:
        if _just_deleted(game, number, deals):  # this Delete, sent again: its answer was lost
            return _deleted(game, deals, _score(game, [d.entry for d in deals]), repeated=True)
        message = gettext("Deal %(number)s is no longer the last deal: only the last deal can be deleted.")
        raise DealConflict(message % {"number": number})
    if client_token is not None and deals[-1].client_token != client_token:
        message = gettext("Deal %(number)s was changed meanwhile on another phone: check the list.")
        raise DealConflict(message % {"number": number})
    last = deals.pop()
    result = _score(game, [d.entry for d in deals])
    last.delete()
    game.undo_deal = number
    _store_result(game, result)
    DealChange.objects.create(
        game=game,
        deal_number=number,
        action=DealChange.Action.DELETED,
        before=last.entry,
        dealing_before=last.dealing.as_json(),
        by=by,
    )
    return _deleted(game, deals, result, repeated=False)


def _stored(deals: Sequence[Deal]) -> list[Stored]:
    return [(d.entry, d.client_token, d.dealing) for d in deals]


def _deleted(game: Game, deals: Sequence[Deal], result: GameResult, *, repeated: bool) -> Deleted:
    return Deleted(game, _stored(deals), result, repeated)


@transaction.atomic
def restore_deal(*, game_id: int, number: int, by: User | None, guard: Guard | None = None) -> Recorded:
    """Undo a Delete: deal `number` comes back as the Delete's audit kept it (entry, who dealt), under a
    new client token, scored again and audited as brought back.

    Only the deal the last Delete took, and only until a deal is entered (game.undo_deal): after that,
    bringing it back would put it after a deal that was played later. A repeated Undo (its answer was
    lost) answers with the game as it is."""
    game = _locked(game_id, guard)
    _refuse_stopped(game)
    deals = list(game.deals.order_by("number"))
    if game.undo_deal != number or len(deals) != number - 1:
        if _just_restored(game, number, deals):
            return Recorded(deals[-1], _score(game, [d.entry for d in deals]), True, _stored(deals))
        raise DealConflict(_not_restorable(game, number))
    copy = game.changes.filter(action=DealChange.Action.DELETED, deal_number=number).order_by("-pk").first()
    if copy is None or copy.before is None:  # an import without the audit: nothing to bring back
        raise DealConflict(_not_restorable(game, number))
    entry, dealing = copy.before, Dealing.from_json(copy.dealing_before)
    result = _score(game, [d.entry for d in deals] + [entry])
    deal = _append(game, result, number, entry, dealing, by, DealChange.Action.RESTORED)
    return Recorded(deal, result, repeated=False, deals=_stored([*deals, deal]))


def _not_restorable(game: Game, number: int) -> str:
    """Why Undo cannot bring deal `number` back: another deal was deleted last, a deal was entered
    since, or it was never deleted. Asked only on a refusal."""
    if game.undo_deal is not None and game.undo_deal != number:
        message = gettext("Only deal %(last)s, the deal deleted last, can be brought back.")
        return message % {"last": game.undo_deal}
    if game.changes.filter(action=DealChange.Action.DELETED, deal_number=number).exists():
        message = gettext(
            "Deal %(number)s cannot be brought back: a deal was entered after it was deleted. "
            "Enter it again if it belongs."
        )
    else:
        message = gettext("Deal %(number)s was not deleted: there is nothing to bring back.")
    return message % {"number": number}


def _just_restored(game: Game, number: int, deals: list[Deal]) -> bool:
    """The last thing done to the game's deals was bringing this very deal back."""
    if not deals or deals[-1].number != number:
        return False
    last = game.changes.order_by("-pk").first()
    return last is not None and last.action == DealChange.Action.RESTORED and last.deal_number == number


def _same_deal_holds(deal: Deal, entry: Mapping[str, Any], client_token: uuid.UUID | None) -> bool:
    """The deal the form was opened on holds exactly what was sent: a phone's retry, not a conflict."""
    return deal.entry == dict(entry) and (client_token is None or deal.client_token == client_token)


def _just_deleted(game: Game, number: int, deals: list[Deal]) -> bool:
    """The last thing done to the game was deleting this very deal, the last one then."""
    if deals and deals[-1].number >= number:
        return False
    last = game.changes.order_by("-pk").first()
    return last is not None and last.action == DealChange.Action.DELETED and last.deal_number == number


@transaction.atomic
def rederive(*, game_id: int) -> GameResult:
    """Scores, totals and winner from the stored entries alone (a club's data imported, or the rules
    fixed): an entry the rules refuse raises InvalidDeal and nothing changes."""
    game = _locked(game_id)
    deals = list(game.deals.order_by("number"))
    result = _score(game, [deal.entry for deal in deals])
    _rederive_scores(game, result, deals)
    _store_result(game, result)
    return result


__all__ = [
    "DealConflict",
    "GameRefused",
    "InvalidDeal",
    "Known",
    "Recorded",
    "TokenReused",
    "abandon_game",
    "add_player",
    "create_club",
    "create_game",
    "delete_game",
    "delete_last_deal",
    "edit_deal",
    "play_again",
    "record_deal",
    "rederive",
    "restore_deal",
    "resume_game",
    "set_membership",
]
