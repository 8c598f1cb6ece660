"""Reads of a club's seasons."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from scorekeeper.games.models import Club
from tournaments.models import Season


def season(club: Club, pk: int) -> Season:
    """One of the club's seasons with its final; 404 for another club's."""
    return get_object_or_404(Season.objects.select_related("final"), club=club, pk=pk)
