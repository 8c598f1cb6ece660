"""The write services on the database: stored scores, totals, audit, and every refusal that saves nothing.

Expected values are computed by hand in the comments (standard multipliers: hearts and clubs x1,
spades and diamonds x2, obenabe and undenufe x3; Weis and Stöck multiplied; match bonus 100).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.games import services
from scorekeeper.games.models import Club, Deal, DealChange, Game, Player
from scorekeeper.games.services import DealConflict, TokenReused
from scorekeeper.rules.base import InvalidDeal

# A: (83 + 20 Stöck) x2 = 206; B: (157 - 83 = 74, + 50 Weis) x2 = 248.
SPADES_83 = {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"}
# A: 100 x1 = 100; B: 157 - 100 = 57.
HEARTS_100 = {"trump": "hearts", "points": {"A": 100}}
# Match B: (157 + 100) x2 = 514; A keeps its Stöck even against a match: 20 x2 = 40.
MATCH_B = {"trump": "diamonds", "match": "B", "stoeck": "A"}

TARGET_300 = {"target": 300}
STALE_EDIT = "This deal was changed meanwhile on another phone. Check it and save again."


def hearts(points_a: int) -> dict[str, Any]:
    """A hearts deal (x1): team A gets `points_a`, team B 157 minus it."""
    return {"trump": "hearts", "points": {"A": points_a}}


def score_sums(game: Game) -> dict[str, int]:
    """Each side's score over the deals as the game stores it for the standings (Game.side_sums)."""
    return {side: sums[0] for side, sums in Game.objects.get(pk=game.pk).side_sums.items()}


def score_rows(game: Game) -> dict[tuple[int, str], int]:
    """(deal number, side) -> score, as the engine scores the stored entries: no row keeps a deal's score."""
    fresh = Game.objects.get(pk=game.pk)
    entries = list(fresh.deals.order_by("number").values_list("entry", flat=True))
    result = rules.score_game(fresh.variant, fresh.names_by_seat(), fresh.settings, entries)
    return {(scored.number, side): score for scored in result.deals for side, score in scored.scores.items()}


def stored_state(game: Game) -> dict[str, Any] | None:
    """The engine's state the game's last write stored (Game.state)."""
    return Game.objects.get(pk=game.pk).state


