"""Reads of a club's seasons."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from scorekeeper.games.models import Club
from tournaments.models import Season


def season(club: Club, pk: int) -> Season:
    """One of the club's seasons with its final; 404 for another club's."""
    return get_object_or_404(Season.objects.select_related("final"), club=club, pk=pk)


def left_out(season: Season, unseen: frozenset[int]) -> bool:
    """Whether the season counts an event among `unseen` (those the visitor may not see): its page then
    says that its standings leave some out, so a visitor does not take them for the club's."""
    if not unseen:
        return False
    return season.final_id in unseen or season.events.filter(tournament_id__in=unseen).exists()
