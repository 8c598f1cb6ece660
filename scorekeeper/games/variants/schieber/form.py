"""The Schieber deal form: trump, one team's card points (or a match), Weis, Stöck."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.games.suits import mode_names
from scorekeeper.games.variants.base import DealForm

TEAMS = tuple(rules.teams("schieber"))


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
    weis_a = forms.IntegerField(required=False, min_value=0, label=_("Weis team A"))
    weis_b = forms.IntegerField(required=False, min_value=0, label=_("Weis team B"))
    stoeck = forms.ChoiceField(required=False, widget=forms.RadioSelect, label=_("Stöck"))
    announced_by = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label=_("Trump announced by"),
    )
    first_out = forms.ChoiceField(
        required=False, widget=forms.RadioSelect, label=_("Who reached the target first?")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["trump"].choices = [(m.key, f"{m.symbol} {m.name}") for m in mode_names(self.suit_names)]
        teams = self.team_choices()
        self.fields["team"].choices = teams
        # "none" clears an answer a correction made moot: the deal no longer ends the game
        nobody = pgettext("target reached first: by no team", "none")
        self.fields["first_out"].choices = [("", nobody), *teams]
        self.fields["stoeck"].choices = [("", pgettext("stöck: by no team", "none")), *teams]
        self.fields["announced_by"].choices = [("", gettext("not noted")), *teams]
        for weis in ("weis_a", "weis_b"):
            self.fields[weis].widget.attrs.update({"inputmode": "numeric", "step": 10, "placeholder": "0"})

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
            "weis_a": weis.get("A") or None,
            "weis_b": weis.get("B") or None,
            "stoeck": entry.get("stoeck") or "",
            "announced_by": entry.get("announced_by") or "",
            "first_out": entry.get("first_out") or "",
        }

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

    def needs_first_out(self) -> bool:
        """Shown only when the engine asked for it (or a value is already set)."""
        return "first_out" in self.errors or bool(self.data.get("first_out") or self.initial.get("first_out"))


FORM = SchieberDealForm
