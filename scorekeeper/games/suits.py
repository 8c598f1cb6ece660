"""How a club names the trump modes: Swiss-German or French suits, each with its symbol.

The names are translated (a Lausanne club with Swiss suits says "roses", one with French suits
"cœur"); the symbols are the same in every language. Obenabe and Undenufe are said so everywhere.
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


def mode_names(suit_names: str) -> list[ModeName]:
    """All six trump modes in the order the table announces them, in the club's suit names."""
    names = {**_NAMES.get(suit_names, _NAMES["german"]), **_MODES}
    return [ModeName(key, *names[key]) for key in MODES]


def mode_name(suit_names: str, key: str) -> ModeName:
    return next((mode for mode in mode_names(suit_names) if mode.key == key), ModeName(key, key, ""))
