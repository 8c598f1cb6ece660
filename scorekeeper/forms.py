"""Forms for clubs, members, players and new games. Rules are checked by the engine, not here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.text import slugify

from . import rules
from .dealforms import playable_variants
from .models import Club, Role
from .rules.base import MODES
from .suits import mode_name


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ("name", "is_public", "suit_names")
        widgets = {"suit_names": forms.RadioSelect}

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not slugify(name):
            raise forms.ValidationError("The name needs at least one letter or digit.")
        return name


class MemberForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username of a signed-up user")
    role = forms.ChoiceField(choices=Role.choices, initial=Role.SCORER)

    def clean_username(self) -> User:
        username = self.cleaned_data["username"].strip()
        user = User.objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(f"No user is called {username!r}: they sign up first.")
        return user


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=60, label="New player")

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Enter the player's name.")
        return name


def variant_choices() -> list[tuple[str, str]]:
    """Variants that have both rules and a deal form: only those can be played live."""
    return [(key, key.capitalize()) for key in playable_variants()]


class NewGameForm(forms.Form):
    """Variant, players by seat (the first as many as the variant needs, more optional) and a preset."""

    variant = forms.ChoiceField(choices=variant_choices)
    preset = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules.get_variant(variant)
        self.fields["preset"].choices = [(name, name.capitalize()) for name in self.rules.presets]
        counts = self.rules.player_counts
        for seat in range(1, counts[-1] + 1):
            self.fields[f"seat_{seat}"] = forms.CharField(
                max_length=60,
                required=seat <= counts[0],
                label=seat_label(variant, seat) + ("" if seat <= counts[0] else " (optional)"),
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def clean(self) -> dict[str, Any]:
        """Seat names tidied; empty optional seats dropped; the engine checks the count."""
        data = super().clean()
        names: list[str] = []
        for field in self.seat_fields():
            name = " ".join(data.get(field.name, "").split())
            if not name:
                continue
            if name.casefold() in (taken.casefold() for taken in names):
                self.add_error(field.name, f"{name} already has a seat.")
            names.append(name)
        data["players"] = names
        return data


def seat_label(variant: str, seat: int) -> str:
    if variant in ("schieber", "coiffeur"):
        return f"Seat {seat} · team {'A' if seat % 2 else 'B'}"
    return f"Seat {seat}"


class ByPlayerCountField(forms.JSONField):
    """A null default means "by player count" (Putz lose_at, Jazz removed_twos): a blank box, not null."""

    widget = forms.TextInput(attrs={"placeholder": "by player count"})

    def prepare_value(self, value: Any) -> Any:
        return "" if value is None else super().prepare_value(value)


class SettingsForm(forms.Form):
    """One field per setting, typed by its default; maps become one field per key."""

    def __init__(
        self, *args: Any, variant: str, preset: str | None = None, suit_names: str = "german", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules.get_variant(variant)
        self.suit_names = suit_names
        values = {**self.rules.defaults, **self.rules.presets.get(preset or "", {})}
        for key, value in values.items():
            self._add(key, value)

    def _add(self, key: str, value: Any, *, trumps: bool = False) -> None:
        """`trumps`: the item of a map of trump modes (multipliers), labelled in the club's suit names."""
        label = self._label(key.rpartition(".")[2], trumps)
        if isinstance(value, bool):
            self.fields[key] = forms.BooleanField(required=False, initial=value, label=label)
        elif isinstance(value, int):
            self.fields[key] = forms.IntegerField(initial=value, label=label)
        elif isinstance(value, Mapping):
            of_trumps = all(name in MODES for name in value)
            for name, item in value.items():
                self._add(f"{key}.{name}", item, trumps=of_trumps)
        else:
            # Not required: an empty list or a blank box goes to the engine, which says what is missing.
            field = forms.JSONField if value is not None else ByPlayerCountField
            self.fields[key] = field(initial=value, label=label, required=False)

    def _label(self, name: str, trumps: bool) -> str:
        """A map's item is labelled by its own name; a trump mode in the club's words (Schilten, Spades).

        Only in a map of trump modes: Jazz's penalties for spades are about a French deck's spades."""
        return mode_name(self.suit_names, name).name if trumps else name.replace("_", " ").capitalize()

    def settings(self) -> dict[str, Any]:
        """cleaned_data folded back into the variant's settings shape."""
        settings: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            key, _, item = name.partition(".")
            if item:
                settings.setdefault(key, {})[item] = value
            else:
                settings[key] = value
        return settings

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Fields grouped by setting, so a map (multipliers) is shown as one row of inputs."""
        grouped: dict[str, list[forms.BoundField]] = {}
        for name in self.fields:
            grouped.setdefault(name.partition(".")[0], []).append(self[name])
        return [(key.replace("_", " ").capitalize(), fields) for key, fields in grouped.items()]
