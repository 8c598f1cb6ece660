"""What every deal form shares: the hidden fields that make two phones safe, and error placement."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django import forms

from scorekeeper.games.models import Dealing
from scorekeeper.games.rule_messages import refusal, translate
from scorekeeper.rules.base import InvalidDeal


class DealForm(forms.Form):
    """`number` is the deal the scorer is entering, `client_token` recognises a repeated post,
    `version` the edit the scorer started from, `deal_token` the very deal being corrected."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    client_token = forms.UUIDField(widget=forms.HiddenInput, required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    deal_token = forms.UUIDField(widget=forms.HiddenInput, required=False)  # the deal a correction is for

    conflict: list[str]
    error_fields: ClassVar[dict[str, str]] = {}
    deal_word: ClassVar[str] = "deal"  # what the table calls one deal: "hand" in Pandur

    def __init__(
        self,
        *args: Any,
        seats: Sequence[str],
        suit_names: str = "german",
        state: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """`state` is the engine's GameResult.state: what the next deal needs (who is in, open rows)."""
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.suit_names = suit_names
        self.state = state or {}
        self.conflict = []
        if not self.is_bound:
            self.initial.setdefault("client_token", uuid.uuid4())

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def entry(self) -> dict[str, Any]:
        """The rules entry built from cleaned_data (after is_valid())."""
        raise NotImplementedError

    def dealing(self) -> Dealing | None:
        """Who dealt and whether the trump was pushed, kept beside the entry (after is_valid()); None
        where the form does not ask (a correction then keeps what is stored)."""
        return None

    def refusal_text(self) -> str:
        """Every error of a refused form in one line, each named by its field: the outbox shows it at
        the deal's row, away from the form."""
        parts = [str(message) for message in self.non_field_errors()]
        for name, errors in self.errors.items():
            if name != "__all__":
                label = str(self.fields[name].label or name.replace("_", " ").capitalize())
                parts += [
                    message if message.startswith(label) else f"{label}: {message}" for message in errors
                ]
        return " ".join(parts)

    def reword(self, error: InvalidDeal) -> InvalidDeal:
        """The engine's refusal as this form puts it: the form may know better than the entry what the
        scorer left out (Pandur: the amount of a bid). As it is, here."""
        return error

    def add_rule_error(self, error: InvalidDeal) -> None:
        """Show the engine's message beside the field it names, or above the form.

        A correction can break a later deal (a player now out, a game now over): that deal's fields
        are not on this form, so its message goes above it, naming the deal."""
        error = self.reword(error)
        if error.deal is not None and error.deal != getattr(self, "cleaned_data", {}).get("number"):
            self.add_error(None, refusal(error))
            return
        field = self.error_fields.get(error.field, error.field)
        self.add_error(field if field in self.fields else None, translate(error.text))
