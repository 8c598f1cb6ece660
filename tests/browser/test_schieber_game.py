"""A Schieber game played in real Chromium on a phone-sized screen, and a spectator following one.

Every expected number is computed by hand in the comments. The game uses the "flat" preset (every
trump x1, match bonus 100, Weis and Stöck x1) with the target lowered to 1000.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser


# ---- what a player does on the page ---------------------------------------------------------------


def group(page: Page, legend: str) -> Locator:
    """A fieldset of the deal form, by its legend."""
    return page.locator("#dealform fieldset").filter(
        has=page.locator("legend", has_text=re.compile(rf"^{re.escape(legend)}"))
    )


def tap(page: Page, legend: str, label: str) -> None:
    """Tap one of the big choice buttons (a radio under its label) and see it selected."""
    button = group(page, legend).locator("label.choice").filter(has_text=label)
    button.click()
    expect(button.locator("input")).to_be_checked()


def points_field(page: Page) -> Locator:
    return page.locator("#dealform input[name=points]")


def type_points(page: Page, points: int) -> None:
    field = points_field(page)
    field.click()
    page.keyboard.type(str(points))


def expect_totals(page: Page, a: int, b: int) -> None:
    expect(page.locator('[data-total="A"]')).to_have_text(str(a))
    expect(page.locator('[data-total="B"]')).to_have_text(str(b))


def expect_deal(page: Page, number: int, a: int, b: int) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(a), str(b)])


def play_deal(page: Page, number: int, trump: str, team: str, points: int) -> None:
    """The common case: trump, team, type the points, Enter."""
    expect(page.locator("#dealform h2")).to_have_text(f"Deal {number}")
    tap(page, "Trump", trump)
    tap(page, "Card points of", f"{team} ·")
    type_points(page, points)
    page.keyboard.press("Enter")
    expect(page.locator(f'tr[data-deal="{number}"]')).to_be_visible()


def expect_no_sideways_scroll(page: Page) -> None:
    """At phone width nothing may be wider than the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"  # type: ignore[index]


# ---- the game ----------------------------------------------------------------------------------------


