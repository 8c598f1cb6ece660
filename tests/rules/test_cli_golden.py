"""Golden test of the scoring engine's command line: 20,000 random games must print what they printed.

Why: the engine's output is a contract (rules.md, "The scoring interface"). The forms, the standings,
the stored games and anyone scripting `python -m scorekeeper.rules` read it, for a scored game and for
a refused one alike, so a refactor of scorekeeper.rules must not change one byte of it. The unit tests
pin the rules case by case; this test pins everything at once: 20,000 generated games of all nine
variants, mostly valid (so every scoring path runs) and some broken on purpose (a wrong total, a
missing field, a wrong type, an unknown variant, bad JSON), go through `run`, and one sha256 of every
game, exit status and printed line must equal the digest recorded from the engine when this test was
written. The counts of scored and refused games per variant are checked first, to show where.

The generator is deterministic (one `random.Random` per game, seeded by its number) and imports
nothing from the engine but `run`: the player counts, settings and the little it knows of the rules
(enough to keep a game valid to its end) are written out here, so the games stay the same whatever
the engine becomes.

When the digest differs, write the games and outputs of both versions and diff them:

    python -m tests.rules.test_cli_golden --write /tmp/after
    cd OTHER_CHECKOUT && PYTHONPATH=. python THIS_CHECKOUT/tests/rules/test_cli_golden.py --write /tmp/before
    diff -r /tmp/before /tmp/after

Each game is DIR/VARIANT/NNNNN.json (it can be fed to `python -m scorekeeper.rules`), its output
NNNNN.out: "exit STATUS", then the line main prints. A deliberate change of output (a new rule, a
reworded message) records the new DIGEST and COUNTS, which `python -m tests.rules.test_cli_golden`
prints.

A changed default is not a changed output: issue 14 made an exact prediction of 0 in Differenzler earn
no exact bonus unless `exact_bonus_on_zero` is true (the Swiss rule). The digest stays the one recorded
before, a true byte-for-byte check of the old behaviour: every Differenzler game is sent with
`"exact_bonus_on_zero": true` added to its settings unless they name it (OLD_DEFAULTS, `as_sent`), which
is exactly what the old engine counted, and the digest hashes the game as generated. The written
NNNNN.json is the game as sent, so it reproduces its NNNNN.out; an engine older than issue 14 refuses
that setting, so compare with such a checkout for the other variants only.

Recorded again when the engine's messages named the further rows and modes in words (base.MODE_WORDS:
"Team B has already played Slalom.", was "slalom"): that one output differs, nothing else.

Recorded again when Guggitaler and the Free board joined as the ninth and tenth variants: the games
are dealt to the variants in turn, so every game number now goes to another variant. The eight older
variants' 16,000 games of the new deal print the same bytes with the engine of 242e0b5 (`--write` in both
checkouts as above, then `diff -r` per variant).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import pytest

from scorekeeper.rules import available_variants
from scorekeeper.rules.__main__ import run

DIGEST = "596a90210a305170ec08d951c58f4f087530aec539ac54c42d2b06c3d2a1ce54"
COUNTS: dict[str, tuple[int, int]] = {
    "schieber": (1528, 472),
    "coiffeur": (1542, 458),
    "differenzler": (1538, 462),
    "molotow": (1531, 469),
    "putz": (1545, 455),
    "handjass": (1517, 483),
    "pandur": (1532, 468),
    "jazz": (1517, 483),
    "guggitaler": (1548, 452),
    "free_board": (1494, 506),
}
"""Per variant: (games scored, exit status 0; games refused, exit status 2). 76.5% are scored."""

GAMES = 20_000
SEED = "jass-golden-1"
BROKEN_SHARE = 0.25
"""About a quarter of the games are broken on purpose; some breaks leave a valid game."""

CARDS = 157
MODES = ("hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe")
NAMES = ("Anna", "Beat", "Cla", "Dora", "Jürg", "Zoë", "Élise", "Ueli", "Märta", "Reto", "Sämi", "Nadia")
TEAM_POINTS = [points for points in range(CARDS + 1) if points not in (1, CARDS - 1)]
MELDS = [0, 20, 50, 100, 150, 200, *range(40, 601, 10)]

Game = dict[str, Any]
Deal = dict[str, Any]
Settings = dict[str, Any]


# ---- small random pieces ------------------------------------------------------------------------------


def chance(rng: Random, probability: float) -> bool:
    return rng.random() < probability


def length(rng: Random, most: int) -> int:
    """How many deals a game gets at most: often all it can take, else a random part of them."""
    return most if chance(rng, 0.55) else rng.randint(0, most)


def shares(rng: Random, total: int, count: int) -> list[int]:
    """`count` random whole numbers from 0 adding up to `total`."""
    cuts = sorted(rng.randint(0, total) for _ in range(count - 1))
    return [high - low for low, high in zip([0, *cuts], [*cuts, total], strict=True)]


def card_points(rng: Random, count: int, total: int = CARDS) -> list[int]:
    """`total` card points (never 1) among `count` players, none with exactly 1: no card is worth 1."""
    points = shares(rng, total, count)
    while 1 in points:
        points[points.index(1)] = 0
        points[points.index(max(points))] += 1
    return points


def tied_card_points(rng: Random, count: int) -> list[int]:
    """157 card points among `count` players (3 or more), two or three of them with the same."""
    tied = rng.choice([2, 3]) if count > 3 else 2
    value = rng.choice([0, *range(2, CARDS // tied + 1)])
    rest = CARDS - tied * value
    if rest == 1:
        return card_points(rng, count)
    points = [value] * tied + card_points(rng, count - tied, rest)
    rng.shuffle(points)
    return points


def table_points(rng: Random, count: int) -> list[int]:
    """Card points of `count` players: plain, with a tie, or with a big hand (100 or more)."""
    roll = rng.random()
    if count >= 3 and roll < 0.25:
        return tied_card_points(rng, count)
    if roll < 0.4:
        big = rng.choice([*range(100, CARDS - 1), CARDS])
        points = [big, *card_points(rng, count - 1, CARDS - big)]
        rng.shuffle(points)
        return points
    return card_points(rng, count)


def prize(prizes: tuple[int, ...], place: int) -> int:
    return prizes[place] if place < len(prizes) else 0


def deciding_ties(made: dict[str, int], prizes: tuple[int, ...]) -> list[str]:
    """The players of the ties that straddle two prizes: only they need the table's order."""
    order = sorted(made, key=made.__getitem__, reverse=True)
    tied: list[str] = []
    start = 0
    while start < min(len(prizes), len(order)):
        end = start + 1
        while end < len(order) and made[order[end]] == made[order[start]]:
            end += 1
        if len({prize(prizes, place) for place in range(start, end)}) > 1:
            tied += order[start:end]
        start = end
    return tied


