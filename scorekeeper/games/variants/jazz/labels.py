"""Jazz's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "fifth_trick_penalty": pgettext_lazy("game setting", "Fifth trick penalty"),
    "games": pgettext_lazy("game setting: the Jazz sub-games played", "Games"),
    "king_in_last_trick_extra": pgettext_lazy("game setting", "King in last trick extra"),
    "penalties": pgettext_lazy("game setting", "Penalties"),
    "removed_twos": pgettext_lazy("game setting", "Removed twos"),
    "rounds": pgettext_lazy("game setting", "Rounds"),
    # the penalties, by sub-game (named as the Jazz rules name them) or by card
    "spades": _("Spades"),
    "clubs": _("Clubs"),
    "tricks": _("Tricks"),
    "plus": _("Plus"),
    "honors": _("Honors"),
    "jacks": _("Jacks"),
    "queens": _("Queens"),
    "king_of_hearts": pgettext_lazy("game setting: a Jazz penalty", "King of hearts"),
    "last_trick": pgettext_lazy("game setting: a Jazz penalty", "Last trick"),
    "fantan": pgettext_lazy("game setting: a Jazz penalty", "Fantan"),
}
"""Its settings (and the items of their maps) in words."""
