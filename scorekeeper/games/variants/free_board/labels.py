"""The Free board's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "sides": pgettext_lazy("game setting: Free board", "Sides"),
    "negative": pgettext_lazy("game setting: Free board", "Negative points"),
    "per_deal": pgettext_lazy("game setting: Free board", "Points per deal"),
    "lowest_wins": pgettext_lazy("game setting: Free board", "Lowest wins"),
}
"""Its settings in words ("target" and "deals" are the shared ones)."""

SETTING_HELP: dict[str, Promise] = {
    "sides": _("Teams: 4 players (seats 1+3 against 2+4) or 6 players (1+4, 2+5, 3+6)."),
    "per_deal": _("Every deal's points must add up to it; the one side left empty gets the rest."),
    "deals": _("Set: the game ends after that many deals, whatever the target."),
    "lowest_wins": _("The lowest total ranks first: reaching the target loses."),
}
"""A sentence under a setting, where its label alone does not say enough."""

BLANK_MEANS: dict[str, Promise] = {
    "per_deal": _("any total"),
    "deals": _("play to the target"),
}
"""What a number setting left blank means (the engine's rule for null), as its box's placeholder."""

CHOICE_LABELS: dict[tuple[str, str | int], Promise] = {
    ("sides", "players"): pgettext_lazy("free board: sides", "Each for themself"),
    ("sides", "teams"): pgettext_lazy("free board: sides", "Teams"),
}
"""The values of `sides` in words."""
