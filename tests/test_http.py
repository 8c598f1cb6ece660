"""HTTP as clients and caches other than a browser use it: HEAD answers every page as GET does (a load
balancer's health check), and no shared cache keeps a page or an export (Cache-Control).

Every named route of a club with everything in it (tests/club_world.py) is asked, as its director,
anonymously and from a table's phone; the world is built and crawled once, then rolled back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.club_world import ROUTE_ARGS, World, build_world, named_routes
from tests.test_permission_matrix import EXTRA_ARGS

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Asked:
    who: str
    name: str
    path: str
    get: Any
    head: Any

    def __str__(self) -> str:
        return f"{self.path} as {self.who} (GET {self.get.status_code}, HEAD {self.head.status_code})"

    @property
    def download(self) -> bool:
        return self.get.get("Content-Disposition", "").startswith("attachment")


def visitors(world: World) -> dict[str, Client]:
    director, phone = Client(), Client()
    director.force_login(world.users["owner"])
    phone.get(reverse("tournaments:table", args=[world.current.token]))
    return {"director": director, "anonymous": Client(), "phone": phone}


def route_paths(world: World) -> Iterator[tuple[str, str]]:
    for name in named_routes():
        args = EXTRA_ARGS.get(name) or ROUTE_ARGS[name]
        yield name, reverse(name, kwargs=args(world))


@pytest.fixture(scope="module")
def asked(django_db_setup: None, django_db_blocker: Any) -> list[Asked]:
    """Each route by each visitor, GET then HEAD. The club is private: its pages are members' only."""
    with django_db_blocker.unblock(), transaction.atomic():
        world = build_world()
        clients = visitors(world)
        found = [
            Asked(who, name, path, client.get(path), client.head(path))
            for name, path in route_paths(world)
            for who, client in clients.items()
        ]
        transaction.set_rollback(True)
    return found


def answer(response: Any) -> tuple[Any, ...]:
    return response.status_code, response.get("Location"), response.get("Content-Type")


def test_head_answers_every_page_as_get_does_without_a_body(asked: list[Asked]) -> None:
    assert [str(a) for a in asked if answer(a.head) != answer(a.get)] == []
    assert [str(a) for a in asked if a.head.content] == []
    assert sum(a.get.status_code == 200 for a in asked) > 60  # the walk reached real pages


def test_no_page_may_be_kept_by_a_shared_cache(asked: list[Asked]) -> None:
    """Each page holds its visitor's CSRF token, and a member's private games: `private`, always. Not
    the service worker's script: the same for everyone, and asked again each time (no-cache)."""
    pages = [a for a in asked if a.get.status_code != 204 and a.name != "service_worker"]
    assert [str(a) for a in pages if "private" not in a.get.get("Cache-Control", "")] == []
    assert [str(a) for a in pages if "public" in a.get.get("Cache-Control", "")] == []


def test_exports_are_stored_nowhere(asked: list[Asked]) -> None:
    """A download may hold a whole club's deals, its table links and PINs: not even the browser keeps it."""
    assert {a.name for a in asked if a.download} == {
        "clubdata:club_export",
        "players:player_history_csv",
        "players:player_history_xlsx",
        "players:player_history_json",
        "players:game_record_csv",
        "players:game_record_xlsx",
        "players:game_record_json",
        "tournaments:season_csv",
        "tournaments:season_xlsx",
        "tournaments:export_standings",
        "tournaments:export_standings_xlsx",
        "tournaments:export_deals",
        "tournaments:export_deals_xlsx",
        "games:evening_csv",
        "games:evening_xlsx",
        "games:evening_json",
    }
    cache_control = [(str(a), a.get.get("Cache-Control", "")) for a in asked if a.download]
    assert [
        found for found in cache_control if not {"private", "no-store"} <= set(found[1].split(", "))
    ] == []


def test_the_static_files_stay_shareable(db: None) -> None:
    """whitenoise serves them before any of this: a CDN may keep them (docs/deployment.md)."""
    response = Client().get("/static/scorekeeper/app.css")
    response.close()  # its file
    assert response.status_code == 200
    assert "private" not in response["Cache-Control"]


def test_the_icon_is_at_the_root(db: None) -> None:
    """Browsers ask for /favicon.ico by themselves, whatever the page links: whitenoise answers it."""
    response = Client().get("/favicon.ico")
    body = b"".join(response.streaming_content)
    response.close()
    assert response.status_code == 200
    assert response["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    assert body[:4] == b"\0\0\1\0"  # an ICO file
