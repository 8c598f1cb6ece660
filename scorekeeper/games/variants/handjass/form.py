"""The Handjass deal form: per player still in, passed or card points and melds; a tie order on demand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.variants.base import DealForm

ANCHORS = {"passed": "passed", "tricks": "tricks", "melds": "melds", "tie_order": "tie"}
"""The engine's fields, each gathering the per-player inputs named `<prefix>_<seat>`."""


class Anchor(forms.Field):
    """Where the engine's message about a group of inputs is shown; clean() fills in its value."""

    widget = forms.HiddenInput

    def __init__(self) -> None:
        super().__init__(required=False)


@dataclass(frozen=True)
class PlayerInputs:
    """One player's row of the form, as the template lays it out."""

    name: str
    passed: forms.BoundField
    tricks: forms.BoundField
    melds: forms.BoundField
    tie: forms.BoundField


def number_input(**attrs: Any) -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off", **attrs})


class HandjassDealForm(DealForm):
    """Only the players still in get inputs: those who dropped out play no more."""

    passed = Anchor()
    tricks = Anchor()
    melds = Anchor()
    tie_order = Anchor()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(self.state.get("in", self.seats))
        places = [(str(place), f"{place}.") for place in range(1, len(self.players) + 1)]
        for key in self.keys():
            self.fields[f"passed_{key}"] = forms.BooleanField(
                required=False, label=pgettext_lazy("handjass: a player who does not play the deal", "Passed")
            )
            self.fields[f"tricks_{key}"] = forms.IntegerField(
                required=False, label=_("Card points"), widget=number_input(min=0, max=157)
            )
            self.fields[f"melds_{key}"] = forms.IntegerField(
                required=False, label=_("Weis + Stöck"), widget=number_input(min=0, step=10, placeholder="0")
            )
            self.fields[f"tie_{key}"] = forms.ChoiceField(
                choices=places, required=False, widget=forms.RadioSelect, label=_("Place in the tie")
            )
        if self.is_bound:
            self.data = self._with_anchors(self.data)

    def _with_anchors(self, data: Any) -> Any:
        """An anchor's raw value is what was typed in its inputs, so "nothing typed yet" (when the
        preview keeps quiet) means the same for it as for any other field."""
        data = data.copy()
        for anchor, prefix in ANCHORS.items():
            typed = (str(data.get(f"{prefix}_{key}", "")) for key in self.keys())
            data[anchor] = " ".join(typed).strip()
        return data

    def keys(self) -> list[int]:
        """Inputs are named by seat number, which never changes, not by the player's name."""
        return [self.seats.index(name) + 1 for name in self.players]

    def player_inputs(self) -> list[PlayerInputs]:
        return [
            PlayerInputs(
                name,
                self[f"passed_{key}"],
                self[f"tricks_{key}"],
                self[f"melds_{key}"],
                self[f"tie_{key}"],
            )
            for name, key in zip(self.players, self.keys(), strict=True)
        ]

    def needs_tie_order(self) -> bool:
        """Asked only after the engine said a tie decides a point (or when correcting such a deal)."""
        if "tie_order" in self.errors or self.initial.get("tie_order"):
            return True
        return any(self.data.get(f"tie_{key}") for key in self.keys())

    def clean(self) -> dict[str, Any]:
        """Gather the per-player inputs into the engine's fields; a passed player's typing is ignored."""
        data = super().clean()
        seats = dict(zip(self.players, self.keys(), strict=True))
        data["passed"] = [name for name, key in seats.items() if data.get(f"passed_{key}")]
        playing = {name: key for name, key in seats.items() if name not in data["passed"]}
        data["tricks"] = self._typed(data, "tricks", playing)
        data["melds"] = {name: melds for name, melds in self._typed(data, "melds", playing).items() if melds}
        places = {name: int(place) for name, place in self._typed(data, "tie", playing).items()}
        if len(set(places.values())) < len(places):
            self.add_error("tie_order", gettext("Give each tied player a different place."))
        data["tie_order"] = sorted(places, key=places.__getitem__)
        return data

    @staticmethod
    def _typed(data: dict[str, Any], kind: str, playing: dict[str, int]) -> dict[str, Any]:
        """One kind of input of the players who played, by name; blanks are left out."""
        values = {name: data.get(f"{kind}_{key}") for name, key in playing.items()}
        return {name: value for name, value in values.items() if value not in (None, "")}

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        """Keyed by name; __init__ cannot run here, so the form turns names into seat keys below."""
        return {"entry": entry, "tie_order": entry.get("tie_order") or []}

    def get_initial_for_field(self, field: forms.Field, field_name: str) -> Any:
        """Per-player initial values come from the stored entry, looked up by the seat's player."""
        entry = self.initial.get("entry")
        kind, _, key = field_name.partition("_")
        if entry is None or not key.isdigit() or kind not in ("passed", "tricks", "melds", "tie"):
            return super().get_initial_for_field(field, field_name)
        name = self.seats[int(key) - 1]
        if kind == "passed":
            return name in (entry.get("passed") or [])
        if kind == "tie":
            order = entry.get("tie_order") or []
            return str(order.index(name) + 1) if name in order else ""
        return (entry.get(kind) or {}).get(name)

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {key: data[key] for key in ("passed", "tricks", "melds", "tie_order") if data[key]}


FORM = HandjassDealForm
