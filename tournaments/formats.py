"""What each tournament format plays: its variant, table size, partners, and its scoring presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import Format

NEVER = 10**9
"""A Schieber target no pass reaches: a tournament pass ends after its deals, not at a target."""


@dataclass(frozen=True)
class FormatRules:
    variant: str
    table_size: int
    partners: bool  # Schieber teams: seats 1 & 3 against 2 & 4
    fixed_pairs: bool
    lowest_wins: bool
    uses_deal_limit: bool  # a pass is a number of deals (Schieber); otherwise the variant's own game
    settings: dict[str, Any]  # the tournament preset over the variant's defaults


_FLAT = {"multipliers": "flat", "match_bonus": 0, "target": NEVER}

FORMATS: dict[str, FormatRules] = {
    Format.EINZELSCHIEBER: FormatRules("schieber", 4, True, False, False, True, dict(_FLAT)),
    Format.TEAM_SCHIEBER: FormatRules("schieber", 4, True, True, False, True, dict(_FLAT)),
    Format.DIFFERENZLER: FormatRules("differenzler", 4, False, False, True, False, {}),
    Format.MOLOTOW: FormatRules("molotow", 4, False, False, False, False, {}),
    Format.PUTZ: FormatRules("putz", 3, False, False, False, False, {}),
    Format.HANDJASS: FormatRules("handjass", 4, False, False, False, False, {}),
    Format.PANDUR: FormatRules("pandur", 4, False, False, False, False, {}),
    Format.JAZZ: FormatRules("jazz", 4, False, False, True, False, {}),
    Format.COIFFEUR: FormatRules("coiffeur", 4, True, True, False, False, {}),
}


def format_rules(key: str) -> FormatRules:
    return FORMATS[key]


def side_of(rules: FormatRules, position: int, name: str) -> str:
    """The side a seat scores for: team A (seats 1, 3) or B (2, 4) with partners, else the player."""
    if rules.partners:
        return "A" if position % 2 else "B"
    return name
