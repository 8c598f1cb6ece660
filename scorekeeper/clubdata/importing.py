"""A club export loaded into this instance, all or nothing.

The entries, settings and seatings are copied; every score, total and winner is derived again by the
rules engine (an entry the rules refuse stops the import), and ratings are replayed. A derived figure
that differs from the exported one is reported: the rules changed between the two versions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction

from scorekeeper.clubdata.checks import (
    RecordRefused,
    check_rules,
    check_usernames,
    check_value,
    look_alike_warnings,
)
from scorekeeper.clubdata.schema import (
    CLUB,
    ENTRANT,
    EVENING,
    FORMAT,
    GAME,
    PLAYER,
    TOURNAMENT,
    USER,
    VERSION,
    Part,
    from_json,
    to_json,
)
from scorekeeper.games import services
from scorekeeper.games.models import Club, Deal, Game, Seat
from scorekeeper.rules.base import InvalidDeal
from tournaments.models import Table, Tournament

Item = tuple[models.Model | None, Mapping[str, Any], Mapping[str, models.Model], str]
"""A row to create: its parent, the row, the scope its references resolve in, and where it is in the
document ("club.players[2]")."""

MAX_DEPTH = 64
"""An export nests about a dozen levels (club, tournament, pass, table, seat; a game's settings, a deal's
entry); 64 is room to spare, and far below the depth at which checking a column (a JSON one is written
out to be checked) would end in a bare RecursionError."""
TOO_DEEP = f"The document nests deeper than {MAX_DEPTH} levels: it is no club export."


class ImportRefused(Exception):
    """The document is no club export of this version, or its club would clash with this instance's."""


@dataclass
class Imported:
    club: Club
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