def engine_state(game: Game, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The engine's state after `entries`, as the JSON column gives it back (a tuple comes back a list)."""
    result = rules.score_game(game.variant, game.names_by_seat(), game.settings, entries)
    return json.loads(json.dumps(dict(result.state)))


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a write could touch, to prove a refused write touched nothing."""
    fresh = Game.objects.get(pk=game.pk)
    return {
        "deals": list(
            fresh.deals.order_by("number").values_list(
                "number", "entry", "version", "client_token", "updated_by"
            )
        ),
        "derived": (fresh.side_sums, fresh.state),
        "changes": list(fresh.changes.order_by("pk").values_list("deal_number", "action", "before", "after")),
        "game": (fresh.totals, fresh.finished, fresh.winner, fresh.revision),
    }


def record(game: Game, number: int, entry: dict[str, Any], by: User, token: uuid.UUID | None = None) -> Any:
    return services.record_deal(
        game_id=game.pk, entry=entry, by=by, number=number, client_token=token or uuid.uuid4()
    )


@pytest.fixture
def scorer(club: Club) -> User:
    return User.objects.get(username="scorer")


@pytest.fixture
def finished_at_3(make_game: Callable[..., Game]) -> Game:
    """Target 300: A 100, 200, then 320 in deal 3 (B 57, 114, 151): team A wins with deal 3."""
    game = make_game(TARGET_300, [hearts(100), hearts(100), hearts(120)])
    assert (game.totals, game.finished, game.winner) == ({"A": 320, "B": 151}, True, "A")
    return game


# ---- record_deal ---------------------------------------------------------------------------------


def test_record_deal_stores_scores_totals_and_audit(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game()
    assert (game.totals, game.revision) == ({"A": 0, "B": 0}, 0)

    recorded = record(game, 1, SPADES_83, scorer)

    assert recorded.repeated is False
    assert (recorded.deal.number, recorded.deal.entry) == (1, SPADES_83)
    saved = Deal.objects.get(game=game, number=1)
    assert (saved.client_token, saved.version, saved.created_by) == (recorded.deal.token, 1, scorer)
    assert recorded.result.totals == {"A": 206, "B": 248}
    assert score_rows(game) == {(1, "A"): 206, (1, "B"): 248}
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner, game.revision) == ({"A": 206, "B": 248}, False, "", 1)
    change = DealChange.objects.get(game=game)
    assert (change.deal_number, change.action, change.before, change.after, change.by) == (
        1,
        "added",
        None,
        SPADES_83,
        scorer,
    )

    record(game, 2, HEARTS_100, scorer)
    record(game, 3, MATCH_B, scorer)

    # A: 206 + 100 + 40 = 346; B: 248 + 57 + 514 = 819.
    assert score_rows(game) == {
        (1, "A"): 206,
        (1, "B"): 248,
        (2, "A"): 100,
        (2, "B"): 57,
        (3, "A"): 40,
        (3, "B"): 514,
    }
    assert score_sums(game) == {"A": 346, "B": 819}
    assert Game.objects.get(pk=game.pk).side_sums == {"A": [346, 0, 0], "B": [819, 1, 0]}  # B's match
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner, game.revision) == ({"A": 346, "B": 819}, False, "", 3)
    assert list(game.changes.order_by("pk").values_list("deal_number", "action")) == [
        (1, "added"),
        (2, "added"),
        (3, "added"),
    ]


def test_record_deal_that_reaches_the_target_finishes_the_game(
    make_game: Callable[..., Game], scorer: User
) -> None:
    game = make_game(TARGET_300, [hearts(100), hearts(100)])  # A 200, B 114
    assert (game.totals, game.finished) == ({"A": 200, "B": 114}, False)

    recorded = record(game, 3, hearts(120), scorer)  # A 200 + 120 = 320 >= 300; B 114 + 37 = 151

    assert (recorded.result.finished, recorded.result.winner) == (True, "A")
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner, game.revision) == ({"A": 320, "B": 151}, True, "A", 3)
    assert score_sums(game) == {"A": 320, "B": 151}


def test_repeated_client_token_saves_nothing_new(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game()
    token = uuid.uuid4()
    first = record(game, 1, SPADES_83, scorer, token)
    before = snapshot(game)

    again = record(game, 1, SPADES_83, scorer, token)  # a double tap

    assert again.repeated is True
    assert again.deal == first.deal  # the deal the first tap saved: number, entry, token, dealer
    assert again.result.totals == {"A": 206, "B": 248}
    assert snapshot(game) == before
    assert (Deal.objects.filter(game=game).count(), score_sums(game)) == (1, {"A": 206, "B": 248})
    assert DealChange.objects.filter(game=game).count() == 1


def test_late_retry_of_an_earlier_deal_is_recognised(make_game: Callable[..., Game], scorer: User) -> None:
    """The retry of deal 1 arrives after deal 2 was saved: still deal 1, not a third deal."""
    game = make_game()
    token = uuid.uuid4()
    first = record(game, 1, SPADES_83, scorer, token)
    record(game, 2, HEARTS_100, scorer)
    before = snapshot(game)

    again = record(game, 3, SPADES_83, scorer, token)

    assert (again.repeated, again.deal.number) == (True, 1)
    assert again.deal == first.deal
    assert again.result.totals == {"A": 306, "B": 305}  # 206 + 100, 248 + 57
    assert snapshot(game) == before


@pytest.mark.parametrize("number", [1, 2])  # the retry's number, and the next one
def test_a_reused_client_token_with_another_entry_is_refused_and_saves_nothing(
    make_game: Callable[..., Game], scorer: User, number: int
) -> None:
    """The key names deal 1; a deal with other points under it is no retry of deal 1 (which stays as
    it is) and no new deal either: nothing is saved, and the refusal says which deal holds the key."""
    game = make_game()
    token = uuid.uuid4()
    record(game, 1, SPADES_83, scorer, token)
    before = snapshot(game)

    with pytest.raises(TokenReused) as refused:
        record(game, number, HEARTS_100, scorer, token)

    assert refused.value.message == (
        "This deal was saved already as deal 1, with other values: nothing new was saved. Check the list."
    )
    assert snapshot(game) == before
    assert DealChange.objects.filter(game=game).count() == 1


def test_deals_the_caller_read_are_reused_only_at_the_same_revision(
    make_game: Callable[..., Game], scorer: User
) -> None:
    """A write reuses the deals its caller read (no second read) while the game's revision is the one
    read with them; after any other write they are stale and the stored deals count."""
    game = make_game({}, [SPADES_83])
    token = game.deals.get().client_token
    known = services.Known(game.revision, [(1, SPADES_83, token)])

    services.delete_last_deal(game_id=game.pk, number=1, by=scorer)  # another phone, meanwhile
    with pytest.raises(DealConflict):  # the list it knew is gone: deal 2 is no longer next
        services.record_deal(
            game_id=game.pk, entry=HEARTS_100, by=scorer, number=2, client_token=uuid.uuid4(), known=known
        )

    game.refresh_from_db()
    fresh = services.Known(game.revision, [])
    recorded = services.record_deal(
        game_id=game.pk, entry=HEARTS_100, by=scorer, number=1, client_token=uuid.uuid4(), known=fresh
    )
    assert recorded.result.totals == {"A": 100, "B": 57}
    assert list(game.deals.values_list("number", "entry")) == [(1, HEARTS_100)]


def test_stale_number_is_a_conflict_and_saves_nothing(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83])  # another phone took deal 1
    before = snapshot(game)

    with pytest.raises(DealConflict) as conflict:
        record(game, 1, HEARTS_100, scorer)

    assert conflict.value.message == (
        "Deal 1 was entered meanwhile on another phone. Check the list, then enter deal 2."
    )
    assert snapshot(game) == before
    assert Deal.objects.filter(game=game).count() == 1


def test_number_ahead_of_the_list_is_a_conflict(make_game: Callable[..., Game], scorer: User) -> None:
    """The form expected deal 3, but another phone deleted deal 2 meanwhile."""
    game = make_game({}, [SPADES_83, HEARTS_100])
    services.delete_last_deal(game_id=game.pk, number=2, by=scorer)
    before = snapshot(game)

    with pytest.raises(DealConflict) as conflict:
        record(game, 3, HEARTS_100, scorer)

    assert conflict.value.message == (
        "The list of deals changed meanwhile on another phone. Check the list, then enter deal 2."
    )
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        (hearts(1), "points", "Card points of team A cannot be 1: no card is worth 1 point."),
        (hearts(158), "points", "Card points of team A must be a whole number from 0 to 157."),
        ({"points": {"A": 83}}, "trump", "Choose the trump of this deal."),
        (
            {"trump": "clubs", "points": {"A": 83}, "weis": {"A": 20, "B": 50}},
            "weis",
            "Only the team with the best Weis scores: enter Weis for one team.",
        ),
        (
            {"trump": "obenabe", "points": {"A": 83}, "stoeck": "B"},
            "stoeck",
            "No Stöck in obenabe: there is no trump suit.",
        ),
    ],
)
def test_invalid_entry_saves_nothing(
    make_game: Callable[..., Game], scorer: User, entry: dict[str, Any], field: str, message: str
) -> None:
    game = make_game({}, [SPADES_83])
    before = snapshot(game)

    with pytest.raises(InvalidDeal) as invalid:
        record(game, 2, entry, scorer)

    assert (invalid.value.deal, invalid.value.field, invalid.value.message) == (2, field, message)
    assert snapshot(game) == before
    assert before["game"] == ({"A": 206, "B": 248}, False, "", 1)
    assert before["derived"] == ({"A": [206, 0, 0], "B": [248, 0, 0]}, {"target": 2500})


def test_deal_after_the_end_is_refused(finished_at_3: Game, scorer: User) -> None:
    before = snapshot(finished_at_3)

    with pytest.raises(InvalidDeal) as invalid:
        record(finished_at_3, 4, hearts(50), scorer)

    assert (invalid.value.deal, invalid.value.field, invalid.value.message) == (
        4,
        "game",
        "The game ended with deal 3: no more deals.",
    )
    assert snapshot(finished_at_3) == before
    assert finished_at_3.deals.count() == 3


# ---- edit_deal -----------------------------------------------------------------------------------


def test_edit_rederives_scores_and_totals(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])  # A 306, B 305, revision 2
    new_entry = {"trump": "obenabe", "points": {"B": 100}}

    edited = services.edit_deal(game_id=game.pk, number=1, entry=new_entry, by=scorer, version=1)

    # Deal 1 now obenabe x3: A (157 - 100) x3 = 171, B 100 x3 = 300.
    # Totals: A 171 + 100 = 271, B 300 + 57 = 357.
    assert edited.result.totals == {"A": 271, "B": 357}
    deal = Deal.objects.get(game=game, number=1)
    assert (deal.entry, deal.version, deal.updated_by) == (new_entry, 2, scorer)
    assert score_rows(game) == {(1, "A"): 171, (1, "B"): 300, (2, "A"): 100, (2, "B"): 57}
    assert score_sums(game) == {"A": 271, "B": 357}
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner, game.revision) == ({"A": 271, "B": 357}, False, "", 3)
    change = game.changes.get(action="edited")
    assert (change.deal_number, change.before, change.after, change.by) == (1, SPADES_83, new_entry, scorer)


def test_stale_edit_is_a_conflict_and_changes_nothing(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])
    services.edit_deal(game_id=game.pk, number=2, entry=hearts(90), by=scorer, version=1)  # the other phone
    before = snapshot(game)

    with pytest.raises(DealConflict) as conflict:
        services.edit_deal(game_id=game.pk, number=2, entry=hearts(60), by=scorer, version=1)

    assert conflict.value.message == STALE_EDIT
    assert snapshot(game) == before
    deal = Deal.objects.get(game=game, number=2)
    assert (deal.entry, deal.version) == (hearts(90), 2)
    # A 206 + 90 = 296; B 248 + 67 = 315.
    assert score_sums(game) == {"A": 296, "B": 315}


def test_a_correction_sent_again_is_recognised_not_refused(
    make_game: Callable[..., Game], scorer: User
) -> None:
    """The answer to a correction was lost on the hall's Wi-Fi: the phone sends the same form again."""
    game = make_game({}, [SPADES_83, HEARTS_100])
    token = Deal.objects.get(game=game, number=2).client_token
    services.edit_deal(game_id=game.pk, number=2, entry=hearts(90), by=scorer, version=1, client_token=token)
    before = snapshot(game)

    again = services.edit_deal(
        game_id=game.pk, number=2, entry=hearts(90), by=scorer, version=1, client_token=token
    )

    assert again.repeated and again.result.totals == {"A": 296, "B": 315}  # A 206 + 90, B 248 + 67
    assert snapshot(game) == before
    assert game.changes.filter(action="edited").count() == 1


def test_edit_of_a_deleted_deal_is_a_conflict(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])
    services.delete_last_deal(game_id=game.pk, number=2, by=scorer)
    before = snapshot(game)

    with pytest.raises(DealConflict) as conflict:
        services.edit_deal(game_id=game.pk, number=2, entry=hearts(60), by=scorer, version=1)

    assert conflict.value.message == "Deal 2 no longer exists: it was deleted meanwhile."
    assert snapshot(game) == before


