"""The seating draw of a tournament pass: who sits at which table, in which seat, and who has a bye.

Pure and seeded (no Django, no global random): the same players, history, seed and options give the same
draw, so storing the seed reproduces it. The draw minimises, in this order:

1. repeated partners: nobody partners the same player twice while any pairing avoids it (exact matching);
2. repeated opponents: teams (or players, without partners) who met before are kept apart where possible;
3. seats: each player's seats rotate (the seat of the last pass is avoided, then often-used seats).

Pass by pass, n seated players never repeat a partner in the first n / 2 passes (Dirac's theorem
guarantees a pairing); small events also look one pass ahead and in practice reach n - 1 passes.

Byes go to the players with the fewest byes so far, drawn by lot among them, so nobody has a second bye
before everyone present had one. With tables of 3 allowed, tables of 3 take up the remainder and nobody
has a bye (9 players: three tables of 3; 10: one of 4 and two of 3); only 5 players still leave a bye.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeAlias, TypeVar

from scorekeeper.rules.base import gettext_noop
from tournaments.seating.matching import round_robin
from tournaments.seating.past import Past
from tournaments.seating.tables import (
    Team,
    grouped_tables,
    partner_tables,
    ranked_partner_tables,
    ranked_tables,
    seat_teams,
    shuffled,
    team_tables,
)

T = TypeVar("T")

PlayerId: TypeAlias = int | str
"""A player's id: all of one type in an event (they are sorted, so the input order does not matter)."""

__all__ = [
    "Draw",
    "DrawnTable",
    "PlayerId",
    "Repeats",
    "SeatingError",
    "count_repeats",
    "draw_all",
    "draw_all_pairs",
    "draw_pairs",
    "draw_pass",
]


class SeatingError(ValueError):
    """The players or options cannot be seated; the message is for the director.

    `str()` is the English; `template` (marked with gettext_noop) and `params` let the web layer say it
    in the director's language (tournaments.services).
    """

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template % params)
        self.template = template
        self.params = params


@dataclass(frozen=True)
class DrawnTable:
    number: int
    seats: tuple[PlayerId, ...]
    """Seat 1 first; with partners, seats 1 & 3 play against seats 2 & 4."""

    @property
    def teams(self) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]:
        """The two teams of a table with partners: seats 1 & 3 and seats 2 & 4."""
        return self.seats[0::2], self.seats[1::2]


@dataclass(frozen=True)
class Draw:
    pass_number: int
    tables: tuple[DrawnTable, ...]
    byes: tuple[PlayerId, ...]
    seed: int
    partners: bool = True
    """Whether seats 1 & 3 and 2 & 4 were partners: tells the next draws whom a player partnered."""

    def table_of(self, player: PlayerId) -> DrawnTable | None:
        """The player's table in this pass (None on a bye or when not playing)."""
        return next((table for table in self.tables if player in table.seats), None)


@dataclass(frozen=True)
class Repeats:
    partners: int
    opponents: int


def draw_pass(
    players: Sequence[PlayerId],
    history: Sequence[Draw],
    *,
    seed: int,
    pass_number: int,
    table_size: int = 4,
    partners: bool = True,
    allow_tables_of_three: bool = False,
    by_score: Mapping[PlayerId, float] | None = None,
) -> Draw:
    """Draw one pass for the players present, given the event's earlier passes.

    `by_score` seats similar scores together (table 1 the highest; a missing player scores 0), still
    avoiding repeated partners by trading a player with the nearest foursome when needed.
    """
    ids = _distinct(players)
    sizes, bye_count = _layout(
        len(ids), table_size, partners=partners, allow_tables_of_three=allow_tables_of_three
    )
    past = _past(ids, history)
    rng = random.Random(f"{seed}/{pass_number}")
    byes = _choose_byes(len(ids), bye_count, past, rng)
    seated = sorted(set(range(len(ids))) - set(byes))
    if by_score is not None:
        ranked = _ranked(ids, seated, by_score, rng)
        tables = ranked_partner_tables(ranked, past) if partners else ranked_tables(ranked, sizes, past)
    elif partners:
        tables = partner_tables(seated, past, rng)
    else:
        tables = grouped_tables(seated, sizes, past, rng)
    return _draw(ids, tables, byes, pass_number=pass_number, seed=seed, partners=partners)


