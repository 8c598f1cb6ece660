"""A club's data as one JSON document: a query per model, whatever the club's size."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.utils import timezone

from scorekeeper.clubdata.schema import (
    BY_POSITION,
    CLUB,
    EVENING,
    FORMAT,
    GAME,
    NATURAL_KEY,
    USER,
    VERSION,
    Part,
    to_json,
)
from scorekeeper.games.models import Club, Evening, Game

Rows = dict[int, list[dict[str, Any]]]  # the rows of a part by the id of their parent row


class Export:
    def __init__(self, club: Club) -> None:
        self.club = club
        games = Game.objects.filter(club=club).order_by("created_at", "pk").values_list("pk", flat=True)
        evenings = Evening.objects.filter(club=club).order_by("started_at", "pk").values_list("pk", flat=True)
        self.keys = {
            kind: {pk: key for key, pk in enumerate(rows, start=1)}
            for kind, rows in ((GAME, games), (EVENING, evenings))
        }
        self.usernames: set[str] = set()

    def document(self) -> dict[str, Any]:
        (club,) = self.rows(CLUB, "pk")[self.club.pk]
        return {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": timezone.now().isoformat(),
            "users": sorted(self.usernames),
            "club": club,
        }

    def rows(self, part: Part, to_club: str) -> Rows:
        """The part's rows of this club, each with its children, grouped by parent."""
        children = {child.key: self.rows(child, self.path(child, part, to_club)) for child in part.children}
        refs = part.ref_kinds()
        ref_columns = {
            f"{name}_id" if kind in BY_POSITION else f"{name}__{NATURAL_KEY[kind]}": name
            for name, kind in refs.items()
        }
        plain = [field.name for field in part.plain_fields()]
        parent = f"{part.parent}_id" if part.parent else "pk"
        query = part.model.objects.filter(**{to_club: self.club.pk}).order_by(parent, *part.order)
        grouped: Rows = defaultdict(list)
        for values in query.values("pk", parent, *plain, *ref_columns, *part.derived):
            row = {name: to_json(values[name]) for name in plain}
            for column, name in ref_columns.items():
                row[name] = self.reference(refs[name], values[column])
            if part.kind in BY_POSITION:
                row["key"] = self.keys[part.kind][values["pk"]]
            if part.checked:
                row["derived"] = {name: to_json(values[name]) for name in part.checked}
            for key, rows in children.items():
                row[key] = rows.get(values["pk"], [])
            grouped[values[parent]].append(row)
        return grouped

    @staticmethod
    def path(child: Part, parent: Part, parent_to_club: str) -> str:
        """The lookup from the child's model to the club's id."""
        return child.parent if parent_to_club == "pk" else f"{child.parent}__{parent_to_club}"

    def reference(self, kind: str, value: Any) -> Any:
        if value is None:
            return None
        if kind == USER:
            self.usernames.add(value)
        return self.keys[kind][value] if kind in BY_POSITION else value


def export_club(club: Club) -> dict[str, Any]:
    """Members (usernames and roles), players, games with seats, deals and their history, tournaments
    with entrants, passes, tables, seats, byes and the director's log, seasons. No password, no id."""
    return Export(club).document()
