"""A whole Differenzler game in real Chromium on a phone-sized screen, from the new-game page to the
final ranking, with a correction that changes the winner.

Each deal's form asks for the trump and the predictions first; the game keeps them (a reload shows them),
and after the deal the card points are entered and the deal is saved with both. Four players, a game of
2 deals, no bonus for an exact prediction: a player's penalty is |points - prediction|, the lowest total
wins. Every expected number is computed by hand in the comments.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser

NAMES = ("Anna", "Beat", "Cla", "Dora")


def tap_trump(page: Page, label: str) -> None:
    choice = page.locator("#dealform .trumps label.choice").filter(has_text=label)
    choice.click()
    expect(choice.locator("input")).to_be_checked()


def type_column(page: Page, what: str, values: Sequence[int]) -> None:
    """Type one number per player, seat by seat, into the predictions or the card points."""
    for name, value in zip(NAMES, values, strict=True):
        page.get_by_label(f"{name}: {what}").fill(str(value))


def expect_asking(page: Page) -> None:
    """The form before the deal: the trump and the predictions, nothing typed; the card points wait."""
    expect(page.get_by_role("button", name="Save predictions")).to_be_visible()
    expect(page.get_by_label("Anna: card points")).to_be_hidden()
    expect(
        page.locator("#dealform .save-bar").get_by_role("button", name=re.compile("^Save deal"))
    ).to_be_hidden()
    for name in NAMES:
        expect(page.get_by_label(f"{name}: prediction")).to_have_value("")


def expect_kept(page: Page, trump: str, predictions: Sequence[int]) -> None:
    """The form after the predictions were saved: they are shown, the card points asked for."""
    expect(page.get_by_text("The predictions are kept.")).to_be_visible()
    expect(page.get_by_role("button", name="Save predictions")).to_have_count(0)
    expect(
        page.locator("#dealform .trumps label.choice").filter(has_text=trump).locator("input")
    ).to_be_checked()
    for name, value in zip(NAMES, predictions, strict=True):
        expect(page.get_by_label(f"{name}: prediction")).to_have_value(str(value))
    expect(page.get_by_label("Anna: card points")).to_be_visible()


def expect_totals(page: Page, *totals: int) -> None:
    for name, total in zip(NAMES, totals, strict=True):
        expect(page.locator(f'[data-total="{name}"]')).to_have_text(str(total))


def expect_deal(page: Page, number: int, *scores: int) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(s) for s in scores])


def start_game(page: Page) -> None:
    """New game: Differenzler, four players, 2 deals."""
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("differenzler")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, name in enumerate(NAMES, start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}\b")).press_sequentially(name)
    page.get_by_text("Adjust the rules").click()
    page.get_by_label("Deals").fill("2")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Differenzler #\d+$"))


def test_play_a_differenzler_game_to_the_ranking(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    sign_in(page, live_server.url, "scorer")
    start_game(page)
    game = Game.objects.get()
    assert game.settings == {"exact_bonus": 0, "deals": 2, "exact_bonus_on_zero": False, "end_at": None}
    expect_totals(page, 0, 0, 0, 0)
    expect(page.locator("#deals-left")).to_contain_text("2 of 2 deals left.")

    # Deal 1, Rosen. Before the deal, the predictions: the Enter key keeps them on the game.
    expect(page.locator("#dealform h2")).to_have_text("Deal 1 of 2")
    expect_asking(page)
    screenshot(page, "differenzler-predictions-390")
    tap_trump(page, "Rosen")
    type_column(page, "prediction", (40, 0, 60, 50))
    page.keyboard.press("Enter")
    expect_kept(page, "Rosen", (40, 0, 60, 50))
    game.refresh_from_db()
    said = {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50}
    assert game.pending_entry == {"number": 1, "entry": {"trump": "hearts", "predictions": said}}
    assert game.deals.count() == 0
    # The phone reloads the page (or another phone opens it): the predictions are still there.
    page.reload()
    expect_kept(page, "Rosen", (40, 0, 60, 50))
    screenshot(page, "differenzler-predictions-kept-390")
    # After the deal, the card points. The preview follows the typing: first the engine's objection ...
    type_column(page, "card points", (37, 0, 63, 50))
    expect(page.locator("#preview")).to_have_text("Card points must total 157; these total 150.")
    # ... then, with Cla's 70, each player's penalty: Anna |37 - 40| = 3, Beat 0, Cla |70 - 60| = 10, Dora 0.
    page.get_by_label("Cla: card points").fill("70")
    penalties = re.compile(r"penalties\s+Anna 3 · Beat 0 · Cla 10 · Dora 0")
    expect(page.locator("#preview")).to_have_text(penalties)
    page.keyboard.press("Enter")
    expect(page.locator('tr[data-deal="1"]')).to_be_visible()
    expect_deal(page, 1, 3, 0, 10, 0)
    expect_totals(page, 3, 0, 10, 0)
    expect(page.locator('tr[data-deal="1"] .dz-hits')).to_have_attribute("title", "Exact: Beat, Dora")
    game.refresh_from_db()
    assert (game.deals.get().entry, game.pending_entry) == (
        {"trump": "hearts", "predictions": said, "points": {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50}},
        {},
    )
    # Deal 2 asks for its predictions again, nothing typed.
    expect(page.locator("#dealform h2")).to_have_text("Deal 2 of 2")
    expect_asking(page)

    # Deal 2, Obenabe: a prediction of 158 is refused beside the predictions, and nothing is kept.
    tap_trump(page, "Obenabe")
    type_column(page, "prediction", (30, 20, 158, 40))
    page.get_by_role("button", name="Save predictions").click()
    expect(page.locator("#predictions-error")).to_have_text(
        "Cla's prediction must be a whole number from 0 to 157."
    )
    # The keyboard goes to Cla's prediction, the one to fix, not to the first of the row.
    expect(page.get_by_label("Cla: prediction")).to_be_focused()
    expect(page.locator("[aria-invalid=true]")).to_have_count(1)
    game.refresh_from_db()
    assert game.pending_entry == {}
    page.get_by_label("Cla: prediction").fill("60")
    page.get_by_role("button", name="Save predictions").click()
    expect_kept(page, "Obenabe", (30, 20, 60, 40))
    # A total of 167 is refused beside the card points, and nothing is saved.
    type_column(page, "card points", (30, 27, 60, 50))
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.locator("#points-error")).to_have_text("Card points must total 157; these total 167.")
    expect(page.locator('tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, 3, 0, 10, 0)
    expect(page.locator("#deals-left")).to_contain_text("Last deal.")
    screenshot(page, "differenzler-mid-game-390")

    # Cla took 50, not 60: Anna 0 (exact), Beat |27 - 20| = 7, Cla |50 - 60| = 10, Dora |50 - 40| = 10.
    # Totals: Anna 3, Beat 7, Cla 20, Dora 10. The game ends: Anna wins, then Beat, Dora, Cla.
    page.get_by_label("Cla: card points").fill("50")
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.locator(".winner")).to_have_text("🏆 Anna wins!")
    expect_deal(page, 2, 0, 7, 10, 10)
    expect_totals(page, 3, 7, 20, 10)
    expect(page.locator(".ranking li")).to_have_text(["1. Anna 3", "2. Beat 7", "3. Dora 10", "4. Cla 20"])
    expect(page.locator("#dealform")).to_have_count(0)
    expect(page.locator("#deals-left")).to_contain_text("All 2 deals played.")
    screenshot(page, "differenzler-finished-390")

    # A correction after the end: in deal 2 Anna took 60 and Cla 20 (Anna |60 - 30| = 30,
    # Cla |20 - 60| = 40). Totals: Anna 33, Beat 7, Cla 50, Dora 10. Beat wins now.
    page.get_by_role("link", name="Edit deal 2").click()
    expect(page.locator("#dealform h2")).to_have_text("Correct deal 2")
    expect(page.get_by_label("Cla: card points")).to_have_value("50")
    page.get_by_label("Anna: card points").fill("60")
    page.get_by_label("Cla: card points").fill("20")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_contain_text("Deal 2 corrected.")
    expect(page.locator(".winner")).to_have_text("🏆 Beat wins!")
    expect_totals(page, 33, 7, 50, 10)
    expect(page.locator(".ranking li")).to_have_text(["1. Beat 7", "2. Dora 10", "3. Anna 33", "4. Cla 50"])
    expect(page.locator("#dealform")).to_have_count(0)
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Beat")
    assert game.totals == {"Anna": 33, "Beat": 7, "Cla": 50, "Dora": 10}
