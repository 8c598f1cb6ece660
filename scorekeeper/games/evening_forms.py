"""The evening's forms: its stake, and a game to add. The sums and the settle-up are evenings.py's."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.models import STAKE_MAX, StakeUnit


class StakeForm(forms.Form):
    """An optional stake in CHF, two decimals, 0 to 1000, and what it is paid on."""

    stake = forms.DecimalField(
        label=_("Stake in CHF"),
        required=False,
        # no max_digits: a huge stake gets the one message of the maximum, not a second about its digits;
        # at most STAKE_MAX with two decimals fits the column (max_digits=7) all the same
        decimal_places=2,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(STAKE_MAX))],
        help_text=_("Empty: the evening is played for nothing. For example half a franc per mark."),
        widget=forms.NumberInput(
            attrs={"step": "0.01", "min": "0", "max": str(STAKE_MAX), "inputmode": "decimal"}
        ),
    )
    unit = forms.ChoiceField(
        label=_("Paid"), choices=StakeUnit.choices, initial=StakeUnit.MARK, required=False
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("stake") is not None and not cleaned.get("unit"):
            self.add_error("unit", _("Say what the stake is paid on: per point, per mark or per game."))
        return cleaned

    def stake_and_unit(self) -> tuple[Decimal | None, str]:
        """As typed: the services drop the unit of no stake (evenings.set_stake)."""
        return self.cleaned_data["stake"], self.cleaned_data["unit"]


def stake_initial(stake: Decimal | None, unit: str) -> dict[str, Any]:
    return {"stake": stake, "unit": unit or StakeUnit.MARK}


class AddGameForm(forms.Form):
    game = forms.IntegerField(label=_("Game"), min_value=1, max_value=2**31 - 1)
