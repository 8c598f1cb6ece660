"""A whole Handjass game in real Chromium on a phone-sized screen, from the new-game page to the loser.

Three players (Anna, Beat, Cla), out at 2 (lowered from 7), 21 to make. Every expected number is
computed by hand in the comments: the two best totals among those with 21 get a point each, everyone
below 21 gets -1, a player alone after the others passed gets both points without play.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser

SEATS = ("Anna", "Beat", "Cla")


def player(page: Page, name: str) -> Locator:
    """One player's card in the deal form."""
    return page.locator(f'#dealform .hj-player[data-player="{name}"]')


def type_tricks(page: Page, tricks: dict[str, int]) -> None:
    """Tap each player's card-points box and type, as on a phone."""
    for name, points in tricks.items():
        box = player(page, name).get_by_label("Card points")
        box.click()
        page.keyboard.type(str(points))


def tap_passed(page: Page, name: str) -> None:
    button = player(page, name).locator("label.hj-pass")
    button.click()
    expect(button.locator("input")).to_be_checked()
    expect(player(page, name).get_by_label("Card points")).to_be_hidden()


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save deal {number}").click()


def expect_totals(page: Page, totals: tuple[int, ...]) -> None:
    for name, total in zip(SEATS, totals, strict=True):
        expect(page.locator(f'[data-total="{name}"]')).to_have_text(str(total))


def expect_deal(page: Page, number: int, scores: tuple[int, ...]) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(s) for s in scores])


def test_play_a_handjass_game_to_the_loser(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    base = live_server.url
    sign_in(page, base, "scorer")
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()

    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("handjass")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, name in enumerate(SEATS, start=1):
        label = f"Seat {seat}" if seat <= 2 else f"Seat {seat} (optional)"
        page.get_by_label(label, exact=True).press_sequentially(name)
    page.get_by_text("Adjust the rules").click()
    expect(page.locator('input[name="min_points"]')).to_have_value("21")
    page.locator('input[name="out_at"]').fill("2")
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Handjass #\d+$"))
    expect(page.get_by_role("heading", name="The table")).to_contain_text("out at 2")
    expect_totals(page, (0, 0, 0))
    expect(page.locator("#dealform .hj-player")).to_have_count(3)
    expect(page.locator("#tie-order")).to_have_count(0)
    game = Game.objects.get()
    assert (game.variant, game.settings) == ("handjass", {"out_at": 2, "min_points": 21})

    # Deal 1: Anna 100, Beat 40, Cla 17. The preview says the sum is short until Cla's 17 is in.
    # Anna and Beat +1, Cla below 21: an apple, -1. Totals 1, 1, -1.
    type_tricks(page, {"Anna": 100, "Beat": 40, "Cla": 1})
    expect(page.locator("#preview")).to_contain_text("cannot be 1")
    player(page, "Cla").get_by_label("Card points").fill("17")
    expect(page.locator("#preview")).to_contain_text("Cla 17 🍎")
    save(page, 1)
    expect_deal(page, 1, (1, 1, -1))
    expect_totals(page, (1, 1, -1))
    expect(page.locator('.seat-line[data-player="Cla"] .apples')).to_have_text("🍎")

    # Deal 2: Anna 57, Beat 50, Cla 50: Anna's point is clear, Beat and Cla tie for the second one.
    # The form asks for their order only now; the table says Cla. Anna +1, Cla +1, Beat 0.
    # Totals 2, 1, 0: Anna reaches 2 and is out.
    type_tricks(page, {"Anna": 57, "Beat": 50, "Cla": 50})
    save(page, 2)
    expect(page.locator("#tie-order")).to_contain_text("Beat and Cla are tied for a point")
    expect(page.locator('tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, (1, 1, -1))
    player(page, "Cla").locator(".hj-tie label.choice").filter(has_text="1.").click()
    player(page, "Beat").locator(".hj-tie label.choice").filter(has_text="2.").click()
    save(page, 2)
    expect_deal(page, 2, (1, 0, 1))
    expect_totals(page, (2, 1, 0))
    expect(page.locator("#tie-order")).to_have_count(0)
    expect(page.locator("#dealform .hj-player")).to_have_count(2)  # Anna is out: no inputs for her
    expect(page.locator('.seat-line[data-player="Anna"]')).to_contain_text("out after deal 2")
    screenshot(page, "handjass-mid-game-390")

    # Deal 3: Beat passes; Cla alone takes both points without play. Cla 0 + 2 = 2: out.
    # Beat is the last one left: the loser. Ranking: Anna (out first), Cla, Beat.
    tap_passed(page, "Beat")
    save(page, 3)
    expect(page.locator(".winner")).to_have_text("🏆 Anna wins!")
    expect_deal(page, 3, (0, 0, 2))
    expect_totals(page, (2, 1, 2))
    expect(page.locator(".ranking li")).to_have_text(["1. Anna 2", "2. Cla 2", "3. Beat 1"])
    expect(page.locator('.seat-line[data-player="Beat"]')).to_contain_text("loser")
    expect(page.locator("#dealform")).to_have_count(0)
    screenshot(page, "handjass-finished-390")

    page.reload()
    expect(page.locator(".winner")).to_have_text("🏆 Anna wins!")
    expect(page.locator("#dealform")).to_have_count(0)
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "Anna", {"Anna": 2, "Beat": 1, "Cla": 2})
