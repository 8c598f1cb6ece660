"""The phone at the table on a real network: offline, flaky, refused. Nothing typed is ever lost.

The phone reaches the server through a relay the test cuts (tests/browser/relay.py) as well as through
Chromium's offline emulation, so "offline" really is offline. Each Schieber deal is hearts x1 with
team A's card points typed: team B gets 157 minus them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.core.signals import request_started
from django.utils import timezone
from playwright.sync_api import Dialog, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from tests.browser.relay import Relay
from tests.browser.steps import screenshot, sign_in
from tests.conftest import play
from tests.tournaments.builders import draw, make_event, tables

pytestmark = pytest.mark.browser
SAVED = "✓ All saved"


@pytest.fixture
def relay(live_server: LiveServer) -> Iterator[Relay]:
    port = int(live_server.url.rsplit(":", 1)[1])
    relay = Relay(port)
    yield relay
    relay.close()


@pytest.fixture
def game(club: Club, players: list[Player]) -> Game:
    owner = User.objects.get(username="owner")
    return services.create_game(club=club, variant="schieber", players=players, settings={}, by=owner)


def open_game(page: Page, base: str, game: Game) -> None:
    sign_in(page, base, "scorer")
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#outbox")).to_have_text(SAVED)


def type_deal(page: Page, number: int, points_a: int) -> None:
    """Hearts, team A's card points, Enter: the row is on the list at once, saved or not."""
    expect(page.locator("#dealform h2")).to_have_text(f"Deal {number}")
    page.locator("#dealform label.choice").filter(has_text="Rosen").click()
    page.locator("#dealform input[name=points]").fill(str(points_a))
    page.locator("#dealform input[name=points]").press("Enter")
    typed = f'#deals tr[data-deal="{number}"], #deals tr[data-outbox]:has(td:first-child:text-is("{number}"))'
    expect(page.locator(typed).first).to_be_visible()  # not saved yet, or saved already


def requests_to_the_server() -> list[object]:
    """Every request the live server begins from now on (the test's own signal receiver)."""
    seen: list[object] = []

    def count(sender: object, **kwargs: object) -> None:
        seen.append(kwargs.get("environ", {}).get("PATH_INFO"))  # type: ignore[union-attr]

    request_started.connect(count, weak=False, dispatch_uid="offline-test")
    return seen


@pytest.fixture(autouse=True)
def _stop_counting() -> Iterator[None]:
    yield
    request_started.disconnect(dispatch_uid="offline-test")


def stored(game: Game) -> list[tuple[int, dict]]:
    return list(game.deals.order_by("number").values_list("number", "entry"))


def hearts(points_a: int) -> dict:
    return {"trump": "hearts", "points": {"A": points_a}}


def go_offline(page: Page, relay: Relay) -> None:
    page.context.set_offline(True)
    relay.go_offline()


def go_online(page: Page, relay: Relay) -> None:
    relay.go_online()
    page.context.set_offline(False)


# ---- (a) offline, a reload, back online ---------------------------------------------------------------


def test_deals_typed_offline_survive_a_reload_and_are_saved_once_in_order(
    new_page: Callable[..., Page], relay: Relay, game: Game
) -> None:
    page = new_page()
    open_game(page, relay.url, game)
    # The service worker takes this page over; loaded under it once, the page is kept for offline use.
    page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)")
    page.reload()
    expect(page.locator("#outbox")).to_have_text(SAVED)

    go_offline(page, relay)
    reached = requests_to_the_server()
    typed = [83, 100, 60, 97, 120]
    for number, points in enumerate(typed, start=1):
        type_deal(page, number, points)
    banner = page.locator("#outbox")
    expect(banner).to_contain_text("5 deals not saved yet: no network")
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(5)
    screenshot(page, "offline-pending-390")

    page.reload()  # still offline: the service worker shows the kept page, the outbox its deals
    expect(page.locator("h1")).to_contain_text("Schieber")
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(5)
    expect(banner).to_contain_text("5 deals not saved yet")
    expect(page.locator("#dealform h2")).to_have_text("Deal 6")
    assert stored(game) == []
    assert reached == []  # not one request reached the server while offline

    request_started.disconnect(dispatch_uid="offline-test")
    go_online(page, relay)
    expect(banner).to_have_text(SAVED, timeout=20_000)
    assert stored(game) == [(n, hearts(p)) for n, p in enumerate(typed, start=1)]
    expect(page.locator("#deals tr[data-deal]")).to_have_count(5)
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(0)
    # A 83 + 100 + 60 + 97 + 120 = 460; B 5 x 157 - 460 = 325.
    expect(page.locator('[data-total="A"]')).to_have_text("460")
    expect(page.locator('[data-total="B"]')).to_have_text("325")


