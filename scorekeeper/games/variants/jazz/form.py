"""The Jazz deal form, fitted to the sub-game being entered: counts, the King and the last trick, or Fan Tan.

The sub-game is the deal's own (a correction) or the schedule's next one. What was taken is written as
the players say it at the table, one number each; the engine checks the totals, the form never does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.rule_messages import translate
from scorekeeper.games.typed import whole
from scorekeeper.games.variants.base import DealForm
from scorekeeper.rules.base import InvalidDeal
from scorekeeper.rules.jazz import COUNTED_GAMES, FOUR_OF_A_RANK, HONORS, LABELS

KING_FIELDS = ("king_of_hearts", "last_trick", "fifth_trick")
GROUP_ERRORS: dict[str, str | None] = {"taken": "counts", "cards_left": "counts", "game": None}
"""Engine fields shown elsewhere than a field of the same name."""

PER: dict[str, Promise] = {
    "spades": _("%(penalty)s per spade"),
    "clubs": _("%(penalty)s per club"),
    "tricks": _("%(penalty)s per trick"),
    "plus": _("%(penalty)s per trick"),
    "honors": _("%(penalty)s per 10, J, Q or K"),
    "jacks": _("%(penalty)s per jack"),
    "queens": _("%(penalty)s per queen"),
    "fantan": _("%(penalty)s per card left"),
}
"""Each counted game's penalty as the hint says it, with the number in the sentence."""

WHAT: dict[str, Promise] = {
    "spades": _("Spades taken"),
    "clubs": _("Clubs taken"),
    "tricks": _("Tricks taken"),
    "plus": _("Tricks taken"),
    "honors": _("10s, Jacks, Queens and Kings taken"),
    "jacks": _("Jacks taken"),
    "queens": _("Queens taken"),
    "fantan": _("Cards left (0 for who went out)"),
}

KING_QUESTIONS: dict[str, Promise] = {
    "king_of_hearts": _("Who took the King of Hearts? (+%(penalty)s)"),
    "last_trick": _("Who took the last trick? (+%(penalty)s)"),
    "fifth_trick": _("Who took the fifth trick? (+%(penalty)s)"),
}


@dataclass(frozen=True)
class CountRow:
    """One player's line of the counts: a label, the number input and its two steppers."""

    player: str
    name: str
    id: str
    value: Any


class CountsField(forms.MultiValueField):
    """One whole number (or nothing) per seat: the engine reads a blank as 0 and checks the total."""

    def __init__(self, seats: int, high: int) -> None:
        attrs = {"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": high}
        fields = [forms.IntegerField(required=False) for _ in range(seats)]
        widget = forms.MultiWidget([forms.NumberInput(attrs=attrs) for _ in range(seats)])
        super().__init__(fields, widget=widget, required=False, require_all_fields=False)

    def compress(self, data_list: list[int | None]) -> list[int | None]:
        return list(data_list)


