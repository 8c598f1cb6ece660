"""Every write of games and deals: atomic, with the game row locked, validated by the rules, audited.

Clubs, members and roster players are written by `members.py`, invite links by `invite_links.py`.

The rules engine re-scores the whole game from its entries on every write, so the stored scores are
never computed from a half-saved state, and a correction re-derives everything after it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
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
    Evening,
    Game,
    GameChange,
    Player,
    Seat,
)
from scorekeeper.games.signals import game_scored
from scorekeeper.games.stored_deals import StoredDeal, entries, score, stored, stored_deals
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


@dataclass(frozen=True)
class Written:
    """The game as a deal's write left it: the game row as stored, every deal in order and their result,
    scored once, so a page draws it without reading or scoring again."""

    game: Game
    deals: Sequence[StoredDeal]
    result: GameResult
    repeated: bool
    """The same submission arrived again (double tap, retry): nothing new was written."""


@dataclass(frozen=True)
class Recorded(Written):
    """A deal entered, corrected or brought back: `deal` is that deal as stored."""

    deal: StoredDeal


class Deleted(Written):
    """What a Delete left."""


@dataclass(frozen=True)
class Known:
    """The deals as the caller read them, after reading the game at `revision`. Every write bumps the
    revision, so a game locked at that revision still has exactly these deals: a write reuses them
    instead of reading them again."""

    revision: int
    deals: Sequence[StoredDeal]


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
    name: str = "",
) -> Game:
    """Seats in the given order; the rules check the seats and settings before anything is saved. An
    evening of another club is refused (its page offers only its own club's). `name`: the game the club
    plays on a Free board, cleaned by the form (clean_name)."""
    if evening is not None and evening.club_id != club.pk:
        raise GameRefused(gettext("This evening belongs to another club."))
    return _create_game(
        club=club, variant=variant, players=players, settings=settings, by=by, evening=evening, name=name
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
    name: str = "",
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
        state=dict(result.state),
        seat_names=names,
        number=_next_number(club),
        follows=follows,
        name=name,
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
        name=game.name,
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
        game_scored.send(sender=Game, game=game, result=score(game, entries(stored_deals(game))))
    return game


def _game_changed(game: Game, action: str, by: User | None, fields: list[str]) -> None:
    """Saved with a new revision (the live pages show it), and audited."""
    game.revision += 1
    game.save(update_fields=[*fields, "revision"])
    GameChange.objects.create(game=game, action=action, by=by)


GAME_VALUES = [field.attname for field in Game._meta.concrete_fields if not field.is_relation]
"""What a locked read brings up to date in the caller's game (its club and evening stay as loaded)."""


def _locked(game_id: int, guard: Guard | None = None, loaded: Game | None = None) -> Game:
    """The game row, locked until the transaction ends; then the caller's guard (a table's lock).

    `loaded`: the caller's game (the page's), read again in place under the lock, so the caller shows the
    game as the write stores it without reading it or copying fields."""
    rows = Game.objects.select_for_update(of=("self",)).filter(pk=game_id)
    try:
        if loaded is None:
            game = rows.get()
        else:
            loaded.refresh_from_db(fields=GAME_VALUES, from_queryset=rows)
            game = loaded
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


DERIVED = ["totals", "side_sums", "summary", "state", "finished", "winner"]
"""What a game stores of its deals' result: pages and standings read these instead of scoring."""


def _store_result(game: Game, result: GameResult) -> None:
    was_finished = game.finished
    game.totals = dict(result.totals)
    game.finished = result.finished
    game.winner = result.winner or ""
    game.revision += 1
    game.side_sums = side_sums(result.deals)
    game.summary = summaries.game_summary(result)
    game.state = dict(result.state)
    game.save(update_fields=[*DERIVED, "revision", "undo_deal", "pending_entry"])
    if was_finished or game.finished:  # a finished game's result is rated; a correction re-rates it
        game_scored.send(sender=Game, game=game, result=result)


def _match_and_apples(scored: DealResult) -> tuple[Any, Collection[str]]:
    """The side that made a match in the deal (None if nobody did), and the sides that got an apple."""
    match = scored.details.get("match")
    if match is True:  # Coiffeur says whether the announcing team made it
        match = scored.details.get("team")
    return match, scored.details.get("apples") or ()


def side_sums(deals: Iterable[DealResult]) -> dict[str, list[int]]:
    """Each side's [score, matches, apples] over the deals, stored on the game so the standings read one
    row per game instead of replaying every deal."""
    sums: dict[str, list[int]] = {}
    for scored in deals:
        match, apples = _match_and_apples(scored)
        for side, points in scored.scores.items():
            tally = sums.setdefault(side, [0, 0, 0])
            tally[0] += points
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
    loaded: Game | None = None,
    locked: bool = False,
) -> Recorded:
    """Add deal `number` (the number the scorer's form expected) to the game.

    A repeated `client_token` returns the deal it already saved; a `number` that another phone took
    meanwhile is a DealConflict, never a second deal. `known`: the deals the caller read already.
    `loaded`: the caller's game, which the write brings up to date (see _locked). `locked`: the caller
    read `loaded` under the row lock in the transaction it holds open (a deal post), so the write
    neither reads it again nor sets a savepoint; a refusal rolls the caller's transaction back.
    A deal entered ends what Undo could bring back: the game moved on.
    """
    if locked and (loaded is None or not transaction.get_connection().in_atomic_block):
        raise ValueError("locked: pass the game read under the lock, inside the caller's transaction")
    try:
        with transaction.atomic(savepoint=not locked):
            game = loaded if locked else _locked(game_id, loaded=loaded)
            return _record_locked(game, entry, by, number, client_token, guard, known, dealing)
    except IntegrityError:
        # Unreachable while every writer locks the game row; the whole write was rolled back, so the
        # caller's game is read again as it is stored (by the caller, once its transaction has ended).
        if loaded is not None and not locked:
            loaded.refresh_from_db(fields=GAME_VALUES)
        message = gettext("Deal %(number)s was entered meanwhile on another phone.")
        raise NumberTaken(message % {"number": number}) from None