# ---- (b) a flaky network --------------------------------------------------------------------------------


def test_one_post_in_three_lost_or_failed_still_saves_every_deal_once(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    """Every third post is dropped before the server sees it, or saved there and answered 500 (the
    answer lost): the outbox sends again with the same key, and the server recognises it."""
    page = new_page(service_workers="block")  # so that page.route sees every request
    open_game(page, live_server.url, game)
    posts = {"n": 0}

    def flaky(route: Route) -> None:
        posts["n"] += 1
        if posts["n"] % 6 == 3:
            route.abort("connectionreset")
        elif posts["n"] % 6 == 0:
            route.fetch()  # the server saves the deal ...
            route.fulfill(status=500, body="lost")  # ... and the phone never hears it
        else:
            route.continue_()

    page.route(re.compile(r"/deals/$"), flaky)
    typed = [83, 100, 60, 97, 120, 157]
    for number, points in enumerate(typed, start=1):
        type_deal(page, number, points)
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=30_000)
    assert posts["n"] >= 8  # two dropped, two answered 500, each sent again
    assert stored(game) == [(n, hearts(p)) for n, p in enumerate(typed, start=1)]


# ---- (c) a 403 and a 500 say so and keep what was typed ----------------------------------------------


def test_a_server_error_and_an_expired_token_say_so_and_keep_the_deal(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    page = new_page(service_workers="block")
    open_game(page, live_server.url, game)
    answers = iter([500, 403])

    def failing(route: Route) -> None:
        status = next(answers, None)
        if status == 500:
            route.fulfill(status=500, body="boom")
        elif status == 403:
            route.fulfill(status=403, body="CSRF", headers={"X-CSRF-Failure": "1"})
        else:
            route.continue_()

    page.route(re.compile(r"/deals/$"), failing)
    type_deal(page, 1, 83)
    banner = page.locator("#outbox")
    expect(banner).to_contain_text("1 deal not saved yet: the server did not answer")
    expect(page.locator("#deals tr[data-outbox]")).to_contain_text("not saved yet")
    screenshot(page, "offline-server-error-390")
    # The retry gets a 403 for its CSRF token: the outbox fetches a fresh one and sends again.
    expect(banner).to_have_text(SAVED, timeout=20_000)
    assert stored(game) == [(1, hearts(83))]

    # Any other htmx request that fails says so and leaves the form as it was: the new-game form.
    page.goto(f"{live_server.url}/clubs/zuerich/games/new/")
    page.route(re.compile(r"/games/new/\?"), lambda route: route.fulfill(status=500, body="boom"))
    page.get_by_label("Variant").select_option("coiffeur")
    status = page.locator("#request-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("The server had a problem: nothing was saved.")
    expect(page.get_by_label("Variant")).to_have_value("coiffeur")
    page.unroute(re.compile(r"/games/new/\?"))
    page.route(re.compile(r"/games/new/\?"), lambda route: route.fulfill(status=403, body="no"))
    page.get_by_label("Variant").select_option("molotow")
    expect(status).to_contain_text("Not allowed")
    expect(page.get_by_label("Variant")).to_have_value("molotow")


# ---- (d) two phones, one offline, the same deal number ------------------------------------------------


def test_the_same_deal_typed_on_an_offline_phone_is_refused_at_its_row_and_kept(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    first = new_page(service_workers="block")
    open_game(first, live_server.url, game)
    second_relay = Relay(int(live_server.url.rsplit(":", 1)[1]))
    try:
        second = new_page(service_workers="block")
        open_game(second, second_relay.url, game)
        go_offline(second, second_relay)
        type_deal(second, 1, 90)  # typed offline: deal 1 as this phone last saw the game

        type_deal(first, 1, 83)  # the other phone saves deal 1 meanwhile
        expect(first.locator("#outbox")).to_have_text(SAVED)

        go_online(second, second_relay)
        row = second.locator("#deals tr[data-outbox]")
        expect(row).to_contain_text("Deal 1 was entered meanwhile on another phone.")
        expect(second.locator("#outbox")).to_contain_text("deal 1 was refused: fix or discard it")
        screenshot(second, "offline-refused-row-390")
        assert stored(game) == [(1, hearts(83))]

        second.reload()  # kept: still there, still refused
        expect(row).to_contain_text("Deal 1 was entered meanwhile on another phone.")
        second.get_by_role("button", name="Save as deal 2").click()
        expect(second.locator("#outbox")).to_have_text(SAVED)
        assert stored(game) == [(1, hearts(83)), (2, hearts(90))]
    finally:
        second_relay.close()


def test_a_refused_deal_can_be_discarded_and_the_next_ones_move_up(
    new_page: Callable[..., Page], live_server: LiveServer, club: Club, players: list[Player]
) -> None:
    """Deal 1 is refused (card points 1 cannot be): discarded, the deal typed after it becomes deal 1."""
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="schieber", players=players, settings={}, by=owner)
    play(game, [], by=owner)
    page = new_page(service_workers="block")
    open_game(page, live_server.url, game)
    page.context.set_offline(True)
    type_deal(page, 1, 1)
    type_deal(page, 2, 100)
    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_contain_text("deal 1 was refused")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#deals tr[data-outbox]").filter(has_text="cannot be 1").get_by_role(
        "button", name="Discard"
    ).click()
    expect(page.locator("#outbox")).to_have_text(SAVED)
    assert stored(game) == [(1, hearts(100))]


# ---- one preview per deal, and a sign-out that forgets ---------------------------------------------------


def test_a_deal_costs_one_preview_and_one_post(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    """A trump tapped on an empty form and the Enter that saves send no preview of their own."""
    page = new_page(service_workers="block")
    open_game(page, live_server.url, game)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)
    page.locator("#dealform label.choice").filter(has_text="Rosen").click()
    page.wait_for_timeout(400)  # longer than the preview's 150 ms pause: nothing is asked
    assert sent == []
    page.locator("#dealform input[name=points]").press_sequentially("83")
    expect(page.locator("#preview")).to_contain_text("74")
    page.locator("#dealform input[name=points]").press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    page.wait_for_timeout(400)
    assert [url.rsplit("/games/", 1)[1] for url in sent] == [f"{game.pk}/deals/preview/", f"{game.pk}/deals/"]


def test_signing_out_forgets_the_kept_pages(new_page: Callable[..., Page], relay: Relay, game: Game) -> None:
    page = new_page()
    open_game(page, relay.url, game)
    page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)")
    page.reload()
    assert page.evaluate("() => caches.has('jass-pages-v1')")
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator(".topbar").get_by_role("link", name="Sign in")).to_be_visible()
    assert not page.evaluate("() => caches.has('jass-pages-v1')")


