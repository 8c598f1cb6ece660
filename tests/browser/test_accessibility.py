"""Every page, audited by axe-core in real Chromium: no serious or critical violation, as the director,
anonymously and from a table's phone; and every page's layout holds at 320 px and at 200 % text.

axe-core comes from the npm registry (tests/browser/package.json, installed by `make test`) and is injected
into each page; the context bypasses the content security policy for that injection only.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import ARTIFACTS, PHONE
from tests.club_world import ROUTE_ARGS, World, build_world, named_routes
from tests.conftest import require
from tests.test_permission_matrix import EXTRA_ARGS

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
# Django's own admin is for staff and audited by Django's project, not ours.
NOT_OURS = ("admin:index",)
# The spectators' polls answer htmx with a fragment of the game page (no <html>, so no lang, no title): it is
# swapped into that page and audited there, with the game pages below.
FRAGMENTS = ("games:game_live", "tournaments:table_live")


@dataclass(frozen=True)
class Visit:
    who: str
    path: str


@pytest.fixture
def world(transactional_db: None) -> World:
    return build_world(public=True)


def paths(world: World) -> Iterator[str]:
    for name in named_routes():
        if name not in NOT_OURS + FRAGMENTS:
            yield reverse(name, kwargs=(EXTRA_ARGS.get(name) or ROUTE_ARGS[name])(world))
    for game in world.games.values():  # every variant's score board and deal form
        yield reverse("games:game", args=[game.pk])
    # Coiffeur's board editor, in the new-game and the new-event form; the house rules' inputs (issue 14):
    # buttons, blank number boxes, the marks (ticked in the preset "Striche") and the extra modes' editor
    yield reverse("games:game_new", args=[world.club.slug]) + "?variant=coiffeur"
    yield reverse("tournaments:tournament_new", args=[world.club.slug]) + "?format=coiffeur"
    yield reverse("games:game_new", args=[world.club.slug]) + "?variant=schieber&preset=striche"
    yield reverse("games:game_new", args=[world.club.slug]) + "?variant=differenzler"
    yield reverse("tournaments:tournament_new", args=[world.club.slug]) + "?format=differenzler"


def visits(world: World) -> list[Visit]:
    """The director everywhere; anonymous on what the public sees; the phone on its table's pages."""
    found = []
    for path in dict.fromkeys(paths(world)):
        found.append(Visit("director", path))
        if path.startswith("/t/"):
            found.append(Visit("phone", path))
        elif path.startswith(("/events/", "/accounts/")) or path == "/":
            found.append(Visit("anonymous", path))
    return found


def context_for(
    browser: Browser, live_server: LiveServer, world: World, who: str, **options: Any
) -> BrowserContext:
    context = browser.new_context(**{"viewport": PHONE, "locale": "en-CH", "bypass_csp": True, **options})
    if who == "director":
        client = Client()
        client.force_login(world.users["owner"])
        cookie = client.cookies["sessionid"].value
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    elif who == "phone":
        context.new_page().goto(live_server.url + reverse("tournaments:table", args=[world.current.token]))
    return context


def open_html(page: Page, url: str) -> bool:
    """Opens the page; False for what is not an HTML page (exports, POST-only routes, redirects away).

    After a refused GET the caller opens a new page: Chromium's error page for it (405) can commit late and
    cut the next navigation of the same page short ("interrupted by another navigation"), more so on a busy
    machine, and that page would silently go unaudited."""
    try:
        response = page.goto(url)
    except PlaywrightError:  # an empty error answer (405 for a GET of a POST-only route)
        return False
    return response is not None and response.ok and "text/html" in response.headers.get("content-type", "")


def open_settings(page: Page) -> None:
    """The new-game page's settings are folded away ("Adjust the rules"): unfolded, so their inputs are
    audited and laid out too."""
    page.evaluate("() => document.querySelectorAll('details#settings').forEach(d => { d.open = true; })")


def axe_violations(page: Page) -> list[str]:
    open_settings(page)
    page.add_script_tag(path=str(AXE))
    # Only the violations are collected: passes and the rest are what axe spends most of its time on.
    result = page.evaluate(
        "async () => JSON.stringify((await axe.run(document, {resultTypes: ['violations']})).violations)"
    )
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in json.loads(result)
        if v["impact"] in BLOCKING
    ]


def needs_axe() -> None:
    require(AXE.exists(), env="REQUIRE_BROWSER", reason=f"needs axe-core at {AXE} (make test installs it)")


PARTS = {"director": 3, "anonymous": 1, "phone": 1}
"""Each visitor's pages are cut in this many parts, each a test, so that the suite's workers share them."""

AUDITED_AT_LEAST = {
    ("director", 0): 19,
    ("director", 1): 19,
    ("director", 2): 17,
    ("anonymous", 0): 20,
    ("phone", 0): 2,
}
"""Pages audited per visitor and part (55, 20 and 2 as last counted: every page but exports, POST-only
routes and htmx fragments), so a crawl that lost its pages fails."""

SIZES = (("320 px", {"width": 320, "height": 640}, "100%"), ("200 % text", PHONE, "200%"))
"""The narrowest phone, and a phone whose reader doubled the text size: the director's pages are laid out
at both in the same visit as their audit."""


