"""The words of a variant's own settings, from its folder's `labels.py`, found by the rules' key.

`scorekeeper/games/variants/<key>/labels.py` may hold `SETTING_LABELS`, `SETTING_HELP`, `BLANK_MEANS`
and `CHOICE_LABELS` for the settings only that variant has; the words several variants share stay in
`scorekeeper.games.settings_form`, and the variant's own are read over them. A variant without the
module, or without one of the tables, has no words of its own there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module

from django.utils.functional import Promise

from scorekeeper import rules

PACKAGE = "scorekeeper.games.variants"


@dataclass(frozen=True)
class VariantLabels:
    """A variant's own words for its settings, as its `labels.py` has them (empty where it has none)."""

    setting_labels: Mapping[str, Promise] = field(default_factory=dict)
    setting_help: Mapping[str, Promise] = field(default_factory=dict)
    blank_means: Mapping[str, Promise] = field(default_factory=dict)
    choice_labels: Mapping[tuple[str, str | int], Promise] = field(default_factory=dict)


@cache
def variant_labels(key: str) -> VariantLabels:
    """The words of the variant's own settings; none for a key that is no variant, or has no module."""
    if key not in rules.VARIANT_MODULES:
        return VariantLabels()
    name = f"{PACKAGE}.{key}.labels"
    try:
        module = import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name not in (name, f"{PACKAGE}.{key}"):
            raise
        return VariantLabels()
    return VariantLabels(
        setting_labels=getattr(module, "SETTING_LABELS", {}),
        setting_help=getattr(module, "SETTING_HELP", {}),
        blank_means=getattr(module, "BLANK_MEANS", {}),
        choice_labels=getattr(module, "CHOICE_LABELS", {}),
    )
