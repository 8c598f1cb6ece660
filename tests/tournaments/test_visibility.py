"""Issue 13, point 9: who sees an event, and how far an open registration form goes.

A private club's event was public, every player's name with it, and its open registration took 40
anonymous names in a second into the club's roster. An event is now public, link only or members only
(a private club's events start members only); self-registration stops at a limit per 10 minutes and, with
no capacity set, at a default capacity.
"""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.utils import timezone

from scorekeeper.games import members
from scorekeeper.games.models import Club, Player
from tournaments import services
from tournaments.forms import TournamentForm
from tournaments.models import Entrant, Tournament, Visibility

from .builders import director, draw, make_event, tables

PAGES = ("", "standings/", "seat/?q=Anna", "projector/", "register/")


def pages(tournament: Tournament) -> list[str]:
    first = tournament.entrants.order_by("number").first()
    return [f"/events/{tournament.slug}/{page}" for page in PAGES] + [
        f"/events/{tournament.slug}/players/{first.pk}/"
    ]


def as_user(username: str) -> Client:
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def stranger() -> Client:
    """Signed in, but no member of the club."""
    client = Client()
    client.force_login(User.objects.create_user(username="stranger", password="x-correct-horse"))
    return client


def refused_to_sign_in(response: HttpResponse) -> bool:
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_private_clubs_new_event_is_for_its_members_only(club: Club) -> None:
    """The form offers members only in a private club, and the event's pages keep to it: an anonymous
    visitor is asked to sign in, a signed-in stranger finds nothing, a viewer reads every page."""
    owner = as_user("owner")
    form = owner.get(f"/clubs/{club.slug}/events/new/").context["form"]
    assert form["visibility"].value() == Visibility.MEMBERS
    tournament = make_event(club, players=4, visibility=services.default_visibility(club))
    assert tournament.visibility == Visibility.MEMBERS
    viewer, outsider = as_user("viewer"), stranger()
    for path in pages(tournament):
        assert refused_to_sign_in(Client().get(path)), path
        assert outsider.get(path).status_code == 404, path
        assert viewer.get(path).status_code == 200, path
    assert "Anna" not in Client().get(f"/events/{tournament.slug}/", follow=True).content.decode()


def test_a_public_clubs_new_event_is_public(db: None) -> None:
    owner = User.objects.create_user(username="owner", password="x-correct-horse")
    club = members.create_club(name="Offener Jass", slug="offen", owner=owner, is_public=True)
    tournament = services.create_tournament(club=club, name="Open", format="einzelschieber", by=owner)
    assert tournament.visibility == Visibility.PUBLIC
    assert Client().get(f"/events/{tournament.slug}/").status_code == 200


def test_a_link_only_event_opens_to_its_link_and_the_browser_keeps_it_open(club: Club) -> None:
    tournament = make_event(club, players=4, visibility=Visibility.LINK)
    guest = Client()
    assert refused_to_sign_in(guest.get(f"/events/{tournament.slug}/"))
    assert refused_to_sign_in(guest.get(f"/events/{tournament.slug}/?key=guessed"))
    assert stranger().get(f"/events/{tournament.slug}/?key=guessed").status_code == 404
    opened = guest.get(f"/events/{tournament.slug}/?key={tournament.share_key}")
    assert opened.status_code == 200 and tournament.name in opened.content.decode()
    assert "Anna" in guest.get(f"/events/{tournament.slug}/?page=1").content.decode()  # the player list
    for path in pages(tournament):  # no key in the links the event's pages carry: the session has it
        assert guest.get(path).status_code == 200, path
    assert as_user("viewer").get(f"/events/{tournament.slug}/standings/").status_code == 200  # a member
    other = make_event(club, players=4, visibility=Visibility.LINK, seed=5)
    assert refused_to_sign_in(guest.get(f"/events/{other.slug}/"))  # one event's key opens that one


def test_the_director_sees_the_link_with_its_key_for_a_link_only_event(club: Club) -> None:
    tournament = make_event(club, players=4, visibility=Visibility.LINK)
    link = f"http://testserver/events/{tournament.slug}/?key={tournament.share_key}"
    owner = as_user("owner")
    assert link in owner.get(f"/events/{tournament.slug}/manage/").content.decode()
    assert link in owner.get(f"/events/{tournament.slug}/manage/settings/").content.decode()
    Tournament.objects.filter(pk=tournament.pk).update(visibility=Visibility.PUBLIC)
    assert "?key=" not in owner.get(f"/events/{tournament.slug}/manage/").content.decode()


def test_a_public_clubs_members_only_event_is_neither_listed_nor_read_through_its_games(db: None) -> None:
    owner = User.objects.create_user(username="owner", password="x-correct-horse")
    club = members.create_club(name="Offener Jass", slug="offen", owner=owner, is_public=True)
    hidden = make_event(club, players=4, visibility=Visibility.MEMBERS)
    shown = make_event(club, players=4, visibility=Visibility.PUBLIC, seed=5)
    table = tables(draw(hidden))[0]
    anonymous = Client()
    club_page = anonymous.get(f"/clubs/{club.slug}/").content.decode()
    assert f"/events/{shown.slug}/" in club_page and f"/events/{hidden.slug}/" not in club_page
    assert f"/events/{hidden.slug}/" in as_user("owner").get(f"/clubs/{club.slug}/").content.decode()
    assert refused_to_sign_in(anonymous.get(f"/games/{table.game_id}/"))
    open_table = tables(draw(shown))[0]
    assert anonymous.get(f"/games/{open_table.game_id}/").status_code == 200


