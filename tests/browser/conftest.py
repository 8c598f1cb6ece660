"""Real Chromium through Playwright's sync API, against pytest-django's live_server.

Debian's Chromium (/usr/bin/chromium) is used: Playwright's own browser download is not available
here. Without it the tests skip, unless REQUIRE_BROWSER is set (CI), where a missing browser fails.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tests.conftest import require

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
TIMEOUT_MS = 10_000  # generous for a slow CI machine; expect() retries until then, it never sleeps

expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this folder is a browser test (`-m "not browser"` leaves them out), marked or not."""
    here = Path(__file__).resolve().parent
    for item in items:
        if here in item.path.resolve().parents and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    require(os.path.exists(CHROMIUM), env="REQUIRE_BROWSER", reason=f"needs Chromium at {CHROMIUM}")
    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        # Playwright's sync API keeps an asyncio event loop in the test thread; Django's ORM sees it
        # and raises SynchronousOnlyOperation for the fixtures' and tests' own queries (and the
        # database flush after each test), although nothing here is asynchronous. Allowed only while
        # Playwright runs; the live server answers from its own thread and is not affected.
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Remember each phase's report on the test item, so the page fixture knows the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def new_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Callable[..., Page]]:
    """Opens pages, each in its own context (own cookies: another phone); screenshots them on failure."""
    contexts = []

    def make(locale: str = "en-CH", **options: Any) -> Page:
        """A phone in English unless a test asks for another browser language (Accept-Language);
        `options` go to the context (service_workers="block" lets page.route see every request)."""
        context = browser.new_context(viewport=PHONE, locale=locale, timezone_id="Europe/Zurich", **options)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    report = getattr(request.node, "report_call", None)
    failed = report is None or report.failed
    for index, context in enumerate(contexts, start=1):
        if failed:
            ARTIFACTS.mkdir(exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            for page in context.pages:
                with contextlib.suppress(PlaywrightError):  # a crashed page must not hide the failure
                    page.screenshot(path=ARTIFACTS / f"{name}-context{index}.png", full_page=True)
        context.close()


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    """A phone-sized page (390 x 844) in a fresh context."""
    return new_page()
