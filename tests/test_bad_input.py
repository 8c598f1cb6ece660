"""Bad input never saves anything: it gets a 4xx, or the page again with the exact message beside the
field it is about. Deal posts, new games, new clubs, and posts without a CSRF token."""

from __future__ import annotations

import html as htmllib
import json
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games.models import Club, DealChange, Game, Player

HTMX = {"HTTP_HX_REQUEST": "true"}
RANGE = "Card points of team A must be a whole number from 0 to 157."
WEIS_A = "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600."
POINTS_AND_MATCH = "Enter the card points or a match, not both."

# Where each kind of message is shown: from the first marker to the next second one.
PLACES = {
    "points": ('<ul class="errorlist" id="points-error">', "</ul>"),
    "trump": ("<legend>Trump</legend>", "</fieldset>"),
    "team": ("<legend>Card points of</legend>", "</fieldset>"),
    "weis": ("<legend>Weis</legend>", "</fieldset>"),
    "stoeck": ("<legend>Stöck</legend>", "</fieldset>"),
    "first_out": ('<fieldset id="first-out">', "</fieldset>"),
    "form": ('<div class="form-errors" role="alert">', "</div>"),
}


def between(page: str, start: str, end: str) -> str:
    begin = page.index(start)
    return page[begin : page.index(end, begin + len(start))]


def state(game: Game) -> tuple[Any, ...]:
    """Everything a deal post could change."""
    game.refresh_from_db()
    return (
        list(game.deals.values_list("number", "entry", "version", "client_token")),
        DealChange.objects.filter(game=game).count(),
        game.revision,
        game.totals,
        game.side_sums,
        game.state,
        game.finished,
        game.winner,
    )