def test_edit_that_ends_the_game_before_later_deals_is_refused(
    make_game: Callable[..., Game], scorer: User
) -> None:
    game = make_game(TARGET_300, [hearts(100), hearts(100), hearts(50)])  # A 250, B 221: running
    before = snapshot(game)
    assert before["game"] == ({"A": 250, "B": 221}, False, "", 3)

    # Deal 2 as obenabe 100 x3 = 300: A 100 + 300 = 400 >= 300 ends the game in deal 2, so deal 3 cannot be.
    with pytest.raises(InvalidDeal) as invalid:
        services.edit_deal(
            game_id=game.pk, number=2, entry={"trump": "obenabe", "points": {"A": 100}}, by=scorer, version=1
        )

    assert (invalid.value.deal, invalid.value.field, invalid.value.message) == (
        3,
        "game",
        "The game ended with deal 2: no more deals.",
    )
    assert snapshot(game) == before


def test_edit_with_an_invalid_entry_changes_nothing(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])
    before = snapshot(game)

    with pytest.raises(InvalidDeal) as invalid:
        services.edit_deal(game_id=game.pk, number=1, entry=hearts(156), by=scorer, version=1)

    assert (invalid.value.deal, invalid.value.field) == (1, "points")
    assert invalid.value.message == "Card points of team A cannot be 156: team B would have 1."
    assert snapshot(game) == before


