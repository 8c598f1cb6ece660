"""A club whose every free-text field holds markup (club, player, user, tournament, season names, the
word for a pass, a forced draw's reason, a substitute), crawled page by page: as its director (also as
htmx asks for parts), anonymously and from a table's phone, plus forms posted back with markup in them.

On no page does the markup arrive raw, nor escaped twice; its escaped form does show. Every response
carries the content security policy, and no page has script the policy would block (inline script,
on*= handlers, hx-on, javascript: URLs) or a <style> element. CSV exports quote would-be formulas.
Every page has html-validate find no error in it (tests/html_valid.py), and links an icon and a description.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.club_world import PASSWORD, ROUTE_ARGS, Names, World, build_world, named_routes
from tests.html_forms import inline_scripts
from tests.html_valid import needs_html_validate, problems
from tests.spreadsheets import csv_lines
from tests.test_permission_matrix import EXTRA_ARGS

# the module fixture builds in the test database: pytest-django sets it up for marked tests only
pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
QUOTES = 'O\'Brien & "Sons"'
FORMULA = '=HYPERLINK("x")'
RAW = (SCRIPT, IMG, QUOTES, "<img src=x")
ESCAPED = ("&lt;script&gt;alert(1)&lt;/script&gt;", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;")
TWICE = ("&amp;lt;", "&amp;gt;", "&amp;amp;", "&amp;quot;", "&amp;#x27;")

MARKUP = Names(
    club=f"{SCRIPT} Jass & 'Co'",
    other_club=f"{IMG} Bern",
    users={
        "owner": f"{SCRIPT}owner",
        "admin": f"{IMG}admin",
        "scorer": 'o\'brien&"scorer"',
        "viewer": f"{SCRIPT}viewer",
        "stranger": f"{IMG}stranger",
        "newcomer": f"{SCRIPT}newcomer",
    },
    players=(SCRIPT, IMG, QUOTES, FORMULA, *(f"{mark} {n}" for n, mark in enumerate((SCRIPT, IMG) * 4))),
    substitute=f"{IMG} sub",
    tournament=f"{SCRIPT} Cup & 'Co'",
    team_tournament=f"{IMG} Paare",
    dz_tournament=f"{QUOTES} {SCRIPT} Differenzler",
    pass_word="<b>P&'\"</b>",
    forced_reason=f"{SCRIPT} {QUOTES}",
    season=f"{IMG} Saison",
)


@dataclass(frozen=True)
class Page:
    who: str
    method: str
    path: str
    status: int
    content_type: str
    csp: str
    body: str

    @property
    def html(self) -> bool:
        return self.content_type.startswith("text/html")

    def __str__(self) -> str:
        return f"{self.method} {self.path} as {self.who} ({self.status})"


# Elsewhere the phone is anonymous, and the stranger sees the public club as anonymous does.
ONLY: dict[str, Callable[[str], bool]] = {
    "phone": lambda path: path.startswith("/t/"),
    "stranger": lambda path: path == "/",  # the home page lists their own club
    "viewer": lambda path: path == "/me/",  # linked to a roster player: their games and ratings
}


def visitors(world: World) -> dict[str, Client]:
    director, phone = Client(), Client()
    director.force_login(world.users["owner"])
    phone.get(reverse("tournaments:table", args=[world.current.token]))
    stranger, viewer = Client(), Client()
    stranger.force_login(world.users["stranger"])
    viewer.force_login(world.users["viewer"])
    return {
        "director": director,
        "anonymous": Client(),
        "phone": phone,
        "stranger": stranger,
        "viewer": viewer,
    }


def route_paths(world: World) -> Iterator[str]:
    for name in named_routes():
        args = EXTRA_ARGS.get(name) or ROUTE_ARGS[name]
        yield reverse(name, kwargs=args(world))


def page(who: str, method: str, path: str, response: Any) -> Page:
    return Page(
        who,
        method,
        path,
        response.status_code,
        response.get("Content-Type", ""),
        response.get("Content-Security-Policy", ""),
        response.content.decode(errors="replace"),
    )


def posts(world: World) -> list[tuple[str, dict[str, Any]]]:
    """Forms sent back with markup typed in: what a refusal shows again, or a saved name's message."""
    deal = {"number": 2, "client_token": str(uuid.uuid4()), "trump": SCRIPT, "team": IMG, "points": SCRIPT}
    # a Differenzler game's predictions: refused with markup typed in, and kept (the next page shows them)
    said = {"trump": "hearts", **{f"prediction_{seat}": str(seat * 10) for seat in (1, 2, 3, 4)}}
    bad_said = {**said, "trump": IMG, "prediction_2": SCRIPT}
    dz_game, dz_table = f"/games/{world.games['differenzler'].pk}/deals/predictions/", world.dz_table.token
    return [
        (dz_game, {"number": 2, **bad_said}),
        (dz_game, {"number": 2, **said}),
        (f"/t/{dz_table}/deals/predictions/", {"number": 1, **bad_said}),
        (f"/t/{dz_table}/deals/predictions/", {"number": 1, **said}),
        (f"/clubs/{world.club.slug}/manage/", {"add_member": "1", "username": SCRIPT, "role": "viewer"}),
        (f"/clubs/{world.club.slug}/players/", {"name": f"{IMG} new"}),
        (f"/clubs/{world.club.slug}/games/new/", {"variant": "schieber", "seat_1": SCRIPT, "seat_2": SCRIPT}),
        (f"/games/{world.game.pk}/deals/", deal),
        (f"/games/{world.game.pk}/deals/preview/", deal),
        (f"/t/{world.current.token}/deals/", deal),
        (f"/events/{world.tournament.slug}/register/", {"name": SCRIPT * 3}),
        (f"/events/{world.tournament.slug}/manage/entrants/", {"name": f"{SCRIPT} late"}),
        (f"/events/{world.tournament.slug}/manage/draw/", {"reason": ""}),
        ("/accounts/signup/", {"username": SCRIPT, "password1": "x", "password2": "y"}),
        # an invite link made (then shown with its QR code), a refused one, and joining with the world's
        (
            f"/clubs/{world.club.slug}/invites/",
            {"role": "viewer", "days": "3", "player": world.players[2].pk},
        ),
        (f"/clubs/{world.club.slug}/invites/", {"role": SCRIPT, "days": IMG, "max_uses": SCRIPT}),
        (f"/join/{world.invite_token}/", {}),
        (
            f"/clubs/{world.club.slug}/members/{world.membership('scorer').pk}/player/",
            {"player": world.players[3].pk},
        ),
        # an evening: a refused stake, a game of it refused (markup in both), one added by its title
        (f"/clubs/{world.club.slug}/evenings/new/", {"stake": SCRIPT, "unit": IMG}),
        (f"/evenings/{world.evening.pk}/stake/", {"stake": IMG, "unit": SCRIPT}),
        (f"/evenings/{world.evening.pk}/games/", {"game": SCRIPT}),
        (f"/evenings/{world.evening.pk}/games/", {"game": world.games["molotow"].pk}),
        (f"/evenings/{world.evening.pk}/share/", {}),
    ]


