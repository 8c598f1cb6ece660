"""The Putz deal form: each player's card points; the order of tied players only when a point hangs on it.

The table decides a tie (cut a card, ...); the scorer taps who ranks first, and only for three or
more tied players who comes next. The rest of that tie follows in seat order, which is all the
engine needs when the remaining places carry the same prize.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.variants.base import DealForm
from scorekeeper.games.variants.cardpoints import PlayerPointsField, PointInput, point_inputs, tie_choices

TIE_LABELS = (
    _("Who ranks first among the tied?"),
    _("Then who? (only if three or more are tied)"),
    _("And then? (only if four are tied)"),
)


class PutzDealForm(DealForm):
    error_fields: ClassVar[dict[str, str]] = {"tie_order": "tie_1"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["points"] = PlayerPointsField(self.seats, label=_("Card points"))
        for place in range(1, self.tie_places() + 1):
            self.fields[f"tie_{place}"] = forms.ChoiceField(
                choices=tie_choices(self.seats, gettext("No tie") if place == 1 else "—"),
                required=False,
                widget=forms.RadioSelect,
                label=TIE_LABELS[place - 1],
            )

    def tie_places(self) -> int:
        """A tie of n players needs n - 1 picks. Three players tie only in pairs (157 is not a multiple
        of 3); five players at most four at once (nor of 5)."""
        return max(1, min(len(self.seats) - 2, len(TIE_LABELS)))

    def point_inputs(self) -> list[PointInput]:
        return point_inputs(self)

    def tie_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_{place}"] for place in range(1, self.tie_places() + 1)]

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        """The stored order minus its last player, who follows by seat order anyway."""
        order = list(entry.get("tie_order") or [])
        initial: dict[str, Any] = {"points": dict(entry.get("points") or {})}
        initial.update({f"tie_{place}": name for place, name in enumerate(order[:-1], start=1)})
        return initial

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        points: dict[str, int] = data.get("points") or {}
        entry: dict[str, Any] = {"points": points} if points else {}
        picked = [data[field.name] for field in self.tie_fields() if data.get(field.name)]
        if picked:
            same = {points.get(name) for name in picked}
            rest = [
                name for name in self.seats if name not in picked and name in points and points[name] in same
            ]
            entry["tie_order"] = picked + rest
        return entry

    def needs_tie_order(self) -> bool:
        """Asked only once the engine wants it (or an order is already set)."""
        if "tie_1" in self.errors:
            return True
        return any(self.data.get(f.name) or self.initial.get(f.name) for f in self.tie_fields())

    def more_tied(self) -> bool:
        """Open the second and third places when one of them is already filled in."""
        return any(self.data.get(f.name) or self.initial.get(f.name) for f in self.tie_fields()[1:])


FORM = PutzDealForm
