"""The Schieber deal form: trump, one team's card points (or a match), Weis, Stöck, who dealt.

Built for a phone: an ordinary deal is four touches (a trump, two digits, Enter; schieber.js keeps the
number keyboard open while a button is tapped), a Weis is one tap, and the dealer moves on by itself.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.forms.boundfield import BoundField, BoundWidget
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.games.models import Dealing
from scorekeeper.games.suits import ModeName, mode_names
from scorekeeper.games.variants.base import DealForm

TEAMS = tuple(rules.teams("schieber"))
WEIS_BUTTONS = (20, 50, 100, 150, 200)
"""The Weis a table shows most: three to six in a row, four Nines, four Jacks. Anything else (two Weis
together, seven in a row) is "other", typed."""
OTHER = "other"
LARGEST = 2**31 - 1
"""What a 32-bit column holds: the bound of an "other" Weis, which the rules judge only when it is picked
(left typed behind another button, it is not used, and still no absurd number passes)."""


class WeisField(forms.IntegerField):
    """A team's Weis: a button's amount, or "other", whose amount is typed in its own input."""

    def to_python(self, value: Any) -> Any:
        return OTHER if value == OTHER else super().to_python(value)

    def validate(self, value: Any) -> None:
        if value != OTHER:
            super().validate(value)

    def run_validators(self, value: Any) -> None:
        if value != OTHER:
            super().run_validators(value)


@dataclass(frozen=True)
class WeisButton:
    value: str
    label: str
    checked: bool


@dataclass(frozen=True)
class WeisRow:
    """One team's Weis buttons, as the template draws them."""

    team: str
    label: str  # "A · Anna & Cla": whose Weis
    field: BoundField
    other: BoundField
    buttons: list[WeisButton]
    other_checked: bool
    other_value: Any  # what the "other" input shows
    invalid_at: str  # where a refused Weis takes the focus: "button" (the checked one), "other" (its input)

    @property
    def refused(self) -> list[BoundField]:
        """The team's fields with an error: the buttons' (the engine's word on the Weis), the input's."""
        return [field for field in (self.field, self.other) if field.errors]

    @property
    def error_ids(self) -> str:
        """The error lists the buttons and the input are described by (aria-describedby)."""
        return " ".join(f"{field.auto_id}_error" for field in self.refused)


@dataclass(frozen=True)
class TrumpButton:
    radio: BoundWidget
    letter: str  # the key that picks it on a keyboard; "" if its name has none left

    @property
    def key(self) -> str:
        """The letter as a keyboard's key shows it."""
        return self.letter.upper()


@dataclass(frozen=True)
class Turn:
    """The dealer select's seats and the words the page says about the turn (schieber.js says them
    again when the dealer or "pushed" changes)."""

    seats: list[str]
    announces: str  # "{name} announces"
    pushed_to: str  # "{pusher} pushed: {name} announces"
    words: str  # as it stands now


def trump_letters(modes: Iterable[ModeName]) -> dict[str, str]:
    """A key for each mode, from the name the club shows: its first letter not taken by an earlier mode
    (Rosen r, Schellen s, Schilten c, Eicheln e; Hearts h, Diamonds d, Spades s, Clubs c; Obenabe o,
    Undenufe u). Fixed for a club's suit names and language, and shown on the button."""
    letters: dict[str, str] = {}
    for mode in modes:
        folded = unicodedata.normalize("NFKD", str(mode.name)).encode("ascii", "ignore").decode().lower()
        letters[mode.key] = next((c for c in folded if "a" <= c <= "z" and c not in letters.values()), "")
    return letters


