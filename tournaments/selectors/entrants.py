"""Reads of an event's entrants for the director's and public pages: each a query, with the player."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from tournaments.models import Entrant, Tournament


def entrants(tournament: Tournament) -> QuerySet[Entrant]:
    """By start number, each with its player (pages page through it)."""
    return tournament.entrants.select_related("player").order_by("number")


def entrant(tournament: Tournament, pk: int) -> Entrant:
    """One entrant of this event, with its player and partner; 404 for another event's."""
    return get_object_or_404(
        Entrant.objects.select_related("player", "partner__player"), pk=pk, tournament=tournament
    )


def partner_of(one: Entrant) -> Entrant | None:
    """The partner, whichever of the two stores the link."""
    if one.partner_id:
        return one.partner
    return Entrant.objects.select_related("player").filter(partner=one).first()
