"""An event a visitor may not see answers exactly as an event that does not exist, on every page of it.

The probe told a private club's members-only event from an unknown slug: the one sent an anonymous visitor
to sign in (302), the other answered 404; a signed-in stranger got 403 from a public club's hidden event's
print-outs and 404 from an unknown one. Now, for the same visitor, both answer the same: signed out, both
send to the sign-in page with `next=` (so a member's link still brings them in after signing in); signed
in without access, both are 404.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.test import Client

from scorekeeper.games.models import Club
from tournaments.models import Tournament, Visibility

from .builders import draw, make_event

UNKNOWN = "no-such-event"
PAGES = (
    "",
    "standings/",
    "standings/?page=2",
    "projector/",
    "seat/?q=Anna",
    "register/",
    "players/{entrant}/",
    "print/seating/1/",
    "print/schedule/",
    "print/codes/",
    "print/cards/1/",
    "print/sheets/1/",
    "print/standings/",
    "export/standings.csv",
    "export/deals.csv",
    "manage/",
    "manage/settings/",
    "manage/entrants/",
    "manage/entrants/{entrant}/",
)
DIRECTOR_ONLY = ("print/", "export/", "manage/")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')


@pytest.fixture(params=["private club", "public club"])
def hidden(request: pytest.FixtureRequest, club: Club) -> Tournament:
    """A members-only event with a pass drawn, in a private club or in a public one."""
    club.is_public = request.param == "public club"
    club.save()
    tournament = make_event(club, players=4, visibility=Visibility.MEMBERS)
    draw(tournament)
    return tournament


def signed_in(username: str) -> Client:
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def stranger(db: None) -> Client:
    client = Client()
    client.force_login(User.objects.create_user(username="stranger", password="x-correct-horse"))
    return client


def paths(slug: str, entrant: int) -> list[str]:
    return [f"/events/{slug}/{page.format(entrant=entrant)}" for page in PAGES]


def shown(response: HttpResponse, slug: str) -> tuple[int, str, str]:
    """What the visitor learns: the status, where it sends, the page (its slug and CSRF token set aside)."""
    location = response.get("Location", "").replace(slug, "SLUG")
    body = TOKEN.sub("", response.content.decode().replace(slug, "SLUG"))
    return response.status_code, location, body


def test_signed_out_a_hidden_event_and_an_unknown_one_both_send_to_sign_in(hidden: Tournament) -> None:
    entrant = hidden.entrants.order_by("number").first().pk
    guest = Client()
    for known, unknown in zip(paths(hidden.slug, entrant), paths(UNKNOWN, entrant), strict=True):
        answer, other = guest.get(known), guest.get(unknown)
        assert answer.status_code == 302, known
        assert answer["Location"] == redirect_to_login(known)["Location"], known
        assert other["Location"] == redirect_to_login(unknown)["Location"], unknown
        assert shown(answer, hidden.slug) == shown(other, UNKNOWN), known


def test_signed_in_without_access_both_are_404(hidden: Tournament) -> None:
    entrant = hidden.entrants.order_by("number").first().pk
    outsider = stranger(None)
    for known, unknown in zip(paths(hidden.slug, entrant), paths(UNKNOWN, entrant), strict=True):
        answer, other = outsider.get(known), outsider.get(unknown)
        assert answer.status_code == 404, known
        assert shown(answer, hidden.slug) == shown(other, UNKNOWN), known


def test_a_public_events_director_pages_are_404_to_a_signed_in_stranger_too(club: Club) -> None:
    """Else a stranger would tell a public club's events from unknown slugs by 403 against 404."""
    club.is_public = True
    club.save()
    public = make_event(club, players=4, visibility=Visibility.PUBLIC)
    draw(public)
    entrant = public.entrants.order_by("number").first().pk
    outsider = stranger(None)
    for path in paths(public.slug, entrant):
        expected = 404 if path.split("/", 3)[3].startswith(DIRECTOR_ONLY) else 200
        assert outsider.get(path).status_code == expected, path


def test_members_still_get_in(hidden: Tournament) -> None:
    """A viewer reads the event's pages and is refused the director's (403: the event is no secret to a
    member); the owner gets every page."""
    entrant = hidden.entrants.order_by("number").first().pk
    viewer, owner = signed_in("viewer"), signed_in("owner")
    for path in paths(hidden.slug, entrant):
        director_only = path.split("/", 3)[3].startswith(DIRECTOR_ONLY)
        assert viewer.get(path).status_code == (403 if director_only else 200), path
        assert owner.get(path).status_code == 200, path
