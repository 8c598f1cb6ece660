"""The inputs of the settings form (settings_form.py) beyond Django's own: a board of rows or modes, a
row of buttons, a number box left blank for null, the marks; each posts what the engine takes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _


class ByPlayerCountField(forms.JSONField):
    """A null default means "by player count" (Putz lose_at, Jazz removed_twos): a blank box, not null."""

    widget = forms.TextInput(attrs={"placeholder": _("by player count")})

    def prepare_value(self, value: Any) -> Any:
        return "" if value is None else super().prepare_value(value)


Row = list[Any]
"""A board's row as the engine takes it, [name, multiplier]; the multiplier as typed if it is no number."""
_WHOLE = re.compile(r"[+-]?[0-9]{1,20}")


def is_lines(value: Any) -> bool:
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


class LinesWidget(forms.Widget):
    """Lines of a row (a select) and its multiplier (a number), in playing order: a board of rows or modes.

    Plain inputs, so the form works without JavaScript: a line left at "none" is dropped, and the order
    is the lines' order. lines.js adds buttons to add, remove and move lines. `kind` is what a line
    holds, in the editor's words: a Coiffeur "row" or a Schieber "mode" (extra_modes)."""

    template_name = "scorekeeper/widgets/lines.html"
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


class LinesField(forms.Field):
    """The rows picked, in order, as the engine takes them; the engine judges the board (multipliers,
    rows twice, how many). Here only what a select and a number box can get wrong: a row the list does
    not offer, a multiplier on a line with no row."""

    kind = "row"
    no_pick = _("Pick the row of line %(line)s, or clear its multiplier.")
    not_offered = _("Line %(line)s: pick a row from the list.")

    def __init__(self, *, choices: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        self.choices = list(choices)
        kwargs.setdefault("widget", LinesWidget(self.choices, lines=len(self.choices), kind=self.kind))
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


class ModesField(LinesField):
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
