"""A whole Guggitaler round with the Domino, played in real Chromium on a 390 px touch phone: the counts
with the + and minus buttons (the last player's count filled in by itself), one wrong entry refused and
corrected, the two names, the Domino tapped in order with an Undo, the final ranking and the chalk board.
The touches of a four-player tricks deal are counted. Screenshots go to /tmp/gug-*.png to be looked at.

Penalties (defaults): a trick 5, a Schellen card 10, an Ober 20, the Rosen König 40, the last trick 50;
the Domino's places -150, -100, -55, 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import services
from scorekeeper.games.models import Club, Player
from tests.browser.steps import sign_in

pytestmark = pytest.mark.browser
PLAYERS = ("Anna", "Beat", "Cla", "Dora")
TOUCHES_PER_TRICKS_DEAL = 7
"""Anna's + three times, Beat's + twice, Dora's minus once (0): Cla's 4 is filled in; then Save."""

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
    page.screenshot(path=f"/tmp/gug-{name}.png", full_page=True)


def count_field(page: Page, player: str) -> Locator:
    return page.locator("#dealform").get_by_label(player, exact=True)


def step(page: Page, player: str, times: int, *, more: bool = True) -> None:
    """Tap a player's + (or minus) button with a thumb."""
    button = page.get_by_role("button", name=f"{'One more' if more else 'One less'} for {player}")
    for _ in range(times):
        button.tap()


def tap_name(page: Page, player: str) -> None:
    label = page.locator("#dealform .gug-taker label.choice").filter(
        has_text=re.compile(rf"^\s*{player}\s*$")
    )
    label.tap()
    expect(label.locator("input")).to_be_checked()


def domino_tap(page: Page, player: str) -> None:
    page.locator(f'#dealform .gug-name[data-player="{player}"]').tap()


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save deal {number}").tap()


def expect_totals(page: Page, *totals: int) -> None:
    for player, total in zip(PLAYERS, totals, strict=True):
        expect(page.locator(f'[data-total="{player}"]')).to_have_text(str(total))


def expect_deal(page: Page, number: int, *scores: int) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(s) for s in scores])


def expect_heading(page: Page, text: str) -> None:
    expect(page.locator("#dealform h2")).to_have_text(text)


