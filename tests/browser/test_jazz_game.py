"""A short Jazz game played in real Chromium on a phone-sized screen, from the new-game page to the
final ranking, then corrected after the end. Every expected penalty is computed by hand in the comments.

Schedule: Queens (5 per queen), King of Hearts and the last trick (10 each, the fifth trick 10, +20
when the King falls in the last trick), Fan Tan (3 per card left). Lowest total wins.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser

PLAYERS = ("Anna", "Beat", "Cla", "Dora")


# ---- what a player does on the page ---------------------------------------------------------------


def count_field(page: Page, player: str) -> Locator:
    return page.locator("#dealform").get_by_label(player, exact=True)


def step(page: Page, player: str, times: int, *, more: bool = True) -> None:
    """Tap a player's + (or -) button, as a thumb would."""
    button = page.get_by_role("button", name=f"{'One more' if more else 'One less'} for {player}")
    for _ in range(times):
        button.click()


def question(page: Page, legend: str) -> Locator:
    return page.locator("#dealform fieldset").filter(
        has=page.locator("legend", has_text=re.compile(rf"^{re.escape(legend)}"))
    )


def tap(page: Page, legend: str, player: str) -> None:
    button = question(page, legend).locator("label.choice").filter(has_text=re.compile(rf"^{player}$"))
    button.click()
    expect(button.locator("input")).to_be_checked()


def expect_totals(page: Page, *totals: int) -> None:
    for player, total in zip(PLAYERS, totals, strict=True):
        expect(page.locator(f'[data-total="{player}"]')).to_have_text(str(total))


def expect_deal(page: Page, number: int, *scores: int) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(s) for s in scores])


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save deal {number}").click()


def htmx_ready(page: Page) -> None:
    """After a full page load: htmx wires the live check at DOMContentLoaded, and a tap before that
    would change the number without asking for the check."""
    page.wait_for_load_state("load")


def start_game(page: Page) -> None:
    """Jazz for four, a short schedule typed as the club wants it, the fifth trick and the extra on."""
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("jazz")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Seat {seat}").press_sequentially(name)
    page.get_by_text("Adjust the rules").click()
    page.get_by_label("Games").fill('["queens", "king_last", "fantan"]')
    page.get_by_label("Fifth trick penalty").fill("10")
    page.get_by_label("King in last trick extra").fill("20")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Jazz #\d+$"))
    htmx_ready(page)


# ---- the game --------------------------------------------------------------------------------------------


