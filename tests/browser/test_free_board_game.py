"""A Free board game in teams in real Chromium on a 390 px touch phone, from the new-game page to the
winner: the club plays Bieter, 157 a deal, to 300. Seats Anna, Beat, Cla, Dora: team A is Anna & Cla,
team B Beat & Dora. A deal is one team's points and Enter: the other team gets the rest (4 touches for
"100"). Every number is worked out by hand in the comments. Screenshots go to /tmp/free-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import sign_in

pytestmark = pytest.mark.browser

SEATS = ("Anna", "Beat", "Cla", "Dora")
SAVED = "✓ All saved"
BIETER = "157 a deal, teams, to 1000"

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
    page.screenshot(path=f"/tmp/free-{name}.png", full_page=True)


def box(page: Page, index: int) -> Locator:
    return page.locator(f"#dealform input[name=points_{index}]")


def expect_totals(page: Page, a: int, b: int) -> None:
    expect(page.locator('[data-total="A"]')).to_have_text(str(a))
    expect(page.locator('[data-total="B"]')).to_have_text(str(b))


def expect_deal(page: Page, number: int, a: int, b: int) -> None:
    expect(page.locator(f'#deals tr[data-deal="{number}"] td.num')).to_have_text([str(a), str(b)])


def start_bieter(page: Page) -> None:
    """The new-game page: Free board, the game's name, the four seats, the Bieter preset, to 300."""
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("free_board")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    page.get_by_label("The game you play").fill("Bieter")
    for seat, name in enumerate(SEATS, start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}( \(optional\))?$")).press_sequentially(name)
    page.get_by_label("Rules preset").select_option(BIETER)
    expect(page.locator('input[name="per_deal"]')).to_have_value("157")
    page.get_by_text("Adjust the rules").click()
    page.locator('input[name="target"]').fill("300")
    shot(page, "1-new-game")
    page.get_by_role("button", name="Start game").click()


def test_a_bieter_board_in_teams_to_its_target(
    live_server: LiveServer, new_page: Callable[..., Page], club: Club, players: list[Player]
) -> None:
    page = new_page(has_touch=True, is_mobile=True)
    page.add_init_script(COUNT_TOUCHES)
    sign_in(page, live_server.url, "scorer")
    start_bieter(page)

    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Bieter #\d+"))
    game = Game.objects.get()
    assert (game.name, game.settings["sides"], game.settings["per_deal"], game.settings["target"]) == (
        "Bieter",
        "teams",
        157,
        300,
    )
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect(page.locator("#dealform label[for=id_points_0]")).to_have_text(
        re.compile(r"^\s*Team A\s+Anna & Cla\s*$")
    )
    expect(page.locator("#dealform label[for=id_points_1]")).to_have_text(
        re.compile(r"^\s*Team B\s+Beat & Dora\s*$")
    )
    expect(box(page, 0)).to_be_focused()
    shot(page, "2-form")

    # Deal 1, counted: 1 0 0 and Enter in team A's box: A 100, B the rest, 157 - 100 = 57.
    page.evaluate("window.touches = []")
    page.keyboard.type("100")
    expect(page.locator("#preview")).to_contain_text("B gets the rest")
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect_deal(page, 1, 100, 57)
    expect_totals(page, 100, 57)
    touches = page.evaluate("window.touches")
    assert touches == ["keydown:1", "keydown:0", "keydown:0", "keydown:Enter"]
    assert len(touches) == 4
    expect(box(page, 0)).to_be_focused()
    expect(box(page, 0)).to_have_value("")

    # Deal 2, a slip: A 100 and B 100 make 200, not 157. The preview says so; Enter saves nothing.
    page.keyboard.type("100")
    box(page, 1).tap()
    page.keyboard.type("100")
    expect(page.locator("#preview")).to_have_text("The points of a deal must total 157; these total 200.")
    page.keyboard.press("Enter")
    expect(page.locator("#points-error")).to_have_text(
        "The points of a deal must total 157; these total 200."
    )
    expect(page.locator('#deals tr[data-deal="2"]')).to_have_count(0)
    expect(box(page, 0)).to_have_value("100")
    shot(page, "3-refused")
    assert game.deals.count() == 1
    # Corrected: B's box emptied, B gets the rest again. A 100 + 100 = 200, B 57 + 57 = 114.
    box(page, 1).fill("")
    page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect_deal(page, 2, 100, 57)
    expect_totals(page, 200, 114)
    expect(page.locator("#panel")).to_contain_text("to 300")
    shot(page, "4-mid-game")

    # Deal 3: A takes all 157 (B 0): A 357 reaches 300. Anna & Cla win.
    box(page, 0).fill("157")
    page.keyboard.press("Enter")
    expect(page.locator(".winner")).to_have_text("🏆 Anna & Cla win!")
    expect_deal(page, 3, 157, 0)
    expect_totals(page, 357, 114)
    expect(page.locator("#dealform")).to_have_count(0)
    shot(page, "5-finished")
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 357, "B": 114})
    assert [deal.entry for deal in game.deals.order_by("number")] == [
        {"points": {"A": 100}},
        {"points": {"A": 100}},
        {"points": {"A": 157}},
    ]