def test_a_round_with_the_domino_on_a_phone(
    live_server: LiveServer, new_page: Callable[..., Page], club: Club, players: list[Player]
) -> None:
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="guggitaler", players=players, settings={}, by=owner)
    page = new_page(has_touch=True, is_mobile=True)
    page.add_init_script(COUNT_TOUCHES)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_load_state("load")
    expect(page.locator("#outbox")).to_have_text("✓ All saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone

    # Deal 1, tricks: 3, 2, ?, 0. Cla's 4 is the rest, filled in. Anna 15, Beat 10, Cla 20, Dora 0.
    expect_heading(page, "Deal 1 · Tricks")
    expect(page.locator("[data-left]")).to_have_text("9")
    page.evaluate("window.touches = []")
    step(page, "Anna", 3)
    step(page, "Beat", 2)
    expect(page.locator("[data-left]")).to_have_text("4")
    step(page, "Dora", 1, more=False)
    expect(count_field(page, "Dora")).to_have_value("0")
    expect(count_field(page, "Cla")).to_have_value("4")
    expect(page.locator("[data-left]")).to_have_text("0")
    expect(page.locator("#preview")).to_contain_text("✓ Tricks: 9 of 9 entered")
    shot(page, "tricks")
    for target in page.locator("#dealform .step, #dealform button[type=submit]").all():
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    save(page, 1)
    expect_deal(page, 1, 15, 10, 20, 0)
    touches = page.evaluate("window.touches")
    assert touches == ["pointerdown:touch"] * TOUCHES_PER_TRICKS_DEAL
    assert game.deals.get(number=1).entry == {
        "game": "tricks",
        "taken": {"Anna": 3, "Beat": 2, "Cla": 4, "Dora": 0},
    }

    # Deal 2, Schellen: 5 and 5 is one too many; refused beside the counts, nothing saved.
    expect_heading(page, "Deal 2 · Schellen")
    step(page, "Anna", 5)
    step(page, "Beat", 5)
    expect(page.locator("[data-left]")).to_have_text("-1")
    save(page, 2)
    expect(page.locator("#counts-error")).to_have_text("Schellen: 10 of 9 entered.")
    expect(page.locator('tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, 15, 10, 20, 0)
    assert game.deals.count() == 1
    shot(page, "refused")
    # Corrected: Anna 2, Beat 3, Cla 1, and Dora's 3 filled in. Anna 20, Beat 30, Cla 10, Dora 30.
    step(page, "Anna", 3, more=False)
    step(page, "Beat", 2, more=False)
    step(page, "Cla", 1)
    expect(count_field(page, "Dora")).to_have_value("3")
    save(page, 2)
    expect_deal(page, 2, 20, 30, 10, 30)

    # Deal 3, Ober: Anna 1, Beat 0, Cla 2, Dora's 1 filled in. Anna 20, Cla 40, Dora 20.
    expect_heading(page, "Deal 3 · Ober")
    step(page, "Anna", 1)
    step(page, "Beat", 1, more=False)
    step(page, "Cla", 2)
    expect(count_field(page, "Dora")).to_have_value("1")
    save(page, 3)
    expect_deal(page, 3, 20, 0, 40, 20)

    # Deal 4 and 5: one tap on a name each.
    expect_heading(page, "Deal 4 · Rosen König")
    tap_name(page, "Dora")
    save(page, 4)
    expect_deal(page, 4, 0, 0, 0, 40)
    expect_heading(page, "Deal 5 · Last trick")
    tap_name(page, "Anna")
    save(page, 5)
    expect_deal(page, 5, 50, 0, 0, 0)
    # Before the Domino: Anna 105, Beat 40, Cla 70, Dora 90 (305).
    expect_totals(page, 105, 40, 70, 90)

    # Deal 6, the Domino: Beat, Dora, then Cla by mistake (Anna is placed last by itself); Undo; Anna,
    # and Cla is placed last. Beat -150, Dora -100, Anna -55, Cla 0.
    expect_heading(page, "Deal 6 · Domino")
    domino_tap(page, "Beat")
    domino_tap(page, "Dora")
    domino_tap(page, "Cla")
    expect(page.locator("#dealform .gug-order li")).to_have_count(4)
    expect(page.locator("#dealform .gug-order li").last).to_have_text("Anna (0)")
    page.get_by_role("button", name="Undo the last name").tap()
    expect(page.locator("#dealform .gug-order li")).to_have_text(
        ["Beat (\N{MINUS SIGN}150)", "Dora (\N{MINUS SIGN}100)"]
    )
    domino_tap(page, "Anna")
    expect(page.locator("#dealform .gug-order li")).to_have_text(
        ["Beat (\N{MINUS SIGN}150)", "Dora (\N{MINUS SIGN}100)", "Anna (\N{MINUS SIGN}55)", "Cla (0)"]
    )
    # No live check for names alone (the outbox asks one only once a number is typed): the order is shown.
    expect(page.locator("#dealform .gug-name.placed")).to_have_count(4)
    shot(page, "domino")
    save(page, 6)

    # Anna 105-55 = 50, Beat 40-150 = -110, Cla 70, Dora 90-100 = -10: Beat wins.
    expect(page.locator(".winner")).to_have_text("🏆 Beat wins!")
    expect(page.locator(".ranking li")).to_have_text(
        ["1. Beat -110", "2. Dora -10", "3. Anna 50", "4. Cla 70"]
    )
    expect_deal(page, 6, -55, -150, 0, -100)
    expect_totals(page, 50, -110, 70, -10)
    expect(page.locator("#dealform")).to_have_count(0)
    expect(page.locator(".gug-chalk thead th")).to_have_text(["Game", "Beat", "Dora", "Anna", "Cla"])
    expect(page.locator('.gug-chalk tr[data-chalk="domino"] td.num')).to_have_text(
        ["-150", "-100", "-55", "0"]
    )
    expect(page.locator(".gug-chalk tfoot td")).to_have_text(["-110", "-10", "50", "70"])
    shot(page, "finished")
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Beat")
    assert game.totals == {"Anna": 50, "Beat": -110, "Cla": 70, "Dora": -10}
