"""What an imported record must be besides what its columns check: the rules the forms apply.

A club export is a file anyone can edit, so the import reads it as typed input: each value of the JSON type
its column holds (a list is no club name: a column's own `to_python` would turn it into the text
"['x']"), each name as `clean_name` would save it (no direction override, no name of blanks), each
personal code six digits. A refusal names the record ("club.players[2]") and the column.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models

from scorekeeper.games.models import Club, Game, Player, Seat
from scorekeeper.games.names import clean_name, look_alike_keys
from tournaments.models import CODE_DIGITS, Entrant, Season, Tournament, is_personal_code

NAME_COLUMNS = {
    (Club, "name"),
    (Player, "name"),
    (Seat, "name"),
    (Game, "name"),
    (Tournament, "name"),
    (Season, "name"),
}
"""The names people type, each cleaned by a form (games/names.py) before it is saved."""

TEXT_FIELDS = (
    models.CharField,
    models.TextField,
    models.DateTimeField,
    models.DateField,
    models.TimeField,
    models.DurationField,
    models.UUIDField,
    models.DecimalField,
)
"""Columns whose JSON is a string (times as ISO 8601, UUIDs and decimals as text: schema.to_json)."""


class RecordRefused(Exception):
    """One record breaks a rule: the message names it and the column."""


def check_value(field: models.Field, value: Any, where: str) -> None:
    """The JSON type the column holds; None only where the column is nullable (else full_clean says so)."""
    if value is None or isinstance(field, models.JSONField):
        return
    wanted = _json_type(field)
    if wanted is not None and not _is(value, wanted):
        raise RecordRefused(f"{where}: {field.name} must be {_WORDS[wanted]}, not {_kind(value)}.")


def check_rules(model: type[models.Model], values: Mapping[str, Any], where: str) -> None:
    """Names as the forms save them; a personal code as `new_code` makes it."""
    for name, value in values.items():
        if (model, name) in NAME_COLUMNS and (value or model is not Game):
            _check_name(model, name, value, where)
    if model is Entrant and "code" in values and not is_personal_code(values["code"]):
        raise RecordRefused(
            f"{where}: code {values['code']!r} is not a personal code of {CODE_DIGITS} digits."
        )


def check_usernames(usernames: Any) -> list[str]:
    if not isinstance(usernames, list) or not all(isinstance(name, str) for name in usernames):
        raise RecordRefused("users: must be a list of usernames (text).")
    longest = User._meta.get_field("username").max_length
    too_long = next((name for name in usernames if len(name) > longest), None)
    if too_long is not None:
        raise RecordRefused(f"users: {too_long[:40]!r} is longer than {longest} characters.")
    return usernames


def look_alike_warnings(names: list[str]) -> list[str]:
    """Roster players whose names look the same (made before the forms refused them): imported, and
    said, so the club can rename one."""
    seen: dict[str, str] = {}
    warnings = []
    for name in names:
        keys = look_alike_keys(name)
        other = next((seen[key] for key in keys if key in seen), None)
        if other is not None:
            warnings.append(f"Players {other!r} and {name!r} look alike: rename one of them.")
        for key in keys:
            seen.setdefault(key, name)
    return warnings


def _check_name(model: type[models.Model], name: str, value: Any, where: str) -> None:
    column = model._meta.get_field(name)
    try:
        cleaned = clean_name(value, max_length=column.max_length)
    except ValidationError as error:
        raise RecordRefused(f"{where}: {name} {value!r}: {' '.join(error.messages)}") from None
    if cleaned != value:
        raise RecordRefused(f"{where}: {name} {value!r} is not as the forms save it: {cleaned!r}.")


_WORDS = {str: "text", bool: "true or false", int: "a whole number", float: "a number"}


def _json_type(field: models.Field) -> type | None:
    if isinstance(field, models.BooleanField):
        return bool
    if isinstance(field, models.IntegerField):
        return int
    if isinstance(field, models.FloatField):
        return float
    if isinstance(field, TEXT_FIELDS):
        return str
    return None


def _is(value: Any, wanted: type) -> bool:
    if wanted is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if wanted is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, wanted)


def _kind(value: Any) -> str:
    words = {dict: "an object", list: "a list", str: "text", bool: "true or false", int: "a number"}
    return words.get(type(value), "a number")