def test_after_a_delete_the_next_deal_takes_the_deleted_number(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    play(game, [hearts(83), hearts(100)], by=User.objects.get(username="owner"))
    page = new_page(service_workers="block")
    open_game(page, live_server.url, game)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete deal 2").click()
    expect(page.locator("#outbox")).to_have_text(f"{SAVED} · Deal 2 deleted.")
    expect(page.locator("#dealform h2")).to_have_text("Deal 2")
    type_deal(page, 2, 60)
    expect(page.locator("#outbox")).to_have_text(SAVED)
    assert stored(game) == [(1, hearts(83)), (2, hearts(60))]


def test_a_correction_page_keeps_its_form_while_other_deals_are_sent(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    """Deal 2 typed offline waits; the correction page of deal 1 opens, online: deal 2 is sent from
    there, and the correction form stays a correction, saved as one."""
    play(game, [hearts(83)], by=User.objects.get(username="owner"))
    page = new_page(service_workers="block")
    open_game(page, live_server.url, game)
    page.context.set_offline(True)
    type_deal(page, 2, 100)
    page.context.set_offline(False)
    page.goto(f"{live_server.url}/games/{game.pk}/deals/1/edit/")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect(page.locator("#dealform h2")).to_have_text("Correct deal 1")
    page.locator("#dealform input[name=points]").fill("90")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_have_text(f"{SAVED} · Deal 1 corrected.")
    assert stored(game) == [(1, hearts(90)), (2, hearts(100))]


def test_a_saved_correction_goes_back_to_the_game_while_another_waits_to_be_fixed(
    new_page: Callable[..., Page], live_server: LiveServer, game: Game
) -> None:
    """Issue 13, point 19: a correction of deal 2 refused (156 leaves team B 1 point) waits at its row; a
    correction of deal 1 saved afterwards goes back to the game page, the address too: only its own
    refusal keeps a correction page open."""
    play(game, [hearts(83), hearts(100)], by=User.objects.get(username="owner"))
    page = new_page(service_workers="block")
    open_game(page, live_server.url, game)
    page.goto(f"{live_server.url}/games/{game.pk}/deals/2/edit/")
    page.locator("#dealform input[name=points]").fill("156")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_contain_text("deal 2 was refused")
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/deals/2/edit/")
    page.goto(f"{live_server.url}/games/{game.pk}/deals/1/edit/")
    page.locator("#dealform input[name=points]").fill("90")
    page.get_by_role("button", name="Save correction").click()
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#dealform h2")).to_have_text("Deal 3")
    expect(page.locator('#deals tr[data-deal="2"]')).to_contain_text("team B would have 1")
    screenshot(page, "correction-back-to-the-game-390")


def test_a_table_phone_keeps_its_deals_offline_too(
    new_page: Callable[..., Page], relay: Relay, club: Club
) -> None:
    """A tournament table's link, no account: two deals typed with the network cut, saved once back."""
    table = tables(draw(make_event(club)))[0]
    page = new_page()
    page.goto(f"{relay.url}/t/{table.token}/")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    go_offline(page, relay)
    type_deal(page, 1, 100)
    type_deal(page, 2, 60)
    expect(page.locator("#outbox")).to_contain_text("2 deals not saved yet: no network")
    go_online(page, relay)
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=20_000)
    deals = Game.objects.get(pk=table.game_id).deals.order_by("number").values_list("number", "entry")
    assert list(deals) == [(1, hearts(100)), (2, hearts(60))]
    expect(page.locator('[data-control="entered"]')).to_have_text("314")  # the status panel followed


def test_differenzler_predictions_said_offline_go_with_the_deal(
    new_page: Callable[..., Page], relay: Relay, club: Club, players: list[Player]
) -> None:
    """ "Save predictions" finds no network: the form keeps them, says they are not saved yet, and asks
    for the card points; the deal carries both once the network is back. Penalties: Anna |37 - 40| = 3,
    Beat 0, Cla |70 - 60| = 10, Dora 0."""
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="differenzler", players=players, settings={}, by=owner)
    page = new_page()
    open_game(page, relay.url, game)
    go_offline(page, relay)
    page.locator("#dealform .trumps label.choice").filter(has_text="Rosen").click()
    for name, said in zip(("Anna", "Beat", "Cla", "Dora"), (40, 0, 60, 50), strict=True):
        page.get_by_label(f"{name}: prediction").fill(str(said))
    page.get_by_role("button", name="Save predictions").click()
    expect(page.locator("[data-on-phone]")).to_have_text(
        re.compile(r"^\s*No network: the predictions are kept on this phone\.")
    )
    expect(page.get_by_role("button", name="Save predictions")).to_have_count(0)
    expect(page.get_by_label("Anna: card points")).to_be_focused()
    expect(page.locator("#outbox")).to_have_text(
        "Predictions not saved yet: no network; they stay on this phone and are saved with the deal"
    )
    expect(page.locator("#request-status")).to_be_hidden()  # no "try again": it went on without one
    screenshot(page, "differenzler-predictions-offline-390")
    game.refresh_from_db()
    assert game.pending_entry == {}  # the server has not heard them

    for name, taken in zip(("Anna", "Beat", "Cla", "Dora"), (37, 0, 70, 50), strict=True):
        page.get_by_label(f"{name}: card points").fill(str(taken))
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_contain_text("1 deal not saved yet: no network")
    row = page.locator("#deals tr[data-outbox]")
    expect(row).to_contain_text("Anna: prediction 40")  # the player's name, not the input's
    expect(page.get_by_role("button", name="Save predictions")).to_be_visible()  # the next deal asks again
    go_online(page, relay)
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=20_000)
    assert stored(game) == [
        (
            1,
            {
                "trump": "hearts",
                "predictions": {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50},
                "points": {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50},
            },
        )
    ]
    expect(page.locator('[data-total="Cla"]')).to_have_text("10")