def test_play_a_schieber_game_to_the_winner(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    base = live_server.url
    sign_in(page, base, "scorer")

    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()

    # Choosing the variant reloads the whole form (htmx): wait for the new one before typing names.
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("schieber")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    # Team A is seats 1 and 3 (Anna, Beat: on the roster), team B seats 2 and 4 (new players).
    for seat, team, name in ((1, "A", "Anna"), (2, "B", "Fritz"), (3, "A", "Beat"), (4, "B", "Gret")):
        page.get_by_label(f"Seat {seat} · team {team}").press_sequentially(name)

    # "flat": every trump x1. The preset reloads the settings block; wait for it before editing it.
    page.get_by_label("Rules preset").select_option("flat")
    expect(page.locator('input[name="multipliers.spades"]')).to_have_value("1")
    page.get_by_text("Adjust the rules").click()
    page.locator('input[name="target"]').fill("1000")
    expect_no_sideways_scroll(page)
    page.get_by_role("button", name="Start game").click()

    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Schieber #\d+ · to 1000$"))
    expect(page.locator('[data-side="A"] .who')).to_have_text("Team A · Anna & Beat")
    expect(page.locator('[data-side="B"] .who')).to_have_text("Team B · Fritz & Gret")
    expect_totals(page, 0, 0)
    game = Game.objects.get()
    assert game.settings["target"] == 1000
    assert set(game.settings["multipliers"].values()) == {1}
    assert set(Player.objects.filter(club=club).values_list("name", flat=True)) >= {"Fritz", "Gret"}

    # Deal 1, Rosen, team A 83: the other team's points are shown live before Enter.
    # A 83, B 157 - 83 = 74. Totals A 83, B 74.
    tap(page, "Trump", "🌹 Rosen")
    tap(page, "Card points of", "A · Anna & Beat")
    type_points(page, 83)
    expect(page.locator("#preview")).to_contain_text("B 74")
    page.keyboard.press("Enter")
    expect(page.locator('tr[data-deal="1"]')).to_be_visible()
    expect_deal(page, 1, 83, 74)
    expect_totals(page, 83, 74)
    expect(points_field(page)).to_have_value("")

    # Deal 2, Schellen, team B: 1 point is refused inline and nothing is saved ...
    tap(page, "Trump", "Schellen")
    tap(page, "Card points of", "B · Fritz & Gret")
    type_points(page, 1)
    page.keyboard.press("Enter")
    expect(page.locator("#points-error")).to_contain_text("cannot be 1")
    expect(points_field(page)).to_have_attribute("aria-invalid", "true")
    expect(page.locator('tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, 83, 74)
    # ... the choices are kept; the scorer corrects to 100 and taps team B's Weis of 50.
    # A 157 - 100 = 57; B 100 + 50 = 150. Totals A 83 + 57 = 140, B 74 + 150 = 224.
    expect(group(page, "Trump").get_by_role("radio", name="Schellen")).to_be_checked()
    points_field(page).fill("")
    type_points(page, 100)
    page.get_by_role("group", name="B · Fritz & Gret").get_by_text("50", exact=True).click()
    page.keyboard.press("Enter")  # the tap left the focus in the points
    expect(page.locator('tr[data-deal="2"]')).to_be_visible()
    expect_deal(page, 2, 57, 150)
    expect(page.locator('tr[data-deal="2"]')).to_contain_text("Weis B 50")
    expect(page.locator("#points-error")).to_have_count(0)
    expect_totals(page, 140, 224)

    # Deal 3, Schilten, team A 120 with Stöck for team A (tapped).
    # A 120 + 20 = 140, B 157 - 120 = 37. Totals A 140 + 140 = 280, B 224 + 37 = 261.
    tap(page, "Trump", "Schilten")
    tap(page, "Card points of", "A · Anna & Beat")
    tap(page, "Stöck", "A · Anna & Beat")
    type_points(page, 120)
    page.keyboard.press("Enter")
    expect(page.locator('tr[data-deal="3"]')).to_be_visible()
    expect_deal(page, 3, 140, 37)
    expect(page.locator('tr[data-deal="3"]')).to_contain_text("Stöck A")
    expect_totals(page, 280, 261)

    # Deal 4, Eicheln, a match by team B (the toggle, then the save button).
    # B 157 + 100 bonus = 257, A 0. Totals A 280, B 261 + 257 = 518.
    tap(page, "Trump", "Eicheln")
    tap(page, "Card points of", "B · Fritz & Gret")
    page.get_by_label("Match: all 9 tricks to the team above").check()
    page.get_by_role("button", name="Save deal 4").click()
    expect(page.locator('tr[data-deal="4"]')).to_be_visible()
    expect_deal(page, 4, 0, 257)
    expect(page.locator('tr[data-deal="4"]')).to_contain_text("Match B")
    expect_totals(page, 280, 518)
    expect_no_sideways_scroll(page)
    screenshot(page, "schieber-mid-game-390")

    # Deals 5 to 7: (number, trump, team, points, deal score A, B, total A, B).
    for number, trump, team, points, deal_a, deal_b, total_a, total_b in (
        (5, "Obenabe", "A", 130, 130, 27, 410, 545),  # B 157 - 130 = 27; 280 + 130, 518 + 27
        (6, "Undenufe", "A", 150, 150, 7, 560, 552),  # B 157 - 150 = 7; 410 + 150, 545 + 7
        (7, "Rosen", "B", 60, 97, 60, 657, 612),  # A 157 - 60 = 97; 560 + 97, 552 + 60
    ):
        play_deal(page, number, trump, team, points)
        expect_deal(page, number, deal_a, deal_b)
        expect_totals(page, total_a, total_b)

    # Correct deal 1: team A had 93, not 83. Deal 1 becomes A 93, B 64: A +10, B -10.
    # Totals A 657 + 10 = 667, B 612 - 10 = 602.
    page.get_by_role("link", name="Edit deal 1").click()
    expect(page.locator("#dealform h2")).to_have_text("Correct deal 1")
    expect(points_field(page)).to_have_value("83")
    expect(group(page, "Trump").get_by_role("radio", name="Rosen")).to_be_checked()
    points_field(page).fill("93")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_contain_text("Deal 1 corrected.")
    expect_deal(page, 1, 93, 64)
    expect_totals(page, 667, 602)
    expect(page.locator("#dealform h2")).to_have_text("Deal 8")

    for number, trump, team, points, deal_a, deal_b, total_a, total_b in (
        (8, "Schellen", "A", 100, 100, 57, 767, 659),  # B 57; 667 + 100, 602 + 57
        (9, "Schilten", "B", 120, 37, 120, 804, 779),  # A 37; 767 + 37, 659 + 120
        (10, "Eicheln", "B", 110, 47, 110, 851, 889),  # A 47; 767 + 37 + 47, 779 + 110
        (11, "Obenabe", "A", 70, 70, 87, 921, 976),  # B 87; 851 + 70, 889 + 87
    ):
        play_deal(page, number, trump, team, points)
        expect_deal(page, number, deal_a, deal_b)
        expect_totals(page, total_a, total_b)

    # Deal 12, Undenufe, team A 80: A 921 + 80 = 1001, B 976 + 77 = 1053. Both pass 1000 with card
    # points, so the form asks who got there first; the table says team A, who wins with fewer points.
    expect(page.locator("#first-out")).to_have_count(0)
    tap(page, "Trump", "Undenufe")
    tap(page, "Card points of", "A · Anna & Beat")
    type_points(page, 80)
    page.keyboard.press("Enter")
    expect(page.locator("#first-out")).to_contain_text("which team got there first?")
    expect(page.locator('tr[data-deal="12"]')).to_have_count(0)
    expect_totals(page, 921, 976)
    tap(page, "Both teams reach the target", "A · Anna & Beat")
    page.get_by_role("button", name="Save deal 12").click()

    expect(page.locator(".winner")).to_have_text("🏆 Anna & Beat win!")
    expect_deal(page, 12, 80, 77)
    expect_totals(page, 1001, 1053)
    expect(page.locator("#dealform")).to_have_count(0)
    expect(page.locator("tr[data-deal]")).to_have_count(12)
    expect_no_sideways_scroll(page)
    screenshot(page, "schieber-finished-390")

    # A reload shows the same finished game, still without a deal form.
    page.reload()
    expect(page.locator(".winner")).to_have_text("🏆 Anna & Beat win!")
    expect_totals(page, 1001, 1053)
    expect(page.locator("#dealform")).to_have_count(0)
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "schieber-finished-1280")
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 1001, "B": 1053})


