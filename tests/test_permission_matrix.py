"""Every URL of the project by every role: anonymous, viewer, scorer, admin, director (the owner: a club
admin or owner directs its tournaments), another club's owner, and a table's phone (anonymous, having
opened its table link). GET and POST each, for a private and a public club.

The URL list comes from the resolver: a named route without a row here (or in tests/test_permissions.py,
which checks the club and game routes in more depth) fails. A refused request must write nothing: every
request runs in a savepoint rolled back afterwards, and its SQL is read for INSERT, UPDATE or DELETE.
"""

from __future__ import annotations

import copy
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.club_world import PASSWORD, ROUTE_ARGS, World, build_world, named_routes
from tests.html_forms import forms_on
from tests.test_permissions import ROUTES as CLUB_ROUTES

WHO = ("anonymous", "viewer", "scorer", "admin", "owner", "stranger", "table")
OK, LOGIN, ADMIN_LOGIN = "ok", "login", "admin login"
# Whoever holds no session: the table's phone is anonymous outside its own link.
NO_ACCOUNT = ("anonymous", "table")


def expect(**by_role: Any) -> dict[str, Any]:
    return {who: by_role.get(who, by_role.get("others")) for who in WHO}


ANYONE = expect(others=OK)
NOBODY = expect(others=405)
TOKEN = ANYONE  # the table's link is the key, whoever holds it
SIGNED_IN = expect(anonymous=LOGIN, table=LOGIN, others=OK)
SIGNED_IN_THEN_405 = expect(anonymous=LOGIN, table=LOGIN, others=405)
STAFF = expect(others=ADMIN_LOGIN)  # nobody here is staff: Django's admin asks everyone to sign in


def club_rule(need: str, public: bool) -> dict[str, Any]:
    """Who passes permissions.load_club(need): members by role; a stranger is 404 in a private club.
    "director": an event's director pages, as "admin", but 404 to a stranger even in a public club: an
    unknown event's answer, so none tells which events there are."""
    if need == "director":
        return {**club_rule("admin", public), "stranger": 404}
    ranks = {"read": 0, "scorer": 2, "admin": 3, "owner": 4}
    rank = {"viewer": 1, "scorer": 2, "admin": 3, "owner": 4}
    rule: dict[str, Any] = {}
    for who in WHO:
        if who in NO_ACCOUNT:
            rule[who] = OK if public and need == "read" else LOGIN
        elif who == "stranger":
            rule[who] = OK if public and need == "read" else (403 if public else 404)
        else:
            rule[who] = OK if rank[who] >= max(ranks[need], 1) else 403
    return rule


@dataclass(frozen=True)
class Row:
    name: str
    get: str | dict[str, Any]  # a need of the club ("read", "scorer", "admin", "owner", "director") or a rule
    post: str | dict[str, Any]
    data: Callable[[World, Client], dict[str, Any]] = lambda world, director: {}

    def rule(self, method: str, public: bool) -> dict[str, Any]:
        need = self.get if method == "get" else self.post
        return club_rule(need, public) if isinstance(need, str) else need


def offered(page: str, action: str = "", submit: str | None = None, **typed: str) -> Any:
    """The data of the form the page offers (to the director), as a browser would submit it."""

    def data(world: World, director: Client) -> dict[str, Any]:
        url = page.format(w=world)
        html = director.get(url).content.decode()
        target = action.format(w=world)
        form = next(f for f in forms_on(html) if f.method == "post" and f.action in ((target or url), ""))
        return form.data(submit, **typed)

    return data


def schieber_deal(number: int) -> Callable[[World, Client], dict[str, Any]]:
    return lambda world, director: {
        "number": number,
        "client_token": str(uuid.uuid4()),
        "trump": "hearts",
        "team": "A",
        "points": "100",
    }


def predictions(number: int) -> Callable[[World, Client], dict[str, Any]]:
    """What a Differenzler form's "Save predictions" posts: the trump and each seat's prediction."""
    return lambda world, director: {
        "number": number,
        "client_token": str(uuid.uuid4()),
        "trump": "hearts",
        **{f"prediction_{seat}": str(said) for seat, said in enumerate((40, 0, 60, 50), start=1)},
    }