def test_play_a_short_jazz_game_to_the_final_ranking(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    sign_in(page, live_server.url, "scorer")
    start_game(page)
    game = Game.objects.get()
    assert game.settings["games"] == ["queens", "king_last", "fantan"]
    expect_totals(page, 0, 0, 0, 0)
    expect(page.locator('tr[data-sheet="1"]')).to_have_class("next")

    # Deal 1, Queens, with the + buttons: the running count shows while tapping.
    expect(page.locator("#dealform h2")).to_have_text("Deal 1 · Queens")
    expect(page.locator("#dealform")).to_contain_text("4 in all · 5 per queen")
    step(page, "Anna", 3)
    step(page, "Anna", 1, more=False)
    step(page, "Beat", 1)
    expect(count_field(page, "Anna")).to_have_value("2")
    expect(page.locator("#preview")).to_have_text("Queens: 3 of 4 entered.")
    count_field(page, "Dora").fill("1")
    # Anna 2 x 5 = 10, Beat 1 x 5 = 5, Cla 0, Dora 1 x 5 = 5.
    expect(page.locator("#preview")).to_contain_text("✓ Queens: 4 of 4 entered")
    expect(page.locator("#preview")).to_contain_text("penalties Anna +10 · Beat +5 · Cla 0 · Dora +5")
    save(page, 1)
    expect_deal(page, 1, 10, 5, 0, 5)
    expect_totals(page, 10, 5, 0, 5)

    # Deal 2, the King and the last trick. The extra toggle shows only when one player took both.
    expect(page.locator("#dealform h2")).to_have_text("Deal 2 · King of Hearts and the last trick")
    toggle = page.get_by_label("The King of Hearts fell in the last trick (+20)")
    tap(page, "Who took the King of Hearts?", "Beat")
    tap(page, "Who took the last trick?", "Cla")
    expect(toggle).to_be_hidden()
    tap(page, "Who took the last trick?", "Beat")
    expect(toggle).to_be_visible()
    toggle.check()
    # Saved without the fifth trick: refused beside that question, nothing saved.
    save(page, 2)
    expect(page.locator("#fifth_trick-error")).to_have_text("Enter who took the fifth trick.")
    expect(page.locator('tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, 10, 5, 0, 5)
    # The answers are kept; Dora took the fifth trick. Beat 10 + 10 + 20 = 40, Dora 10.
    expect(toggle).to_be_checked()
    tap(page, "Who took the fifth trick?", "Dora")
    expect(page.locator("#preview")).to_contain_text("penalties Anna 0 · Beat +40 · Cla 0 · Dora +10")
    save(page, 2)
    expect_deal(page, 2, 0, 40, 0, 10)
    expect(page.locator('tr[data-deal="2"]')).to_contain_text("K♥ Beat · last Beat · 5th Dora · K♥ in last")
    expect_totals(page, 10, 45, 0, 15)
    expect(page.locator('tr[data-sheet="3"]')).to_have_class("next")
    screenshot(page, "jazz-mid-game-390")

    # Deal 3, Fan Tan: two players with no card left is refused, live and on saving.
    expect(page.locator("#dealform h2")).to_have_text("Deal 3 · Fan Tan")
    count_field(page, "Anna").fill("2")
    count_field(page, "Dora").fill("1")
    expect(page.locator("#preview")).to_have_text("Fan Tan: 2 players have 0 cards left; only one goes out.")
    save(page, 3)
    expect(page.locator("#counts-error")).to_have_text(
        "Fan Tan: 2 players have 0 cards left; only one goes out."
    )
    expect(page.locator('tr[data-deal="3"]')).to_have_count(0)
    # Cla had 5 cards left (the + buttons work on the new form too); Beat went out.
    # Anna 2 x 3 = 6, Beat 0, Cla 5 x 3 = 15, Dora 1 x 3 = 3. Totals 16, 45, 15, 18: Cla lowest.
    step(page, "Cla", 5)
    expect(count_field(page, "Cla")).to_have_value("5")
    expect(page.locator("#preview")).to_contain_text("✓ Beat went out")
    save(page, 3)

    expect(page.locator(".winner")).to_have_text("🏆 Cla wins!")
    expect(page.locator(".ranking li")).to_have_text(["1. Cla 15", "2. Anna 16", "3. Dora 18", "4. Beat 45"])
    expect_deal(page, 3, 6, 0, 15, 3)
    expect_totals(page, 16, 45, 15, 18)
    expect(page.locator("#dealform")).to_have_count(0)
    expect(page.locator(".jazz-sheet tr.next")).to_have_count(0)
    screenshot(page, "jazz-finished-390")

    # A correction after the end: Cla took two queens, not Anna. Deal 1 becomes Anna 0, Beat 5,
    # Cla 10, Dora 5: totals Anna 6, Beat 45, Cla 25, Dora 18, and Anna wins now.
    page.get_by_role("link", name="Edit deal 1").click()
    expect(page.locator("#dealform h2")).to_have_text("Correct deal 1 · Queens")
    htmx_ready(page)
    expect(count_field(page, "Anna")).to_have_value("2")
    step(page, "Anna", 2, more=False)
    step(page, "Cla", 2)
    expect(page.locator("#preview")).to_contain_text("penalties Anna 0 · Beat +5 · Cla +10 · Dora +5")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_contain_text("Deal 1 corrected.")
    expect(page.locator(".winner")).to_have_text("🏆 Anna wins!")
    expect(page.locator(".ranking li")).to_have_text(["1. Anna 6", "2. Dora 18", "3. Cla 25", "4. Beat 45"])
    expect_deal(page, 1, 0, 5, 10, 5)
    expect_totals(page, 6, 45, 25, 18)
    expect(page.locator("#dealform")).to_have_count(0)
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Anna")
    assert game.totals == {"Anna": 6, "Beat": 45, "Cla": 25, "Dora": 18}
