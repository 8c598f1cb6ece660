"""The form a club's admin configures a season with: its events, best N, the final, the points table."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.models import Club
from scorekeeper.games.names import clean_name

from .models import Season, Tournament
from .season import DEFAULT_POINTS

MAX_PLACES = 100
MAX_POINTS = 10_000
MAX_BEST_OF = 100
"""A season of weekly events has about 50 of them: each player's best 100 is more than any counts."""


def points_text(points: list[int]) -> str:
    return ", ".join(str(p) for p in points)


class PointsTableField(forms.CharField):
    """Points by place as the club writes them: "25, 18, 15" (commas, slashes or spaces)."""

    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]
        text = super().to_python(value)
        parts = [part for part in re.split(r"[\s,;/]+", text) if part]
        if not parts:
            raise forms.ValidationError(_("Give at least the winner's points."))
        if not all(re.fullmatch(r"[0-9]{1,9}", part) for part in parts):  # ASCII: "²" is a digit to isdigit
            raise forms.ValidationError(_("Whole numbers only, 0 or more, separated by commas: 25, 18, 15."))
        points = [int(part) for part in parts]
        if len(points) > MAX_PLACES or max(points) > MAX_POINTS:
            raise forms.ValidationError(
                _("At most %(places)s places, each worth at most %(points)s points."),
                params={"places": MAX_PLACES, "points": MAX_POINTS},
            )
        if any(later > earlier for earlier, later in pairwise(points)):
            raise forms.ValidationError(_("A place never earns more points than the place before it."))
        return points

    def prepare_value(self, value: Any) -> Any:
        return points_text(value) if isinstance(value, list) else value


class EventsField(forms.ModelMultipleChoiceField):
    """Ids only: Django's `pk__in` lookup hands a number past 64 bits to the database, which fails."""

    def _check_values(self, value: Any) -> Any:
        for pk in value:
            if not str(pk).isdigit() or len(str(pk)) > 18:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": pk}
                )
        return super()._check_values(value)


class SeasonForm(forms.ModelForm):
    events = EventsField(
        queryset=Tournament.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label=_("Events"),
        help_text=_("The events that count for this season."),
    )
    points_table = PointsTableField(
        label=_("Ranking points by place"),
        initial=points_text(list(DEFAULT_POINTS)),
        help_text=_("The winner gets the first number; places past the list get 0."),
    )

    class Meta:
        model = Season
        fields = ("name", "events", "best_of", "final", "points_table")
        labels = {"name": _("Name"), "best_of": _("Best N events count"), "final": _("Final (counts double)")}

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        events = Tournament.objects.filter(club=club).order_by("-created_at", "-pk")
        self.fields["events"].queryset = events
        self.fields["final"].queryset = events
        self.fields["final"].empty_label = _("No final")
        best_of = self.fields["best_of"]
        best_of.validators.append(MaxValueValidator(MAX_BEST_OF))
        best_of.widget.attrs.update({"min": 1, "max": MAX_BEST_OF})
        if self.instance.pk:
            self.initial["events"] = list(self.instance.events.values_list("tournament_id", flat=True))

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], max_length=Season._meta.get_field("name").max_length)

    def clean_best_of(self) -> int | None:
        best_of = self.cleaned_data["best_of"]
        if best_of == 0:
            raise forms.ValidationError(
                _("Count at least one event, or leave it empty to count every event.")
            )
        return best_of

    def clean(self) -> dict[str, Any]:
        """The final is one of the season's events, chosen or not."""
        cleaned = super().clean()
        final, events = cleaned.get("final"), cleaned.get("events")
        if final is not None and events is not None and final not in events:
            cleaned["events"] = events | Tournament.objects.filter(pk=final.pk)
        return cleaned


__all__ = ["PointsTableField", "SeasonForm", "points_text"]
