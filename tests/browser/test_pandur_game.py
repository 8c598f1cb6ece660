"""A whole Pandur game in real Chromium on a phone-sized screen, from the new-game page to the loser.

Four players (Anna, Beat, Cla, Dora), target 6 (lowered from 15), so dealer protection is at 4 and 5.
Every expected number is computed by hand in the comments: a bid is worth bid // 50, misère 4,
trump Pandur 6; made pays the soloist, failed pays the others in the hand and the dealer (unless
protected).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser

SEATS = ("Anna", "Beat", "Cla", "Dora")


def tap(page: Page, group: str, label: str) -> None:
    """Tap one of the big buttons of a fieldset (#dealer, #soloist, #contract, #made)."""
    button = page.locator(f"#dealform #{group} label.choice").filter(
        has_text=re.compile(rf"^{re.escape(label)}")
    )
    button.click()
    expect(button.locator("input")).to_be_checked()


def type_bid(page: Page, bid: int) -> None:
    box = page.locator("#dealform input[name=bid]")
    box.click()
    page.keyboard.type(str(bid))


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(f'tr[data-deal="{number}"]')).to_be_visible()


def expect_totals(page: Page, totals: tuple[int, ...]) -> None:
    for name, total in zip(SEATS, totals, strict=True):
        expect(page.locator(f'[data-total="{name}"]')).to_have_text(str(total))


def expect_deal(page: Page, number: int, scores: tuple[int, ...]) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(s) for s in scores])


def test_play_a_pandur_game_to_the_loser(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    base = live_server.url
    sign_in(page, base, "scorer")
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()

    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("pandur")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, name in enumerate(SEATS, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).press_sequentially(name)
    page.get_by_text("Adjust the rules").click()
    page.locator('input[name="target"]').fill("6")
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Pandur #\d+$"))
    expect(page.get_by_role("heading", name="The table")).to_contain_text("out at 6")
    expect_totals(page, (0, 0, 0, 0))
    game = Game.objects.get()
    assert (game.variant, game.settings) == ("pandur", {"target": 6})

    # Hand 1: Dora deals and sits out (her soloist button goes away); Anna bids 200 and makes it.
    # 200 // 50 = 4 for Anna. Totals 4, 0, 0, 0.
    tap(page, "dealer", "Dora")
    expect(page.locator("#soloist label.choice").filter(has_text="Dora")).to_be_hidden()
    tap(page, "soloist", "Anna")
    type_bid(page, 200)
    tap(page, "made", "Made")
    expect(page.locator("#preview")).to_contain_text("Anna · 200 for 4 made")
    save(page, 1)
    expect_deal(page, 1, (4, 0, 0, 0))
    expect_totals(page, (4, 0, 0, 0))

    # Hand 2: Anna deals; Beat plays misère (4) and fails: Cla and Dora +4. Anna, the dealer, stands
    # at 4 = 6 - 2: protected, she gets nothing. Totals 4, 0, 4, 4.
    tap(page, "dealer", "Anna")
    tap(page, "soloist", "Beat")
    tap(page, "contract", "Misère")
    expect(page.locator("#dealform input[name=bid]")).to_be_hidden()
    tap(page, "made", "Failed")
    save(page, 2)
    expect_deal(page, 2, (0, 0, 4, 4))
    expect_totals(page, (4, 0, 4, 4))
    for name in ("Anna", "Cla", "Dora"):
        expect(page.locator(f'.seat-line[data-player="{name}"]')).to_contain_text("no points while dealing")
    expect(page.locator('.seat-line[data-player="Anna"]')).to_contain_text("sat out hand 2")
    screenshot(page, "pandur-mid-game-390")

    # Hand 3: Beat deals; Cla bids 100 and scores 120 (typed instead of tapping made): made, 2 for
    # Cla. Totals 4, 0, 6, 4: Cla is out.
    tap(page, "dealer", "Beat")
    tap(page, "soloist", "Cla")
    type_bid(page, 100)
    page.locator("#dealform input[name=points]").fill("120")
    save(page, 3)
    expect_deal(page, 3, (0, 0, 2, 0))
    expect_totals(page, (4, 0, 6, 4))
    expect(page.locator('.seat-line[data-player="Cla"]')).to_contain_text("out after hand 3")

    # Hand 4: three in, everybody plays: no dealer question, Cla is no longer a choice.
    # Anna plays trump Pandur (6) and fails: Beat and Dora +6. Totals 4, 6, 6, 10: Beat and Dora
    # are out together, Anna is left and loses. Cla went out first and wins.
    expect(page.locator("#dealer")).to_have_count(0)
    expect(page.locator("#dealform")).to_contain_text("3 players in: everybody plays")
    expect(page.locator("#soloist label.choice")).to_have_text(["Anna", "Beat", "Dora"])
    tap(page, "soloist", "Anna")
    tap(page, "contract", "Trump Pandur")
    tap(page, "made", "Failed")
    save(page, 4)
    expect(page.locator(".winner")).to_have_text("🏆 Cla wins!")
    expect_deal(page, 4, (0, 6, 0, 6))
    expect_totals(page, (4, 6, 6, 10))
    expect(page.locator(".ranking li")).to_have_text(["1. Cla 6", "2. Dora 10", "3. Beat 6", "4. Anna 4"])
    expect(page.locator('.seat-line[data-player="Anna"]')).to_contain_text("loser")
    expect(page.locator("#dealform")).to_have_count(0)
    screenshot(page, "pandur-finished-390")

    page.reload()
    expect(page.locator(".winner")).to_have_text("🏆 Cla wins!")
    expect(page.locator("#dealform")).to_have_count(0)
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Cla")
    assert game.totals == {"Anna": 4, "Beat": 6, "Cla": 6, "Dora": 10}
