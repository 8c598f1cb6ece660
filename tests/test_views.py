"""The pages, through the test client: sign-up, clubs, members, roster, new game, the live game page with
its HTMX partials, preview, the first_out question, corrections, deletion, history, spectators' poll,
the Jasstafel, the demo command and the club's suit names."""

from __future__ import annotations

import html as htmllib
import json
import re
import uuid
from collections.abc import Callable
from decimal import Decimal
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scorekeeper import rules
from scorekeeper.games import members, services
from scorekeeper.games.jasstafel import Tafel, strokes, tafel
from scorekeeper.games.models import Club, Deal, DealChange, Game, Membership, Player, Role

from .conftest import play
from .html_forms import forms_on

HTMX = {"HTTP_HX_REQUEST": "true"}
FLAT_TO_1000 = {"multipliers": "flat", "target": 1000}
STANDARD_SETTINGS = {
    "match_bonus": 100,
    "multipliers": {"hearts": 1, "diamonds": 2, "spades": 2, "clubs": 1, "obenabe": 3, "undenufe": 3},
    "multiply_weis": True,
    "target": 2500,
}


def deal_post(number: int, **fields: Any) -> dict[str, Any]:
    """What the deal form posts: the hidden fields plus the typed ones (team A unless told)."""
    return {"number": number, "client_token": str(uuid.uuid4()), "team": "A", **fields}


def poll_url(page: str) -> str:
    """The page's one poll, as htmx will ask it."""
    return htmllib.unescape(re.search(r'id="poll"[^>]* data-hx-get="([^"]+)"', page).group(1))


def html(response: Any) -> str:
    return response.content.decode()


def total_of(page: str, side: str) -> int:
    found = re.findall(rf'data-total="{side}">(-?\d+)<', page)
    assert len(found) == 1, f"expected one total for {side}, found {found}"
    return int(found[0])


def between(page: str, start: str, end: str) -> str:
    """The text from `start` to the next `end`: the part of the page a message must be in."""
    begin = page.index(start)
    return page[begin : page.index(end, begin + len(start))]


def scored_deal(game: Game, number: int) -> dict[str, int]:
    """Deal `number`'s scores as the rules engine derives them from the stored entries: no row keeps them."""
    entries = list(game.deals.order_by("number").values_list("entry", flat=True))
    result = rules.score_game(game.variant, game.names_by_seat(), game.settings, entries)
    return dict(result.deals[number - 1].scores)


def game_state(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        list(game.deals.values_list("number", "entry", "version")),
        DealChange.objects.filter(game=game).count(),
        game.revision,
        game.totals,
        game.side_sums,
        game.state,
        game.finished,
    )


# ---- accounts, clubs, members, roster --------------------------------------------------------------


