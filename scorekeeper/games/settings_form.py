"""The settings of a new game or an event: one field per setting, in the players' words.

The words of the settings several variants have are here; a variant's own are in its folder's
`labels.py` (read by `variants.labels.variant_labels`), over these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from scorekeeper import rules
from scorekeeper.games.settings_widgets import (
    ByPlayerCountField,
    LinesField,
    MarksField,
    ModesField,
    PickField,
    Row,
    WholeOrBlankField,
    is_lines,
)
from scorekeeper.games.suits import EXTRA_MODES, mode_name, row_names
from scorekeeper.games.variants.labels import variant_labels
from scorekeeper.rules.base import (
    MODES,
    CountsOrNull,
    NamedFactors,
    OneOf,
    SettingShape,
    WholeOrNull,
    setting_shapes,
)

SETTING_LABELS: dict[str, Promise] = {
    "counter_match_bonus": pgettext_lazy("game setting", "Counter match bonus"),
    "deals": pgettext_lazy("game setting", "Deals"),
    "match_bonus": pgettext_lazy("game setting", "Match bonus"),
    "target": pgettext_lazy("game setting", "Target"),
}
"""The settings several variants have (and the items of their maps) in words; a key without words, here or
in the variant's own, shows as itself."""

SETTING_HELP: dict[str, Promise] = {}
"""A sentence under a setting, in the players' words, where its label alone does not say enough: for a
setting several variants have (each variant's own are in its labels.py)."""

BLANK_MEANS: dict[str, Promise] = {}
"""What a number setting left blank means (the engine's rule for null), as its box's placeholder: for a
setting several variants have (each variant's own are in its labels.py)."""

CHOICE_LABELS: dict[tuple[str, str | int], Promise] = {}
"""The values the engine offers for a setting (base.OneOf), in words; a value without one shows as itself.
For a setting several variants have (each variant's own are in its labels.py)."""

MARK_LABELS: dict[str, Promise] = {
    "win": pgettext_lazy("marks for", "A win"),
    "berg": pgettext_lazy("marks for", "The Berg"),
    "match": pgettext_lazy("marks for", "A match"),
    "counter_match": pgettext_lazy("marks for", "A counter-match"),
    "schneider": pgettext_lazy("marks for", "A Schneider"),
}
"""The kinds of marks (Striche) the engine counts, each above its number."""


@dataclass(frozen=True)
class SettingWords:
    """A variant's settings in words: the shared words, under the variant's own."""

    labels: Mapping[str, Promise]
    help: Mapping[str, Promise]
    blank: Mapping[str, Promise]
    choices: Mapping[tuple[str, str | int], Promise]


@cache
def setting_words(variant: str) -> SettingWords:
    own = variant_labels(variant)
    return SettingWords(
        labels={**SETTING_LABELS, **own.setting_labels},
        help={**SETTING_HELP, **own.setting_help},
        blank={**BLANK_MEANS, **own.blank_means},
        choices={**CHOICE_LABELS, **own.choice_labels},
    )


def setting_label(key: str, variant: str) -> str:
    return str(setting_words(variant).labels.get(key, key.replace("_", " ").capitalize()))


def _words(labels: Mapping[Any, Promise], key: Any) -> str:
    """A key's words, or the key as it is (a value or kind the engine added after these words)."""
    return str(labels[key]) if key in labels else str(key)


def _with_own(known: list[tuple[str, str]], present: list[str]) -> list[tuple[str, str]]:
    """The choices offered, then any name already there that they lack, as it is."""
    keys = {key for key, _ in known}
    return known + [(name, name) for name in dict.fromkeys(present) if name not in keys]


