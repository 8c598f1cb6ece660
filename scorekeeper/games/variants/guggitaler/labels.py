"""Guggitaler's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "rounds": pgettext_lazy("game setting", "Rounds"),
    "penalties": pgettext_lazy("game setting", "Penalties"),
    "domino": pgettext_lazy("game setting: Guggitaler", "Domino"),
    "domino_points": pgettext_lazy("game setting: Guggitaler", "Domino points"),
    "all_in_one": pgettext_lazy("game setting: Guggitaler", "All in one"),
    # the penalties, by game
    "tricks": _("Tricks"),
    "schellen": pgettext_lazy("game setting: a Guggitaler penalty", "Schellen"),
    "ober": pgettext_lazy("game setting: a Guggitaler penalty", "Ober"),
    "rosen_koenig": pgettext_lazy("game setting: a Guggitaler penalty", "Rosen König"),
    "last_trick": pgettext_lazy("game setting: a Guggitaler penalty", "Last trick"),
}
"""Its settings (and the items of their maps) in words."""

SETTING_HELP: dict[str, Promise] = {
    "domino": _("The Domino as the sixth game of every round: a good place takes points off."),
    "domino_points": _(
        "The points of each Domino place, first out first, e.g. [-150, -100, -55, 0]; "
        "blank: -150, -100, -55, 0 for four players, -150, -100, -70 for three."
    ),
    "all_in_one": _(
        "Every deal counts all five penalties at once, for the number of deals below; no Domino."
    ),
    "deals": _("Only with all in one: how many deals make the game."),
    "rounds": _("How many times the six games are played."),
}
"""A sentence under a setting where its label alone does not say enough."""
