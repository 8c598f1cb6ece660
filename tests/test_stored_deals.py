"""The deals a deal post reads as a column of its game's locked row are the deals a page reads: same
numbers, entries, tokens and who dealt, in order, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from scorekeeper.games import services
from scorekeeper.games.models import Dealing, Game
from scorekeeper.games.stored_deals import StoredDeal, read_with, stored_deals, with_deals

pytestmark = pytest.mark.django_db

# Unicode, nesting and numbers in an entry survive the JSON of either database.
WEIS_AND_STOECK = {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"}
HEARTS_100 = {"trump": "hearts", "points": {"A": 100}}


def read_locked(game: Game) -> Game:
    return with_deals(Game.objects.select_for_update(of=("self",))).get(pk=game.pk)


def test_the_deals_read_with_the_game_are_the_stored_deals_in_order(
    make_game: Callable[..., Game], users: dict[str, User]
) -> None:
    game = make_game()
    tokens = [uuid.uuid4(), uuid.uuid4(), uuid.uuid4()]
    for number, (entry, dealing) in enumerate(
        [(WEIS_AND_STOECK, Dealing(2, True)), (HEARTS_100, Dealing(3, False)), (HEARTS_100, Dealing())], 1
    ):
        services.record_deal(
            game_id=game.pk, entry=entry, by=users["scorer"], number=number,
            client_token=tokens[number - 1], dealing=dealing,
        )  # fmt: skip
    with transaction.atomic():
        read = read_with(read_locked(game))
    assert read == stored_deals(game)
    assert read == [
        StoredDeal(1, WEIS_AND_STOECK, tokens[0], Dealing(2, True)),
        StoredDeal(2, HEARTS_100, tokens[1], Dealing(3, False)),
        StoredDeal(3, HEARTS_100, tokens[2], Dealing(None, None)),
    ]


def test_a_game_without_deals_reads_none_and_the_deals_are_taken_once(make_game: Callable[..., Game]) -> None:
    game = read_locked(make_game())
    assert read_with(game) == []
    assert read_with(game) is None  # the write that follows changes them: read them again then


def test_a_game_read_without_them_has_none() -> None:
    assert read_with(Game()) is None


def test_a_locked_write_wants_the_game_read_under_the_lock_inside_a_transaction(
    make_game: Callable[..., Game],
) -> None:
    game = make_game()
    with pytest.raises(ValueError, match="locked: pass the game read under the lock"):
        services.record_deal(
            game_id=game.pk, entry=HEARTS_100, by=None, number=1, client_token=uuid.uuid4(), locked=True
        )
    assert game.deals.count() == 0
