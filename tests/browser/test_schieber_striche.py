"""A Striche game to the end with Berg and Schneider (issue 14's acceptance), on a touch phone at 390 px.

The game is started on the new-game page with the preset "Striche": the 2500-point game (hearts and clubs
x1, spades and diamonds x2, Obenabe and Undenufe x3, match bonus 100) with marks, a win 2, the Berg 1 (at
1250), a match 1, a counter-match 2, a Schneider 2 (the loser below 1250). Seats Anna, Beat, Cla, Dora:
team A is Anna & Cla, team B Beat & Dora. Every number is counted by hand in the comments; the screenshots
go to /tmp/shots-schui/ to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club, Game, Player
from scorekeeper.rules.schieber import STRICHE
from tests.browser.steps import new_schieber_game, sign_in

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-schui")
SAVED = "✓ All saved"
TEAM_A, TEAM_B = "A · Anna & Cla", "B · Beat & Dora"


def shot(target: Page | Locator, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if isinstance(target, Page):
        target.screenshot(path=SHOTS / f"{name}.png", full_page=True)
    else:
        target.screenshot(path=SHOTS / f"{name}.png")


def tap(page: Page, legend: str, label: str) -> None:
    """A big choice button of the deal form, by its group's legend and its words."""
    group = page.locator("#dealform fieldset").filter(
        has=page.locator("legend", has_text=re.compile(rf"^{re.escape(legend)}"))
    )
    group.locator("label.choice").filter(has_text=label).first.tap()


def weis(page: Page, team: str, amount: str) -> None:
    row = page.locator("#dealform fieldset.weis-pick").filter(has_text=team)
    row.locator("label.choice").filter(has_text=re.compile(rf"^\s*{amount}\s*$")).tap()


def deal(page: Page, number: int, trump: str, team: str, *, points: int | None = None, **extra: str) -> None:
    """Trump by its keyboard letter, the team, the card points or a Match, a Weis; then Enter."""
    expect(page.locator("#dealform h2")).to_have_text(f"Deal {number}")
    page.locator("#dealform input[name=points]").tap()
    page.keyboard.press(trump)
    tap(page, "Card points of", team)
    if "weis" in extra:
        weis(page, team, extra["weis"])
    if points is None:
        page.locator("#dealform label.toggle").filter(has_text="Match").tap()
        expect(page.locator("#dealform input[name=match]")).to_be_checked()
        page.locator("#dealform button[type=submit]").tap()
    else:
        page.locator("#dealform input[name=points]").tap()
        page.keyboard.type(str(points))
        page.keyboard.press("Enter")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect(page.locator(f'#deals tr[data-deal="{number}"]')).to_be_visible()


def expect_deal(page: Page, number: int, a: int, b: int, marks: str | None = None) -> None:
    row = page.locator(f'#deals tr[data-deal="{number}"]')
    expect(row.locator("td.num")).to_have_text([str(a), str(b)])
    expect(row.locator(".tag.marks")).to_have_text([marks] if marks else [])


def expect_marks(page: Page, a: int, b: int) -> None:
    """Each team's marks: the words under its total, and the strokes beside its Jasstafel's Z."""
    for team, count in (("A", a), ("B", b)):
        words = f"{count} mark" if count == 1 else f"{count} marks"
        expect(page.locator(f'.total [data-marks="{team}"]')).to_have_text(words)
        tally = page.locator(f"#tafel-{team}-marks")
        expect(tally.locator("line")).to_have_count(count)
        expect(tally).to_contain_text(words)


def start_striche_game(page: Page, base: str) -> Game:
    """The new-game page as it is today: the variant, the seats, the preset "Striche", Start."""
    page.goto(f"{base}/clubs/zuerich/games/new/")
    new_schieber_game(page, "striche")
    expect(page.locator("#newgame input[name=marks]")).to_be_checked()  # the preset counts marks
    expect(page.get_by_label("A win", exact=True)).to_have_value("2")
    page.get_by_role("button", name="Start game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Schieber #\d+ · to 2500$"))
    game = Game.objects.get()
    assert (game.settings["marks"], game.settings["target"]) == (STRICHE, 2500)
    return game


