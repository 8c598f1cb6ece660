"""The director's forms: a tournament's options and scoring, registration, and one entrant's changes.

The rules engine checks the scoring settings and the standings module the tie-breaks: the forms only
read what was typed and hand it over, so a refusal is worded in one place. The exception: the pure
standings module words its refusals in English, so the two a director can cause are worded here again
in the page's language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.games.models import Player
from scorekeeper.games.names import clean_name, normalise_name
from scorekeeper.games.rule_messages import translate
from scorekeeper.games.settings_form import SettingsForm
from scorekeeper.games.typed import whole
from scorekeeper.rules.base import InvalidDeal

from .formats import FormatFacts, format_facts
from .models import (
    SELF_REGISTRATION_LIMIT,
    ByeCompensation,
    Entrant,
    Format,
    Scoring,
    Seating,
    Tournament,
    Visibility,
)
from .services import SELF_REGISTRATION_CAPACITY
from .standings import TIE_BREAKS, StandingsError, StandingsRules

PASS_WORDS = ("Pass", "Passe", "Runde", "Round")
"""The clubs' own words, offered as they are whatever the page's language (the language's word first)."""
TIE_BREAK_LABELS = {
    "best_pass": _("Best single pass"),
    "next_best_pass": _("Next best pass"),
    "matches": _("More matches"),
    "fewer_apples": _("Fewer apples"),
    "head_to_head": _("Head-to-head"),
    "lots": _("Drawing lots"),
}
MAX_PASSES = 40
"""A club evening plays 3 to 6 passes, a championship a dozen: 40 is room to spare."""
MAX_DEALS_PER_PASS = 60
"""A pass is 8 to 16 deals at a Schieber event; 60 is room to spare."""
MAX_BYE_SCORE = 1_000_000
"""More than any pass scores at a club's settings (a Schieber pass of 60 deals at x3 stays below 150,000);
40 passes of it still add up to a total far inside a 32-bit integer."""
MAX_CAPACITY = 10_000
"""The largest events seat about 2000 players (the load test plays one); 10,000 is room to spare."""
MAX_TABLE_POINTS = 1000
"""Ranking points per place at a table are 3, 2, 1, 0 or the like; 1000 either way is room to spare."""
NOT_ASKED_WITH_DEAL_LIMIT = ("target", "count_order", "marks", "berg_at", "schneider_below")
"""A pass of a number of deals ends after them: the variant's target stays the format's (never reached),
and so do what only counts on the way to it (the order at the end, the Berg, the marks of a game)."""


def pass_words() -> list[str]:
    """The suggestions for the pass word: the page language's own word, then the clubs' usual ones."""
    return list(dict.fromkeys([pgettext("tournament round", "Pass"), *PASS_WORDS]))


def tie_break_choices() -> list[tuple[str, str]]:
    """Every key of the registry, in its order; a key without a label here still shows."""
    return [(key, TIE_BREAK_LABELS.get(key, key.replace("_", " ").capitalize())) for key in TIE_BREAKS]


def allows_tables_of_three(facts: FormatFacts) -> bool:
    """Tables of 3 only where a table is 4 and the variant is also played by 3 (never with partners)."""
    variant = rules.get_variant(facts.variant)
    return facts.table_size == 4 and not facts.partners and 3 in variant.player_counts


class TournamentForm(forms.Form):
    """The options of a tournament; `drawn` passes fix the format and the least number of passes."""

    name = forms.CharField(max_length=120, label=_("Name"))
    format = forms.ChoiceField(choices=Format.choices, initial=Format.EINZELSCHIEBER, label=_("Format"))
    passes = forms.IntegerField(min_value=1, max_value=MAX_PASSES, initial=4, label=_("Number of passes"))
    deals_per_pass = forms.IntegerField(
        min_value=1, max_value=MAX_DEALS_PER_PASS, initial=12, label=_("Deals per pass")
    )
    pass_word = forms.CharField(
        max_length=20,
        initial=pgettext_lazy("tournament round", "Pass"),
        label=_("Your word for a pass"),
        help_text=_("Pass, Passe, Runde, Round… shown on every page and print-out."),
        widget=forms.TextInput(attrs={"list": "pass-words", "autocomplete": "off"}),
    )
    seating = forms.ChoiceField(
        choices=Seating.choices, initial=Seating.RANDOM, widget=forms.RadioSelect, label=_("Seating")
    )
    by_standings_from = forms.IntegerField(
        min_value=2, max_value=MAX_PASSES, initial=2, label=_("By standings from pass")
    )
    bye_compensation = forms.ChoiceField(
        choices=ByeCompensation.choices,
        initial=ByeCompensation.AVERAGE,
        widget=forms.RadioSelect,
        label=_("A bye scores"),
    )
    bye_score = forms.IntegerField(
        min_value=-MAX_BYE_SCORE, max_value=MAX_BYE_SCORE, initial=0, label=_("Fixed bye score")
    )
    allow_tables_of_three = forms.BooleanField(required=False, label=_("Tables of 3 instead of byes"))
    scoring = forms.ChoiceField(
        choices=Scoring.choices, initial=Scoring.SUM, widget=forms.RadioSelect, label=_("Scoring")
    )
    table_points = forms.CharField(
        required=False,
        initial="3, 2, 1, 0",
        label=_("Ranking points per place at a table"),
        help_text=_("First place first, separated by commas."),
    )
    drop_worst_pass = forms.BooleanField(required=False, label=_("Drop each player's worst pass"))
    visibility = forms.ChoiceField(
        choices=Visibility.choices,
        initial=Visibility.MEMBERS,
        widget=forms.RadioSelect,
        label=_("Who sees the event"),
        help_text=_("Its players' names, seating and standings."),
    )
    public_registration = forms.BooleanField(required=False, label=_("Players may register themselves"))
    capacity = forms.IntegerField(
        min_value=1,
        max_value=MAX_CAPACITY,
        required=False,
        label=_("Capacity"),
        help_text=_("Empty: no limit."),
    )
    self_registration_limit = forms.IntegerField(
        min_value=1,
        max_value=500,
        initial=SELF_REGISTRATION_LIMIT,
        label=_("Self-registrations per 10 minutes"),
        help_text=_("More are refused for a while: a script cannot fill the event, or your roster."),
    )

    def __init__(self, *args: Any, format: str, drawn: int = 0, editing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.format_facts = format_facts(format)
        self.format_label = Format(format).label
        self.fields["capacity"].help_text = gettext(
            "Empty: no limit for you; players registering themselves stop at %(count)s."
        ) % {"count": SELF_REGISTRATION_CAPACITY}
        choices = tie_break_choices()
        for place in range(1, len(choices) + 1):
            self.fields[f"tie_break_{place}"] = forms.ChoiceField(
                choices=[("", "—"), *choices],
                required=False,
                label=_("Tie-break %(place)s") % {"place": place},
            )
        if not self.format_facts.uses_deal_limit:
            del self.fields["deals_per_pass"]
        if not allows_tables_of_three(self.format_facts):
            del self.fields["allow_tables_of_three"]
        if editing:
            self.fields["frozen_from_pass"] = forms.IntegerField(
                min_value=1,
                max_value=MAX_PASSES,
                required=False,
                label=_("Freeze the public standings from pass"),
                help_text=_("Keeps the suspense: the public sees the passes before it only. Empty: live."),
            )
        if drawn:
            self.fields["format"].disabled = True
            self.fields["format"].help_text = _("Fixed once the first pass is drawn.")
            self.fields["passes"].validators.append(_at_least(drawn))

    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("tie_break_")]

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], max_length=Tournament._meta.get_field("name").max_length)

    def clean_pass_word(self) -> str:
        word = " ".join(self.cleaned_data["pass_word"].split())
        if not word:
            raise forms.ValidationError(_("Enter your word for a pass."))
        return word

    def clean_table_points(self) -> list[int]:
        raw = self.cleaned_data["table_points"].replace(";", ",")
        try:
            points = [int(part) for part in raw.split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(_("Whole numbers separated by commas, like 3, 2, 1, 0.")) from None
        if any(abs(place) > MAX_TABLE_POINTS for place in points):
            raise forms.ValidationError(
                _("Each place earns from %(low)s to %(high)s points."),
                params={"low": -MAX_TABLE_POINTS, "high": MAX_TABLE_POINTS},
            )
        return points

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        keys = [data[f.name] for f in self.tie_break_fields() if data.get(f.name)]
        data["tie_breaks"] = keys
        if data.get("seating") == Seating.BY_STANDINGS and (data.get("by_standings_from") or 0) > (
            data.get("passes") or 0
        ):
            self.add_error("by_standings_from", _("Choose a pass the tournament plays."))
        try:
            StandingsRules(
                scoring=data.get("scoring") or Scoring.SUM,
                table_points=tuple(data.get("table_points") or ()),
                tie_breaks=tuple(keys),
            )
        except StandingsError as error:
            refusal = _standings_refusal(keys, data.get("scoring"), data.get("table_points"))
            self.add_error(None, refusal or str(error))
        return data

    def options(self) -> dict[str, Any]:
        """The tournament's fields as cleaned: what create_tournament takes and an edit saves."""
        data = self.cleaned_data
        options = {
            name: data[name]
            for name in (
                "name",
                "format",
                "passes",
                "pass_word",
                "seating",
                "by_standings_from",
                "bye_compensation",
                "bye_score",
                "scoring",
                "table_points",
                "drop_worst_pass",
                "tie_breaks",
                "visibility",
                "public_registration",
                "capacity",
                "self_registration_limit",
            )
        }
        options["deals_per_pass"] = data.get("deals_per_pass")
        options["allow_tables_of_three"] = bool(data.get("allow_tables_of_three"))
        if "frozen_from_pass" in self.fields:
            options["frozen_from_pass"] = data.get("frozen_from_pass")
        return options


def _standings_refusal(keys: list[str], scoring: str | None, table_points: list[int] | None) -> str | None:
    """The refusals of StandingsRules a director can cause, worded in the page's language (the pure
    standings module words its refusals in English); None for any other."""
    twice = [key for key, count in Counter(keys).items() if count > 1]
    if twice:
        labels = dict(tie_break_choices())
        return gettext("A tie-break is listed twice: %(tie_breaks)s.") % {
            "tie_breaks": ", ".join(str(labels.get(key, key)) for key in twice)
        }
    if scoring == Scoring.TABLE_POINTS and not table_points:
        return gettext("Table points need the points for at least the first place.")
    return None


def _at_least(drawn: int) -> Any:
    def check(value: int) -> None:
        if value < drawn:
            raise forms.ValidationError(
                ngettext_lazy(
                    "%(count)s pass is drawn already.", "%(count)s passes are drawn already.", "count"
                ),
                params={"count": drawn},
            )

    return check


def initial_of(tournament: Tournament) -> dict[str, Any]:
    """The edit form's starting values: the tournament as stored."""
    initial: dict[str, Any] = {
        name: getattr(tournament, name)
        for name in (
            "name",
            "format",
            "passes",
            "deals_per_pass",
            "pass_word",
            "seating",
            "by_standings_from",
            "bye_compensation",
            "bye_score",
            "allow_tables_of_three",
            "scoring",
            "drop_worst_pass",
            "visibility",
            "public_registration",
            "capacity",
            "self_registration_limit",
            "frozen_from_pass",
        )
    }
    initial["table_points"] = ", ".join(str(points) for points in tournament.table_points)
    for place, key in enumerate(tournament.tie_breaks, start=1):
        initial[f"tie_break_{place}"] = key
    return initial


def default_tie_breaks() -> dict[str, str]:
    initial = {}
    for place, key in enumerate(Tournament._meta.get_field("tie_breaks").get_default(), start=1):
        initial[f"tie_break_{place}"] = key
    return initial


# ---- the scoring settings over the variant's ------------------------------------------------------


def _expanded(value: Any, default: Any) -> Any:
    """A map setting written as a word ("flat": every factor 1) as the map the form shows."""
    if isinstance(default, Mapping) and value == "flat":
        return dict.fromkeys(default, 1)
    return value


def rules_form(
    data: Any, *, format: str, settings: Mapping[str, Any] | None, suit_names: str
) -> SettingsForm:
    """The variant's settings form, filled with the tournament's settings (or the format's preset)."""
    facts = format_facts(format)
    defaults = rules.get_variant(facts.variant).defaults
    given = facts.settings if settings is None else settings
    shown = {key: _expanded(value, defaults.get(key)) for key, value in given.items()}
    form = SettingsForm(data, variant=facts.variant, settings=shown, suit_names=suit_names, prefix="rules")
    if facts.uses_deal_limit:
        for key in NOT_ASKED_WITH_DEAL_LIMIT:
            form.fields.pop(key, None)
    return form


def tournament_settings(form: SettingsForm, *, format: str) -> dict[str, Any] | None:
    """The settings to store: the format's preset, with what the director changed; None if refused.

    Unchanged, the preset is stored as written (multipliers "flat" stays "flat"), and a setting equal
    to the variant's default is not copied in.
    """
    facts = format_facts(format)
    defaults = rules.get_variant(facts.variant).defaults
    settings = dict(facts.settings)
    for key, value in form.settings().items():
        base = settings.get(key, defaults.get(key))
        if _expanded(base, defaults.get(key)) != value:
            settings[key] = value
    seats = [
        pgettext("seat at a table", "Seat %(number)s") % {"number": number}
        for number in range(1, facts.table_size + 1)
    ]
    try:
        rules.score_game(facts.variant, seats, settings, [])
    except InvalidDeal as error:
        form.add_error(form.rule_field(error), translate(error.text))
        return None
    if (chose := _teams_chosen_by(facts, settings)) is not None:
        message = _("Events seat and rank this game as its format says: keep its sides as they are.")
        form.add_error(chose if chose in form.fields else None, message)
        return None
    return settings


def _teams_chosen_by(facts: FormatFacts, settings: dict[str, Any]) -> str | None:
    """The setting that gives the event's games other sides than the format seats and ranks (a Free board
    in teams, in an event of players each for themself, would rank nobody); None when there is none."""
    own = rules.teams(facts.variant)
    if rules.game_teams(facts.variant, settings, facts.table_size) == own:
        return None
    defaults = rules.get_variant(facts.variant).defaults

    def sides_without(key: str) -> object:
        return rules.game_teams(facts.variant, {**settings, key: defaults[key]}, facts.table_size)

    return next((key for key in settings if sides_without(key) == own), next(iter(settings)))


# ---- entrants -------------------------------------------------------------------------------------


class RegisterForm(forms.Form):
    """One name from the roster (or a guest's), or several, one a line."""

    name = forms.CharField(
        max_length=60,
        required=False,
        label=_("Player"),
        widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off", "placeholder": _("Name")}),
    )
    names = forms.CharField(
        required=False,
        label=_("Several players, one a line"),
        widget=forms.Textarea(attrs={"rows": 5}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        lines = [data.get("name") or "", *(data.get("names") or "").splitlines()]
        typed = [line for line in lines if line.strip()]
        if not typed:
            raise forms.ValidationError(_("Enter a player's name."))
        longest = Player._meta.get_field("name").max_length
        too_long = next((name for name in map(normalise_name, typed) if len(name) > longest), None)
        if too_long is not None:
            raise forms.ValidationError(
                ngettext_lazy(
                    "A name has at most %(count)s character: %(name)s…",
                    "A name has at most %(count)s characters: %(name)s…",
                    "count",
                ),
                params={"count": longest, "name": too_long[:30]},
            )
        data["all_names"] = [clean_name(line, max_length=longest) for line in typed]
        return data


class LateForm(forms.Form):
    def __init__(self, *args: Any, passes: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["from_pass"] = forms.TypedChoiceField(
            coerce=int, choices=[(n, n) for n in range(1, passes + 1)], label=_("Joins from pass")
        )


class WithdrawForm(forms.Form):
    """Empty takes the withdrawal back; 0 withdraws before the first pass."""

    def __init__(self, *args: Any, passes: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [
            ("", _("— plays every pass")),
            (0, _("0 (plays none)")),
            *((n, n) for n in range(1, passes + 1)),
        ]
        self.fields["after_pass"] = forms.TypedChoiceField(
            coerce=int, empty_value=None, required=False, choices=choices, label=_("Plays no pass after pass")
        )


class PartnerForm(forms.Form):
    """Team Schieber: the partner by start number (or by name, as the list offers it)."""

    partner = forms.CharField(
        max_length=70,
        label=_("Partner's start number"),
        widget=forms.TextInput(attrs={"list": "entrant-list", "autocomplete": "off", "inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, entrant: Entrant, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entrant = entrant

    def clean_partner(self) -> Entrant:
        raw = self.cleaned_data["partner"].strip()
        number = whole(raw.split()[0] if raw else "")
        entrants = Entrant.objects.filter(tournament_id=self.entrant.tournament_id).select_related("player")
        found = (
            entrants.filter(number=number).first()
            if number is not None
            else entrants.filter(player__name__iexact=raw).first()
        )
        if found is None:
            raise forms.ValidationError(
                _("No entrant is %(entered)s: enter a start number."), params={"entered": repr(raw)}
            )
        if found.pk == self.entrant.pk:
            raise forms.ValidationError(_("A player cannot partner themselves."))
        return found
