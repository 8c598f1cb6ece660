"""Made-up but valid Schieber deals and player names, for the demo and the generator.

No Weis and no Stöck: every deal adds up to exactly 157, and a match 100 more (the tournament preset
counts a match 257), so a generated event's totals can be checked against its deals and matches.
"""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.rules.base import CARD_POINTS, MODES

MATCH_CHANCE = 0.03

FIRST_NAMES = (
    "Anna", "Beat", "Cla", "Dora", "Emil", "Fränzi", "Gian", "Heidi", "Ida", "Jürg", "Käthi", "Luca",
    "Margrit", "Noah", "Oskar", "Priska", "Reto", "Silvia", "Toni", "Ursula", "Vreni", "Walter", "Xaver",
    "Yvonne", "Zita", "Bruno", "Ruth", "Sepp", "Elsbeth", "Hansruedi",
)  # fmt: skip
LAST_NAMES = (
    "Ammann", "Bachmann", "Baumann", "Brunner", "Bühler", "Egli", "Fischer", "Frei", "Frey", "Gerber",
    "Graf", "Gut", "Hofmann", "Huber", "Kaufmann", "Keller", "Koch", "Kunz", "Lüthi", "Marti", "Meier",
    "Meyer", "Moser", "Müller", "Roth", "Schmid", "Schneider", "Sommer", "Steiner", "Stocker", "Suter",
    "Wenger", "Widmer", "Wyss", "Zimmermann", "Zürcher", "Aebi", "Bieri", "Blaser", "Bosshard", "Burri",
    "Christen", "Caflisch", "Dubach", "Erni", "Flückiger", "Gasser", "Hess", "Hug", "Imhof", "Jenni",
    "Kälin", "Käser", "Knecht", "Lehmann", "Leuenberger", "Maurer", "Nussbaum", "Probst", "Rüegg",
    "Rüfenacht", "Schär", "Schürch", "Stalder", "Tanner", "Ulrich", "Vogel", "Walker", "Zbinden", "Zaugg",
)  # fmt: skip


def player_name(index: int) -> str:
    """A distinct name for every index (0, 1, ...): "Anna Ammann", ..., then "Anna Ammann 2"."""
    first = FIRST_NAMES[index % len(FIRST_NAMES)]
    last = LAST_NAMES[(index // len(FIRST_NAMES)) % len(LAST_NAMES)]
    lap = index // (len(FIRST_NAMES) * len(LAST_NAMES))
    return f"{first} {last}" + (f" {lap + 1}" if lap else "")


def schieber_deal(rng: random.Random) -> dict[str, Any]:
    """One deal as a table would enter it: the trump, and team A's card points (or a match)."""
    trump = rng.choice(MODES)
    if rng.random() < MATCH_CHANCE:
        return {"trump": trump, "match": rng.choice("AB")}
    points = min(CARD_POINTS, max(0, round(rng.gauss(CARD_POINTS / 2, 30))))
    if points in (1, CARD_POINTS - 1):  # no card is worth 1 point: neither team can have 1
        points -= 1
    return {"trump": trump, "points": {"A": points}}


def schieber_deals(rng: random.Random, count: int) -> list[dict[str, Any]]:
    return [schieber_deal(rng) for _ in range(count)]
