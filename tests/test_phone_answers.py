"""What the phone's outbox and poll get from the server: refusals in words at the deal's row, a poll
answered before any session work, the routes that keep a phone working without a network."""

from __future__ import annotations

import html as htmllib
import json
import re
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from scorekeeper.games import live
from scorekeeper.games.models import Club, DealChange, Game
from scorekeeper.games.offline import owner_key
from tests.conftest import play
from tests.tournaments.builders import confirm, draw, make_event, tables

OUTBOX = {"HTTP_HX_REQUEST": "true", "HTTP_X_OUTBOX": "1"}


def deal(number: int, points: str = "83", **extra: Any) -> dict[str, Any]:
    return {
        "number": number,
        "client_token": str(uuid.uuid4()),
        "trump": "hearts",
        "team": "A",
        "points": points,
        **extra,
    }


def poll_url(page: str) -> str:
    return htmllib.unescape(re.search(r'id="poll"[^>]* data-hx-get="([^"]+)"', page).group(1))


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game({}, [{"trump": "spades", "points": {"A": 83}}])


# ---- refusals, in words ---------------------------------------------------------------------------------


def test_a_refused_deal_is_answered_in_words_with_its_form_and_nothing_is_saved(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", deal(2, points="1"), **OUTBOX)
    assert response.status_code == 422
    answer = json.loads(response.content)
    assert answer["refused"] == "Card points of team A cannot be 1: no card is worth 1 point."
    assert 'id="dealform" data-shape="' in answer["form"] and 'aria-invalid="true"' in answer["form"]
    assert game.deals.count() == 1 and DealChange.objects.filter(game=game, deal_number=2).count() == 0


def test_a_deal_number_taken_meanwhile_is_refused_with_the_next_free_one(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", deal(1, points="90"), **OUTBOX)
    assert response.status_code == 409
    assert json.loads(response.content) == {
        "refused": "Deal 1 was entered meanwhile on another phone. Check the list, then enter deal 2.",
        "next": 2,
    }
    assert list(game.deals.values_list("entry", flat=True)) == [{"trump": "spades", "points": {"A": 83}}]


def test_a_deal_under_another_deals_key_is_refused_in_words_and_nothing_is_saved(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    """The outbox's key (client_token) of deal 1, sent with other points: not a retry of deal 1, so
    not "saved" either; 409 as another phone's change, and no other number offered."""
    token = str(game.deals.get().client_token)
    changes = DealChange.objects.count()
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/", {**deal(2, points="90"), "client_token": token}, **OUTBOX
    )
    assert response.status_code == 409
    assert json.loads(response.content) == {
        "refused": "This deal was saved already as deal 1, with other values: nothing new was saved. "
        "Check the list."
    }
    assert list(game.deals.values_list("entry", flat=True)) == [{"trump": "spades", "points": {"A": 83}}]
    assert DealChange.objects.count() == changes


def test_the_same_deal_sent_again_under_its_key_is_answered_saved(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    sent = deal(2, points="90")
    assert scorer.post(f"/games/{game.pk}/deals/", sent, **OUTBOX).status_code == 200
    again = scorer.post(f"/games/{game.pk}/deals/", sent, **OUTBOX)
    assert again.status_code == 200 and again["X-Revision"] == str(game.revision + 1)
    assert game.deals.count() == 2


def test_on_the_plain_page_a_deal_under_another_deals_key_gets_a_key_of_its_own(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    """Without the outbox (the back button to an old form, say): the refusal above the form, the form
    aimed at the next deal under a new key, so a second Enter, once the list is checked, saves it."""
    scorer = client_as("scorer")
    token = str(game.deals.get().client_token)
    refused = scorer.post(f"/games/{game.pk}/deals/", {**deal(1, points="90"), "client_token": token})
    assert refused.status_code == 422
    page = htmllib.unescape(refused.content.decode())
    assert "This deal was saved already as deal 1, with other values: nothing new was saved." in page
    fresh = re.search(r'name="client_token" value="([^"]+)"', page).group(1)
    assert fresh != token
    assert game.deals.count() == 1
    saved = scorer.post(f"/games/{game.pk}/deals/", {**deal(2, points="90"), "client_token": fresh})
    assert saved.status_code == 302 and game.deals.count() == 2


def test_a_stale_correction_and_a_delete_of_a_deal_gone_are_refused_in_words(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    stale = {**deal(1, points="90"), "version": 7}
    edited = scorer.post(f"/games/{game.pk}/deals/1/edit/", stale, **OUTBOX)
    assert edited.status_code == 409 and "changed meanwhile" in json.loads(edited.content)["refused"]
    gone = scorer.post(f"/games/{game.pk}/deals/5/edit/", deal(5), **OUTBOX)
    assert gone.status_code == 409 and json.loads(gone.content) == {"refused": "No such deal."}
    assert game.deals.get().entry == {"trump": "spades", "points": {"A": 83}}


def test_a_correction_through_the_outbox_answers_the_new_list_out_of_band(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    answer = scorer.post(f"/games/{game.pk}/deals/1/edit/", {**deal(1, points="90"), "version": 1}, **OUTBOX)
    assert answer.status_code == 200 and answer["X-Revision"] == "2"
    page = answer.content.decode()
    # hearts x1: A 90, B 67
    assert (
        '<section id="record" data-hx-swap-oob="true">' in page
        and '<div class="score" data-total="A">90</div>' in page
    )
    deleted = scorer.post(f"/games/{game.pk}/deals/1/delete/", {"client_token": ""}, **OUTBOX)
    assert deleted.status_code == 200 and deleted["X-Revision"] == "3" and game.deals.count() == 0


def test_a_refused_csrf_token_is_marked_so_the_phone_fetches_a_fresh_one(
    game: Game, users: dict[str, User]
) -> None:
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(users["scorer"])
    refused = phone.post(f"/games/{game.pk}/deals/", deal(2), **OUTBOX)
    assert refused.status_code == 403 and refused["X-CSRF-Failure"] == "1"
    assert "Not allowed" in refused.content.decode() and game.deals.count() == 1
    token = json.loads(phone.get("/csrf/").content)["token"]
    saved = phone.post(f"/games/{game.pk}/deals/", deal(2), HTTP_X_CSRFTOKEN=token, **OUTBOX)
    assert saved.status_code == 200 and game.deals.count() == 2


# ---- the poll ---------------------------------------------------------------------------------------------


def test_a_forged_or_foreign_poll_stamp_is_never_answered_204(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    """Without a valid stamp the poll goes through the permission check: a stranger learns nothing."""
    page = client_as("viewer").get(f"/games/{game.pk}/").content.decode()
    url = poll_url(page)
    forged = re.sub(r"%3A[^%&]+$", "%3Aforged", url)
    assert client_as(None).get(forged).status_code == 302  # to sign in: a private game
    assert client_as("viewer").get(forged).status_code == 200
    assert client_as("viewer").get(f"/games/{game.pk}/live/?v=game%3A{game.pk}%3A1").status_code == 200


def test_a_table_phone_polls_once_and_reloads_when_the_table_is_locked(
    club: Club, django_assert_num_queries: Any
) -> None:
    first = tables(draw(make_event(club)))[0]
    phone = Client()
    page = phone.get(f"/t/{first.token}/").content.decode()
    assert page.count('data-hx-trigger="every') == 1  # one poll on the page
    url = poll_url(page)
    with django_assert_num_queries(1):
        assert phone.get(url).status_code == 204
    play(Game.objects.get(pk=first.game_id), [{"trump": "hearts", "points": {"A": 100}}] * 2, by=None)
    changed = phone.get(url, HTTP_HX_REQUEST="true").content.decode()
    # the control total
    assert 'id="table-status" class="tp-status" data-quiet data-hx-swap-oob="true"' in changed
    url = poll_url(changed)
    confirm(first)
    assert phone.get(url, HTTP_HX_REQUEST="true")["HX-Refresh"] == "true"


# ---- what a phone keeps ---------------------------------------------------------------------------------


def test_a_scorers_page_may_be_kept_for_its_owner_only(
    game: Game, client_as: Callable[[str | None], Client], users: dict[str, User]
) -> None:
    scorer_page = client_as("scorer").get(f"/games/{game.pk}/")
    assert scorer_page["X-Offline-Page"] == owner_key(users["scorer"])
    assert scorer_page["Cache-Control"] == "private, no-cache"
    assert owner_key(users["scorer"]) != owner_key(users["owner"])
    assert "X-Offline-Page" not in client_as("viewer").get(f"/games/{game.pk}/")  # no deals to keep


def test_a_kept_page_says_when_its_owners_session_ends(
    game: Game, client_as: Callable[[str | None], Client], club: Club
) -> None:
    """The service worker shows no kept copy past X-Offline-Until (sw.js); a table link has no session."""
    scorer = client_as("scorer")
    page = scorer.get(f"/games/{game.pk}/")
    ends = scorer.session.get_expiry_date()  # two weeks from now, as the request's "now" was a moment ago
    assert abs(int(page["X-Offline-Until"]) - ends.timestamp() * 1000) < 5000
    assert 13 * 86400 < ends.timestamp() - time.time() <= 14 * 86400  # Django's two weeks
    table = tables(draw(make_event(club)))[0]
    table_page = Client().get(f"/t/{table.token}/")
    assert table_page["X-Offline-Page"] and "X-Offline-Until" not in table_page


def test_the_expired_copys_page_names_nobody_and_says_what_becomes_of_the_deals(
    client_as: Callable[[str | None], Client],
) -> None:
    page = client_as("scorer").get("/offline/expired/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>This copy has expired</h1>" in html
    assert "Your sign-in has ended, so this phone no longer shows the game it kept" in html
    assert "Deals typed on this phone and not saved yet stay on it: they are sent once you are online" in html
    assert 'href="/accounts/login/"' in html and "scorer" not in html
    assert "X-Offline-Page" not in page  # the page itself is not kept as a game's copy


def test_the_service_worker_is_served_from_the_root(client: Client) -> None:
    response = client.get("/sw.js")
    assert response["Content-Type"] == "text/javascript"
    assert response["Service-Worker-Allowed"] == "/" and response["Cache-Control"] == "no-cache"
    assert b'self.addEventListener("fetch"' in response.content
    assert "no-cache" in client.get("/csrf/")["Cache-Control"]


def test_a_locked_table_is_refused_without_offering_another_number(club: Club) -> None:
    """Only a number taken meanwhile is worth saving again as the next deal; a locked table is not."""
    first = tables(draw(make_event(club)))[0]
    play(Game.objects.get(pk=first.game_id), [{"trump": "hearts", "points": {"A": 100}}] * 2, by=None)
    confirm(first)
    refused = Client().post(f"/t/{first.token}/deals/", deal(3), **OUTBOX)
    assert refused.status_code == 409 and "next" not in json.loads(refused.content)


def test_an_old_poll_stamp_goes_through_the_access_check(
    game: Game, client_as: Callable[[str | None], Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stamp older than an hour is not answered 204 on its word: a stranger is sent to sign in."""
    url = poll_url(client_as("viewer").get(f"/games/{game.pk}/").content.decode())
    assert client_as(None).get(url).status_code == 204
    monkeypatch.setattr(live, "MAX_AGE_S", -1)
    assert client_as(None).get(url).status_code == 302
    assert client_as("viewer").get(url).status_code == 200  # with a fresh stamp in it


def test_every_page_names_its_owner_for_the_service_worker(
    game: Game, client_as: Callable[[str | None], Client], users: dict[str, User]
) -> None:
    assert client_as("viewer").get("/")["X-Offline-Owner"] == owner_key(users["viewer"])
    assert client_as(None).get("/")["X-Offline-Owner"] == owner_key(AnonymousUser())
    assert "X-Offline-Owner" not in client_as(None).get("/csrf/")  # not a page


def test_a_poll_failing_says_the_live_updates_are_paused(client: Client, db: None) -> None:
    page = client.get("/").content.decode()
    assert 'data-live="Live updates paused: no connection to the server.' in page


@pytest.mark.parametrize("number", ["²", "٣", "9" * 5000])
def test_a_preview_with_an_odd_deal_number_is_no_server_error(
    game: Game, client_as: Callable[[str | None], Client], number: str
) -> None:
    """A superscript or Arabic-Indic digit passes str.isdigit() but not int(): found by the form fuzzer."""
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/preview/", {**deal(2), "number": number}, **OUTBOX
    )
    assert response.status_code == 200 and game.deals.count() == 1


def record_of(page: str) -> str:
    """The list of deals and the totals, as a page or an out-of-band answer shows them."""
    sections = re.findall(r'<section id="(?:record|standing)"[^>]*>(.*?)</section>', page, flags=re.S)
    assert len(sections) == 2, page
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", "".join(sections))  # masked anew each time


def reads_after_the_write(queries: Any) -> list[str]:
    """The statements after the write's audit row: the answer's own reads of the game, if any."""
    statements = [query["sql"] for query in queries.captured_queries]
    audit = max(i for i, sql in enumerate(statements) if sql.startswith("INSERT") and "dealchange" in sql)
    return [
        sql for sql in statements[audit + 1 :] if sql.startswith("SELECT") and '"scorekeeper_deal"' in sql
    ]


def test_a_correction_and_a_delete_answer_from_the_write_without_reading_the_deals_again(
    game: Game, client_as: Callable[[str | None], Client], django_assert_max_num_queries: Any
) -> None:
    """The answer's board is built from the service's deals and result (nothing read or scored again),
    and shows exactly what a fresh read of the page shows."""
    scorer = client_as("scorer")
    play(game, [{"trump": "hearts", "points": {"A": 100}}], by=User.objects.get(username="owner"))
    with django_assert_max_num_queries(16) as queries:
        answer = scorer.post(
            f"/games/{game.pk}/deals/1/edit/", {**deal(1, points="90"), "version": 1}, **OUTBOX
        )
    assert answer.status_code == 200 and answer["X-Revision"] == "3"
    assert reads_after_the_write(queries) == []
    assert record_of(answer.content.decode()) == record_of(scorer.get(f"/games/{game.pk}/").content.decode())

    with django_assert_max_num_queries(16) as queries:
        deleted = scorer.post(f"/games/{game.pk}/deals/2/delete/", {"client_token": ""}, **OUTBOX)
    assert deleted.status_code == 200 and deleted["X-Revision"] == "4"
    assert reads_after_the_write(queries) == []
    assert record_of(deleted.content.decode()) == record_of(scorer.get(f"/games/{game.pk}/").content.decode())
