"""Invite links: an admin makes one (role below admin, days, uses, optionally for a roster player), sees
its link once with a QR code, revokes it; whoever opens it signs in or up and joins.

Every token that opens nothing (unknown, expired, revoked, used up) answers the same 404 page; joining
twice changes nothing; the use limit holds; a refusal saves nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core import signing
from django.test import Client
from django.utils import timezone

from scorekeeper.games import invite_links, members
from scorekeeper.games.models import Club, Invite, Membership, Player
from tests.db_snapshot import changed, rows

from .conftest import PASSWORD, make_user

JOIN_PATH = re.compile(r"/join/([\w-]{43})/")


@pytest.fixture
def make_invite(club: Club, users: dict[str, User]) -> Callable[..., tuple[Invite, str]]:
    def make(
        role: str = "viewer", days: int = 14, max_uses: int | None = None, player: Player | None = None
    ) -> tuple[Invite, str]:
        return invite_links.create_invite(
            club=club, role=role, days=days, max_uses=max_uses, player=player, by=users["owner"]
        )

    return make


def invites_path(club: Club) -> str:
    return f"/clubs/{club.slug}/invites/"


def main_of(response) -> str:
    """The page's main part: what a visitor reads (the CSRF token around it differs by request)."""
    return response.content.decode().split('<main id="main">')[1].split("</main>")[0]


# ---- making, showing and revoking -------------------------------------------------------------------


def test_an_admin_makes_a_link_shown_once_with_its_qr_code(
    club: Club, users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    owner = client_as("owner")
    response = owner.post(invites_path(club), {"role": "scorer", "days": "7", "max_uses": "5", "player": ""})
    assert response.status_code == 302
    invite = Invite.objects.get()
    assert (invite.role, invite.max_uses, invite.uses, invite.created_by.username) == (
        "scorer",
        5,
        0,
        "owner",
    )
    assert timedelta(days=7) - (invite.expires_at - timezone.now()) < timedelta(minutes=1)
    page = owner.get(invites_path(club)).content.decode()
    token = JOIN_PATH.search(page).group(1)
    assert f'value="http://testserver/join/{token}/"' in page
    assert 'class="invite-qr"' in page and "<svg" in page
    assert invite_links.invite_hash(token) == invite.token_hash
    # only its hash is stored (the link is in no row, nor any session), and only its maker sees it
    assert not any(token in str(value) for row in rows()["scorekeeper.Invite"] for value in row)
    assert not any(token in str(session.get_decoded()) for session in Session.objects.all())
    other_admin = client_as("admin").get(invites_path(club)).content.decode()
    assert "Invite link 1 of" in other_admin  # numbered on the page, not by its row
    assert token not in other_admin and "invite-qr" not in other_admin
    owner.force_login(users["admin"])  # another admin in the same browser
    assert token not in owner.get(invites_path(club)).content.decode()


def test_the_link_is_forgotten_once_the_invite_closes(
    club: Club, users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    owner = client_as("owner")
    owner.post(invites_path(club), {"role": "viewer", "days": "7"})
    owner.post(invites_path(club), {"role": "scorer", "days": "7"})
    first, second = Invite.objects.order_by("pk")
    assert len(JOIN_PATH.findall(owner.get(invites_path(club)).content.decode())) == 2
    invite_links.revoke_invite(invite=first, by=users["owner"])
    page = owner.get(invites_path(club))
    assert len(JOIN_PATH.findall(page.content.decode())) == 1
    kept = signing.loads(page.cookies["invite_links"].value, salt="invite_links")
    assert kept == {
        "user": users["owner"].pk,
        "links": {str(second.pk): JOIN_PATH.search(page.content.decode()).group(1)},
    }
    assert page.cookies["invite_links"]["path"] == invites_path(club)
    assert page.cookies["invite_links"]["httponly"]


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"days": "0"}, "days", "Ensure this value is greater than or equal to 1."),
        ({"days": "91"}, "days", "Ensure this value is less than or equal to 90."),
        ({"days": ""}, "days", "This field is required."),
        ({"max_uses": "0"}, "max_uses", "Ensure this value is greater than or equal to 1."),
        ({"max_uses": "1001"}, "max_uses", "Ensure this value is less than or equal to 1000."),
        ({"max_uses": "2147483648"}, "max_uses", "Ensure this value is less than or equal to 1000."),
        ({"role": "admin"}, "role", "Select a valid choice. admin is not one of the available choices."),
        ({"role": "owner"}, "role", "Select a valid choice. owner is not one of the available choices."),
    ],
)
def test_a_bad_value_is_refused_naming_its_field_and_nothing_is_saved(
    club: Club, client_as: Callable[[str | None], Client], data: dict[str, str], field: str, message: str
) -> None:
    before = rows()
    response = client_as("owner").post(invites_path(club), {"role": "viewer", "days": "14", **data})
    assert response.status_code == 422
    assert response.context["form"].errors == {field: [message]}
    assert changed(before, rows()) == set()


