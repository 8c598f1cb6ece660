"""The app in the players' language, in real Chromium on a phone: a Zürich club in German with Swiss suits
and a Lausanne club in French with French suits each play a Schieber game to the end; the footer's
picker switches the language for good; a French browser gets French where the club chose none.

The phones' browsers speak English (the fixture's default): the club's language wins over it. Buttons
are found by what they send (input names and values), so these tests depend on no other wording than
the players' words they assert: the trump's name, the suits', the language picker's label.

The game: flat preset (every trump x1, match bonus 100), target 500. Team A is seats 1 and 3 (Anna, Cla),
team B seats 2 and 4 (Beat, Dora). By hand, deal (trump, team typed, points): score A, B; totals A, B.
1. hearts, A 83: A 83, B 157 - 83 = 74; totals 83, 74.
2. diamonds, B 100, Weis B 50: A 57, B 150; totals 140, 224.
3. spades, A 120, Stöck A: A 140, B 37; totals 280, 261.
4. clubs, a match by B: A 0, B 257; totals 280, 518: team B passes 500 and wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import members
from scorekeeper.games.models import Club, Game, Player

from .conftest import ARTIFACTS
from .steps import new_schieber_game
from .test_schieber_game import expect_no_sideways_scroll, expect_totals, points_field, sign_in

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Words:
    """What a table in that language reads on the deal form: the legend and the six trumps in order."""

    language: str
    trump: str
    trumps: tuple[str, ...]
    picker: str  # the footer picker's label


GERMAN = Words(
    "de-ch",
    "Trumpf",
    ("🌹 Rosen", "🔔 Schellen", "🛡 Schilten", "🌰 Eicheln", "⬇ Obenabe", "⬆ Undenufe"),
    "Sprache",
)
FRENCH = Words(
    "fr", "Atout", ("♥ Cœur", "♦ Carreau", "♠ Pique", "♣ Trèfle", "⬇ Obenabe", "⬆ Undenufe"), "Langue"
)
SUIT_KEYS = ("hearts", "diamonds", "spades", "clubs")


def choice(page: Page, name: str, value: str) -> Locator:
    """The big button (a label around a radio) that sends name=value."""
    return page.locator("#dealform label.choice").filter(
        has=page.locator(f'input[name="{name}"][value="{value}"]')
    )


def tap(page: Page, name: str, value: str) -> None:
    button = choice(page, name, value)
    button.click()
    expect(button.locator("input")).to_be_checked()


def tap_trump(page: Page, words: Words, suit: str) -> None:
    """Choose the trump by what the table says: the suit's name with its symbol."""
    button = page.locator("#dealform label.choice").filter(has_text=words.trumps[SUIT_KEYS.index(suit)])
    button.click()
    expect(button.locator(f'input[name="trump"][value="{suit}"]')).to_be_checked()


def expect_language(page: Page, words: Words) -> None:
    expect(page.locator("html")).to_have_attribute("lang", words.language)
    expect(page.locator('label[for="language-picker"]')).to_have_text(words.picker)


def start_game(page: Page, base: str, club: Club, words: Words) -> None:
    page.goto(f"{base}/clubs/{club.slug}/")
    expect_language(page, words)
    page.locator(f'a[href="/clubs/{club.slug}/games/new/"]').first.click()
    expect_language(page, words)
    new_schieber_game(page, "flat")
    expect(page.locator('input[name="multipliers.spades"]')).to_have_value("1")
    page.locator("#settings summary").click()
    page.locator('input[name="target"]').fill("500")
    page.locator('#newgame button[type="submit"]').click()
    expect(page.locator("#dealform")).to_be_visible()
    expect_totals(page, 0, 0)


def trump_buttons(words: Words) -> list[re.Pattern[str]]:
    """Each trump button's words, then the keyboard letter that picks it (shown on a keyboard)."""
    return [re.compile(rf"^\s*{re.escape(trump)}[A-Z]?\s*$") for trump in words.trumps]


def save_deal(page: Page, number: int) -> None:
    page.locator('#dealform button[type="submit"]').click()
    expect(page.locator(f'tr[data-deal="{number}"]')).to_be_visible()


