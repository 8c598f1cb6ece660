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
