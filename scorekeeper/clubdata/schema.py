"""What a club export holds: one `Part` per model, nested as the data is (a club's games, a game's deals).

Rows carry no database ids. A reference is the natural key of what it names (a username, a player's
name in the club, an entrant's start number in the tournament, a tournament's slug, a game's position
in the export), so two exports of the same data are equal and an import lands in any empty instance.
Every other column is copied as it is, except the derived ones, which the import computes again.
"""

from __future__ import annotations

import datetime
import decimal
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import models

from scorekeeper.games.models import (
    Club,
    Deal,
    DealChange,
    Evening,
    Game,
    GameChange,
    Invite,
    Membership,
    Player,
    Seat,
)
from scorekeeper.ratings.models import Rating, RatingChange
from tournaments.models import (
    Bye,
    Entrant,
    Pass,
    Season,
    SeasonEvent,
    Table,
    TableChange,
    TableSeat,
    TableSignoff,
    Tournament,
)

FORMAT = "jass-scorekeeper/club"
VERSION = 1

# What a reference names, and the column of the target that names it.
USER, PLAYER, ENTRANT, GAME, TOURNAMENT = "user", "player", "entrant", "game", "tournament"
EVENING = "evening"
NATURAL_KEY = {
    USER: "username",
    PLAYER: "name",
    ENTRANT: "number",
    TOURNAMENT: "slug",
    GAME: "pk",
    EVENING: "pk",
}
BY_POSITION = (GAME, EVENING)
"""Kinds with no natural key: a row is named by its position in the export (its "key")."""


@dataclass(frozen=True)
class Part:
    """A model's rows in the document: under `key` in each row of the parent part."""

    model: type[models.Model]
    key: str
    parent: str | None  # the foreign key to the parent part's row
    kind: str | None = None  # what other rows call a row of this part, if they refer to it
    order: tuple[str, ...] = ("pk",)
    refs: tuple[tuple[str, str], ...] = ()  # (foreign key, kind of target)
    derived: tuple[str, ...] = ()  # computed again on import: not copied
    checked: tuple[str, ...] = ()  # derived columns exported under "derived", for the import to compare
    optional: tuple[str, ...] = ()  # added since version 1: an older export lacks them, they get the default
    # (columns, references and children: a child part added since then is no rows)
    children: tuple[Part, ...] = ()

    def __post_init__(self) -> None:
        columns = {field.name for field in self.model._meta.concrete_fields}
        clashes = columns & {child.key for child in self.children}
        assert not clashes, f"{self.model.__name__}: children named like its columns: {clashes}"

    def ref_kinds(self) -> dict[str, str]:
        return dict(self.refs)

    def plain_fields(self) -> list[models.Field]:
        """Every stored column that is neither the id, the parent, a reference nor derived."""
        skip = {"id", self.parent, *self.ref_kinds(), *self.derived}
        return [field for field in self.model._meta.concrete_fields if field.name not in skip]


GAMES = Part(
    Game,
    "games",
    parent="club",
    kind=GAME,
    order=("created_at", "pk"),
    refs=(("created_by", USER), ("follows", GAME), ("evening", EVENING)),
    derived=("totals", "side_sums", "summary", "state", "finished", "winner", "revision", "seat_names"),
    checked=("totals", "finished", "winner"),
    optional=(
        "number",
        "abandoned_at",
        "deleted_at",
        "follows",
        "game_changes",
        "pending_entry",
        "undo_deal",
        "evening",
        "name",
    ),
    children=(
        Part(Seat, "seats", parent="game", order=("position",), refs=(("player", PLAYER),)),
        Part(
            Deal,
            "deals",
            parent="game",
            order=("number",),
            refs=(("created_by", USER), ("updated_by", USER)),
            optional=("dealer_seat", "pushed"),
        ),
        Part(
            DealChange,
            "changes",
            parent="game",
            refs=(("by", USER),),
            optional=("dealing_before", "dealing_after"),
        ),
        Part(GameChange, "game_changes", parent="game", refs=(("by", USER),)),
    ),
)

EVENINGS = Part(
    Evening,
    "evenings",
    parent="club",
    kind=EVENING,
    order=("started_at", "pk"),
    refs=(("created_by", USER),),
    # a share link is a key to this instance, as an invite is: on another server the club makes a new one
    derived=("share_token",),
)

TOURNAMENTS = Part(
    Tournament,
    "tournaments",
    parent="club",
    kind=TOURNAMENT,
    order=("created_at", "pk"),
    refs=(("created_by", USER),),
    optional=("visibility", "share_key", "self_registration_limit"),
    children=(
        Part(
            Entrant,
            "entrants",
            parent="tournament",
            kind=ENTRANT,
            order=("number",),
            refs=(("player", PLAYER), ("partner", ENTRANT)),
            optional=("code",),
        ),
        Part(
            Pass,
            "drawn_passes",  # "passes" is the tournament's number of passes
            parent="tournament",
            order=("number",),
            refs=(("drawn_by", USER),),
            children=(
                Part(
                    Table,
                    "tables",
                    parent="pass_played",
                    order=("number",),
                    refs=(("game", GAME), ("confirmed_by", USER)),
                    optional=("confirmed_by", "code_failures", "code_failed_at", "signoffs"),
                    children=(
                        Part(
                            TableSeat,
                            "seats",
                            parent="table",
                            order=("position",),
                            refs=(("entrant", ENTRANT), ("substitute", PLAYER)),
                        ),
                        Part(
                            TableSignoff,
                            "signoffs",
                            parent="table",
                            order=("at", "pk"),
                            refs=(("entrant", ENTRANT),),
                        ),
                    ),
                ),
                Part(
                    Bye,
                    "byes",
                    parent="pass_played",
                    order=("entrant__number",),
                    refs=(("entrant", ENTRANT),),
                ),
            ),
        ),
        Part(TableChange, "changes", parent="tournament", refs=(("by", USER),)),
    ),
)

CLUB = Part(
    Club,
    "club",
    parent=None,
    optional=("language", "evenings"),
    children=(
        Part(Membership, "members", parent="club", order=("user__username",), refs=(("user", USER),)),
        Part(Player, "players", parent="club", kind=PLAYER, order=("name",), refs=(("user", USER),)),
        EVENINGS,
        GAMES,
        TOURNAMENTS,
        Part(
            Season,
            "seasons",
            parent="club",
            order=("created_at", "pk"),
            refs=(("final", TOURNAMENT),),
            children=(
                Part(
                    SeasonEvent,
                    "events",
                    parent="season",
                    order=("tournament__slug",),
                    refs=(("tournament", TOURNAMENT),),
                ),
            ),
        ),
    ),
)

# Models whose rows are computed from the exported ones: the import derives them again (ratings by
# replaying the finished games); accounts are matched or created by username.
DERIVED_MODELS = (Rating, RatingChange)
ACCOUNT_MODELS = (User,)
# Models not moved: an invite link is a key to this instance (its token kept only as a hash); on another
# server the club's admins make new ones.
LEFT_BEHIND_MODELS = (Invite,)


def parts(part: Part = CLUB) -> Iterator[Part]:
    """Every part, parents before children."""
    yield part
    for child in part.children:
        yield from parts(child)


def to_json(value: Any) -> Any:
    """A column's value as JSON: times as ISO 8601, UUIDs and decimals as strings."""
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, uuid.UUID | decimal.Decimal):
        return str(value)
    return value


def from_json(field: models.Field, value: Any) -> Any:
    """A column's value from JSON; JSON columns as they are, the others parsed by their field."""
    if value is None or isinstance(field, models.JSONField):
        return value
    return field.to_python(value)
