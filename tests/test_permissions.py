"""Who may do what, asked of every URL: each role (anonymous, a member of each role, the owner of another
club) against GET, POST and a method no view takes, for a private and for a public club.

A refused request changes nothing in the database; an allowed write changes what it should. The
owners' rules of member_change (and of adding a member) come last.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scorekeeper.games.models import (
    Club,
    Deal,
    DealChange,
    Game,
    GameChange,
    Membership,
    Player,
    Role,
    Seat,
)
from tests.club_world import named_routes
from tournaments.models import Season

WHO = ("anonymous", "viewer", "scorer", "admin", "owner", "stranger")
OK, LOGIN = "ok", "login"

# Expected answer per role. LOGIN: redirect to the sign-in page; OK: the view does its job.
ANYONE = dict.fromkeys(WHO, OK)
SIGNED_IN = {**ANYONE, "anonymous": LOGIN}
NOBODY = dict.fromkeys(WHO, 405)
# A club, game or player that does not exist: anonymous is sent to sign in, anyone signed in gets 404.
MISSING = {**dict.fromkeys(WHO, 404), "anonymous": LOGIN}
# A private club is, to those who are not its members, exactly as if it did not exist: they learn
# nothing of which private clubs, games and players there are.
UNSEEN = {who: MISSING[who] for who in ("anonymous", "stranger")}
PRIVATE_READ = {**UNSEEN, "viewer": OK, "scorer": OK, "admin": OK, "owner": OK}
PRIVATE_SCORER = {**UNSEEN, "viewer": 403, "scorer": OK, "admin": OK, "owner": OK}
PRIVATE_ADMIN = {**UNSEEN, "viewer": 403, "scorer": 403, "admin": OK, "owner": OK}
PRIVATE_OWNER = {**UNSEEN, "viewer": 403, "scorer": 403, "admin": 403, "owner": OK}
# A public club: anyone reads; writing needs a membership, and a signed-in non-member is refused (403).
PUBLIC_READ = ANYONE
PUBLIC_SCORER = {**PRIVATE_SCORER, "stranger": 403}
PUBLIC_ADMIN = {**PRIVATE_ADMIN, "stranger": 403}
PUBLIC_OWNER = {**PRIVATE_OWNER, "stranger": 403}


@dataclass
class World:
    club: Club
    game: Game
    viewer_membership: Membership
    users: dict[str, User]


def snapshot() -> dict[str, list[Any]]:
    """Every row a view could write, in a comparable form."""
    return {
        "users": list(User.objects.order_by("username").values_list("username", flat=True)),
        "clubs": list(Club.objects.order_by("slug").values_list("slug", "name", "is_public", "suit_names")),
        "members": list(
            Membership.objects.order_by("club__slug", "user__username").values_list(
                "club__slug", "user__username", "role"
            )
        ),
        "players": list(Player.objects.order_by("club__slug", "name").values_list("club__slug", "name")),
        "games": list(
            Game.objects.order_by("pk").values_list(
                "pk",
                "settings",
                "totals",
                "finished",
                "winner",
                "revision",
                "number",
                "abandoned_at",
                "deleted_at",
                "state",
            )
        ),
        "seats": list(Seat.objects.order_by("game", "position").values_list("game", "position", "name")),
        "deals": list(
            Deal.objects.order_by("game", "number").values_list("game", "number", "entry", "version")
        ),
        # each side's sums over the deals, as a game with deals stores them for the standings
        "scores": [
            (pk, sums) for pk, sums in Game.objects.order_by("pk").values_list("pk", "side_sums") if sums
        ],
        "changes": list(DealChange.objects.order_by("pk").values_list("game", "deal_number", "action")),
        "game_changes": list(GameChange.objects.order_by("pk").values_list("game", "action", "by__username")),
    }


def changed(before: dict[str, list[Any]], after: dict[str, list[Any]]) -> set[str]:
    return {key for key in before if before[key] != after[key]}


NEW_GAME = {
    "variant": "schieber",
    "preset": "flat",
    "seat_1": "Anna",
    "seat_2": "Beat",
    "seat_3": "Cla",
    "seat_4": "Emil",
    "target": "1000",
    "match_bonus": "100",
    "multiply_weis": "on",
    **{
        f"multipliers.{mode}": "1"
        for mode in ("hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe")
    },
}


@dataclass(frozen=True)
class Route:
    """One URL: how to build it, what to POST, who may GET and POST, and what an allowed POST does."""

    name: str
    path: Callable[[World], str]
    get_private: dict[str, Any]
    post_private: dict[str, Any]
    get_public: dict[str, Any]
    post_public: dict[str, Any]
    post_data: Callable[[World], dict[str, Any]] = lambda world: {}
    # For an allowed POST: where it redirects (None: answers 200) and which snapshot keys it changes.
    post_redirect: Callable[[World], str] | None = None
    post_changes: frozenset[str] = frozenset()
    post_check: Callable[[World], None] = lambda world: None


def game_path(suffix: str = "") -> Callable[[World], str]:
    return lambda world: f"/games/{world.game.pk}/{suffix}"


def player_path(world: World, suffix: str = "") -> str:
    """The player in seat 1's page (and `suffix`), {other} the player in seat 2."""
    first, other = world.game.seats.values_list("player_id", flat=True)[:2]
    return f"/clubs/zuerich/players/{first}/" + suffix.format(other=other)


