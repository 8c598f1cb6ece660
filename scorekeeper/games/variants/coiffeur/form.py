"""The Coiffeur deal form: the announcing team, its row, and its card points (or a match, a counter-match);
where the club counts them (house rule `weis`), the team's Weis and Stöck.

Team and row are plain text fields shown as buttons, so a team or row the board does not know gets the
engine's own message, not a generic "invalid choice".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.forms.boundfield import BoundWidget
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.games.suits import mode_name
from scorekeeper.games.variants.base import DealForm
from scorekeeper.games.variants.weis import RowLook, WeisField, WeisFields, WeisRow, initial_weis, other_field
from scorekeeper.rules.base import CARD_POINTS

TEAMS = tuple(rules.teams("coiffeur"))


def team_choices(seats: Sequence[str]) -> list[tuple[str, str]]:
    """Team A is seats 1 and 3, team B seats 2 and 4: the buttons show who that is."""
    if len(seats) != 4:
        return [(team, gettext("Team %(team)s") % {"team": team}) for team in TEAMS]
    return [("A", f"A · {seats[0]} & {seats[2]}"), ("B", f"B · {seats[1]} & {seats[3]}")]


def row_label(suit_names: str, name: str, multiplier: int) -> str:
    """A trump row in the club's suit names with its symbol; a club's own row (Slalom) as it is."""
    mode = mode_name(suit_names, name)
    return f"{mode.symbol} {mode.name} \u00d7{multiplier}".strip()


class CoiffeurDealForm(WeisFields, DealForm):
    team = forms.CharField(required=False, widget=forms.RadioSelect, label=_("Announced by"))
    row = forms.CharField(
        required=False, widget=forms.RadioSelect, label=pgettext_lazy("coiffeur: a row of the board", "Row")
    )
    points = forms.IntegerField(
        required=False,
        label=_("Card points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off", "min": 0, "max": 157}),
    )
    match = forms.BooleanField(required=False, label=_("Match (all 9 tricks)"))
    counter_match = forms.BooleanField(required=False, label=_("Counter-match (the others took all 9)"))
    weis = WeisField(label=_("Weis"))
    weis_other = other_field(_("Weis (other amount)"))
    stoeck = forms.BooleanField(required=False, label=_("Stöck"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].widget.choices = team_choices(self.seats)
        board = self.state.get("rows", [])
        self.fields["row"].widget.choices = [(name, row_label(self.suit_names, name, m)) for name, m in board]

    def open_rows(self) -> dict[str, set[str]]:
        """Each team's rows still to play. A correction keeps its own row, whether or not the state it
        was given already counts the deal being corrected."""
        stored = self.state.get("open_rows", {})
        rows = {team: set(stored.get(team, [])) for team in TEAMS}
        corrected_team, corrected_row = self.initial.get("row_team"), self.initial.get("row")
        if self.initial.get("version") and corrected_team in rows and corrected_row:
            rows[corrected_team].add(corrected_row)
        return rows

    def next_team(self, last: str | None = None) -> str:
        """The teams take turns: the team that did not announce the last deal (`last`) is offered, unless it
        has played every row. Not knowing the last deal, the team with more rows open (A on a tie): the
        first deal is team A's."""
        rows = self.open_rows()
        if last in TEAMS:
            other = TEAMS[1 - TEAMS.index(last)]
            return other if rows[other] or not rows[last] else last
        return "B" if len(rows["B"]) > len(rows["A"]) else "A"

    def team_buttons(self, last: str | None = None) -> list[BoundWidget]:
        """The team radios, the next team's ticked on a new deal's form: `last` is the team that announced
        the game's last deal (the board knows it, the engine's state does not). A posted team, a
        correction's own or one the view gave stays ticked. The default is drawn in the form, so it is
        part of its shape: a saved deal's answer carries the next form whenever the default moves on."""
        bound = self["team"]
        if self.is_bound or self.initial.get("team"):
            return list(bound)
        widget = bound.field.widget
        attrs = bound.build_widget_attrs({"id": bound.auto_id} if bound.auto_id else {})
        return [
            BoundWidget(widget, radio, self.renderer)
            for radio in widget.subwidgets(bound.html_name, self.next_team(last), attrs=attrs)
        ]

    def row_buttons(self) -> list[tuple[Any, str]]:
        """Each row's radio with the teams it is open for; CSS shows the selected team's rows only."""
        rows = self.open_rows()
        return [
            (radio, " ".join(team for team in TEAMS if radio.data["value"] in rows[team]))
            for radio in self["row"]
        ]

    def finished_teams(self) -> list[str]:
        """Teams with no row left: the form says so instead of showing no buttons at all."""
        return [team for team, rows in self.open_rows().items() if not rows]

    def shows_weis(self) -> bool:
        """Under the house rule `weis`; in any other game only while Weis or Stöck was posted, so the
        engine's refusal stands beside what it refuses and can be cleared."""
        if self.settings.get("weis") is True:
            return True
        names = ("weis", "weis_other", "stoeck")
        if not self.is_bound:
            return any(self.initial.get(name) for name in names)
        return any(self.data.get(name) or self.errors.get(name) for name in names)

    def weis_rows(self) -> list[WeisRow]:
        """The announcing team's Weis: one row, each amount said "Weis 50" (no team legend says it)."""
        look = RowLook(
            gettext("Weis of the announcing team"),
            pgettext("weis: none announced", "none"),
            spoken=True,
            error_ids="{name}-error",
        )
        return [self.weis_row("weis", look)]

    @classmethod
    def initial_from_entry(cls, entry: dict[str, Any]) -> dict[str, Any]:
        team = entry.get("team", "")
        return {
            "team": team,
            "row_team": team,
            "row": entry.get("row", ""),
            "points": entry.get("points"),
            "match": bool(entry.get("match")),
            "counter_match": bool(entry.get("counter_match")),
            **initial_weis("weis", (entry.get("weis") or {}).get(team)),
            "stoeck": bool(entry.get("stoeck")),
        }

    def entry(self) -> dict[str, Any]:
        """Weis and Stöck are the announcing team's: the only team whose row the deal fills. Card points
        typed beside a Match go to the engine, which refuses the pair, except 157: all the card points of
        the announcing team say its match once more, so that is the match entry (with a counter-match
        ticked too, the engine's refusal of the pair stands as it is)."""
        data = self.cleaned_data
        team = data.get("team")
        entry: dict[str, Any] = {key: data[key] for key in ("team", "row") if data.get(key)}
        said_match = data.get("match") and not data.get("counter_match") and data.get("points") == CARD_POINTS
        if data.get("points") is not None and not said_match:
            entry["points"] = data["points"]
        for flag in ("match", "counter_match"):
            if data.get(flag):
                entry[flag] = True
        weis = self.weis_amount()
        if weis and team:
            entry["weis"] = {team: weis}
        if data.get("stoeck") and team:
            entry["stoeck"] = team
        return entry


FORM = CoiffeurDealForm