# ---- issue 19: the kept page, what the totals stand on, a discard that empties the form --------------------


def kept_copy(page: Page, until: str) -> str:
    """The game page as the service worker would show it without a network, once it contains `until`
    (spaces left out) and says it was made on the phone for this page's owner."""
    deadline = time.monotonic() + 10
    while True:
        kept = page.evaluate(
            """async () => {
                const kept = await (await caches.open("jass-pages-v1")).match(location.href.split("?")[0]);
                const owner = document.querySelector("#outbox").dataset.owner;
                const made = kept && kept.headers.get("X-Offline-Kept") === "page";
                return made && kept.headers.get("X-Offline-Page") === owner ? await kept.text() : "";
            }"""
        )
        if until in kept.replace(" ", "") or time.monotonic() > deadline:
            assert until in kept.replace(" ", ""), f"the kept copy never had {until!r}"
            return kept
        page.wait_for_timeout(100)


def dealers(game: Game) -> list[int | None]:
    return list(game.deals.order_by("number").values_list("dealer_seat", flat=True))


def test_the_kept_page_has_every_deal_saved_and_the_right_dealer_after_a_reload_offline(
    new_page: Callable[..., Page], relay: Relay, game: Game
) -> None:
    """Deal 1 saved online (Cla dealt it), then two deals typed with the network cut, then a reload: the
    kept page is the one after deal 1, not the one first loaded. Team A 100, team B 157 - 100 = 57.
    Cla deals deal 1 (seat 3), so Dora deal 2, Anna deal 3 and Beat deal 4; the page first loaded
    said Anna for deal 1, from which deal 4 would have been Dora's."""
    page = new_page()
    open_game(page, relay.url, game)
    page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)")
    page.reload()
    banner = page.locator("#outbox")
    expect(banner).to_have_text(SAVED)
    dealer = page.locator("#dealform select[name=dealer_seat]")
    dealer.select_option(label="Cla")
    type_deal(page, 1, 100)
    expect(banner).to_have_text(SAVED)
    expect(page.locator('[data-total="A"]')).to_have_text("100")
    expect(dealer.locator("option:checked")).to_have_text("Dora")
    # kept at once, from the page itself: deal 1 in it, the next deal's dealer, nothing the outbox paints
    kept = kept_copy(page, until='data-total="A">100<')
    assert 'data-deal="1"' in kept
    assert 'data-dealer-for="2"' in kept
    assert re.search(r'<option value="4" selected(="")?>Dora</option>', kept)
    assert "data-outbox=" not in kept.replace('data-outbox="add"', "").replace('data-outbox="delete"', "")
    assert "htmx-settling" not in kept and "htmx-added" not in kept

    go_offline(page, relay)
    reached = requests_to_the_server()
    type_deal(page, 2, 83)
    type_deal(page, 3, 60)
    expect(banner).to_contain_text("2 deals not saved yet: no network")
    expect(dealer.locator("option:checked")).to_have_text("Beat")

    page.reload()  # the network still cut: the kept copy, and the outbox's two deals on it
    expect(page.locator("h1")).to_contain_text("Schieber")
    expect(page.locator('#deals tr[data-deal="1"]')).to_contain_text("Cla dealt")
    expect(page.locator('[data-total="A"]')).to_have_text("100")
    expect(page.locator('[data-total="B"]')).to_have_text("57")
    waiting = page.locator("#deals tr[data-outbox]")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("not saved yet")
    expect(waiting.nth(1)).to_contain_text("not saved yet")
    expect(waiting.nth(0).locator("td").first).to_have_text("3")  # the latest on top, as saved rows are
    expect(waiting.nth(1).locator("td").first).to_have_text("2")
    expect(banner).to_contain_text("2 deals not saved yet")
    expect(page.locator("#dealform h2")).to_have_text("Deal 4")
    expect(dealer.locator("option:checked")).to_have_text("Beat")
    expect(page.locator(".turn .announcer")).to_contain_text("Cla")  # the seat after Beat announces
    expect(page.locator("[data-totals-basis]")).to_have_text("Totals as of deal 1; 2 deals waiting")
    screenshot(page, "offline-kept-page-390")
    assert reached == []  # the reload and everything on it came from the phone
    assert stored(game) == [(1, hearts(100))]

    request_started.disconnect(dispatch_uid="offline-test")
    go_online(page, relay)
    expect(banner).to_have_text(SAVED, timeout=20_000)
    assert stored(game) == [(1, hearts(100)), (2, hearts(83)), (3, hearts(60))]
    assert dealers(game) == [3, 4, 1]
    expect(page.locator("#deals tr[data-deal]")).to_have_count(3)
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(0)
    expect(page.locator("[data-totals-basis]")).to_have_text(SAVED)
    # A 100 + 83 + 60 = 243; B 3 x 157 - 243 = 228.
    expect(page.locator('[data-total="A"]')).to_have_text("243")
    expect(page.locator('[data-total="B"]')).to_have_text("228")
    expect(page.locator("#dealform h2")).to_have_text("Deal 4")
    expect(dealer.locator("option:checked")).to_have_text("Beat")


