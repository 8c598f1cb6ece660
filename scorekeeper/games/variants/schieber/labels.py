"""Schieber's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "multipliers": pgettext_lazy("game setting", "Multipliers"),
    "multiply_weis": pgettext_lazy("game setting", "Multiply weis"),
    "count_order": pgettext_lazy("game setting: the order of Stöck, Weis and card points", "Counting order"),
    "extra_modes": pgettext_lazy("game setting: Schieber's modes beyond the six", "Extra modes"),
    "weis_card_twice": pgettext_lazy("game setting", "One card in two Weis"),
    "marks": pgettext_lazy("game setting", "Count marks (Striche)"),
    "berg_at": pgettext_lazy("game setting", "Berg at"),
    "schneider_below": pgettext_lazy("game setting", "Schneider below"),
}
"""Its settings (and the items of their maps) in words."""

SETTING_HELP: dict[str, Promise] = {
    "count_order": _(
        "What counts first in the deal that ends the game, and in the deal that reaches the Berg."
    ),
    "counter_match_bonus": _(
        "A counter-match is a match by the team that did not announce. Blank: it scores the match bonus; "
        "with a bonus of its own, each match names the team that announced."
    ),
    "extra_modes": _(
        "Modes without a trump suit, each with its multiplier: a deal in one counts like Obenabe "
        "(157 card points, no Stöck)."
    ),
    "weis_card_twice": _("Kreuzweis: a note for the table, it changes no score."),
    "marks": _(
        "Strokes on the Jasstafel beside the points: for a win, the Berg, a match, a counter-match and "
        "a Schneider."
    ),
    "berg_at": _("The first team to reach it gets the marks for the Berg. Blank: half the target."),
    "schneider_below": _(
        "The winners get the marks for a Schneider when the losers end below it. Blank: half the target."
    ),
}
"""A sentence under a setting, where its label alone does not say enough."""

BLANK_MEANS: dict[str, Promise] = {
    "counter_match_bonus": _("same as the match bonus"),
    "berg_at": _("half the target"),
    "schneider_below": _("half the target"),
}
"""What a number setting left blank means (the engine's rule for null), as its box's placeholder."""

CHOICE_LABELS: dict[tuple[str, str | int], Promise] = {
    ("count_order", "stoeck_weis_stich"): _("Stöck, Weis, then card points"),
    ("count_order", "stoeck_stich_weis"): _("Stöck, card points, then Weis"),
}
"""The values the engine offers for a setting (base.OneOf), in words."""