def crawl(world: World) -> list[Page]:
    clients = visitors(world)
    pages = []
    for path in route_paths(world):
        for who, client in clients.items():
            if who in ONLY and not ONLY[who](path):
                continue
            pages.append(page(who, "GET", path, client.get(path)))
        htmx = clients["director"].get(path, HTTP_HX_REQUEST="true")
        pages.append(page("director (htmx)", "GET", path, htmx))
    for path, data in posts(world):
        with transaction.atomic():
            response = clients["director"].post(path, data, follow=True)
            transaction.set_rollback(True)
        pages.append(page("director", "POST", path, response))
    login = Client().post("/accounts/login/", {"username": IMG, "password": PASSWORD})
    pages.append(page("anonymous", "POST", "/accounts/login/", login))
    return pages


@pytest.fixture(scope="module")
def pages(django_db_setup: None, django_db_blocker: Any) -> list[Page]:
    """Built and crawled once for the module, then rolled back."""
    with django_db_blocker.unblock(), transaction.atomic():
        crawled = crawl(build_world(MARKUP, public=True))
        transaction.set_rollback(True)
    return crawled


def test_no_page_fails(pages: list[Page]) -> None:
    assert [str(p) for p in pages if p.status >= 500] == []
    assert sum(1 for p in pages if p.status == 200 and p.html) > 100


def test_markup_never_arrives_raw_nor_escaped_twice(pages: list[Page]) -> None:
    raw = [f"{p}: {text!r}" for p in pages if p.html for text in RAW if text in p.body]
    twice = [f"{p}: {text}" for p in pages if p.html for text in TWICE if text in p.body]
    assert raw == []
    assert twice == []


def test_the_escaped_names_show(pages: list[Page]) -> None:
    body = "".join(p.body for p in pages if p.html)
    for text in ESCAPED:
        assert text in body
    event = next(p for p in pages if p.who == "anonymous" and p.path.endswith(f"/{slug(pages)}/"))
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Cup &amp; &#x27;Co&#x27;" in event.body
    assert "&lt;b&gt;P&amp;&#x27;&quot;&lt;/b&gt;" in event.body  # the word for a pass