class Loader:
    def __init__(self, usernames: list[str]) -> None:
        self.users = {username: _user(username) for username in usernames}
        self.players: dict[str, models.Model] = {}
        self.games: dict[int, Game] = {}
        self.evenings: dict[int, models.Model] = {}
        self.tournaments: dict[str, models.Model] = {}
        self.entrants: dict[tuple[int, int], models.Model] = {}
        self.counts: dict[str, int] = {}
        self.derived: list[tuple[Game, Mapping[str, Any]]] = []

    def create(self, part: Part, items: list[Item]) -> list[models.Model]:
        """The part's rows under every parent at once, then their children: a few queries a level."""
        # a reference to a row of the same part (an entrant's partner) is set once all of them exist
        deferred = [name for name, kind in part.refs if kind == part.kind]
        objects = [
            self.build(part, parent, row, scope, skip=deferred, where=where)
            for parent, row, scope, where in items
        ]
        part.model.objects.bulk_create(objects, batch_size=500)
        label = part.model._meta.label
        self.counts[label] = self.counts.get(label, 0) + len(objects)
        rows = [row for _, row, _, _ in items]
        self.restore_times(part, objects, rows)
        scopes = [
            _at(where, self.remember, part, obj, row, scope)
            for obj, (_, row, scope, where) in zip(objects, items, strict=True)
        ]
        if deferred:
            for obj, (_, row, _, where), scope in zip(objects, items, scopes, strict=True):
                for name in deferred:
                    target = _at(where, self.resolve, part.kind or "", _given(part, row, name), scope)
                    setattr(obj, name, target)
            part.model.objects.bulk_update(objects, deferred, batch_size=500)
        for child in part.children:
            self.create(child, _children(part, child, objects, items, scopes))
        return objects

    def build(
        self,
        part: Part,
        parent: models.Model | None,
        row: Mapping[str, Any],
        scope: Mapping[str, models.Model],
        skip: list[str],
        where: str,
    ) -> models.Model:
        """The row as a model instance, checked as a form would check it; a refusal names the record."""
        if not isinstance(row, Mapping):
            raise RecordRefused(f"{where}: must be an object, not {type(row).__name__}.")
        try:
            return self._build(part, parent, row, scope, skip, where)
        except ValidationError as error:
            raise RecordRefused(f"{where}: {_said(error)}") from None
        except KeyError as error:
            raise RecordRefused(f"{where}: {error.args[0]!r} is missing or names nothing.") from None
        except (TypeError, ValueError) as error:
            raise RecordRefused(f"{where}: {error}") from None

    def _build(
        self,
        part: Part,
        parent: models.Model | None,
        row: Mapping[str, Any],
        scope: Mapping[str, models.Model],
        skip: list[str],
        where: str,
    ) -> models.Model:
        present = [f for f in part.plain_fields() if f.name in row or f.name not in part.optional]
        for column in present:
            check_value(column, row[column.name], where)
        values = {column.name: from_json(column, row[column.name]) for column in present}
        check_rules(part.model, values, where)
        for name, kind in part.refs:
            if name not in skip:
                values[name] = self.resolve(kind, _given(part, row, name), scope)
        if part.parent:
            values[part.parent] = parent
        obj = part.model(**values)
        # the columns' own checks (choices, lengths); references and constraints are the database's
        obj.full_clean(
            exclude=[*part.ref_kinds(), part.parent or ""], validate_unique=False, validate_constraints=False
        )
        return obj

    def resolve(self, kind: str, key: Any, scope: Mapping[str, models.Model]) -> models.Model | None:
        if key is None:
            return None
        if kind == USER:
            return self.users[key]
        if kind == PLAYER:
            return self.players[key]
        if kind == GAME:
            return self.games[key]
        if kind == EVENING:
            return self.evenings[key]
        if kind == TOURNAMENT:
            return self.tournaments[key]
        return self.entrants[(scope["tournament"].pk, key)]

    def remember(
        self, part: Part, obj: models.Model, row: Mapping[str, Any], scope: Mapping[str, models.Model]
    ) -> Mapping[str, models.Model]:
        """Register what later rows refer to; the scope the row's children resolve references in."""
        if part.checked:
            self.derived.append((obj, row["derived"]))
        if part.kind == PLAYER:
            self.players[obj.name] = obj
        elif part.kind == GAME:
            self.games[row["key"]] = obj
        elif part.kind == EVENING:
            self.evenings[row["key"]] = obj
        elif part.kind == TOURNAMENT:
            self.tournaments[obj.slug] = obj
            return {**scope, "tournament": obj}
        elif part.kind == ENTRANT:
            self.entrants[(scope["tournament"].pk, obj.number)] = obj
        return scope

    @staticmethod
    def restore_times(part: Part, objects: list[models.Model], rows: list[Mapping[str, Any]]) -> None:
        """Creation stamps the current time into auto_now(_add) columns: put the exported times back."""
        stamped = [
            field
            for field in part.plain_fields()
            if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
        ]
        if not stamped or not objects:
            return
        for obj, row in zip(objects, rows, strict=True):
            for column in stamped:
                setattr(obj, column.attname, from_json(column, row[column.name]))
        part.model.objects.bulk_update(objects, [column.name for column in stamped], batch_size=500)

    def rederive(self) -> list[str]:
        """Scores and totals by the rules engine; a figure that differs from the export is reported."""
        self.copy_seat_names()
        warnings = []
        played = set(Deal.objects.filter(game__in=self.games.values()).values_list("game_id", flat=True))
        for game, exported in self.derived:
            if game.pk not in played:
                _keep(game, exported)
                continue
            services.rederive(game_id=game.pk)
            game.refresh_from_db(fields=list(exported))
            now = {name: to_json(getattr(game, name)) for name in exported}
            if now != dict(exported):
                warnings.append(f"Game {game.pk}: the export said {dict(exported)}, the rules say {now}.")
        return warnings

    def copy_seat_names(self) -> None:
        """Each game keeps its seats' names on its row (models.Game.seat_names): copied from the seats."""
        games = list(self.games.values())
        seats = Seat.objects.filter(game__in=games).order_by("game", "position")
        names: dict[int, list[str]] = {game.pk: [] for game in games}
        for game_id, name in seats.values_list("game_id", "name"):
            names[game_id].append(name)
        for game in games:
            game.seat_names = names[game.pk]
        Game.objects.bulk_update(games, ["seat_names"], batch_size=500)


def _given(part: Part, row: Mapping[str, Any], name: str) -> Any:
    """The row's value of `name`; one added since version 1 (`optional`) may be missing: none, or no rows."""
    if name in part.optional and name not in row:
        return [] if name in {child.key for child in part.children} else None
    return row[name]


def _children(
    part: Part, child: Part, objects: list[models.Model], items: list[Item], scopes: list[Any]
) -> list[Item]:
    """The child part's rows under each of the part's, each with where it is in the document."""
    below: list[Item] = []
    for obj, (_, row, _, where), scope in zip(objects, items, scopes, strict=True):
        rows = _given(part, row, child.key)
        if not isinstance(rows, list):
            raise RecordRefused(f"{where}: {child.key} must be a list, not {type(rows).__name__}.")
        below.extend((obj, item, scope, f"{where}.{child.key}[{index}]") for index, item in enumerate(rows))
    return below


