"""Steps every browser test takes the same way: signing in through the page, keeping a screenshot."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.conftest import PASSWORD


def sign_in(page: Page, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".topbar")).to_contain_text(username)


def screenshot(page: Page, name: str) -> None:
    """Kept in test-artifacts/ (gitignored) to look at after a run."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


SEATS = ("Anna", "Beat", "Cla", "Dora")


def new_schieber_game(page: Page, preset: str, seats: tuple[str, ...] = SEATS) -> None:
    """On the new-game page: Schieber, the seats typed in order, the rules preset picked. Each choice
    redraws part of the form (htmx): the next step waits until it has."""
    page.wait_for_load_state()  # htmx (deferred) sets up first: a change before that is lost
    page.locator("#newgame").evaluate("form => form.dataset.before = 'variant'")
    page.locator('select[name="variant"]').select_option("schieber")
    expect(page.locator("#newgame[data-before]")).to_have_count(0)
    for seat, name in enumerate(seats, start=1):
        page.locator(f'#newgame input[name="seat_{seat}"]').press_sequentially(name)
    page.locator("#settings").evaluate("settings => settings.dataset.before = 'preset'")
    page.locator('select[name="preset"]').select_option(preset)
    expect(page.locator("#settings[data-before]")).to_have_count(0)


# ---- a phone at the table: a touch screen, the game page, the score in sight ---------------------------

TOUCH = {"has_touch": True, "is_mobile": True}
"""A context's options for a touch phone (with conftest's 390 x 844 viewport): new_page(**TOUCH)."""
ALL_SAVED = "✓ All saved"


def open_game(page: Page, base_url: str, game_pk: int, username: str = "scorer") -> None:
    """Signed in, on the game page, its outbox empty and its scripts ready."""
    sign_in(page, base_url, username)
    page.goto(f"{base_url}/games/{game_pk}/")
    page.wait_for_load_state("load")  # htmx wires the form at DOMContentLoaded: a tap before is lost
    expect(page.locator("#outbox")).to_have_text(ALL_SAVED)


def box_of(page: Page, selector: str) -> dict[str, float] | None:
    """The element's box in the viewport (top, bottom, left, right), as the scorer sees it; None if absent."""
    return page.evaluate(
        """(selector) => {
          const element = document.querySelector(selector);
          if (!element) return null;
          const { top, bottom, left, right } = element.getBoundingClientRect();
          return { top, bottom, left, right };
        }""",
        selector,
    )


def in_sight(page: Page, box: dict[str, float] | None) -> bool:
    """Wholly inside the viewport: nothing to scroll to see it."""
    size = page.viewport_size
    assert size is not None
    return (
        box is not None and box["top"] >= 0 and box["bottom"] <= size["height"] and box["bottom"] > box["top"]
    )
