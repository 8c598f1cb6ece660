"""How a club names the trump modes: Swiss-German or French suits, each with its symbol."""

from __future__ import annotations

from dataclasses import dataclass

from .rules.base import MODES


@dataclass(frozen=True)
class ModeName:
    key: str
    name: str
    symbol: str


_NAMES = {
    "german": {
        "hearts": ("Rosen", "🌹"),
        "diamonds": ("Schellen", "🔔"),
        "spades": ("Schilten", "🛡"),
        "clubs": ("Eicheln", "🌰"),
    },
    "french": {
        "hearts": ("Hearts", "♥"),
        "diamonds": ("Diamonds", "♦"),
        "spades": ("Spades", "♠"),
        "clubs": ("Clubs", "♣"),
    },
}
_MODES = {"obenabe": ("Obenabe", "⬇"), "undenufe": ("Undenufe", "⬆")}


def mode_names(suit_names: str) -> list[ModeName]:
    """All six trump modes in the order the table announces them, in the club's suit names."""
    names = {**_NAMES.get(suit_names, _NAMES["german"]), **_MODES}
    return [ModeName(key, *names[key]) for key in MODES]


def mode_name(suit_names: str, key: str) -> ModeName:
    return next((mode for mode in mode_names(suit_names) if mode.key == key), ModeName(key, key, ""))
