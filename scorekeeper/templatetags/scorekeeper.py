"""Template filters for the players' words (trump modes in the club's suit names) and the Jasstafel."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString, mark_safe

from ..jasstafel import Stroke
from ..suits import ModeName, mode_name

register = template.Library()


@register.filter
def mode(key: str, suit_names: str) -> ModeName:
    """`{{ "spades"|mode:club.suit_names }}` -> Schilten 🛡 or Spades ♠."""
    return mode_name(suit_names, key)


@register.filter
def chalk(strokes: Iterable[Stroke]) -> SafeString:
    """A Jasstafel's strokes as SVG lines, the numbers written here: a long game draws hundreds of
    strokes, and a template would localize every coordinate (a French page writes "21,0", no SVG)."""
    line = '<line x1="{}" y1="{}" x2="{}" y2="{}"/>'.format
    return mark_safe("".join(line(*stroke) for stroke in strokes))  # numbers only
