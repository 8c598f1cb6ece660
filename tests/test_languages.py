"""Which language a page speaks, and numbers in the locale's format where people read them only.

The choice, first that applies: the visitor's own (the footer's picker, a cookie); on a club's pages
the club's language; the browser's Accept-Language; English. Numbers people read are localized
(25.3 is "25,3" in de-CH, fr, it); numbers that machines read (SVG coordinates, style widths, data-*,
input values) never are, or the browser would not draw the chart.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from scorekeeper.clubdata.exporting import export_club
from scorekeeper.clubdata.importing import import_club
from scorekeeper.games.models import Club, Game
from scorekeeper.games.permissions import Need, load_club
from scorekeeper.games.suits import mode_names
from tests.club_world import ROUTE_ARGS, World, build_world

COOKIE = settings.LANGUAGE_COOKIE_NAME


def lang_of(html: str) -> str:
    match = re.search(r'<html lang="([^"]*)"', html)
    assert match, "no <html lang>"
    return match.group(1)


def speaks(response: HttpResponse, language: str) -> None:
    """The page says it is in `language`: the header, <html lang> and the footer's picker agree."""
    assert response.status_code == 200
    html = response.content.decode()
    assert response["Content-Language"] == language
    assert lang_of(html) == language
    assert re.search(rf'<option value="{language}" lang="{language}" selected>', html)


@pytest.fixture
def zurich(club: Club) -> Club:
    """The conftest's Zürich club, public, so an anonymous visitor sees it too."""
    club.is_public = True
    club.save(update_fields=["is_public"])
    return club


# ---- the choice ------------------------------------------------------------------------------------


def test_english_when_the_browser_names_none_of_ours(zurich: Club) -> None:
    speaks(Client().get(f"/clubs/{zurich.slug}/"), "en")
    speaks(Client(HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9").get(f"/clubs/{zurich.slug}/"), "en")


@pytest.mark.parametrize(
    ("accept", "language"),
    [("fr-CH,fr;q=0.9,en;q=0.5", "fr"), ("de-DE,de;q=0.9", "de-ch"), ("de-AT", "de-ch"), ("it", "it")],
)
def test_a_club_without_a_language_follows_the_browser(zurich: Club, accept: str, language: str) -> None:
    """Vorarlberg's de-AT and a German browser get Swiss Standard German: the German we have."""
    speaks(Client(HTTP_ACCEPT_LANGUAGE=accept).get(f"/clubs/{zurich.slug}/"), language)


def test_the_clubs_language_comes_before_the_browsers(zurich: Club) -> None:
    zurich.language = "de-ch"
    zurich.save(update_fields=["language"])
    response = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/clubs/{zurich.slug}/")
    speaks(response, "de-ch")
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}
    # a page with no club follows the browser still
    speaks(Client(HTTP_ACCEPT_LANGUAGE="fr").get("/"), "fr")


def test_the_visitors_choice_comes_before_the_clubs(zurich: Club) -> None:
    zurich.language = "de-ch"
    zurich.save(update_fields=["language"])
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr")
    visitor.cookies[COOKIE] = "it"
    speaks(visitor.get(f"/clubs/{zurich.slug}/"), "it")
    visitor.cookies[COOKIE] = "xx"  # not one of ours: as if there were none
    speaks(visitor.get(f"/clubs/{zurich.slug}/"), "de-ch")


def test_the_picker_sets_the_cookie_and_goes_back(zurich: Club) -> None:
    zurich.language = "de-ch"
    zurich.save(update_fields=["language"])
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get(f"/clubs/{zurich.slug}/")
    speaks(page, "de-ch")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    form = {"csrfmiddlewaretoken": token, "language": "fr", "next": f"/clubs/{zurich.slug}/"}
    assert visitor.post(reverse("set_language"), {**form, "csrfmiddlewaretoken": "x"}).status_code == 403
    response = visitor.post(reverse("set_language"), form)
    assert (response.status_code, response["Location"]) == (302, f"/clubs/{zurich.slug}/")
    assert visitor.cookies[COOKIE].value == "fr"
    speaks(visitor.get(f"/clubs/{zurich.slug}/"), "fr")
    speaks(visitor.get("/"), "fr")


def test_the_picker_never_sends_back_to_another_site(zurich: Club) -> None:
    response = Client().post(reverse("set_language"), {"language": "it", "next": "https://evil.example/"})
    assert response["Location"] == "/"


@pytest.fixture
def world(db: None) -> World:
    world = build_world(public=True)
    world.club.language = "fr"
    world.club.save(update_fields=["language"])
    return world


def test_every_page_of_a_club_speaks_its_language(world: World) -> None:
    """Club, games, players, ratings, seasons, its events (director's, public, print-outs) and the
    table's phone: in French for a German browser, signed in or not."""
    director = Client(HTTP_ACCEPT_LANGUAGE="de-CH")
    director.force_login(world.users["owner"])
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="de-CH")
    for name in (
        "games:club",
        "games:club_manage",
        "games:club_invites",
        "games:join",
        "games:game_new",
        "players:player",
        "players:player_vs",
        "ratings:leaderboard",
        "ratings:rating_history",
        "tournaments:season",
        "tournaments:season_new",
        "tournaments:season_edit",
        "games:game",
        "games:deal_audit",
        "games:deal_edit",
        "tournaments:tournament_new",
        "tournaments:tournament_dashboard",
        "tournaments:tournament_settings",
        "tournaments:tournament_entrants",
        "tournaments:tournament_entrant",
        "tournaments:table",
        "tournaments:tournament",
        "tournaments:tournament_register",
        "tournaments:tournament_seat",
        "tournaments:tournament_standings",
        "tournaments:tournament_projector",
        "tournaments:tournament_player",
        "tournaments:print_seating",
        "tournaments:print_schedule",
        "tournaments:print_cards",
        "tournaments:print_sheets",
        "tournaments:print_standings",
    ):
        path = reverse(name, kwargs=ROUTE_ARGS[name](world))
        response = director.get(path)
        assert (path, response.status_code, response["Content-Language"]) == (path, 200, "fr")
        assert lang_of(response.content.decode()) == "fr", path
    for path in (
        f"/clubs/{world.club.slug}/",
        f"/t/{world.current.token}/",
        f"/events/{world.tournament.slug}/",
    ):
        assert anonymous.get(path)["Content-Language"] == "fr", path
    assert director.get("/")["Content-Language"] == "de-ch"


