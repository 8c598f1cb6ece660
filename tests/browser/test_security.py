"""In real Chromium: the content security policy blocks nothing the pages need (htmx, the deal forms,
the confirmation before abandoning a game), and names full of markup run nothing (an alert would open a
dialog)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import ConsoleMessage, Dialog, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.club_world import PASSWORD, World, build_world
from tests.test_escaping import MARKUP

pytestmark = pytest.mark.browser


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def tap(page: Page, legend: str, label: str) -> None:
    """One of the deal form's big choice buttons, in the fieldset of that legend."""
    fieldset = page.locator("#dealform fieldset").filter(has=page.locator("legend", has_text=legend))
    fieldset.locator("label.choice").filter(has_text=label).click()


def pages_of(world: World) -> list[str]:
    event = f"/events/{world.tournament.slug}"
    return [
        "/",
        f"/clubs/{world.club.slug}/",
        f"/clubs/{world.club.slug}/manage/",
        f"/clubs/{world.club.slug}/games/new/",
        *(f"/games/{game.pk}/" for game in world.games.values()),
        f"/games/{world.game.pk}/history/",
        f"{event}/",
        f"{event}/standings/",
        f"{event}/projector/",
        f"{event}/manage/",
        f"{event}/manage/entrants/",
        f"{event}/print/cards/2/",
        f"/t/{world.current.token}/",
    ]


def watch(page: Page, on_dialog: Callable[[Dialog], None] | None = None) -> list[str]:
    """Every violation the browser reports and every script error; without `on_dialog`, any dialog too
    (markup that ran would open one)."""
    problems: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or message.type == "error":
            problems.append(f"{page.url}: {message.text} ({message.location.get('url')})")

    def dialog(box: Dialog) -> None:
        problems.append(f"{page.url}: a dialog opened: {box.message}")
        box.dismiss()

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    page.on("dialog", on_dialog or dialog)
    return problems


def test_no_page_breaks_the_policy_and_no_name_runs(live_server: LiveServer, page: Page) -> None:
    world = build_world(MARKUP)
    problems = watch(page)
    sign_in(page, live_server.url, MARKUP.users["owner"])
    for path in pages_of(world):
        response = page.goto(f"{live_server.url}{path}")
        assert response is not None and response.ok, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("load")
    assert problems == []


def test_htmx_works_under_the_policy_a_delete_acts_at_once_and_abandoning_asks_first(
    live_server: LiveServer, page: Page
) -> None:
    world = build_world()
    asked: list[str] = []
    accept = False

    def confirm(box: Dialog) -> None:
        asked.append(box.message)
        box.accept() if accept else box.dismiss()

    problems = watch(page, confirm)
    sign_in(page, live_server.url, "owner")
    page.goto(f"{live_server.url}/games/{world.game.pk}/")
    # a deal through htmx: the board is swapped in place, with the new deal listed
    expect(page.locator("#dealform h2")).to_have_text("Deal 3")
    tap(page, "Trump", "Rosen")
    tap(page, "Card points of", "A ·")
    page.locator("#dealform input[name=points]").fill("100")
    page.keyboard.press("Enter")
    expect(page.locator('tr[data-deal="3"]')).to_be_visible()
    # a Delete acts at once, with no question: Undo brings the deal back
    page.get_by_role("button", name="Delete deal 3").click()
    expect(page.locator('tr[data-deal="3"]')).to_have_count(0)
    expect(page.get_by_role("button", name="Undo: bring deal 3 back")).to_be_visible()
    assert asked == []
    # abandoning the game asks first (confirm.js: the policy allows no inline onsubmit)
    question = "Abandon this game? It takes no more deals and counts in no statistic; you can resume it."
    page.get_by_role("button", name="Abandon the game").click()  # asked, and dismissed
    expect(page.get_by_role("button", name="Abandon the game")).to_be_visible()
    accept = True
    page.get_by_role("button", name="Abandon the game").click()
    expect(page.locator(".winner.abandoned")).to_have_text("Game abandoned: it counts in no statistic.")
    assert asked == [question, question]
    assert problems == []