@pytest.mark.slow  # every page a visitor sees, each audited by axe-core (and laid out); in parts
@pytest.mark.parametrize(("who", "part"), AUDITED_AT_LEAST)
def test_no_page_has_a_serious_or_critical_violation_and_every_layout_holds(
    live_server: LiveServer, browser: Browser, world: World, who: str, part: int
) -> None:
    needs_axe()
    audited, problems = 0, []
    context = context_for(browser, live_server, world, who)
    page = context.new_page()
    for visit in [v for v in visits(world) if v.who == who][part :: PARTS[who]]:
        if open_html(page, live_server.url + visit.path):
            audited += 1
            problems += [f"{who} {visit.path}: {found}" for found in axe_violations(page)]
            if who == "director":
                problems += layout_problems(page, visit.path)
        else:  # see open_html: a refused GET's error page may commit late; the next visit gets a new page
            page.close()
            page = context.new_page()
    context.close()
    assert problems == []
    assert audited >= AUDITED_AT_LEAST[who, part]


def overflow(page: Page) -> int:
    """How far the page scrolls sideways; a wide table scrolling inside its own box does not count."""
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


def layout_problems(page: Page, path: str) -> list[str]:
    """The page at each size of SIZES: how far it scrolls sideways where it does (and its screenshot, with
    SCREENSHOTS set); the phone's size and text are set back after."""
    problems = []
    for label, viewport, text in SIZES:
        page.set_viewport_size(viewport)
        page.evaluate("size => { document.documentElement.style.fontSize = size }", text)
        if (wide := overflow(page)) > 0:
            problems.append(f"{label} {path}: {wide} px sideways")
            if os.environ.get("SCREENSHOTS"):
                ARTIFACTS.mkdir(exist_ok=True)
                name = path.strip("/").replace("/", "_") or "home"
                page.screenshot(path=ARTIFACTS / f"layout-{label[:3]}-{name}.png", full_page=True)
    page.set_viewport_size(PHONE)
    return problems


# ---- the deal form by keyboard and screen reader -------------------------------------------------------

# What a screen reader says of the focused field: its name, whether it is marked invalid, and the text its
# aria-describedby points to.
FOCUSED = """() => {
    const field = document.activeElement;
    const ids = (field.getAttribute("aria-describedby") || "").split(/\\s+/).filter(Boolean);
    return {
        name: field.getAttribute("name"),
        invalid: field.getAttribute("aria-invalid"),
        described: ids.map(id => document.getElementById(id)?.textContent.trim() ?? `(no #${id})`).join(" "),
    };
}"""


def press_until(page: Page, key: str, selector: str, limit: int = 40) -> None:
    """Presses `key` (Tab, Shift+Tab) until the focus is on what `selector` matches."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}")


def refused_field(page: Page) -> dict[str, str]:
    """Waits for the refusal (announced: role=alert), then tells what has the focus."""
    expect(page.locator("#dealform [role=alert]")).to_contain_text("Not saved")
    expect(page.locator("#dealform [aria-invalid=true]").first).to_be_focused()
    return page.evaluate(FOCUSED)


def test_a_refused_deal_puts_the_keyboard_on_the_first_field_to_fix(
    live_server: LiveServer, browser: Browser, world: World
) -> None:
    """Keyboard only: Tab to the save button, Space; the refusal is announced, the focus is on the first
    field to fix and the reader says what is wrong with it. Then the same for a correction."""
    context = context_for(browser, live_server, world, "director")
    page = context.new_page()
    game = world.games["schieber"]
    page.goto(live_server.url + reverse("games:game", args=[game.pk]))

    # Nothing chosen: the trump is the first field to fix; its radios carry the group's error.
    press_until(page, "Tab", "#dealform button[type=submit]")
    page.keyboard.press("Space")
    assert refused_field(page) == {
        "name": "trump",
        "invalid": "true",
        "described": "Choose the trump of this deal.",
    }

    # Space chooses the focused trump; Tab on to the points, left empty; Enter posts again.
    page.keyboard.press("Space")
    expect(page.locator("#dealform input[name=trump]").first).to_be_checked()
    press_until(page, "Tab", "#dealform input[name=points]")
    page.keyboard.press("Enter")
    expect(page.locator("#dealform input[name=trump]").first).to_be_checked()
    assert refused_field(page) == {
        "name": "points",
        "invalid": "true",
        "described": "Enter the card points of one team, or a match.",
    }

    # The refused deal waits at its row too; the scorer discards it (the outbox keeps deals in order).
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#deals tr[data-outbox]").get_by_role("button", name="Discard").click()
    expect(page.locator("#outbox")).to_have_text("✓ All saved")

    # A correction: refused, its form stays, the focus on the first field to fix.
    page.goto(live_server.url + reverse("games:deal_edit", args=[game.pk, 1]))
    points = page.locator("#dealform input[name=points]")
    points.fill("1")
    points.press("Enter")
    assert refused_field(page)["name"] == "points"
    context.close()


def test_the_members_table_fits_a_phone_without_scrolling_sideways(
    live_server: LiveServer, browser: Browser, world: World
) -> None:
    """At 390 px each member is a card: the Remove button is on the screen, not behind a sideways scroll."""
    context = context_for(browser, live_server, world, "director")
    page = context.new_page()
    page.goto(live_server.url + reverse("games:club_manage", args=[world.club.slug]))
    table = page.locator("table.members")
    assert table.evaluate("t => t.parentElement.scrollWidth - t.parentElement.clientWidth") == 0
    remove = page.get_by_role("button", name="Remove").first
    box = remove.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    expect(page.locator("table.members td[data-label]").first).to_be_visible()
    context.close()
