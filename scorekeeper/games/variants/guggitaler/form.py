"""The Guggitaler deal form, fitted to the game being entered: a count per player (tricks, Schellen, Ober),
the one player who took the Rosen König or the last trick, or the Domino's finishing order; with
`all_in_one`, the three counts and the two names at once.

The game is the deal's own (a correction) or the round's next. Without JavaScript the counts are number
boxes and the names radio buttons, posted as a plain form; guggitaler.js shows what is left to share out
as the steppers are tapped, fills in the last player's count, and turns the Domino into names tapped in
order. The engine checks every total and every order, the form never does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.rule_messages import translate
from scorekeeper.games.typed import whole
from scorekeeper.games.variants.base import DealForm
from scorekeeper.rules.base import InvalidDeal
from scorekeeper.rules.guggitaler import ALL, CARDS, COUNTED, DOMINO, LABELS, OBER, SCHELLEN, TAKEN_ONCE

WHAT: dict[str, Promise] = {
    "tricks": _("Tricks taken"),
    "schellen": _("Schellen taken"),
    "ober": _("Ober taken"),
}
PER: dict[str, Promise] = {
    "tricks": _("%(penalty)s per trick"),
    "schellen": _("%(penalty)s per Schellen card"),
    "ober": _("%(penalty)s per Ober"),
}
"""Each counted game's penalty as the hint says it, with the number in the sentence."""

WHO: dict[str, Promise] = {
    "rosen_koenig": _("Who took the Rosen König? (+%(penalty)s)"),
    "last_trick": _("Who took the last trick? (+%(penalty)s)"),
}

PLACES: tuple[Promise, ...] = (
    pgettext_lazy("Domino: the place of the player", "1st out"),
    pgettext_lazy("Domino: the place of the player", "2nd out"),
    pgettext_lazy("Domino: the place of the player", "3rd out"),
    pgettext_lazy("Domino: the place of the player", "4th out"),
)


@dataclass(frozen=True)
class CountRow:
    """One player's line of a count: a label, the number input and its two steppers."""

    player: str
    name: str
    id: str
    value: Any


@dataclass(frozen=True)
class CountGroup:
    """One counted game's inputs: what is counted, its share-out, the rows and the field's errors."""

    game: str
    legend: str | Promise
    total: int
    per: str
    rows: list[CountRow]
    field: forms.BoundField

    @property
    def left(self) -> int:
        """What is still to share out of what was entered; the engine refuses anything but 0."""
        return self.total - sum(whole(row.value) or 0 for row in self.rows)


@dataclass(frozen=True)
class Place:
    """One place of the Domino's order: its words, the radio name, and the player there (or "")."""

    number: int
    label: str | Promise
    name: str
    value: str
    points: int


class CountsField(forms.MultiValueField):
    """One whole number (or nothing) per seat: the engine reads a blank as 0 and checks the total."""

    def __init__(self, seats: int, high: int) -> None:
        attrs = {"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": high}
        fields = [forms.IntegerField(required=False) for _ in range(seats)]
        widget = forms.MultiWidget([forms.NumberInput(attrs=attrs) for _ in range(seats)])
        super().__init__(fields, widget=widget, required=False, require_all_fields=False)

    def compress(self, data_list: list[int | None]) -> list[int | None]:
        return list(data_list)


class OrderField(forms.MultiValueField):
    """The Domino's order: for each place, the player there (a radio group per place without JavaScript)."""

    def __init__(self, seats: Sequence[str]) -> None:
        choices = [(player, player) for player in seats]
        fields = [forms.ChoiceField(choices=choices, required=False) for _ in seats]
        widget = forms.MultiWidget([forms.RadioSelect(choices=choices) for _ in seats])
        super().__init__(fields, widget=widget, required=False, require_all_fields=False)

    def compress(self, data_list: list[str]) -> list[str]:
        return list(data_list)