def test_the_clubs_language_costs_no_query(zurich: Club) -> None:
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(f"/clubs/{zurich.slug}/").status_code == 200
        return len(captured)

    without = queries()
    zurich.language = "it"
    zurich.save(update_fields=["language"])
    assert queries() == without


def test_loading_a_club_outside_a_request_changes_no_language(zurich: Club) -> None:
    zurich.language = "fr"
    zurich.save(update_fields=["language"])
    with translation.override("de-ch"):
        load_club(zurich.memberships.get(role="owner").user, zurich.slug, Need.READ)
        assert translation.get_language() == "de-ch"


def test_the_club_settings_choose_the_language(club: Club, client_as: Callable[[str | None], Client]) -> None:
    owner = client_as("owner")
    page = owner.get(f"/clubs/{club.slug}/manage/").content.decode()
    assert '<label for="id_language">' in page
    assert '<option value="" selected>' in page and '<option value="de-ch">Deutsch</option>' in page
    form = {"save_club": "1", "name": club.name, "suit_names": "french", "language": "fr"}
    assert owner.post(f"/clubs/{club.slug}/manage/", form).status_code == 302
    club.refresh_from_db()
    assert (club.language, club.suit_names) == ("fr", "french")
    speaks(owner.get(f"/clubs/{club.slug}/"), "fr")
    form["language"] = "es"
    assert owner.post(f"/clubs/{club.slug}/manage/", form).status_code == 200
    club.refresh_from_db()
    assert club.language == "fr"


