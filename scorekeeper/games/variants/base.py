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
    said_first: ClassVar[tuple[str, ...]] = ()
    """The entry's fields the table says before the deal is played (Differenzler's predictions): the form
    asks them first, and the game keeps them (services.keep_pending) until the deal is saved."""
    said_after: ClassVar[tuple[str, ...]] = ()
    """The fields entered once the deal is played (the card points): all the engine may miss then."""

    def __init__(
        self,
        *args: Any,
        seats: Sequence[str],
        suit_names: str = "german",
        state: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        pending: Mapping[str, Any] | None = None,
        asking: bool | None = None,
        **kwargs: Any,
    ) -> None:
        """`state` is the engine's GameResult.state: what the next deal needs (who is in, open rows);
        `settings` the game's, as stored: a house rule may add inputs (Coiffeur's Weis). `pending` what the
        game keeps of the next deal, said before it (fills the form); `asking` whether the form asks only
        that first (by default: a new deal's form, when nothing is kept yet)."""
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.suit_names = suit_names
        self.state = state or {}
        self.settings = settings or {}
        self.conflict = []
        self.named: dict[str, str] = {}  # a field's player, whom the engine's message about it names
        self.pending = dict(pending or {})
        if not self.is_bound:
            self.initial.setdefault("client_token", uuid.uuid4())
            if self.pending:
                self.initial.update(self.initial_from_entry(self.pending))
        if asking is None:
            asking = bool(self.said_first) and not self.is_bound and not self.pending
            asking = asking and not self.initial.get("version")
        self.asking = asking

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def entry(self) -> dict[str, Any]:
        """The rules entry built from cleaned_data (after is_valid())."""
        raise NotImplementedError

    def said_entry(self) -> dict[str, Any]:
        """What the table said before the deal, of the entry built from cleaned_data (after is_valid())."""
        return {key: value for key, value in self.entry().items() if key in self.said_first}

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
        if error.item is not None:
            self.named[field] = error.item
        self.add_error(field if field in self.fields else None, translate(error.text))

    def marked(self, field: str, item: str) -> bool:
        """Whether `item`'s input of the column `field` is marked wrong: the player the engine's message
        names, or every input when it is about the whole column (the 157 total). The focus then goes to
        the input to fix, not to the first of the column."""
        named = self.named.get(field)
        return self.has_error(field) and named in (None, item)
