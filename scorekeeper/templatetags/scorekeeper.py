"""Template filters for the players' words: trump modes in the club's suit names."""

from __future__ import annotations

from django import template

from ..suits import ModeName, mode_name

register = template.Library()


@register.filter
def mode(key: str, suit_names: str) -> ModeName:
    """`{{ "spades"|mode:club.suit_names }}` -> Schilten 🛡 or Spades ♠."""
    return mode_name(suit_names, key)
