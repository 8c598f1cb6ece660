"""The club page's parts that are the events': a "New tournament" button and the list of its events,
registered with the games' club page (apps.py)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from scorekeeper.games.club_sections import ClubSection
from scorekeeper.games.models import Club

from .models import Tournament, Visibility


def club_events(club: Club) -> QuerySet[Tournament]:
    """The club's events its visitor may see (`club.role` as load_club sets it): all of them for a member,
    the public ones for anyone else: a link-only or members-only event is never listed to those its own
    pages refuse."""
    events = Tournament.objects.filter(club=club)
    return events if club.role is not None else events.filter(visibility=Visibility.PUBLIC)


def _events(club: Club, can_admin: bool) -> dict[str, Any]:
    return {"tournaments": club_events(club)}


SECTIONS = (
    ClubSection("actions", "tournaments/_club_actions.html", lambda club, can_admin: {}),
    ClubSection("sections", "tournaments/_club_events.html", _events),
)
