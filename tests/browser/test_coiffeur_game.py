"""A whole Coiffeur game in real Chromium on a phone-sized screen, from the new-game page to the winner.

The club plays a short board of two rows, Rosen x1 and Slalom x7, built line by line in the board editor,
so each team announces twice; match bonus and counter-match bonus 100. Team A is Anna & Cla (seats 1 and
3), team B Beat & Dora. Every expected number is computed by hand in the comments. A second game counts
Weis and Stöck and rounds to tens (house rules), and takes them in taps.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from tests.browser.steps import screenshot, sign_in

pytestmark = pytest.mark.browser

TEAM_A = "A · Anna & Cla"
TEAM_B = "B · Beat & Dora"
X = "\u00d7"


def button(page: Page, legend: str, label: str) -> Locator:
    """One of the big choice buttons of the deal form, under its legend."""
    group = page.locator("#dealform fieldset").filter(has=page.locator("legend", has_text=legend))
    return group.locator("label.choice").filter(has_text=label)


def tap(page: Page, legend: str, label: str) -> None:
    choice = button(page, legend, label)
    choice.click()
    expect(choice.locator("input")).to_be_checked()


def points_field(page: Page) -> Locator:
    return page.locator("#dealform input[name=points]")


def expect_totals(page: Page, a: int, b: int) -> None:
    expect(page.locator('[data-total="A"]')).to_have_text(str(a))
    expect(page.locator('[data-total="B"]')).to_have_text(str(b))


def expect_cells(page: Page, row: str, a: str, b: str) -> None:
    """The two team cells of a row of the Coiffeur board."""
    cells = page.locator(f'#coiffeur-board tr[data-row="{row}"] td')
    expect(cells).to_have_text([words(a), words(b)])


def words(text: str) -> re.Pattern[str]:
    """The cell's words as a reader sees them: any run of spaces and line breaks counts as one space."""
    return re.compile(r"^\s*" + r"\s+".join(re.escape(word) for word in text.split()) + r"\s*$")


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name=f"Save deal {number}").click()
    expect(page.locator(f'tr[data-deal="{number}"]')).to_be_visible()


def board_lines(page: Page) -> list[tuple[str, str]]:
    """The board editor's lines as shown: each line's row (as the list names it) and multiplier."""
    shown = page.locator("#settings [data-line]:visible")
    return [
        (line.locator("select option:checked").inner_text(), line.locator("input").input_value())
        for line in shown.all()
    ]


def build_board(page: Page) -> None:
    """The default board's six lines become Rosen x1 and Slalom x7, with the editor's buttons: a line added
    (Gusti x8), moved up, and removed again; Schellen's line turned into Slalom; the rest removed."""
    editor = page.locator("#settings")
    expect(editor.get_by_role("button", name="+ Add a row")).to_be_visible()
    expect(editor.locator("[data-line]:visible")).to_have_count(6)  # the empty lines wait, hidden
    editor.get_by_role("button", name="+ Add a row").click()
    expect(editor.get_by_label("Row 7", exact=True)).to_be_focused()
    editor.get_by_label("Row 7", exact=True).select_option("gusti")
    editor.get_by_label("Multiplier of row 7").fill("8")
    editor.get_by_role("button", name="Move up: Row 7").click()
    assert board_lines(page)[5:] == [("Gusti", "8"), ("⬆ Undenufe", "6")]
    editor.get_by_role("button", name="Remove: Row 6").click()  # Gusti goes, Undenufe moves up
    editor.get_by_label("Row 2", exact=True).select_option("slalom")
    editor.get_by_label("Multiplier of row 2").fill("7")
    for _ in range(4):  # Schilten, Eicheln, Obenabe, Undenufe: each removal moves the next one up
        editor.get_by_role("button", name="Remove: Row 3").click()
    assert board_lines(page) == [("🌹 Rosen", "1"), ("Slalom", "7")]
    expect(editor.get_by_role("button", name="Move down: Row 2")).to_be_disabled()


