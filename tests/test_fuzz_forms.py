"""Random input to every form endpoint: each field of the form as the page offers it, sent with its own
value, another choice, text of any kind (markup, control characters, NUL), huge or negative numbers,
several values at once, or left out; plain or as htmx.

Never a server error; and when the answer is a refusal (4xx, or the form shown again with its errors)
nothing was saved. The world is built once per module; every example runs in a savepoint rolled back.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.variants import playable_variants
from tests.club_world import ROUTE_ARGS, World, build_world, variant_games
from tests.db_snapshot import changed, rows
from tests.html_forms import forms_on
from tests.test_permission_matrix import named_routes

pytestmark = pytest.mark.django_db

MAX_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "8"))  # more for a long local run: FUZZ_EXAMPLES=200
ERROR_MARKS = ('class="errorlist', 'class="form-errors', 'class="problem', 'role="alert"')
NOT_FIELDS = {"csrfmiddlewaretoken"}


@dataclass(frozen=True)
class Endpoint:
    """Where the form is posted, the page that offers it, and who posts."""

    id: str
    post: Callable[[World], str]
    page: Callable[[World], str] | None = None  # None: the post path itself
    offered_at: Callable[[World], str] | None = None  # the form's action, when it differs from `post`
    who: str = "owner"
    fields: tuple[str, ...] = ()  # for a form no page shows (explicit names)


def game_endpoints(variant: str) -> Iterator[Endpoint]:
    game = lambda w: f"/games/{w.games[variant].pk}/"  # noqa: E731
    deals = lambda w: f"{game(w)}deals/"  # noqa: E731
    yield Endpoint(f"deal_add[{variant}]", deals, page=game)
    yield Endpoint(f"deal_preview[{variant}]", lambda w: f"{deals(w)}preview/", page=game, offered_at=deals)
    yield Endpoint(f"deal_edit[{variant}]", lambda w: f"{deals(w)}1/edit/")
    if variant == "differenzler":  # the predictions, said before the deal: the deal form's first button
        yield Endpoint("deal_predictions", lambda w: f"{deals(w)}predictions/", page=game, offered_at=deals)


def restore(world: World) -> str:
    """Undo of the Schieber game's deal 3, the deal deleted last (club_world.make_games)."""
    return f"/games/{world.game.pk}/deals/3/restore/"


def club(suffix: str) -> Callable[[World], str]:
    return lambda w: f"/clubs/{w.club.slug}/{suffix}"


def event(suffix: str) -> Callable[[World], str]:
    return lambda w: f"/events/{w.tournament.slug}/{suffix}"


def table(suffix: str) -> Callable[[World], str]:
    return lambda w: f"/t/{w.current.token}/{suffix}"


NO_ACTION: Callable[[World], str] = lambda w: ""  # noqa: E731 - a form that posts to its page's path


