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
        max_digits=7,
        decimal_places=2,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(STAKE_MAX))],
        help_text=_("Empty: the evening is played for nothing. For example 0.50 per mark."),
        widget=forms.NumberInput(
            attrs={"step": "0.01", "min": "0", "max": str(STAKE_MAX), "inputmode": "decimal"}
        ),
    )
    unit = forms.ChoiceField(label=_("Paid"), choices=StakeUnit.choices, initial=StakeUnit.MARK)

    def stake_and_unit(self) -> tuple[Decimal | None, str]:
        stake = self.cleaned_data["stake"]
        return stake, self.cleaned_data["unit"] if stake is not None else ""


def stake_initial(stake: Decimal | None, unit: str) -> dict[str, Any]:
    return {"stake": stake, "unit": unit or StakeUnit.MARK}


class AddGameForm(forms.Form):
    game = forms.IntegerField(label=_("Game"), min_value=1, max_value=2**31 - 1)