class SettingsForm(forms.Form):
    """One field per setting: as the engine says it takes it (base.setting_shapes), else typed by its
    default; maps become one field per key, and a board (Coiffeur's rows) one editor of lines.

    The values shown are the variant's defaults, under the preset's, under `settings` (an event's)."""

    def __init__(
        self,
        *args: Any,
        variant: str,
        preset: str | None = None,
        settings: Mapping[str, Any] | None = None,
        suit_names: str = "german",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.engine = rules.get_variant(variant)
        self.shapes = setting_shapes(self.engine)
        self.suit_names = suit_names
        self.words = setting_words(self.engine.key)
        values = dict(self.engine.defaults)
        for layer in (self.engine.presets.get(preset or "", {}), settings or {}):
            values.update({key: self._over(values.get(key), key, value) for key, value in layer.items()})
        for key, value in values.items():
            self._add(key, value)

    def _over(self, below: Any, key: str, value: Any) -> Any:
        """A map that names some of its items (multipliers {"obenabe": 4}) keeps the others from below,
        as the engine reads it; any other value replaces what is below."""
        if key not in self.shapes and isinstance(below, Mapping) and isinstance(value, Mapping):
            return {**below, **value}
        return value

    def _add(self, key: str, value: Any, *, trumps: bool = False) -> None:
        """`trumps`: the item of a map of trump modes (multipliers), labelled in the club's suit names."""
        label = self._label(key.rpartition(".")[2], trumps)
        help_text = self.words.help.get(key, "")
        words = {"label": label, "help_text": help_text}
        if key in self.shapes:
            self.fields[key] = self._shaped(key, self.shapes[key], value, words)
        elif isinstance(value, bool):
            self.fields[key] = forms.BooleanField(required=False, initial=value, **words)
        elif isinstance(value, int):
            self.fields[key] = forms.IntegerField(initial=value, **words)
        elif is_lines(value):
            self.fields[key] = LinesField(
                choices=self._row_choices(value), initial=value, required=False, **words
            )
        elif isinstance(value, Mapping):
            of_trumps = all(name in MODES for name in value)
            for name, item in value.items():
                self._add(f"{key}.{name}", item, trumps=of_trumps)
        else:
            # Not required: an empty list or a blank box goes to the engine, which says what is missing.
            field = forms.JSONField if value is not None else ByPlayerCountField
            self.fields[key] = field(initial=value, required=False, **words)

    def _shaped(self, key: str, shape: SettingShape, value: Any, words: dict[str, Any]) -> forms.Field:
        """The input for what the engine says the setting takes; its values and kinds are the engine's."""
        if isinstance(shape, OneOf):
            choices = [(option, _words(self.words.choices, (key, option))) for option in shape.values]
            return PickField(choices=choices, initial=value, **words)
        if isinstance(shape, WholeOrNull):
            return WholeOrBlankField(blank=self.words.blank.get(key, ""), initial=value, **words)
        if isinstance(shape, CountsOrNull):
            kinds = [(kind, _words(MARK_LABELS, kind)) for kind in shape.kinds]
            return MarksField(kinds=kinds, usual=shape.usual, initial=value, **words)
        assert isinstance(shape, NamedFactors)
        own = list(value) if isinstance(value, Mapping) else []
        return ModesField(choices=self._mode_choices(own), initial=value, required=False, **words)

    def _row_choices(self, board: list[Row]) -> list[tuple[str, str]]:
        """The rows clubs play in the club's suit names, and any other row the board has already (an
        event's stored board may have a row of the club's own)."""
        known = [(mode.key, f"{mode.symbol} {mode.name}".strip()) for mode in row_names(self.suit_names)]
        return _with_own(known, [name for name, _ in board])

    def _mode_choices(self, stored: list[str]) -> list[tuple[str, str]]:
        """The modes without a trump suit clubs play, and any other the settings have already."""
        known = [(key, str(mode_name(self.suit_names, key).name)) for key in EXTRA_MODES]
        return _with_own(known, stored)

    def _label(self, name: str, trumps: bool) -> str:
        """A map's item is labelled by its own name; a trump mode in the club's words (Schilten, Spades).

        Only in a map of trump modes: Jazz's penalties for spades are about a French deck's spades."""
        return mode_name(self.suit_names, name).name if trumps else setting_label(name, self.engine.key)

    def rule_field(self, error: rules.InvalidDeal) -> str | None:
        """The input the engine's refusal is about: a map's item (multipliers.hearts), else the setting
        (an editor of several inputs: marks, extra_modes); None when this form has none (a seat, the
        variant), so the message goes elsewhere."""
        for name in (f"{error.field}.{error.item}" if error.item else None, error.field):
            if name in self.fields:
                return name
        return None

    def settings(self) -> dict[str, Any]:
        """cleaned_data folded back into the variant's settings shape.

        An input the post left out entirely (a page or a script older than the setting) keeps what the
        form showed, its preset's value. Every setting is stored, defaults too: a game keeps the rules it
        was started with if a default changes later (as Differenzler's exact bonus on 0 did)."""
        settings: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            key, _, item = name.partition(".")
            if self._omitted(name):
                value = self.get_initial_for_field(self.fields[name], name)
            if item:
                settings.setdefault(key, {})[item] = value
            else:
                settings[key] = value
        return settings

    def _omitted(self, name: str) -> bool:
        """Not in the post at all. An unticked checkbox posts nothing too, so a box counts as left out
        only where the form showed it unticked: its value is false either way."""
        field = self.fields[name]
        if isinstance(field, forms.BooleanField):
            return self.add_prefix(name) not in self.data and not self.get_initial_for_field(field, name)
        return field.widget.value_omitted_from_data(self.data, self.files, self.add_prefix(name))

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Fields grouped by setting, so a map (multipliers) is shown as one row of inputs."""
        grouped: dict[str, list[forms.BoundField]] = {}
        for name in self.fields:
            grouped.setdefault(name.partition(".")[0], []).append(self[name])
        return [(setting_label(key, self.engine.key), fields) for key, fields in grouped.items()]
