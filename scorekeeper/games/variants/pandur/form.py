"""The Pandur deal form: dealer (only with four in), soloist, contract, made or the soloist's points."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from scorekeeper.games.rule_messages import translate
from scorekeeper.games.variants.base import DealForm
from scorekeeper.rules.base import InvalidDeal, gettext_noop, text
from scorekeeper.rules.pandur import CONTRACT_WORDS, MAX_BID

BID = "bid"
"""The contract button for a numeric bid: the number comes from the bid input beside it."""

MADE = [("yes", _("Made ✓")), ("no", _("Failed ✗"))]


def contract_choices() -> list[tuple[str, str]]:
    named = [(key, capfirst(translate(words))) for key, words in CONTRACT_WORDS.items()]
    return [(BID, pgettext("pandur: the contract as a number of points", "Bid")), *named]


class PandurDealForm(DealForm):
    """Only players still in can be chosen; the dealer question exists only while four are in."""

    deal_word = "hand"
    soloist = forms.ChoiceField(widget=forms.RadioSelect, required=False, label=_("Soloist"))
    contract = forms.ChoiceField(
        choices=contract_choices, widget=forms.RadioSelect, required=False, initial=BID, label=_("Contract")
    )
    bid = forms.IntegerField(
        required=False,
        label=pgettext_lazy("pandur: the contract as a number of points", "Bid"),
        widget=forms.NumberInput(
            attrs={
                "inputmode": "numeric",
                "autocomplete": "off",
                "min": 100,
                "step": 10,
                "placeholder": "150",
            }
        ),
    )
    made = forms.ChoiceField(
        choices=MADE,
        widget=forms.RadioSelect,
        required=False,
        label=pgettext_lazy("pandur: contract", "Made?"),
    )
    points = forms.IntegerField(
        required=False,
        label=_("or the soloist's points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off", "min": 0}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = [(name, name) for name in self.state.get("in", self.seats)]
        self.fields["soloist"].choices = players
        if self.state.get("dealer_needed"):
            self.fields["dealer"] = forms.ChoiceField(
                choices=players,
                widget=forms.RadioSelect,
                required=False,
                label=_("Dealer · sits this hand out"),
            )
            self.order_fields(["dealer"])

    @property
    def needs_dealer(self) -> bool:
        return "dealer" in self.fields

    def reword(self, error: InvalidDeal) -> InvalidDeal:
        """Bid chosen without its amount reaches the engine as no contract at all ("The contract is
        missing"): the form knows it is the amount, and says so beside the bid input."""
        data = getattr(self, "cleaned_data", {})
        bid_without_amount = (data.get("contract") or BID) == BID and data.get("bid") is None
        if error.field != "contract" or error.deal != data.get("number") or not bid_without_amount:
            return error
        message = gettext_noop("Bid is selected: enter its amount, from 100 to %(most)s in tens.")
        return InvalidDeal(error.deal, "bid", text(message, most=MAX_BID))

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        contract = entry.get("contract")
        made = entry.get("made")
        return {
            "dealer": entry.get("dealer") or "",
            "soloist": entry.get("soloist") or "",
            "contract": BID if isinstance(contract, int) else contract or BID,
            "bid": contract if isinstance(contract, int) else None,
            "made": "" if made is None else "yes" if made else "no",
            "points": entry.get("points"),
        }

    def entry(self) -> dict[str, Any]:
        """A numeric bid and the points count only with the Bid button: otherwise their inputs are hidden."""
        data = self.cleaned_data
        entry: dict[str, Any] = {key: data[key] for key in ("dealer", "soloist") if data.get(key)}
        contract = data.get("contract") or BID
        if contract != BID:
            entry["contract"] = contract
        elif data.get("bid") is not None:
            entry["contract"] = data["bid"]
        if data.get("made"):
            entry["made"] = data["made"] == "yes"
        if contract == BID and data.get("points") is not None:
            entry["points"] = data["points"]
        return entry


FORM = PandurDealForm
