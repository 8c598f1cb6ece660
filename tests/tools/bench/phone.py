"""The phone's figures of `make bench`: what a scorer at the table feels, and what an idle phone costs.

`phone_deal_row_ms` and `phone_deal_saved_ms` drive real Chromium (Debian's, /usr/bin/chromium) on an
emulated phone network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with the CPU slowed 4 times,
against a live server on this machine: Enter to the deal's row on the screen, and Enter to "saved".
`deal_answer_bytes` is the compressed answer to a deal posted as the outbox posts it; `idle_poll_cpu_ms`
the server's CPU time in a minute of an idle table phone's polls (every 5 s, unchanged: answered 204).
"""

from __future__ import annotations

import os
import re
import statistics
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.test import Client
from django.test.testcases import LiveServerThread
from django.urls import reverse

from scorekeeper.games.models import Game

from .games import Figure, game_with_deals

CHROMIUM = "/usr/bin/chromium"
PHONE_NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
CPU_SLOWDOWN = 4
POLL_SECONDS = 5  # data-hx-trigger="every 5s" (templates/scorekeeper/game.html)


def deal_answer() -> Iterator[Figure]:
    """Deal 13 of a game, posted as the outbox posts it from the page: gzip, as every phone asks."""
    game, user = game_with_deals(12)
    client = Client()
    client.force_login(user)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    shape = re.search(r'data-shape="([0-9a-f]+)"', page).group(1)  # type: ignore[union-attr]
    data = {"number": 13, "client_token": uuid.uuid4(), "trump": "spades", "team": "A", "points": 83}
    data["revision"] = Game.objects.values_list("revision", flat=True).get(pk=game.pk)
    response = client.post(
        reverse("games:deal_add", args=[game.pk]),
        data,
        HTTP_HX_REQUEST="true",
        HTTP_X_OUTBOX="1",
        HTTP_X_FORM_SHAPE=shape,
        HTTP_ACCEPT_ENCODING="gzip, deflate, br",
    )
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    yield "deal_answer_bytes", len(response.content), "bytes"


def idle_poll(polls: int = 600) -> Iterator[Figure]:
    """A table phone that nobody touches: its poll, unchanged, in CPU time of the serving process."""
    game, user = game_with_deals(12)
    client = Client()
    client.force_login(user)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    url = re.search(r'id="poll"[^>]* data-hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")  # type: ignore[union-attr]
    assert client.get(url).status_code == 204
    start = time.process_time()
    for _ in range(polls):
        client.get(url, HTTP_HX_REQUEST="true")
    per_poll = (time.process_time() - start) * 1000 / polls
    yield "idle_poll_cpu_ms", round(per_poll * 60 / POLL_SECONDS, 1), "ms/min"


@contextmanager
def _live_server() -> Iterator[str]:
    server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    try:
        yield f"http://127.0.0.1:{server.port}"
    finally:
        server.terminate()


_MARKS = """() => {
  window.__phone = {};
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.closest("#dealform")) {
      window.__phone = { start: performance.now() };
    }
  }, true);
  new MutationObserver(() => {
    const marks = window.__phone;
    if (marks.start && marks.row === undefined && document.querySelector("#deals tr[data-outbox]")) {
      marks.row = -1;
      requestAnimationFrame(() => setTimeout(() => (marks.row = performance.now() - marks.start), 0));
    }
  }).observe(document.getElementById("deals"), { childList: true, subtree: true });
  document.addEventListener("outbox:saved", (event) => {
    window.__phone.saved = event.detail.at - window.__phone.start;
  });
}"""


def phone_deal(deals: int = 12) -> Iterator[Figure]:
    """Enter to the row painted, and to "saved", on an emulated phone network and a slow CPU."""
    if not os.path.exists(CHROMIUM):
        return
    from playwright.sync_api import sync_playwright

    game, user = game_with_deals(12)
    client = Client()
    client.force_login(user)
    rows, saved = [], []
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's loop; the ORM runs in this thread
    with _live_server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": url}])
        page = context.new_page()
        page.goto(f"{url}{reverse('games:game', args=[game.pk])}")
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.evaluate(_MARKS)
        for _ in range(deals + 1):
            page.locator("#dealform label.choice").filter(has_text="Rosen").click()
            page.locator("#dealform input[name=points]").fill("83")
            page.locator("#dealform input[name=points]").press("Enter")
            page.wait_for_function("() => window.__phone.saved > 0 && window.__phone.row > 0")
            marks = page.evaluate("() => window.__phone")
            rows.append(marks["row"])
            saved.append(marks["saved"])
        browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    yield "phone_deal_row_ms", round(statistics.median(rows[1:]), 1), "ms"  # the first warms up
    yield "phone_deal_saved_ms", round(statistics.median(saved[1:]), 1), "ms"