def play_the_game(page: Page, words: Words) -> None:
    trump_set = page.locator("#dealform fieldset").filter(has=page.locator('input[name="trump"]'))
    expect(trump_set.locator("legend")).to_have_text(words.trump)
    expect(trump_set.locator("label.choice")).to_have_text(trump_buttons(words))

    tap_trump(page, words, "hearts")
    tap(page, "team", "A")
    points_field(page).fill("83")
    save_deal(page, 1)
    expect_totals(page, 83, 74)

    tap_trump(page, words, "diamonds")
    tap(page, "team", "B")
    points_field(page).fill("100")
    weis_b = page.locator("#dealform fieldset.weis-pick").nth(1).locator("label.choice")
    weis_b.filter(has_text=re.compile(r"^\s*50\s*$")).click()
    save_deal(page, 2)
    expect_totals(page, 140, 224)

    tap_trump(page, words, "spades")
    tap(page, "team", "A")
    tap(page, "stoeck", "A")
    points_field(page).fill("120")
    save_deal(page, 3)
    expect_totals(page, 280, 261)
    expect_no_sideways_scroll(page)
    page.screenshot(path=ARTIFACTS / f"schieber-{words.language}-390.png", full_page=True)

    tap_trump(page, words, "clubs")
    tap(page, "team", "B")
    page.locator('#dealform input[name="match"]').check()
    save_deal(page, 4)
    expect_totals(page, 280, 518)
    expect(page.locator(".winner")).to_contain_text("Beat & Dora")
    expect(page.locator("#dealform")).to_have_count(0)
    expect_language(page, words)
    expect_no_sideways_scroll(page)


def test_a_zurich_club_plays_schieber_in_german(
    live_server: LiveServer, page: Page, club: Club, players: list[Player]
) -> None:
    club.language = "de-ch"
    club.save(update_fields=["language"])
    ARTIFACTS.mkdir(exist_ok=True)
    sign_in(page, live_server.url, "scorer")
    start_game(page, live_server.url, club, GERMAN)
    play_the_game(page, GERMAN)


@pytest.fixture
def lausanne(club: Club) -> Club:
    """A club with French suits, in French; the conftest's scorer scores there too."""
    lausanne = members.create_club(
        name="Club de jass Lausanne",
        slug="lausanne",
        owner=User.objects.get(username="owner"),
        suit_names="french",
        language="fr",
    )
    members.set_membership(club=lausanne, user=User.objects.get(username="scorer"), role="scorer")
    for name in ("Anna", "Beat", "Cla", "Dora"):
        members.add_player(club=lausanne, name=name)
    return lausanne


def test_a_lausanne_club_plays_schieber_in_french(
    live_server: LiveServer, page: Page, lausanne: Club
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    sign_in(page, live_server.url, "scorer")
    start_game(page, live_server.url, lausanne, FRENCH)
    play_the_game(page, FRENCH)


def test_the_footer_picker_switches_the_language_for_good(
    live_server: LiveServer, page: Page, club: Club
) -> None:
    """An English phone picks Italiano: every page after it speaks Italian, a German club's too."""
    base = live_server.url
    club.is_public, club.language = True, "de-ch"
    club.save(update_fields=["is_public", "language"])
    page.goto(f"{base}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_label("Language")).to_have_value("en")
    page.get_by_label("Language").select_option("it")
    page.locator(".language-picker button").click()
    expect(page).to_have_url(f"{base}/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_label("Lingua")).to_have_value("it")
    page.goto(f"{base}/clubs/{club.slug}/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.goto(f"{base}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # and back to the club's own language: German, the picker's choice still the visitor's own
    page.goto(f"{base}/clubs/{club.slug}/")
    page.get_by_label("Lingua").select_option("de-ch")
    page.locator(".language-picker button").click()
    expect(page).to_have_url(f"{base}/clubs/{club.slug}/")
    expect_language(page, GERMAN)


def test_a_french_browser_gets_french_where_the_club_chose_none(
    live_server: LiveServer, new_page: Callable[..., Page], make_game: Callable[..., Game]
) -> None:
    """Zürich's club chose no language and plays Swiss suits: a French phone reads them in French."""
    game = make_game()
    phone = new_page(locale="fr-CH")
    signed_in(phone, live_server.url, "scorer")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    words = Words(
        "fr", "Atout", ("🌹 Roses", "🔔 Grelots", "🛡 Écus", "🌰 Glands", "⬇ Obenabe", "⬆ Undenufe"), "Langue"
    )
    expect_language(phone, words)
    trump_set = phone.locator("#dealform fieldset").filter(has=phone.locator('input[name="trump"]'))
    expect(trump_set.locator("legend")).to_have_text(words.trump)
    expect(trump_set.locator("label.choice")).to_have_text(trump_buttons(words))


def signed_in(page: Page, base: str, username: str) -> None:
    """Signed in without the sign-in form, whatever language it speaks: the session's cookie."""
    client = Client()
    client.force_login(User.objects.get(username=username))
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base}])
