"""Seating the players of one pass at tables, by index: partners first, then opponents, then seats.

Every function returns tables as seat-ordered tuples (seat 1 first). With partners, seats 1 & 3 play
against seats 2 & 4. Small events are drawn several times from the same seeded generator and the
best draw kept; large events are drawn once, since a random draw of many players rarely repeats anyone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from itertools import permutations, product

from tournaments.seating.matching import pair_up
from tournaments.seating.past import Past

Team = tuple[int, int]
Seats = tuple[int, ...]

SMALL = 64
"""Up to this many seated players a pass is drawn TRIES times and the best draw kept (a few ms each)."""
TRIES = 40
SWAP_PARTNERS = 64
"""How many other tables a player with a repeated opponent tries to swap with, when partners don't matter."""


def tries_for(seated: Sequence[int]) -> int:
    return TRIES if len(seated) <= SMALL else 1


# ---- partners drawn each pass (Einzelschieber) ---------------------------------------------------------


def partner_tables(seated: Sequence[int], past: Past, rng: random.Random) -> list[Seats]:
    """Partners who never partnered, then teams who never faced, keeping partners possible next pass.

    A draw's key: repeated partners, then whether the next pass would be forced to repeat one (small
    events only), then repeated opponents; the lowest key over the tries wins.
    """
    tries = tries_for(seated)
    best_key: tuple[float, ...] = (math.inf,)
    best: list[tuple[Team, Team]] = []
    for _ in range(tries):
        teams = pair_up(shuffled(seated, rng), past.partnered, past.partner_count)
        tables = team_tables(teams, past, rng)
        repeats = sum(past.partner_count(*team) for team in teams)
        key = (repeats, 0, sum(_opponent_repeats(a, b, past) for a, b in tables))
        if key < best_key and tries > 1 and not repeats and _dead_end(seated, teams, past):
            key = (repeats, 1, key[2])
        if key < best_key:
            best_key, best = key, tables
        if best_key == (0, 0, 0):
            break
    return [seat_teams(a, b, past) for a, b in best]


def team_tables(teams: Sequence[Team], past: Past, rng: random.Random) -> list[tuple[Team, Team]]:
    """Put the teams two by two at tables, as few as possible against a player they faced before."""
    labels = list(range(len(teams)))
    team_of = {player: label for label, team in enumerate(teams) for player in team}
    faced = [
        {team_of[other] for player in team for other in past.faced[player] if other in team_of} - {label}
        for label, team in enumerate(teams)
    ]
    pairs = pair_up(shuffled(labels, rng), faced, lambda a, b: _opponent_repeats(teams[a], teams[b], past))
    return [(teams[a], teams[b]) for a, b in pairs]


def ranked_partner_tables(ranked: Sequence[int], past: Past) -> list[Seats]:
    """Four by four in ranking order; a foursome that must repeat a partner trades with a neighbour."""
    groups = [list(ranked[k : k + 4]) for k in range(0, len(ranked), 4)]
    for number in range(len(groups)):
        if _best_split(groups[number], past)[0][0]:
            _trade_for_new_partners(groups, number, past)
    return [seat_teams(*_best_split(group, past)[1], past) for group in groups]


def seat_teams(a: Team, b: Team, past: Past) -> Seats:
    """Which team sits at 1 & 3 and who takes which seat: the arrangement that spreads seats best."""
    arrangements = [
        (x, y, z, w)
        for first, second in ((a, b), (b, a))
        for (x, z), (y, w) in product((first, first[::-1]), (second, second[::-1]))
    ]
    return _best_seats(arrangements, past)


def _dead_end(seated: Sequence[int], teams: Sequence[Team], past: Past) -> bool:
    """Would the next pass (same players) be forced to repeat a partner after these teams?"""
    partnered = {player: set(past.partnered[player]) for player in seated}
    for a, b in teams:
        partnered[a].add(b)
        partnered[b].add(a)
    return any(b in partnered[a] for a, b in pair_up(list(seated), partnered, lambda a, b: 0))


def _opponent_repeats(a: Team, b: Team, past: Past) -> int:
    return sum(past.opponent_count(x, y) for x, y in product(a, b))


def _best_split(group: Sequence[int], past: Past) -> tuple[tuple[int, int], tuple[Team, Team]]:
    """The split of a foursome into two teams with the fewest repeated partners, then opponents."""
    p, q, r, s = group
    splits = [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))]
    keyed = [
        ((past.partner_count(*a) + past.partner_count(*b), _opponent_repeats(a, b, past)), (a, b))
        for a, b in splits
    ]
    return min(keyed, key=lambda pair: pair[0])


