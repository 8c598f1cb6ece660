"""Weis in one tap, for a deal form that takes one team's Weis: the amounts a table announces most are
buttons, and "other" opens a number field for the rest (20 + 50, 300). The form only reads the amount
picked; the engine judges it, as every rule (templates/scorekeeper/variants/_weis.html draws it)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper.rules.schieber import MAX_WEIS

BUTTONS = (20, 50, 100, 150, 200)
OTHER = "other"
CHOICES = [
    ("", pgettext_lazy("weis: none announced", "none")),
    *((str(amount), str(amount)) for amount in BUTTONS),
    (OTHER, pgettext_lazy("weis: an amount not on a button", "other")),
]


class WeisFields(forms.Form):
    """Mixed into a deal form: `weis` (the buttons) and `weis_other` (typed); `weis_amount()` reads them."""

    weis = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        choices=CHOICES,
        label=_("Weis"),
        error_messages={"invalid_choice": _("Choose a Weis: one of the buttons, or other.")},
    )
    weis_other = forms.IntegerField(
        required=False,
        label=_("Weis (other amount)"),
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": MAX_WEIS, "step": 10}
        ),
    )

    def clean(self) -> dict[str, Any]:
        """Other tapped and nothing typed: asked for, rather than saved as no Weis."""
        data = super().clean()
        if data.get("weis") == OTHER and data.get("weis_other") is None and "weis_other" not in self.errors:
            self.add_error("weis_other", _("Type the Weis, or tap none."))
        return data

    def weis_amount(self) -> int:
        """The Weis picked (after is_valid()): a button's amount, the one typed for "other", or 0."""
        choice = self.cleaned_data.get("weis") or ""
        if choice == OTHER:
            return self.cleaned_data.get("weis_other") or 0
        return int(choice) if choice else 0


def initial_weis(amount: Any) -> dict[str, Any]:
    """A stored amount as the form shows it: its button, or "other" with the amount typed in."""
    if not amount:
        return {"weis": "", "weis_other": None}
    if amount in BUTTONS:
        return {"weis": str(amount), "weis_other": None}
    return {"weis": OTHER, "weis_other": amount}