def award(rng: Random, made: dict[str, int], prizes: tuple[int, ...]) -> tuple[dict[str, int], list[str]]:
    """Each candidate's prize, and the tie order the entry must give (empty: none), decided at random."""
    tied = deciding_ties(made, prizes)
    rng.shuffle(tied)
    place = {name: index for index, name in enumerate(tied)}
    order = sorted(made, key=lambda name: (-made[name], place.get(name, 0)))
    return {name: prize(prizes, index) for index, name in enumerate(order)}, tied


def settle(still_in: list[str], totals: dict[str, int], limit: int) -> list[str]:
    """Those still in after everyone at `limit` or more dropped out."""
    return [player for player in still_in if totals[player] < limit]


# ---- Schieber -----------------------------------------------------------------------------------------

SCHIEBER_MULTIPLIERS = {"hearts": 1, "diamonds": 2, "spades": 2, "clubs": 1, "obenabe": 3, "undenufe": 3}
FLAT = dict.fromkeys(MODES, 1)
SCHIEBER_DEFAULTS: Settings = {
    "match_bonus": 100,
    "multipliers": SCHIEBER_MULTIPLIERS,
    "multiply_weis": True,
    "target": 2500,
}
SCHIEBER_PRESETS = (
    {},
    SCHIEBER_DEFAULTS,
    {**SCHIEBER_DEFAULTS, "multipliers": FLAT},
    {**SCHIEBER_DEFAULTS, "multipliers": FLAT, "match_bonus": 0},
)
SCHIEBER_CHANGES = {
    "target": [300, 500, 1000, 1500, 3000],
    "match_bonus": [0, 50, 150],
    "multiply_weis": [False, True],
    "multipliers": ["flat", {"spades": 4}, {"obenabe": 1, "undenufe": 5}],
}


def schieber_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """Deals until a team reaches the target, naming the team out first where the entry must."""
    multipliers = (
        FLAT if settings["multipliers"] == "flat" else {**SCHIEBER_MULTIPLIERS, **settings["multipliers"]}
    )
    totals = (0, 0)
    deals: list[Deal] = []
    for _ in range(length(rng, 40)):
        deal = schieber_deal(rng)
        stages = schieber_stages(deal, multipliers[deal["trump"]], settings)
        ends, first_out = schieber_finish(rng, totals, stages, settings["target"])
        if first_out:
            deal["first_out"] = first_out
        deals.append(deal)
        totals = (
            totals[0] + sum(stage[0] for stage in stages),
            totals[1] + sum(stage[1] for stage in stages),
        )
        if ends:
            break
    return deals


def schieber_deal(rng: Random) -> Deal:
    trump = rng.choice(MODES)
    deal: Deal = {"trump": trump}
    roll = rng.random()
    if roll < 0.06:
        deal["match"] = rng.choice("AB")
    elif roll < 0.2:
        points = rng.choice(TEAM_POINTS)
        deal["points"] = {"A": points, "B": CARDS - points}
    else:
        deal["points"] = {rng.choice("AB"): rng.choice(TEAM_POINTS)}
    if chance(rng, 0.4):
        deal["weis"] = {rng.choice("AB"): rng.choice(MELDS)}
    if chance(rng, 0.3) and trump not in ("obenabe", "undenufe"):
        deal["stoeck"] = rng.choice("AB")
    if chance(rng, 0.3):
        deal["announced_by"] = rng.choice("AB")
    return deal


def schieber_stages(deal: Deal, multiplier: int, settings: Settings) -> list[tuple[int, int]]:
    """The deal's score per team as it counts at the table: Stöck, Weis, card points."""
    bonus = multiplier if settings["multiply_weis"] else 1
    if "match" in deal:
        won = CARDS + settings["match_bonus"]
        a, b = (won, 0) if deal["match"] == "A" else (0, won)
    else:
        points = deal["points"]
        a = points.get("A", CARDS - points.get("B", 0))
        b = points.get("B", CARDS - a)
    stoeck = tuple(20 * bonus if deal.get("stoeck") == side else 0 for side in "AB")
    weis = tuple(deal.get("weis", {}).get(side, 0) * bonus for side in "AB")
    return [(stoeck[0], stoeck[1]), (weis[0], weis[1]), (a * multiplier, b * multiplier)]


def schieber_finish(
    rng: Random, totals: tuple[int, int], stages: list[tuple[int, int]], target: int
) -> tuple[bool, str | None]:
    """Whether the deal ends the game, and the team out first when both got there with card points."""
    reached = [
        side for index, side in enumerate("AB") if totals[index] + sum(s[index] for s in stages) >= target
    ]
    if not reached:
        return False, None
    running = totals
    for stage in stages[:2]:
        running = (running[0] + stage[0], running[1] + stage[1])
        if max(running) >= target:
            return True, None
    return True, rng.choice(reached) if len(reached) == 2 else None


# ---- Coiffeur -----------------------------------------------------------------------------------------

COIFFEUR_ROWS = [["hearts", 1], ["diamonds", 2], ["spades", 3], ["clubs", 4], ["obenabe", 5], ["undenufe", 6]]
COIFFEUR_DEFAULTS: Settings = {"rows": COIFFEUR_ROWS, "match_bonus": 100, "counter_match_bonus": 100}
COIFFEUR_PRESETS = ({}, COIFFEUR_DEFAULTS, {**COIFFEUR_DEFAULTS, "match_bonus": 0})
COIFFEUR_CHANGES = {
    "rows": [
        COIFFEUR_ROWS[::-1],
        [*COIFFEUR_ROWS, ["slalom", 7]],
        [["Rosen", 1], ["Eicheln", 2], ["Gusti", 10]],
        [["hearts", 1]],
        [["misère", 100], ["obenabe", 3]],
    ],
    "match_bonus": [0, 50, 257, 1000],
    "counter_match_bonus": [0, 20, 500],
}