def test_a_striche_game_to_the_end_with_berg_and_schneider(
    live_server: LiveServer, new_page: Callable[..., Page], club: Club, players: list[Player]
) -> None:
    page = new_page(has_touch=True, is_mobile=True)
    sign_in(page, live_server.url, "scorer")
    game = start_striche_game(page, live_server.url)
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect_marks(page, 0, 0)

    # 1. Obenabe (x3), a match by A: (157 + 100) x 3 = 771; 1 mark to A.
    deal(page, 1, "o", TEAM_A)
    expect_deal(page, 1, 771, 0, "A +1 mark: match")
    expect_marks(page, 1, 0)

    # 2. Schilten (x2), B 120 and Weis 50: B (120 + 50) x 2 = 340, A 37 x 2 = 74. A 845, B 340.
    deal(page, 2, "c", TEAM_B, points=120, weis="50")
    expect_deal(page, 2, 74, 340)
    expect_marks(page, 1, 0)

    # 3. Undenufe (x3), A 150: A 450, B 7 x 3 = 21. A 1295 passes the Berg at 1250 (B 361): 1 mark.
    deal(page, 3, "u", TEAM_A, points=150)
    expect_deal(page, 3, 450, 21, "A +1 mark: Berg")
    expect_marks(page, 2, 0)
    shot(page.locator("#tafeln"), "1-berg-jasstafel-390")

    # 4. Obenabe, a match by A again: 771. A 2066, B 361; 3 marks.
    deal(page, 4, "o", TEAM_A)
    expect_deal(page, 4, 771, 0, "A +1 mark: match")
    expect_marks(page, 3, 0)

    # 5. Schellen (x2), A 130 and Weis 100: (130 + 100) x 2 = 460, B 27 x 2 = 54. A 2526 reaches 2500:
    # A wins (2 marks), and B's 415 is below 1250: Schneider (2 marks). Marks A 3 + 4 = 7, B 0.
    deal(page, 5, "s", TEAM_A, points=130, weis="100")
    expect_deal(page, 5, 460, 54, "A +4 marks: win, Schneider")
    expect_marks(page, 7, 0)
    expect(page.locator(".winner")).to_have_text("🏆 Anna & Cla win with 7 marks to 0!")
    expect(page.locator("#dealform")).to_have_count(0)
    # seven strokes: a bundle of five (four upright, the fifth across them) and two
    strokes = page.locator("#tafel-A-marks line")
    bundle = [
        strokes.nth(n).evaluate("line => line.x1.baseVal.value !== line.x2.baseVal.value") for n in range(7)
    ]
    assert bundle == [False, False, False, False, True, False, False]
    shot(page.locator("#tafeln"), "2-schneider-jasstafel-390")
    shot(page, "3-striche-game-over-390")

    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 2526, "B": 415})
    assert [deal.entry for deal in game.deals.order_by("number")] == [
        {"trump": "obenabe", "match": "A"},
        {"trump": "spades", "points": {"B": 120}, "weis": {"B": 50}},
        {"trump": "undenufe", "points": {"A": 150}},
        {"trump": "obenabe", "match": "A"},
        {"trump": "diamonds", "points": {"A": 130}, "weis": {"A": 100}},
    ]

    # the page as a reload draws it says the same
    page.reload()
    expect_marks(page, 7, 0)
    expect(page.locator(".winner")).to_have_text("🏆 Anna & Cla win with 7 marks to 0!")


def test_slalom_takes_stoeck_away_and_a_match_asks_who_announced(
    live_server: LiveServer,
    new_page: Callable[..., Page],
    make_game: Callable[..., Game],
) -> None:
    """A club's Slalom x4 and a counter-match bonus of 150: Slalom is a trump with its letter (l), Stöck
    goes with it; a Match opens "Who announced trump?", and the engine's refusal comes back there."""
    game = make_game({"extra_modes": {"slalom": 4}, "counter_match_bonus": 150})
    page = new_page(has_touch=True, is_mobile=True)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#outbox")).to_have_text(SAVED)
    stoeck = page.locator("#dealform fieldset.stoeck")
    question = page.locator("#dealform details.announcer-question")

    # Stöck for A in Rosen, then "l": Slalom, whose Stöck the engine refuses, so it is none again
    tap(page, "Trump", "Rosen")
    tap(page, "Stöck", TEAM_A)
    expect(stoeck.get_by_role("radio", name=TEAM_A)).to_be_checked()
    page.locator("#dealform input[name=points]").tap()
    page.keyboard.press("l")
    expect(page.get_by_role("radio", name="Slalom \u00d74")).to_be_checked()
    expect(stoeck.locator(".choices")).to_be_hidden()
    expect(stoeck).to_contain_text("None: this mode has no trump suit.")
    expect(stoeck.locator('input[value=""]')).to_be_checked()

    # a Match, nobody named: the question opens under Match; saved anyway, the engine refuses it there
    expect(question).not_to_have_attribute("open", "")
    tap(page, "Card points of", TEAM_A)
    page.locator("#dealform label.toggle").filter(has_text="Match").tap()
    expect(question).to_have_attribute("open", "")
    expect(question).to_contain_text("A match needs it: a counter-match scores a bonus of its own.")
    shot(page, "4-slalom-match-asks-390")
    page.locator("#dealform button[type=submit]").tap()
    refusal = "Enter the team that announced: in this game a counter-match scores a bonus of its own."
    expect(question.locator(".errorlist")).to_have_text(refusal)
    expect(question.get_by_role("radio", name="not noted")).to_be_focused()
    assert not game.deals.exists()

    # B announced, A took every trick: a counter-match, (157 + 150) x 4 = 1228 for A
    question.locator("label.choice").filter(has_text=TEAM_B).tap()
    page.locator("#dealform button[type=submit]").tap()
    expect(page.locator("#outbox")).to_have_text(SAVED)
    expect(page.locator('#deals tr[data-deal="1"] td.num')).to_have_text(["1228", "0"])
    expect(page.locator('#deals tr[data-deal="1"]')).to_contain_text("Counter-match A")
    assert game.deals.get().entry == {"trump": "slalom", "match": "A", "announced_by": "B"}
