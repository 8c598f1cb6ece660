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
from django.forms.boundfield import BoundWidget
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.games.models import Dealing
from scorekeeper.games.suits import ModeName
from scorekeeper.games.typed import whole
from scorekeeper.games.variants.base import DealForm
from scorekeeper.games.variants.schieber.words import house_rules, trump_modes
from scorekeeper.games.variants.weis import RowLook, WeisField, WeisFields, WeisRow, initial_weis, other_field
from scorekeeper.rules.base import CARD_POINTS
from scorekeeper.rules.schieber import NO_TRUMP

TEAMS = tuple(rules.teams("schieber"))


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


class TrumpSelect(forms.RadioSelect):
    """The trump buttons; a mode without a trump suit (Obenabe, Undenufe, an extra mode), where the engine
    refuses Stöck, is marked data-no-stoeck: CSS hides Stöck then, schieber.js sets it to none."""

    no_stoeck: frozenset[str] = frozenset()

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        if option["value"] in self.no_stoeck:
            option["attrs"]["data-no-stoeck"] = True
        return option


class SchieberDealForm(WeisFields, DealForm):
    error_fields: ClassVar[dict[str, str]] = {"match": "points", "weis": "weis_a"}
    weis_names = ("weis_a", "weis_b")
    blank_other_is_none = True

    trump = forms.ChoiceField(
        widget=TrumpSelect, required=False, error_messages={"invalid_choice": _("Choose a trump.")}
    )
    # The teams' choices name the players seated: __init__ sets them (team, stoeck, announced_by, first_out).
    team = forms.ChoiceField(widget=forms.RadioSelect, initial="A")
    points = forms.IntegerField(
        required=False,
        label=_("Card points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": 157}),
    )
    match = forms.BooleanField(required=False, label=_("Match (all 9 tricks)"))
    # a page before the Weis buttons typed the amount into weis_a and weis_b: a number there is taken
    weis_a = WeisField(typed=True, label=_("Weis team A"))
    weis_b = WeisField(typed=True, label=_("Weis team B"))
    weis_a_other = other_field(_("Other Weis of team A"))
    weis_b_other = other_field(_("Other Weis of team B"))
    stoeck = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Stöck"))
    announced_by = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=_("Trump announced by"),
    )
    first_out = forms.ChoiceField(
        required=False, widget=forms.RadioSelect, label=_("Who reached the target first?")
    )
    berg_first = forms.ChoiceField(
        required=False, widget=forms.RadioSelect, label=_("Who reached the Berg first?")
    )
    # Who dealt (Dealing): kept beside the entry, never in it. The next deal's dealer is set by the page.
    dealer_seat = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label=_("Dealer"))
    pushed = forms.BooleanField(
        required=False, label=pgettext_lazy("schieber: trump left to the partner", "Pushed")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.house = house_rules(self.settings)
        modes = trump_modes(self.suit_names, self.house.extra_modes)
        self.fields["trump"].choices = [(m.key, self._trump_label(m)) for m in modes]
        self.fields["trump"].widget.no_stoeck = NO_TRUMP.union(self.house.extra_modes)
        self.trump_letters = trump_letters(modes)
        teams = self.team_choices()
        self.fields["team"].choices = teams
        # "none" clears an answer a correction made moot: the deal no longer ends the game (reaches the Berg)
        nobody = pgettext("target reached first: by no team", "none")
        self.fields["first_out"].choices = [("", nobody), *teams]
        self.fields["berg_first"].choices = [("", pgettext("berg reached first: by no team", "none")), *teams]
        self.fields["stoeck"].choices = [("", pgettext("stöck: by no team", "none")), *teams]
        self.fields["announced_by"].choices = [("", gettext("not noted")), *teams]
        seats = [(seat, name) for seat, name in enumerate(self.seats, start=1)]
        not_noted = self.is_bound or self.initial.get("dealer_seat") is None  # an older deal: nobody noted it
        self.fields["dealer_seat"].choices = [*seats, *([("", gettext("not noted"))] if not_noted else [])]
        number = self.data.get("number") if self.is_bound else self.initial.get("number")
        # set by the page, not typed (outbox.js); moved on by schieber.js when the deal's number moves
        attrs = {"data-by-itself": True, "data-dealer-for": number or ""}
        self.fields["dealer_seat"].widget.attrs.update(attrs)

    def _trump_label(self, mode: ModeName) -> str:
        """An extra mode shows its multiplier, which no suit name tells ("Slalom x4")."""
        if mode.key in self.house.extra_modes:
            return f"{mode.symbol} {mode.name} \u00d7{self.house.multipliers[mode.key]}".strip()
        return f"{mode.symbol} {mode.name}"

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
            **initial_weis("weis_a", weis.get("A")),
            **initial_weis("weis_b", weis.get("B")),
            "stoeck": entry.get("stoeck") or "",
            "announced_by": entry.get("announced_by") or "",
            "first_out": entry.get("first_out") or "",
            "berg_first": entry.get("berg_first") or "",
        }

    def entry(self) -> dict[str, Any]:
        """Card points typed and Match ticked both go to the engine, which refuses the pair (a match is
        instead of points, rules.md): never is one of them dropped without a word. Except 157, all the
        card points of the team the match is ticked for: that says the match once more, so it is the
        match entry."""
        data = self.cleaned_data
        entry: dict[str, Any] = {"trump": data["trump"]} if data.get("trump") else {}
        if data.get("match"):
            entry["match"] = data["team"]
        if data.get("points") is not None and not (data.get("match") and data["points"] == CARD_POINTS):
            entry["points"] = {data["team"]: data["points"]}
        amounts = {team: self.weis_amount(f"weis_{team.lower()}") for team in TEAMS}
        weis = {team: amount for team, amount in amounts.items() if amount}
        if weis:
            entry["weis"] = weis
        for key in ("stoeck", "announced_by", "first_out", "berg_first"):
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
        return self._asked("first_out")

    def needs_berg_first(self) -> bool:
        """Like first_out: only when the engine asked who reached the Berg first (or a value is set)."""
        return self._asked("berg_first")

    def _asked(self, name: str) -> bool:
        return name in self.errors or bool(self.data.get(name) or self.initial.get(name))

    @property
    def match_needs_announcer(self) -> bool:
        """A counter-match bonus of its own (counter_match_bonus): every match must say who announced."""
        return self.house.counter_bonus_set

    def announcer_open(self) -> bool:
        """The question is open when it has an answer or the engine's refusal, or a match is ticked in a game
        whose matches need it (schieber.js opens it when Match is ticked)."""
        if "announced_by" in self.errors or self["announced_by"].value():
            return True
        return self.match_needs_announcer and bool(self["match"].value())

    # ---- what the template draws ------------------------------------------------------------------

    def trump_buttons(self) -> list[TrumpButton]:
        return [
            TrumpButton(radio, self.trump_letters.get(str(radio.data["value"]), ""))
            for radio in self["trump"]
        ]

    def weis_rows(self) -> list[WeisRow]:
        """A row of Weis buttons a team, named by its players; the outbox says "Weis A 50"."""
        labels = dict(self.team_choices())
        return [
            self.weis_row(f"weis_{team.lower()}", RowLook(labels[team], "0", say=_weis_say(team)))
            for team in TEAMS
        ]

    def turn(self) -> Turn:
        announces = gettext("{name} announces")
        pushed_to = gettext("{pusher} pushed: {name} announces")
        dealer = self["dealer_seat"].value()
        seat = whole(dealer)
        pushed = self["pushed"].value() in (True, "on", "true", "1")
        words = turn_words(self.seats, seat, pushed, announces, pushed_to)
        return Turn(self.seats, announces, pushed_to, words)


def _weis_say(team: str) -> str:
    return gettext("Weis %(team)s") % {"team": team}


FORM = SchieberDealForm
