"""Forms for clubs, members, players and new games (a game's settings: settings_form.py). Rules are checked
by the engine, not here."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from scorekeeper import rules
from scorekeeper.games import members
from scorekeeper.games.models import (
    GAME_NAME_MAX,
    INVITE_DAYS_MAX,
    INVITE_ROLES,
    INVITE_USES_MAX,
    Club,
    Player,
    Role,
    variant_name,
)
from scorekeeper.games.names import clean_name, look_alike
from scorekeeper.games.rule_messages import translate
from scorekeeper.games.variants import playable_variants, variant_page
from scorekeeper.rules.base import preset_name

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


def roster_name(typed: str, club: Club | None) -> str:
    """A player's name typed by a club's member, cleaned as every name is, and refused when it looks like
    another player of the club (a Cyrillic A in "Anna", beside Anna): the message names that player, so
    the member picks them or types a name that looks different. The very player, in any case, is no
    look-alike."""
    name = clean_name(typed, max_length=PLAYER_NAME_LENGTH)
    if club is not None:
        match = members.roster_match(club=club, name=name)
        if match.looks_like is not None:
            raise forms.ValidationError(members.look_alike_message(match.looks_like), code="look_alike")
    return name


class PlayerForm(forms.Form):
    """A new roster player; `club` (when posted) to refuse a look-alike of one of its players."""

    name = forms.CharField(max_length=PLAYER_NAME_LENGTH, label=_("New player"))

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def clean_name(self) -> str:
        return roster_name(self.cleaned_data["name"], self.club)


def variant_choices() -> list[tuple[str, str]]:
    """Variants that have both rules and a deal form: only those can be played live."""
    return [(key, variant_name(key)) for key in playable_variants()]


class NewGameForm(forms.Form):
    """Variant, players by seat (the first as many as the variant needs, more optional) and a preset."""

    variant = forms.ChoiceField(choices=variant_choices, label=_("Variant"))
    preset = forms.ChoiceField(required=False, label=_("Preset"))

    def __init__(self, *args: Any, variant: str, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.engine = rules.get_variant(variant)
        self.fields["preset"].choices = [(name, translate(preset_name(name))) for name in self.engine.presets]
        counts = self.engine.player_counts
        for seat in range(1, counts[-1] + 1):
            self.fields[f"seat_{seat}"] = forms.CharField(
                max_length=PLAYER_NAME_LENGTH,
                required=seat <= counts[0],
                label=seat_label(variant, seat, needed_with=needed_with(counts, seat)),
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )
        page = variant_page(variant)
        if page is not None and page.named:
            self.fields["name"] = forms.CharField(
                max_length=GAME_NAME_MAX,
                required=False,
                label=_("The game you play"),
                help_text=_("Sidi Barrani, Bieter, Schlaeger…: lists and history show this name."),
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )

    def clean_name(self) -> str:
        """The game's name cleaned as every name is; empty: the variant's name is shown."""
        typed = self.cleaned_data.get("name", "")
        return clean_name(typed, max_length=GAME_NAME_MAX) if typed else ""

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def clean(self) -> dict[str, Any]:
        """Seat names cleaned as every name is (a look-alike of a roster player refused); empty optional
        seats dropped; the engine checks the count."""
        data = super().clean()
        names: list[str] = []
        for field in self.seat_fields():
            typed = data.get(field.name, "")
            if not typed:
                continue
            try:
                name = roster_name(typed, self.club)
            except forms.ValidationError as error:
                self.add_error(field.name, error)
                continue
            if any(name.casefold() == taken.casefold() or look_alike(name, taken) for taken in names):
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