def coiffeur_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """Each team plays each row once, the two boards interleaved at random."""
    plays = [(team, row) for team in "AB" for row, _ in settings["rows"]]
    rng.shuffle(plays)
    return [coiffeur_deal(rng, team, row) for team, row in plays[: length(rng, len(plays))]]


def coiffeur_deal(rng: Random, team: str, row: str) -> Deal:
    deal: Deal = {"team": team, "row": row}
    roll = rng.random()
    if roll < 0.08:
        deal["match"] = True
    elif roll < 0.14:
        deal["counter_match"] = True
    else:
        deal["points"] = rng.choice(TEAM_POINTS)
        if chance(rng, 0.1):
            deal[rng.choice(["match", "counter_match"])] = rng.choice([False, None])
    return deal


# ---- Differenzler and Molotow -------------------------------------------------------------------------

DIFFERENZLER_DEFAULTS: Settings = {"exact_bonus": 0, "deals": 12}
DIFFERENZLER_PRESETS = ({}, DIFFERENZLER_DEFAULTS)
DIFFERENZLER_CHANGES = {"exact_bonus": [0, 5, 10, 157], "deals": [1, 2, 6, 16]}


def differenzler_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    return [differenzler_deal(rng, seats) for _ in range(length(rng, settings["deals"]))]


def differenzler_deal(rng: Random, seats: list[str]) -> Deal:
    """Predictions that sometimes hit exactly (0 too), card points adding up to 157."""
    points = dict(zip(seats, card_points(rng, len(seats)), strict=True))
    predictions = {name: points[name] if chance(rng, 0.25) else rng.randint(0, CARDS) for name in seats}
    return {"trump": rng.choice(MODES), "predictions": predictions, "points": points}


MOLOTOW_DEFAULTS: Settings = {"big_hand_others": 3, "deals": 12}
MOLOTOW_PRESETS = (
    {},
    MOLOTOW_DEFAULTS,
    {**MOLOTOW_DEFAULTS, "big_hand_others": 3},
    {**MOLOTOW_DEFAULTS, "big_hand_others": 1},
)
MOLOTOW_CHANGES = {"big_hand_others": [0, 1, 2], "deals": [1, 4, 20]}


def molotow_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    return [molotow_deal(rng, seats) for _ in range(length(rng, settings["deals"]))]


def molotow_deal(rng: Random, seats: list[str]) -> Deal:
    """Card points; after a three-way tie below 100, the one of the three who drew the high card."""
    points = dict(zip(seats, table_points(rng, len(seats)), strict=True))
    high, middle, _, low = sorted(points.values(), reverse=True)
    deal: Deal = {"points": points}
    if high < 100 and (high == middle or middle == low):
        tied = [name for name in seats if points[name] == middle]
        if len(tied) == 3:
            deal["high_card"] = rng.choice(tied)
    return deal


# ---- Putz and Handjass --------------------------------------------------------------------------------

PUTZ_DEFAULTS: Settings = {"apple_below": 21, "win_at": 7, "lose_at": None}
PUTZ_PRESETS = ({}, PUTZ_DEFAULTS)
PUTZ_CHANGES = {"apple_below": [0, 10, 30, 60], "win_at": [3, 5, 10], "lose_at": [-2, -4, -8, None]}
PUTZ_PRIZES = {
    3: {0: (1, 1), 1: (1, 1), 2: (2,)},
    5: {0: (1, 1, 1), 1: (1, 1, 1), 2: (2, 1, 1), 3: (2, 2), 4: (3,)},
}
PUTZ_LOSE_AT = {3: -4, 5: -5}


def putz_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """Deals until someone reaches the winning or the losing mark."""
    lose_at = settings["lose_at"] if settings["lose_at"] is not None else PUTZ_LOSE_AT[len(seats)]
    totals = dict.fromkeys(seats, 0)
    deals: list[Deal] = []
    for _ in range(length(rng, 60)):
        deal, scores = putz_deal(rng, seats, settings["apple_below"])
        deals.append(deal)
        for name in seats:
            totals[name] += scores[name]
        if any(total >= settings["win_at"] or total <= lose_at for total in totals.values()):
            break
    return deals


def putz_deal(rng: Random, seats: list[str], apple_below: int) -> tuple[Deal, dict[str, int]]:
    points = dict(zip(seats, table_points(rng, len(seats)), strict=True))
    apples = [name for name in seats if points[name] < apple_below]
    made = {name: points[name] for name in seats if name not in apples}
    given, tie_order = award(rng, made, PUTZ_PRIZES[len(seats)].get(len(apples), ()))
    deal: Deal = {"points": points}
    if tie_order:
        deal["tie_order"] = tie_order
    return deal, {name: given.get(name, -1) for name in seats}


HANDJASS_DEFAULTS: Settings = {"out_at": 7, "min_points": 21}
HANDJASS_PRESETS = ({}, HANDJASS_DEFAULTS)
HANDJASS_CHANGES = {"out_at": [3, 5, 10], "min_points": [0, 30, 50]}


def handjass_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """Deals until one player is left (or none): those reaching `out_at` drop out."""
    still_in = list(seats)
    totals = dict.fromkeys(seats, 0)
    deals: list[Deal] = []
    for _ in range(length(rng, 80)):
        deal, scores = handjass_deal(rng, still_in, settings["min_points"])
        deals.append(deal)
        for name, points in scores.items():
            totals[name] += points
        still_in = settle(still_in, totals, settings["out_at"])
        if len(still_in) <= 1:
            break
    return deals


