"""Weis in one tap, for every deal form that takes Weis (Schieber: one row a team; Coiffeur: the announcing
team's): the amounts a table announces most are buttons, "other" opens a number field for the rest
(20 + 50, 300), a button tapped again is none (forms.js). The form only reads the amount picked; the engine
judges it, as every rule. templates/scorekeeper/variants/_weis.html draws one row (a WeisRow).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper.rules.schieber import MAX_WEIS

BUTTONS = (20, 50, 100, 150, 200)
"""The Weis a table shows most: three to six in a row, four Nines, four Jacks. Anything else (two Weis
together, seven in a row) is "other", typed."""
OTHER = "other"
LARGEST = 2**31 - 1
"""What a 32-bit column holds: the bound of an "other" amount left typed behind another button (it is not
used, and still no absurd number passes); a picked one is the engine's to judge."""
_PICKS = frozenset({"", "0", OTHER, *(str(amount) for amount in BUTTONS)})


class WeisField(forms.IntegerField):
    """The buttons: "" (none), a button's amount, or "other", whose amount is typed in `<name>_other`.

    `typed`: any whole number from 0 is taken too, as the page posted it before the buttons (a number input
    of this very name; a phone's outbox may still hold such a deal). Otherwise anything else is refused."""

    default_error_messages = {"invalid_choice": _("Choose a Weis: one of the buttons, or other.")}

    def __init__(self, *, typed: bool = False, **kwargs: Any) -> None:
        self.typed = typed
        super().__init__(required=False, min_value=0, **kwargs)

    def to_python(self, value: Any) -> Any:
        if value == OTHER:
            return OTHER
        if not self.typed and value not in self.empty_values and str(value).strip() not in _PICKS:
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)

    def validate(self, value: Any) -> None:
        if value != OTHER:
            super().validate(value)

    def run_validators(self, value: Any) -> None:
        if value != OTHER:
            super().run_validators(value)


def other_field(label: Any) -> forms.IntegerField:
    """The amount typed beside "other": a whole number, judged by the form (WeisFields.clean)."""
    return forms.IntegerField(required=False, label=label)


class WeisFields(forms.Form):
    """Mixed into a deal form that declares, for each name in `weis_names`, a WeisField `<name>` and an
    other_field `<name>_other`; `weis_amount(name)` reads the pair once the form is valid."""

    weis_names: ClassVar[tuple[str, ...]] = ("weis",)
    blank_other_is_none: ClassVar[bool] = False
    """Whether "other" with nothing typed is no Weis (Schieber, as it always was) or asked for."""

    def clean(self) -> dict[str, Any]:
        """A picked "other" takes the amount typed (the engine judges it); one left behind another button
        is only bounded. Nothing typed: asked for, unless blank_other_is_none."""
        data = super().clean()
        for name in self.weis_names:
            other = f"{name}_other"
            amount = data.get(other)
            if data.get(name) != OTHER:
                if amount is not None:
                    self._bound(other, amount)
            elif amount is None and not self.blank_other_is_none and other not in self.errors:
                self.add_error(other, _("Type the Weis, or tap none."))
        return data

    def _bound(self, name: str, amount: int) -> None:
        for validator in (MinValueValidator(-LARGEST), MaxValueValidator(LARGEST)):
            try:
                validator(amount)
            except ValidationError as error:
                self.add_error(name, error)

    def weis_amount(self, name: str = "weis") -> int:
        """The Weis picked (after is_valid()): a button's amount, the one typed for "other", or 0."""
        picked = self.cleaned_data.get(name)
        if picked == OTHER:
            return self.cleaned_data.get(f"{name}_other") or 0
        return picked or 0

    def weis_row(self, name: str, look: RowLook) -> WeisRow:
        """The button that shows what was posted or stored: an amount without a button is "other", and
        shows in the input beside it."""
        field, other = self[name], self[f"{name}_other"]
        value = str(field.value() if field.value() is not None else "").strip()
        picked = value if value in _PICKS else OTHER
        if picked == "0":
            picked = ""
        buttons = [
            WeisButton("", look.none_label, picked == "", spoken=False),
            *(WeisButton(str(amount), str(amount), picked == str(amount), look.spoken) for amount in BUTTONS),
            WeisButton(OTHER, look.other_label, picked == OTHER, spoken=False),
        ]
        typed = other.value() if value == OTHER else value if picked == OTHER else None
        refused = [(look.error_id(each), each.errors) for each in (field, other) if each.errors]
        invalid_at = ("other" if picked == OTHER else "button") if refused else ""
        shown = "" if typed is None else typed
        return WeisRow(look, field, other, buttons, shown, invalid_at, refused)


def initial_weis(name: str, amount: Any) -> dict[str, Any]:
    """A stored amount as the form shows it: its button, or "other" with the amount typed in."""
    if not amount:
        return {name: "", f"{name}_other": None}
    if amount in BUTTONS:
        return {name: str(amount), f"{name}_other": None}
    return {name: OTHER, f"{name}_other": amount}


# ---- what the template draws ------------------------------------------------------------------------


@dataclass(frozen=True)
class RowLook:
    """How a form words a row of Weis buttons: its legend, what the phone's outbox says before an amount
    (data-say: "Weis A"), the button for none, whether each amount says "Weis" to a screen reader (where
    no legend around says it), and the ids of the error lists (`{auto_id}` or `{name}` filled in)."""

    legend: str
    none_label: str
    other_label: str = pgettext_lazy("weis: an amount not on a button", "other")
    say: str = ""
    spoken: bool = False
    error_ids: str = "{auto_id}_error"
    max_weis: int = MAX_WEIS

    def error_id(self, field: BoundField) -> str:
        return self.error_ids.format(auto_id=field.auto_id, name=field.html_name)


@dataclass(frozen=True)
class WeisButton:
    value: str
    label: str
    checked: bool
    spoken: bool  # "Weis 50" to a screen reader, "50" on the screen

    @property
    def other(self) -> bool:
        return self.value == OTHER


@dataclass(frozen=True)
class WeisRow:
    """One row of Weis buttons, as _weis.html draws it."""

    look: RowLook
    field: BoundField
    other: BoundField
    buttons: list[WeisButton]
    other_value: Any  # what the "other" input shows
    invalid_at: str  # where a refused Weis takes the focus: "button" (the checked one), "other" (its input)
    refused: list[tuple[str, Iterable[str]]]  # each error list's id and messages

    @property
    def error_ids(self) -> str:
        """The error lists the buttons and the input are described by (aria-describedby)."""
        return " ".join(error_id for error_id, _ in self.refused)
