"""Forms for clubs, members, players and new games. Rules are checked by the engine, not here."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, pgettext_lazy

from scorekeeper import rules
from scorekeeper.games.models import (
    INVITE_DAYS_MAX,
    INVITE_ROLES,
    INVITE_USES_MAX,
    Club,
    Player,
    Role,
    variant_name,
)
from scorekeeper.games.names import clean_name
from scorekeeper.games.rule_messages import translate
from scorekeeper.games.suits import EXTRA_MODES, mode_name, row_names
from scorekeeper.games.variants import playable_variants
from scorekeeper.rules.base import (
    MODES,
    CountsOrNull,
    NamedFactors,
    OneOf,
    SettingShape,
    WholeOrNull,
    preset_name,
    setting_shapes,
)

DJANGO_SIGN_IN_MESSAGES = (
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    ),
)
"""Django's own words on the sign-in page, in our catalogue too: it comes before Django's, whose German
writes ß where Swiss Standard German writes ss."""


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ("name", "is_public", "suit_names", "language")
        widgets = {"suit_names": forms.RadioSelect}
        # the labels Django derives from these fields' names, as words a translator sees
        labels = {"name": _("Name"), "suit_names": _("Suit names")}

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"], max_length=Club._meta.get_field("name").max_length)
        if not slugify(name):
            raise forms.ValidationError(_("The name needs at least one letter or digit."))
        return name


class MemberForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Username of a signed-up user"))
    role = forms.ChoiceField(choices=Role.choices, initial=Role.SCORER, label=_("Role"))

    def clean_username(self) -> User:
        username = self.cleaned_data["username"].strip()
        user = User.objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(
                _("No user is called %(name)s: they sign up first."), params={"name": repr(username)}
            )
        return user


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices, label=_("Role"))


class InviteForm(forms.Form):
    """A new invite link: the role it gives (below admin), how long it works, how often, and optionally
    the roster player it is for (then it links that player to whoever joins, once)."""

    role = forms.ChoiceField(
        choices=[(role.value, role.label) for role in INVITE_ROLES], initial=Role.VIEWER, label=_("Role")
    )
    days = forms.IntegerField(min_value=1, max_value=INVITE_DAYS_MAX, initial=14, label=_("Works for (days)"))
    max_uses = forms.IntegerField(
        min_value=1,
        max_value=INVITE_USES_MAX,
        required=False,
        label=_("Number of uses"),
        help_text=_("Empty: anyone with the link may join until it expires."),
    )
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("Nobody in particular"),
        label=_("For the roster player"),
        help_text=_("Whoever joins with it becomes this player: their games and ratings are theirs to see."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = club.players.filter(user__isnull=True).order_by("name")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("player") is not None and data.get("max_uses") not in (None, 1):
            self.add_error(
                "max_uses", _("An invite for a roster player is good for one use: leave this empty.")
            )
        return data


class LinkForm(forms.Form):
    """The roster player a member is (the club admins link them)."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = club.players.all()


PLAYER_NAME_LENGTH = Player._meta.get_field("name").max_length


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=PLAYER_NAME_LENGTH, label=_("New player"))

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], max_length=PLAYER_NAME_LENGTH)


def variant_choices() -> list[tuple[str, str]]:
    """Variants that have both rules and a deal form: only those can be played live."""
    return [(key, variant_name(key)) for key in playable_variants()]