def test_edit_with_lower_points_reopens_a_finished_game(finished_at_3: Game, scorer: User) -> None:
    services.edit_deal(game_id=finished_at_3.pk, number=3, entry=hearts(90), by=scorer, version=1)

    # A 200 + 90 = 290 < 300; B 114 + 67 = 181.
    finished_at_3.refresh_from_db()
    assert (finished_at_3.totals, finished_at_3.finished, finished_at_3.winner) == (
        {"A": 290, "B": 181},
        False,
        "",
    )
    assert score_sums(finished_at_3) == {"A": 290, "B": 181}

    # Running again, so deal 4 is accepted: A 290 + 10 = 300 wins; B 181 + 147 = 328 also >= 300 with
    # card points, so the table says who got there first.
    recorded = record(finished_at_3, 4, {**hearts(10), "first_out": "A"}, scorer)

    assert (recorded.result.finished, recorded.result.winner) == (True, "A")
    finished_at_3.refresh_from_db()
    assert (finished_at_3.totals, finished_at_3.finished, finished_at_3.winner) == (
        {"A": 300, "B": 328},
        True,
        "A",
    )


# ---- delete_last_deal ----------------------------------------------------------------------------


def test_delete_last_deal_rederives_totals_and_audits(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])  # A 306, B 305, revision 2

    result = services.delete_last_deal(game_id=game.pk, number=2, by=scorer).result

    assert result.totals == {"A": 206, "B": 248}
    assert list(game.deals.values_list("number", flat=True)) == [1]
    assert score_rows(game) == {(1, "A"): 206, (1, "B"): 248}
    game.refresh_from_db()
    assert (game.totals, game.finished, game.winner, game.revision) == ({"A": 206, "B": 248}, False, "", 3)
    change = game.changes.get(action="deleted")
    assert (change.deal_number, change.before, change.after, change.by) == (2, HEARTS_100, None, scorer)

    # The next deal takes the freed number 2: A 206 + 40 = 246, B 248 + 514 = 762.
    record(game, 2, MATCH_B, scorer)
    assert score_sums(game) == {"A": 246, "B": 762}