def season_path(world: World, suffix: str = "") -> str:
    """The club's season (made on first use; seasons are not in the snapshot) and `suffix`."""
    season, _ = Season.objects.get_or_create(club=world.club, name="Saison")
    return f"/clubs/zuerich/seasons/{season.pk}/{suffix}"


def newest_season_path(world: World) -> str:
    return f"/clubs/zuerich/seasons/{Season.objects.latest('pk').pk}/"


def check_season_saved(world: World) -> None:
    assert Season.objects.filter(club=world.club, name="Saison 2", best_of=8, points_table=[25, 18]).exists()


def check_signup(world: World) -> None:
    assert User.objects.filter(username="newbie").exists()


def check_club_new(world: World) -> None:
    created = Club.objects.get(slug="jassclub-chur")
    assert created.memberships.get().role == Role.OWNER


def check_club_manage(world: World) -> None:
    world.club.refresh_from_db()
    assert (world.club.name, world.club.suit_names) == ("Renamed", "french")


def check_member_change(world: World) -> None:
    world.viewer_membership.refresh_from_db()
    assert world.viewer_membership.role == Role.SCORER


def check_player_add(world: World) -> None:
    assert world.club.players.filter(name="Emil").exists()


def check_game_new(world: World) -> None:
    game = Game.objects.exclude(pk=world.game.pk).get()
    assert list(game.seats.values_list("name", flat=True)) == ["Anna", "Beat", "Cla", "Emil"]


def check_deal_add(world: World) -> None:
    assert world.game.deals.get(number=2).entry == {"trump": "hearts", "points": {"A": 100}}
    world.game.refresh_from_db()  # deal 1 spades x2: A 166, B 148; deal 2 hearts: A 100, B 57
    assert world.game.side_sums == {"A": [166 + 100, 0, 0], "B": [148 + 57, 0, 0]}


def check_deal_edit(world: World) -> None:
    assert world.game.deals.get(number=1).entry == {"trump": "clubs", "points": {"A": 90}}
    world.game.refresh_from_db()  # clubs x1: A 90, B 67
    assert world.game.side_sums == {"A": [90, 0, 0], "B": [67, 0, 0]}


def check_deal_delete(world: World) -> None:
    assert not world.game.deals.exists()
    world.game.refresh_from_db()
    assert world.game.side_sums == {}


def check_game_abandon(world: World) -> None:
    world.game.refresh_from_db()
    assert world.game.abandoned_at is not None
    assert world.game.game_changes.get().action == GameChange.Action.ABANDONED


def check_game_delete(world: World) -> None:
    world.game.refresh_from_db()
    assert world.game.deleted_at is not None
    assert world.game.game_changes.get().action == GameChange.Action.DELETED


def next_game_path(world: World) -> str:
    return f"/games/{Game.objects.get(follows=world.game).pk}/"


def check_game_again(world: World) -> None:
    following = Game.objects.get(follows=world.game)
    assert (following.names_by_seat(), following.number) == (world.game.names_by_seat(), 2)