ENDPOINTS = [
    *(endpoint for variant in variant_games(["a", "b", "c", "d"]) for endpoint in game_endpoints(variant)),
    Endpoint("deal_restore", restore, page=lambda w: f"/games/{w.game.pk}/", fields=("number",)),
    Endpoint("game_new", club("games/new/")),
    # Coiffeur's board editor: a line's row and multiplier each, in the new-game and the new-event form
    Endpoint("game_new[coiffeur]", club("games/new/"), club("games/new/?variant=coiffeur"), NO_ACTION),
    Endpoint("tournament_new[coiffeur]", club("events/new/"), club("events/new/?format=coiffeur"), NO_ACTION),
    # the house rules' inputs (issue 14): Schieber's marks ticked and its extra modes, Differenzler's total
    Endpoint("game_new[schieber,striche]", club("games/new/"), club("games/new/?preset=striche"), NO_ACTION),
    Endpoint(
        "game_new[differenzler]", club("games/new/"), club("games/new/?variant=differenzler"), NO_ACTION
    ),
    Endpoint(
        "tournament_new[differenzler]",
        club("events/new/"),
        club("events/new/?format=differenzler"),
        NO_ACTION,
    ),
    # evenings: the stake (a new evening's and an evening's), a game added; game_new?evening= below
    Endpoint("evening_new", club("evenings/new/")),
    Endpoint(
        "evening_stake",
        lambda w: f"/evenings/{w.evening.pk}/stake/",
        page=lambda w: f"/evenings/{w.evening.pk}/",
    ),
    Endpoint(
        "evening_add",
        lambda w: f"/evenings/{w.evening.pk}/games/",
        page=lambda w: f"/evenings/{w.evening.pk}/",
    ),
    Endpoint(
        "game_new[evening]",
        lambda w: f"/clubs/{w.club.slug}/games/new/?evening={w.evening.pk}",
        page=lambda w: f"/clubs/{w.club.slug}/games/new/?evening={w.evening.pk}",
        offered_at=NO_ACTION,
    ),
    Endpoint("club_new", lambda w: "/clubs/new/"),
    Endpoint("club_manage", club("manage/")),
    Endpoint(
        "member_change",
        lambda w: f"/clubs/{w.club.slug}/members/{w.membership('viewer').pk}/",
        club("manage/"),
    ),
    Endpoint("player_add", club("players/"), page=club("")),
    Endpoint("club_invites", club("invites/")),
    Endpoint(
        "member_player",
        lambda w: f"/clubs/{w.club.slug}/members/{w.membership('scorer').pk}/player/",
        club("manage/"),
    ),
    Endpoint("signup", lambda w: "/accounts/signup/", who="anonymous"),
    Endpoint("login", lambda w: "/accounts/login/", who="anonymous"),
    Endpoint("password_change", lambda w: "/accounts/password_change/"),
    Endpoint("season_new", club("seasons/new/")),
    Endpoint("season_edit", lambda w: f"/clubs/{w.club.slug}/seasons/{w.season.pk}/edit/"),
    Endpoint("tournament_new", club("events/new/")),
    Endpoint("tournament_settings", event("manage/settings/")),
    Endpoint("tournament_entrants", event("manage/entrants/")),
    Endpoint("tournament_entrant", lambda w: f"/events/{w.tournament.slug}/manage/entrants/{w.entrant.pk}/"),
    Endpoint("tournament_draw", event("manage/draw/"), page=event("manage/")),
    Endpoint(
        "tournament_substitute",
        lambda w: f"/events/{w.tournament.slug}/manage/seats/{w.seat.pk}/substitute/",
        page=event("manage/"),
    ),
    Endpoint("tournament_register", event("register/"), who="anonymous"),
    Endpoint("table_deal_add", table("deals/"), page=table(""), who="anonymous"),
    Endpoint(
        "table_deal_preview",
        table("deals/preview/"),
        page=table(""),
        offered_at=table("deals/"),
        who="anonymous",
    ),
    Endpoint("table_deal_edit", table("deals/1/edit/"), who="anonymous"),
    Endpoint(
        "table_deal_predictions",
        lambda w: f"/t/{w.dz_table.token}/deals/predictions/",
        page=lambda w: f"/t/{w.dz_table.token}/",
        offered_at=lambda w: f"/t/{w.dz_table.token}/deals/",
        who="anonymous",
    ),
    Endpoint("table_confirm", lambda w: f"/t/{w.finished.token}/confirm/", who="anonymous", fields=("code",)),
]


@dataclass
class Target:
    path: str
    client: Client
    fields: dict[str, list[str]]  # name -> values the page offers (its own value, the choices)
    before: dict[str, Any]  # the database, as every example starts from it


