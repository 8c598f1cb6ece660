"""Putz's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "apple_below": pgettext_lazy("game setting", "Apple below"),
    "lose_at": pgettext_lazy("game setting", "Lose at"),
    "win_at": pgettext_lazy("game setting", "Win at"),
}
"""Its settings (and the items of their maps) in words."""