def test_forty_self_registrations_in_a_second_are_not_forty_players(club: Club) -> None:
    """The burst of the issue: the event's limit per 10 minutes takes the first ten, refuses the rest and
    adds none of them to the club's roster; ten minutes later registration goes on."""
    tournament = make_event(club, players=0, public_registration=True)
    assert (tournament.capacity, tournament.self_registration_limit) == (None, 10)
    roster = Player.objects.filter(club=club).count()
    script = Client()
    answers = [
        script.post(f"/events/{tournament.slug}/register/", {"name": f"Bot {n}"}).status_code
        for n in range(40)
    ]
    assert answers.count(302) == 10 and answers.count(422) == 30
    assert tournament.entrants.count() == 10
    assert Player.objects.filter(club=club).count() == roster + 10
    refused = script.post(f"/events/{tournament.slug}/register/", {"name": "Bot 41"}).content.decode()
    assert "Many players registered in the last minutes: try again in a few minutes" in refused
    Entrant.objects.filter(tournament=tournament).update(registered_at=timezone.now() - timedelta(minutes=11))
    assert script.post(f"/events/{tournament.slug}/register/", {"name": "Later"}).status_code == 302


def test_without_a_capacity_self_registration_stops_at_the_default(club: Club) -> None:
    """The director may register more; players registering themselves stop at 64."""
    tournament = make_event(club, players=0, public_registration=True, self_registration_limit=500)
    for number in range(services.SELF_REGISTRATION_CAPACITY - 1):
        services.register(tournament=tournament, name=f"Player {number}")
    guest = Client()
    assert guest.post(f"/events/{tournament.slug}/register/", {"name": "Last one"}).status_code == 302
    assert "Registration is full." in guest.get(f"/events/{tournament.slug}/").content.decode()
    full = guest.post(f"/events/{tournament.slug}/register/", {"name": "One more"})
    assert full.status_code == 422 and "The tournament is full: 64 players." in full.content.decode()
    services.register(tournament=tournament, name="At the desk")
    assert tournament.entrants.count() == 65


@pytest.mark.parametrize("value", ["0", "501", "-1", "99999999999"])
def test_the_registration_limit_and_the_capacity_have_bounds(club: Club, value: str) -> None:
    for field in ("self_registration_limit", "capacity"):
        form = TournamentForm({field: value}, format="einzelschieber")
        form.is_valid()
        if field == "capacity" and value == "501":
            continue
        assert field in form.errors, (field, value)


def test_the_migration_keeps_a_public_clubs_events_public_and_gives_each_event_its_key(club: Club) -> None:
    migration = importlib.import_module("tournaments.migrations.0005_event_visibility_and_registration_limit")
    owner = director()
    public_club = members.create_club(name="Offener Jass", slug="offen", owner=owner, is_public=True)
    private = make_event(club, players=0)
    public = make_event(public_club, players=0, seed=5)
    Tournament.objects.update(visibility=Visibility.MEMBERS, share_key="same")
    migration.visibility_and_keys(apps, None)
    private.refresh_from_db()
    public.refresh_from_db()
    assert (private.visibility, public.visibility) == (Visibility.MEMBERS, Visibility.PUBLIC)
    assert "same" not in (private.share_key, public.share_key) and private.share_key != public.share_key


def test_a_new_link_shuts_out_every_browser_that_came_through_the_old_one(club: Club) -> None:
    """The session keeps which link opened the event, not only the event: after a new link, a browser
    that opened the old one is asked to sign in again on every page, and the new link opens it again."""
    tournament = make_event(club, players=4, visibility=Visibility.LINK)
    guest = Client()
    assert guest.get(f"/events/{tournament.slug}/?key={tournament.share_key}").status_code == 200
    assert all(guest.get(path).status_code == 200 for path in pages(tournament))
    services.renew_share_key(tournament=tournament, by=director())
    tournament.refresh_from_db()
    for path in pages(tournament):
        assert refused_to_sign_in(guest.get(path)), path
    assert guest.get(f"/events/{tournament.slug}/?key={tournament.share_key}").status_code == 200
    assert all(guest.get(path).status_code == 200 for path in pages(tournament))


def test_a_session_that_kept_only_the_event_opens_nothing(club: Club) -> None:
    """A session written before links were remembered holds the event's id alone: it cannot say which link
    it came through, so it opens nothing until the current link is shown."""
    tournament = make_event(club, players=4, visibility=Visibility.LINK)
    guest = Client()
    session = guest.session
    session["opened_events"] = [tournament.pk]
    session.save()
    assert refused_to_sign_in(guest.get(f"/events/{tournament.slug}/"))
    assert guest.get(f"/events/{tournament.slug}/?key={tournament.share_key}").status_code == 200
    assert guest.get(f"/events/{tournament.slug}/standings/").status_code == 200