def _record_locked(
    game: Game,
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
    deals = known.deals if known is not None and known.revision == game.revision else stored_deals(game)
    for deal in deals:
        if deal.token == client_token:
            if not _same_entry(deal.entry, entry):
                message = gettext(
                    "This deal was saved already as deal %(number)s, with other values: nothing new was "
                    "saved. Check the list."
                )
                raise TokenReused(message % {"number": deal.number})
            return Recorded(game, deals, score(game, entries(deals)), repeated=True, deal=deal)
    if guard is not None:
        guard(game)
    _refuse_stopped(game)
    expected = len(deals) + 1
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
    result = score(game, [*entries(deals), dict(entry)])
    _check_dealing(game, number, dealing)
    game.pending_entry = {}  # what was said before this deal is in it now
    deal = _append(game, result, number, dict(entry), dealing, by, DealChange.Action.ADDED, client_token)
    return Recorded(game, [*deals, deal], result, repeated=False, deal=deal)


def _append(
    game: Game,
    result: GameResult,
    number: int,
    entry: dict[str, Any],
    dealing: Dealing,
    by: User | None,
    action: str,
    client_token: uuid.UUID | None = None,
) -> StoredDeal:
    """Deal `number` written after the others, as `result` scored it (a new deal, or one brought back):
    the game's stored result, and its line in the history of changes. Undo ends here."""
    deal = Deal.objects.create(
        game=game,
        number=number,
        entry=entry,
        client_token=client_token or uuid.uuid4(),  # a deal brought back: a token of its own
        created_by=by,
        dealer_seat=dealing.dealer_seat,
        pushed=dealing.pushed,
    )
    game.undo_deal = None
    _store_result(game, result)
    DealChange.objects.create(
        game=game, deal_number=number, action=action, after=entry, dealing_after=dealing.as_json(), by=by
    )
    return StoredDeal(number, entry, deal.client_token, dealing)


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
    played = entries(stored_deals(game))
    _require_next(number, len(played) + 1)
    try:
        score(game, [*played, dict(entry)])
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
    loaded: Game | None = None,
) -> Recorded:
    """Replace a deal's entry; `version` is the one the scorer saw, so a stale edit is refused.

    `client_token` names the very deal the form was opened on: a deal deleted and entered again under
    the same number starts again at version 1, and only its token tells it from the old one.
    `dealing` None keeps who dealt as it is (a form that does not ask). `loaded`: see record_deal."""
    game = _locked(game_id, guard, loaded)
    _refuse_stopped(game)
    deals = list(game.deals.order_by("number"))
    deal = next((d for d in deals if d.number == number), None)
    if deal is None:
        raise DealConflict(
            gettext("Deal %(number)s no longer exists: it was deleted meanwhile.") % {"number": number}
        )
    if deal.version != version or (client_token is not None and deal.client_token != client_token):
        if _same_deal_holds(deal, entry, client_token):  # this correction, sent again: its answer was lost
            return Recorded(game, stored(deals), score(game, entries(deals)), True, stored([deal])[0])
        raise DealConflict(
            gettext("This deal was changed meanwhile on another phone. Check it and save again.")
        )
    result = score(game, [dict(entry) if d.number == number else d.entry for d in deals])
    dealt_before, dealing = deal.dealing, dealing or deal.dealing
    _check_dealing(game, number, dealing)
    before = deal.entry
    deal.entry, deal.version, deal.updated_by = dict(entry), deal.version + 1, by
    deal.dealer_seat, deal.pushed = dealing.dealer_seat, dealing.pushed
    deal.save(update_fields=["entry", "version", "updated_by", "updated_at", "dealer_seat", "pushed"])
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
    return Recorded(game, stored(deals), result, repeated=False, deal=stored([deal])[0])