def handjass_deal(rng: Random, still_in: list[str], min_points: int) -> tuple[Deal, dict[str, int]]:
    """Some pass, the others play; one left alone takes both points without play."""
    passed = rng.sample(still_in, rng.randint(1, len(still_in) - 1)) if chance(rng, 0.3) else []
    playing = [name for name in still_in if name not in passed]
    deal: Deal = {"passed": passed} if passed or chance(rng, 0.1) else {}
    if len(playing) == 1:
        return deal, {playing[0]: 2}
    tricks = dict(zip(playing, table_points(rng, len(playing)), strict=True))
    melds = {name: rng.choice(MELDS) for name in playing if chance(rng, 0.2)}
    made = {name: tricks[name] + melds.get(name, 0) for name in playing}
    qualified = {name: total for name, total in made.items() if total >= min_points}
    prizes = (1, 1) if len(qualified) > 1 else (2,) if qualified else ()
    given, tie_order = award(rng, qualified, prizes)
    deal["tricks"] = tricks
    if melds:
        deal["melds"] = melds
    if tie_order:
        deal["tie_order"] = tie_order
    return deal, {name: given.get(name, -1) for name in playing}


# ---- Pandur -------------------------------------------------------------------------------------------

PANDUR_DEFAULTS: Settings = {"target": 15}
PANDUR_PRESETS = ({}, PANDUR_DEFAULTS)
PANDUR_CHANGES = {"target": [5, 8, 10, 20]}
PANDUR_NAMED = {"misere": 4, "trump_misere": 4, "pandur": 5, "trump_pandur": 6}


def pandur_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """Hands until one player is left (or none): those reaching the target drop out."""
    target = settings["target"]
    still_in = list(seats)
    totals = dict.fromkeys(seats, 0)
    deals: list[Deal] = []
    for _ in range(length(rng, 80)):
        deal, gainers, value = pandur_deal(rng, still_in)
        dealer = deal.get("dealer")
        if not deal_made(deal) and dealer is not None and totals[dealer] < target - 2:
            gainers.append(dealer)
        deals.append(deal)
        for name in gainers:
            totals[name] += value
        still_in = settle(still_in, totals, target)
        if len(still_in) <= 1:
            break
    return deals