class NewGameForm(forms.Form):
    """Variant, players by seat (the first as many as the variant needs, more optional) and a preset."""

    variant = forms.ChoiceField(choices=variant_choices, label=_("Variant"))
    preset = forms.ChoiceField(required=False, label=_("Preset"))

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules.get_variant(variant)
        self.fields["preset"].choices = [(name, translate(preset_name(name))) for name in self.rules.presets]
        counts = self.rules.player_counts
        for seat in range(1, counts[-1] + 1):
            self.fields[f"seat_{seat}"] = forms.CharField(
                max_length=PLAYER_NAME_LENGTH,
                required=seat <= counts[0],
                label=seat_label(variant, seat, needed_with=needed_with(counts, seat)),
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def clean(self) -> dict[str, Any]:
        """Seat names cleaned as every name is; empty optional seats dropped; the engine checks the count."""
        data = super().clean()
        names: list[str] = []
        for field in self.seat_fields():
            typed = data.get(field.name, "")
            if not typed:
                continue
            try:
                name = clean_name(typed, max_length=PLAYER_NAME_LENGTH)
            except forms.ValidationError as error:
                self.add_error(field.name, error)
                continue
            if name.casefold() in (taken.casefold() for taken in names):
                self.add_error(field.name, _("%(name)s already has a seat.") % {"name": name})
            names.append(name)
        data["players"] = names
        return data


def needed_with(counts: tuple[int, ...], seat: int) -> int | None:
    """For a seat beyond the fewest players: 0 if a game with just that many more players is played
    (optional), else the number of players that fills it (Putz is 3 or 5: seat 4 is for 5 players).
    None for a seat every game needs."""
    if seat <= counts[0]:
        return None
    if all(count in counts for count in range(counts[0], seat + 1)):
        return 0
    return next(count for count in counts if count >= seat)


def seat_label(variant: str, seat: int, *, needed_with: int | None = None) -> str:
    """Seat 1 · team A in the team variants, else Seat 1: each label one whole phrase to translate.

    `needed_with` as `needed_with()` says: a seat always needed, an optional one, or one for so many
    players (a seat labelled optional must never make a count the variant refuses)."""
    team = rules.side_of_seat(variant, seat, "")
    values = {"seat": seat, "team": team, "count": needed_with}
    if team:
        if needed_with is not None:
            return _("Seat %(seat)s · team %(team)s (optional)") % values
        return _("Seat %(seat)s · team %(team)s") % values
    if needed_with == 0:
        return _("Seat %(seat)s (optional)") % values
    if needed_with:
        return _("Seat %(seat)s (only with %(count)s players)") % values
    return _("Seat %(seat)s") % values


SETTING_LABELS: dict[str, Promise] = {
    "apple_below": pgettext_lazy("game setting", "Apple below"),
    "big_hand_others": pgettext_lazy("game setting", "Big hand others"),
    "counter_match_bonus": pgettext_lazy("game setting", "Counter match bonus"),
    "deals": pgettext_lazy("game setting", "Deals"),
    "exact_bonus": pgettext_lazy("game setting", "Exact bonus"),
    "fifth_trick_penalty": pgettext_lazy("game setting", "Fifth trick penalty"),
    "games": pgettext_lazy("game setting: the Jazz sub-games played", "Games"),
    "king_in_last_trick_extra": pgettext_lazy("game setting", "King in last trick extra"),
    "lose_at": pgettext_lazy("game setting", "Lose at"),
    "match_bonus": pgettext_lazy("game setting", "Match bonus"),
    "min_points": pgettext_lazy("game setting", "Min points"),
    "multipliers": pgettext_lazy("game setting", "Multipliers"),
    "multiply_weis": pgettext_lazy("game setting", "Multiply weis"),
    "out_at": pgettext_lazy("game setting", "Out at"),
    "penalties": pgettext_lazy("game setting", "Penalties"),
    "removed_twos": pgettext_lazy("game setting", "Removed twos"),
    "rounds": pgettext_lazy("game setting", "Rounds"),
    "rows": pgettext_lazy("game setting: the Coiffeur rows", "Rows"),
    "target": pgettext_lazy("game setting", "Target"),
    "win_at": pgettext_lazy("game setting", "Win at"),
    # Jazz's penalties, by sub-game (named as the Jazz rules name them) or by card
    "spades": _("Spades"),
    "clubs": _("Clubs"),
    "tricks": _("Tricks"),
    "plus": _("Plus"),
    "honors": _("Honors"),
    "jacks": _("Jacks"),
    "queens": _("Queens"),
    "king_of_hearts": pgettext_lazy("game setting: a Jazz penalty", "King of hearts"),
    "last_trick": pgettext_lazy("game setting: a Jazz penalty", "Last trick"),
    "fantan": pgettext_lazy("game setting: a Jazz penalty", "Fantan"),
    # issue 14's house rules
    "count_order": pgettext_lazy("game setting: the order of Stöck, Weis and card points", "Counting order"),
    "extra_modes": pgettext_lazy("game setting: Schieber's modes beyond the six", "Extra modes"),
    "weis_card_twice": pgettext_lazy("game setting", "One card in two Weis"),
    "marks": pgettext_lazy("game setting", "Count marks (Striche)"),
    "berg_at": pgettext_lazy("game setting", "Berg at"),
    "schneider_below": pgettext_lazy("game setting", "Schneider below"),
    "match_bonus_multiplied": pgettext_lazy("game setting", "Multiply the match bonus"),
    "counter_match": pgettext_lazy("game setting: what a Coiffeur counter-match does", "Counter-match"),
    "weis": pgettext_lazy("game setting: Coiffeur", "Count Weis and Stöck"),
    "round_to": pgettext_lazy("game setting: Coiffeur's rounding", "Card points"),
    "exact_bonus_on_zero": pgettext_lazy("game setting: Differenzler", "Exact bonus for 0 too"),
    "end_at": pgettext_lazy("game setting: Differenzler", "End at a total"),
}
"""The variants' settings (and the items of their maps) in words; a key without one shows as itself."""

SETTING_HELP: dict[str, Promise] = {
    "count_order": _(
        "What counts first in the deal that ends the game, and in the deal that reaches the Berg."
    ),
    "counter_match_bonus": _("A counter-match is a match by the team that did not announce."),
    "schieber.counter_match_bonus": _(
        "A counter-match is a match by the team that did not announce. Blank: it scores the match bonus; "
        "with a bonus of its own, each match names the team that announced."
    ),
    "extra_modes": _(
        "Modes without a trump suit, each with its multiplier: a deal in one counts like Obenabe "
        "(157 card points, no Stöck)."
    ),
    "weis_card_twice": _("Kreuzweis: a note for the table, it changes no score."),
    "marks": _(
        "Strokes on the Jasstafel beside the points: for a win, the Berg, a match, a counter-match and "
        "a Schneider."
    ),
    "berg_at": _("The first team to reach it gets the marks for the Berg. Blank: half the target."),
    "schneider_below": _(
        "The winners get the marks for a Schneider when the losers end below it. Blank: half the target."
    ),
    "match_bonus_multiplied": _(
        "Ticked: a match scores (157 + bonus) times the multiplier; unticked: 157 times the multiplier, "
        "plus the bonus."
    ),
    "counter_match": _("A counter-match: the team that did not announce takes every trick."),
    "weis": _("The announcing team's Weis and Stöck add to the row's card points, before the multiplier."),
    "round_to": _("With Weis and Stöck, before the multiplier; 5 rounds up."),
    "exact_bonus_on_zero": _("By the Swiss rule an exact 0 (0 predicted, 0 taken) earns no bonus."),
    "end_at": _(
        "The game ends after the deal in which a player's total reaches it. Blank: after the number of deals."
    ),
}
"""A sentence under a setting, in the players' words, where its label alone does not say enough; a key
"variant.setting" says it for that variant only."""

BLANK_MEANS: dict[str, Promise] = {
    "counter_match_bonus": _("same as the match bonus"),
    "berg_at": _("half the target"),
    "schneider_below": _("half the target"),
    "end_at": _("after the number of deals"),
}
"""What a number setting left blank means (the engine's rule for null), as its box's placeholder."""

CHOICE_LABELS: dict[tuple[str, str | int], Promise] = {
    ("count_order", "stoeck_weis_stich"): _("Stöck, Weis, then card points"),
    ("count_order", "stoeck_stich_weis"): _("Stöck, card points, then Weis"),
    ("counter_match", "bonus"): _("The other team gets the counter-match bonus"),
    ("counter_match", "penalty"): _("The announcing team loses the bonus times the row's multiplier"),
    ("round_to", 1): pgettext_lazy("coiffeur: card points not rounded", "As they are"),
    ("round_to", 10): pgettext_lazy("coiffeur: card points rounded", "Rounded to tens"),
}
"""The values the engine offers for a setting (base.OneOf), in words; a value without one shows as itself."""

MARK_LABELS: dict[str, Promise] = {
    "win": pgettext_lazy("marks for", "A win"),
    "berg": pgettext_lazy("marks for", "The Berg"),
    "match": pgettext_lazy("marks for", "A match"),
    "counter_match": pgettext_lazy("marks for", "A counter-match"),
    "schneider": pgettext_lazy("marks for", "A Schneider"),
}
"""The kinds of marks (Striche) the engine counts, each above its number."""


def setting_label(key: str) -> str:
    return str(SETTING_LABELS.get(key, key.replace("_", " ").capitalize()))


def _words(labels: Mapping[Any, Promise], key: Any) -> str:
    """A key's words, or the key as it is (a value or kind the engine added after these words)."""
    return str(labels[key]) if key in labels else str(key)


class ByPlayerCountField(forms.JSONField):
    """A null default means "by player count" (Putz lose_at, Jazz removed_twos): a blank box, not null."""

    widget = forms.TextInput(attrs={"placeholder": _("by player count")})

    def prepare_value(self, value: Any) -> Any:
        return "" if value is None else super().prepare_value(value)


Row = list[Any]
"""A board's row as the engine takes it, [name, multiplier]; the multiplier as typed if it is no number."""
_WHOLE = re.compile(r"[+-]?[0-9]{1,20}")


def is_board(value: Any) -> bool:
    """A list of [name, number] pairs (Coiffeur's rows): edited row by row, not typed as JSON."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(row, list | tuple)
            and len(row) == 2
            and isinstance(row[0], str)
            and isinstance(row[1], int)
            for row in value
        )
    )


class BoardWidget(forms.Widget):
    """A board as lines of a row (a select) and its multiplier (a number), in playing order.

    Plain inputs, so the form works without JavaScript: a line left at "none" is dropped, and the order
    is the lines' order. board.js adds buttons to add, remove and move lines. `kind` is what a line
    holds, in the editor's words: a Coiffeur "row" or a Schieber "mode" (extra_modes)."""

    template_name = "scorekeeper/widgets/board.html"
    use_fieldset = True

    def __init__(self, choices: Sequence[tuple[str, str]] = (), lines: int = 0, kind: str = "row") -> None:
        super().__init__()
        self.choices = list(choices)
        self.lines = lines
        self.kind = kind

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[list[str]]:
        return [
            [data.get(f"{name}-{line}-row", ""), data.get(f"{name}-{line}-multiplier", "")]
            for line in range(self.lines)
        ]

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        """None of its lines posted (a page or a script older than the setting): not an empty board."""
        return not any(
            f"{name}-{line}-{part}" in data for line in range(self.lines) for part in ("row", "multiplier")
        )

    def id_for_label(self, id_: str) -> str:
        return f"{id_}-0-row" if id_ else id_

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        shown = [list(row) for row in value or [] if isinstance(row, list | tuple) and len(row) == 2]
        shown += [["", ""]] * (self.lines - len(shown))
        context["widget"]["lines"] = [
            {"number": line + 1, "prefix": f"{name}-{line}", "row": row, "multiplier": _typed(multiplier)}
            for line, (row, multiplier) in enumerate(shown[: self.lines])
        ]
        context["widget"]["choices"] = self.choices
        context["widget"]["kind"] = self.kind
        context["widget"]["invalid"] = context["widget"]["attrs"].get("aria-invalid") == "true"
        return context

    def _render(self, template_name: str, context: dict[str, Any], renderer: Any = None) -> SafeString:
        return _project_template(template_name, context)


def _project_template(template_name: str, context: dict[str, Any]) -> SafeString:
    """From the project's templates, where the pages' own pieces are (the form renderer looks in the
    apps' folders only)."""
    return render_to_string(template_name, context)


class BoardField(forms.Field):
    """The rows picked, in order, as the engine takes them; the engine judges the board (multipliers,
    rows twice, how many). Here only what a select and a number box can get wrong: a row the list does
    not offer, a multiplier on a line with no row."""

    kind = "row"
    no_pick = _("Pick the row of line %(line)s, or clear its multiplier.")
    not_offered = _("Line %(line)s: pick a row from the list.")

    def __init__(self, *, choices: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        self.choices = list(choices)
        kwargs.setdefault("widget", BoardWidget(self.choices, lines=len(self.choices), kind=self.kind))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[Row]:
        if not isinstance(value, list):
            return []
        offered = {key for key, _ in self.choices}
        rows: list[Row] = []
        for line, (row, multiplier) in enumerate(value, start=1):
            if not row:
                if multiplier.strip():
                    raise forms.ValidationError(self.no_pick % {"line": line})
                continue
            if row not in offered:
                raise forms.ValidationError(self.not_offered % {"line": line})
            rows.append([row, _number(multiplier)])
        return rows


class ModesField(BoardField):
    """Schieber's extra modes (base.NamedFactors): lines of a mode and its multiplier, posted as the
    engine's map of mode to multiplier. A mode on two lines would lose one in the map: refused here."""

    kind = "mode"
    no_pick = _("Pick the mode of line %(line)s, or clear its multiplier.")
    not_offered = _("Line %(line)s: pick a mode from the list.")

    def prepare_value(self, value: Any) -> Any:
        """The engine's map as the editor's lines."""
        return [[name, factor] for name, factor in value.items()] if isinstance(value, Mapping) else value

    def to_python(self, value: Any) -> dict[str, int | str | None]:
        modes: dict[str, int | str | None] = {}
        for name, factor in super().to_python(value):
            if name in modes:
                message = _("%(mode)s is on two lines: give each mode one line.")
                raise forms.ValidationError(message % {"mode": dict(self.choices)[name]})
            modes[name] = factor
        return modes


class PickWidget(forms.Widget):
    """A setting's few values as buttons to tap (radio inputs: a group that works without JavaScript)."""

    template_name = "scorekeeper/widgets/pick.html"
    use_fieldset = True

    def __init__(self, choices: Sequence[tuple[str | int, str]] = ()) -> None:
        super().__init__()
        self.choices = list(choices)

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        shown = "" if value is None else str(value)
        context["widget"]["choices"] = [
            {"value": str(key), "label": label, "checked": str(key) == shown} for key, label in self.choices
        ]
        context["widget"]["invalid"] = context["widget"]["attrs"].get("aria-invalid") == "true"
        return context

    def id_for_label(self, id_: str) -> str:
        return f"{id_}_0" if id_ else id_

    def _render(self, template_name: str, context: dict[str, Any], renderer: Any = None) -> SafeString:
        return _project_template(template_name, context)


class PickField(forms.Field):
    """One of the values the engine offers (base.OneOf), as the engine takes it (10, not "10"). Any
    other value goes to the engine as posted, so its refusal names the setting in its own words."""

    def __init__(self, *, choices: Sequence[tuple[str | int, str]], **kwargs: Any) -> None:
        self.choices = list(choices)
        kwargs.setdefault("widget", PickWidget(self.choices))
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> Any:
        return next((key for key, _ in self.choices if str(key) == value), value)


class WholeOrBlankField(forms.Field):
    """A whole number, or blank for the engine's rule without one (base.WholeOrNull): its placeholder
    says what blank means. Anything else goes to the engine as typed, which names the range."""

    def __init__(self, *, blank: str, **kwargs: Any) -> None:
        attrs = {"placeholder": blank, "inputmode": "numeric", "autocomplete": "off"}
        super().__init__(required=False, widget=forms.NumberInput(attrs=attrs), **kwargs)

    def to_python(self, value: Any) -> int | str | None:
        return _number(value) if isinstance(value, str) else value

    def prepare_value(self, value: Any) -> Any:
        return "" if value is None else value


MarksTyped = tuple[bool, dict[str, str]]
"""The marks as posted: whether the box is ticked, and each kind's number as typed."""


class MarksWidget(forms.Widget):
    """A box to count marks at all, and a number a kind (shown only while it is ticked, app.css)."""

    template_name = "scorekeeper/widgets/marks.html"
    use_fieldset = True

    def __init__(self, kinds: Sequence[tuple[str, str]] = (), usual: Mapping[str, int] | None = None) -> None:
        super().__init__()
        self.kinds = list(kinds)
        self.usual = dict(usual or {})
        self.label: Any = ""
        self.help = False

    def value_from_datadict(self, data: Any, files: Any, name: str) -> MarksTyped:
        ticked = forms.CheckboxInput().value_from_datadict(data, files, name)
        return ticked, {kind: data.get(f"{name}-{kind}", "") for kind, _ in self.kinds}

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        """Nothing of it posted; an unticked box posts nothing, but its numbers come all the same."""
        return name not in data and not any(f"{name}-{kind}" in data for kind, _ in self.kinds)

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        ticked, typed = self._shown(value)
        context["widget"]["ticked"] = ticked
        context["widget"].update(label=self.label, help=self.help)
        context["widget"]["kinds"] = [
            {"key": kind, "label": label, "value": typed.get(kind, "")} for kind, label in self.kinds
        ]
        context["widget"]["invalid"] = context["widget"]["attrs"].get("aria-invalid") == "true"
        return context

    def _shown(self, value: Any) -> MarksTyped:
        """As posted; else the engine's value: null (unticked, the usual numbers ready), or the map."""
        if isinstance(value, tuple):
            return value
        if isinstance(value, Mapping):
            return True, {kind: _typed(value.get(kind, 0)) for kind, _ in self.kinds}
        return False, {kind: _typed(self.usual.get(kind)) for kind, _ in self.kinds}

    def _render(self, template_name: str, context: dict[str, Any], renderer: Any = None) -> SafeString:
        return _project_template(template_name, context)


class MarksField(forms.Field):
    """Null when the box is not ticked; else every kind's number as the engine takes it (blank: 0).
    The engine judges the numbers: a number it refuses is passed to it as typed."""

    def __init__(self, *, kinds: Sequence[tuple[str, str]], usual: Mapping[str, int], **kwargs: Any) -> None:
        super().__init__(required=False, widget=MarksWidget(kinds, usual), **kwargs)
        self.widget.label = self.label  # the box's own words: the fieldset's legend is the box
        self.widget.help = bool(self.help_text)

    def to_python(self, value: Any) -> dict[str, int | str] | None:
        if not isinstance(value, tuple):
            return value
        ticked, typed = value
        if not ticked:
            return None
        numbers = {kind: _number(text) for kind, text in typed.items()}
        return {kind: 0 if number is None else number for kind, number in numbers.items()}


def _typed(value: Any) -> str:
    """A multiplier as its input shows it: never localized (1'000), blank for none."""
    return "" if value is None else str(value)


def _number(typed: str) -> int | str | None:
    """A whole number as a number; anything else as typed (the engine names the row it refuses)."""
    typed = typed.strip()
    if not typed:
        return None
    return int(typed) if _WHOLE.fullmatch(typed) else typed


def _with_own(known: list[tuple[str, str]], present: list[str]) -> list[tuple[str, str]]:
    """The choices offered, then any name already there that they lack, as it is."""
    keys = {key for key, _ in known}
    return known + [(name, name) for name in dict.fromkeys(present) if name not in keys]


class SettingsForm(forms.Form):
    """One field per setting: as the engine says it takes it (base.setting_shapes), else typed by its
    default; maps become one field per key, and a board (Coiffeur's rows) one editor of lines.

    The values shown are the variant's defaults, under the preset's, under `settings` (an event's)."""

    def __init__(
        self,
        *args: Any,
        variant: str,
        preset: str | None = None,
        settings: Mapping[str, Any] | None = None,
        suit_names: str = "german",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules.get_variant(variant)
        self.shapes = setting_shapes(self.rules)
        self.suit_names = suit_names
        values = dict(self.rules.defaults)
        for layer in (self.rules.presets.get(preset or "", {}), settings or {}):
            values.update({key: self._over(values.get(key), key, value) for key, value in layer.items()})
        for key, value in values.items():
            self._add(key, value)

    def _over(self, below: Any, key: str, value: Any) -> Any:
        """A map that names some of its items (multipliers {"obenabe": 4}) keeps the others from below,
        as the engine reads it; any other value replaces what is below."""
        if key not in self.shapes and isinstance(below, Mapping) and isinstance(value, Mapping):
            return {**below, **value}
        return value

    def _add(self, key: str, value: Any, *, trumps: bool = False) -> None:
        """`trumps`: the item of a map of trump modes (multipliers), labelled in the club's suit names."""
        label = self._label(key.rpartition(".")[2], trumps)
        help_text = SETTING_HELP.get(f"{self.rules.key}.{key}", SETTING_HELP.get(key, ""))
        words = {"label": label, "help_text": help_text}
        if key in self.shapes:
            self.fields[key] = self._shaped(key, self.shapes[key], value, words)
        elif isinstance(value, bool):
            self.fields[key] = forms.BooleanField(required=False, initial=value, **words)
        elif isinstance(value, int):
            self.fields[key] = forms.IntegerField(initial=value, **words)
        elif is_board(value):
            self.fields[key] = BoardField(
                choices=self._row_choices(value), initial=value, required=False, **words
            )
        elif isinstance(value, Mapping):
            of_trumps = all(name in MODES for name in value)
            for name, item in value.items():
                self._add(f"{key}.{name}", item, trumps=of_trumps)
        else:
            # Not required: an empty list or a blank box goes to the engine, which says what is missing.
            field = forms.JSONField if value is not None else ByPlayerCountField
            self.fields[key] = field(initial=value, required=False, **words)

    def _shaped(self, key: str, shape: SettingShape, value: Any, words: dict[str, Any]) -> forms.Field:
        """The input for what the engine says the setting takes; its values and kinds are the engine's."""
        if isinstance(shape, OneOf):
            choices = [(option, _words(CHOICE_LABELS, (key, option))) for option in shape.values]
            return PickField(choices=choices, initial=value, **words)
        if isinstance(shape, WholeOrNull):
            return WholeOrBlankField(blank=BLANK_MEANS.get(key, ""), initial=value, **words)
        if isinstance(shape, CountsOrNull):
            kinds = [(kind, _words(MARK_LABELS, kind)) for kind in shape.kinds]
            return MarksField(kinds=kinds, usual=shape.usual, initial=value, **words)
        assert isinstance(shape, NamedFactors)
        own = list(value) if isinstance(value, Mapping) else []
        return ModesField(choices=self._mode_choices(own), initial=value, required=False, **words)

    def _row_choices(self, board: list[Row]) -> list[tuple[str, str]]:
        """The rows clubs play in the club's suit names, and any other row the board has already (an
        event's stored board may have a row of the club's own)."""
        known = [(mode.key, f"{mode.symbol} {mode.name}".strip()) for mode in row_names(self.suit_names)]
        return _with_own(known, [name for name, _ in board])

    def _mode_choices(self, stored: list[str]) -> list[tuple[str, str]]:
        """The modes without a trump suit clubs play, and any other the settings have already."""
        known = [(key, str(mode_name(self.suit_names, key).name)) for key in EXTRA_MODES]
        return _with_own(known, stored)

    def _label(self, name: str, trumps: bool) -> str:
        """A map's item is labelled by its own name; a trump mode in the club's words (Schilten, Spades).

        Only in a map of trump modes: Jazz's penalties for spades are about a French deck's spades."""
        return mode_name(self.suit_names, name).name if trumps else setting_label(name)

    def rule_field(self, error: rules.InvalidDeal) -> str | None:
        """The input the engine's refusal is about: a map's item (multipliers.hearts), else the setting
        (an editor of several inputs: marks, extra_modes); None when this form has none (a seat, the
        variant), so the message goes elsewhere."""
        for name in (f"{error.field}.{error.item}" if error.item else None, error.field):
            if name in self.fields:
                return name
        return None

    def settings(self) -> dict[str, Any]:
        """cleaned_data folded back into the variant's settings shape.

        An input the post left out entirely (a page or a script older than the setting) keeps what the
        form showed, its preset's value. Every setting is stored, defaults too: a game keeps the rules it
        was started with if a default changes later (as Differenzler's exact bonus on 0 did)."""
        settings: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            key, _, item = name.partition(".")
            if self._omitted(name):
                value = self.get_initial_for_field(self.fields[name], name)
            if item:
                settings.setdefault(key, {})[item] = value
            else:
                settings[key] = value
        return settings

    def _omitted(self, name: str) -> bool:
        """Not in the post at all. An unticked checkbox posts nothing too, so a box counts as left out
        only where the form showed it unticked: its value is false either way."""
        field = self.fields[name]
        if isinstance(field, forms.BooleanField):
            return self.add_prefix(name) not in self.data and not self.get_initial_for_field(field, name)
        return field.widget.value_omitted_from_data(self.data, self.files, self.add_prefix(name))

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Fields grouped by setting, so a map (multipliers) is shown as one row of inputs."""
        grouped: dict[str, list[forms.BoundField]] = {}
        for name in self.fields:
            grouped.setdefault(name.partition(".")[0], []).append(self[name])
        return [(setting_label(key), fields) for key, fields in grouped.items()]
