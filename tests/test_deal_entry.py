"""The Schieber deal form's phone entry on the server: Weis buttons, who dealt (stored beside the rules
entry, audited with it), and Undo of a Delete (services.restore_deal) with its refusals and permissions.

Seats Anna, Beat, Cla, Dora (team A Anna & Cla, team B Beat & Dora); default multipliers: hearts and clubs
x1, spades and diamonds x2, Obenabe and Undenufe x3.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scorekeeper.games import services
from scorekeeper.games.models import Club, Deal, DealChange, Dealing, Game
from scorekeeper.games.selectors import next_dealer
from scorekeeper.games.services import DealConflict
from scorekeeper.rules.base import InvalidDeal
from tests.scored import deal_scores
from tests.test_permissions import (
    PRIVATE_SCORER,
    PUBLIC_SCORER,
    WHO,
    snapshot,
)
from tests.tournaments.builders import confirm, draw, make_event, play, tables
from tournaments.models import Table

HEARTS_83 = {"trump": "hearts", "points": {"A": 83}}
OBENABE_100 = {"trump": "obenabe", "points": {"A": 100}}  # A 300, B 57 x 3 = 171
NOT_AFTER_NEW_DEAL = (
    "Deal 2 cannot be brought back: a deal was entered after it was deleted. Enter it again if it belongs."
)


def html(response: Any) -> str:
    """The page with every run of white space one space: a tag's attributes may be on several lines."""
    return re.sub(r"\s+", " ", response.content.decode())


def owner() -> User:
    return User.objects.get(username="owner")


def posted(game: Game, **fields: Any) -> dict[str, Any]:
    """The Schieber form as the page posts it for the game's next deal: hearts, team A, `fields`."""
    return {
        "number": game.deals.count() + 1,
        "client_token": str(uuid.uuid4()),
        "trump": "hearts",
        "team": "A",
        **fields,
    }


def stored(game: Game) -> list[tuple[int, dict[str, Any], int | None, bool | None]]:
    return list(game.deals.order_by("number").values_list("number", "entry", "dealer_seat", "pushed"))


def scores(game: Game) -> list[tuple[int, str, int]]:
    rows = Deal.objects.filter(game=game).order_by("number").select_related("game")
    return [(deal.number, side, score) for deal in rows for side, score in sorted(deal_scores(deal).items())]


# ---- Weis in one tap ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weis", "entry_weis"),
    [
        ({"weis_b": "50"}, {"B": 50}),  # a button
        ({"weis_a": "other", "weis_a_other": "70"}, {"A": 70}),  # "other", typed beside it
        ({"weis_a": "200", "weis_a_other": "70"}, {"A": 200}),  # a button wins over a left-over "other"
        ({"weis_a": "", "weis_b": ""}, None),  # the "0" buttons
        ({"weis_a": "other", "weis_a_other": ""}, None),  # "other" left blank: none
        ({"weis_b": "70"}, {"B": 70}),  # an older page's number input
    ],
)
def test_the_weis_buttons_post_what_the_engine_takes(
    make_game: Callable[..., Game],
    client_as: Callable[[str | None], Client],
    weis: dict[str, str],
    entry_weis: dict[str, int] | None,
) -> None:
    game = make_game()
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", posted(game, points="83", **weis))
    assert response.status_code == 302
    expected = {**HEARTS_83, **({"weis": entry_weis} if entry_weis else {})}
    assert game.deals.get().entry == expected