@transaction.atomic
def delete_last_deal(
    *,
    game_id: int,
    number: int,
    by: User | None,
    guard: Guard | None = None,
    client_token: uuid.UUID | None = None,
    loaded: Game | None = None,
) -> Deleted:
    """Only the last deal can go, so no later deal is ever scored against a hole.

    `client_token`, when given, is the deal the Delete button was shown for: a stale page never
    deletes a deal entered again meanwhile under the same number. The audit keeps the deal as it was
    (entry and who dealt): Undo (restore_deal) brings it back from there until a deal is entered.
    `loaded`: see record_deal."""
    game = _locked(game_id, guard, loaded)
    _refuse_stopped(game)
    deals = list(game.deals.order_by("number"))
    if not deals or deals[-1].number != number:
        if _just_deleted(game, number, deals):  # this Delete, sent again: its answer was lost
            return Deleted(game, stored(deals), score(game, entries(deals)), repeated=True)
        message = gettext("Deal %(number)s is no longer the last deal: only the last deal can be deleted.")
        raise DealConflict(message % {"number": number})
    if client_token is not None and deals[-1].client_token != client_token:
        message = gettext("Deal %(number)s was changed meanwhile on another phone: check the list.")
        raise DealConflict(message % {"number": number})
    last = deals.pop()
    result = score(game, entries(deals))
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
    return Deleted(game, stored(deals), result, repeated=False)


@transaction.atomic
def restore_deal(
    *, game_id: int, number: int, by: User | None, guard: Guard | None = None, loaded: Game | None = None
) -> Recorded:
    """Undo a Delete: deal `number` comes back as the Delete's audit kept it (entry, who dealt), under a
    new client token, scored again and audited as brought back.

    Only the deal the last Delete took, and only until a deal is entered (game.undo_deal): after that,
    bringing it back would put it after a deal that was played later. A repeated Undo (its answer was
    lost) answers with the game as it is. `loaded`: see record_deal."""
    game = _locked(game_id, guard, loaded)
    _refuse_stopped(game)
    deals = list(game.deals.order_by("number"))
    if game.undo_deal != number or len(deals) != number - 1:
        if _just_restored(game, number, deals):
            kept = stored(deals)
            return Recorded(game, kept, score(game, entries(kept)), repeated=True, deal=kept[-1])
        raise DealConflict(_not_restorable(game, number))
    copy = game.changes.filter(action=DealChange.Action.DELETED, deal_number=number).order_by("-pk").first()
    if copy is None or copy.before is None:  # an import without the audit: nothing to bring back
        raise DealConflict(_not_restorable(game, number))
    entry, dealing = copy.before, Dealing.from_json(copy.dealing_before)
    result = score(game, [*entries(deals), entry])
    deal = _append(game, result, number, entry, dealing, by, DealChange.Action.RESTORED)
    return Recorded(game, [*stored(deals), deal], result, repeated=False, deal=deal)


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
    result = score(game, entries(stored_deals(game)))
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
    "create_game",
    "delete_game",
    "delete_last_deal",
    "edit_deal",
    "play_again",
    "record_deal",
    "rederive",
    "restore_deal",
    "resume_game",
]
