"""Entering Schieber deals on a phone with fewer touches than chalk: a deal is a trump, the digits and
Enter; a Weis is one tap; the dealer moves on by itself; a Delete can be undone.

Real Chromium at 390 px, as a touch phone where it matters. The game keeps the default multipliers
(hearts and clubs x1, spades and diamonds x2, Obenabe and Undenufe x3); seats Anna, Beat, Cla, Dora:
team A is Anna & Cla, team B Beat & Dora. Screenshots go to /tmp/shots-entry/ to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Deal, DealChange, Game
from tests.browser.steps import sign_in

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-entry")
SAVED = "✓ All saved"

# Every pointer tap and key press on the page, counted before anything of the page's own sees it.
COUNT_TOUCHES = """
window.touches = [];
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, (event) => {
    if (!event.repeat) window.touches.push(`${type}:${event.key || event.pointerType}`);
  }, true);
}
"""


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def open_phone(live_server: LiveServer, new_page: Callable[..., Page], game: Game) -> Page:
    """A touch phone, signed in as the scorer, on the game page with every deal saved."""
    page = new_page(has_touch=True, is_mobile=True)
    page.add_init_script(COUNT_TOUCHES)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    return page


def points(page: Page) -> str:
    return "#dealform input[name=points]"


def trump(page: Page, name: str) -> None:
    page.locator("#dealform label.choice").filter(has_text=name).tap()


def weis(page: Page, team: str, amount: str) -> Locator:
    """A Weis button of the team whose legend starts `team` ("A · Anna & Cla")."""
    row = page.locator("#dealform fieldset.weis-team").filter(has_text=team)
    return row.locator("label.choice").filter(has_text=re.compile(rf"^\s*{amount}\s*$"))


def stored(game: Game) -> list[tuple[int, dict, int | None, bool | None]]:
    return list(game.deals.order_by("number").values_list("number", "entry", "dealer_seat", "pushed"))


def expect_deal(page: Page, number: int, a: int, b: int) -> None:
    expect(page.locator(f'#deals tr[data-deal="{number}"] td.num')).to_have_text([str(a), str(b)])


def expect_totals(page: Page, a: int, b: int) -> None:
    expect(page.locator('[data-total="A"]')).to_have_text(str(a))
    expect(page.locator('[data-total="B"]')).to_have_text(str(b))


def test_an_ordinary_deal_is_four_touches(
    live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]
) -> None:
    game = make_game()
    page = open_phone(live_server, new_page, game)
    expect(page.locator("#dealform h2")).to_have_text("Deal 1")
    expect(page.locator("#dealform select[name=dealer_seat]")).to_have_value("1")  # seat 1 deals first
    expect(page.locator("#dealform .announcer")).to_have_text("Beat announces")
    shot(page, "1-form-390")
    page.evaluate("window.touches = []")

    # Rosen (hearts x1), then 8 3 on the number keyboard, then Enter: A 83, B 157 - 83 = 74.
    trump(page, "Rosen")
    expect(page.locator(points(page))).to_be_focused()  # the tap kept the number keyboard open
    expect(page.get_by_role("radio", name="Rosen")).to_be_checked()
    page.keyboard.type("83")
    expect(page.locator("#preview")).to_contain_text("B 74")
    page.keyboard.press("Enter")

    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect_deal(page, 1, 83, 74)
    expect_totals(page, 83, 74)
    assert page.evaluate("window.touches") == [
        "pointerdown:touch",
        "keydown:8",
        "keydown:3",
        "keydown:Enter",
    ]
    assert stored(game) == [(1, {"trump": "hearts", "points": {"A": 83}}, 1, False)]
    expect(page.locator('#deals tr[data-deal="1"]')).to_contain_text("Anna dealt")
    # ready for the next deal: the points empty and focused, Beat deals, Cla announces
    expect(page.locator(points(page))).to_be_focused()
    expect(page.locator(points(page))).to_have_value("")
    expect(page.locator("#dealform h2")).to_have_text("Deal 2")
    expect(page.locator("#dealform select[name=dealer_seat]")).to_have_value("2")
    expect(page.locator("#dealform .announcer")).to_have_text("Cla announces")


def test_weis_in_one_tap_and_trumps_by_letter(
    live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]
) -> None:
    game = make_game()
    page = open_phone(live_server, new_page, game)

    # Deal 1, "s" picks Schellen (x2); team B's Weis of 50 is one tap; team A 57 typed.
    # A 57 x 2 = 114; B (100 + 50) x 2 = 300.
    page.locator(points(page)).focus()
    page.keyboard.press("s")
    expect(page.get_by_role("radio", name="Schellen")).to_be_checked()
    expect(page.locator(points(page))).to_have_value("")  # the letter picked, it typed nothing
    weis(page, "B · Beat & Dora", "50").tap()
    expect(weis(page, "B · Beat & Dora", "50").locator("input")).to_be_checked()
    expect(page.locator(points(page))).to_be_focused()
    page.keyboard.type("57")
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect_deal(page, 1, 114, 300)
    expect(page.locator('#deals tr[data-deal="1"]')).to_contain_text("Weis B 50")

    # Deal 2, "e" picks Eicheln (x1); team A's Weis is "other": its input opens and takes 70.
    # A 90 + 70 = 160, B 157 - 90 = 67. Totals A 114 + 160 = 274, B 300 + 67 = 367.
    page.keyboard.press("e")
    expect(page.get_by_role("radio", name="Eicheln")).to_be_checked()
    other = page.locator("#dealform input[name=weis_a_other]")
    expect(other).to_be_hidden()
    weis(page, "A · Anna & Cla", "other").tap()
    expect(other).to_be_visible()
    expect(other).to_be_focused()
    page.keyboard.type("70")
    shot(page, "2-weis-other-390")
    page.locator(points(page)).tap()
    page.keyboard.type("90")
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect_deal(page, 2, 160, 67)
    expect_totals(page, 274, 367)
    # a Weis tapped again is none: the "0" button
    weis(page, "A · Anna & Cla", "20").tap()
    expect(weis(page, "A · Anna & Cla", "20").locator("input")).to_be_checked()
    weis(page, "A · Anna & Cla", "20").tap()
    expect(weis(page, "A · Anna & Cla", "0").locator("input")).to_be_checked()
    assert [entry for _, entry, _, _ in stored(game)] == [
        {"trump": "diamonds", "points": {"A": 57}, "weis": {"B": 50}},
        {"trump": "clubs", "points": {"A": 90}, "weis": {"A": 70}},
    ]


def test_the_dealer_moves_on_by_itself_and_a_push_is_noted(
    live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]
) -> None:
    game = make_game()
    page = open_phone(live_server, new_page, game)
    dealer = page.locator("#dealform select[name=dealer_seat]")
    announcer = page.locator("#dealform .announcer")

    # The table's first dealer is Cla (seat 3), not seat 1: chosen once, then it moves on by itself.
    dealer.select_option("3")
    expect(announcer).to_have_text("Dora announces")
    # Dora pushes: her partner Beat announces (Rosen). A 100, B 57.
    page.locator("#dealform label.choice.pushed").tap()
    expect(announcer).to_have_text("Dora pushed: Beat announces")
    trump(page, "Rosen")
    page.keyboard.type("100")
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect(page.locator('#deals tr[data-deal="1"]')).to_contain_text("Cla dealt · Dora pushed to Beat")
    expect(dealer).to_have_value("4")
    expect(announcer).to_have_text("Anna announces")  # not pushed again: the push was deal 1's
    expect(page.locator("#dealform input[name=pushed]")).not_to_be_checked()

    # Two deals typed without a network: each has the next dealer (Dora, then Anna), saved once back.
    page.context.set_offline(True)
    for number, points_a in ((2, 80), (3, 60)):
        expect(page.locator("#dealform h2")).to_have_text(f"Deal {number}")
        trump(page, "Rosen")
        page.keyboard.type(str(points_a))
        page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_contain_text("2 deals not saved yet")
    expect(dealer).to_have_value("2")
    expect(announcer).to_have_text("Cla announces")
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox")).to_have_text(SAVED, timeout=20_000)
    assert [(number, seat, pushed) for number, _, seat, pushed in stored(game)] == [
        (1, 3, True),
        (2, 4, False),
        (3, 1, False),
    ]
    expect(dealer).to_have_value("2")
    shot(page, "3-dealer-list-390")


def test_a_deleted_deal_comes_back_with_undo(
    live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]
) -> None:
    # Deal 1 hearts A 83 / B 74; deal 2 Obenabe (x3) A 100 -> 300, B 57 -> 171.
    game = make_game(
        {}, [{"trump": "hearts", "points": {"A": 83}}, {"trump": "obenabe", "points": {"A": 100}}]
    )
    page = open_phone(live_server, new_page, game)
    page.on("dialog", lambda dialog: dialog.accept())
    expect_totals(page, 383, 245)

    page.get_by_role("button", name="Delete deal 2").tap()
    expect(page.locator("#outbox")).to_contain_text("Deal 2 deleted.")
    expect(page.locator('#deals tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, 83, 74)
    # deal 2 is to be dealt again: by seat 2, as nobody noted a dealer before (seat 1 dealt deal 1)
    expect(page.locator("#dealform h2")).to_have_text("Deal 2")
    expect(page.locator("#dealform select[name=dealer_seat]")).to_have_value("2")
    undo = page.get_by_role("button", name="Undo: bring deal 2 back")
    expect(undo).to_be_visible()
    shot(page, "4-undo-390")

    undo.tap()
    expect(page.locator("#outbox")).to_contain_text("Deal 2 is back.")
    expect_deal(page, 2, 300, 171)
    expect_totals(page, 383, 245)
    expect(undo).to_have_count(0)
    assert [entry for _, entry, _, _ in stored(game)][1] == {"trump": "obenabe", "points": {"A": 100}}
    assert game.changes.order_by("-pk").first().action == DealChange.Action.RESTORED

    # Deleted again, then a new deal 2 entered: Undo is gone, the new deal stays.
    page.get_by_role("button", name="Delete deal 2").tap()
    expect(undo).to_be_visible()
    trump(page, "Rosen")
    page.keyboard.type("60")
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect(undo).to_have_count(0)
    expect_deal(page, 2, 60, 97)
    assert Deal.objects.get(game=game, number=2).entry == {"trump": "hearts", "points": {"A": 60}}

    page.goto(f"{live_server.url}/games/{game.pk}/history/")
    expect(page.locator(".audit-line").filter(has_text="Deal 2 brought back (Undo)")).to_have_count(1)
