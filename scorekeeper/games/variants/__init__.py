"""Everything about one variant beyond its rules, in one folder per variant, found by the rules' key.

`scorekeeper/games/variants/<key>/` holds the variant's deal form (`form.py`), its template tags
(`tags.py`, loaded in its templates as `{% load <key> %}`), its templates (`templates/`, named
`scorekeeper/variants/<key>/...`: `loader.py` finds them there), its styles and scripts (`static/`,
served as the static files `scorekeeper/variants/<key>/...`: settings.STATICFILES_DIRS; `<key>.css` is
linked by every page that shows one of its games) and, in `__init__.py`, its `PAGE`: what the pages
need to know of it. The rules module (scorekeeper.rules) declares the variant's facts; its
key in `rules.VARIANT_MODULES` is the one registry line. A form never checks a rule itself: it turns
what was typed into an entry, and the engine judges it, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path

from scorekeeper import rules
from scorekeeper.games.variants.base import DealForm

__all__ = [
    "DealForm",
    "VariantPage",
    "deal_form_class",
    "playable_variants",
    "stylesheet",
    "variant_page",
]

FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True)
class VariantPage:
    """What the pages know of a variant, beyond its rules."""

    form: type[DealForm]
    jasstafel: bool = False
    """Its team totals are drawn as a Jasstafel's strokes (Schieber)."""
    figures: tuple[str, ...] = ()
    """The statistics a player's page shows for it, by key (scorekeeper.players.statistics.FIGURES)."""
    limit_setting: str | None = None
    """The setting whose total ends a player's game (out or won), shown as "to go" on its panel."""
    named: bool = False
    """The club names the game it plays on it (a Free board: "Sidi Barrani"): the new-game form asks the
    name, and the game's title shows it instead of the variant's."""


@cache
def variant_page(key: str) -> VariantPage | None:
    """The variant's page facts, or None while the variant has no folder (it cannot be played live)."""
    if key not in rules.VARIANT_MODULES:
        return None
    try:
        module = import_module(f"{__name__}.{key}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{key}":
            raise
        return None
    return module.PAGE


def deal_form_class(key: str) -> type[DealForm] | None:
    """The variant's deal form, or None while the variant has no folder yet."""
    page = variant_page(key)
    return page.form if page else None


def playable_variants() -> list[str]:
    """Variants with both rules and a folder: only those can be played live."""
    return [key for key in rules.available_variants() if variant_page(key) is not None]


@cache
def stylesheet(key: str) -> str | None:
    """The static name of the variant's own stylesheet (`static/<key>.css` in its folder), None if it has
    none: the pages that show one of its games link it."""
    if key not in rules.VARIANT_MODULES or not (FOLDER / key / "static" / f"{key}.css").is_file():
        return None
    return f"scorekeeper/variants/{key}/{key}.css"
