"""The Molotow deal form: each player's card points; who drew the high card only after a three-way tie."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.variants.base import DealForm
from scorekeeper.games.variants.cardpoints import PlayerPointsField, PointInput, point_inputs, tie_choices


class MolotowDealForm(DealForm):
    high_card = forms.ChoiceField(
        required=False, widget=forms.RadioSelect, label=_("Three players tied: who drew the high card?")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["points"] = PlayerPointsField(self.seats, label=_("Card points"))
        self.fields["high_card"].choices = tie_choices(self.seats, gettext("No tie"))

    def point_inputs(self) -> list[PointInput]:
        return point_inputs(self)

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        return {"points": dict(entry.get("points") or {}), "high_card": entry.get("high_card") or ""}

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        entry: dict[str, Any] = {"points": data["points"]} if data.get("points") else {}
        if data.get("high_card"):
            entry["high_card"] = data["high_card"]
        return entry

    def needs_high_card(self) -> bool:
        """Asked only once the engine wants it (or a high card is already set)."""
        return "high_card" in self.errors or bool(self.data.get("high_card") or self.initial.get("high_card"))


FORM = MolotowDealForm
