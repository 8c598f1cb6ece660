"""The load test's database: made afresh, an event of N tables drawn and open, and the final check.

The check compares what the phones were told with what is stored: a deal acknowledged but missing (or
stored with another entry) is lost; a client_token stored twice, or a stored deal that no phone post
explains, is a duplicate; a game whose stored totals differ from its deals re-scored is inconsistent.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connections
from psycopg import sql

from scorekeeper import rules
from scorekeeper.games import members
from scorekeeper.games.models import Deal, Game
from tournaments import services
from tournaments.management.commands.generate_tournament import start_event

from .driver import Post, TableLink

SAFE_NAME = re.compile(r"jass_loadtest(_\w+)?")
"""The database is dropped first: only one whose whole name says it is a load test's."""


@dataclass(frozen=True)
class Event:
    slug: str
    tables: list[TableLink]


@dataclass(frozen=True)
class Verdict:
    lost: int
    duplicates: int
    inconsistent: int
    stored: int
    repeats: int = 0
    """Acknowledged deals stored by an earlier attempt than the acknowledged one: the key at work."""


def fresh_database() -> None:
    """Drop and create the configured PostgreSQL database, then migrate it."""
    config = connections["default"].settings_dict
    name = config["NAME"]
    if connections["default"].vendor != "postgresql":
        raise ValueError("The load test runs on PostgreSQL: set DATABASE_URL=postgres://...")
    if not SAFE_NAME.fullmatch(name):
        raise ValueError(
            f"The database {name!r} would be dropped: its name must be jass_loadtest or jass_loadtest_*."
        )
    connections.close_all()
    server = {key.lower(): config[key] for key in ("HOST", "PORT", "USER", "PASSWORD") if config[key]}
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    call_command("migrate", verbosity=0, interactive=False)


def build(*, tables: int, deals: int, seed: int) -> Event:
    """An Einzelschieber of 4 players a table, pass 1 drawn: every table open for its phone."""
    director = User.objects.create_user("loadtest-director")
    club = members.create_club(name="Load test club", slug="loadtest", owner=director, is_public=True)
    tournament = start_event(
        club=club, players=4 * tables, passes=2, deals=deals, seed=seed, format="einzelschieber"
    )
    drawn = services.draw_next_pass(tournament=tournament, by=director)
    links = drawn.tables.order_by("number").values_list("token", "game_id")
    return Event(tournament.slug, [TableLink(token, game) for token, game in links])


def check(event: Event, posts: Mapping[str, Post]) -> Verdict:
    """What the phones were told, against what is stored (the module docstring says what counts)."""
    game_ids = [link.game for link in event.tables]
    stored: dict[str, list[tuple[int, Any]]] = defaultdict(list)
    by_game: dict[int, list[tuple[int, Any]]] = defaultdict(list)
    rows = Deal.objects.filter(game_id__in=game_ids).values_list(
        "game_id", "number", "client_token", "entry", "created_at"
    )
    created = {}
    for game, number, token, entry, at in rows:
        stored[str(token)].append((game, entry))
        by_game[game].append((number, entry))
        created[str(token)] = at.timestamp()
    lost = sum(
        1
        for token, post in posts.items()
        if post.acknowledged and (post.game, post.entry) not in stored.get(token, [])
    )
    duplicates = sum(len(found) - (token in posts) for token, found in stored.items())
    repeats = sum(
        1
        for token, post in posts.items()
        if post.acknowledged and token in created and created[token] < post.last_sent
    )
    return Verdict(lost, duplicates, _inconsistent(game_ids, by_game), len(rows), repeats)


def _inconsistent(game_ids: Sequence[int], by_game: Mapping[int, list[tuple[int, Any]]]) -> int:
    """Games whose deal numbers have a gap or whose stored totals are not their deals re-scored."""
    bad = 0
    for game in Game.objects.filter(pk__in=game_ids).prefetch_related("seats"):
        deals = sorted(by_game.get(game.pk, []), key=lambda deal: deal[0])
        if not deals:  # a table game starts with no totals stored at all
            continue
        seats = [seat.name for seat in sorted(game.seats.all(), key=lambda seat: seat.position)]
        result = rules.score_game(
            game.variant, seats, game.settings, [entry for _, entry in deals], deal_limit=game.deal_limit
        )
        numbered = [number for number, _ in deals] == list(range(1, len(deals) + 1))
        bad += not numbered or dict(result.totals) != game.totals
    return bad