class GuggitalerDealForm(DealForm):
    """`game` (hidden) says which game this deal is; only that game's fields exist."""

    game = forms.ChoiceField(choices=list(LABELS.items()), widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sub_game = self._sub_game()
        self.initial["game"] = self.sub_game
        taken: Mapping[str, Any] = self.initial.get("taken") or {}
        if self.sub_game == ALL:
            for game in COUNTED:
                self._add_counts(game, game, taken.get(game) or {})
            for game in TAKEN_ONCE:
                self._add_player(game, game)
        elif self.sub_game in COUNTED:
            self._add_counts("counts", self.sub_game, taken)
        elif self.sub_game in TAKEN_ONCE:
            self._add_player("player", self.sub_game)
        else:
            self.fields["order"] = OrderField(self.seats)
            order = list(self.initial.get("order") or [])
            self.initial["order"] = order + [""] * (len(self.seats) - len(order))

    def _sub_game(self) -> str:
        """The posted or stored game if it is one; else the round's next (the engine has the last word)."""
        asked = self.data.get("game") if self.is_bound else self.initial.get("game")
        if isinstance(asked, str) and asked in LABELS:
            return asked
        return self.state.get("next_game") or COUNTED[0]

    def _add_counts(self, name: str, game: str, taken: Mapping[str, Any]) -> None:
        self.fields[name] = CountsField(len(self.seats), self.most(game))
        self.fields[name].label = WHAT[game]
        self.initial[name] = [taken.get(player) for player in self.seats]

    def _add_player(self, name: str, game: str) -> None:
        label = WHO[game] % {"penalty": self.penalty(game)}
        choices = [(player, player) for player in self.seats]
        self.fields[name] = forms.ChoiceField(
            choices=choices, required=False, widget=forms.RadioSelect, label=label
        )
        self.initial.setdefault(name, self.initial.get(game, ""))

    # ---- what the template shows ----------------------------------------------------------------

    @property
    def label(self) -> str:
        return translate(LABELS[self.sub_game])

    @property
    def round(self) -> int | None:
        """The round of this deal, worth showing only when the round is played more than once."""
        if self.sub_game == ALL:
            return None
        schedule: Sequence[Sequence[Any]] = self.state.get("schedule") or []
        if len({r for _, r in schedule}) < 2:
            return None
        number = whole(self.initial.get("number") or self.data.get("number"))
        index = number - 1 if number is not None else -1
        return schedule[index][1] if 0 <= index < len(schedule) else None

    @property
    def hint(self) -> str:
        """The rule of this game in one line, with the club's own penalties."""
        parts: list[str] = []
        if self.sub_game in COUNTED:
            parts = [
                gettext("%(count)s in all") % {"count": self.most(self.sub_game)},
                self.per(self.sub_game),
            ]
        elif self.sub_game == DOMINO:
            parts = [gettext("tap the names in the order they went out")]
        if self.round:
            parts.insert(0, gettext("Round %(number)s") % {"number": self.round})
        return " · ".join(parts)

    def most(self, game: str) -> int:
        """How many there are to share out, from the deck in play (tricks: 9 for four, 12 for three)."""
        counted: Mapping[str, int] = self.state.get("counted") or {}
        return counted.get(game) or {"tricks": CARDS // len(self.seats), "schellen": SCHELLEN}.get(game, OBER)

    def per(self, game: str) -> str:
        return PER[game] % {"penalty": self.penalty(game)}

    def penalty(self, key: str) -> int:
        """The penalty in play (state), so a club's own settings show on the form."""
        penalties: Mapping[str, int] = self.state.get("penalties") or {}
        return penalties.get(key, 0)

    def count_groups(self) -> list[CountGroup]:
        """The counts this form asks: one game's, or the three of all in one."""
        games = [("counts", self.sub_game)] if self.sub_game in COUNTED else [(g, g) for g in COUNTED]
        return [self._group(name, game) for name, game in games if name in self.fields]

    def _group(self, name: str, game: str) -> CountGroup:
        field = self[name]
        values = field.value() or []
        rows = [
            CountRow(player, f"{name}_{index}", f"{field.auto_id}_{index}", _at(values, index))
            for index, player in enumerate(self.seats)
        ]
        return CountGroup(game, WHAT[game], self.most(game), self.per(game), rows, field)

    def player_groups(self) -> list[forms.BoundField]:
        return [self[name] for name in ("player", *TAKEN_ONCE) if name in self.fields]

    def places(self) -> list[Place]:
        values = self["order"].value() or []
        points: Sequence[int] = self.state.get("domino_points") or [0] * len(self.seats)
        return [
            Place(index + 1, PLACES[index], f"order_{index}", _at(values, index), points[index])
            for index in range(len(self.seats))
        ]

    # ---- the entry ------------------------------------------------------------------------------

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        """Counts stay keyed by player here; the form spreads them over the seats it knows."""
        initial: dict[str, Any] = {"game": entry.get("game") or ALL}
        initial["taken"] = dict(entry.get("taken") or {})
        initial["player"] = entry.get("player") or ""
        initial["order"] = list(entry.get("order") or [])
        for game in TAKEN_ONCE:
            initial[game] = entry.get(game) or ""
        return initial

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        if self.sub_game == ALL:
            entry: dict[str, Any] = {"taken": {game: self._taken(data.get(game)) for game in COUNTED}}
            entry.update({game: data[game] for game in TAKEN_ONCE if data.get(game)})
            return entry
        entry = {"game": self.sub_game}
        if self.sub_game in COUNTED:
            entry["taken"] = self._taken(data.get("counts"))
        elif self.sub_game in TAKEN_ONCE:
            if data.get("player"):
                entry["player"] = data["player"]
        else:
            entry["order"] = [player for player in data.get("order") or [] if player]
        return entry

    def _taken(self, counts: Sequence[int | None] | None) -> dict[str, int]:
        return {player: n for player, n in zip(self.seats, counts or [], strict=False) if n is not None}

    def add_rule_error(self, error: InvalidDeal) -> None:
        """A count's refusal goes beside its counts (all in one: the game's own, named by `item`), the
        taker's beside the names, a deal for another game above the form. Not in `error_fields` on
        purpose: the preview then says "3 of 4 entered" while the scorer is still counting."""
        own = error.deal is None or error.deal == getattr(self, "cleaned_data", {}).get("number")
        field = {"taken": error.item if self.sub_game == ALL else "counts", "game": None}.get(
            error.field, error.field
        )
        if own and (field is None or field in self.fields):
            self.add_error(field, translate(error.text))
            return
        super().add_rule_error(error)


def _at(values: Sequence[Any], index: int) -> Any:
    value = values[index] if index < len(values) else None
    return "" if value is None else value


FORM = GuggitalerDealForm