def start_game(page: Page, base: str) -> None:
    """New game: Coiffeur, four players, a board of two rows built in the rules' board editor."""
    page.get_by_role("link", name="Jassclub Zürich").click()
    page.get_by_role("link", name="New game").click()
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.get_by_label("Variant").select_option("coiffeur")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, team, name in ((1, "A", "Anna"), (2, "B", "Beat"), (3, "A", "Cla"), (4, "B", "Dora")):
        page.get_by_label(f"Seat {seat} · team {team}").press_sequentially(name)
    page.get_by_text("Adjust the rules").click()
    build_board(page)
    screenshot(page, "coiffeur-board-editor-390")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Coiffeur #\d+$"))


def test_play_a_coiffeur_game_to_the_winner(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    base = live_server.url
    sign_in(page, base, "scorer")
    start_game(page, base)
    game = Game.objects.get()
    assert game.settings["rows"] == [["hearts", 1], ["slalom", 7]]
    expect(page.locator('[data-side="A"] .who')).to_have_text("Team A · Anna & Cla")
    expect(page.locator('[data-side="B"] .who')).to_have_text("Team B · Beat & Dora")
    expect_totals(page, 0, 0)
    expect_cells(page, "hearts", "open", "open")

    # Deal 1: team A (offered first) plays Rosen x1 with 83: the preview shows the score before Enter.
    # A 83 x1 = 83. Totals A 83, B 0.
    expect(page.locator("#dealform h2")).to_have_text("Deal 1")
    expect(button(page, "Announced by", TEAM_A).locator("input")).to_be_checked()
    tap(page, "Row", f"Rosen {X}1")
    points_field(page).click()
    page.keyboard.type("83")
    expect(page.locator("#preview")).to_contain_text("A +83")
    page.keyboard.press("Enter")
    expect(page.locator('tr[data-deal="1"]')).to_be_visible()
    expect_totals(page, 83, 0)
    expect_cells(page, "hearts", f"83 83 {X} 1", "open")

    # Deal 2: team B is offered now (more rows open). Team A's Rosen is gone from the buttons,
    # team B's is there. 1 point is refused beside the points and nothing is saved.
    expect(button(page, "Announced by", TEAM_B).locator("input")).to_be_checked()
    expect(button(page, "Row", f"Rosen {X}1")).to_be_visible()
    tap(page, "Announced by", TEAM_A)
    expect(button(page, "Row", f"Rosen {X}1")).to_be_hidden()
    expect(button(page, "Row", f"Slalom {X}7")).to_be_visible()
    tap(page, "Announced by", TEAM_B)
    tap(page, "Row", f"Slalom {X}7")
    points_field(page).fill("1")
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.locator("#points-error")).to_have_text("Card points cannot be 1: no card is worth 1 point.")
    expect(points_field(page)).to_have_attribute("aria-invalid", "true")
    expect(page.locator('tr[data-deal="2"]')).to_have_count(0)
    expect_totals(page, 83, 0)
    # Corrected to 60: B 60 x7 = 420. Totals A 83, B 420.
    expect(button(page, "Row", f"Slalom {X}7").locator("input")).to_be_checked()
    points_field(page).fill("60")
    save(page, 2)
    expect_totals(page, 83, 420)
    expect_cells(page, "slalom", "open", f"420 60 {X} 7")

    # Deal 3: team A, Slalom, a match: (157 + 100) x7 = 1799. Totals A 83 + 1799 = 1882, B 420.
    tap(page, "Announced by", TEAM_A)
    tap(page, "Row", f"Slalom {X}7")
    page.get_by_label("Match (all 9 tricks)").check()
    expect(page.locator("#preview")).to_contain_text("A +1799")
    save(page, 3)
    expect_totals(page, 1882, 420)
    expect_cells(page, "slalom", f"1799 match 157 + 100 = 257 {X} 7", f"420 60 {X} 7")
    expect(page.locator('[data-open-count="A"]')).to_have_text("done")
    expect(page.locator('[data-open-count="B"]')).to_have_text("1 row")
    screenshot(page, "coiffeur-mid-game-390")

    # A correction: deal 1 was 93, not 83. A +10: totals A 1892, B 420.
    page.get_by_role("link", name="Edit deal 1").click()
    expect(page.locator("#dealform h2")).to_have_text("Correct deal 1")
    expect(points_field(page)).to_have_value("83")
    expect(button(page, "Row", f"Rosen {X}1").locator("input")).to_be_checked()
    points_field(page).fill("93")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#outbox")).to_contain_text("Deal 1 corrected.")
    expect_totals(page, 1892, 420)
    expect_cells(page, "hearts", f"93 93 {X} 1", "open")

    # Deal 4: team A has played every row, so team B is offered, with Rosen its only row left.
    # Team B is counter-matched: B writes 0 in Rosen, A gets 100. Totals A 1992, B 420: A wins.
    expect(page.locator("#dealform h2")).to_have_text("Deal 4")
    expect(button(page, "Announced by", TEAM_B).locator("input")).to_be_checked()
    expect(page.locator("#dealform .coiffeur-rows label.choice:visible")).to_have_count(1)
    tap(page, "Announced by", TEAM_A)
    expect(page.locator("#dealform .coiffeur-rows label.choice:visible")).to_have_count(0)
    expect(page.get_by_text("Team A has played every row.")).to_be_visible()
    tap(page, "Announced by", TEAM_B)
    expect(page.get_by_text("Team A has played every row.")).to_be_hidden()
    tap(page, "Row", f"Rosen {X}1")
    page.get_by_label("Counter-match (the others took all 9)").check()
    expect(page.locator("#preview")).to_contain_text("A +100")
    save(page, 4)

    expect(page.locator(".winner")).to_have_text("🏆 Anna & Cla win!")
    expect_totals(page, 1992, 420)
    expect_cells(page, "hearts", f"93 93 {X} 1", "0 counter-match")
    expect(page.locator("#coiffeur-board tr.bonus td")).to_have_text(["+100", "\u2013"])
    expect(page.locator('[data-open-count="B"]')).to_have_text("done")
    expect(page.locator("#dealform")).to_have_count(0)
    screenshot(page, "coiffeur-finished-390")

    page.reload()
    expect(page.locator(".winner")).to_have_text("🏆 Anna & Cla win!")
    expect(page.locator("#dealform")).to_have_count(0)
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 1992, "B": 420})


