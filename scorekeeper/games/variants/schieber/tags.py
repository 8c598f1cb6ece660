"""`{% load schieber %}`: a deal's trump and marks in the players' words (words.py), for the list of deals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from scorekeeper.games.suits import ModeName
from scorekeeper.games.variants.schieber.words import DealMarks, deal_marks, trump_mode

register = template.Library()


@register.filter
def trump(key: str, suit_names: str) -> ModeName:
    """`{{ d.trump|trump:club.suit_names }}`: Rosen 🌹, Slalom, or an extra mode's key capitalised."""
    return trump_mode(suit_names, key)


@register.filter
def marks(details: Mapping[str, Any]) -> list[DealMarks]:
    """`{% for m in d|marks %}`: each team's marks in the deal, with what for; none without marks."""
    return deal_marks(details)
