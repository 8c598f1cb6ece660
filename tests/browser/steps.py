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