def draw_all(
    players: Sequence[PlayerId],
    passes: int,
    *,
    seed: int,
    table_size: int = 4,
    partners: bool = True,
    allow_tables_of_three: bool = False,
) -> list[Draw]:
    """Draw every pass up front, for a printable schedule per player.

    With partners and 4k or 4k + 1 players, partners follow a round robin (the circle method over a
    seeded shuffle): nobody partners anyone twice for 4k - 1 passes, or 4k + 1 passes with each player
    sitting out exactly once. Other headcounts and later passes are drawn pass by pass.
    """
    ids = _distinct(players)
    _layout(len(ids), table_size, partners=partners, allow_tables_of_three=allow_tables_of_three)
    with_rounds = partners and len(ids) % 4 in (0, 1)
    rounds = _rounds(range(len(ids)), random.Random(f"{seed}/rounds")) if with_rounds else []
    draws: list[Draw] = []
    for number in range(1, passes + 1):
        if number <= len(rounds):
            draws.append(_partners_round(ids, rounds[number - 1], draws, seed=seed, pass_number=number))
        else:
            draws.append(
                draw_pass(
                    ids,
                    draws,
                    seed=seed,
                    pass_number=number,
                    table_size=table_size,
                    partners=partners,
                    allow_tables_of_three=allow_tables_of_three,
                )
            )
    return draws


def draw_pairs(
    pairs: Sequence[tuple[PlayerId, PlayerId]], history: Sequence[Draw], *, seed: int, pass_number: int
) -> Draw:
    """Team Schieber: fixed pairs against pairs, no pair facing a pair (or player) it faced, if possible.

    With an odd number of pairs one pair has a bye: the fewest byes so far, drawn by lot among them.
    """
    ids, teams = _distinct_pairs(pairs)
    past = _past(ids, history)
    rng = random.Random(f"{seed}/{pass_number}")
    lots = {team: rng.random() for team in teams}
    by_byes = sorted(teams, key=lambda team: (past.byes[team[0]] + past.byes[team[1]], lots[team]))
    off = by_byes[: len(teams) % 2]
    playing = [team for team in teams if team not in off]
    tables = [seat_teams(a, b, past) for a, b in team_tables(playing, past, rng)]
    byes = [player for team in off for player in team]
    return _draw(ids, tables, byes, pass_number=pass_number, seed=seed, partners=True)


def draw_all_pairs(pairs: Sequence[tuple[PlayerId, PlayerId]], passes: int, *, seed: int) -> list[Draw]:
    """Team Schieber drawn up front: a round robin of the pairs (each pair meets each other pair once)."""
    ids, teams = _distinct_pairs(pairs)
    rounds = _rounds(teams, random.Random(f"{seed}/rounds"))
    draws: list[Draw] = []
    for number in range(1, passes + 1):
        if number <= len(rounds):
            draws.append(_pairs_round(ids, rounds[number - 1], draws, seed=seed, pass_number=number))
        else:
            draws.append(draw_pairs(pairs, draws, seed=seed, pass_number=number))
    return draws


def count_repeats(draws: Sequence[Draw]) -> Repeats:
    """How many partnerships and oppositions in `draws` had already happened in an earlier pass.

    For the director's dashboard and the benchmark; fixed pairs (team Schieber) count as repeated partners.
    """
    seen: set[tuple[bool, frozenset[PlayerId]]] = set()
    repeats = {True: 0, False: 0}
    for draw in sorted(draws, key=lambda draw: draw.pass_number):
        for table in draw.tables:
            for (i, a), (j, b) in combinations(enumerate(table.seats), 2):
                meeting = (draw.partners and len(table.seats) == 4 and j - i == 2, frozenset((a, b)))
                repeats[meeting[0]] += meeting in seen
                seen.add(meeting)
    return Repeats(partners=repeats[True], opponents=repeats[False])


# ---- helpers -----------------------------------------------------------------------------------------------


def _distinct(players: Sequence[PlayerId]) -> list[PlayerId]:
    ids = sorted(players)
    if len(set(ids)) != len(ids):
        raise SeatingError(gettext_noop("A player is listed twice."))
    return ids


def _distinct_pairs(pairs: Sequence[tuple[PlayerId, PlayerId]]) -> tuple[list[PlayerId], list[Team]]:
    """The players (sorted) and the pairs by their index, sorted, so the input order does not matter."""
    if any(len(pair) != 2 for pair in pairs):
        raise SeatingError(gettext_noop("A pair is two players."))
    ids = _distinct([player for pair in pairs for player in pair])
    if len(pairs) < 2:
        raise SeatingError(gettext_noop("Team Schieber needs at least two pairs."))
    index = {player: i for i, player in enumerate(ids)}
    return ids, sorted((min(index[a], index[b]), max(index[a], index[b])) for a, b in pairs)


