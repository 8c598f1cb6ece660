from collections.abc import Callable
import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer
from scorekeeper.games.models import Game
from tests.browser.steps import sign_in

pytestmark = pytest.mark.browser

def test_shot(live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    page = new_page(has_touch=True, is_mobile=True)
    sign_in(page, live_server.url, "scorer")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#dealform")).to_be_visible()
    print(page.evaluate("""() => {
      const f = document.querySelector('#dealform').getBoundingClientRect();
      const rows = [...document.querySelectorAll('.weis-buttons')].map(r => { const b = r.getBoundingClientRect(); return [b.left, b.right, r.scrollWidth, r.clientWidth]; });
      const spans = [...document.querySelectorAll('.weis-buttons .choice span')].slice(0,7).map(s => { const b = s.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.width), s.scrollWidth]; });
      return JSON.stringify({form: [f.left, f.right], rows, spans, inner: window.innerWidth, doc: document.documentElement.scrollWidth});
    }"""))
    page.locator(".weis").screenshot(path="/tmp/shots-entry/scratch-weis.png")
    page.locator(".turn").screenshot(path="/tmp/shots-entry/scratch-turn.png")
    page.locator(".trumps").screenshot(path="/tmp/shots-entry/scratch-trumps.png")