def test_while_deals_wait_the_totals_say_what_they_stand_on_and_the_rows_what_was_typed(
    new_page: Callable[..., Page], relay: Relay, game: Game
) -> None:
    page = new_page()
    open_game(page, relay.url, game)
    go_offline(page, relay)
    basis = page.locator("[data-totals-basis]")  # in the score bar (game.html): the banner's truth in sight
    expect(basis).to_have_count(1)
    expect(basis).to_have_text(SAVED)  # nothing waits yet
    expect(basis).to_have_class(re.compile(r"\bsaved\b"))
    type_deal(page, 1, 83)
    expect(basis).to_be_visible()
    expect(basis).to_have_text("No deal saved yet; 1 deal waiting")
    expect(basis).not_to_have_class(re.compile(r"\bsaved\b"))
    type_deal(page, 2, 100)
    expect(basis).to_have_text("No deal saved yet; 2 deals waiting")
    rows = page.locator("#deals tr[data-outbox]")
    for row, points in zip((rows.nth(1), rows.nth(0)), (83, 100), strict=True):
        typed = row.locator("td").nth(1).locator(".outbox-typed")
        expect(typed).to_contain_text("Rosen")
        expect(typed).to_contain_text(f"Card points {points}")
        # the sides' cells claim nothing: empty on the screen, "not counted yet" to a screen reader
        for side in (row.locator("td").nth(2), row.locator("td").nth(3)):
            expect(side).to_have_text("not counted yet")
            expect(side.locator(".sr-only")).to_have_text("not counted yet")
    expect(page.locator('[data-total="A"]')).to_have_text("0")
    screenshot(page, "offline-totals-basis-390")

    go_online(page, relay)
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=20_000)
    assert stored(game) == [(1, hearts(83)), (2, hearts(100))]
    expect(basis).to_have_text(SAVED)