def weis_button(page: Page, label: str) -> Locator:
    """One of the Weis buttons: "Weis 50" to a screen reader, "50" on the screen; or "none", "other"."""
    return page.locator("#dealform .weis-pick label.choice").filter(
        has=page.get_by_role("radio", name=label, exact=True)
    )


def test_weis_and_stoeck_are_entered_by_taps(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    owner = User.objects.get(username="owner")
    settings = {"weis": True, "round_to": 10}
    game = services.create_game(club=club, variant="coiffeur", players=players, settings=settings, by=owner)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    other = page.locator("#dealform input[name=weis_other]")

    # Deal 1: team A, Eicheln x4, 83 card points, Weis 50 and Stöck, each one tap.
    # 83 + 50 + 20 = 153, rounded 150, x4 = 600.
    expect(weis_button(page, "none").locator("input")).to_be_checked()
    expect(other).to_be_hidden()
    tap(page, "Row", f"Eicheln {X}4")
    points_field(page).fill("83")
    weis_button(page, "Weis 50").click()
    expect(weis_button(page, "Weis 50").locator("input")).to_be_checked()
    page.get_by_label("Stöck (King and Queen of trump)").check()
    preview_sum = r"\s+".join(map(re.escape, f"83 + 50 Weis + 20 Stöck = 153 \u2192 150 {X} 4".split()))
    expect(page.locator("#preview")).to_contain_text(re.compile(preview_sum))
    expect(page.locator("#preview")).to_contain_text("A +600")
    screenshot(page, "coiffeur-weis-form-390")
    save(page, 1)
    expect_totals(page, 600, 0)
    expect_cells(page, "clubs", f"600 83 + 50 Weis + 20 Stöck = 153 \u2192 150 {X} 4", "open")

    # The form is empty again for deal 2: no Weis, no Stöck.
    expect(weis_button(page, "none").locator("input")).to_be_checked()
    expect(page.get_by_label("Stöck (King and Queen of trump)")).not_to_be_checked()

    # Deal 2: team B (offered), Schilten x3, 61 and a Weis of 70: "other" opens the number field and
    # the keyboard goes there. 61 + 70 = 131, rounded 130, x3 = 390.
    expect(button(page, "Announced by", TEAM_B).locator("input")).to_be_checked()
    tap(page, "Row", f"Schilten {X}3")
    points_field(page).fill("61")
    weis_button(page, "other").click()
    expect(other).to_be_visible()
    expect(other).to_be_focused()
    page.keyboard.type("70")
    expect(page.locator("#preview")).to_contain_text("B +390")
    save(page, 2)
    expect_totals(page, 600, 390)
    expect_cells(page, "spades", "open", f"390 61 + 70 Weis = 131 \u2192 130 {X} 3")
    expect(other).to_be_hidden()
    screenshot(page, "coiffeur-weis-board-390")

    game.refresh_from_db()
    assert [deal.entry for deal in game.deals.order_by("number")] == [
        {"team": "A", "row": "clubs", "points": 83, "weis": {"A": 50}, "stoeck": "A"},
        {"team": "B", "row": "spades", "points": 61, "weis": {"B": 70}},
    ]
    assert game.totals == {"A": 600, "B": 390}


def test_the_announcing_team_takes_turns(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    """Team B begins: after each deal saved the form ticks the team that did not announce it, also when
    both teams have played as many rows (team A was offered then, whoever began); a tap picks the other."""
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="coiffeur", players=players, settings={}, by=owner)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/")

    # Deal 1: team A is offered, team B announces: Rosen x1 with 83. B 83.
    expect(button(page, "Announced by", TEAM_A).locator("input")).to_be_checked()
    tap(page, "Announced by", TEAM_B)
    tap(page, "Row", f"Rosen {X}1")
    points_field(page).fill("83")
    save(page, 1)
    expect_totals(page, 0, 83)

    # Deal 2: team A (offered): Rosen x1 with 70. A 70, B 83.
    expect(button(page, "Announced by", TEAM_A).locator("input")).to_be_checked()
    tap(page, "Row", f"Rosen {X}1")
    points_field(page).fill("70")
    save(page, 2)
    expect_totals(page, 70, 83)

    # Deal 3: one row each, team B's turn again: Schellen x2 with 100 = 200. A 70, B 283.
    expect(button(page, "Announced by", TEAM_B).locator("input")).to_be_checked()
    tap(page, "Row", f"Schellen {X}2")
    points_field(page).fill("100")
    save(page, 3)
    expect_totals(page, 70, 283)

    # Deal 4: team A is offered; team B announces once more (tapped): Schilten x3 with 50 = 150. B 433.
    expect(button(page, "Announced by", TEAM_A).locator("input")).to_be_checked()
    tap(page, "Announced by", TEAM_B)
    tap(page, "Row", f"Schilten {X}3")
    points_field(page).fill("50")
    save(page, 4)
    expect_totals(page, 70, 433)

    # Deal 5: team B announced last, so team A is offered.
    expect(button(page, "Announced by", TEAM_A).locator("input")).to_be_checked()
    page.reload()
    expect(button(page, "Announced by", TEAM_A).locator("input")).to_be_checked()

    game.refresh_from_db()
    assert [deal.entry["team"] for deal in game.deals.order_by("number")] == ["B", "A", "B", "B"]
    assert game.totals == {"A": 70, "B": 433}
