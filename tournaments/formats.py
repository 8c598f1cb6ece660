"""What each tournament format plays: its variant, table size, partners, and its scoring presets.

The formats come from the variants (scorekeeper.rules.VARIANT_MODULES, each variant's folder): a variant
that can be played live is an event format of its own, named by its key and name, with partners fixed
where it has teams and a table of four where it can be played by four (else its smallest table), unless
`OWN_FORMATS` below says how events play it (Schieber: partners drawn or fixed, a pass of a set number
of deals). An event stores the format's key in a plain text column: a new variant or format
needs no migration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper import rules
from scorekeeper.games.variants import playable_variants
from scorekeeper.rules.base import CARD_POINTS

__all__ = [
    "FORMATS",
    "NEVER",
    "TABLE",
    "Format",
    "FormatFacts",
    "format_facts",
    "format_label",
    "known_format",
    "match_words",
    "side_of",
]

TABLE = 4
"""Events seat four a table wherever the variant is played by four."""

NEVER = 10**9
"""A Schieber target no pass reaches: a tournament pass ends after its deals, not at a target (the event
stores it, so it stays a valid setting)."""


@dataclass(frozen=True)
class EventFormat:
    """A way events play a variant: the key an event stores, its label, whether partners stay together for
    the whole event, whether a pass is a set number of deals, and the settings an event starts from over
    the variant's defaults."""

    key: str
    label: Any
    """A lazy translation: the format's name on the event's pages."""
    fixed_pairs: bool
    deal_limit: bool = False
    settings: Mapping[str, Any] = field(default_factory=dict)


FLAT = {"multipliers": "flat", "match_bonus": 100, "target": NEVER}
"""The Schieber events' preset: every trump x1 and a match 257, as Swiss tournaments count it (the
engine's "tournament" preset); a pass ends after its deals. An event keeps the settings stored when it
was created."""

OWN_FORMATS: dict[str, tuple[EventFormat, ...]] = {
    "schieber": (
        EventFormat(
            "einzelschieber", gettext_lazy("Einzelschieber (partners drawn each pass)"), False, True, FLAT
        ),
        EventFormat("team_schieber", gettext_lazy("Team Schieber (fixed pairs)"), True, True, FLAT),
    ),
}
"""The variants events play in more than one way; every other variant is one format of its own."""


@dataclass(frozen=True)
class FormatFacts:
    variant: str
    table_size: int
    fixed_pairs: bool
    uses_deal_limit: bool  # a pass is a number of deals (Schieber); otherwise the variant's own game
    settings: dict[str, Any]  # the tournament preset over the variant's defaults
    label: Any = ""  # a lazy translation: the format's name on the event's pages

    @property
    def partners(self) -> bool:
        """Teams at the table (seats 1 & 3 against 2 & 4): the variant says so (its rules module)."""
        return bool(rules.teams(self.variant))

    @property
    def lowest_wins(self) -> bool:
        return rules.get_variant(self.variant).lowest_wins

    def lowest_wins_with(self, settings: Mapping[str, Any]) -> bool:
        """Whether the lowest total ranks first in an event with these settings: the variant's fact, or its
        setting where it has one (a Free board)."""
        return rules.game_lowest_wins(self.variant, settings)


_translated = lazy(_, str)


def _formats_of(key: str) -> tuple[EventFormat, ...]:
    """The variant's own event formats, or the one every variant has by default."""
    variant = rules.get_variant(key)
    if key in OWN_FORMATS:
        return OWN_FORMATS[key]
    return (EventFormat(key, _translated(variant.name), fixed_pairs=bool(variant.teams)),)


def _table_size(key: str) -> int:
    counts = rules.get_variant(key).player_counts
    return TABLE if TABLE in counts else min(counts)


def _all_formats() -> dict[str, FormatFacts]:
    found: dict[str, FormatFacts] = {}
    for key in playable_variants():
        for format_ in _formats_of(key):
            if format_.key in found:
                raise ValueError(f"Two variants name the event format {format_.key!r}.")
            found[format_.key] = FormatFacts(
                key,
                _table_size(key),
                format_.fixed_pairs,
                format_.deal_limit,
                dict(format_.settings),
                format_.label,
            )
    return found


FORMATS: dict[str, FormatFacts] = _all_formats()
"""Every event format by the key an event stores, in the registry's order."""

Format = models.TextChoices("Format", [(key.upper(), (key, facts.label)) for key, facts in FORMATS.items()])
"""The formats as choices (`Format.EINZELSCHIEBER`, `Format.choices`), for the forms that pick one."""


def format_facts(key: str) -> FormatFacts:
    return FORMATS[key]


def known_format(value: str) -> None:
    """The column's own check, as its choices were (an imported club's events): a format of a variant."""
    if value not in FORMATS:
        message = models.Field.default_error_messages["invalid_choice"]
        raise ValidationError(message, code="invalid_choice", params={"value": value})


def format_label(key: str) -> str:
    """The format's name as the event's pages show it; a key no variant knows (any more) as it is."""
    format_ = FORMATS.get(key)
    return str(format_.label) if format_ is not None else key


def side_of(format_: FormatFacts, position: int, name: str) -> str:
    """The side a seat scores for: its team in a team variant, else the player."""
    return rules.side_of_seat(format_.variant, position, name)


def match_words(key: str, settings: dict[str, Any] | None) -> str | None:
    """What a match counts at this event's tables, for its page ("A match counts 257: 157 and a bonus of
    100"); None where the format plays no Schieber. Players come from clubs that count it otherwise."""
    format_ = FORMATS.get(key)
    if format_ is None or format_.variant != "schieber":
        return None
    bonus = {**rules.get_variant("schieber").defaults, **format_.settings, **(settings or {})}["match_bonus"]
    if not bonus:
        return _("A match counts %(points)s: no bonus.") % {"points": CARD_POINTS}
    message = _("A match counts %(points)s: %(cards)s and a bonus of %(bonus)s.")
    return message % {"points": CARD_POINTS + bonus, "cards": CARD_POINTS, "bonus": bonus}
