"""What each tournament format plays: its variant, table size, partners, and its scoring presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scorekeeper import rules
from scorekeeper.rules.base import CARD_POINTS

from .models import Format

NEVER = 10**9
"""A Schieber target no pass reaches: a tournament pass ends after its deals, not at a target."""


@dataclass(frozen=True)
class FormatRules:
    variant: str
    table_size: int
    fixed_pairs: bool
    uses_deal_limit: bool  # a pass is a number of deals (Schieber); otherwise the variant's own game
    settings: dict[str, Any]  # the tournament preset over the variant's defaults

    @property
    def partners(self) -> bool:
        """Teams at the table (seats 1 & 3 against 2 & 4): the variant says so (its rules module)."""
        return bool(rules.teams(self.variant))

    @property
    def lowest_wins(self) -> bool:
        return rules.get_variant(self.variant).lowest_wins


_FLAT = {"multipliers": "flat", "match_bonus": 100, "target": NEVER}
"""The Schieber events' preset: every trump x1 and a match 257, as Swiss tournaments count it (the
engine's "tournament" preset). An event keeps the settings stored when it was created."""

FORMATS: dict[str, FormatRules] = {
    Format.EINZELSCHIEBER: FormatRules("schieber", 4, False, True, dict(_FLAT)),
    Format.TEAM_SCHIEBER: FormatRules("schieber", 4, True, True, dict(_FLAT)),
    Format.DIFFERENZLER: FormatRules("differenzler", 4, False, False, {}),
    Format.MOLOTOW: FormatRules("molotow", 4, False, False, {}),
    Format.PUTZ: FormatRules("putz", 3, False, False, {}),
    Format.HANDJASS: FormatRules("handjass", 4, False, False, {}),
    Format.PANDUR: FormatRules("pandur", 4, False, False, {}),
    Format.JAZZ: FormatRules("jazz", 4, False, False, {}),
    Format.COIFFEUR: FormatRules("coiffeur", 4, True, False, {}),
}


def format_rules(key: str) -> FormatRules:
    return FORMATS[key]


def side_of(format_: FormatRules, position: int, name: str) -> str:
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
