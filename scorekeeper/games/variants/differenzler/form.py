"""The Differenzler deal form: the trump, and per player the prediction and the card points taken.

The trump and the predictions are said before the deal: a new deal's form asks for them first, and the
game keeps them (games.services.keep_pending) until the card points are entered after the deal and the
deal is saved with both. Player fields are named by seat (`prediction_1`, `points_1`, ...), since a name
may hold any character. The engine's messages about a whole column (a missing player, the 157 total) go
beside that column.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.suits import mode_names
from scorekeeper.games.variants.base import DealForm

NUMBER_ATTRS = {"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": 157}


@dataclass(frozen=True)
class PlayerInputs:
    name: str
    prediction: forms.BoundField
    points: forms.BoundField
    prediction_invalid: bool = False
    points_invalid: bool = False


class ColumnInput(forms.HiddenInput):
    """Never rendered: reads a whole column of per-player inputs, so the page can tell if any was typed."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        return [data.get(input_name, "") for input_name in self.names]


class DifferenzlerDealForm(DealForm):
    said_first = ("trump", "predictions")
    said_after = ("points",)

    trump = forms.CharField(required=False, widget=forms.RadioSelect, label=_("Trump"))
    # The engine's messages about the predictions or the points column go beside these columns.
    predictions = forms.Field(required=False, label=_("Predictions"))
    points = forms.Field(required=False, label=_("Card points"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["trump"].widget.choices = [
            (m.key, f"{m.symbol} {m.name}") for m in mode_names(self.suit_names)
        ]
        said, made = self.initial.get("said") or {}, self.initial.get("made") or {}
        for seat, name in enumerate(self.seats, start=1):
            self.fields[f"prediction_{seat}"] = self._number(gettext("%(name)s: prediction") % {"name": name})
            self.fields[f"points_{seat}"] = self._number(gettext("%(name)s: card points") % {"name": name})
            self.initial.setdefault(f"prediction_{seat}", said.get(name))
            self.initial.setdefault(f"points_{seat}", made.get(name))
        seats = range(1, len(self.seats) + 1)
        self.fields["predictions"].widget = ColumnInput([f"prediction_{seat}" for seat in seats])
        self.fields["points"].widget = ColumnInput([f"points_{seat}" for seat in seats])

    @staticmethod
    def _number(label: str) -> forms.IntegerField:
        return forms.IntegerField(required=False, label=label, widget=forms.NumberInput(attrs=NUMBER_ATTRS))

    def next_blank(self) -> DifferenzlerDealForm:
        """The form the next deal starts from once this one is saved: asking for the predictions again.
        The phone's outbox shows it after a save, also without a network (it is in the page)."""
        initial = {"number": self.initial.get("number"), "client_token": uuid.uuid4()}
        return type(self)(seats=self.seats, suit_names=self.suit_names, state=self.state, initial=initial)

    def players(self) -> list[PlayerInputs]:
        players = []
        for seat, name in enumerate(self.seats, start=1):
            prediction, points = self[f"prediction_{seat}"], self[f"points_{seat}"]
            prediction_invalid = bool(prediction.errors) or self.marked("predictions", name)
            points_invalid = bool(points.errors) or self.marked("points", name)
            players.append(PlayerInputs(name, prediction, points, prediction_invalid, points_invalid))
        return players

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        """Predictions and points by name; __init__ knows the seats and spreads them over the fields."""
        return {
            "trump": entry.get("trump", ""),
            "said": dict(entry.get("predictions") or {}),
            "made": dict(entry.get("points") or {}),
        }

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        entry: dict[str, Any] = {"trump": data["trump"]} if data.get("trump") else {}
        for key, prefix in (("predictions", "prediction"), ("points", "points")):
            typed = {
                name: data[f"{prefix}_{seat}"]
                for seat, name in enumerate(self.seats, start=1)
                if data.get(f"{prefix}_{seat}") is not None
            }
            if typed:
                entry[key] = typed
        return entry


FORM = DifferenzlerDealForm
