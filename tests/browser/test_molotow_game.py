"""A whole Molotow game in real Chromium on a phone-sized screen, from the new-game page to the winner.

The club plays the zero-sum reading (big_hand_others 1) over 2 deals. Seats Anna, Beat, Cla, Dora.
Every expected number is computed by hand in the comments: net = sticks - potatoes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser

SEATS = ("Anna", "Beat", "Cla", "Dora")


def points_input(page: Page, seat: int) -> Locator:
    return page.locator(f"#dealform input[name=points_{seat}]")


def type_points(page: Page, points: tuple[int, ...]) -> None:
    """Tap each player's box and type, as on a phone; the last box is left focused."""
    for seat, value in enumerate(points):
        box = points_input(page, seat)
        box.click()
        box.fill("")
        page.keyboard.type(str(value))


def expect_totals(page: Page, totals: tuple[int, ...]) -> None:
    for name, total in zip(SEATS, totals, strict=True):
        expect(page.locator(f'[data-total="{name}"]')).to_have_text(str(total))


def expect_deal(page: Page, number: int, scores: tuple[int, ...]) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(s) for s in scores])


def test_play_a_molotow_game_to_the_winner(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    base = live_server.url
    sign_in(page, base, "scorer")
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()

    # Choosing the variant reloads the whole form (htmx): wait for the new one before typing names.
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("molotow")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, name in enumerate(SEATS, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).press_sequentially(name)
    page.get_by_label("Rules preset").select_option("zero-sum (1 each)")
    expect(page.locator('input[name="big_hand_others"]')).to_have_value("1")
    page.get_by_text("Adjust the rules").click()
    page.locator('input[name="deals"]').fill("2")
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Molotow #\d+$"))
    expect_totals(page, (0, 0, 0, 0))
    expect(page.locator("#molotow-board")).to_be_visible()
    expect(page.get_by_role("heading", name="Sticks and potatoes")).to_contain_text("2 deals left")
    game = Game.objects.get()
    assert (game.variant, game.settings) == ("molotow", {"big_hand_others": 1, "deals": 2})

    # Deal 1: a typo first. The preview names the total while typing; nothing is saved.
    expect(page.locator("#high-card")).to_have_count(0)
    type_points(page, (40, 50, 30, 30))
    expect(page.locator("#preview")).to_have_text("Card points must total 157; these total 150.")
    # Corrected to a three-way tie for lowest: Enter shows the question of the high card.
    points_input(page, 1).fill("39")
    points_input(page, 2).fill("39")
    points_input(page, 3).click()
    points_input(page, 3).fill("")
    page.keyboard.type("39")
    page.keyboard.press("Enter")
    question = page.locator("#high-card")
    expect(question).to_contain_text("Three players tied: who drew the high card?")
    expect(page.locator("#high_card-error")).to_have_text(
        "Three players tied: name who drew the highest card (Beat, Cla or Dora)."
    )
    expect(page.locator('tr[data-deal="1"]')).to_have_count(0)
    expect(points_input(page, 0)).to_have_value("40")
    # Cla drew the high card: Anna (alone, 40) a stick, Cla a potato. Anna 1, Beat 0, Cla -1, Dora 0.
    question.locator("label.choice").filter(has_text="Cla").click()
    expect(page.locator("#preview")).to_contain_text("high card Cla")
    page.get_by_role("button", name="Save deal 1").click()
    expect_deal(page, 1, (1, 0, -1, 0))
    expect(page.locator('tr[data-deal="1"]')).to_contain_text("high card Cla")
    expect_totals(page, (1, 0, -1, 0))
    expect(page.locator("#high-card")).to_have_count(0)
    expect(page.locator('[data-player="Anna"] .mp-count').first).to_have_text("1 stick")
    expect(page.locator('[data-player="Cla"] .mp-count').last).to_have_text("1 potato")
    expect(page.get_by_role("heading", name="Sticks and potatoes")).to_contain_text("1 deal left")
    expect(points_input(page, 0)).to_have_value("")
    screenshot(page, "molotow-mid-game-390")

    # Deal 2: Beat's big hand of 100: Beat 3 potatoes, the others 1 stick each (zero-sum).
    # Anna 1 + 1 = 2, Beat 0 - 3 = -3, Cla -1 + 1 = 0, Dora 0 + 1 = 1. The game is over: Anna wins.
    type_points(page, (20, 100, 37, 0))
    expect(page.locator("#preview")).to_contain_text("157 ✓")
    page.keyboard.press("Enter")
    expect(page.locator(".winner")).to_have_text("🏆 Anna wins!")
    expect_deal(page, 2, (1, -3, 1, 1))
    expect_totals(page, (2, -3, 0, 1))
    expect(page.locator("#dealform")).to_have_count(0)
    expect(page.get_by_role("heading", name="Sticks and potatoes")).to_contain_text("all deals played")
    expect(page.locator(".ranking li")).to_have_text(["1. Anna 2", "2. Dora 1", "3. Cla 0", "4. Beat -3"])

    # A correction: deal 2 was Beat's 157 (all four others 0): Beat 3 sticks, the others 1 potato each.
    # Anna 1 - 1 = 0, Beat 0 + 3 = 3, Cla -1 - 1 = -2, Dora 0 - 1 = -1: now Beat wins.
    page.get_by_role("link", name="Edit deal 2").click()
    expect(page.locator("#dealform h2")).to_have_text("Correct deal 2")
    expect(points_input(page, 1)).to_have_value("100")
    type_points(page, (0, 157, 0, 0))
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_contain_text("Deal 2 corrected.")
    expect(page.locator(".winner")).to_have_text("🏆 Beat wins!")
    expect_deal(page, 2, (-1, 3, -1, -1))
    expect_totals(page, (0, 3, -2, -1))
    expect(page.locator("#dealform")).to_have_count(0)
    screenshot(page, "molotow-finished-390")
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Beat")
    assert game.totals == {"Anna": 0, "Beat": 3, "Cla": -2, "Dora": -1}
