"""The Free board's deal form: one number box per side, as on a blank Jasstafel.

The sides are the game's (its players, or teams A, B, C when its `sides` setting says so), asked of the
rules engine. A box left empty is left out of the entry: the engine scores it 0, or, with `per_deal`, gives
the one side left out the rest. The form checks no rule itself: the engine judges the entry, once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.games.variants.base import DealForm
from scorekeeper.rules.free_board import MAX_POINTS


@dataclass(frozen=True)
class Side:
    """One side of the game as the form shows it: its key in the entry, and its words."""

    key: str
    label: str
    players: str
    """The team's players ("Anna & Cla"), empty for a player on their own."""


class SidePointsWidget(forms.MultiWidget):
    """Inputs points_0, points_1, ... in the order of the sides."""

    def __init__(self, sides: Sequence[str], attrs: Mapping[str, Any]) -> None:
        self.sides = list(sides)
        super().__init__([forms.NumberInput(attrs=dict(attrs)) for _ in self.sides])

    def decompress(self, value: Any) -> list[Any]:
        value = value if isinstance(value, Mapping) else {}
        return [value.get(side) for side in self.sides]


class SidePointsField(forms.MultiValueField):
    """Cleans to {side: points} with the empty boxes left out; the range is the engine's to check."""

    def __init__(self, sides: Sequence[str], attrs: Mapping[str, Any], **kwargs: Any) -> None:
        self.sides = list(sides)
        fields = [forms.IntegerField(required=False) for _ in self.sides]
        widget = SidePointsWidget(self.sides, attrs)
        super().__init__(fields, require_all_fields=False, required=False, widget=widget, **kwargs)

    def compress(self, data_list: list[int | None]) -> dict[str, int]:
        pairs = zip(self.sides, data_list, strict=False)
        return {side: value for side, value in pairs if value is not None}


@dataclass(frozen=True)
class SideInput:
    """One side's box, for the template that lays the boxes out."""

    name: str
    id: str
    side: Side
    value: Any
    invalid: bool = False


class FreeBoardDealForm(DealForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        agreed = {**rules.get_variant("free_board").defaults, **self.settings}
        self.negative = agreed["negative"] is True
        self.per_deal: int | None = agreed["per_deal"]
        teams = rules.game_teams("free_board", agreed, len(self.seats))
        self.sides = [self._side(key, seats) for key, seats in teams.items()] or [
            Side(name, name, "") for name in self.seats
        ]
        self.fields["points"] = SidePointsField(
            [side.key for side in self.sides], self.input_attrs(), label=_("Points")
        )

    def _side(self, key: str, seats: Sequence[int]) -> Side:
        players = " & ".join(self.seats[index] for index in seats if index < len(self.seats))
        return Side(key, gettext("Team %(team)s") % {"team": key}, players)

    def input_attrs(self) -> dict[str, Any]:
        """A box that fits the engine's range. With negative points the phone's own keyboard for numbers
        (with its minus) is asked, not the bare digits of inputmode numeric."""
        attrs: dict[str, Any] = {"autocomplete": "off", "max": MAX_POINTS}
        if self.negative:
            return {**attrs, "min": -MAX_POINTS}
        return {**attrs, "min": 0, "inputmode": "numeric"}

    def side_inputs(self) -> list[SideInput]:
        """The typed values when the form was posted, else the initial ones (editing a deal); marked wrong
        where the engine's message is about that side, or about them all (the total of a deal)."""
        bound = self["points"]
        values = bound.value()
        if not isinstance(values, list):
            values = bound.field.widget.decompress(values)
        return [
            SideInput(
                f"points_{index}",
                f"id_points_{index}",
                side,
                "" if value is None else value,
                self.marked("points", side.key),
            )
            for index, (side, value) in enumerate(zip(self.sides, values, strict=False))
        ]

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        return {"points": dict(entry.get("points") or {})}

    def entry(self) -> dict[str, Any]:
        return {"points": self.cleaned_data.get("points") or {}}


FORM = FreeBoardDealForm