EDIT = {"number": 1, "version": 1, "trump": "clubs", "team": "A", "points": "90"}
NEW_PASSWORD = "Zuger-Kirsch-1984"

ROWS = [
    # accounts
    Row(
        "login",
        ANYONE,
        ANYONE,
        lambda w, d: {"username": w.names.users["viewer"], "password": PASSWORD},
    ),
    Row("logout", NOBODY, ANYONE),
    Row(
        "password_change",
        SIGNED_IN,
        SIGNED_IN,
        lambda w, d: {
            "old_password": PASSWORD,
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
    ),
    Row("password_change_done", SIGNED_IN, SIGNED_IN_THEN_405),
    # no password reset: tests/test_account_pages.py
    Row("admin:index", STAFF, STAFF),
    # the footer's language picker: a cookie, for anyone (a GET only redirects back)
    Row("set_language", ANYONE, ANYONE, lambda w, d: {"language": "fr", "next": "/"}),
    # the phone without a network: the service worker and a fresh CSRF token for the outbox
    Row("service_worker", ANYONE, NOBODY),
    Row("csrf_token", ANYONE, NOBODY),
    Row("offline_expired", ANYONE, NOBODY),
    # invite links: the admins make and revoke them; the link is the key to join, whoever holds it
    Row(
        "games:club_invites",
        "admin",
        "admin",
        offered("/clubs/{w.club.slug}/invites/", days="7", max_uses="3"),
    ),
    Row("games:invite_revoke", NOBODY, "admin"),
    Row("games:join", ANYONE, SIGNED_IN),
    # a member's roster player: the admins link them; the member's own games
    Row("games:member_player", NOBODY, "admin", lambda w, d: {"player": w.players[2].pk}),
    Row("players:my_games", SIGNED_IN, SIGNED_IN_THEN_405),
    # ratings, seasons
    Row("ratings:leaderboard", "read", NOBODY),
    Row("ratings:rating_history", "read", NOBODY),
    Row("tournaments:season", "read", NOBODY),
    Row("tournaments:season_csv", "read", NOBODY),
    Row("tournaments:season_xlsx", "read", NOBODY),
    Row(
        "tournaments:season_new",
        "admin",
        "admin",
        offered("/clubs/{w.club.slug}/seasons/new/", name="Winter"),
    ),
    Row(
        "tournaments:season_edit",
        "admin",
        "admin",
        offered("/clubs/{w.club.slug}/seasons/{w.season.pk}/edit/", name="Renamed"),
    ),
    # tournaments: the director's
    Row(
        "tournaments:tournament_new",
        "admin",
        "admin",
        offered("/clubs/{w.club.slug}/events/new/", name="Frühlingsturnier"),
    ),
    Row("tournaments:tournament_dashboard", "director", NOBODY),
    Row(
        "tournaments:tournament_settings",
        "director",
        "director",
        offered("/events/{w.tournament.slug}/manage/settings/", name="Renamed"),
    ),
    Row("tournaments:tournament_entrants", "director", "director", lambda w, d: {"name": "Newcomer"}),
    Row(
        "tournaments:tournament_entrant",
        "director",
        "director",
        lambda w, d: {"action": "checkin", "present": "0"},
    ),
    Row("tournaments:tournament_draw", NOBODY, "director", lambda w, d: {"reason": "Late"}),
    Row("tournaments:tournament_undo", NOBODY, "director"),
    Row("tournaments:tournament_new_link", NOBODY, "director"),
    Row("tournaments:tournament_reopen", NOBODY, "director"),
    Row("tournaments:tournament_confirm", NOBODY, "director"),
    Row("tournaments:tournament_unblock", NOBODY, "director"),
    Row("tournaments:tournament_substitute", NOBODY, "director", lambda w, d: {"name": "Nina"}),
    # a Differenzler game's predictions, said before the deal: its scorers'
    Row("games:deal_predictions", NOBODY, "scorer", predictions(2)),
    # evenings (permissions.load_evening): read as the club's games, written by its scorers; the share
    # link is the key to the read-only page, whoever holds it
    Row("games:evening_new", "scorer", "scorer", lambda w, d: {"stake": "0.50", "unit": "mark"}),
    Row("games:evening", "read", NOBODY),
    Row("games:evening_stake", NOBODY, "scorer", lambda w, d: {"stake": "1.00", "unit": "game"}),
    Row("games:evening_add", NOBODY, "scorer", lambda w, d: {"game": w.games["coiffeur"].pk}),
    Row("games:evening_remove", NOBODY, "scorer"),
    Row("games:evening_share", NOBODY, "scorer"),
    Row("games:evening_unshare", NOBODY, "scorer"),
    Row("games:evening_csv", "read", NOBODY),
    Row("games:evening_xlsx", "read", NOBODY),
    Row("games:evening_json", "read", NOBODY),
    Row("games:evening_shared", TOKEN, NOBODY),
    # a table's link
    Row("tournaments:table", TOKEN, NOBODY),
    Row("tournaments:table_live", TOKEN, NOBODY),
    Row("tournaments:table_deal_add", NOBODY, TOKEN, schieber_deal(2)),
    Row("tournaments:table_deal_preview", NOBODY, TOKEN, schieber_deal(2)),
    Row("tournaments:table_deal_predictions", NOBODY, TOKEN, predictions(1)),
    Row("tournaments:table_deal_edit", TOKEN, TOKEN, lambda w, d: EDIT),
    Row("tournaments:table_deal_delete", NOBODY, TOKEN),
    Row("tournaments:table_deal_restore", NOBODY, TOKEN),
    Row(
        "tournaments:table_confirm",
        NOBODY,
        TOKEN,
        lambda w, d: {"code": w.finished.seats.order_by("position").first().entrant.code},
    ),
    # public
    Row("tournaments:tournament", ANYONE, NOBODY),
    Row("tournaments:tournament_register", ANYONE, ANYONE, lambda w, d: {"name": "Selbst"}),
    Row("tournaments:tournament_seat", ANYONE, NOBODY),
    Row("tournaments:tournament_standings", ANYONE, NOBODY),
    Row("tournaments:tournament_projector", ANYONE, NOBODY),
    Row("tournaments:tournament_player", ANYONE, NOBODY),
    # print-outs and exports: the director's
    Row("tournaments:print_seating", "director", NOBODY),
    Row("tournaments:print_schedule", "director", NOBODY),
    Row("tournaments:print_codes", "director", NOBODY),
    Row("tournaments:print_cards", "director", NOBODY),
    Row("tournaments:print_sheets", "director", NOBODY),
    Row("tournaments:print_standings", "director", NOBODY),
    Row("tournaments:export_standings", "director", NOBODY),
    Row("tournaments:export_standings_xlsx", "director", NOBODY),
    Row("tournaments:export_deals", "director", NOBODY),
    Row("tournaments:export_deals_xlsx", "director", NOBODY),
]
ACCOUNT_ROUTES = ("login", "logout", "password_change", "password_change_done")
EXTRA_ARGS: dict[str, Callable[[World], dict[str, Any]]] = {
    **{name: lambda w: {} for name in ACCOUNT_ROUTES},
    "admin:index": lambda w: {},
}
CLUB_ROUTE_NAMES = {route.name for route in CLUB_ROUTES}
# test_permissions.py checks these routes in depth (what an allowed write changes): not again here
MINE = [row for row in ROWS if row.name not in CLUB_ROUTE_NAMES]


def test_every_named_route_has_a_row() -> None:
    covered = {row.name for row in ROWS} | CLUB_ROUTE_NAMES
    assert set(named_routes()) - covered == set(), "routes with no row in any permission matrix"
    assert covered - set(named_routes()) == set(), "rows of routes that no longer exist"


def path_of(row: Row, world: World) -> str:
    args = EXTRA_ARGS.get(row.name) or ROUTE_ARGS[row.name]
    return reverse(row.name, kwargs=args(world))


def client_for(world: World, who: str) -> Client:
    client = Client()
    if who == "table":
        assert client.get(reverse("tournaments:table", args=[world.current.token])).status_code == 200
    elif who != "anonymous":
        client.force_login(world.users[who])
    return client


def outcome(response: Any, path: str) -> Any:
    """What the response says in the matrix's words."""
    if response.status_code in (302, 303):
        location = response["Location"]
        if location == f"/accounts/login/?next={quote(path)}":
            return LOGIN
        if location.startswith("/admin/login/"):
            return ADMIN_LOGIN
    if response.status_code in (403, 404, 405) or response.status_code >= 500:
        return response.status_code
    return OK


WRITE = re.compile(r'^\s*(INSERT INTO|UPDATE|DELETE FROM)\s+"?(\w+)"?', re.IGNORECASE)
NOT_OURS = ("django_session", "axes_")


def writes(queries: list[dict[str, Any]]) -> list[str]:
    found = (WRITE.match(query["sql"]) for query in queries)
    return sorted({match.group(2) for match in found if match and not match.group(2).startswith(NOT_OURS)})


def attempt(client: Client, path: str, method: str, data: dict[str, Any]) -> tuple[Any, list[str]]:
    """One request, undone afterwards (the database rolled back, the client's cookies put back, so a
    sign-in or sign-out leaves the client as it was): its outcome and the tables it wrote to."""
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        with CaptureQueriesContext(connection) as queries:
            response = client.post(path, data) if method == "post" else client.get(path)
        transaction.set_rollback(True)
    client.cookies = cookies
    return outcome(response, path), writes(queries.captured_queries)


def run_matrix(world: World, public: bool, roles: tuple[str, ...]) -> list[str]:
    clients = {who: client_for(world, who) for who in {*roles, "owner"}}
    problems = []
    for row in MINE:
        path = path_of(row, world)
        for method in ("get", "post"):
            rule = row.rule(method, public)
            data = row.data(world, clients["owner"]) if method == "post" and OK in rule.values() else {}
            for who in roles:
                got, wrote = attempt(clients[who], path, method, data)
                if got != rule[who]:
                    problems.append(f"{method.upper()} {row.name} as {who}: {got}, expected {rule[who]}")
                elif got != OK and wrote:
                    problems.append(f"{method.upper()} {row.name} as {who}: refused, but wrote {wrote}")
    return problems


@pytest.mark.slow  # every route, GET and POST, by each of 7 visitors
def test_private_club(db: None) -> None:
    problems = run_matrix(build_world(public=False), public=False, roles=WHO)
    assert problems == []


def test_public_club(db: None) -> None:
    """Reading opens to everyone; writing stays with the members (a stranger is 403 now, not 404).
    A member's answers do not depend on the club being public: only the others are asked again."""
    problems = run_matrix(build_world(public=True), public=True, roles=("anonymous", "stranger", "table"))
    assert problems == []


def test_the_table_link_opens_only_its_own_table(db: None) -> None:
    """The phone that opened one table's link reaches neither the game's club URLs nor another table."""
    world = build_world()
    phone = client_for(world, "table")
    game = world.current.game
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/live/", f"/clubs/{world.club.slug}/"):
        assert outcome(phone.get(path), path) == LOGIN
    before = game.deals.count()
    assert phone.post(f"/games/{game.pk}/deals/", schieber_deal(2)(world, phone)).status_code == 302
    assert game.deals.count() == before
    assert phone.get(f"/t/{world.current.token[:-1]}x/").status_code == 404


def test_a_tables_phone_keeps_the_predictions_of_its_own_differenzler_table(db: None) -> None:
    """Through the table's link (no account); a Schieber table says nothing before its deals."""
    world = build_world()
    phone = Client()
    token = world.dz_table.token
    assert phone.post(f"/t/{token}/deals/predictions/", predictions(1)(world, phone)).status_code == 302
    game = world.dz_table.game
    game.refresh_from_db()
    seats = game.names_by_seat()
    said = dict(zip(seats, (40, 0, 60, 50), strict=True))
    assert game.pending_entry == {"number": 1, "entry": {"trump": "hearts", "predictions": said}}
    page = phone.get(f"/t/{token}/").content.decode()
    assert "The predictions are kept." in page and f'action="/t/{token}/deals/"' in page
    schieber = world.current.token
    assert phone.post(f"/t/{schieber}/deals/predictions/", predictions(2)(world, phone)).status_code == 404