# ---- a spectator ---------------------------------------------------------------------------------------


def test_spectator_page_follows_the_game_without_reloading(
    live_server: LiveServer,
    new_page: Callable[[], Page],
    club: Club,
    make_game: Callable[..., Game],
) -> None:
    base = live_server.url
    club.is_public = True
    club.save(update_fields=["is_public"])
    # Seats Anna, Beat, Cla, Dora: team A is Anna & Cla, team B Beat & Dora. Flat, target 300.
    game = make_game(settings={"multipliers": "flat", "target": 300})

    spectator = new_page()
    spectator.goto(f"{base}/games/{game.pk}/")
    expect(spectator.locator(".topbar")).to_contain_text("Sign in")
    expect_totals(spectator, 0, 0)
    expect(spectator.locator("#dealform")).to_have_count(0)
    spectator.evaluate("window.notReloaded = true")  # gone if the page were loaded again

    scorer = new_page()
    sign_in(scorer, base, "scorer")
    scorer.goto(f"{base}/games/{game.pk}/")
    # Deal 1, Rosen, team A 83: A 83, B 74.
    play_deal(scorer, 1, "Rosen", "A", 83)
    expect_totals(scorer, 83, 74)

    # The spectator's page polls every 4 s: the new totals and the deal appear by themselves.
    expect_totals(spectator, 83, 74)
    expect_deal(spectator, 1, 83, 74)
    assert spectator.evaluate("window.notReloaded") is True

    # Another phone finishes the game: deal 2, a match by team A: A 83 + 257 = 340 >= 300, B 74.
    services.record_deal(
        game_id=game.pk,
        entry={"trump": "hearts", "match": "A"},
        by=User.objects.get(username="owner"),
        number=2,
        client_token=uuid.uuid4(),
    )
    for page in (spectator, scorer):
        expect(page.locator(".winner")).to_have_text("🏆 Anna & Cla win!")
        expect_totals(page, 340, 74)
        expect_deal(page, 2, 257, 0)
        expect(page.locator("#dealform")).to_have_count(0)
    assert spectator.evaluate("window.notReloaded") is True


def test_a_correction_saved_from_its_page_leaves_no_htmx_error(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    """The correction's page has no list, totals or poll: the answer's parts for the game page are not
    swapped into it (htmx would report each one missing), and the phone goes on to the game page."""
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="schieber", players=players, settings={}, by=owner)
    entry = {"trump": "hearts", "points": {"A": 100}}
    services.record_deal(game_id=game.pk, entry=entry, by=owner, number=1, client_token=uuid.uuid4())
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if "htmx:" in message.text else None)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/deals/1/edit/")
    points_field(page).fill("90")
    page.get_by_role("button", name=re.compile("^Save")).click()
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    expect_deal(page, 1, 90, 67)
    assert errors == []
