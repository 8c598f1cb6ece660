"""The Jazz score sheet and deal notes for the game page, from the engine's state and details."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext_noop, pgettext, pgettext_lazy

from scorekeeper.games.rule_messages import translate
from scorekeeper.games.selectors import Board
from scorekeeper.rules.jazz import LABELS

register = template.Library()

SHORT: dict[str, str] = {**LABELS, "king_last": gettext_noop("King ♥ & last trick")}
"""Labels that fit a phone's table cell, in English: translated when shown."""

EVENTS: tuple[tuple[str, Promise], ...] = (
    ("king_of_hearts", pgettext_lazy("jazz: who took the King of Hearts", "King ♥ %(name)s")),
    ("last_trick", pgettext_lazy("jazz: who took the last trick", "last trick %(name)s")),
    ("fifth_trick", pgettext_lazy("jazz: who took the fifth trick", "5th trick %(name)s")),
)
BRIEF_EVENTS: tuple[tuple[str, Promise], ...] = (
    ("king_of_hearts", pgettext_lazy("jazz, deal list: who took the King of Hearts", "K♥ %(name)s")),
    ("last_trick", pgettext_lazy("jazz, deal list: who took the last trick", "last %(name)s")),
    ("fifth_trick", pgettext_lazy("jazz, deal list: who took the fifth trick", "5th %(name)s")),
)
"""Who took which card or trick, each a whole phrase with the player's name in it (translated as one)."""


@dataclass(frozen=True)
class SheetRow:
    """One sub-game of the schedule: played (its penalties), next, or still open."""

    number: int
    game: str
    label: str
    round: int
    scores: list[int]
    is_next: bool

    @property
    def status(self) -> str:
        return "next" if self.is_next else "played" if self.scores else "open"


@dataclass(frozen=True)
class Sheet:
    """The paper score sheet: the schedule down, the players across, totals at the foot."""

    players: list[str]
    rows: list[SheetRow]
    rounds: int
    totals: list[int]

    @property
    def columns(self) -> int:
        return len(self.players) + 1


@register.simple_tag
def jazz_sheet(board: Board) -> Sheet:
    state = board.result.state
    schedule = state.get("schedule") or []
    played = {row.number: row.scores for row in board.rows}
    upcoming = None if board.result.finished else len(board.rows) + 1
    rows = [
        SheetRow(number, game, translate(SHORT[game]), round_, played.get(number, []), number == upcoming)
        for number, (game, round_) in enumerate(schedule, start=1)
    ]
    return Sheet(
        players=[side.key for side in board.sides],
        rows=rows,
        rounds=max((row.round for row in rows), default=1),
        totals=[side.total for side in board.sides],
    )


@register.filter
def jazz_label(game: str) -> str:
    return translate(LABELS[game]) if game in LABELS else game


@register.filter
def jazz_short(game: str) -> str:
    return translate(SHORT[game]) if game in SHORT else game


@register.filter
def jazz_total(counts: Mapping[str, int]) -> int:
    return sum(counts.values())


@register.filter
def signed(score: int) -> str:
    """A penalty as the sheet writes it: +10, 0, and a true minus sign (not a hyphen) for Plus."""
    return f"+{score}" if score > 0 else f"\N{MINUS SIGN}{-score}" if score < 0 else "0"


@register.filter
def jazz_summary(details: Mapping[str, Any], brief: bool = False) -> str:
    """Who took what, in a few words: the preview's check, or (brief) the deal list's note."""
    game = details.get("game")
    if game == "king_last":
        events = details.get("events") or {}
        labels = BRIEF_EVENTS if brief else EVENTS
        words = [phrase % {"name": events[key]} for key, phrase in labels if key in events]
        if details.get("king_in_last"):
            words.append(_king_in_last(brief))
        return " · ".join(words)
    if game == "fantan":
        counts: Mapping[str, int] = details.get("counts") or {}
        went_out = pgettext("jazz: Fan Tan, the player with no card left", "%(name)s went out")
        return next((went_out % {"name": player} for player, left in counts.items() if left == 0), "")
    return ""  # a counted game: the deal's row already shows each player's penalty


def _king_in_last(brief: bool) -> str:
    if brief:
        return pgettext("jazz, deal list: the King of Hearts fell in the last trick", "K♥ in last")
    return pgettext("jazz: the King of Hearts fell in the last trick", "King in the last trick")
