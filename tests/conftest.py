"""Fixtures shared by the database tests: a private club with one user per role, players, games."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.utils import translation

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, Game, Player, Role

PASSWORD = "correct-horse-battery"
ROLES = ("owner", "admin", "scorer", "viewer")


def require(condition: bool, *, env: str, reason: str) -> None:
    """Skip a test that cannot run here, unless CI requires it (env set): then it fails loudly."""
    if condition:
        return
    if os.environ.get(env):
        pytest.fail(f"{reason} ({env} is set, so this test must run)")
    pytest.skip(reason)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """For `make test` (pytest-xdist, --dist loadgroup): the tests of a module that share a module-scoped
    fixture (a world built once for the module) form one group, run by one worker, which builds it once;
    every other test is handed to whichever worker is free. The slow tests go first, so that no worker is
    left with one at the end while the other has finished."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # the long ones start first
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        definitions = info.name2fixturedefs.values() if info else ()
        if any(found[-1].scope == "module" for found in definitions if found):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture(scope="session", autouse=True)
def no_session_left_behind(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """Before the test database is dropped, end any other session on it (and say which, on stderr).

    A browser test's live server answers in threads of its own; a connection one of them still holds
    at the very end would make PostgreSQL refuse to drop the database, failing a green run.
    """
    yield
    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid, state, left(query, 120) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            for pid, state, query in cursor.fetchall():
                print(f"test database session left open: pid {pid} {state}: {query}", file=sys.stderr)
                cursor.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.fixture(autouse=True)
def english_again_after_each_test() -> Iterator[None]:
    """Django's LocaleMiddleware leaves a request's language active in the thread that answered it (the
    test's, with the test client): a test that asked for French must not leave the next one in French."""
    yield
    translation.deactivate()


@pytest.fixture
def postgres_only() -> None:
    require(connection.vendor == "postgresql", env="REQUIRE_POSTGRES", reason="needs PostgreSQL")


def make_user(username: str) -> User:
    return User.objects.create_user(username=username, password=PASSWORD)


@pytest.fixture
def club(db: None) -> Club:
    """A private club; its members are the users named after their role."""
    owner = make_user("owner")
    club = members.create_club(name="Jassclub Zürich", slug="zuerich", owner=owner)
    for role in ROLES[1:]:
        members.set_membership(club=club, user=make_user(role), role=role)
    return club


@pytest.fixture
def other_club(db: None) -> Club:
    """Another club, whose admin must see nothing of `club`."""
    return members.create_club(name="Jassclub Bern", slug="bern", owner=make_user("stranger"))


@pytest.fixture
def users(club: Club, other_club: Club) -> dict[str, User]:
    return {user.username: user for user in User.objects.all()}


@pytest.fixture
def players(club: Club) -> list[Player]:
    return [members.add_player(club=club, name=name) for name in ("Anna", "Beat", "Cla", "Dora")]


@pytest.fixture
def make_game(club: Club, players: list[Player]) -> Callable[..., Game]:
    def make(settings: dict[str, Any] | None = None, deals: Sequence[dict[str, Any]] = ()) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club, variant="schieber", players=players, settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


def play(game: Game, deals: Sequence[dict[str, Any]], *, by: User) -> None:
    start = game.deals.count() + 1
    for number, entry in enumerate(deals, start=start):
        services.record_deal(game_id=game.pk, entry=entry, by=by, number=number, client_token=uuid.uuid4())


@pytest.fixture
def client_as(users: dict[str, User]) -> Callable[[str | None], Client]:
    """A test client signed in as the user named (owner, admin, scorer, viewer, stranger) or anonymous."""

    def make(username: str | None) -> Client:
        client = Client()
        if username:
            client.force_login(users[username])
        return client

    return make


@pytest.fixture
def role_of() -> Callable[[Club, User], str | None]:
    def lookup(club: Club, user: User) -> str | None:
        membership = club.memberships.filter(user=user).first()
        return membership.role if membership else None

    return lookup


__all__ = ["PASSWORD", "ROLES", "Role", "make_user", "play", "require"]
