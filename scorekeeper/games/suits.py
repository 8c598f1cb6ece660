"""How a club names the trump modes: Swiss-German or French suits, each with its symbol.

The names are translated (a Lausanne club with Swiss suits says "roses", one with French suits
"cœur"); the symbols are the same in every language. Obenabe and Undenufe are said so everywhere.
A Coiffeur board may add rows beyond the six modes (Slalom, Gusti, Misère, a free choice): they are
named here too, so a board shows them in words, whatever key the club's games store them under.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import pgettext_lazy

from scorekeeper.rules.base import MODES


@dataclass(frozen=True)
class ModeName:
    key: str
    name: str  # lazily translated: it speaks the language active where it is shown
    symbol: str


_NAMES = {
    "german": {
        "hearts": (pgettext_lazy("swiss suit", "Rosen"), "🌹"),
        "diamonds": (pgettext_lazy("swiss suit", "Schellen"), "🔔"),
        "spades": (pgettext_lazy("swiss suit", "Schilten"), "🛡"),
        "clubs": (pgettext_lazy("swiss suit", "Eicheln"), "🌰"),
    },
    "french": {
        "hearts": (pgettext_lazy("french suit", "Hearts"), "♥"),
        "diamonds": (pgettext_lazy("french suit", "Diamonds"), "♦"),
        "spades": (pgettext_lazy("french suit", "Spades"), "♠"),
        "clubs": (pgettext_lazy("french suit", "Clubs"), "♣"),
    },
}
_MODES = {"obenabe": ("Obenabe", "⬇"), "undenufe": ("Undenufe", "⬆")}
_ROWS = {
    "slalom": (pgettext_lazy("coiffeur row: a trick obenabe, a trick undenufe", "Slalom"), ""),
    "gusti": (pgettext_lazy("coiffeur row: five tricks obenabe, four undenufe", "Gusti"), ""),
    "misere": (pgettext_lazy("coiffeur row: the fewest points win", "Misère"), ""),
    "free": (pgettext_lazy("coiffeur row: any trump, the announcer's pick (Trumpf frei)", "Free trump"), ""),
    "wish": (pgettext_lazy("coiffeur row: any mode, the announcer's wish (Wunsch)", "Wish"), ""),
}
"""Rows a Coiffeur board may add beyond the six trump modes, in the order the new-game form offers them."""
EXTRA_MODES = ("slalom", "gusti", "misere")
"""The modes without a trump suit that the new-game form offers as a Schieber's extra modes (a Free trump
or a Wish has a trump)."""


def mode_names(suit_names: str) -> list[ModeName]:
    """All six trump modes in the order the table announces them, in the club's suit names."""
    names = {**_NAMES.get(suit_names, _NAMES["german"]), **_MODES}
    return [ModeName(key, *names[key]) for key in MODES]


def row_names(suit_names: str) -> list[ModeName]:
    """What a Coiffeur board's rows may be: the six modes, then the further rows clubs play."""
    return [*mode_names(suit_names), *(ModeName(key, *_ROWS[key]) for key in _ROWS)]


def mode_name(suit_names: str, key: str) -> ModeName:
    """A mode or a known Coiffeur row in words; any other name (a club's own row) as it is."""
    return next((mode for mode in row_names(suit_names) if mode.key == key), ModeName(key, key, ""))