def deal_data(world: World) -> dict[str, Any]:
    return {"number": 2, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": "A", "points": "100"}


ROUTES = [
    Route("home", lambda w: "/", ANYONE, NOBODY, ANYONE, NOBODY),
    Route("service_worker", lambda w: "/sw.js", ANYONE, NOBODY, ANYONE, NOBODY),
    Route("csrf_token", lambda w: "/csrf/", ANYONE, NOBODY, ANYONE, NOBODY),
    Route("offline_expired", lambda w: "/offline/expired/", ANYONE, NOBODY, ANYONE, NOBODY),
    Route(
        "signup",
        lambda w: "/accounts/signup/",
        ANYONE,
        ANYONE,
        ANYONE,
        ANYONE,
        post_data=lambda w: {
            "username": "newbie",
            "password1": "Zuger-Kirsch-1984",
            "password2": "Zuger-Kirsch-1984",
        },
        post_redirect=lambda w: "/",
        post_changes=frozenset({"users"}),
        post_check=check_signup,
    ),
    Route(
        "games:club_new",
        lambda w: "/clubs/new/",
        SIGNED_IN,
        SIGNED_IN,
        SIGNED_IN,
        SIGNED_IN,
        post_data=lambda w: {"name": "Jassclub Chur", "suit_names": "german"},
        post_redirect=lambda w: "/clubs/jassclub-chur/",
        post_changes=frozenset({"clubs", "members"}),
        post_check=check_club_new,
    ),
    Route("games:club", lambda w: "/clubs/zuerich/", PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route(
        "games:club_manage",
        lambda w: "/clubs/zuerich/manage/",
        PRIVATE_ADMIN,
        PRIVATE_ADMIN,
        PUBLIC_ADMIN,
        PUBLIC_ADMIN,
        post_data=lambda w: {"save_club": "1", "name": "Renamed", "suit_names": "french"},
        post_redirect=lambda w: "/clubs/zuerich/manage/",
        post_changes=frozenset({"clubs"}),
        post_check=check_club_manage,
    ),
    Route(
        "games:member_change",
        lambda w: f"/clubs/zuerich/members/{w.viewer_membership.pk}/",
        NOBODY,
        PRIVATE_ADMIN,
        NOBODY,
        PUBLIC_ADMIN,
        post_data=lambda w: {"role": "scorer"},
        post_redirect=lambda w: "/clubs/zuerich/manage/",
        post_changes=frozenset({"members"}),
        post_check=check_member_change,
    ),
    Route(
        "games:player_add",
        lambda w: "/clubs/zuerich/players/",
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_data=lambda w: {"name": "Emil"},
        post_redirect=lambda w: "/clubs/zuerich/",
        post_changes=frozenset({"players"}),
        post_check=check_player_add,
    ),
    Route(
        "games:game_new",
        lambda w: "/clubs/zuerich/games/new/",
        PRIVATE_SCORER,
        PRIVATE_SCORER,
        PUBLIC_SCORER,
        PUBLIC_SCORER,
        post_data=lambda w: NEW_GAME,
        post_redirect=lambda w: f"/games/{Game.objects.exclude(pk=w.game.pk).get().pk}/",
        post_changes=frozenset({"players", "games", "seats"}),
        post_check=check_game_new,
    ),
    Route(
        "clubdata:club_export",
        lambda w: "/clubs/zuerich/export.json",
        PRIVATE_OWNER,
        NOBODY,
        PUBLIC_OWNER,
        NOBODY,
    ),
    Route("games:game", game_path(), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route("games:game_live", game_path("live/"), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route("games:deal_audit", game_path("history/"), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route("players:game_record_csv", game_path("record.csv"), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route("players:game_record_xlsx", game_path("record.xlsx"), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route("players:game_record_json", game_path("record.json"), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route("players:player", lambda w: player_path(w), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route(
        "players:player_vs",
        lambda w: player_path(w, "vs/{other}/"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "players:player_history_csv",
        lambda w: player_path(w, "history.csv"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "players:player_history_xlsx",
        lambda w: player_path(w, "history.xlsx"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "players:player_history_json",
        lambda w: player_path(w, "history.json"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "ratings:leaderboard",
        lambda w: "/clubs/zuerich/leaderboard/schieber/",
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "ratings:rating_history",
        lambda w: player_path(w).replace("/players/", "/ratings/"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route("tournaments:season", lambda w: season_path(w), PRIVATE_READ, NOBODY, PUBLIC_READ, NOBODY),
    Route(
        "tournaments:season_csv",
        lambda w: season_path(w, "standings.csv"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "tournaments:season_xlsx",
        lambda w: season_path(w, "standings.xlsx"),
        PRIVATE_READ,
        NOBODY,
        PUBLIC_READ,
        NOBODY,
    ),
    Route(
        "tournaments:season_new",
        lambda w: "/clubs/zuerich/seasons/new/",
        PRIVATE_ADMIN,
        PRIVATE_ADMIN,
        PUBLIC_ADMIN,
        PUBLIC_ADMIN,
        post_data=lambda w: {"name": "Saison 2", "best_of": "8", "points_table": "25, 18"},
        post_redirect=newest_season_path,
        post_check=check_season_saved,
    ),
    Route(
        "tournaments:season_edit",
        lambda w: season_path(w, "edit/"),
        PRIVATE_ADMIN,
        PRIVATE_ADMIN,
        PUBLIC_ADMIN,
        PUBLIC_ADMIN,
        post_data=lambda w: {"name": "Saison 2", "best_of": "8", "points_table": "25, 18"},
        post_redirect=newest_season_path,
        post_check=check_season_saved,
    ),
    # a game as a whole (permissions.GAME_ACTIONS): abandon and resume are the scorers', "play again" too
    # (it starts a game); deleting is the admins'. The world's game runs: resuming it changes nothing.
    Route(
        "games:game_abandon",
        game_path("abandon/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_redirect=lambda w: f"/games/{w.game.pk}/",
        post_changes=frozenset({"games", "game_changes"}),
        post_check=check_game_abandon,
    ),
    Route(
        "games:game_resume",
        game_path("resume/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_redirect=lambda w: f"/games/{w.game.pk}/",
    ),
    Route(
        "games:game_delete",
        game_path("delete/"),
        NOBODY,
        PRIVATE_ADMIN,
        NOBODY,
        PUBLIC_ADMIN,
        post_redirect=lambda w: "/clubs/zuerich/",
        post_changes=frozenset({"games", "game_changes"}),
        post_check=check_game_delete,
    ),
    Route(
        "games:game_again",
        game_path("again/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_redirect=next_game_path,
        post_changes=frozenset({"games", "seats"}),
        post_check=check_game_again,
    ),
    Route(
        "games:deal_add",
        game_path("deals/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_data=deal_data,
        post_redirect=lambda w: f"/games/{w.game.pk}/",
        post_changes=frozenset({"games", "deals", "scores", "changes"}),
        post_check=check_deal_add,
    ),
    Route(
        "games:deal_preview",
        game_path("deals/preview/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_data=deal_data,
    ),
    Route(
        "games:deal_edit",
        game_path("deals/1/edit/"),
        PRIVATE_SCORER,
        PRIVATE_SCORER,
        PUBLIC_SCORER,
        PUBLIC_SCORER,
        post_data=lambda w: {"number": 1, "version": 1, "trump": "clubs", "team": "A", "points": "90"},
        post_redirect=lambda w: f"/games/{w.game.pk}/",
        post_changes=frozenset({"games", "deals", "scores", "changes"}),
        post_check=check_deal_edit,
    ),
    Route(
        "games:deal_delete",
        game_path("deals/1/delete/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_redirect=lambda w: f"/games/{w.game.pk}/",
        post_changes=frozenset({"games", "deals", "scores", "changes"}),
        post_check=check_deal_delete,
    ),
    # Undo a Delete: whoever may delete; here nothing was deleted, so it is refused with a message
    # (tests/test_deal_entry.py brings a deal back, for every role)
    Route(
        "games:deal_restore",
        game_path("deals/2/restore/"),
        NOBODY,
        PRIVATE_SCORER,
        NOBODY,
        PUBLIC_SCORER,
        post_redirect=lambda w: f"/games/{w.game.pk}/",
    ),
]


def test_every_route_here_exists() -> None:
    """test_permission_matrix checks that every named route has a row here or there."""
    assert {route.name for route in ROUTES} <= set(named_routes())


def make_world(club: Club, users: dict[str, User], make_game: Callable[..., Game], public: bool) -> World:
    club.is_public = public
    club.save()
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    return World(club, game, club.memberships.get(user__username="viewer"), users)


@pytest.fixture(params=[False, True], ids=["private", "public"])
def world(
    request: pytest.FixtureRequest, club: Club, users: dict[str, User], make_game: Callable[..., Game]
) -> World:
    return make_world(club, users, make_game, request.param)


@pytest.fixture
def private_world(club: Club, users: dict[str, User], make_game: Callable[..., Game]) -> World:
    return make_world(club, users, make_game, False)


def client_for(world: World, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(world.users[who])
    return client


def assert_refused(response: Any, expected: Any, path: str) -> None:
    if expected == LOGIN:
        assert response.status_code == 302
        assert response["Location"] == f"/accounts/login/?next={quote(path)}"
    else:
        assert response.status_code == expected


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_get(world: World, route: Route, who: str) -> None:
    expected = (route.get_public if world.club.is_public else route.get_private)[who]
    path = route.path(world)
    before = snapshot()
    response = client_for(world, who).get(path)
    if expected == OK:
        assert response.status_code == 200
        assert response.content
    else:
        assert_refused(response, expected, path)
    assert snapshot() == before  # a GET never writes


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_post(world: World, route: Route, who: str) -> None:
    expected = (route.post_public if world.club.is_public else route.post_private)[who]
    path = route.path(world)
    before = snapshot()
    response = client_for(world, who).post(path, route.post_data(world))
    after = snapshot()
    if expected != OK:
        assert_refused(response, expected, path)
        assert after == before
        return
    if route.post_redirect is None:
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response["Location"] == route.post_redirect(world)
    assert changed(before, after) == route.post_changes
    route.post_check(world)


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_put_is_405_for_everyone(world: World, route: Route, who: str) -> None:
    """No view takes PUT (club_new first sends an anonymous visitor to sign in)."""
    path = route.path(world)
    before = snapshot()
    response = client_for(world, who).put(path)
    if route.name == "games:club_new" and who == "anonymous":
        assert_refused(response, LOGIN, path)
    else:
        assert response.status_code == 405
    assert snapshot() == before


def test_a_missing_club_or_game_is_404_signed_in_and_the_sign_in_page_anonymous(world: World) -> None:
    for who in WHO:
        client = client_for(world, who)
        for path in (
            "/clubs/nowhere/",
            "/clubs/nowhere/manage/",
            "/clubs/nowhere/games/new/",
            f"/games/{world.game.pk + 1000}/",
            f"/games/{world.game.pk + 1000}/live/",
            f"/games/{world.game.pk + 1000}/history/",
        ):
            assert_refused(client.get(path), MISSING[who], path)


# Each id or slug of a path, replaced by one that names nothing: the club, a game, a player, a season, a deal.
NAMES_NOTHING = [
    (re.compile(r"^/clubs/zuerich/"), "/clubs/nowhere/"),
    (re.compile(r"^/games/\d+/"), "/games/999999/"),
    (re.compile(r"/(players|ratings)/\d+/"), r"/\1/999999/"),
    (re.compile(r"/vs/\d+/"), "/vs/999999/"),
    (re.compile(r"/seasons/\d+/"), "/seasons/999999/"),
    (re.compile(r"/deals/\d+/"), "/deals/999/"),
]


NO_IDS = ("home", "service_worker", "csrf_token", "offline_expired", "signup", "games:club_new")


def missing_variants(path: str) -> list[str]:
    return [pattern.sub(nothing, path, count=1) for pattern, nothing in NAMES_NOTHING if pattern.search(path)]


@pytest.mark.parametrize("who", UNSEEN)
@pytest.mark.parametrize("route", [r for r in ROUTES if r.name not in NO_IDS], ids=lambda route: route.name)
def test_what_does_not_exist_answers_as_a_private_clubs_page(
    private_world: World, route: Route, who: str
) -> None:
    """To anonymous and to a non-member, a club, game, player or season that does not exist answers
    exactly as a private club's does (GET and POST), so neither learns which ones exist."""
    path = route.path(private_world)
    client = client_for(private_world, who)
    before = snapshot()
    assert missing_variants(path)
    for missing in missing_variants(path):
        assert_refused(client.get(missing), route.get_private[who], missing)
        assert_refused(client.post(missing, route.post_data(private_world)), route.post_private[who], missing)
    assert snapshot() == before


def test_a_missing_deal_is_404_for_a_scorer(world: World) -> None:
    client = client_for(world, "scorer")
    assert client.get(f"/games/{world.game.pk}/deals/2/edit/").status_code == 404


def test_the_strangers_own_private_club_is_hidden_from_our_members(world: World, other_club: Club) -> None:
    game = Game.objects.create(club=other_club, variant="schieber", totals={"A": 0, "B": 0})
    for who in ("viewer", "scorer", "admin", "owner"):
        client = client_for(world, who)
        assert client.get("/clubs/bern/").status_code == 404
        assert client.get(f"/games/{game.pk}/").status_code == 404
    assert client_for(world, "stranger").get("/clubs/bern/").status_code == 200


def test_home_lists_only_clubs_the_visitor_may_see(world: World) -> None:
    public = world.club.is_public
    assert ("Jassclub Zürich" in client_for(world, "anonymous").get("/").content.decode()) is public
    assert ("Jassclub Zürich" in client_for(world, "stranger").get("/").content.decode()) is public
    assert "Jassclub Zürich" in client_for(world, "viewer").get("/").content.decode()
    assert "Jassclub Bern" not in client_for(world, "viewer").get("/").content.decode()


def test_pages_offer_only_what_the_role_may_do(world: World) -> None:
    """Links and forms follow the permissions: nobody is shown a button that answers 403."""
    club_page = {who: client_for(world, who).get("/clubs/zuerich/").content.decode() for who in WHO}
    game_page = {who: client_for(world, who).get(f"/games/{world.game.pk}/").content.decode() for who in WHO}
    for who in ("scorer", "admin", "owner"):
        assert 'href="/clubs/zuerich/games/new/"' in club_page[who]
        assert 'action="/clubs/zuerich/players/"' in club_page[who]
        assert 'id="dealform"' in game_page[who]
    for who in ("admin", "owner"):
        assert 'href="/clubs/zuerich/manage/"' in club_page[who]
    readers = ("viewer", "anonymous", "stranger") if world.club.is_public else ("viewer",)
    for who in readers:
        assert 'href="/clubs/zuerich/games/new/"' not in club_page[who]
        assert 'action="/clubs/zuerich/players/"' not in club_page[who]
        assert 'href="/clubs/zuerich/manage/"' not in club_page[who]
        assert 'id="dealform"' not in game_page[who]
        assert f"/games/{world.game.pk}/deals/1/edit/" not in game_page[who]
    assert 'href="/clubs/zuerich/manage/"' not in club_page["scorer"]
    # a game as a whole: abandoning is the scorers', deleting the admins'
    abandon, delete = f'action="/games/{world.game.pk}/abandon/"', f'action="/games/{world.game.pk}/delete/"'
    for who in readers:
        assert abandon not in game_page[who] and delete not in game_page[who]
    assert abandon in game_page["scorer"] and delete not in game_page["scorer"]
    for who in ("admin", "owner"):
        assert abandon in game_page[who] and delete in game_page[who]


# ---- the owners' rules ---------------------------------------------------------------------------


def roles(club: Club) -> dict[str, str]:
    return dict(club.memberships.values_list("user__username", "role"))


def membership(club: Club, username: str) -> Membership:
    return club.memberships.get(user__username=username)


def message_after(client: Client, response: Any) -> str:
    assert response.status_code == 302
    assert response["Location"] == "/clubs/zuerich/manage/"
    return client.get("/clubs/zuerich/manage/").content.decode()


@pytest.mark.parametrize(
    ("target", "data"),
    [
        ("owner", {"role": "viewer"}),
        ("owner", {"role": "admin"}),
        ("owner", {"remove": "1"}),
        ("viewer", {"role": "owner"}),
        ("admin", {"role": "owner"}),  # not even themselves
    ],
)
def test_an_admin_cannot_touch_an_owner(
    club: Club, client_as: Callable[[str | None], Client], target: str, data: dict[str, str]
) -> None:
    before = roles(club)
    client = client_as("admin")
    response = client.post(f"/clubs/zuerich/members/{membership(club, target).pk}/", data)
    assert "Only an owner can change an owner." in message_after(client, response)
    assert roles(club) == before


@pytest.mark.parametrize("data", [{"role": "admin"}, {"role": "viewer"}, {"remove": "1"}])
def test_the_last_owner_cannot_leave(
    club: Club, client_as: Callable[[str | None], Client], data: dict[str, str]
) -> None:
    before = roles(club)
    client = client_as("owner")
    response = client.post(f"/clubs/zuerich/members/{membership(club, 'owner').pk}/", data)
    assert "A club needs at least one owner." in message_after(client, response)
    assert roles(club) == before


def test_with_a_second_owner_the_first_may_step_down(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("owner")
    response = client.post(f"/clubs/zuerich/members/{membership(club, 'admin').pk}/", {"role": "owner"})
    assert "admin is now owner." in message_after(client, response)
    response = client.post(f"/clubs/zuerich/members/{membership(club, 'owner').pk}/", {"role": "admin"})
    assert "owner is now admin." in message_after(client, response)
    assert roles(club) == {"owner": "admin", "admin": "owner", "scorer": "scorer", "viewer": "viewer"}


def test_an_owner_removes_an_admin(club: Club, client_as: Callable[[str | None], Client]) -> None:
    client = client_as("owner")
    response = client.post(f"/clubs/zuerich/members/{membership(club, 'admin').pk}/", {"remove": "1"})
    assert "admin was removed from the club." in message_after(client, response)
    assert "admin" not in roles(club)


def test_an_admin_changes_a_scorer_but_not_to_an_unknown_role(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    client = client_as("admin")
    path = f"/clubs/zuerich/members/{membership(club, 'scorer').pk}/"
    assert "Choose a role." in message_after(client, client.post(path, {"role": "emperor"}))
    assert roles(club)["scorer"] == "scorer"
    assert "scorer is now viewer." in message_after(client, client.post(path, {"role": "viewer"}))
    assert roles(club)["scorer"] == "viewer"


def test_a_membership_of_another_club_is_404(
    club: Club, other_club: Club, client_as: Callable[[str | None], Client]
) -> None:
    theirs = other_club.memberships.get()
    response = client_as("owner").post(f"/clubs/zuerich/members/{theirs.pk}/", {"remove": "1"})
    assert response.status_code == 404
    assert Membership.objects.filter(pk=theirs.pk, role=Role.OWNER).exists()


def test_only_an_owner_adds_an_owner(
    club: Club, other_club: Club, client_as: Callable[[str | None], Client]
) -> None:
    data = {"add_member": "1", "username": "stranger", "role": "owner"}
    response = client_as("admin").post("/clubs/zuerich/manage/", data)
    assert response.status_code == 200
    assert "Only an owner can make another owner." in response.content.decode()
    assert "stranger" not in roles(club)
    assert client_as("owner").post("/clubs/zuerich/manage/", data).status_code == 302
    assert roles(club)["stranger"] == "owner"


@pytest.mark.parametrize(
    ("who", "role", "message"),
    [
        ("admin", "viewer", "Only an owner can change an owner."),
        ("owner", "viewer", "A club needs at least one owner."),
    ],
)
def test_add_member_cannot_demote_an_owner(
    club: Club, client_as: Callable[[str | None], Client], who: str, role: str, message: str
) -> None:
    """Typing an owner's username into "Add a member" must follow the same rules as member_change."""
    before = roles(club)
    response = client_as(who).post(
        "/clubs/zuerich/manage/", {"add_member": "1", "username": "owner", "role": role}
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert roles(club) == before


def test_refused_writes_by_a_public_clubs_visitors_change_nothing(
    club: Club, make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    """A public club is readable, not writable: a deal from a stranger or anonymous is refused."""
    club.is_public = True
    club.save()
    game = make_game({}, [{"trump": "spades", "points": {"A": 83}}])
    before = snapshot()
    data = {"number": 2, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": "A", "points": "100"}
    assert (
        client_as("stranger").post(f"/games/{game.pk}/deals/", data, HTTP_HX_REQUEST="true").status_code
        == 403
    )
    anonymous = client_as(None).post(f"/games/{game.pk}/deals/", data, HTTP_HX_REQUEST="true")
    assert anonymous.status_code == 302
    assert anonymous["Location"] == f"/accounts/login/?next={quote(f'/games/{game.pk}/deals/')}"
    assert snapshot() == before