def test_a_language_change_is_confirmed_in_the_new_language(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    """Issue 13, point 19: the club's new language says "saved", as every page after it does; a language
    cleared goes back to the browser's."""
    owner = client_as("owner")
    club.language = "de-ch"
    club.save(update_fields=["language"])
    form = {"save_club": "1", "name": club.name, "suit_names": "german", "language": "fr"}
    page = owner.post(f"/clubs/{club.slug}/manage/", form, follow=True).content.decode()
    assert "Réglages du club enregistrés." in page and "Club-Einstellungen gespeichert." not in page
    form["language"] = ""
    page = owner.post(f"/clubs/{club.slug}/manage/", form, follow=True).content.decode()
    assert "Club settings saved." in page and "Réglages du club enregistrés." not in page


def test_the_clubs_language_moves_with_its_export(zurich: Club) -> None:
    """An export from before the language existed imports too: its club follows the browser."""
    zurich.language = "fr"
    zurich.save(update_fields=["language"])
    document = export_club(zurich)
    assert document["club"]["language"] == "fr"
    older = copy.deepcopy(document)
    del older["club"]["language"]
    Club.objects.all().delete()
    assert import_club(document).club.language == "fr"
    Club.objects.all().delete()
    assert import_club(older).club.language == ""


# ---- suit names ------------------------------------------------------------------------------------

SUITS = {
    ("german", "en"): ["Rosen", "Schellen", "Schilten", "Eicheln"],
    ("german", "de-ch"): ["Rosen", "Schellen", "Schilten", "Eicheln"],
    ("german", "fr"): ["Roses", "Grelots", "Écus", "Glands"],
    ("german", "it"): ["Rose", "Sonagli", "Scudi", "Ghiande"],
    ("french", "en"): ["Hearts", "Diamonds", "Spades", "Clubs"],
    ("french", "de-ch"): ["Herz", "Ecke", "Schaufel", "Kreuz"],
    ("french", "fr"): ["Cœur", "Carreau", "Pique", "Trèfle"],
    ("french", "it"): ["Cuori", "Quadri", "Picche", "Fiori"],
}


@pytest.mark.parametrize(("suits", "language"), SUITS)
def test_suit_names_in_every_language_with_their_symbols(suits: str, language: str) -> None:
    symbols = "🌹🔔🛡🌰" if suits == "german" else "♥♦♠♣"
    with translation.override(language):
        shown = [f"{mode.symbol} {mode.name}" for mode in mode_names(suits)]
    expected = [f"{symbol} {name}" for symbol, name in zip(symbols, SUITS[suits, language], strict=True)]
    assert shown == [*expected, "⬇ Obenabe", "⬆ Undenufe"]


def test_a_lausanne_club_with_french_suits_sees_them_in_french(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    Club.objects.filter(pk=game.club_id).update(language="fr", suit_names="french")
    page = client_as("scorer").get(f"/games/{game.pk}/").content.decode()
    # each with the key that picks it, from its French name: Carreau's c is Cœur's, so it is a
    keys = {"♥ Cœur": "C", "♦ Carreau": "A", "♠ Pique": "P", "♣ Trèfle": "T"}
    keys |= {"⬇ Obenabe": "O", "⬆ Undenufe": "U"}
    for trump, key in keys.items():
        assert f'<span>{trump}<kbd class="key" aria-hidden="true">{key}</kbd></span>' in page, trump


# ---- numbers ------------------------------------------------------------------------------------------

COORDINATES = {"x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx", "ry", "dx", "dy", "width", "height"}
NUMBER = re.compile(r"-?(\d+|\d*\.\d+)%?")
LISTS = {"points", "d", "viewbox", "transform"}  # "x,y" pairs: one comma at most between two spaces
DECIMAL_COMMA = re.compile(r"\d,\d")
FREE_TEXT = {"data-confirm"}
ENGLISH_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")  # 12.5, not the date 21.11.26


class MachineNumbers(HTMLParser):
    """Collects attributes whose numbers a browser reads, written with a decimal comma."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.problems += [f'<{tag} {name}="{value}">' for name, value in attrs if localized(tag, name, value)]

    handle_startendtag = handle_starttag


def localized(tag: str, name: str, value: str | None) -> bool:
    """Whether a number the browser reads in this attribute is written with a decimal comma."""
    if value is None or name in FREE_TEXT:
        return False
    if name in COORDINATES:
        return tag not in ("img", "input") and not NUMBER.fullmatch(value)
    if name in LISTS:
        return any(token.count(",") > 1 for token in value.split())
    machine = name in ("style", "value") or name.startswith("data-")
    return machine and DECIMAL_COMMA.search(value) is not None


def machine_number_problems(html: str) -> list[str]:
    parser = MachineNumbers()
    parser.feed(html)
    return parser.problems


class VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.text.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return " ".join(parser.text)


def html_pages(world: World, client: Client) -> Iterator[tuple[str, str]]:
    """Every page a GET reaches (HTML only), and the game page of each variant."""
    paths = [reverse(name, kwargs=args(world)) for name, args in ROUTE_ARGS.items() if name != "set_language"]
    paths += [f"/games/{game.pk}/" for game in world.games.values()]
    for path in paths:
        response = client.get(path)
        if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
            yield path, response.content.decode()


@pytest.mark.parametrize("language", ["de-ch", "fr", "it"])
def test_numbers_machines_read_are_never_localized(world: World, language: str) -> None:
    """Charts, the Jasstafel, Putz's track, rating lines, progress bars: on every page."""
    world.club.language = language
    world.club.save(update_fields=["language"])
    director = Client()
    director.force_login(world.users["owner"])
    problems, pages = [], 0
    for path, html in html_pages(world, director):
        pages += 1
        problems += [f"{path}: {problem}" for problem in machine_number_problems(html)]
        if language == "fr":  # French writes no point between digits, but in a date (d.m.y) others own
            problems += [f"{path}: {text!r}" for text in ENGLISH_DECIMAL.findall(visible_text(html))]
    assert pages > 40
    assert problems == [], "\n".join(problems)


def test_numbers_people_read_are_localized(world: World) -> None:
    """The player page's figures and the ratings: 86.5 in English is 86,5 in German, French, Italian."""
    anna = world.players[0]
    pages = [f"/clubs/{world.club.slug}/players/{anna.pk}/", f"/clubs/{world.club.slug}/ratings/{anna.pk}/"]
    director = Client()
    director.force_login(world.users["owner"])
    world.club.language = "en"
    world.club.save(update_fields=["language"])

    def figures(path: str) -> list[str]:
        html = director.get(path).content.decode()
        assert machine_number_problems(html) == []
        return re.findall(r"<(?:dd|td class=\"num\")>(-?[\d.,]+)</", html)

    english = {path: figures(path) for path in pages}
    assert any("." in figure for figure in english[pages[0]]), english
    for language in ("de-ch", "fr", "it"):
        world.club.language = language
        world.club.save(update_fields=["language"])
        for path in pages:
            assert figures(path) == [figure.replace(".", ",") for figure in english[path]], (language, path)