def slug(pages: list[Page]) -> str:
    return next(p.path.split("/")[2] for p in pages if p.path.startswith("/events/"))


def test_every_response_carries_the_policy(pages: list[Page]) -> None:
    assert [str(p) for p in pages if "script-src 'self'" not in p.csp] == []


def test_no_page_runs_inline_script(pages: list[Page]) -> None:
    found = [f"{p}: {problem}" for p in pages if p.html for problem in inline_scripts(p.body)]
    assert found == []


def test_every_page_has_an_icon_and_a_description(pages: list[Page]) -> None:
    """Every whole page (not htmx's fragments) links the icon and describes the site for search engines."""
    whole = [p for p in pages if p.html and "<html" in p.body]
    assert len(whole) > 100
    assert [str(p) for p in whole if '<meta name="description" content="' not in p.body] == []
    assert [str(p) for p in whole if '<link rel="icon" href="/favicon.ico"' not in p.body] == []


@pytest.mark.slow
def test_every_page_is_valid_html(pages: list[Page]) -> None:
    """Every HTML page of the crawl, whole pages and htmx's fragments alike, has no html-validate error
    (tests/browser/.htmlvalidate.mjs: the recommended rules, and why the few departures)."""
    needs_html_validate()
    html = [(str(p), p.body) for p in pages if p.html]
    assert len(html) > 200
    found = problems(html)
    assert not found, f"{len(found)} html-validate errors:\n" + "\n".join(found)


class _AttributeNames(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.names.update(name for name, _ in attrs)


def test_htmx_attributes_are_data_attributes(pages: list[Page]) -> None:
    """htmx's attributes are written data-hx-* (htmx reads both): a bare hx-* is no HTML attribute."""
    bare = set()
    for p in pages:
        if p.html:
            parser = _AttributeNames()
            parser.feed(p.body)
            bare |= {(p.path, name) for name in parser.names if name.startswith("hx-")}
    assert sorted(bare) == []
    assert "data-hx-get" in "".join(p.body for p in pages if p.html)


def test_csv_exports_quote_formulas(pages: list[Page]) -> None:
    exports = [p for p in pages if p.status == 200 and "csv" in p.content_type]
    assert exports
    cells = [(str(p), cell) for p in exports for row in csv_lines(p.body) for cell in row]
    assert [found for found in cells if found[1].startswith(("=", "+", "@"))] == []
    assert any(cell.startswith("'=HYPERLINK") for _, cell in cells)


def test_no_page_offers_a_password_reset(pages: list[Page]) -> None:
    """There is none (no mail server): no page links to one, nor is one of the pages crawled."""
    offered = [str(p) for p in pages if "/accounts/password_reset/" in p.body or "/accounts/reset/" in p.body]
    assert offered == []
    assert [str(p) for p in pages if "/reset/" in p.path] == []


def test_the_evening_pages_show_the_names_escaped(pages: list[Page]) -> None:
    """The evening's page, its share link's page (signed out) and its CSV: the players' names (markup),
    escaped in the sums, the night and the settle-up."""
    evening = [p for p in pages if p.method == "GET" and p.status == 200 and p.path.startswith("/evenings/")]
    shared = [p for p in pages if p.status == 200 and p.path.startswith("/evening/") and p.html]
    assert {p.who for p in evening if p.html} >= {"director", "anonymous"} and shared
    for found in [p for p in evening if p.html and "htmx" not in p.who] + shared:
        assert ESCAPED[0] in found.body and "pays" in found.body, found
    assert any(p.path.endswith("evening.csv") for p in evening)


def test_the_invite_join_and_my_games_pages_show_the_names_escaped(pages: list[Page]) -> None:
    """The new invite link with its QR code, the join page as a signed-out visitor sees it (the club's
    name), and a member's "My games" (their player, a markup name)."""
    made = next(
        p for p in pages if p.method == "POST" and p.path.endswith("/invites/") and "invite-qr" in p.body
    )
    assert "<svg" in made.body and ESCAPED[0] in made.body
    join = next(p for p in pages if p.who == "anonymous" and p.path.startswith("/join/"))
    assert (
        join.status == 200 and "&lt;script&gt;alert(1)&lt;/script&gt; Jass &amp; &#x27;Co&#x27;" in join.body
    )
    mine = next(p for p in pages if p.who == "viewer" and p.path == "/me/")
    assert mine.status == 200 and ESCAPED[0] in mine.body