def test_the_score_bar_says_what_waits_even_if_the_kept_copys_module_never_arrived(
    new_page: Callable[..., Page], relay: Relay, game: Game
) -> None:
    """keep.js is loaded after the page (its kept copy): a network cut before it arrives must not leave
    the score bar's basis empty while a deal waits (the words are the outbox's own, basis.js)."""
    page = new_page(service_workers="block")
    page.route(re.compile(r"/keep(\.[0-9a-f]+)?\.js$"), lambda route: route.abort())
    open_game(page, relay.url, game)
    go_offline(page, relay)
    type_deal(page, 1, 83)
    expect(page.locator("[data-totals-basis]")).to_have_text("No deal saved yet; 1 deal waiting")
    expect(page.locator("[data-totals-basis]")).to_be_visible()


def test_discarding_a_refused_deal_being_fixed_leaves_the_next_deals_blank_form(
    new_page: Callable[..., Page], relay: Relay, game: Game
) -> None:
    """Deal 1 (card points 1: cannot be) is refused and comes back into the form to fix; deal 2 waits
    behind it. Discarded, deal 2 becomes deal 1 and is saved, and the form is deal 2's, blank."""
    page = new_page(service_workers="block")
    open_game(page, relay.url, game)
    go_offline(page, relay)
    type_deal(page, 1, 1)
    type_deal(page, 2, 100)
    go_online(page, relay)
    expect(page.locator("#outbox")).to_contain_text("deal 1 was refused")
    form = page.locator("#dealform")
    points = form.locator("input[name=points]")
    expect(form.locator("h2")).to_have_text("Deal 1")  # the refused deal, in the form to fix
    expect(points).to_have_value("1")
    expect(form.locator("input[name=trump]:checked")).to_have_value("hearts")
    dialogs: list[str] = []

    def answer(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    page.locator("#deals tr[data-outbox]").filter(has_text="cannot be 1").get_by_role(
        "button", name="Discard"
    ).click()
    expect(page.locator("#outbox")).to_have_text(SAVED)
    assert dialogs == ["Discard deal 1? It will not be saved."]
    assert stored(game) == [(1, hearts(100))]
    expect(form.locator("h2")).to_have_text("Deal 2")
    expect(form.get_by_role("button", name="Save deal 2")).to_be_visible()
    expect(form.locator("input[name=number]")).to_have_value("2")
    expect(points).to_have_value("")
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)
    expect(form.locator(".form-errors, .errorlist, [aria-invalid=true]")).to_have_count(0)
    expect(points).to_be_focused()
    type_deal(page, 2, 60)  # the form works on as the next deal's
    expect(page.locator("#outbox")).to_have_text(SAVED)
    assert stored(game) == [(1, hearts(100)), (2, hearts(60))]


