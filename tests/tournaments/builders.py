"""An Einzelschieber event built through the services, as a director and the tables would build it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from scorekeeper.games import services as games
from scorekeeper.games.models import Club
from tournaments import services
from tournaments.models import Entrant, Pass, Table, Tournament

NAMES = ("Anna", "Beat", "Cla", "Dora", "Edi", "Fränzi", "Gusti", "Heidi", "Ida", "Jörg", "Kari", "Lea")
HTMX = {"HTTP_HX_REQUEST": "true"}
TIMES = "\N{MULTIPLICATION SIGN}"


def director() -> User:
    return User.objects.get(username="owner")


def make_event(
    club: Club, *, players: int = 8, passes: int = 3, deals: int = 2, **options: Any
) -> Tournament:
    """`players` registered and checked in; a fixed seed, so every run draws the same tables."""
    options.setdefault("seed", 20261121)
    options.setdefault("format", "einzelschieber")
    options.setdefault("visibility", "public")  # the club is private: its events default to members only
    tournament = services.create_tournament(
        club=club,
        name="Herbstturnier",
        by=director(),
        passes=passes,
        deals_per_pass=deals,
        **options,
    )
    for name in NAMES[:players]:
        services.check_in(entrant=services.register(tournament=tournament, name=name))
    return tournament


def draw(tournament: Tournament, *, force_reason: str = "") -> Pass:
    return services.draw_next_pass(tournament=tournament, by=director(), force_reason=force_reason)


def entry(points_a: int) -> dict[str, Any]:
    """A deal in hearts (x1 in the tournament preset) with team A's card points; B has the rest."""
    return {"trump": "hearts", "points": {"A": points_a}}


def play(table: Table, *points_a: int) -> None:
    """The table's phone enters its deals (no account: by=None), through the table's guard."""
    start = table.game.deals.count() + 1
    for number, points in enumerate(points_a, start=start):
        games.record_deal(
            game_id=table.game_id,
            entry=entry(points),
            by=None,
            number=number,
            client_token=uuid.uuid4(),
            guard=services.table_guard(table.token),
        )


def codes_of_two_sides(table: Table) -> list[str]:
    """The personal codes of the first player of two different sides: what confirms the table."""
    codes: dict[str, str] = {}
    for seat in table.seats.select_related("entrant").order_by("position"):
        codes.setdefault(seat.side, seat.entrant.code)
    return list(codes.values())[:2]


def confirm(table: Table) -> None:
    """A player of each side enters their personal code: the table is confirmed."""
    for code in codes_of_two_sides(table):
        services.sign_off(token=table.token, code=code)


def tables(drawn: Pass) -> list[Table]:
    return list(drawn.tables.select_related("game").order_by("number"))


def teams(table: Table) -> dict[str, list[Entrant]]:
    """{"A": [seat 1, seat 3], "B": [seat 2, seat 4]}."""
    seats = table.seats.select_related("entrant__player").order_by("position")
    return {side: [s.entrant for s in seats if s.side == side] for side in ("A", "B")}


def play_pass(drawn: Pass, points: Sequence[Sequence[int]]) -> None:
    """Every table plays and confirms: points[i] are team A's card points at table i + 1."""
    for table, table_points in zip(tables(drawn), points, strict=True):
        play(table, *table_points)
        confirm(table)


def deal_post(number: int, points: int, team: str = "A") -> dict[str, Any]:
    """What the Schieber deal form posts for a deal in hearts."""
    token = str(uuid.uuid4())
    return {"number": number, "client_token": token, "trump": "hearts", "team": team, "points": points}