def turn_words(seats: Sequence[str], dealer: int | None, pushed: bool, announces: str, pushed_to: str) -> str:
    """Who announces when `dealer` (seat from 1) dealt: the next seat, or their partner after a push."""
    if dealer is None or not 1 <= dealer <= len(seats):
        return ""
    after = dealer % len(seats)
    if not pushed:
        return announces.replace("{name}", seats[after])
    partner = (after + len(seats) // 2) % len(seats)
    return pushed_to.replace("{pusher}", seats[after]).replace("{name}", seats[partner])


class SchieberDealForm(DealForm):
    error_fields: ClassVar[dict[str, str]] = {"match": "points", "weis": "weis_a"}

    trump = forms.ChoiceField(
        widget=forms.RadioSelect, required=False, error_messages={"invalid_choice": _("Choose a trump.")}
    )
    # The teams' choices name the players seated: __init__ sets them (team, stoeck, announced_by, first_out).
    team = forms.ChoiceField(widget=forms.RadioSelect, initial="A")
    points = forms.IntegerField(
        required=False,
        label=_("Card points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": 157}),
    )
    match = forms.BooleanField(required=False, label=_("Match (all 9 tricks)"))
    weis_a = WeisField(required=False, min_value=0, label=_("Weis team A"))
    weis_b = WeisField(required=False, min_value=0, label=_("Weis team B"))
    weis_a_other = forms.IntegerField(
        required=False, min_value=0, max_value=LARGEST, label=_("Other Weis of team A")
    )
    weis_b_other = forms.IntegerField(
        required=False, min_value=0, max_value=LARGEST, label=_("Other Weis of team B")
    )
    stoeck = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Stöck"))
    announced_by = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=_("Trump announced by"),
    )
    first_out = forms.ChoiceField(
        required=False, widget=forms.RadioSelect, label=_("Who reached the target first?")
    )
    # Who dealt (Dealing): kept beside the entry, never in it. The next deal's dealer is set by the page.
    dealer_seat = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label=_("Dealer"))
    pushed = forms.BooleanField(
        required=False, label=pgettext_lazy("schieber: trump left to the partner", "Pushed")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        modes = mode_names(self.suit_names)
        self.fields["trump"].choices = [(m.key, f"{m.symbol} {m.name}") for m in modes]
        self.trump_letters = trump_letters(modes)
        teams = self.team_choices()
        self.fields["team"].choices = teams
        # "none" clears an answer a correction made moot: the deal no longer ends the game
        nobody = pgettext("target reached first: by no team", "none")
        self.fields["first_out"].choices = [("", nobody), *teams]
        self.fields["stoeck"].choices = [("", pgettext("stöck: by no team", "none")), *teams]
        self.fields["announced_by"].choices = [("", gettext("not noted")), *teams]
        seats = [(seat, name) for seat, name in enumerate(self.seats, start=1)]
        not_noted = self.is_bound or self.initial.get("dealer_seat") is None  # an older deal: nobody noted it
        self.fields["dealer_seat"].choices = [*seats, *([("", gettext("not noted"))] if not_noted else [])]
        number = self.data.get("number") if self.is_bound else self.initial.get("number")
        # set by the page, not typed (outbox.js); moved on by schieber.js when the deal's number moves
        attrs = {"data-by-itself": True, "data-dealer-for": number or ""}
        self.fields["dealer_seat"].widget.attrs.update(attrs)

    def team_choices(self) -> list[tuple[str, str]]:
        """Team A is seats 1 and 3, team B seats 2 and 4: the buttons show who that is."""
        if len(self.seats) != 4:
            return [(team, gettext("Team %(team)s") % {"team": team}) for team in TEAMS]
        return [
            ("A", f"A · {self.seats[0]} & {self.seats[2]}"),
            ("B", f"B · {self.seats[1]} & {self.seats[3]}"),
        ]

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        points = entry.get("points") or {}
        team = entry.get("match") or ("A" if "A" in points else "B" if "B" in points else "A")
        weis = entry.get("weis") or {}
        return {
            "trump": entry.get("trump", ""),
            "team": team,
            "points": points.get(team),
            "match": bool(entry.get("match")),
            **_weis_initial("weis_a", weis.get("A")),
            **_weis_initial("weis_b", weis.get("B")),
            "stoeck": entry.get("stoeck") or "",
            "announced_by": entry.get("announced_by") or "",
            "first_out": entry.get("first_out") or "",
        }

    def clean(self) -> dict[str, Any]:
        """ "Other" takes the amount typed beside it; a blank one is no Weis."""
        data = super().clean()
        for field in ("weis_a", "weis_b"):
            if data.get(field) == OTHER:
                data[field] = data.get(f"{field}_other")
        return data

    def entry(self) -> dict[str, Any]:
        """Card points typed and Match ticked both go to the engine, which refuses the pair (a match is
        instead of points, rules.md): never is one of them dropped without a word."""
        data = self.cleaned_data
        entry: dict[str, Any] = {"trump": data["trump"]} if data.get("trump") else {}
        if data.get("match"):
            entry["match"] = data["team"]
        if data.get("points") is not None:
            entry["points"] = {data["team"]: data["points"]}
        weis = {team: data[field] for team, field in (("A", "weis_a"), ("B", "weis_b")) if data.get(field)}
        if weis:
            entry["weis"] = weis
        for key in ("stoeck", "announced_by", "first_out"):
            if data.get(key):
                entry[key] = data[key]
        return entry

    def dealing(self) -> Dealing | None:
        """None when the page sent no dealer at all (an older page): a correction keeps what is stored."""
        if "dealer_seat" not in self.data:
            return None
        return Dealing(self.cleaned_data.get("dealer_seat"), bool(self.cleaned_data.get("pushed")))

    def needs_first_out(self) -> bool:
        """Shown only when the engine asked for it (or a value is already set)."""
        return "first_out" in self.errors or bool(self.data.get("first_out") or self.initial.get("first_out"))

    # ---- what the template draws ------------------------------------------------------------------

    def trump_buttons(self) -> list[TrumpButton]:
        return [
            TrumpButton(radio, self.trump_letters.get(str(radio.data["value"]), ""))
            for radio in self["trump"]
        ]

    def weis_rows(self) -> list[WeisRow]:
        labels = dict(self.team_choices())
        return [self._weis_row(team, labels[team], f"weis_{team.lower()}") for team in TEAMS]

    def _weis_row(self, team: str, label: str, name: str) -> WeisRow:
        """The button that shows what was posted or stored: an amount without a button is "other", and
        shows in the input beside it."""
        field, other = self[name], self[f"{name}_other"]
        value = str(field.value() if field.value() is not None else "").strip()
        amounts = [str(amount) for amount in WEIS_BUTTONS]
        picked = value if value in ("", "0", *amounts) else OTHER
        zero = WeisButton("", "0", picked in ("", "0"))
        buttons = [zero, *(WeisButton(amount, amount, picked == amount) for amount in amounts)]
        typed = other.value() if value == OTHER else value if picked == OTHER else None
        invalid_at = ""
        if field.errors or other.errors:
            invalid_at = "other" if picked == OTHER else "button"
        shown = "" if typed is None else typed
        return WeisRow(team, label, field, other, buttons, picked == OTHER, shown, invalid_at)

    def turn(self) -> Turn:
        announces = gettext("{name} announces")
        pushed_to = gettext("{pusher} pushed: {name} announces")
        dealer = self["dealer_seat"].value()
        seat = int(dealer) if str(dealer or "").isdigit() else None
        pushed = self["pushed"].value() in (True, "on", "true", "1")
        words = turn_words(self.seats, seat, pushed, announces, pushed_to)
        return Turn(self.seats, announces, pushed_to, words)


def _weis_initial(name: str, amount: int | None) -> dict[str, Any]:
    """A stored Weis as the buttons show it: its button, or "other" with the amount typed."""
    if not amount:
        return {name: None}
    if amount in WEIS_BUTTONS:
        return {name: amount}
    return {name: OTHER, f"{name}_other": amount}


FORM = SchieberDealForm