TARGETS: dict[str, Target] = {}  # per endpoint, for the module's world: read once, not per example


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """One world for the module, in a transaction rolled back at its end."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def visitor(world: World, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(world.users[who])
    return client


def target(world: World, endpoint: Endpoint) -> Target:
    if endpoint.id not in TARGETS:
        client = visitor(world, endpoint.who)
        TARGETS[endpoint.id] = Target(endpoint.post(world), client, offered(world, endpoint, client), rows())
    return TARGETS[endpoint.id]


def offered(world: World, endpoint: Endpoint, client: Client) -> dict[str, list[str]]:
    """The fields of the form as the page shows it, with the values it offers."""
    if endpoint.fields:
        return {name: [""] for name in endpoint.fields}
    page = (endpoint.page or endpoint.post)(world)
    action = (endpoint.offered_at or endpoint.post)(world)
    html = client.get(page).content.decode()
    fields: dict[str, list[str]] = {}
    for form in forms_on(html):
        if form.method == "post" and form.action in (action, "" if page == action else action):
            for name in form.names:
                offered = [*form.fields.get(name, []), *form.choices.get(name, [])]
                fields.setdefault(name, []).extend(offered or [""])
    fields = {name: values for name, values in fields.items() if name not in NOT_FIELDS}
    assert fields, f"no form for {endpoint.id} on {page}"
    return fields


TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)) | st.sampled_from("<>\"'&\x00\n"),
    max_size=80,
)
NUMBERS = st.integers(min_value=-(10**30), max_value=10**30).map(str) | st.sampled_from(
    [
        "-1",
        "0",
        "1e309",
        "NaN",
        "Infinity",
        "2147483648",
        "9" * 40,
        "1.5",
        " 3 ",
        "\u00b2",
        "\u0663",
        "7" * 5000,
    ]
)  # "²" and "٣" are digits to str.isdigit(); int() refuses 5000 digits
SPECIAL = st.sampled_from(["", "null", "[]", "{}", '{"a": 1}', "<script>alert(1)</script>", "\x00", "true"])
LONG = st.text(min_size=61, max_size=400) | st.just("x" * 5000)  # past every column's length


def values(offered: list[str]) -> st.SearchStrategy[list[str] | None]:
    """A field's value: left out (None), the page's own or another offered value, or anything."""
    one = st.sampled_from(offered) | TEXT | NUMBERS | SPECIAL | LONG
    return st.none() | one.map(lambda value: [value]) | st.lists(one, min_size=2, max_size=3)


def refused(response: Any) -> bool:
    if response.status_code >= 400:
        return True
    body = response.content.decode(errors="replace") if response.status_code == 200 else ""
    return any(mark in body for mark in ERROR_MARKS)


def test_the_world_has_a_game_of_every_variant() -> None:
    """The deal forms fuzzed are those of the world's games (club_world.variant_games): one a variant."""
    assert set(variant_games(["a", "b", "c", "d"])) == set(playable_variants())


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda endpoint: endpoint.id)
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_server_error_and_nothing_saved_on_a_refusal(
    world: World, endpoint: Endpoint, data: st.DataObject
) -> None:
    form = target(world, endpoint)
    sent = {}
    for name, offered in form.fields.items():
        value = data.draw(values(offered), label=name)
        if value is not None:
            sent[name] = value
    htmx = data.draw(st.booleans(), label="htmx")
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    with transaction.atomic():
        response = form.client.post(form.path, sent, **headers)
        assert response.status_code < 500, response.content.decode(errors="replace")[:2000]
        if refused(response):
            assert changed(form.before, rows()) == set(), f"refused ({response.status_code}) but saved"
        transaction.set_rollback(True)


# ---- query strings --------------------------------------------------------------------------------

# Every query parameter a view reads, each with values no page would send.
QUERIES = [
    {
        "q": "\U0001f0a1" * 70 + "<script>",
        "page": "-1",
        "year": "9" * 25,
        "variant": "../../etc/passwd",
        "top": "9" * 30,
        "since": "x",
        "revision": "-5",
        "show": "open",
        "table": "9" * 25,
        "missing": "1",
        "format": "<b>",
        "preset": "' OR 1=1 --",
        "next": "//evil.example/",
        "evening": "9" * 25,
    },
    dict.fromkeys(
        ("q", "page", "year", "variant", "top", "since", "revision", "table", "format", "evening"), ""
    ),
    {
        name: ["1e309", "NaN", "-0"]
        for name in ("page", "year", "top", "revision", "table", "q", "variant", "evening")
    },
    {"evening": "\u0663"},  # a digit, to str.isdigit(), that is no number of ours
    # digits to str.isdigit() that int() refuses, the year's four of them, a pass and page of 5000 digits
    {"year": "\u00b2" * 4, "page": "\u00b2", "top": "\u00b2", "table": "\u00b2", "pass": "\u00b2"},
    {"page": "7" * 5000, "top": "7" * 5000, "table": "7" * 5000, "pass": "7" * 5000},
]


def get_routes() -> list[str]:
    return [name for name in named_routes() if name in ROUTE_ARGS]


@pytest.mark.parametrize("name", get_routes())
def test_no_server_error_for_any_query_string(world: World, name: str) -> None:
    client = visitor(world, "owner")
    path = reverse(name, kwargs=ROUTE_ARGS[name](world))
    for query in QUERIES:
        with transaction.atomic():
            response = client.get(path, query)
            transaction.set_rollback(True)
        assert response.status_code < 500, (query, response.content.decode(errors="replace")[:2000])
