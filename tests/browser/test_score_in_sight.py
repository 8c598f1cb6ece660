"""The score in sight at every deal, on a phone at the table (390 x 844, touch).

From the moment a deal is saved until the next one is typed, the scorer sees without scrolling both
sides' totals and the last deal's row in the score bar (game.html#scorebar, sticky at the top of the
screen while the deal form is on it), with the keyboard already on the next deal's first field, never
under the bar. One game of every variant, its deal(s) typed through the page; every number is worked
out by hand in the comments. A Delete acts at once, with no question, and Undo brings the deal back.

Screenshots of what the scorer sees after the save go to /tmp/shots/<variant>.png, to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Dialog, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.rules import VARIANT_MODULES, get_variant
from tests.browser.steps import ALL_SAVED, TOUCH, box_of, in_sight, open_game

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
X = "\u00d7"
BAR = "#scorebar"
# the next deal's first field: the one the outbox puts the keyboard on (outbox.js, resetForNext), or in a
# form without a number field (Jazz's King of Hearts) its first button
FIRST_FIELD = """() => {
  const form = document.getElementById("dealform");
  const first = form && (form.querySelector("[autofocus]") || form.querySelector("input[type=number]")
    || form.querySelector("input:not([type=hidden]):not(:disabled), select, textarea"));
  return Boolean(first) && document.activeElement === first;
}"""


# ---- typing a deal, variant by variant ---------------------------------------------------------------


def choice(page: Page, scope: str, label: str | re.Pattern[str]) -> None:
    """Tap one of the deal form's big buttons inside `scope` (a fieldset's id or class)."""
    button = page.locator(f"#dealform {scope} label.choice").filter(has_text=label)
    button.click()
    expect(button.locator("input")).to_be_checked()


def in_group(page: Page, legend: str, label: str) -> None:
    """Tap a big button of the fieldset whose legend says `legend`."""
    group = page.locator("#dealform fieldset").filter(has=page.locator("legend", has_text=legend))
    button = group.locator("label.choice").filter(has_text=label)
    button.click()
    expect(button.locator("input")).to_be_checked()


def type_into(box: Locator, value: int) -> None:
    """Tap the box and type, as a thumb on the number keyboard does."""
    box.click()
    box.fill("")
    box.press_sequentially(str(value))


def schieber(page: Page) -> None:
    # Deal 1 Rosen (hearts x1), A 83: B 157 - 83 = 74. Deal 2 Obenabe (x3), A 100: A 300, B 57 x 3 = 171.
    for number, trump, points in ((1, "Rosen", 83), (2, "Obenabe", 100)):
        choice(page, ".trumps", trump)
        type_into(page.locator("#dealform input[name=points]"), points)
        page.keyboard.press("Enter")
        expect(page.locator(f'#deals tr[data-deal="{number}"]')).to_be_visible()


def coiffeur(page: Page) -> None:
    # Team A (offered first) plays Rosen x1 with 83: A 83 x 1 = 83, B 0.
    in_group(page, "Row", f"Rosen {X}1")
    type_into(page.locator("#dealform input[name=points]"), 83)
    page.keyboard.press("Enter")


def differenzler(page: Page) -> None:
    # Predictions 40, 0, 60, 50 (kept first), card points 37, 0, 70, 50:
    # penalties |37 - 40| = 3, 0, |70 - 60| = 10, 0.
    choice(page, ".trumps", "Rosen")
    for name, value in zip(("Anna", "Beat", "Cla", "Dora"), (40, 0, 60, 50), strict=True):
        page.get_by_label(f"{name}: prediction").fill(str(value))
    page.keyboard.press("Enter")
    expect(page.get_by_label("Anna: card points")).to_be_visible()
    for name, value in zip(("Anna", "Beat", "Cla", "Dora"), (37, 0, 70, 50), strict=True):
        type_into(page.get_by_label(f"{name}: card points"), value)
    page.keyboard.press("Enter")


def molotow(page: Page) -> None:
    # Zero-sum (big_hand_others 1): Beat's big hand of 100 is 3 potatoes, the others a stick each.
    for seat, value in enumerate((20, 100, 37, 0)):
        type_into(page.locator(f"#dealform input[name=points_{seat}]"), value)
    page.keyboard.press("Enter")


def putz(page: Page) -> None:
    # Cla's 17 is below 21: an apple, -1; Anna (80) and Beat (60) a point each.
    for seat, value in enumerate((80, 60, 17)):
        type_into(page.locator(f"#dealform input[name=points_{seat}]"), value)
    page.keyboard.press("Enter")


def handjass(page: Page) -> None:
    # Anna 100 and Beat 40 make 21: +1 each; Cla's 17 does not: -1.
    for name, value in (("Anna", 100), ("Beat", 40), ("Cla", 17)):
        type_into(
            page.locator(f'#dealform .hj-player[data-player="{name}"]').get_by_label("Card points"), value
        )
    page.get_by_role("button", name="Save deal 1").click()


def pandur(page: Page) -> None:
    # Dora deals and sits out; Anna bids 200 and makes it: 200 // 50 = 4 for Anna.
    choice(page, "#dealer", re.compile("^Dora"))
    choice(page, "#soloist", re.compile("^Anna"))
    type_into(page.locator("#dealform input[name=bid]"), 200)
    choice(page, "#made", re.compile("^Made"))
    page.get_by_role("button", name="Save hand 1").click()


def jazz(page: Page) -> None:
    # Queens, five players: Anna took 2, Beat 1, Dora 1 (Cla and Emil none), 5 a queen: 10, 5, 0, 5, 0.
    form = page.locator("#dealform")
    for name, value in (("Anna", 2), ("Beat", 1), ("Dora", 1)):
        type_into(form.get_by_label(name, exact=True), value)
    expect(page.locator("#preview")).to_contain_text("4 of 4 entered")
    page.get_by_role("button", name="Save deal 1").click()


def guggitaler(page: Page) -> None:
    # Tricks: Anna 3, Beat 2, Cla 4 (Dora's 0 filled in as the rest), 5 a trick: 15, 10, 20, 0.
    form = page.locator("#dealform")
    for name, value in (("Anna", 3), ("Beat", 2), ("Cla", 4)):
        type_into(form.get_by_label(name, exact=True), value)
    expect(page.locator("#preview")).to_contain_text("9 of 9 entered")
    page.get_by_role("button", name="Save deal 1").click()


def free_board(page: Page) -> None:
    # Teams, 157 a deal: A 100 typed in the first box, B left empty gets the rest, 157 - 100 = 57.
    type_into(page.locator("#dealform input[name=points_0]"), 100)
    page.keyboard.press("Enter")


# ---- the table: every variant, what its deal(s) leave in the bar ------------------------------------


@dataclass(frozen=True)
class Case:
    play: Callable[[Page], None]
    last: str
    """The bar's last-deal line, word for word."""
    totals: Mapping[str, int]
    """Each side's total, by the key the bar names it (a team letter, a player's name)."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ("Anna", "Beat", "Cla", "Dora")


CASES: dict[str, Case] = {
    # the Striche preset: marks under each total, and how far each team has to go (2500 - total)
    "schieber": Case(
        schieber, "Deal 2 · 300 : 171", {"A": 383, "B": 245}, get_variant("schieber").presets["striche"]
    ),
    "coiffeur": Case(coiffeur, "Deal 1 · 83 : 0", {"A": 83, "B": 0}),
    "differenzler": Case(
        differenzler,
        "Deal 1 · Anna 3 · Beat 0 · Cla 10 · Dora 0",
        {"Anna": 3, "Beat": 0, "Cla": 10, "Dora": 0},
    ),
    "molotow": Case(
        molotow,
        "Deal 1 · Anna 1 · Beat -3 · Cla 1 · Dora 1",
        {"Anna": 1, "Beat": -3, "Cla": 1, "Dora": 1},
        {"big_hand_others": 1, "deals": 4},
    ),
    "putz": Case(
        putz,
        "Deal 1 · Anna 1 · Beat 1 · Cla -1",
        {"Anna": 1, "Beat": 1, "Cla": -1},
        seats=("Anna", "Beat", "Cla"),
    ),
    "handjass": Case(
        handjass,
        "Deal 1 · Anna 1 · Beat 1 · Cla -1",
        {"Anna": 1, "Beat": 1, "Cla": -1},
        seats=("Anna", "Beat", "Cla"),
    ),
    "pandur": Case(
        pandur, "Hand 1 · Anna 4 · Beat 0 · Cla 0 · Dora 0", {"Anna": 4, "Beat": 0, "Cla": 0, "Dora": 0}
    ),
    "jazz": Case(
        jazz,
        "Deal 1 · Anna 10 · Beat 5 · Cla 0 · Dora 5 · Emil 0",
        {"Anna": 10, "Beat": 5, "Cla": 0, "Dora": 5, "Emil": 0},
        {"games": ["queens", "king_last", "fantan"]},
        ("Anna", "Beat", "Cla", "Dora", "Emil"),
    ),
    "guggitaler": Case(
        guggitaler,
        "Deal 1 · Anna 15 · Beat 10 · Cla 20 · Dora 0",
        {"Anna": 15, "Beat": 10, "Cla": 20, "Dora": 0},
    ),
    "free_board": Case(
        free_board, "Deal 1 · 100 : 57", {"A": 100, "B": 57}, {"sides": "teams", "per_deal": 157}
    ),
}


def start(club: Club, players: list[Player], variant: str, case: Case) -> Game:
    """The game as the new-game page starts it (tests/browser/test_<variant>_game.py go through that page)."""
    known = {player.name: player for player in players}
    seated = [known.get(name) or members.add_player(club=club, name=name) for name in case.seats]
    owner = User.objects.get(username="owner")
    return services.create_game(club=club, variant=variant, players=seated, settings=case.settings, by=owner)


def expect_in_sight(page: Page, selectors: list[str]) -> None:
    """Each element wholly on the screen, the focused field below the bar, the bar at most a quarter of it."""
    height = page.viewport_size["height"]  # type: ignore[index]
    for selector in selectors:
        box = box_of(page, selector)
        assert in_sight(page, box), f"{selector} out of sight: {box} (screen 0..{height})"
    bar = box_of(page, BAR)
    field_box = page.evaluate(
        "() => { const r = document.activeElement.getBoundingClientRect(); return r.top; }"
    )
    assert bar is not None and field_box >= bar["bottom"] - 1, (
        f"the focused field is under the bar: {field_box}"
    )
    assert bar["bottom"] - bar["top"] <= height / 4, (
        f"the bar takes {bar['bottom'] - bar['top']} px of {height}"
    )


@pytest.mark.parametrize("variant", list(VARIANT_MODULES))
def test_after_a_save_the_totals_the_last_deal_and_the_next_field_are_in_sight(
    variant: str,
    live_server: LiveServer,
    new_page: Callable[..., Page],
    club: Club,
    players: list[Player],
) -> None:
    case = CASES.get(variant)
    assert case is not None, f"{variant} has no case here: add what one deal of it leaves in the bar"
    game = start(club, players, variant, case)
    page = new_page(**TOUCH)
    open_game(page, live_server.url, game.pk)

    case.play(page)
    number = re.search(r"\d+", case.last).group(0)  # type: ignore[union-attr]
    bar = page.locator(BAR)
    expect(bar.locator("[data-last-deal]")).to_have_attribute("data-last-deal", number)
    expect(page.locator("#outbox")).to_have_text(ALL_SAVED)
    page.wait_for_function(FIRST_FIELD)  # the keyboard is on the next deal's first field

    expect(bar.locator("[data-last-deal]")).to_have_text(case.last)
    for side, total in case.totals.items():
        expect(bar.locator(f'[data-total="{side}"]')).to_have_text(str(total))
    expect(bar.locator("[data-totals-basis]")).to_be_attached()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{variant}.png")
    expect_in_sight(
        page,
        [
            *(f'{BAR} [data-total="{side}"]' for side in case.totals),
            f"{BAR} [data-last-deal]",
            "#dealform :focus",
        ],
    )
    sizes = bar.locator(".score").evaluate_all(
        "scores => scores.map(s => parseFloat(getComputedStyle(s).fontSize))"
    )
    assert min(sizes) >= 16, sizes
    if variant == "schieber":  # its marks and what is left to go are in the bar too: 2500 - 383, 2500 - 245
        expect(bar.locator(".togo")).to_have_text(["2117 to go", "2255 to go"])
        expect(bar.locator("[data-marks]")).to_have_text(["0 marks", "0 marks"])


# ---- Delete at once, Undo ------------------------------------------------------------------------------


def test_delete_acts_at_once_and_undo_brings_the_deal_back(
    live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]
) -> None:
    # Deal 1 hearts A 83 / B 74; deal 2 Obenabe (x3) A 100 -> 300, B 57 -> 171. Totals 383 : 245.
    game = make_game(
        {}, [{"trump": "hearts", "points": {"A": 83}}, {"trump": "obenabe", "points": {"A": 100}}]
    )
    page = new_page(**TOUCH)
    asked: list[str] = []

    def no_question(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", no_question)
    open_game(page, live_server.url, game.pk)
    bar = page.locator(BAR)
    expect(bar.locator("[data-last-deal]")).to_have_text("Deal 2 · 300 : 171")

    page.get_by_role("button", name="Delete deal 2").tap()
    expect(page.locator('#deals tr[data-deal="2"]')).to_have_count(0)
    undo = page.get_by_role("button", name="Undo: bring deal 2 back")
    expect(undo).to_be_visible()
    expect(undo).to_have_text("Undo")
    expect(page.locator("#outbox")).to_have_text(f"{ALL_SAVED} · Deal 2 deleted.")
    expect(bar.locator("[data-last-deal]")).to_have_text("Deal 1 · 83 : 74")
    expect(bar.locator('[data-total="A"]')).to_have_text("83")
    assert game.deals.count() == 1

    undo.tap()
    expect(page.locator('#deals tr[data-deal="2"] td.num')).to_have_text(["300", "171"])
    expect(undo).to_have_count(0)
    expect(bar.locator("[data-last-deal]")).to_have_text("Deal 2 · 300 : 171")
    expect(bar.locator('[data-total="A"]')).to_have_text("383")
    assert game.deals.count() == 2
    assert asked == []