def _layout(
    count: int, table_size: int, *, partners: bool, allow_tables_of_three: bool
) -> tuple[list[int], int]:
    """The table sizes of a pass and the number of byes: tables of 3 take up the remainder when allowed."""
    if table_size not in (3, 4):
        raise SeatingError(gettext_noop("Tables seat 3 or 4 players."))
    if partners and (table_size == 3 or allow_tables_of_three):
        raise SeatingError(gettext_noop("Partners play at tables of four."))
    threes = (-count) % 4
    if table_size == 3:
        sizes = [3] * (count // 3)
    elif allow_tables_of_three and 3 * threes <= count:
        sizes = [4] * ((count - 3 * threes) // 4) + [3] * threes
    else:
        sizes = [4] * (count // 4)
    if not sizes:
        raise SeatingError(gettext_noop("%(count)s players cannot fill a table."), count=count)
    return sizes, count - sum(sizes)


def _choose_byes(count: int, byes: int, past: Past, rng: random.Random) -> list[int]:
    """The players with the fewest byes so far, drawn by lot among equals."""
    if not byes:
        return []
    lots = {i: rng.random() for i in range(count)}
    return sorted(range(count), key=lambda i: (past.byes[i], lots[i]))[:byes]


def _ranked(
    ids: Sequence[PlayerId], seated: list[int], by_score: Mapping[PlayerId, float], rng: random.Random
) -> list[int]:
    """Highest score first; equal scores in an order drawn by lot."""
    lots = {i: rng.random() for i in seated}
    return sorted(seated, key=lambda i: (-by_score.get(ids[i], 0.0), lots[i]))


def _rounds(items: Sequence[T], rng: random.Random) -> list[tuple[list[tuple[T, T]], list[T]]]:
    """A round robin over a seeded shuffle, in a shuffled order: per pass the pairs and who sits out.

    An odd count gets a ghost: whoever is paired with the ghost has a bye, each exactly once.
    """
    places = shuffled(range(len(items)), rng)
    ghost = len(items)
    if len(places) % 2:
        places.append(ghost)
    rounds = []
    for pairs in round_robin(len(places)):
        placed = [(places[a], places[b]) for a, b in pairs]
        playing = [(items[a], items[b]) for a, b in placed if ghost not in (a, b)]
        sitting_out = [items[b if a == ghost else a] for a, b in placed if ghost in (a, b)]
        rounds.append((playing, sitting_out))
    rng.shuffle(rounds)
    return rounds


def _partners_round(
    ids: Sequence[PlayerId],
    round_: tuple[list[Team], list[int]],
    history: Sequence[Draw],
    *,
    seed: int,
    pass_number: int,
) -> Draw:
    """A pass of the partners round robin: the teams are given, their tables and seats are drawn."""
    teams, byes = round_
    past = _past(ids, history)
    rng = random.Random(f"{seed}/{pass_number}")
    tables = [seat_teams(a, b, past) for a, b in team_tables(teams, past, rng)]
    return _draw(ids, tables, byes, pass_number=pass_number, seed=seed, partners=True)


def _pairs_round(
    ids: Sequence[PlayerId],
    round_: tuple[list[tuple[Team, Team]], list[Team]],
    history: Sequence[Draw],
    *,
    seed: int,
    pass_number: int,
) -> Draw:
    """A pass of the pairs round robin: the matches are given, their seats are drawn."""
    matches, off = round_
    past = _past(ids, history)
    tables = [seat_teams(a, b, past) for a, b in matches]
    byes = [player for team in off for player in team]
    return _draw(ids, tables, byes, pass_number=pass_number, seed=seed, partners=True)


def _past(ids: Sequence[PlayerId], history: Sequence[Draw]) -> Past:
    return Past.of({player: i for i, player in enumerate(ids)}, history)


def _draw(
    ids: Sequence[PlayerId],
    tables: Sequence[tuple[int, ...]],
    byes: Sequence[int],
    *,
    pass_number: int,
    seed: int,
    partners: bool,
) -> Draw:
    return Draw(
        pass_number=pass_number,
        tables=tuple(
            DrawnTable(number, tuple(ids[i] for i in seats)) for number, seats in enumerate(tables, start=1)
        ),
        byes=tuple(ids[i] for i in sorted(byes)),
        seed=seed,
        partners=partners,
    )