def test_an_invite_for_a_player_is_good_for_one_use(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    owner = client_as("owner")
    refused = owner.post(
        invites_path(club), {"role": "viewer", "days": "14", "max_uses": "3", "player": players[0].pk}
    )
    assert refused.status_code == 422
    assert refused.context["form"].errors == {
        "max_uses": ["An invite for a roster player is good for one use: leave this empty."]
    }
    assert not Invite.objects.exists()
    owner.post(invites_path(club), {"role": "viewer", "days": "14", "player": players[0].pk})
    assert Invite.objects.values_list("player__name", "max_uses").get() == ("Anna", 1)


def test_only_unlinked_players_are_offered_and_a_linked_one_is_refused(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    members.link_player(player=players[0], user=users["viewer"])
    owner = client_as("owner")
    page = owner.get(invites_path(club)).content.decode()
    assert ">Beat</option>" in page and ">Anna</option>" not in page
    response = owner.post(invites_path(club), {"role": "viewer", "days": "14", "player": players[0].pk})
    assert response.status_code == 422
    assert list(response.context["form"].errors) == ["player"]
    assert not Invite.objects.exists()


def test_revoking_closes_the_link_and_again_changes_nothing(
    club: Club, users: dict[str, User], client_as: Callable[[str | None], Client], make_invite: Callable
) -> None:
    invite, token = make_invite()
    owner = client_as("owner")
    assert owner.post(f"/clubs/{club.slug}/invites/{invite.pk}/revoke/").status_code == 302
    invite.refresh_from_db()
    revoked_at = invite.revoked_at
    assert revoked_at is not None and invite.revoked_by == users["owner"]
    owner.post(f"/clubs/{club.slug}/invites/{invite.pk}/revoke/")
    invite.refresh_from_db()
    assert invite.revoked_at == revoked_at
    newcomer = Client()
    newcomer.force_login(make_user("newcomer"))
    assert newcomer.post(f"/join/{token}/").status_code == 404
    assert not club.memberships.filter(user__username="newcomer").exists()


def test_another_clubs_invite_cannot_be_revoked_from_here(
    club: Club, other_club: Club, users: dict[str, User], client_as: Callable[[str | None], Client]
) -> None:
    theirs, _token = invite_links.create_invite(
        club=other_club, role="viewer", days=3, max_uses=None, player=None, by=users["stranger"]
    )
    assert client_as("owner").post(f"/clubs/{club.slug}/invites/{theirs.pk}/revoke/").status_code == 404
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


# ---- joining ----------------------------------------------------------------------------------------


def test_a_signed_in_user_sees_the_club_and_joins_with_the_role(club: Club, make_invite: Callable) -> None:
    invite, token = make_invite(role="scorer")
    newcomer = Client()
    newcomer.force_login(make_user("newcomer"))
    page = newcomer.get(f"/join/{token}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "You are invited to join Jassclub Zürich as Scorer." in html
    assert 'name="csrfmiddlewaretoken"' in html and 'type="submit">Join</button>' in html
    response = newcomer.post(f"/join/{token}/", follow=True)
    assert response.redirect_chain == [(f"/clubs/{club.slug}/", 302)]
    assert "Welcome to Jassclub Zürich!" in response.content.decode()
    assert club.memberships.get(user__username="newcomer").role == "scorer"
    invite.refresh_from_db()
    assert invite.uses == 1


def test_joining_twice_is_harmless(club: Club, make_invite: Callable) -> None:
    invite, token = make_invite(max_uses=2)
    newcomer = Client()
    newcomer.force_login(make_user("newcomer"))
    newcomer.post(f"/join/{token}/")
    again = newcomer.post(f"/join/{token}/", follow=True)
    assert "You are a member of Jassclub Zürich already." in again.content.decode()
    assert club.memberships.filter(user__username="newcomer").count() == 1
    invite.refresh_from_db()
    assert invite.uses == 1
    assert "You are a member of Jassclub Zürich already." in newcomer.get(f"/join/{token}/").content.decode()


def test_an_invite_never_changes_a_members_role(
    club: Club, client_as: Callable[[str | None], Client], make_invite: Callable
) -> None:
    invite, token = make_invite(role="scorer")
    for role in ("owner", "admin", "viewer"):
        client_as(role).post(f"/join/{token}/")
    assert dict(club.memberships.values_list("user__username", "role")) == {
        "owner": "owner",
        "admin": "admin",
        "scorer": "scorer",
        "viewer": "viewer",
    }
    invite.refresh_from_db()
    assert invite.uses == 0


def test_the_use_limit_holds(club: Club, make_invite: Callable) -> None:
    invite, token = make_invite(max_uses=2)
    answers = []
    for name in ("first", "second", "third"):
        client = Client()
        client.force_login(make_user(name))
        answers.append(client.post(f"/join/{token}/").status_code)
    assert answers == [302, 302, 404]
    assert set(club.memberships.values_list("user__username", flat=True)) >= {"first", "second"}
    assert not club.memberships.filter(user__username="third").exists()
    invite.refresh_from_db()
    assert (invite.uses, invite.state()) == (2, "used_up")


def test_every_token_that_opens_nothing_answers_the_same_page(club: Club, make_invite: Callable) -> None:
    expired, expired_token = make_invite()
    Invite.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    revoked, revoked_token = make_invite()
    invite_links.revoke_invite(invite=revoked, by=revoked.created_by)
    _used_up, used_token = make_invite(max_uses=1)
    invite_links.join_by_invite(token=used_token, user=make_user("first"))
    unknown = "x" * 43
    tokens = [expired_token, revoked_token, used_token, unknown, "a" * 500]
    signed_in = Client()
    signed_in.force_login(make_user("newcomer"))
    for client in (Client(), signed_in):
        before = rows()
        answers = [client.get(f"/join/{token}/") for token in tokens]
        answers += [client.post(f"/join/{token}/") for token in tokens if client is signed_in]
        assert {answer.status_code for answer in answers} == {404}
        assert len({main_of(answer) for answer in answers}) == 1
        assert "This invite link does not work" in main_of(answers[0])
        assert "Zürich" not in answers[0].content.decode()
        assert changed(before, rows()) == set()


def test_a_signed_out_visitor_signs_in_then_comes_back(club: Club, make_invite: Callable) -> None:
    _invite, token = make_invite()
    visitor = Client()
    page = visitor.get(f"/join/{token}/").content.decode()
    assert "You are invited to join Jassclub Zürich as Viewer." in page
    assert f'href="/accounts/login/?next=%2Fjoin%2F{token}%2F"' in page
    assert f'href="/accounts/signup/?next=%2Fjoin%2F{token}%2F"' in page
    assert visitor.post(f"/join/{token}/")["Location"] == f"/accounts/login/?next=/join/{token}/"
    make_user("newcomer")
    login_page = visitor.get(f"/accounts/login/?next=/join/{token}/").content.decode()
    assert f'href="/accounts/signup/?next=%2Fjoin%2F{token}%2F"' in login_page
    signed_in = visitor.post(
        "/accounts/login/", {"username": "newcomer", "password": PASSWORD, "next": f"/join/{token}/"}
    )
    assert signed_in["Location"] == f"/join/{token}/"
    assert not club.memberships.filter(user__username="newcomer").exists()  # the Join button still decides


def test_a_new_account_comes_back_to_the_invite(club: Club, make_invite: Callable) -> None:
    _invite, token = make_invite()
    visitor = Client()
    form = visitor.get(f"/accounts/signup/?next=/join/{token}/").content.decode()
    assert f'name="next" value="/join/{token}/"' in form
    new = {"username": "neu", "password1": "Zuger-Kirsch-1984", "password2": "Zuger-Kirsch-1984"}
    response = visitor.post("/accounts/signup/", {**new, "next": f"/join/{token}/"})
    assert response["Location"] == f"/join/{token}/"
    assert visitor.post(f"/join/{token}/").status_code == 302
    assert club.memberships.get(user__username="neu").role == "viewer"


@pytest.mark.parametrize(
    "elsewhere", ["//evil.example/", "https://evil.example/join/", "javascript:alert(1)"]
)
def test_signing_up_never_sends_to_another_site(db: None, elsewhere: str) -> None:
    new = {"username": "neu", "password1": "Zuger-Kirsch-1984", "password2": "Zuger-Kirsch-1984"}
    response = Client().post("/accounts/signup/", {**new, "next": elsewhere})
    assert response["Location"] == "/"
    assert elsewhere not in Client().get("/accounts/signup/", {"next": elsewhere}).content.decode()


# ---- an invite for a roster player ------------------------------------------------------------------


def test_joining_with_a_players_invite_links_the_player(
    club: Club, players: list[Player], make_invite: Callable
) -> None:
    invite, token = make_invite(player=players[1])
    newcomer = Client()
    user = make_user("newcomer")
    newcomer.force_login(user)
    assert "You are Beat on its roster" in newcomer.get(f"/join/{token}/").content.decode()
    response = newcomer.post(f"/join/{token}/", follow=True)
    assert "Welcome to Jassclub Zürich, Beat!" in response.content.decode()
    players[1].refresh_from_db()
    assert players[1].user == user
    # the one use is taken, yet the member who took it is told they have it all
    again = newcomer.post(f"/join/{token}/", follow=True)
    assert "You are a member of Jassclub Zürich already." in again.content.decode()
    invite.refresh_from_db()
    assert invite.uses == 1


def test_a_member_claims_their_player_with_an_invite(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client],
    make_invite: Callable,
) -> None:  # fmt: skip
    _invite, token = make_invite(player=players[2])
    response = client_as("scorer").post(f"/join/{token}/", follow=True)
    assert "You are Cla in Jassclub Zürich now." in response.content.decode()
    players[2].refresh_from_db()
    assert players[2].user == users["scorer"]
    assert club.memberships.get(user=users["scorer"]).role == "scorer"


def test_a_players_invite_is_refused_to_someone_linked_already_and_nothing_is_saved(
    club: Club, players: list[Player], users: dict[str, User], client_as: Callable[[str | None], Client],
    make_invite: Callable,
) -> None:  # fmt: skip
    members.link_player(player=players[0], user=users["viewer"])
    _invite, token = make_invite(player=players[1])
    viewer = client_as("viewer")
    before = rows()
    response = viewer.post(f"/join/{token}/", follow=True)
    assert (
        "You are linked to another player of this club already: ask a club admin."
        in response.content.decode()
    )
    assert changed(before, rows()) == set()


def test_a_players_invite_for_a_player_linked_meanwhile_is_refused(
    club: Club, players: list[Player], users: dict[str, User], make_invite: Callable
) -> None:
    _invite, token = make_invite(player=players[1])
    members.link_player(player=players[1], user=users["scorer"])
    newcomer = Client()
    newcomer.force_login(make_user("newcomer"))
    before = rows()
    response = newcomer.post(f"/join/{token}/", follow=True)
    html = response.content.decode()
    assert "Beat is linked to another member already: ask the club for a new invite." in html
    assert "scorer" not in main_of(response)  # who it is, is not told
    assert changed(before, rows()) == set()
    assert not Membership.objects.filter(user__username="newcomer").exists()


# ---- one person, two invites at once --------------------------------------------------------------


def test_joined_meanwhile_through_another_invite_is_told_so_and_nothing_more_is_saved(
    club: Club, make_invite: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second of two joins at once, where no lock ordered them (SQLite): its membership check saw
    none, and the first one's row is there when it adds its own. The constraint refuses the second row:
    the answer is "a member already", no server error, no use counted, the first join's role kept."""
    first, _ = make_invite(role="scorer")
    second, token = make_invite(role="viewer")
    newcomer = make_user("newcomer")
    add_member = invite_links._add_member

    def the_other_join_first(invite: Invite, user: User) -> bool:
        Membership.objects.create(club=club, user=user, role=first.role)  # committed meanwhile
        return add_member(invite, user)

    monkeypatch.setattr(invite_links, "_add_member", the_other_join_first)
    client = Client()
    client.force_login(newcomer)
    response = client.post(f"/join/{token}/", follow=True)
    assert response.redirect_chain == [(f"/clubs/{club.slug}/", 302)]
    assert "You are a member of Jassclub Zürich already." in response.content.decode()
    assert list(club.memberships.filter(user=newcomer).values_list("role", flat=True)) == ["scorer"]
    second.refresh_from_db()
    assert second.uses == 0


def test_joined_meanwhile_still_claims_the_player_the_invite_names(
    club: Club, players: list[Player], make_invite: Callable, monkeypatch: pytest.MonkeyPatch
) -> None:
    _plain, _ = make_invite(role="scorer")
    for_beat, token = make_invite(player=players[1])
    newcomer = make_user("newcomer")
    add_member = invite_links._add_member

    def the_other_join_first(invite: Invite, user: User) -> bool:
        Membership.objects.create(club=club, user=user, role="scorer")
        return add_member(invite, user)

    monkeypatch.setattr(invite_links, "_add_member", the_other_join_first)
    assert invite_links.join_by_invite(token=token, user=newcomer) == (for_beat, invite_links.Joined.LINKED)
    players[1].refresh_from_db()
    assert players[1].user == newcomer
    assert club.memberships.get(user=newcomer).role == "scorer"
    for_beat.refresh_from_db()
    assert for_beat.uses == 1