def test_a_weis_the_rules_refuse_is_shown_at_its_buttons_and_nothing_is_saved(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    data = posted(game, points="83", weis_a="other", weis_a_other="75")
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", data)
    assert response.status_code == 422
    page = html(response)
    message = "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600."
    assert f'<ul class="errorlist" id="id_weis_a_error"> <li>{message}</li>' in page
    # the refused form keeps what was typed: "other" with its 75, where the focus goes to fix it
    assert 'value="other" data-other="id_weis_a_other" checked aria-describedby="id_weis_a_error"' in page
    assert re.search(
        r'id="id_weis_a_other" value="75"[^>]*aria-invalid="true" aria-describedby="id_weis_a_error"', page
    )
    assert not game.deals.exists()


def test_weis_for_both_teams_puts_the_focus_on_the_first_teams_button(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    data = posted(game, points="83", weis_a="50", weis_b="20")
    page = html(client_as("scorer").post(f"/games/{game.pk}/deals/", data))
    assert 'name="weis_a" value="50" checked aria-invalid="true" aria-describedby="id_weis_a_error"' in page
    assert "Only the team with the best Weis scores: enter Weis for one team." in page
    assert page.count('aria-invalid="true"') == 1
    assert not game.deals.exists()


def test_an_other_weis_that_is_no_number_is_refused_naming_its_field(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    data = posted(game, points="83", weis_b="other", weis_b_other="fünfzig")
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", data, HTTP_X_OUTBOX="1")
    assert response.status_code == 422
    assert json.loads(response.content)["refused"] == "Other Weis of team B: Enter a whole number."
    assert not game.deals.exists()


def test_a_stored_weis_shows_on_its_button_or_as_other(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{**HEARTS_83, "weis": {"A": 150}}, {**HEARTS_83, "weis": {"B": 70}}])
    scorer = client_as("scorer")
    first = html(scorer.get(f"/games/{game.pk}/deals/1/edit/"))
    assert re.search(r'name="weis_a" value="150" checked', first)
    assert re.search(r'name="weis_b" value="" checked', first)
    second = html(scorer.get(f"/games/{game.pk}/deals/2/edit/"))
    assert re.search(r'name="weis_b" value="other" data-other="id_weis_b_other" checked', second)
    assert re.search(r'name="weis_b_other" id="id_weis_b_other" value="70"', second)


# ---- who dealt -------------------------------------------------------------------------------------------


def test_the_dealer_and_a_push_are_stored_beside_the_entry_and_audited(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    data = posted(game, points="83", dealer_seat="3", pushed="on")
    assert client_as("scorer").post(f"/games/{game.pk}/deals/", data).status_code == 302
    assert stored(game) == [(1, HEARTS_83, 3, True)]  # the entry as rules.md has it: no dealer in it
    added = game.changes.get()
    assert (added.after, added.dealing_before, added.dealing_after) == (
        HEARTS_83,
        None,
        {"dealer_seat": 3, "pushed": True},
    )
    # Cla dealt; Dora, next, pushed: her partner Beat announced.
    page = html(client_as("viewer").get(f"/games/{game.pk}/"))
    assert "Cla dealt · Dora pushed to Beat" in page
    history = html(client_as("viewer").get(f"/games/{game.pk}/history/"))
    assert "Cla dealt · Dora pushed to Beat" in history


def test_the_next_deal_is_dealt_by_the_next_seat(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    scorer = client_as("scorer")
    assert 'option value="1" selected>Anna' in html(scorer.get(f"/games/{game.pk}/"))  # seat 1 deals first
    scorer.post(f"/games/{game.pk}/deals/", posted(game, points="83", dealer_seat="4"))
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert 'option value="1" selected>Anna' in page  # after Dora (seat 4): Anna again
    assert "Beat announces" in page
    assert 'data-dealer-for="2"' in page


def test_next_dealer_counts_on_from_the_last_deal_noted() -> None:
    noted, unnoted = Dealing(2, False), Dealing()
    assert next_dealer([], 1, 4) == 1
    assert next_dealer([unnoted, unnoted], 3, 4) == 3  # nothing noted: seat 1 dealt deal 1
    assert next_dealer([noted], 2, 4) == 3
    assert next_dealer([noted, unnoted, unnoted], 4, 4) == 1  # deal 1 seat 2, so deal 4 seat 5 = 1
    assert next_dealer([unnoted, Dealing(4, True)], 3, 4) == 1


def test_the_shape_of_the_next_form_leaves_the_dealer_out(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """The phone moves the dealer on itself: a deal's answer need not carry the next form for it."""
    game = make_game()
    scorer = client_as("scorer")
    shape = re.compile(r'data-shape="([0-9a-f]+)"')
    before = shape.search(html(scorer.get(f"/games/{game.pk}/"))).group(1)
    scorer.post(f"/games/{game.pk}/deals/", posted(game, points="83", dealer_seat="1"))
    after = html(scorer.get(f"/games/{game.pk}/"))
    assert 'option value="2" selected>Beat' in after
    assert shape.search(after).group(1) == before


def test_a_dealer_not_at_the_table_is_refused_naming_the_field(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/", posted(game, points="83", dealer_seat="5"), HTTP_X_OUTBOX="1"
    )
    assert response.status_code == 422
    assert json.loads(response.content)["refused"] == (
        "Dealer: Select a valid choice. 5 is not one of the available choices."
    )
    assert not game.deals.exists()
    with pytest.raises(InvalidDeal) as refused:
        services.record_deal(
            game_id=game.pk,
            entry=HEARTS_83,
            by=owner(),
            number=1,
            client_token=uuid.uuid4(),
            dealing=Dealing(0, False),
        )
    assert (refused.value.field, refused.value.message) == (
        "dealer_seat",
        "The dealer must be one of the 4 seats, counted from 1.",
    )
    assert not game.deals.exists()


def test_a_correction_changes_who_dealt_and_a_page_without_it_keeps_it(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    scorer = client_as("scorer")
    scorer.post(f"/games/{game.pk}/deals/", posted(game, points="83", dealer_seat="1"))
    edit = f"/games/{game.pk}/deals/1/edit/"
    assert 'option value="1" selected>Anna' in html(scorer.get(edit))
    correction = {"number": 1, "version": 1, "trump": "hearts", "team": "A", "points": "83"}
    assert scorer.post(edit, {**correction, "dealer_seat": "2", "pushed": "on"}).status_code == 302
    assert stored(game) == [(1, HEARTS_83, 2, True)]
    changed = game.changes.order_by("-pk").first()
    assert (changed.action, changed.dealing_before, changed.dealing_after) == (
        DealChange.Action.EDITED,
        {"dealer_seat": 1, "pushed": False},
        {"dealer_seat": 2, "pushed": True},
    )
    # an older page posts no dealer at all: what is stored stays
    assert scorer.post(edit, {**correction, "points": "90", "version": 2}).status_code == 302
    assert stored(game) == [(1, {"trump": "hearts", "points": {"A": 90}}, 2, True)]


def test_a_deal_entered_before_dealers_were_noted_can_stay_unnoted(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [HEARTS_83])
    page = html(client_as("scorer").get(f"/games/{game.pk}/deals/1/edit/"))
    assert '<option value="" selected>not noted</option>' in page
    assert "dealt" not in html(client_as("scorer").get(f"/games/{game.pk}/"))


# ---- Undo a Delete --------------------------------------------------------------------------------------


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    """Deal 1 hearts A 83 / B 74 (no dealer noted); deal 2 Obenabe A 300 / B 171, dealt by Beat, pushed."""
    game = make_game({}, [HEARTS_83])
    services.record_deal(
        game_id=game.pk,
        entry=OBENABE_100,
        by=owner(),
        number=2,
        client_token=uuid.uuid4(),
        dealing=Dealing(2, True),
    )
    game.refresh_from_db()
    return game


def delete(client: Client, game: Game, number: int = 2) -> Any:
    return client.post(f"/games/{game.pk}/deals/{number}/delete/")


def undo(client: Client, game: Game, number: int = 2, **headers: str) -> Any:
    return client.post(f"/games/{game.pk}/deals/{number}/restore/", **headers)


def test_undo_brings_the_deleted_deal_back_with_the_same_scores(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    before = (stored(game), scores(game), game.totals)
    assert before[2] == {"A": 383, "B": 245}
    delete(scorer, game)
    game.refresh_from_db()
    assert (game.totals, game.undo_deal) == ({"A": 83, "B": 74}, 2)
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert f'action="/games/{game.pk}/deals/2/restore/" data-outbox="restore" data-number="2"' in page
    assert "Deal 2 deleted." in page

    response = undo(scorer, game, follow=True)
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "Deal 2 is back." in html(response)
    game.refresh_from_db()
    assert (stored(game), scores(game), game.totals) == before
    assert game.undo_deal is None
    assert "/restore/" not in html(response)
    restored = game.changes.order_by("-pk").first()
    assert (restored.action, restored.deal_number, restored.after, restored.dealing_after) == (
        DealChange.Action.RESTORED,
        2,
        OBENABE_100,
        {"dealer_seat": 2, "pushed": True},
    )
    assert restored.by == User.objects.get(username="scorer")
    history = html(scorer.get(f"/games/{game.pk}/history/"))
    assert "Deal 2 brought back (Undo)" in history


def test_undo_after_a_new_deal_is_refused_and_changes_nothing(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    delete(scorer, game)
    scorer.post(f"/games/{game.pk}/deals/", posted(game, points="60"))
    game.refresh_from_db()
    assert game.undo_deal is None
    assert "/restore/" not in html(scorer.get(f"/games/{game.pk}/"))
    before = snapshot()

    refused = undo(scorer, game, follow=True)
    assert NOT_AFTER_NEW_DEAL in html(refused)
    outbox = undo(scorer, game, HTTP_X_OUTBOX="1", HTTP_HX_REQUEST="true")
    assert (outbox.status_code, json.loads(outbox.content)) == (409, {"refused": NOT_AFTER_NEW_DEAL})
    assert snapshot() == before
    assert stored(game)[1][1] == {"trump": "hearts", "points": {"A": 60}}


def test_undo_from_the_outbox_answers_with_what_it_changed(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    delete(scorer, game)
    game.refresh_from_db()
    answer = undo(scorer, game, HTTP_X_OUTBOX="1", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert answer["X-Revision"] == str(game.revision + 1)
    body = html(answer)
    assert '<div class="score" data-total="A">383</div>' in body
    assert '<tr data-deal="2">' in body and "Beat dealt · Cla pushed to Anna" in body
    # sent again (its answer was lost): the deal is not brought back twice
    again = undo(scorer, game, HTTP_X_OUTBOX="1", HTTP_HX_REQUEST="true")
    assert again.status_code == 200
    assert [number for number, *_ in stored(game)] == [1, 2]
    assert game.changes.filter(action=DealChange.Action.RESTORED).count() == 1


@pytest.mark.parametrize(
    ("deleted", "asked", "message"),
    [
        ((), 2, "Deal 2 was not deleted: there is nothing to bring back."),
        ((2, 1), 2, "Only deal 1, the deal deleted last, can be brought back."),
    ],
)
def test_only_the_deal_deleted_last_comes_back(
    game: Game,
    client_as: Callable[[str | None], Client],
    deleted: tuple[int, ...],
    asked: int,
    message: str,
) -> None:
    for number in deleted:
        services.delete_last_deal(game_id=game.pk, number=number, by=owner())
    before = snapshot()
    with pytest.raises(DealConflict) as refused:
        services.restore_deal(game_id=game.pk, number=asked, by=owner())
    assert refused.value.message == message
    assert message in html(undo(client_as("scorer"), game, asked, follow=True))
    assert snapshot() == before


def test_undo_in_a_stopped_game_and_after_the_game_ended_is_refused(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    delete(scorer, game)
    services.abandon_game(game_id=game.pk, by=owner())
    before = snapshot()
    message = "This game was abandoned: resume it to change its deals."
    assert message in html(undo(scorer, game, follow=True))
    assert snapshot() == before
    services.resume_game(game_id=game.pk, by=owner())
    # deal 1 corrected to a match with the target at 2500 still far: then the game is lowered to end
    Game.objects.filter(pk=game.pk).update(settings={"target": 200})
    services.edit_deal(
        game_id=game.pk, number=1, entry={"trump": "hearts", "match": "A"}, by=owner(), version=1
    )
    before = snapshot()
    assert "The game ended with deal 1: no more deals." in html(undo(scorer, game, follow=True))
    assert snapshot() == before


def test_undo_needs_the_csrf_token(game: Game, users: dict[str, User]) -> None:
    services.delete_last_deal(game_id=game.pk, number=2, by=owner())
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["scorer"])
    before = snapshot()
    assert undo(client, game).status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
@pytest.mark.parametrize("who", WHO)
def test_who_may_undo_is_who_may_delete(
    game: Game, club: Club, client_as: Callable[[str | None], Client], who: str, public: bool
) -> None:
    club.is_public = public
    club.save()
    services.delete_last_deal(game_id=game.pk, number=2, by=owner())
    expected = (PUBLIC_SCORER if public else PRIVATE_SCORER)[who]
    before = snapshot()
    response = undo(client_as(None if who == "anonymous" else who), game)
    if expected != "ok":
        if expected == "login":
            assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/deals/2/restore/"
        else:
            assert response.status_code == expected
        assert snapshot() == before
        return
    assert (response.status_code, response["Location"]) == (302, f"/games/{game.pk}/")
    assert [number for number, *_ in stored(game)] == [1, 2]
    game.refresh_from_db()
    assert game.totals == {"A": 383, "B": 245}


def test_who_may_not_delete_is_not_offered_undo(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    services.delete_last_deal(game_id=game.pk, number=2, by=owner())
    assert "/restore/" in html(client_as("scorer").get(f"/games/{game.pk}/"))
    assert "/restore/" not in html(client_as("viewer").get(f"/games/{game.pk}/"))


# ---- at a tournament table -------------------------------------------------------------------------------


def test_a_tables_phone_undoes_its_delete_until_the_table_is_locked(club: Club) -> None:
    """The table's link may delete, so it may undo; once the table is confirmed, neither."""
    table = tables(draw(make_event(club)))[0]
    play(table, 100, 60)  # hearts x1: A 100 / B 57, A 60 / B 97
    phone, token = Client(), table.token
    game = Game.objects.get(pk=table.game_id)
    phone.post(f"/t/{token}/deals/2/delete/")
    assert "/restore/" in html(phone.get(f"/t/{token}/"))
    restored = phone.post(f"/t/{token}/deals/2/restore/")
    assert (restored.status_code, restored["Location"]) == (302, f"/t/{token}/")
    game.refresh_from_db()
    assert (game.totals, [number for number, *_ in stored(game)]) == ({"A": 160, "B": 154}, [1, 2])

    phone.post(f"/t/{token}/deals/2/delete/")
    confirm_table = Table.objects.get(pk=table.pk)
    play(confirm_table, 60)
    confirm(confirm_table)
    before = snapshot()
    refused = phone.post(f"/t/{token}/deals/2/restore/", follow=True)
    assert "This table is confirmed and locked: ask the director for corrections." in html(refused)
    assert snapshot() == before
