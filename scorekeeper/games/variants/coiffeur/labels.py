"""Coiffeur's settings in words, over the shared ones (scorekeeper.games.settings_form): the words
of the settings only this variant has, read through `variants.labels.variant_labels`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

SETTING_LABELS: dict[str, Promise] = {
    "rows": pgettext_lazy("game setting: the Coiffeur rows", "Rows"),
    "match_bonus_multiplied": pgettext_lazy("game setting", "Multiply the match bonus"),
    "counter_match": pgettext_lazy("game setting: what a Coiffeur counter-match does", "Counter-match"),
    "weis": pgettext_lazy("game setting: Coiffeur", "Count Weis and Stöck"),
    "round_to": pgettext_lazy("game setting: Coiffeur's rounding", "Card points"),
}
"""Its settings (and the items of their maps) in words."""

SETTING_HELP: dict[str, Promise] = {
    "counter_match_bonus": _("A counter-match is a match by the team that did not announce."),
    "match_bonus_multiplied": _(
        "Ticked: a match scores (157 + bonus) times the multiplier; unticked: 157 times the multiplier, "
        "plus the bonus."
    ),
    "counter_match": _("A counter-match: the team that did not announce takes every trick."),
    "weis": _("The announcing team's Weis and Stöck add to the row's card points, before the multiplier."),
    "round_to": _("With Weis and Stöck, before the multiplier; 5 rounds up."),
}
"""A sentence under a setting, where its label alone does not say enough."""

CHOICE_LABELS: dict[tuple[str, str | int], Promise] = {
    ("counter_match", "bonus"): _("The other team gets the counter-match bonus"),
    ("counter_match", "penalty"): _("The announcing team loses the bonus times the row's multiplier"),
    ("round_to", 1): pgettext_lazy("coiffeur: card points not rounded", "As they are"),
    ("round_to", 10): pgettext_lazy("coiffeur: card points rounded", "Rounded to tens"),
}
"""The values the engine offers for a setting (base.OneOf), in words."""