@pytest.mark.parametrize("number", [1, 3])
def test_only_the_last_deal_can_be_deleted(make_game: Callable[..., Game], scorer: User, number: int) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])
    before = snapshot(game)

    with pytest.raises(DealConflict) as conflict:
        services.delete_last_deal(game_id=game.pk, number=number, by=scorer)

    assert conflict.value.message == (
        f"Deal {number} is no longer the last deal: only the last deal can be deleted."
    )
    assert snapshot(game) == before


def test_a_delete_sent_again_is_recognised_not_refused(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [SPADES_83, HEARTS_100])
    services.delete_last_deal(game_id=game.pk, number=2, by=scorer)
    before = snapshot(game)

    again = services.delete_last_deal(game_id=game.pk, number=2, by=scorer)

    assert again.result.totals == {"A": 206, "B": 248}
    assert again.repeated and [number for number, _ in enumerate(again.deals, start=1)] == [1]
    assert snapshot(game) == before
    assert game.changes.filter(action="deleted").count() == 1
    record(game, 2, MATCH_B, scorer)  # once another deal 2 is entered, an old Delete is a conflict again
    with pytest.raises(DealConflict):
        services.delete_last_deal(game_id=game.pk, number=3, by=scorer)


def test_delete_in_an_empty_game_is_a_conflict(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game()

    with pytest.raises(DealConflict):
        services.delete_last_deal(game_id=game.pk, number=1, by=scorer)

    assert snapshot(game)["game"] == ({"A": 0, "B": 0}, False, "", 0)
    assert not game.changes.exists()


def test_deleting_the_winning_deal_reopens_the_game(finished_at_3: Game, scorer: User) -> None:
    services.delete_last_deal(game_id=finished_at_3.pk, number=3, by=scorer)

    finished_at_3.refresh_from_db()
    # Back to deals 1 and 2: A 200, B 114.
    assert (finished_at_3.totals, finished_at_3.finished, finished_at_3.winner, finished_at_3.revision) == (
        {"A": 200, "B": 114},
        False,
        "",
        4,
    )
    assert score_sums(finished_at_3) == {"A": 200, "B": 114}
    record(finished_at_3, 3, hearts(30), scorer)  # accepted again: A 230, B 241
    assert score_sums(finished_at_3) == {"A": 230, "B": 241}


# ---- Game.state: the engine's state after the last deal, stored by every write ----------------------

# Molotow's state moves with every deal (deals left, each player's sticks and potatoes), so a state stored
# from the wrong deals, or not stored at all, shows.
# Beat 50 highest, Cla 30 lowest: a stick each; Anna 40 and Dora 37 in the middle: a potato each.
MOLOTOW_CLEAR = {"points": {"Anna": 40, "Beat": 50, "Cla": 30, "Dora": 37}}
# Anna 60 highest, Dora 20 lowest: a stick each; Beat 40 and Cla 37: a potato each.
MOLOTOW_OTHER = {"points": {"Anna": 60, "Beat": 40, "Cla": 37, "Dora": 20}}
NOBODY = {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 0}


@pytest.fixture
def molotow(club: Club, players: list[Player], scorer: User) -> Game:
    return services.create_game(club=club, variant="molotow", players=players, settings={}, by=scorer)


def test_create_game_stores_the_state_of_an_empty_game(molotow: Game) -> None:
    """The first deal's form reads it: 12 deals to go (4 players), no sticks, no potatoes."""
    assert stored_state(molotow) == {"deals_left": 12, "sticks": NOBODY, "potatoes": NOBODY}
    assert stored_state(molotow) == engine_state(molotow, [])


def test_every_write_stores_the_state_after_its_last_deal(molotow: Game, scorer: User) -> None:
    recorded = record(molotow, 1, MOLOTOW_CLEAR, scorer)
    assert stored_state(molotow) == engine_state(molotow, [MOLOTOW_CLEAR]) == dict(recorded.result.state)
    assert stored_state(molotow) == {
        "deals_left": 11,
        "sticks": {**NOBODY, "Beat": 1, "Cla": 1},
        "potatoes": {**NOBODY, "Anna": 1, "Dora": 1},
    }

    edited = services.edit_deal(game_id=molotow.pk, number=1, entry=MOLOTOW_OTHER, by=scorer, version=1)
    assert stored_state(molotow) == engine_state(molotow, [MOLOTOW_OTHER]) == dict(edited.result.state)
    assert stored_state(molotow) == {
        "deals_left": 11,
        "sticks": {**NOBODY, "Anna": 1, "Dora": 1},
        "potatoes": {**NOBODY, "Beat": 1, "Cla": 1},
    }

    deleted = services.delete_last_deal(game_id=molotow.pk, number=1, by=scorer)
    assert stored_state(molotow) == engine_state(molotow, []) == dict(deleted.result.state)
    assert stored_state(molotow) == {"deals_left": 12, "sticks": NOBODY, "potatoes": NOBODY}

    restored = services.restore_deal(game_id=molotow.pk, number=1, by=scorer)
    assert stored_state(molotow) == engine_state(molotow, [MOLOTOW_OTHER]) == dict(restored.result.state)
    assert stored_state(molotow)["deals_left"] == 11


def test_a_write_stores_the_state_of_a_game_that_had_none(
    make_game: Callable[..., Game], scorer: User
) -> None:
    """A game from before Game.state was kept (None) gets it with its next write."""
    game = make_game({}, [SPADES_83])
    Game.objects.filter(pk=game.pk).update(state=None)

    record(game, 2, HEARTS_100, scorer)

    assert stored_state(game) == engine_state(game, [SPADES_83, HEARTS_100]) == {"target": 2500}


# ---- the stored scores always add up to the engine's totals --------------------------------------

SUITS = ("hearts", "diamonds", "spades", "clubs")
CARD_POINTS = st.integers(0, 157).filter(lambda points: points not in (1, 156))
WEIS = st.sampled_from([20, 40, 50, 100, 150, 200, 300])


@st.composite
def schieber_entries(draw: st.DrawFn) -> dict[str, Any]:
    """Any valid entry on its own (the finish may still need `first_out`, decided in `playable`)."""
    trump = draw(st.sampled_from((*SUITS, "obenabe", "undenufe")))
    team = draw(st.sampled_from("AB"))
    entry: dict[str, Any] = {"trump": trump}
    if draw(st.integers(0, 9)) == 0:
        entry["match"] = team
    else:
        entry["points"] = {team: draw(CARD_POINTS)}
    weis = draw(st.none() | st.tuples(st.sampled_from("AB"), WEIS))
    if weis:
        entry["weis"] = {weis[0]: weis[1]}
    stoeck = draw(st.sampled_from([None, "A", "B"])) if trump in SUITS else None
    if stoeck:
        entry["stoeck"] = stoeck
    return entry


SEATS = ["Anna", "Beat", "Cla", "Dora"]
PROPERTY_SETTINGS = {"target": 1500}


def playable(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries up to the one that ends the game, with `first_out` added where the engine asks for it."""
    kept: list[dict[str, Any]] = []
    for entry in entries:
        for candidate in (entry, {**entry, "first_out": "A"}, {**entry, "first_out": "B"}):
            try:
                result = rules.score_game("schieber", SEATS, PROPERTY_SETTINGS, [*kept, candidate])
            except InvalidDeal:
                continue
            kept.append(candidate)
            break
        else:
            raise AssertionError(f"no valid form of {entry}")
        if result.finished:
            break
    return kept


def valid_edit(deals: list[dict[str, Any]], index: int, entry: dict[str, Any]) -> dict[str, Any] | None:
    """`entry` (with `first_out` if the engine asks for it) in place of deal `index`, if the game allows."""
    for candidate in (entry, {**entry, "first_out": "A"}, {**entry, "first_out": "B"}):
        try:
            rules.score_game(
                "schieber", SEATS, PROPERTY_SETTINGS, [*deals[:index], candidate, *deals[index + 1 :]]
            )
        except InvalidDeal:
            continue
        return candidate
    return None


def assert_stored_matches_engine(game: Game, deals: list[dict[str, Any]]) -> None:
    expected = rules.score_game("schieber", SEATS, PROPERTY_SETTINGS, deals)
    game.refresh_from_db()
    assert score_sums(game) == game.totals == dict(expected.totals)
    assert (game.finished, game.winner or None) == (expected.finished, expected.winner)
    # each side's matches: the deals whose details name it as the side that made one (Schieber has no apples)
    matches = {side: sum(scored.details["match"] == side for scored in expected.deals) for side in "AB"}
    assert game.side_sums == {side: [expected.totals[side], matches[side], 0] for side in "AB"}
    assert game.state == engine_state(game, deals)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entries=st.lists(schieber_entries(), min_size=1, max_size=10), data=st.data())
def test_stored_scores_sum_to_the_totals(
    club: Club, players: list[Player], scorer: User, entries: list[dict[str, Any]], data: st.DataObject
) -> None:
    game = services.create_game(
        club=club, variant="schieber", players=players, settings=PROPERTY_SETTINGS, by=scorer
    )
    deals = playable(entries)
    for number, entry in enumerate(deals, start=1):
        record(game, number, entry, scorer)
    assert_stored_matches_engine(game, deals)

    # A correction of any deal (when the game still allows it) re-derives every stored score.
    index = data.draw(st.integers(0, len(deals) - 1), label="edited deal index")
    replacement = valid_edit(deals, index, data.draw(schieber_entries(), label="replacement"))
    event("edit accepted" if replacement is not None else "edit refused by the rules")
    if replacement is not None:
        services.edit_deal(game_id=game.pk, number=index + 1, entry=replacement, by=scorer, version=1)
        deals[index] = replacement
        assert_stored_matches_engine(game, deals)

    # Deleting the last deal keeps them equal: the engine's totals of the deals before it.
    services.delete_last_deal(game_id=game.pk, number=len(deals), by=scorer)
    shorter = rules.score_game("schieber", SEATS, PROPERTY_SETTINGS, deals[:-1])
    game.refresh_from_db()
    assert game.totals == dict(shorter.totals)
    assert score_sums(game) == ({} if len(deals) == 1 else dict(shorter.totals))


def test_a_stale_form_never_touches_a_deal_entered_again_under_its_number(
    make_game: Callable[..., Game], scorer: User
) -> None:
    """Deal 2 is deleted and entered again elsewhere (version 1 again): the old page's edit form and
    Delete button name the old deal by its token, so both are refused and the new deal 2 stays."""
    game = make_game(deals=[hearts(100), hearts(80)])
    old_token = game.deals.get(number=2).client_token
    services.delete_last_deal(game_id=game.pk, number=2, by=scorer)
    record(game, 2, hearts(60), scorer)
    before = snapshot(game)

    with pytest.raises(DealConflict) as edit:
        services.edit_deal(
            game_id=game.pk, number=2, entry=hearts(90), by=scorer, version=1, client_token=old_token
        )
    assert edit.value.message == "This deal was changed meanwhile on another phone. Check it and save again."
    with pytest.raises(DealConflict) as delete:
        services.delete_last_deal(game_id=game.pk, number=2, by=scorer, client_token=old_token)
    assert delete.value.message == "Deal 2 was changed meanwhile on another phone: check the list."
    assert snapshot(game) == before
    assert game.deals.get(number=2).entry == hearts(60)
