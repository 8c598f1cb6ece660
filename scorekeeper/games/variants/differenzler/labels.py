"""Differenzler's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "exact_bonus": pgettext_lazy("game setting", "Exact bonus"),
    "exact_bonus_on_zero": pgettext_lazy("game setting: Differenzler", "Exact bonus for 0 too"),
    "end_at": pgettext_lazy("game setting: Differenzler", "End at a total"),
}
"""Its settings (and the items of their maps) in words."""

SETTING_HELP: dict[str, Promise] = {
    "exact_bonus_on_zero": _("By the Swiss rule an exact 0 (0 predicted, 0 taken) earns no bonus."),
    "end_at": _(
        "The game ends after the deal in which a player's total reaches it. Blank: after the number of deals."
    ),
}
"""A sentence under a setting, where its label alone does not say enough."""

BLANK_MEANS: dict[str, Promise] = {
    "end_at": _("after the number of deals"),
}
"""What a number setting left blank means (the engine's rule for null), as its box's placeholder."""
