"""Schieber in the players' words: a game's trumps (the six modes and the club's extra modes) and the marks
(Striche) a deal earns; the deal form, the list of deals and the Jasstafel all say them from here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import pgettext_lazy

from scorekeeper.games.rule_messages import translate
from scorekeeper.games.suits import ModeName, mode_name, mode_names
from scorekeeper.rules import schieber
from scorekeeper.rules.base import InvalidDeal, mode_word


def house_rules(settings: Mapping[str, Any]) -> schieber.Rules:
    """The game's settings as the engine reads them; a game's stored settings were checked when it was
    made, so the defaults stand in only for settings no longer valid (the board then says why)."""
    try:
        return schieber.read_settings(settings)
    except InvalidDeal:
        return schieber.read_settings({})


def trump_mode(suit_names: str, key: str) -> ModeName:
    """A trump in the club's words (suits.mode_name: the six modes, Slalom, Gusti, ...); an extra mode the
    pages do not name in the engine's word for it, or else its key capitalised ("my_mode": "My mode")."""
    mode = mode_name(suit_names, key)
    if str(mode.name) != key or not key:
        return mode
    return ModeName(key, capfirst(translate(mode_word(key)).replace("_", " ")), "")


def trump_modes(suit_names: str, extra_modes: Iterable[str]) -> list[ModeName]:
    """The six modes in the club's suit names, then the game's extra modes in the order set."""
    return [*mode_names(suit_names), *(trump_mode(suit_names, key) for key in extra_modes)]


MARK_KINDS: Mapping[str, Any] = {
    "berg": pgettext_lazy("marks: the first team past the Berg", "Berg"),
    "match": pgettext_lazy("marks: all nine tricks", "match"),
    "counter_match": pgettext_lazy(
        "marks: all nine tricks, by the team that did not announce", "counter-match"
    ),
    "win": pgettext_lazy("marks: the team that won the game", "win"),
    "schneider": pgettext_lazy("marks: the loser below the Schneider line", "Schneider"),
}
"""The kinds of marks (details["mark_kinds"]) as the table calls them."""


@dataclass(frozen=True)
class DealMarks:
    """A team's marks in one deal: how many, and what for ("Berg, win")."""

    team: str
    count: int
    kinds: str


def deal_marks(details: Mapping[str, Any]) -> list[DealMarks]:
    """The marks a deal gave each team, in the order the engine counted them; none where it gave none."""
    counts = details.get("marks") or {}
    kinds = details.get("mark_kinds") or {}
    return [
        DealMarks(team, count, ", ".join(str(MARK_KINDS.get(kind, kind)) for kind in kinds.get(team, ())))
        for team, count in counts.items()
        if count
    ]