def _trade_for_new_partners(groups: list[list[int]], number: int, past: Past) -> None:
    """Swap one player with the nearest foursome (nearest in the ranking first) so both have new partners."""
    for distance in range(1, len(groups)):
        for other in (number + distance, number - distance):
            if 0 <= other < len(groups) and _trade(groups, number, other, past):
                return


def _trade(groups: list[list[int]], number: int, other: int, past: Past) -> bool:
    def rank_gap(places: tuple[int, int]) -> int:
        return abs((4 * number + places[0]) - (4 * other + places[1]))

    mine, theirs = groups[number], groups[other]
    for i, j in sorted(product(range(4), range(4)), key=rank_gap):
        mine[i], theirs[j] = theirs[j], mine[i]
        if not _best_split(mine, past)[0][0] and not _best_split(theirs, past)[0][0]:
            return True
        mine[i], theirs[j] = theirs[j], mine[i]
    return False


# ---- no partners (Molotow, Differenzler, Jazz, ...): tables of 4 or 3 -------------------------------------


def grouped_tables(
    seated: Sequence[int], sizes: Sequence[int], past: Past, rng: random.Random
) -> list[Seats]:
    """Fill tables with players who never sat together, then swap players away from repeated opponents."""
    best_repeats: float = math.inf
    best: list[list[int]] = []
    for _ in range(tries_for(seated)):
        tables = _fill(shuffled(seated, rng), sizes, past)
        _swap_apart(tables, past, rng)
        repeats = sum(_met_at(player, table, past) for table in tables for player in table)
        if repeats < best_repeats:
            best_repeats, best = repeats, tables
        if not repeats:
            break
    return [seat_players(table, past) for table in best]


def ranked_tables(ranked: Sequence[int], sizes: Sequence[int], past: Past) -> list[Seats]:
    """Tables in ranking order: the best players together at table 1."""
    starts = [sum(sizes[:k]) for k in range(len(sizes))]
    return [
        seat_players(ranked[start : start + size], past) for start, size in zip(starts, sizes, strict=True)
    ]


def seat_players(table: Sequence[int], past: Past) -> Seats:
    return _best_seats(permutations(table), past)


def _fill(order: list[int], sizes: Sequence[int], past: Past) -> list[list[int]]:
    tables = []
    for size in sizes:
        table = [order.pop()]
        while len(table) < size:
            table.append(order.pop(_least_met(table, order, past)))
        tables.append(table)
    return tables


def _least_met(table: list[int], order: list[int], past: Past) -> int:
    """The place in `order` of the next player who met nobody at `table` (searching from the end)."""
    best, best_met = len(order) - 1, None
    for place in range(len(order) - 1, -1, -1):
        met = sum(past.opponent_count(order[place], player) for player in table)
        if met == 0:
            return place
        if best_met is None or met < best_met:
            best, best_met = place, met
    return best


def _met_at(player: int, table: Sequence[int], past: Past) -> int:
    return sum(past.opponent_count(player, other) for other in table if other != player)


def _swap_apart(tables: list[list[int]], past: Past, rng: random.Random) -> None:
    """Hill-climb: swap a player who meets someone again with a player of another table, while it helps."""
    improved = True
    while improved:
        improved = False
        for here, table in enumerate(tables):
            for i, player in enumerate(table):
                if _met_at(player, table, past) and _swap_away(tables, here, i, past, rng):
                    improved = True


def _swap_away(tables: list[list[int]], here: int, i: int, past: Past, rng: random.Random) -> bool:
    mine = tables[here]
    for there in rng.sample(range(len(tables)), min(len(tables), SWAP_PARTNERS)):
        theirs = tables[there]
        if there == here:
            continue
        for j, other in enumerate(theirs):
            before = _met_at(mine[i], mine, past) + _met_at(other, theirs, past)
            mine[i], theirs[j] = other, mine[i]
            if _met_at(mine[i], mine, past) + _met_at(theirs[j], theirs, past) < before:
                return True
            mine[i], theirs[j] = theirs[j], mine[i]
    return False


# ---- shared ------------------------------------------------------------------------------------------------


def shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    items = list(items)
    rng.shuffle(items)
    return items


def _best_seats(arrangements: Iterable[Seats], past: Past) -> Seats:
    """The first arrangement with the least seat penalty (arrangements come in a drawn order)."""
    return min(
        arrangements,
        key=lambda seats: sum(past.seat_penalty(player, seat) for seat, player in enumerate(seats, start=1)),
    )
