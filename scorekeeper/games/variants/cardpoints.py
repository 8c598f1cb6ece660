"""Card points per player (Molotow, Putz): one form field `points`, one number input per seat.

One field, named like the engine's, so the engine's "points" message lands beside the inputs.
A blank input is left out of the entry: the engine then names the player whose points are missing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms

from scorekeeper.games.variants.base import DealForm

POINT_ATTRS = {"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": 157}


class PlayerPointsWidget(forms.MultiWidget):
    """Inputs points_0, points_1, ... in seat order."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        super().__init__([forms.NumberInput(attrs=POINT_ATTRS) for _ in self.players])

    def decompress(self, value: Any) -> list[Any]:
        value = value if isinstance(value, Mapping) else {}
        return [value.get(player) for player in self.players]


class PlayerPointsField(forms.MultiValueField):
    """Cleans to {player: points} with the blank inputs left out; no rule is checked here."""

    def __init__(self, players: Sequence[str], **kwargs: Any) -> None:
        self.players = list(players)
        fields = [forms.IntegerField(required=False) for _ in self.players]
        super().__init__(
            fields,
            require_all_fields=False,
            required=False,
            widget=PlayerPointsWidget(self.players),
            **kwargs,
        )

    def compress(self, data_list: list[int | None]) -> dict[str, int]:
        return {
            player: value for player, value in zip(self.players, data_list, strict=False) if value is not None
        }


@dataclass(frozen=True)
class PointInput:
    """One player's input, for templates that lay the inputs out themselves."""

    name: str
    id: str
    label: str
    value: Any
    invalid: bool = False


def point_inputs(form: DealForm, field: str = "points") -> list[PointInput]:
    """The typed values when the form was posted, else the initial ones (editing a deal); marked wrong
    where the engine's message is about that player, or about them all."""
    bound = form[field]
    widget = bound.field.widget
    assert isinstance(widget, PlayerPointsWidget)
    values = bound.value()
    if not isinstance(values, list):
        values = widget.decompress(values)
    return [
        PointInput(
            f"{field}_{index}",
            f"id_{field}_{index}",
            player,
            "" if value is None else value,
            form.marked(field, player),
        )
        for index, (player, value) in enumerate(zip(widget.players, values, strict=False))
    ]


def tie_choices(players: Sequence[str], blank: str) -> list[tuple[str, str]]:
    """A decision among the players, with a blank last: a question answered by mistake can be cleared."""
    return [*((player, player) for player in players), ("", blank)]