def deal(**fields: Any) -> dict[str, Any]:
    """Deal 2 of a game with one deal: hearts, 80 for team A, unless a field says otherwise."""
    data: dict[str, Any] = {"number": 2, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": "A"}
    data["points"] = "80"
    for key, value in fields.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


BAD_DEALS = [
    pytest.param(deal(points="abc"), "points", "Enter a whole number.", id="text-points"),
    pytest.param(deal(points="8O"), "points", "Enter a whole number.", id="letter-o-for-zero"),
    pytest.param(deal(points="-5"), "points", RANGE, id="negative-points"),
    pytest.param(deal(points=str(10**12)), "points", RANGE, id="points-10**12"),
    pytest.param(deal(points="158"), "points", RANGE, id="points-158"),
    pytest.param(deal(points="9" * 5000), "points", "Enter a whole number.", id="points-5000-digits"),
    pytest.param(
        deal(points="1"),
        "points",
        "Card points of team A cannot be 1: no card is worth 1 point.",
        id="points-1",
    ),
    pytest.param(
        deal(team="B", points="156"),
        "points",
        "Card points of team B cannot be 156: team A would have 1.",
        id="points-156",
    ),
    pytest.param(
        deal(points=None), "points", "Enter the card points of one team, or a match.", id="no-points-no-match"
    ),
    # Issue 13, point 14: a Match ticked over typed card points was saved as a match (257/0), silently.
    pytest.param(deal(points="100", match="on"), "points", POINTS_AND_MATCH, id="points-and-match"),
    pytest.param(deal(points="0", match="on"), "points", POINTS_AND_MATCH, id="zero-points-and-match"),
    pytest.param(
        deal(team="C"),
        "team",
        "Select a valid choice. C is not one of the available choices.",
        id="unknown-team",
    ),
    pytest.param(deal(trump="joker"), "trump", "Choose a trump.", id="unknown-trump"),
    pytest.param(deal(trump=None), "trump", "Choose the trump of this deal.", id="missing-trump"),
    pytest.param(deal(weis_a="30"), "weis", WEIS_A, id="weis-30"),
    pytest.param(deal(weis_a="15"), "weis", WEIS_A, id="weis-15"),
    pytest.param(
        deal(weis_b="610"),
        "weis",
        "Weis of team B must be 0, 20, or a multiple of 10 from 40 to 600.",
        id="weis-610",
    ),
    pytest.param(
        deal(weis_a="-20"), "weis", "Ensure this value is greater than or equal to 0.", id="negative-weis"
    ),
    pytest.param(
        deal(weis_a="50", weis_b="20"),
        "weis",
        "Only the team with the best Weis scores: enter Weis for one team.",
        id="weis-for-both-teams",
    ),
    pytest.param(
        deal(trump="obenabe", stoeck="A"),
        "stoeck",
        "No Stöck in obenabe: there is no trump suit.",
        id="stoeck-obenabe",
    ),
    pytest.param(
        deal(trump="undenufe", stoeck="B"),
        "stoeck",
        "No Stöck in undenufe: there is no trump suit.",
        id="stoeck-undenufe",
    ),
    pytest.param(
        deal(stoeck="C"),
        "stoeck",
        "Select a valid choice. C is not one of the available choices.",
        id="stoeck-unknown-team",
    ),
    pytest.param(
        deal(first_out="B"),
        "first_out",
        "Team B did not reach the target in this deal.",
        id="first-out-not-reached",
    ),
    pytest.param(
        deal(number="1"),
        "form",
        "Deal 1 was entered meanwhile on another phone. Check the list, then enter deal 2.",
        id="number-taken",
    ),
    pytest.param(
        deal(number="7"),
        "form",
        "The list of deals changed meanwhile on another phone. Check the list, then enter deal 2.",
        id="number-ahead",
    ),
    # Tampered hidden fields: refused, though no field shows a message for them.
    pytest.param(deal(number=None), None, None, id="missing-number"),
    pytest.param(deal(number="0"), None, None, id="number-0"),
    pytest.param(deal(client_token="not-a-uuid"), None, None, id="bad-client-token"),
]


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game({}, [{"trump": "spades", "points": {"A": 83}}])


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize(("data", "place", "message"), BAD_DEALS)
def test_bad_deal_is_refused_inline_and_saves_nothing(
    game: Game,
    client_as: Callable[[str | None], Client],
    data: dict[str, Any],
    place: str | None,
    message: str | None,
    htmx: bool,
) -> None:
    before = state(game)
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", data, **(HTMX if htmx else {}))
    assert response.status_code == 422
    assert "HX-Trigger" not in response
    page = response.content.decode()
    assert ("<html" in page) is not htmx  # htmx gets the board alone, a plain post the whole page
    assert 'id="dealform"' in page
    if place is not None:
        assert message is not None
        assert page.count(escape(message)) == 1
        assert escape(message) in between(page, *PLACES[place])
    assert state(game) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (deal(points="abc"), "Enter a whole number."),
        (deal(points="158"), RANGE),
        (deal(weis_a="50", weis_b="20"), "Only the team with the best Weis scores: enter Weis for one team."),
        (deal(points="100", match="on"), POINTS_AND_MATCH),
    ],
)
def test_bad_correction_is_refused_and_saves_nothing(
    game: Game, client_as: Callable[[str | None], Client], data: dict[str, Any], message: str
) -> None:
    before = state(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/1/edit/", {**data, "number": 1, "version": 1}
    )
    assert response.status_code == 422
    assert escape(message) in response.content.decode()
    assert state(game) == before


def test_preview_of_bad_input_saves_nothing(game: Game, client_as: Callable[[str | None], Client]) -> None:
    before = state(game)
    response = client_as("scorer").post(f"/games/{game.pk}/deals/preview/", deal(points="9" * 5000), **HTMX)
    assert response.status_code == 200
    assert "Enter a whole number." not in response.content.decode()  # the form shows field errors itself
    assert response.content.decode().strip() == ""
    assert state(game) == before


def test_preview_of_points_and_a_match_says_so(game: Game, client_as: Callable[[str | None], Client]) -> None:
    before = state(game)
    data = deal(points="100", match="on")
    response = client_as("scorer").post(f"/games/{game.pk}/deals/preview/", data, **HTMX)
    assert POINTS_AND_MATCH in response.content.decode()
    assert state(game) == before


