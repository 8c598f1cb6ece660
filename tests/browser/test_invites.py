"""Joining by an invite link on phones (390 px): the owner makes a link for a roster player and copies it;
someone without an account opens it, signs up, comes back to the invite, joins, and finds "My games"
in the header with the player's game and rating.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, Player
from tests.browser.steps import screenshot, sign_in
from tests.conftest import PASSWORD, play

pytestmark = pytest.mark.browser

NEW_PASSWORD = "Zuger-Kirsch-1984"


@pytest.fixture
def club_with_a_game(transactional_db: None) -> Club:
    """A club with four players and one finished Schieber game to 1000 that Anna's team won."""
    owner = User.objects.create_user(username="owner", password=PASSWORD)
    club = members.create_club(name="Jassclub Zürich", slug="zuerich", owner=owner)
    players = [members.add_player(club=club, name=name) for name in ("Anna", "Beat", "Cla", "Dora")]
    game = services.create_game(
        club=club, variant="schieber", players=players, settings={"target": 1000}, by=owner
    )
    play(game, [{"trump": "hearts", "points": {"A": 157}}] * 7, by=owner)
    return club


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.url


def test_a_new_player_joins_by_an_invite_and_finds_their_games(
    club_with_a_game: Club, live_server: LiveServer, new_page: Callable[..., Page]
) -> None:
    base = live_server.url
    owner = new_page(permissions=["clipboard-read", "clipboard-write"])
    sign_in(owner, base, "owner")
    owner.goto(f"{base}/clubs/zuerich/manage/")
    owner.get_by_role("link", name="Invite links").click()
    owner.get_by_label("Role").select_option(label="Scorer")
    owner.get_by_label("For the roster player").select_option(label="Anna")
    owner.get_by_role("button", name="Make the link").click()
    expect(owner.locator(".messages")).to_contain_text("Invite link made")
    link_field = owner.get_by_label("The link: send it, or let them scan the code")
    link = link_field.input_value()
    assert link.startswith(f"{base}/join/")
    expect(owner.locator("svg.invite-qr")).to_be_visible()
    owner.get_by_role("button", name="Copy the link").click()
    expect(owner.get_by_role("button", name="Copied")).to_be_visible()
    assert owner.evaluate("navigator.clipboard.readText()") == link
    fits_the_phone(owner)
    screenshot(owner, "invite-page")

    phone = new_page()
    phone.goto(link)
    expect(phone.locator("main")).to_contain_text("You are invited to join Jassclub Zürich as Scorer.")
    expect(phone.locator("main")).to_contain_text("You are Anna on its roster")
    fits_the_phone(phone)
    screenshot(phone, "join-page-signed-out")
    phone.get_by_role("link", name="Create an account").click()
    phone.get_by_label("Username").fill("anna")
    phone.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    phone.get_by_label("Password confirmation").fill(NEW_PASSWORD)
    phone.get_by_role("button", name="Create my account").click()
    expect(phone).to_have_url(link)
    join = phone.get_by_role("button", name="Join")
    expect(join).to_be_visible()
    fits_the_phone(phone)
    screenshot(phone, "join-page")
    join.click()
    expect(phone).to_have_url(f"{base}/clubs/zuerich/")
    expect(phone.locator(".messages")).to_contain_text("Welcome to Jassclub Zürich, Anna!")

    phone.locator(".topbar").get_by_role("link", name="anna (My games)").click()
    anna = phone.get_by_role("region", name="Anna · Jassclub Zürich")
    expect(anna.locator("table.played tbody tr")).to_have_count(1)
    expect(anna.locator("table.played")).to_contain_text("Schieber #1")
    expect(phone.get_by_role("region", name="My ratings")).to_contain_text("Schieber")
    fits_the_phone(phone)
    screenshot(phone, "my-games")
    assert Player.objects.get(name="Anna").user.username == "anna"
    assert club_with_a_game.memberships.get(user__username="anna").role == "scorer"

    owner.goto(f"{base}/clubs/zuerich/invites/")
    expect(owner.locator(".invite .tag").first).to_have_text("used up")
    owner.goto(f"{base}/clubs/zuerich/manage/")
    fits_the_phone(owner)
    screenshot(owner, "club-manage-members")