class JazzDealForm(DealForm):
    """`game` (hidden) says which sub-game this deal is; only that sub-game's fields exist."""

    game = forms.ChoiceField(choices=list(LABELS.items()), widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sub_game = self._sub_game()
        self.initial["game"] = self.sub_game
        if self.sub_game == "king_last":
            self._add_king_fields()
        else:
            self.fields["counts"] = CountsField(len(self.seats), self.most)
            taken = self.initial.get("taken") or {}
            self.initial["counts"] = [taken.get(player) for player in self.seats]

    def _sub_game(self) -> str:
        """The posted or stored game if it is one; else the schedule's next (the engine has the last word)."""
        asked = self.data.get("game") if self.is_bound else self.initial.get("game")
        if isinstance(asked, str) and asked in LABELS:
            return asked
        return self.state.get("next_game") or COUNTED_GAMES[0]

    def _add_king_fields(self) -> None:
        """The fifth trick and the King-in-the-last-trick toggle only where they score something."""
        players = [(player, player) for player in self.seats]
        asked = [name for name in KING_FIELDS if name != "fifth_trick" or self.penalty(name) > 0]
        for name in asked:
            label = KING_QUESTIONS[name] % {"penalty": self.penalty(name)}
            self.fields[name] = forms.ChoiceField(
                choices=players, required=False, widget=forms.RadioSelect, label=label
            )
        extra = self.penalty("king_in_last")
        if extra > 0:
            label = gettext("The King of Hearts fell in the last trick (+%(penalty)s)") % {"penalty": extra}
            self.fields["king_in_last"] = forms.BooleanField(required=False, label=label)

    # ---- what the template shows ----------------------------------------------------------------

    @property
    def label(self) -> str:
        return translate(LABELS[self.sub_game])

    @property
    def round(self) -> int | None:
        """The round of this deal, worth showing only when the schedule is played more than once."""
        schedule: Sequence[Sequence[Any]] = self.state.get("schedule") or []
        rounds = {r for _, r in schedule}
        if len(rounds) < 2:
            return None
        number = whole(self.initial.get("number") or self.data.get("number"))
        index = number - 1 if number is not None else -1
        return schedule[index][1] if 0 <= index < len(schedule) else None

    @property
    def most(self) -> int:
        """How many there are to share out (for Fan Tan: a whole hand), from the deck in play."""
        deck: Mapping[str, int] = self.state.get("deck") or {}
        tricks = deck.get("tricks", 13)
        known = {"honors": HONORS, "jacks": FOUR_OF_A_RANK, "queens": FOUR_OF_A_RANK, "plus": tricks}
        return known.get(self.sub_game, deck.get(self.sub_game, tricks))

    @property
    def what(self) -> str | Promise:
        return WHAT.get(self.sub_game, "")

    @property
    def per(self) -> str:
        """This game's penalty per card or trick, as a phrase: "5 per spade"."""
        rule = PER.get(self.sub_game)
        return rule % {"penalty": self.penalty(self.sub_game)} if rule else ""

    @property
    def hint(self) -> str:
        """The rule of this sub-game in one line, with the club's own penalties."""
        parts: list[str] = []  # the King and the last trick: each question says its own penalty
        if self.sub_game == "fantan":
            parts = [self.per, gettext("one player goes out")]
        elif self.sub_game != "king_last":
            parts = [gettext("%(count)s in all") % {"count": self.most}, self.per]
        if self.round:
            parts.insert(0, gettext("Round %(number)s") % {"number": self.round})
        return " · ".join(parts)

    def penalty(self, key: str) -> int:
        """The penalty in play (state), so a club's own settings show and shape the form."""
        if key == "fifth_trick":
            return int(self.state.get("fifth_trick_penalty") or 0)
        if key == "king_in_last":
            return int(self.state.get("king_in_last_trick_extra") or 0)
        penalties: Mapping[str, int] = self.state.get("penalties") or {}
        return penalties.get(key, 0)

    def count_rows(self) -> list[CountRow]:
        field = self["counts"]
        values = field.value() or []
        return [
            CountRow(player, f"counts_{index}", f"{field.auto_id}_{index}", _at(values, index))
            for index, player in enumerate(self.seats)
        ]

    def king_groups(self) -> list[forms.BoundField]:
        return [self[name] for name in KING_FIELDS if name in self.fields]

    # ---- the entry ------------------------------------------------------------------------------

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        """Counts stay keyed by player here; the form spreads them over the seats it knows."""
        initial: dict[str, Any] = {"game": entry.get("game")}
        initial["taken"] = dict(entry.get("taken") or entry.get("cards_left") or {})
        for name in KING_FIELDS:
            initial[name] = entry.get(name) or ""
        initial["king_in_last"] = bool(entry.get("king_in_last"))
        return initial

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        entry: dict[str, Any] = {"game": self.sub_game}
        if self.sub_game == "king_last":
            entry.update({name: data[name] for name in KING_FIELDS if data.get(name)})
            if data.get("king_in_last"):
                entry["king_in_last"] = True
            return entry
        counts = data.get("counts") or []
        key = "cards_left" if self.sub_game == "fantan" else "taken"
        entry[key] = {player: n for player, n in zip(self.seats, counts, strict=False) if n is not None}
        return entry

    def add_rule_error(self, error: InvalidDeal) -> None:
        """The totals go beside the counts, a deal for another game above the form (not on the hidden
        field). Not in `error_fields` on purpose: the preview then says "3 of 4 entered" while the
        scorer is still typing, which is the whole point of the running count."""
        own = error.deal is None or error.deal == getattr(self, "cleaned_data", {}).get("number")
        if own and error.field in GROUP_ERRORS:
            self.add_error(GROUP_ERRORS[error.field], translate(error.text))
            return
        super().add_rule_error(error)


def _at(values: Sequence[Any], index: int) -> Any:
    value = values[index] if index < len(values) else None
    return "" if value is None else value


FORM = JazzDealForm