def _at(where: str, step: Callable[..., Any], *args: Any) -> Any:
    """A step of the record at `where`; a value it cannot use (a reference to nothing, a list as a key)
    is refused naming the record."""
    try:
        return step(*args)
    except KeyError as error:
        raise RecordRefused(f"{where}: {error.args[0]!r} is missing or names nothing.") from None
    except TypeError as error:
        raise RecordRefused(f"{where}: {error}") from None


def _said(error: ValidationError) -> str:
    """A column's refusal as "column: message" (full_clean's dictionary), else its messages."""
    if hasattr(error, "error_dict"):
        return " ".join(
            f"{name}: {' '.join(ValidationError(errors).messages)}"
            for name, errors in error.error_dict.items()
        )
    return " ".join(error.messages)


def _keep(game: Game, exported: Mapping[str, Any]) -> None:
    """A game without deals has nothing to derive: it keeps its stored start (a club game's zero
    totals; a tournament table's none yet), checked like any column."""
    for name, value in exported.items():
        setattr(game, name, from_json(game._meta.get_field(name), value))
    others = [f.name for f in game._meta.concrete_fields if f.name not in exported]
    game.full_clean(exclude=others, validate_unique=False, validate_constraints=False)
    game.save(update_fields=list(exported))


def _user(username: str) -> User:
    """The account of that name, or a new one that cannot sign in until a password is set."""
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User(username=username)
        user.set_unusable_password()
        user.full_clean(exclude=["password"])
        user.save()
    return user


def _check_depth(document: Any) -> None:
    """Refuse a document nested deeper than any export, walked without recursion (so it cannot fail)."""
    below: list[tuple[Any, int]] = [(document, 1)]
    while below:
        value, depth = below.pop()
        children = value.values() if isinstance(value, Mapping) else value if isinstance(value, list) else ()
        for child in children:
            if isinstance(child, Mapping | list):
                if depth + 1 > MAX_DEPTH:
                    raise ImportRefused(TOO_DEEP)
                below.append((child, depth + 1))


def _check_header(document: Any) -> None:
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise ImportRefused("This is not a Jass Scorekeeper club export.")
    if document.get("version") != VERSION:
        raise ImportRefused(
            f"Export version {document.get('version')!r}; this instance reads version {VERSION}."
        )


def _check_clashes(club: Mapping[str, Any]) -> None:
    """Slugs and table tokens are unique in the whole instance: an import never takes over another's."""
    if Club.objects.filter(slug=club["slug"]).exists():
        raise ImportRefused(f"A club {club['slug']!r} exists here already.")
    slugs = [tournament["slug"] for tournament in club["tournaments"]]
    taken = list(Tournament.objects.filter(slug__in=slugs).values_list("slug", flat=True))
    if taken:
        raise ImportRefused(f"Tournaments exist here already: {', '.join(sorted(taken))}.")
    tokens = [
        table["token"]
        for tournament in club["tournaments"]
        for played in tournament["drawn_passes"]
        for table in played["tables"]
    ]
    if Table.objects.filter(token__in=tokens).exists():
        raise ImportRefused("Table links of this export are in use here already.")


def import_club(document: Any) -> Imported:
    """Create the exported club, with everything in it, in one transaction (or nothing at all)."""
    _check_depth(document)
    _check_header(document)
    try:
        with transaction.atomic():
            _check_clashes(document["club"])
            loader = Loader(check_usernames(document["users"]))
            (club,) = loader.create(CLUB, [(None, document["club"], {}, "club")])
            warnings = look_alike_warnings(list(loader.players)) + loader.rederive()
            _replay_ratings(club)
    except RecordRefused as error:
        raise ImportRefused(f"Record {error}") from None
    except InvalidDeal as error:
        raise ImportRefused(f"The rules refuse a deal: {error}") from None
    except (KeyError, TypeError, ValueError, ValidationError, DatabaseError) as error:
        raise ImportRefused(f"The export is damaged or incomplete: {error!r}") from None
    return Imported(club, loader.counts, warnings)


def _replay_ratings(club: Club) -> None:
    from scorekeeper.ratings.services import rebuild_club

    rebuild_club(club)