def test_a_match_without_card_points_is_saved(game: Game, client_as: Callable[[str | None], Client]) -> None:
    """Match ticked, the card points left empty: 157 + 100 for team A in hearts, 0 for team B."""
    response = client_as("scorer").post(f"/games/{game.pk}/deals/", deal(points=None, match="on"))
    assert response.status_code == 302
    assert game.deals.get(number=2).entry == {"trump": "hearts", "match": "A"}


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_deal_for_a_finished_game_is_refused(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client], htmx: bool
) -> None:
    finished = make_game(
        {"multipliers": "flat", "target": 1000},
        [{"trump": "hearts", "points": {"A": 157}}] * 6 + [{"trump": "clubs", "match": "A"}],
    )
    assert finished.finished
    before = state(finished)
    data = {**deal(), "number": 8}
    response = client_as("owner").post(f"/games/{finished.pk}/deals/", data, **(HTMX if htmx else {}))
    assert response.status_code == 422
    page = response.content.decode()
    assert "The game ended with deal 7: no more deals." in between(page, *PLACES["form"])
    assert state(finished) == before


def test_deal_for_a_missing_game_is_404(game: Game, client_as: Callable[[str | None], Client]) -> None:
    before = state(game)
    assert client_as("scorer").post(f"/games/{game.pk + 1000}/deals/", deal()).status_code == 404
    assert client_as("scorer").post(f"/games/{game.pk}/deals/9/edit/", deal()).status_code == 404
    assert state(game) == before


# ---- new games ---------------------------------------------------------------------------------------


def new_game(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "variant": "schieber",
        "preset": "standard",
        "seat_1": "Anna",
        "seat_2": "Beat",
        "seat_3": "Cla",
        "seat_4": "Emil",
        "target": "2500",
        "match_bonus": "100",
        "multiply_weis": "on",
        "multipliers.hearts": "1",
        "multipliers.diamonds": "2",
        "multipliers.spades": "2",
        "multipliers.clubs": "1",
        "multipliers.obenabe": "3",
        "multipliers.undenufe": "3",
    }
    for key, value in fields.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def roster_and_games(club: Club) -> tuple[list[str], int]:
    return list(club.players.values_list("name", flat=True)), Game.objects.count()


def test_the_new_game_payload_is_valid(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """The bad cases below are this one with one thing wrong."""
    assert client_as("scorer").post("/clubs/zuerich/games/new/", new_game()).status_code == 302
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        pytest.param(new_game(seat_2=None), "seat_2", "This field is required.", id="missing-seat"),
        pytest.param(new_game(seat_4="   "), "seat_4", "This field is required.", id="blank-seat"),
        pytest.param(new_game(seat_3="anna"), "seat_3", "anna already has a seat.", id="same-player-twice"),
        pytest.param(new_game(target="x"), "target", "Enter a whole number.", id="target-text"),
        pytest.param(new_game(target=None), "target", "This field is required.", id="target-missing"),
        pytest.param(
            new_game(target="0"), "target", "The target must be a whole number, 1 or more.", id="target-0"
        ),
        pytest.param(
            new_game(match_bonus="-5"),
            "match_bonus",
            "The match bonus must be a whole number, 0 or more.",
            id="negative-match-bonus",
        ),
        pytest.param(
            new_game(**{"multipliers.hearts": "abc"}),
            "multipliers.hearts",
            "Enter a whole number.",
            id="multiplier-text",
        ),
    ],
)
def test_bad_new_game_is_refused_beside_the_field(
    club: Club,
    players: list[Player],
    client_as: Callable[[str | None], Client],
    data: dict[str, Any],
    field: str,
    message: str,
) -> None:
    before = roster_and_games(club)
    response = client_as("scorer").post("/clubs/zuerich/games/new/", data)
    assert response.status_code == 422
    page = response.content.decode()
    assert escape(message) in between(page, f'name="{field}"', "</div>")
    assert roster_and_games(club) == before  # not even the new player Emil joined the roster