def test_coiffeur_deals_typed_offline_take_turns_to_announce(
    new_page: Callable[..., Page], relay: Relay, club: Club, players: list[Player]
) -> None:
    """With no network no answer brings the next form, yet the next deal offers the other team, also after
    a reload (the kept page follows deal 1, the outbox's deal 2 says who is next): A online, then B and A
    typed offline; back online the three deals are stored once, with the teams the form offered."""
    owner = User.objects.get(username="owner")
    coiffeur = services.create_game(club=club, variant="coiffeur", players=players, settings={}, by=owner)
    page = new_page(base_url=relay.url)
    sign_in(page, relay.url, "scorer")
    page.goto(f"{relay.url}/games/{coiffeur.pk}/")
    page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)")
    page.reload()
    expect(page.locator("#outbox")).to_have_text(SAVED)
    team = page.locator("#dealform fieldset[data-takes-turns] input[name=team]:checked")
    rows = page.locator("#dealform fieldset").filter(has=page.locator("legend", has_text="Row"))

    def type_coiffeur(number: int, offered: str, row: str) -> None:
        expect(page.locator("#dealform h2")).to_have_text(f"Deal {number}")
        expect(team).to_have_value(offered)
        rows.locator("label.choice:visible").filter(has_text=row).first.click()
        page.locator("#dealform input[name=points]").fill("50")
        page.locator("#dealform input[name=points]").press("Enter")

    type_coiffeur(1, "A", "Rosen")
    expect(page.locator('#deals tr[data-deal="1"]')).to_be_visible()
    expect(page.locator("#outbox")).to_have_text(SAVED)
    kept_copy(page, until='data-deal="1"')
    go_offline(page, relay)
    type_coiffeur(2, "B", "Rosen")
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(1)
    page.reload()  # the network still cut: the kept page drew the form after deal 1 (B); deal 2 was B's
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(1)
    type_coiffeur(3, "A", "Schellen")
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(2)
    go_online(page, relay)
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=20_000)
    assert [entry["team"] for _, entry in stored(coiffeur)] == ["A", "B", "A"]
    expect(team).to_have_value("B")