@pytest.mark.django_db
def test_signup_creates_the_user_and_signs_them_in() -> None:
    client = Client()
    assert client.get("/accounts/signup/").status_code == 200
    response = client.post(
        "/accounts/signup/",
        {"username": "newbie", "password1": "Zuger-Kirsch-1984", "password2": "Zuger-Kirsch-1984"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    user = User.objects.get(username="newbie")
    assert user.check_password("Zuger-Kirsch-1984")
    assert client.session["_auth_user_id"] == str(user.pk)
    home = html(client.get("/"))
    assert re.search(r'<a class="mine" href="/me/"[^>]*>\s*newbie<span class="sr-only">', home)
    assert "Welcome, newbie! Create your club or ask a club to add you." in home


@pytest.mark.django_db
def test_signup_with_mismatched_passwords_creates_nobody() -> None:
    response = Client().post(
        "/accounts/signup/",
        {"username": "newbie", "password1": "Zuger-Kirsch-1984", "password2": "Zuger-Kirsch-1985"},
    )
    assert response.status_code == 200
    assert escape("The two password fields didn\N{RIGHT SINGLE QUOTATION MARK}t match.") in html(response)
    assert not User.objects.filter(username="newbie").exists()


def test_creating_a_club_makes_the_creator_its_owner(client_as: Callable[[str | None], Client]) -> None:
    client = client_as("viewer")
    data = {"name": "Jassfreunde Bülach", "suit_names": "french", "is_public": "on"}
    response = client.post("/clubs/new/", data)
    assert response.status_code == 302
    assert response["Location"] == "/clubs/jassfreunde-bulach/"
    club = Club.objects.get(slug="jassfreunde-bulach")
    assert (club.name, club.is_public, club.suit_names) == ("Jassfreunde Bülach", True, "french")
    assert list(club.memberships.values_list("user__username", "role")) == [("viewer", Role.OWNER)]
    # the same name again gets the next free slug
    assert client.post("/clubs/new/", data)["Location"] == "/clubs/jassfreunde-bulach-2/"


def test_owner_adds_a_member_by_username_with_a_role(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("owner")
    response = client.post(
        "/clubs/zuerich/manage/", {"add_member": "1", "username": " STRANGER ", "role": "scorer"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/clubs/zuerich/manage/"
    assert club.memberships.get(user__username="stranger").role == Role.SCORER
    page = html(client.get("/clubs/zuerich/manage/"))
    assert "Member saved." in page
    assert "<td>stranger</td>" in page


def test_adding_an_unknown_username_explains_and_adds_nobody(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    before = list(Membership.objects.values_list("club_id", "user_id", "role"))
    response = client_as("admin").post(
        "/clubs/zuerich/manage/", {"add_member": "1", "username": "nobody", "role": "viewer"}
    )
    assert response.status_code == 200
    assert escape("No user is called 'nobody': they sign up first.") in html(response)
    assert list(Membership.objects.values_list("club_id", "user_id", "role")) == before


def test_club_settings_are_saved_by_an_admin(club: Club, client_as: Callable[[str | None], Client]) -> None:
    response = client_as("admin").post(
        "/clubs/zuerich/manage/", {"save_club": "1", "name": "Jassclub Züri", "suit_names": "french"}
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.is_public, club.suit_names, club.slug) == (
        "Jassclub Züri",
        False,
        "french",
        "zuerich",
    )


def test_roster_add_tidies_the_name(club: Club, client_as: Callable[[str | None], Client]) -> None:
    client = client_as("scorer")
    response = client.post("/clubs/zuerich/players/", {"name": "  Emil   Meier "})
    assert response.status_code == 302
    assert response["Location"] == "/clubs/zuerich/"
    assert list(club.players.values_list("name", flat=True)) == ["Emil Meier"]
    page = html(client.get("/clubs/zuerich/"))
    assert "Emil Meier is on the roster." in page
    emil = club.players.get().pk
    assert f'<a class="tag" href="/clubs/zuerich/players/{emil}/">Emil Meier</a>' in page


def test_roster_add_without_a_name_says_so(club: Club, client_as: Callable[[str | None], Client]) -> None:
    client = client_as("scorer")
    response = client.post("/clubs/zuerich/players/", {"name": "   "}, follow=True)
    assert response.status_code == 200
    assert '<li class="error">This field is required.</li>' in html(response)
    assert not club.players.exists()


# ---- new game ----------------------------------------------------------------------------------------


def new_game_post(**overrides: Any) -> dict[str, Any]:
    data = {
        "variant": "schieber",
        "preset": "standard",
        "seat_1": "Anna",
        "seat_2": "Beat",
        "seat_3": "Cla",
        "seat_4": "Emil",
        "target": "1500",
        "match_bonus": "100",
        "multiply_weis": "on",
        "multipliers.hearts": "1",
        "multipliers.diamonds": "2",
        "multipliers.spades": "2",
        "multipliers.clubs": "1",
        "multipliers.obenabe": "3",
        "multipliers.undenufe": "4",
    }
    data.update(overrides)
    return data


def test_new_game_seats_players_in_order_and_stores_the_settings(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    response = client_as("scorer").post("/clubs/zuerich/games/new/", new_game_post())
    assert response.status_code == 302
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert list(game.seats.values_list("position", "name")) == [
        (1, "Anna"),
        (2, "Beat"),
        (3, "Cla"),
        (4, "Emil"),
    ]
    assert [seat.player.club_id for seat in game.seats.all()] == [club.pk] * 4
    assert game.variant == "schieber"
    # The settings this post leaves out (count_order, marks, ...) are stored as the form showed them:
    # the game keeps the rules it was started with, whatever later defaults say.
    assert game.settings == {
        "match_bonus": 100,
        "multipliers": {"hearts": 1, "diamonds": 2, "spades": 2, "clubs": 1, "obenabe": 3, "undenufe": 4},
        "multiply_weis": True,
        "target": 1500,
        "count_order": "stoeck_weis_stich",
        "counter_match_bonus": None,
        "extra_modes": {},
        "weis_card_twice": False,
        "marks": None,
        "berg_at": None,
        "schneider_below": None,
    }
    assert game.created_by == User.objects.get(username="scorer")
    assert (game.totals, game.finished, game.revision) == ({"A": 0, "B": 0}, False, 0)
    # the new name joined the roster, the known ones were reused
    assert list(club.players.values_list("name", flat=True)) == ["Anna", "Beat", "Cla", "Dora", "Emil"]


def test_new_game_unchecked_multiply_weis_is_stored_as_false(
    players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    data = new_game_post()
    del data["multiply_weis"]
    assert client_as("scorer").post("/clubs/zuerich/games/new/", data).status_code == 302
    assert Game.objects.get().settings["multiply_weis"] is False


STRICHE_GAME = [
    {"trump": "hearts", "match": "A", "announced_by": "A"},
    {"trump": "clubs", "match": "B", "announced_by": "A"},
    {"trump": "spades", "points": {"A": 100}, "weis": {"A": 50}, "stoeck": "B"},
]


@pytest.mark.parametrize("preset", list(rules.get_variant("schieber").presets))
def test_a_schieber_preset_posted_as_the_page_shows_it_scores_as_the_preset(
    preset: str, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """Every setting's input as the page renders it (the new ones too: JSON boxes, blank "null" boxes,
    a map of marks) comes back as the preset's value: the game scores and marks as the preset does."""
    client = client_as("scorer")
    url = "/clubs/zuerich/games/new/"
    page = html(client.get(f"{url}?variant=schieber&preset={preset}"))
    form = next(f for f in forms_on(page) if "variant" in f.fields)
    seats = {"seat_1": "Anna", "seat_2": "Beat", "seat_3": "Cla", "seat_4": "Dora"}
    assert client.post(url, form.data(**seats)).status_code == 302
    stored = Game.objects.get().settings
    preset_settings = dict(rules.get_variant("schieber").presets[preset])
    expected = rules.score_game("schieber", ["Anna", "Beat", "Cla", "Dora"], preset_settings, STRICHE_GAME)
    scored = rules.score_game("schieber", ["Anna", "Beat", "Cla", "Dora"], stored, STRICHE_GAME)
    assert (scored.totals, scored.marks) == (expected.totals, expected.marks)
    assert {key: stored.get(key, value) for key, value in preset_settings.items()} == preset_settings


def test_new_game_refuses_a_name_at_two_seats(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    response = client_as("scorer").post("/clubs/zuerich/games/new/", new_game_post(seat_3="Anna"))
    assert response.status_code == 422
    page = html(response)
    assert "Anna already has a seat." in between(page, 'name="seat_3"', "</div>")
    assert not Game.objects.exists()
    assert not club.players.filter(name="Emil").exists()


def test_preset_switch_returns_only_the_settings_partial(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    response = client_as("scorer").get(
        "/clubs/zuerich/games/new/?variant=schieber&preset=flat", HTTP_HX_TARGET="settings", **HTMX
    )
    assert response.status_code == 200
    page = html(response).strip()
    assert page.startswith('<details id="settings"')
    assert "<html" not in page
    assert 'name="seat_1"' not in page
    multipliers = dict(re.findall(r'name="multipliers\.(\w+)" value="(\d+)"', page))
    assert multipliers == dict.fromkeys(["hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe"], "1")
    standard = html(client_as("scorer").get("/clubs/zuerich/games/new/?preset=standard", **HTMX))
    assert dict(re.findall(r'name="multipliers\.(\w+)" value="(\d+)"', standard)) == {
        "hearts": "1",
        "diamonds": "2",
        "spades": "2",
        "clubs": "1",
        "obenabe": "3",
        "undenufe": "3",
    }


# ---- the live game page ------------------------------------------------------------------------------


def test_game_page_shows_the_totals_and_the_deal_form_to_a_scorer(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(
        {}, [{"trump": "spades", "points": {"A": 83}}, {"trump": "hearts", "points": {"B": 100}}]
    )
    page = html(client_as("scorer").get(f"/games/{game.pk}/"))
    assert (total_of(page, "A"), total_of(page, "B")) == (166 + 57, 148 + 100)
    assert "Team A · Anna &amp; Cla" in page
    assert "Team B · Beat &amp; Dora" in page
    assert 'id="dealform"' in page
    assert "Save deal 3" in page
    assert 'data-outbox="add"' in page and f'action="/games/{game.pk}/deals/"' in page


def test_game_page_has_no_deal_form_for_a_viewer(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    page = html(client_as("viewer").get(f"/games/{game.pk}/"))
    assert total_of(page, "A") == 166
    assert 'id="dealform"' not in page
    assert "/deals/1/edit/" not in page
    assert "/deals/1/delete/" not in page


def test_htmx_deal_post_returns_the_board_partial_with_the_new_totals(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/", deal_post(2, trump="hearts", team="B", points="100"), **HTMX
    )
    assert response.status_code == 200
    page = html(response)
    # a page that did not say which list it shows
    assert '<section id="record" data-hx-swap-oob="true">' in page
    assert "<html" not in page
    assert json.loads(response["HX-Trigger"]) == {"deal-saved": {"revision": 2}}
    assert (total_of(page, "A"), total_of(page, "B")) == (166 + 57, 148 + 100)
    assert "Save deal 3" in page  # a fresh form for the next deal: this page sent no form shape
    game.refresh_from_db()
    assert game.totals == {"A": 223, "B": 248}
    deal = game.deals.get(number=2)
    assert deal.entry == {"trump": "hearts", "points": {"B": 100}}
    assert deal.created_by == User.objects.get(username="scorer")
    assert scored_deal(game, 2) == {"A": 57, "B": 100}
    assert game.side_sums == {"A": [166 + 57, 0, 0], "B": [148 + 100, 0, 0]}
    assert DealChange.objects.filter(game=game, deal_number=2, action="added").count() == 1


def test_a_game_without_a_stored_state_still_takes_a_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """A game from before Game.state was kept (None) is scored for its form, and its next write stores the
    state again."""
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    Game.objects.filter(pk=game.pk).update(state=None)
    response = client_as("scorer").post(
        reverse("games:deal_add", args=[game.pk]), deal_post(2, trump="hearts", team="B", points="100")
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deals.get(number=2).entry == {"trump": "hearts", "points": {"B": 100}}
    assert game.totals == {"A": 166 + 57, "B": 148 + 100}
    entries = list(game.deals.values_list("entry", flat=True))
    assert game.state == rules.score_game("schieber", game.names_by_seat(), {}, entries).state
    assert game.state == {"target": 2500}


def test_plain_deal_post_redirects_to_the_game(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/",
        deal_post(1, trump="obenabe", match="on", weis_a="100", announced_by="B"),
    )
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    # match 257 + Weis 100, all x3 in Obenabe
    assert game.totals == {"A": (257 + 100) * 3, "B": 0}
    assert game.deals.get().entry == {
        "trump": "obenabe",
        "match": "A",
        "weis": {"A": 100},
        "announced_by": "B",
    }


def test_same_submission_twice_saves_one_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    client = client_as("scorer")
    data = deal_post(1, trump="hearts", points="90")
    assert client.post(f"/games/{game.pk}/deals/", data, **HTMX).status_code == 200
    again = client.post(f"/games/{game.pk}/deals/", data, **HTMX)
    assert again.status_code == 200
    assert game.deals.count() == 1
    assert total_of(html(again), "A") == 90


def test_invalid_htmx_post_shows_the_engine_message_beside_the_field(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    before = game_state(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/", deal_post(2, trump="clubs", points="1"), **HTMX
    )
    assert response.status_code == 422
    page = html(response)
    assert "<html" not in page
    assert "HX-Trigger" not in response
    errors = between(page, '<ul class="errorlist" id="points-error">', "</ul>")
    assert "<li>Card points of team A cannot be 1: no card is worth 1 point.</li>" in errors
    assert 'aria-invalid="true" aria-describedby="points-error"' in page
    assert 'value="1"' in between(page, 'name="points"', ">")  # what was typed stays in the field
    assert game_state(game) == before


def test_preview_shows_the_other_teams_points_and_saves_nothing(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    before = game_state(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/preview/", deal_post(1, trump="spades", points="83"), **HTMX
    )
    assert response.status_code == 200
    text = " ".join(re.sub(r"<[^>]+>", " ", html(response)).split())
    assert text == "A 83 · B 74 scores A +166, B +148 (\N{MULTIPLICATION SIGN}2)"
    assert game_state(game) == before


def test_preview_shows_the_engine_objection(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/preview/", deal_post(1, trump="spades", team="B", points="156"), **HTMX
    )
    assert response.status_code == 200
    assert html(response).strip() == (
        '<span class="problem">Card points of team B cannot be 156: team A would have 1.</span>'
    )
    assert not game.deals.exists()


def test_first_out_is_asked_only_when_both_teams_reach_the_target(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(FLAT_TO_1000, [{"trump": "hearts", "points": {"A": 80}}] * 12)
    assert game.totals == {"A": 960, "B": 924}
    client = client_as("scorer")
    page = html(client.get(f"/games/{game.pk}/"))
    assert 'id="first-out"' not in page
    assert 'name="first_out"' not in page
    before = game_state(game)

    asked = client.post(f"/games/{game.pk}/deals/", deal_post(13, trump="hearts", points="80"), **HTMX)
    assert asked.status_code == 422
    question = between(html(asked), '<fieldset id="first-out">', "</fieldset>")
    assert "Both teams reach the target in this deal: who got there first?" in question
    assert "Both teams reached the target with card points: which team got there first?" in question
    assert 'name="first_out" value="B"' in question
    assert game_state(game) == before

    answered = client.post(
        f"/games/{game.pk}/deals/", deal_post(13, trump="hearts", points="80", first_out="B"), **HTMX
    )
    assert answered.status_code == 200
    page = html(answered)
    assert '<div class="winner" role="status">🏆 Beat &amp; Dora win!</div>' in page
    assert (total_of(page, "A"), total_of(page, "B")) == (1040, 1001)
    assert 'id="dealform"' not in page
    assert '<div id="entry" data-hx-swap-oob="true"></div>' in page  # the form goes, the winner stays
    game.refresh_from_db()
    assert (game.finished, game.winner, game.deals.count()) == (True, "B", 13)
    assert game.deals.get(number=13).entry == {"trump": "hearts", "points": {"A": 80}, "first_out": "B"}
    after = html(client.get(f"/games/{game.pk}/"))
    assert "🏆 Beat &amp; Dora win!" in after
    assert 'id="dealform"' not in after


def test_first_out_named_when_not_needed_is_refused(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(FLAT_TO_1000, [{"trump": "hearts", "points": {"A": 80}}] * 12)
    before = game_state(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/",
        deal_post(13, trump="hearts", points="80", weis_a="50", first_out="B"),
        **HTMX,
    )
    assert response.status_code == 422
    question = between(html(response), '<fieldset id="first-out">', "</fieldset>")
    assert "No need to name the team out first: team A reached the target first, with Weis." in question
    assert game_state(game) == before


def test_the_deciding_deal_can_be_corrected_so_nobody_reaches_the_target(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """Issue 13, point 12: the correction form offers to clear "who got there first?" (a radio button
    cannot be unticked), and the game, no longer decided, goes on."""
    hearts, obenabe = {"trump": "hearts", "points": {"A": 80}}, {"trump": "obenabe", "points": {"A": 80}}
    # to 1000, Obenabe x3: A 640 + 240 + 240 = 1120, B 616 + 231 + 231 = 1078, both with card points
    game = make_game({"target": 1000}, [hearts] * 8 + [obenabe, {**obenabe, "first_out": "B"}])
    assert (game.finished, game.winner) == (True, "B")
    client = client_as("scorer")
    edit = f"/games/{game.pk}/deals/10/edit/"
    form = next(f for f in forms_on(html(client.get(edit))) if f.action == edit)
    assert form.fields["first_out"] == ["B"]
    assert "" in form.choices["first_out"]  # "none": the answer can be cleared
    response = client.post(edit, form.data(trump="hearts", first_out=""))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deals.get(number=10).entry == hearts
    # hearts x1 instead: A 880 + 80, B 847 + 77; nobody has 1000 yet, the game goes on
    assert (game.finished, game.winner, game.totals) == (False, "", {"A": 960, "B": 924})


def test_a_winner_with_fewer_points_is_told_why(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """Issue 13, point 17: B reached the target first in deal 13 and wins with 1001 against 1040."""
    game = make_game(
        FLAT_TO_1000,
        [{"trump": "hearts", "points": {"A": 80}}] * 12
        + [{"trump": "hearts", "points": {"A": 80}, "first_out": "B"}],
    )
    page = html(client_as("viewer").get(f"/games/{game.pk}/"))
    assert "🏆 Beat &amp; Dora win!" in page
    note = between(page, '<p class="finish-note">', "</p>")
    assert " ".join(note.split()).endswith(
        "Beat &amp; Dora reached 1000 first, in deal 13: that wins, even with fewer points."
    )
    won_with_more = make_game(
        FLAT_TO_1000, [{"trump": "hearts", "points": {"A": 157}}] * 6 + [{"trump": "clubs", "match": "A"}]
    )
    assert "finish-note" not in html(client_as("viewer").get(f"/games/{won_with_more.pk}/"))


def test_finished_game_shows_the_winner_and_no_deal_form(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(
        FLAT_TO_1000, [{"trump": "hearts", "points": {"A": 157}}] * 6 + [{"trump": "clubs", "match": "A"}]
    )
    assert (game.finished, game.winner) == (True, "A")
    for role in ("owner", "scorer", "viewer"):
        page = html(client_as(role).get(f"/games/{game.pk}/"))
        assert '<div class="winner" role="status">🏆 Anna &amp; Cla win!</div>' in page
        assert 'id="dealform"' not in page
        assert "to go</div>" not in page
        assert (total_of(page, "A"), total_of(page, "B")) == (6 * 157 + 257, 0)


# ---- corrections, deletion, history ------------------------------------------------------------------


def test_edit_page_is_prefilled_with_the_stored_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"B": 83}, "weis": {"A": 50}, "stoeck": "B"}])
    response = client_as("scorer").get(f"/games/{game.pk}/deals/1/edit/")
    assert response.status_code == 200
    page = html(response)
    assert "Correct deal 1" in page
    assert f'action="/games/{game.pk}/deals/1/edit/"' in page
    assert '<input type="radio" name="trump" value="spades" id="id_trump_2" checked>' in page
    assert '<input type="radio" name="team" value="B" id="id_team_1" required checked>' in page
    assert 'value="83"' in between(page, 'name="points"', ">")
    assert 'name="weis_a" value="50"' in page
    assert '<input type="radio" name="stoeck" value="B" id="id_stoeck_2" checked>' in page
    assert '<input type="hidden" name="version" value="1" id="id_version">' in page


def test_edit_corrects_the_deal_and_rederives_the_totals(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(
        {}, [{"trump": "spades", "points": {"A": 83}}, {"trump": "hearts", "points": {"B": 100}}]
    )
    client = client_as("admin")
    data = {"number": 1, "version": 1, "trump": "clubs", "team": "A", "points": "90"}
    response = client.post(f"/games/{game.pk}/deals/1/edit/", data)
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    deal = game.deals.get(number=1)
    assert (deal.entry, deal.version) == ({"trump": "clubs", "points": {"A": 90}}, 2)
    assert deal.updated_by == User.objects.get(username="admin")
    assert game.totals == {"A": 90 + 57, "B": 67 + 100}
    assert scored_deal(game, 1) == {"A": 90, "B": 67}
    assert game.side_sums == {"A": [90 + 57, 0, 0], "B": [67 + 100, 0, 0]}
    change = DealChange.objects.get(game=game, action="edited")
    assert (change.deal_number, change.before, change.after) == (
        1,
        {"trump": "spades", "points": {"A": 83}},
        {"trump": "clubs", "points": {"A": 90}},
    )
    assert "Deal 1 corrected." in html(client.get(f"/games/{game.pk}/"))


def test_stale_edit_is_refused_and_shows_the_stored_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    owner = User.objects.get(username="owner")
    services.edit_deal(
        game_id=game.pk, number=1, entry={"trump": "spades", "points": {"A": 90}}, by=owner, version=1
    )
    before = game_state(game)
    stale = {"number": 1, "version": 1, "trump": "hearts", "team": "A", "points": "100"}
    response = client_as("scorer").post(f"/games/{game.pk}/deals/1/edit/", stale)
    assert response.status_code == 422
    page = html(response)
    assert (
        '<div class="form-errors" role="alert">This deal was changed meanwhile on another phone. '
        "Check it and save again.</div>" in page
    )
    # the form now shows what is stored (and its version), not what the stale phone sent
    assert 'value="90"' in between(page, 'name="points"', ">")
    assert '<input type="radio" name="trump" value="spades" id="id_trump_2" checked>' in page
    assert '<input type="hidden" name="version" value="2" id="id_version">' in page
    assert game_state(game) == before


def test_delete_the_last_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(
        {}, [{"trump": "spades", "points": {"A": 83}}, {"trump": "hearts", "points": {"B": 100}}]
    )
    client = client_as("scorer")
    response = client.post(f"/games/{game.pk}/deals/2/delete/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert list(game.deals.values_list("number", flat=True)) == [1]
    assert game.totals == {"A": 166, "B": 148}
    # deal 1 alone (spades count double): deal 2's 57 and 100 are gone from the sums too
    assert game.side_sums == {"A": [166, 0, 0], "B": [148, 0, 0]}
    change = DealChange.objects.get(game=game, action="deleted")
    assert (change.deal_number, change.before, change.after) == (
        2,
        {"trump": "hearts", "points": {"B": 100}},
        None,
    )
    page = html(client.get(f"/games/{game.pk}/"))
    assert "Deal 2 deleted." in page
    assert total_of(page, "A") == 166


def test_only_the_last_deal_can_be_deleted(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(
        {}, [{"trump": "spades", "points": {"A": 83}}, {"trump": "hearts", "points": {"B": 100}}]
    )
    before = game_state(game)
    client = client_as("scorer")
    response = client.post(f"/games/{game.pk}/deals/1/delete/", follow=True)
    assert response.status_code == 200
    assert "Deal 1 is no longer the last deal: only the last deal can be deleted." in html(response)
    assert game_state(game) == before
    page = html(client.get(f"/games/{game.pk}/"))
    # deleting acts at once, with no question first: Undo brings the deal back (game.html#undo)
    delete_form = between(page, f'action="/games/{game.pk}/deals/2/delete/"', ">")
    assert 'data-outbox="delete"' in delete_form and "data-confirm" not in delete_form
    assert f'action="/games/{game.pk}/deals/1/delete/"' not in page


def test_history_lists_every_change_with_who(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    client_as("scorer").post(f"/games/{game.pk}/deals/", deal_post(1, trump="hearts", points="90"))
    client_as("admin").post(
        f"/games/{game.pk}/deals/1/edit/",
        {"number": 1, "version": 1, "trump": "hearts", "team": "A", "points": "95"},
    )
    client_as("owner").post(f"/games/{game.pk}/deals/1/delete/")
    response = client_as("viewer").get(f"/games/{game.pk}/history/")
    assert response.status_code == 200
    lines = re.findall(r"<strong>([^<]*)</strong>\s*<span class=\"muted\">· (\w+) ·", html(response))
    assert lines == [("Deal 1 deleted", "owner"), ("Deal 1 edited", "admin"), ("Deal 1 added", "scorer")]


def audit_lines(page: str) -> list[str]:
    """Each change of the history as its words read, tags and markup left out."""
    items = re.findall(r'<li class="card audit-line">(.*?)</li>', page, re.DOTALL)
    return [" ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", item)).split()) for item in items]


def test_history_describes_each_change_in_the_players_words(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """Issue 13, point 16: each change as the game page describes a deal, in the club's suit names, with
    each side's score; no raw entry (English keys, Python dicts); cards, not a five-column table."""
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A"}])
    owner = User.objects.get(username="owner")
    services.edit_deal(
        game_id=game.pk, number=1, entry={"trump": "obenabe", "match": "B"}, by=owner, version=1
    )
    page = html(client_as("viewer").get(f"/games/{game.pk}/history/"))
    edited, added = audit_lines(page)
    times = "\N{MULTIPLICATION SIGN}"
    # spades x2 (Schilten for this Swiss-German club): A (83 + 20 Stöck) x 2 = 206, B (74 + 50) x 2 = 248
    assert "Deal 1 added" in added
    assert f"After 🛡 Schilten Weis B 50 Stöck A {times}2 A 206 · B 248" in added
    # corrected to Obenabe x3 with a match by B: B (157 + 100) x 3 = 771
    assert f"Before 🛡 Schilten Weis B 50 Stöck A {times}2 A 206 · B 248" in edited
    assert f"After ⬇ Obenabe Match B {times}3 A 0 · B 771" in edited
    for raw in ("{&#x27;", "&#x27;trump&#x27;", "spades", "stoeck", "<table"):
        assert raw not in page


def test_history_shows_a_correction_of_who_got_there_first_alone(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """Both teams past 1000 with card points in deal 10: a correction that only changes the answer to
    "who got there first?" changes the winner, and the history says so (it showed two equal deals)."""
    hearts, obenabe = {"trump": "hearts", "points": {"A": 80}}, {"trump": "obenabe", "points": {"A": 80}}
    game = make_game({"target": 1000}, [hearts] * 8 + [obenabe, {**obenabe, "first_out": "B"}])
    owner = User.objects.get(username="owner")
    services.edit_deal(game_id=game.pk, number=10, entry={**obenabe, "first_out": "A"}, by=owner, version=1)
    game.refresh_from_db()
    assert game.winner == "A"
    edited = audit_lines(html(client_as("viewer").get(f"/games/{game.pk}/history/")))[0]
    before, after = edited.split("After")
    assert "B out first" in before and "A out first" not in before
    assert "A out first" in after and "B out first" not in after


def test_history_of_a_game_without_changes(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game()
    assert "No changes yet." in html(client_as("viewer").get(f"/games/{game.pk}/history/"))


# ---- spectators --------------------------------------------------------------------------------------


def test_poll_answers_204_while_nothing_changed(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    viewer = client_as("viewer")
    response = viewer.get(poll_url(html(viewer.get(f"/games/{game.pk}/"))), **HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_poll_sends_the_new_standing_after_a_change(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    seen = game.revision
    viewer = client_as("viewer")
    url = poll_url(html(viewer.get(f"/games/{game.pk}/")))
    play(game, [{"trump": "hearts", "points": {"B": 100}}], by=User.objects.get(username="scorer"))
    response = viewer.get(url, **HTMX)
    assert response.status_code == 200
    page = html(response)
    assert "<html" not in page
    poll = f'<div id="poll" data-poll data-revision="{seen + 1}" data-hx-get="/games/{game.pk}/live/?v='
    assert poll in page
    assert '<section id="standing" aria-live="polite" data-hx-swap-oob="true">' in page
    assert '<section id="record" data-hx-swap-oob="true">' in page
    assert (total_of(page, "A"), total_of(page, "B")) == (223, 248)
    assert '<tr data-deal="2">' in page
    assert '<div id="entry" data-hx-swap-oob="true">' not in page  # the game goes on: the form stays


def test_poll_removes_the_deal_form_when_the_game_ends(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game(FLAT_TO_1000, [{"trump": "hearts", "points": {"A": 157}}] * 6)
    seen = game.revision
    play(game, [{"trump": "clubs", "match": "A"}], by=User.objects.get(username="owner"))
    page = html(client_as("scorer").get(f"/games/{game.pk}/live/?revision={seen}", **HTMX))
    assert '<div id="entry" data-hx-swap-oob="true"></div>' in page
    assert "🏆 Anna &amp; Cla win!" in page


# ---- Jasstafel ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "board"),
    [
        (0, Tafel(0, 0, 0, 0)),
        (19, Tafel(0, 0, 0, 19)),
        (20, Tafel(0, 0, 1, 0)),
        (50, Tafel(0, 1, 0, 0)),
        (98, Tafel(0, 1, 2, 8)),
        (100, Tafel(1, 0, 0, 0)),
        (373, Tafel(3, 1, 1, 3)),
        (2500, Tafel(25, 0, 0, 0)),
        (-40, Tafel(0, 0, 0, 0)),
    ],
)
def test_tafel_draws_hundreds_fifties_twenties_and_the_rest(total: int, board: Tafel) -> None:
    assert tafel(total) == board
    assert board.total == max(total, 0)


def test_tafel_strokes_one_per_stroke_value() -> None:
    board = tafel(373)
    drawn = strokes(board)
    assert len(drawn) == 3 + 1 + 1
    top = [s for s in drawn if s.y1 < 60 and s.y2 < 60 and s.x1 == s.x2]
    bottom = [s for s in drawn if s.y1 > 60 and s.y2 > 60 and s.x1 == s.x2]
    assert (len(top), len(bottom)) == (1, 3)  # 20s on the top line, 100s on the bottom line
    fifth = strokes(tafel(500))[4]
    assert fifth.x1 != fifth.x2  # every fifth stroke crosses the four before it


def test_game_page_draws_the_jasstafel_from_the_totals(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    # hearts x1: A 157 + 157 + 59 = 373, B 0 + 0 + 98 = 98
    game = make_game(
        {}, [{"trump": "hearts", "points": {"A": 157}}] * 2 + [{"trump": "hearts", "points": {"A": 59}}]
    )
    assert game.totals == {"A": 373, "B": 98}
    page = html(client_as("viewer").get(f"/games/{game.pk}/"))
    times = "\N{MULTIPLICATION SIGN}"
    assert f'<span class="sr-only">Team A: 3 {times} 100, 1 {times} 50, 1 {times} 20, rest 3</span>' in page
    assert f'<span class="sr-only">Team B: 0 {times} 100, 1 {times} 50, 2 {times} 20, rest 8</span>' in page
    tafel_a = between(page, 'data-tafel="A"', "</figure>")
    assert '<span class="rest" aria-hidden="true">+3</span>' in tafel_a
    assert tafel_a.count("<line ") == 3 + 5  # the Z's three lines and five strokes


# ---- demo command, suit names ------------------------------------------------------------------------


@pytest.mark.django_db
def test_demo_command_loads_its_games_and_evening_once() -> None:
    out = StringIO()
    call_command("demo", stdout=out)
    assert "Demo login: demo / jass-demo-2026" in out.getvalue()
    club = Club.objects.get(slug="demo")
    assert club.is_public
    assert list(club.memberships.values_list("user__username", "role")) == [("demo", Role.OWNER)]
    assert User.objects.get(username="demo").check_password("jass-demo-2026")
    assert club.players.count() == 6
    finished, running, again_game = club.games.order_by("number")
    assert (finished.winner, finished.totals, finished.deals.count()) == ("A", {"A": 1058, "B": 558}, 8)
    assert (running.winner, running.totals, running.deals.count()) == ("", {"A": 722, "B": 480}, 3)
    # the finished game played again, its first three deals: A 111 + 54 + 257 (a Match), B 66 + 123
    assert (again_game.follows_id, again_game.totals, again_game.deals.count()) == (
        finished.pk,
        {"A": 422, "B": 189},
        3,
    )
    evening = club.evenings.get()
    assert (evening.stake, evening.stake_unit) == (Decimal("0.50"), "game")
    assert set(evening.games.values_list("pk", flat=True)) == {finished.pk, again_game.pk}
    counts = (Club.objects.count(), Game.objects.count(), Deal.objects.count(), User.objects.count())

    again = StringIO()
    call_command("demo", stdout=again)
    assert "The demo club exists already." in again.getvalue()
    assert (Club.objects.count(), Game.objects.count(), Deal.objects.count(), User.objects.count()) == counts
    # the demo is public: anyone can follow it
    page = html(Client().get(f"/games/{running.pk}/"))
    assert (total_of(page, "A"), total_of(page, "B")) == (722, 480)


TRUMP_BUTTON = re.compile(
    r'<label class="choice" data-key="(\w)">\s*<input [^>]*name="trump"[^>]*>\s*'
    r'<span>([^<]+)<kbd class="key" aria-hidden="true">(\w)</kbd></span>'
)


def test_french_suit_names(
    club: Club, make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    club.suit_names = "french"
    club.save()
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    page = html(client_as("scorer").get(f"/games/{game.pk}/"))
    trumps = between(page, "<legend>Trump</legend>", "</fieldset>")
    # each with the key that picks it: its name's first letter no earlier trump took
    assert re.findall(TRUMP_BUTTON, trumps) == [
        ("h", "♥ Hearts", "H"),
        ("d", "♦ Diamonds", "D"),
        ("s", "♠ Spades", "S"),
        ("c", "♣ Clubs", "C"),
        ("o", "⬇ Obenabe", "O"),
        ("u", "⬆ Undenufe", "U"),
    ]
    assert '<span class="muted">Spades</span>' in between(page, '<tr data-deal="1">', "</tr>")
    assert "Schilten" not in page


def test_german_suit_names(make_game: Callable[..., Game], client_as: Callable[[str | None], Client]) -> None:
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    page = html(client_as("scorer").get(f"/games/{game.pk}/"))
    trumps = between(page, "<legend>Trump</legend>", "</fieldset>")
    # Schellen took the s, so Schilten is c, its next letter
    assert re.findall(TRUMP_BUTTON, trumps) == [
        ("r", "🌹 Rosen", "R"),
        ("s", "🔔 Schellen", "S"),
        ("c", "🛡 Schilten", "C"),
        ("e", "🌰 Eicheln", "E"),
        ("o", "⬇ Obenabe", "O"),
        ("u", "⬆ Undenufe", "U"),
    ]
    assert '<span class="muted">Schilten</span>' in between(page, '<tr data-deal="1">', "</tr>")
    assert "Spades" not in page


# ---- issue 13, point 19: the small things -----------------------------------------------------------


def test_putz_seats_4_and_5_are_for_five_players_not_optional(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    """Putz is played by 3 or 5: seat 4 alone is refused, so it is not labelled optional."""
    page = html(client_as("scorer").get("/clubs/zuerich/games/new/?variant=putz"))
    labels = {seat: between(page, f'<label for="id_seat_{seat}">', "</label>") for seat in (3, 4, 5)}
    assert "optional" not in labels[3]
    assert "Seat 4 (only with 5 players)" in labels[4] and "optional" not in labels[4]
    assert "Seat 5 (only with 5 players)" in labels[5]
    # a variant played by any count up to its most keeps "optional" (Jazz: 3 to 5)
    jazz = html(client_as("scorer").get("/clubs/zuerich/games/new/?variant=jazz"))
    assert "Seat 4 (optional)" in jazz and "Seat 5 (optional)" in jazz


def test_games_are_numbered_per_club_from_one(
    club: Club, other_club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """A new club's first game is #1, whatever the other clubs played before."""
    stranger = User.objects.get(username="stranger")
    bern = [members.add_player(club=other_club, name=name) for name in ("Edi", "Fränzi", "Gusti", "Heidi")]
    for _ in range(3):
        services.create_game(club=other_club, variant="schieber", players=bern, settings={}, by=stranger)
    client = client_as("scorer")
    assert client.post("/clubs/zuerich/games/new/", new_game_post()).status_code == 302
    first = Game.objects.get(club=club)
    assert first.pk > 1 and first.number == 1
    page = html(client.get(f"/games/{first.pk}/"))
    assert "<h1>Schieber #1 " in page and "<title>Schieber #1 · Jassclub Zürich</title>" in page
    assert f'<a href="/games/{first.pk}/">Schieber #1</a>' in html(client.get("/clubs/zuerich/"))
    client.post("/clubs/zuerich/games/new/", new_game_post())
    assert list(club.games.order_by("pk").values_list("number", flat=True)) == [1, 2]
    assert list(other_club.games.order_by("pk").values_list("number", flat=True)) == [1, 2, 3]


def test_removing_a_member_asks_first(club: Club, client_as: Callable[[str | None], Client]) -> None:
    page = html(client_as("owner").get("/clubs/zuerich/manage/"))
    viewer = club.memberships.get(user__username="viewer")
    remove = between(page, f'action="/clubs/zuerich/members/{viewer.pk}/"\n', ">")
    assert 'data-confirm="Remove viewer from the club?"' in remove
