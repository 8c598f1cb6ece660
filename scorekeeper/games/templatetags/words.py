"""Filters that hand a translated phrase whole values: a variant's name, a list of seated names.

`{% load words %}{{ game.variant|variant_name }}` shows Schieber (Chibre in French), never the stored
key; `{{ game.partners|seat_names }}` is "Anna, Beat", so "with %(names)s" is translated as one phrase.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from scorekeeper.games import models

register = template.Library()


@register.filter
def variant_name(key: str) -> str:
    return models.variant_name(key)


@register.filter
def seat_names(seats: Iterable[Any]) -> str:
    """The `name` of each seat (anything with one), comma-separated."""
    return ", ".join(seat.name for seat in seats)
