"""The parts of a club's page that apps above games add: a button among the club's actions, a section.

The club page shows the club's games, evenings and players; tournaments add their events and a "New
tournament" button, ratings their leaderboards and seasons. Each registers here (in its `ready`), so
the games layer renders them without naming their URLs, fields or template tags.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.games.models import Club

Place = Literal["actions", "sections"]


@dataclass(frozen=True)
class ClubSection:
    """A template and what it needs, read for the club (with `role` set) and whether the visitor is an
    admin. `place`: among the buttons at the top ("actions") or as a section above the evenings."""

    place: Place
    template: str
    context: Callable[[Club, bool], Mapping[str, Any]]


_sections: list[ClubSection] = []


def register(section: ClubSection) -> None:
    """Once: an app's ready() may run again (settings overridden in a test)."""
    if section not in _sections:
        _sections.append(section)


def rendered(request: HttpRequest, club: Club, *, can_admin: bool) -> dict[Place, SafeString]:
    """Every registered part, in the order the apps registered, as HTML by place."""
    html: dict[Place, list[str]] = {"actions": [], "sections": []}
    for section in _sections:
        context = {"club": club, "can_admin": can_admin, **section.context(club, can_admin)}
        html[section.place].append(render_to_string(section.template, context, request))
    # each part is a rendered template, escaped as it was rendered
    return {place: mark_safe("".join(parts)) for place, parts in html.items()}
