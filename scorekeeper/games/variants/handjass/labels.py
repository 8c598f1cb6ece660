"""Handjass's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "min_points": pgettext_lazy("game setting", "Min points"),
    "out_at": pgettext_lazy("game setting", "Out at"),
}
"""Its settings (and the items of their maps) in words."""