def pandur_deal(rng: Random, still_in: list[str]) -> tuple[Deal, list[str], int]:
    """The hand, the players it pays (the dealer aside: that depends on the totals), and its value."""
    dealer = rng.choice(still_in) if len(still_in) == 4 else None
    soloist = rng.choice([name for name in still_in if name != dealer])
    deal: Deal = {"dealer": dealer} if dealer else {}
    deal["soloist"] = soloist
    if chance(rng, 0.75):
        contract: int | str = rng.randrange(100, 360, 10) if chance(rng, 0.8) else rng.randrange(100, 751, 10)
        value = min(contract // 50, 6)
    else:
        contract = rng.choice(list(PANDUR_NAMED))
        value = PANDUR_NAMED[contract]
    deal["contract"] = contract
    if isinstance(contract, int) and chance(rng, 0.4):
        points = rng.randint(0, CARDS + 600)
        deal["points"] = 0 if points == 1 else points
    else:
        deal["made"] = chance(rng, 0.55)
    if deal_made(deal):
        return deal, [soloist], value
    return deal, [name for name in still_in if name not in (soloist, dealer)], value


def deal_made(deal: Deal) -> bool:
    return deal["made"] if "made" in deal else deal["points"] >= deal["contract"]


# ---- Jazz ---------------------------------------------------------------------------------------------

JAZZ_COUNTED = ("spades", "clubs", "tricks", "plus", "honors", "jacks", "queens")
JAZZ_GAMES = ["spades", "tricks", "honors", "jacks", "queens", "king_last", "fantan"]
JAZZ_PENALTIES = {
    "spades": 2,
    "clubs": 2,
    "tricks": 2,
    "plus": -2,
    "honors": 2,
    "jacks": 5,
    "queens": 5,
    "king_of_hearts": 10,
    "last_trick": 10,
    "fantan": 3,
}
JAZZ_DEFAULTS: Settings = {
    "games": JAZZ_GAMES,
    "rounds": 1,
    "penalties": JAZZ_PENALTIES,
    "fifth_trick_penalty": 0,
    "king_in_last_trick_extra": 0,
    "removed_twos": None,
}
JAZZ_PRESETS = (
    {},
    JAZZ_DEFAULTS,
    {**JAZZ_DEFAULTS, "games": ["spades", "tricks", "queens", "king_last", "fantan"]},
    {**JAZZ_DEFAULTS, "games": [*JAZZ_COUNTED, "king_last", "fantan"]},
    {**JAZZ_DEFAULTS, "fifth_trick_penalty": 10},
)
JAZZ_CHANGES = {
    "rounds": [2, 3],
    "penalties": [{"spades": 3}, {"plus": -5, "fantan": 1}, {"king_of_hearts": 20, "last_trick": 0}],
    "fifth_trick_penalty": [5, 10],
    "king_in_last_trick_extra": [10, 30],
}
JAZZ_REMOVED_TWOS = {
    3: [["clubs"], ["spades"], ["hearts"]],
    4: [[]],
    5: [["clubs", "diamonds"], ["spades", "hearts"]],
}


def jazz_tweak(rng: Random, players: int, settings: Settings) -> None:
    """Jazz's settings that depend on chance or the table: a club's own schedule, the twos removed."""
    if chance(rng, 0.2):
        games = rng.sample([*JAZZ_COUNTED, "king_last"], rng.randint(1, 8))
        settings["games"] = [*games, "fantan"] if chance(rng, 0.5) else games
    if chance(rng, 0.2):
        settings["removed_twos"] = rng.choice(JAZZ_REMOVED_TWOS[players])


def jazz_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """The schedule's games in order, with what each player took checked against the deck."""
    removed = settings["removed_twos"] or {3: ["clubs"], 4: [], 5: ["clubs", "diamonds"]}[len(seats)]
    hand = (52 - len(removed)) // len(seats)
    totals = {"spades": 13 - removed.count("spades"), "clubs": 13 - removed.count("clubs")}
    totals |= {"tricks": hand, "plus": hand, "honors": 16, "jacks": 4, "queens": 4}
    schedule = settings["games"] * settings["rounds"]
    deals: list[Deal] = []
    for game in schedule[: length(rng, len(schedule))]:
        if game == "king_last":
            deals.append(king_last_deal(rng, seats, settings["fifth_trick_penalty"] > 0))
        elif game == "fantan":
            deals.append(fantan_deal(rng, seats, hand))
        else:
            deals.append(counted_deal(rng, seats, game, totals[game]))
    return deals


GUGGITALER_PENALTIES = {"tricks": 5, "schellen": 10, "ober": 20, "rosen_koenig": 40, "last_trick": 50}
GUGGITALER_DEFAULTS: Settings = {
    "rounds": 1,
    "penalties": GUGGITALER_PENALTIES,
    "domino": True,
    "domino_points": None,
    "all_in_one": False,
    "deals": 4,
}
GUGGITALER_PRESETS = (
    {},
    GUGGITALER_DEFAULTS,
    {**GUGGITALER_DEFAULTS, "domino": False},
    {**GUGGITALER_DEFAULTS, "all_in_one": True},
)
GUGGITALER_CHANGES = {
    "rounds": [2, 3],
    "penalties": [{"ober": 25}, {"tricks": 0, "last_trick": 100}],
    "domino": [False],
    "deals": [1, 2, 6],
}
GUGGITALER_COUNTED = ("tricks", "schellen", "ober")
GUGGITALER_TAKEN_ONCE = ("rosen_koenig", "last_trick")


def guggitaler_tweak(rng: Random, players: int, settings: Settings) -> None:
    """The Domino's places a club sets itself, one a player."""
    if chance(rng, 0.2):
        settings["domino_points"] = {3: [-90, -60, -30], 4: [-100, -50, -20, 10]}[players]


def guggitaler_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """The round's games in order (all in one: the five penalties every deal), checked against the deck."""
    totals = {"tricks": 36 // len(seats), "schellen": 9, "ober": 4}
    if settings["all_in_one"]:
        return [guggitaler_all_in_one(rng, seats, totals) for _ in range(length(rng, settings["deals"]))]
    games = [*GUGGITALER_COUNTED, *GUGGITALER_TAKEN_ONCE, *(["domino"] if settings["domino"] else [])]
    schedule = games * settings["rounds"]
    deals: list[Deal] = []
    for game in schedule[: length(rng, len(schedule))]:
        if game == "domino":
            deals.append({"game": "domino", "order": rng.sample(seats, len(seats))})
        elif game in GUGGITALER_TAKEN_ONCE:
            deals.append({"game": game, "player": rng.choice(seats)})
        else:
            deals.append(counted_deal(rng, seats, game, totals[game]))
    return deals


def guggitaler_all_in_one(rng: Random, seats: list[str], totals: dict[str, int]) -> Deal:
    taken = {game: counted_deal(rng, seats, game, totals[game])["taken"] for game in GUGGITALER_COUNTED}
    return {"taken": taken, **{game: rng.choice(seats) for game in GUGGITALER_TAKEN_ONCE}}


def counted_deal(rng: Random, seats: list[str], game: str, total: int) -> Deal:
    """Every card or trick to someone; a player who took none is sometimes left out."""
    taken = dict(zip(seats, shares(rng, total, len(seats)), strict=True))
    if chance(rng, 0.3):
        taken = {name: count for name, count in taken.items() if count}
    return {"game": game, "taken": taken}


def king_last_deal(rng: Random, seats: list[str], fifth_trick: bool) -> Deal:
    king = rng.choice(seats)
    last = king if chance(rng, 0.3) else rng.choice(seats)
    deal: Deal = {"game": "king_last", "king_of_hearts": king, "last_trick": last}
    if fifth_trick:
        deal["fifth_trick"] = rng.choice(seats)
    if king == last and chance(rng, 0.5):
        deal["king_in_last"] = True
    elif chance(rng, 0.2):
        deal["king_in_last"] = False
    return deal


def fantan_deal(rng: Random, seats: list[str], hand: int) -> Deal:
    out = rng.choice(seats)
    return {
        "game": "fantan",
        "cards_left": {name: 0 if name == out else rng.randint(1, hand) for name in seats},
    }


# ---- Free board ---------------------------------------------------------------------------------------

FREE_BOARD_DEFAULTS: Settings = {
    "sides": "players",
    "negative": False,
    "per_deal": None,
    "target": 1000,
    "deals": None,
    "lowest_wins": False,
}
FREE_BOARD_PRESETS = (
    {},
    FREE_BOARD_DEFAULTS,
    {**FREE_BOARD_DEFAULTS, "sides": "teams", "per_deal": 157, "target": 1000},
    {**FREE_BOARD_DEFAULTS, "target": 21, "lowest_wins": True},
)
FREE_BOARD_CHANGES = {
    "target": [21, 300, 1000],
    "deals": [None, 3, 8],
    "negative": [False, True],
    "per_deal": [None, 21, 157],
    "lowest_wins": [False, True],
}
FREE_BOARD_TEAMS = {4: ["A", "B"], 6: ["A", "B", "C"]}


def free_board_tweak(rng: Random, players: int, settings: Settings) -> None:
    """Teams only at a table of 4 or 6, or now and then at another to be refused; sometimes teams."""
    if players in FREE_BOARD_TEAMS and chance(rng, 0.3):
        settings["sides"] = "teams"
    elif settings.get("sides") == "teams" and players not in FREE_BOARD_TEAMS and chance(rng, 0.8):
        settings["sides"] = "players"


def free_board_deals(rng: Random, seats: list[str], settings: Settings) -> list[Deal]:
    """Deals until a side reaches the target (or the number of deals): with `per_deal`, the points share
    it out and one side is sometimes left for the rest; without, a few sides write what they made."""
    sides = FREE_BOARD_TEAMS.get(len(seats), seats) if settings["sides"] == "teams" else seats
    last = settings["deals"] or 40
    totals = dict.fromkeys(sides, 0)
    deals: list[Deal] = []
    while len(deals) < last and (settings["deals"] or max(totals.values()) < settings["target"]):
        deal = free_board_deal(rng, sides, settings)
        for side in sides:
            totals[side] += deal.get(side, 0)
        if settings["per_deal"] is not None and len(deal) == len(sides) - 1:
            rest = next(side for side in sides if side not in deal)
            totals[rest] += settings["per_deal"] - sum(deal.values())
        deals.append({"points": deal})
    return deals[: length(rng, len(deals))]


def free_board_deal(rng: Random, sides: list[str], settings: Settings) -> dict[str, int]:
    per_deal, negative = settings["per_deal"], settings["negative"]
    if per_deal is None:
        high = max(settings["target"] // 3, 5)
        written = {side: rng.randint(-high if negative else 0, high) for side in sides}
        kept = {side: points for side, points in written.items() if points or chance(rng, 0.5)}
        return kept or {sides[0]: 0}
    points = dict(zip(sides, shares(rng, per_deal, len(sides)), strict=True))
    if negative and chance(rng, 0.3):
        giver, taker = rng.sample(sides, 2)
        points[giver] -= 50
        points[taker] += 50
    if chance(rng, 0.5):
        del points[rng.choice(sides)]
    return points


# ---- the variants -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """What the generator knows of a variant, written out here rather than read from the engine."""

    players: tuple[int, ...]
    defaults: Settings
    presets: tuple[Settings, ...]
    changes: dict[str, list[Any]]
    deals: Callable[[Random, list[str], Settings], list[Deal]]
    tweak: Callable[[Random, int, Settings], None] | None = None


SPECS: dict[str, Spec] = {
    "schieber": Spec((4,), SCHIEBER_DEFAULTS, SCHIEBER_PRESETS, SCHIEBER_CHANGES, schieber_deals),
    "coiffeur": Spec((4,), COIFFEUR_DEFAULTS, COIFFEUR_PRESETS, COIFFEUR_CHANGES, coiffeur_deals),
    "differenzler": Spec(
        (3, 4), DIFFERENZLER_DEFAULTS, DIFFERENZLER_PRESETS, DIFFERENZLER_CHANGES, differenzler_deals
    ),
    "molotow": Spec((4,), MOLOTOW_DEFAULTS, MOLOTOW_PRESETS, MOLOTOW_CHANGES, molotow_deals),
    "putz": Spec((3, 5), PUTZ_DEFAULTS, PUTZ_PRESETS, PUTZ_CHANGES, putz_deals),
    "handjass": Spec((2, 3, 4), HANDJASS_DEFAULTS, HANDJASS_PRESETS, HANDJASS_CHANGES, handjass_deals),
    "pandur": Spec((4,), PANDUR_DEFAULTS, PANDUR_PRESETS, PANDUR_CHANGES, pandur_deals),
    "jazz": Spec((3, 4, 5), JAZZ_DEFAULTS, JAZZ_PRESETS, JAZZ_CHANGES, jazz_deals, jazz_tweak),
    "guggitaler": Spec(
        (3, 4),
        GUGGITALER_DEFAULTS,
        GUGGITALER_PRESETS,
        GUGGITALER_CHANGES,
        guggitaler_deals,
        guggitaler_tweak,
    ),
    "free_board": Spec(
        (2, 3, 4, 5, 6, 7, 8),
        FREE_BOARD_DEFAULTS,
        FREE_BOARD_PRESETS,
        FREE_BOARD_CHANGES,
        free_board_deals,
        free_board_tweak,
    ),
}
VARIANTS = tuple(SPECS)


def choose_settings(rng: Random, spec: Spec, players: int) -> Settings | None:
    """None (the defaults), or a preset, sometimes with a few values changed; always a fresh copy."""
    if chance(rng, 0.1):
        return None
    settings = copy.deepcopy(rng.choice(spec.presets))
    for key, values in spec.changes.items():
        if chance(rng, 0.3):
            settings[key] = copy.deepcopy(rng.choice(values))
    if spec.tweak is not None:
        spec.tweak(rng, players, settings)
    return settings


def valid_game(rng: Random, variant: str) -> Game:
    spec = SPECS[variant]
    seats = rng.sample(NAMES, rng.choice(spec.players))
    settings = choose_settings(rng, spec, len(seats))
    deals = spec.deals(rng, seats, {**spec.defaults, **(settings or {})})
    game: Game = {"variant": variant, "seats": seats}
    if settings is not None or chance(rng, 0.3):
        game["settings"] = settings
    game["deals"] = deals
    return game


# ---- breaking a game on purpose -----------------------------------------------------------------------

WRONG_VALUES: list[Any] = ["7", "A", "", "Zoë", 1.5, True, False, None, [], {}, -1, 0, 1, 157, 158, 1000]
STRANGERS = ["note", "Points", "trumpf", "Edi", "C"]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def break_json(rng: Random, variant: str, game: Game) -> str:
    """Cut short, or one character replaced: JSON the parser refuses (most of the time)."""
    text = dumps(game)
    cut = rng.randrange(len(text))
    if chance(rng, 0.5):
        return text[:cut]
    return text[:cut] + rng.choice('{}[]:,"x\\ ') + text[cut + 1 :]


def not_a_game(rng: Random, variant: str, game: Game) -> str:
    return dumps(rng.choice([game["deals"], game["seats"], variant, CARDS, None, True]))


def break_variant(rng: Random, variant: str, game: Game) -> str:
    game["variant"] = rng.choice(["tichu", variant.capitalize(), "", None, 7, [variant]])
    if chance(rng, 0.2):
        del game["variant"]
    return dumps(game)


def break_seats(rng: Random, variant: str, game: Game) -> str:
    """One seat too few or too many, a name twice, a name that is none, or no list of seats."""
    seats = game["seats"]
    roll = rng.randrange(6)
    if roll == 0:
        seats.pop(rng.randrange(len(seats)))
    elif roll == 1:
        seats.append(rng.choice([name for name in NAMES if name not in seats]))
    elif roll == 2:
        seats[rng.randrange(1, len(seats))] = seats[0]
    elif roll == 3:
        seats[rng.randrange(len(seats))] = rng.choice(["", "  ", 7, None, ["Anna"]])
    elif roll == 4:
        game["seats"] = rng.choice([", ".join(seats), None, {"1": seats[0]}, len(seats)])
    else:
        del game["seats"]
    return dumps(game)


WRONG_SETTINGS: dict[str, list[tuple[str, Any]]] = {
    "schieber": [
        ("multipliers", {"slalom": 4}),
        ("multipliers", {"spades": 0}),
        ("multipliers", ["spades", 2]),
        ("target", 0),
        ("match_bonus", -50),
    ],
    "coiffeur": [
        ("rows", []),
        ("rows", [["hearts"]]),
        ("rows", [[" ", 1]]),
        ("rows", [["hearts", 1], ["hearts", 2]]),
        ("rows", [["hearts", 0]]),
        ("rows", [[3, 1]]),
        ("match_bonus", 1001),
    ],
    "differenzler": [("exact_bonus", 158), ("deals", 0), ("deals", 101)],
    "molotow": [("big_hand_others", 4), ("deals", 0)],
    "putz": [("apple_below", 158), ("win_at", 0), ("lose_at", 0), ("lose_at", -101)],
    "handjass": [("out_at", 0), ("min_points", 158)],
    "pandur": [("target", 0), ("target", 101)],
    "jazz": [
        ("games", []),
        ("games", ["spades", "spades"]),
        ("games", ["fantan", "spades"]),
        ("games", ["hearts"]),
        ("rounds", 21),
        ("penalties", {"fifth_trick": 5}),
        ("penalties", {"hearts": 5}),
        *[("penalties", {key: 101}) for key in JAZZ_PENALTIES],
        ("penalties", ["spades"]),
        ("fifth_trick_penalty", -1),
        ("king_in_last_trick_extra", 101),
        ("removed_twos", ["stars"]),
        ("removed_twos", ["clubs", "clubs"]),
        ("removed_twos", ["clubs"]),
        ("removed_twos", []),
        ("removed_twos", "clubs"),
    ],
    "guggitaler": [
        ("rounds", 0),
        ("rounds", 21),
        ("penalties", {"schilten": 5}),
        ("penalties", {"ober": -1}),
        ("penalties", {"tricks": 501}),
        ("penalties", ["tricks"]),
        ("domino", "yes"),
        ("domino_points", [-150]),
        ("domino_points", [-150, -100, "x", 0]),
        ("all_in_one", 1),
        ("deals", 0),
        ("deals", 101),
    ],
    "free_board": [
        ("sides", "pairs"),
        ("negative", "no"),
        ("per_deal", -1),
        ("per_deal", 100001),
        ("target", 0),
        ("deals", 101),
        ("lowest_wins", 0),
    ],
}
"""Settings the variant refuses (a few only sometimes: it depends on the number of players)."""


def break_settings(rng: Random, variant: str, game: Game) -> str:
    """An unknown setting, a known one with a wrong value, or settings that are no object."""
    settings = game.get("settings") or {}
    roll = rng.randrange(4)
    if roll == 0:
        settings[rng.choice(["targt", "colour", "Target", "rules", "deals "])] = 1000
    elif roll == 1:
        settings[rng.choice(list(SPECS[variant].defaults))] = rng.choice(WRONG_VALUES)
    elif roll == 2:
        key, value = rng.choice(WRONG_SETTINGS[variant])
        settings[key] = copy.deepcopy(value)
    else:
        settings = rng.choice([[], "flat", 7, True])
    game["settings"] = settings
    return dumps(game)


def break_deal(rng: Random, variant: str, game: Game) -> str:
    """One deal changed: a field gone or unknown, a wrong type, a number off; or no deal at all."""
    deals = game["deals"]
    if chance(rng, 0.05):
        game["deals"] = rng.choice([{"1": deals}, "deals", 12, None])
    elif not deals or chance(rng, 0.05):
        deals.insert(rng.randint(0, len(deals)), rng.choice([{}, [], "deal", 0, None]))
    else:
        mutate(rng, rng.choice(deals))
    return dumps(game)


def mutate(rng: Random, container: dict[str, Any] | list[Any]) -> None:
    """Change one value somewhere in a deal (going down into its maps and lists now and then)."""
    key = rng.choice(list(container) if isinstance(container, dict) else range(len(container)))
    inner = container[key]
    if isinstance(inner, dict | list) and inner and chance(rng, 0.6):
        mutate(rng, inner)
        return
    roll = rng.randrange(4)
    if roll == 0:
        del container[key]
    elif roll == 1 and isinstance(container, dict):
        container[rng.choice(STRANGERS)] = rng.choice([1, "x", 20])
    elif roll == 1:
        container.append(container[0])
    elif roll == 2 or isinstance(inner, bool) or not isinstance(inner, int):
        container[key] = rng.choice(WRONG_VALUES)
    else:
        container[key] = inner + rng.choice([-20, -10, -2, -1, 1, 2, 10])


def own_fields(variant: str, seats: list[str]) -> list[tuple[str, Any]]:
    """Fields of the variant's own entries, with values that seldom fit the deal they are put in."""
    first, second = seats[0], seats[1]
    return {
        "schieber": [
            ("points", {"A": 156}),
            ("points", {"A": 80, "B": 80}),
            ("match", "B"),
            ("weis", {"A": 20, "B": 50}),
            ("weis", {"A": 30}),
            ("stoeck", "A"),
            ("first_out", "A"),
            ("first_out", "B"),
            ("trump", "undenufe"),
        ],
        "coiffeur": [
            ("points", 156),
            ("match", True),
            ("counter_match", True),
            ("row", "slalom"),
            ("team", "B"),
        ],
        "differenzler": [("trump", "slalom"), ("predictions", {first: 158}), ("points", {first: CARDS})],
        "molotow": [("high_card", first), ("high_card", "Edi"), ("points", {first: CARDS})],
        "putz": [("tie_order", [first, second]), ("tie_order", seats), ("tie_order", first)],
        "handjass": [
            ("melds", {first: 20}),
            ("tie_order", [first, second]),
            ("passed", seats),
            ("passed", [first]),
            ("passed", [first, first]),
            ("tricks", {first: CARDS}),
        ],
        "pandur": [
            ("made", True),
            ("points", 300),
            ("points", 1),
            ("contract", "pandur"),
            ("dealer", first),
            ("soloist", first),
        ],
        "jazz": [
            ("fifth_trick", first),
            ("fifth_trick", "Edi"),
            ("king_of_hearts", None),
            ("last_trick", None),
            ("cards_left", dict.fromkeys(seats, 1)),
            ("king_in_last", True),
            ("king_in_last", "yes"),
            ("cards_left", {first: 0, second: 0}),
            ("taken", {first: 1}),
        ],
        "guggitaler": [
            ("player", first),
            ("player", "Edi"),
            ("order", [first]),
            ("order", [*seats, first]),
            ("taken", {first: 1}),
            ("rosen_koenig", "Edi"),
            ("last_trick", None),
            ("game", "domino"),
        ],
        "free_board": [
            ("points", {first: 100001}),
            ("points", {"A": 157}),
            ("points", {first: -1}),
            ("points", {}),
            ("points", {"Edi": 3}),
            ("trump", "hearts"),
        ],
    }[variant]


def add_own_field(rng: Random, variant: str, game: Game) -> str:
    """A deal gets a field of the variant's entries that it should not have, or a value that does not fit."""
    if not game["deals"]:
        return extra_deal(rng, variant, game)
    key, value = rng.choice(own_fields(variant, game["seats"]))
    kin = [deal for deal in game["deals"] if isinstance(deal, dict) and key in deal]
    rng.choice(kin if kin and chance(rng, 0.7) else game["deals"])[key] = value
    return dumps(game)


def extra_deal(rng: Random, variant: str, game: Game) -> str:
    """The last deal once more: after the end of a game, or a row played twice, it is refused."""
    deals = game["deals"]
    deals.append(copy.deepcopy(deals[-1]) if deals else {})
    return dumps(game)


BREAKS: tuple[Callable[[Random, str, Game], str], ...] = (
    break_json,
    not_a_game,
    break_variant,
    break_seats,
    break_settings,
    break_settings,
    break_deal,
    break_deal,
    add_own_field,
    add_own_field,
    extra_deal,
)


def game_source(rng: Random, variant: str) -> str:
    """One game's JSON text: valid, or (a quarter of the time) broken one way or another."""
    game = valid_game(rng, variant)
    if not chance(rng, BROKEN_SHARE):
        return dumps(game)
    return rng.choice(BREAKS)(rng, variant, game)


# ---- replaying ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    number: int
    variant: str
    source: str
    """The game as generated: the digest hashes it."""
    sent: str
    """The game as run: `source` with OLD_DEFAULTS."""
    status: int
    printed: str
    """The line `python -m scorekeeper.rules` prints, newline included."""


OLD_DEFAULTS: dict[str, Settings] = {"differenzler": {"exact_bonus_on_zero": True}}
"""Defaults a later issue changed, by variant, with their value when the digest was recorded."""


def as_sent(variant: str, source: str) -> str:
    """The game with OLD_DEFAULTS added to its settings (after the keys it names, so a refusal of one of
    those comes first as before); a game whose settings are broken is sent as generated."""
    old = OLD_DEFAULTS.get(variant)
    if old is None:
        return source
    try:
        game = json.loads(source)
    except json.JSONDecodeError:
        return source
    settings = game.get("settings") if isinstance(game, dict) else None
    if not isinstance(game, dict) or not isinstance(settings, dict | None):
        return source
    settings = settings or {}
    game["settings"] = {**settings, **{key: value for key, value in old.items() if key not in settings}}
    return dumps(game)


def play_all() -> Iterator[Played]:
    """Every game through `run`, its output serialised exactly as the command line's main does."""
    for number in range(GAMES):
        variant = VARIANTS[number % len(VARIANTS)]
        source = game_source(Random(f"{SEED}:{number}"), variant)
        sent = as_sent(variant, source)
        status, output = run(sent)
        yield Played(number, variant, source, sent, status, json.dumps(output, ensure_ascii=False) + "\n")


def replay(write_to: Path | None = None) -> tuple[str, dict[str, tuple[int, int]]]:
    """The sha256 of every game, status and output, and per variant (scored, refused)."""
    digest = hashlib.sha256()
    counts = {variant: [0, 0] for variant in VARIANTS}
    for played in play_all():
        digest.update(f"{played.number}\0{played.source}\0{played.status}\0{played.printed}".encode())
        counts[played.variant][played.status != 0] += 1
        if write_to is not None:
            write(write_to, played)
    return digest.hexdigest(), {variant: (ok, refused) for variant, (ok, refused) in counts.items()}


def write(directory: Path, played: Played) -> None:
    folder = directory / played.variant
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{played.number:05d}.json").write_text(played.sent, encoding="utf-8")
    (folder / f"{played.number:05d}.out").write_text(
        f"exit {played.status}\n{played.printed}", encoding="utf-8"
    )


def test_the_generator_plays_every_variant() -> None:
    """A variant the generator does not know would never be played here: it learns its entries (SPECS,
    WRONG_SETTINGS), and the digest is recorded again."""
    assert list(SPECS) == list(COUNTS) == list(available_variants())
    assert set(WRONG_SETTINGS) == set(SPECS)


@pytest.mark.slow  # 20,000 games: the digest is recorded from exactly these
def test_the_command_line_prints_byte_for_byte_what_it_printed() -> None:
    digest, counts = replay()
    assert counts == COUNTS, "see the module docstring: write both versions' outputs and diff them"
    assert digest == DIGEST, "see the module docstring: write both versions' outputs and diff them"


def test_old_defaults_are_sent_only_where_the_settings_leave_them_out() -> None:
    game = {"variant": "differenzler", "seats": ["Anna", "Beat", "Cla"], "deals": []}
    assert json.loads(as_sent("differenzler", dumps(game)))["settings"] == {"exact_bonus_on_zero": True}
    named = {**game, "settings": {"deals": 2, "exact_bonus": 5}}
    sent = json.loads(as_sent("differenzler", dumps(named)))["settings"]
    assert list(sent.items()) == [("deals", 2), ("exact_bonus", 5), ("exact_bonus_on_zero", True)]
    kept = {**game, "settings": {"exact_bonus_on_zero": False}}
    assert as_sent("differenzler", dumps(kept)) == dumps(kept)
    for source in (dumps({**game, "settings": []}), dumps([game]), '{"variant": "differenzler", "se'):
        assert as_sent("differenzler", source) == source
    assert as_sent("molotow", dumps(game)) == dumps(game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--write", type=Path, metavar="DIR", help="write DIR/VARIANT/NNNNN.json and .out for every game"
    )
    args = parser.parse_args(argv)
    digest, counts = replay(args.write)
    print(f"DIGEST = {digest!r}")
    print(f"COUNTS = {counts!r}")
    scored = sum(ok for ok, _ in counts.values())
    print(f"{scored} of {GAMES} games scored ({scored / GAMES:.1%}), {GAMES - scored} refused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