def test_unknown_variant_is_refused(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """Only a tampered post sends one (the select offers the playable variants): refused, nothing saved."""
    before = roster_and_games(club)
    response = client_as("scorer").post("/clubs/zuerich/games/new/", new_game(variant="poker"))
    assert response.status_code == 422
    assert 'name="seat_1" value="Anna"' in response.content.decode()  # the form again, as typed
    assert roster_and_games(club) == before


def test_a_zero_multiplier_is_refused_beside_its_own_input(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """The engine names the setting (multipliers) and its key (hearts): the message goes beside that input."""
    before = roster_and_games(club)
    response = client_as("scorer").post("/clubs/zuerich/games/new/", new_game(**{"multipliers.hearts": "0"}))
    assert response.status_code == 422
    page = response.content.decode()
    message = "The multiplier of hearts must be a whole number, 1 or more."
    assert response.context["settings_form"].errors == {"multipliers.hearts": [message]}
    assert message in between(page, 'name="multipliers.hearts"', "</div>")
    assert roster_and_games(club) == before


# ---- clubs -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "This field is required."),
        ("   ", "This field is required."),
        ("!!!", "The name needs at least one letter or digit."),
        ("x" * 101, "Ensure this value has at most 100 characters (it has 101)."),
    ],
)
def test_bad_club_name_is_refused(
    users: dict[str, User], client_as: Callable[[str | None], Client], name: str, message: str
) -> None:
    clubs = list(Club.objects.values_list("slug", flat=True))
    response = client_as("viewer").post("/clubs/new/", {"name": name, "suit_names": "german"})
    assert response.status_code == 200
    assert message in between(response.content.decode(), 'name="name"', "</div>")
    assert list(Club.objects.values_list("slug", flat=True)) == clubs


def test_unknown_suit_names_are_refused(
    users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    response = client_as("viewer").post("/clubs/new/", {"name": "Jassclub Chur", "suit_names": "klingon"})
    assert response.status_code == 200
    assert "Select a valid choice. klingon is not one of the available choices." in response.content.decode()
    assert not Club.objects.filter(name="Jassclub Chur").exists()


# ---- CSRF --------------------------------------------------------------------------------------------


def signed_in(user: User) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def page_token(page: str) -> str:
    """The token htmx sends: <body data-hx-headers='{"X-CSRFToken": "..."}'>."""
    found = re.search(r"<body data-hx-headers='([^']*)'>", page)
    assert found, "the body carries no data-hx-headers"
    return json.loads(htmllib.unescape(found.group(1)))["X-CSRFToken"]


def test_post_without_csrf_token_is_403_and_saves_nothing(game: Game, users: dict[str, User]) -> None:
    before = state(game)
    client = signed_in(users["scorer"])
    client.get(f"/games/{game.pk}/")  # the CSRF cookie is set, but the post does not carry the token
    response = client.post(f"/games/{game.pk}/deals/", deal(), **HTMX)
    assert response.status_code == 403
    wrong = client.post(f"/games/{game.pk}/deals/", deal(), HTTP_X_CSRFTOKEN="x" * 64, **HTMX)
    assert wrong.status_code == 403
    assert state(game) == before


def test_htmx_header_token_from_the_page_passes(game: Game, users: dict[str, User]) -> None:
    client = signed_in(users["scorer"])
    token = page_token(client.get(f"/games/{game.pk}/").content.decode())
    assert len(token) == 64
    response = client.post(f"/games/{game.pk}/deals/", deal(), HTTP_X_CSRFTOKEN=token, **HTMX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.deals.count() == 2
    assert game.totals == {"A": 166 + 80, "B": 148 + 77}


def test_form_token_passes_without_htmx(game: Game, users: dict[str, User]) -> None:
    client = signed_in(users["scorer"])
    page = client.get(f"/games/{game.pk}/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    response = client.post(f"/games/{game.pk}/deals/", {**deal(), "csrfmiddlewaretoken": token.group(1)})
    assert response.status_code == 302
    assert game.deals.count() == 2


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/clubs/new/", {"name": "Jassclub Chur", "suit_names": "german"}),
        ("/clubs/zuerich/players/", {"name": "Emil"}),
        ("/clubs/zuerich/manage/", {"save_club": "1", "name": "Renamed", "suit_names": "german"}),
        ("/clubs/zuerich/games/new/", new_game()),
    ],
)
def test_other_posts_without_csrf_token_are_403(
    club: Club, users: dict[str, User], url: str, data: dict[str, Any]
) -> None:
    before = (
        list(Club.objects.values_list("slug", "name")),
        list(Player.objects.values_list("name", flat=True)),
        Game.objects.count(),
    )
    response = signed_in(users["owner"]).post(url, data)
    assert response.status_code == 403
    after = (
        list(Club.objects.values_list("slug", "name")),
        list(Player.objects.values_list("name", flat=True)),
        Game.objects.count(),
    )
    assert after == before
