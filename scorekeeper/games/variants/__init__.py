"""Deal-entry forms, one module per variant, found by the variant key like the rules.

A deal form turns what was typed into a rules entry (and back, for editing) and maps the engine's
error field to a form field. It never checks a rule itself: the engine does, once. Each module
defines FORM; its templates live in templates/scorekeeper/variants/<key>/.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from scorekeeper import rules
from scorekeeper.games.dealforms.base import DealForm

__all__ = ["DealForm", "deal_form_class", "playable_variants"]


@cache
def deal_form_class(variant: str) -> type[DealForm] | None:
    """The variant's deal form, or None while the variant has no form yet."""
    if variant not in rules.VARIANT_MODULES:
        return None
    try:
        module = import_module(f"{__name__}.{variant}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{variant}":
            raise
        return None
    return module.FORM


def playable_variants() -> list[str]:
    """Variants with both rules and a deal form: only those can be played live."""
    return [key for key in rules.available_variants() if deal_form_class(key) is not None]