# ---- (e) a kept page outlives no session ----------------------------------------------------------------


def test_a_kept_page_past_its_sessions_end_says_it_expired_and_its_deal_is_saved_after_signing_in(
    new_page: Callable[..., Page], relay: Relay, game: Game
) -> None:
    """The session ends 12 seconds after the page is kept; a reload with no network then shows the page
    that says the copy expired, not the game. The deal typed offline stays on the phone and is saved once
    the same user signs in again and opens the game."""
    page = new_page()
    sign_in(page, relay.url, "scorer")
    cookie = next(c for c in page.context.cookies() if c["name"] == "sessionid")
    session = SessionStore(session_key=cookie["value"])
    session.set_expiry(timezone.now() + timedelta(seconds=12))
    session.save()
    page.goto(f"{relay.url}/games/{game.pk}/")
    page.wait_for_function("navigator.serviceWorker.controller !== null || (location.reload(), false)")
    page.reload()
    expect(page.locator("#outbox")).to_have_text(SAVED)
    kept = (
        "() => caches.open('jass-pages-v1').then((c) => c.match(location.href))"
        ".then((r) => r && r.headers.get('x-offline-until'))"
    )
    until = int(page.evaluate(kept))

    go_offline(page, relay)
    type_deal(page, 1, 83)
    page.reload()  # still within the session: the kept game
    expect(page.locator("#deals tr[data-outbox]")).to_have_count(1)
    time.sleep(max(0.0, until / 1000 - time.time()) + 0.5)  # the phone's clock is this machine's
    page.reload()
    expect(page.locator("h1")).to_have_text("This copy has expired")
    expect(page.locator("main")).to_contain_text("Deals typed on this phone and not saved yet stay on it")
    expect(page.locator("main")).not_to_contain_text("Schieber")
    assert (
        page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('jass-outbox-v1:')).length")
        == 1
    )
    assert page.evaluate("() => caches.open('jass-pages-v1').then((c) => c.match(location.href))") is None

    go_online(page, relay)
    assert stored(game) == []
    sign_in(page, relay.url, "scorer")
    page.goto(f"{relay.url}/games/{game.pk}/")
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=20_000)
    assert stored(game) == [(1, hearts(83))]
