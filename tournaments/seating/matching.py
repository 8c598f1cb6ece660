"""Pairing people up: a maximum matching that avoids forbidden pairs, and the round-robin circle method.

Plain integers in, plain integers out. The matching is exact (Edmonds' blossoms), so a pass repeats a
partner only when no pairing at all avoids it; a greedy pass over a shuffled order does almost all the work
first, which keeps 2000 players fast.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence, Set

Pair = tuple[int, int]
Forbidden = Mapping[int, Set[int]] | Sequence[Set[int]]


def pair_up(order: Sequence[int], forbidden: Forbidden, cost: Callable[[int, int], float]) -> list[Pair]:
    """Pair all of `order` (an even count): as many pairs as possible avoid `forbidden`, the rest cheaply.

    `forbidden[a]` holds whom `a` must not be paired with (symmetric; labels outside `order` are ignored).
    Pairs come out in the order of their first member, so a shuffled `order` gives a shuffled draw.
    """
    position = {label: k for k, label in enumerate(order)}
    barred = [{position[x] for x in forbidden[label] if x in position} for label in order]
    mate = _greedy(barred)
    _Blossoms(barred, mate).augment_all()
    pairs = [(order[k], order[mate[k]]) for k in range(len(order)) if k < mate[k]]
    leftovers = [order[k] for k in range(len(order)) if mate[k] == -1]
    return sorted(pairs + _cheapest_pairs(leftovers, cost), key=lambda pair: position[pair[0]])


def round_robin(count: int) -> list[list[Pair]]:
    """The circle method: `count` (even) people in count - 1 rounds, everybody paired with everybody once."""
    hub = count - 1
    return [[(hub, r)] + [((r + i) % hub, (r - i) % hub) for i in range(1, count // 2)] for r in range(hub)]


def _greedy(barred: list[set[int]]) -> list[int]:
    """Pair each one with the next unpaired allowed one: nearly perfect when few pairs are barred."""
    mate = [-1] * len(barred)
    for v in range(len(barred)):
        if mate[v] != -1:
            continue
        for u in range(v + 1, len(barred)):
            if mate[u] == -1 and u not in barred[v]:
                mate[v], mate[u] = u, v
                break
    return mate


def _cheapest_pairs(leftovers: list[int], cost: Callable[[int, int], float]) -> list[Pair]:
    """Pair up who could not be paired without a repeat: each with the one it costs least to repeat."""
    pairs = []
    while leftovers:
        first = leftovers.pop(0)
        best = min(range(len(leftovers)), key=lambda k: cost(first, leftovers[k]))
        pairs.append((first, leftovers.pop(best)))
    return pairs


class _Blossoms:
    """Edmonds' augmenting paths with blossom shrinking over the complement of `barred` (a dense graph).

    Neighbours are enumerated as "everyone not barred", so the graph is never built; a search ends at the
    first unpaired neighbour, which in a dense graph is found after a handful of steps.
    """

    def __init__(self, barred: list[set[int]], mate: list[int]) -> None:
        self.barred = barred
        self.mate = mate
        self.size = len(mate)

    def augment_all(self) -> None:
        """One search per unpaired vertex: a vertex with no augmenting path never gets one later (Berge)."""
        for root in range(self.size):
            if self.mate[root] == -1:
                end = self._search(root)
                if end != -1:
                    self._flip(end)

    def _search(self, root: int) -> int:
        """Breadth-first alternating tree from `root`; the unpaired vertex reached, or -1."""
        mate, size = self.mate, self.size
        self.parent = [-1] * size
        self.base = list(range(size))
        self.used = [False] * size
        self.used[root] = True
        self.queue = deque([root])
        while self.queue:
            v = self.queue.popleft()
            barred = self.barred[v]
            for to in range(size):
                if to in barred or self.base[v] == self.base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and self.parent[mate[to]] != -1):
                    self._shrink(v, to)
                elif self.parent[to] == -1:
                    self.parent[to] = v
                    if mate[to] == -1:
                        return to
                    self.used[mate[to]] = True
                    self.queue.append(mate[to])
        return -1

    def _shrink(self, v: int, to: int) -> None:
        """Contract the odd cycle through the edge v-to into its base and keep searching from all of it."""
        top = self._common_base(v, to)
        in_blossom = [False] * self.size
        self._mark_path(v, top, to, in_blossom)
        self._mark_path(to, top, v, in_blossom)
        for i in range(self.size):
            if in_blossom[self.base[i]]:
                self.base[i] = top
                if not self.used[i]:
                    self.used[i] = True
                    self.queue.append(i)

    def _common_base(self, a: int, b: int) -> int:
        seen = [False] * self.size
        while True:
            a = self.base[a]
            seen[a] = True
            if self.mate[a] == -1:
                break
            a = self.parent[self.mate[a]]
        while True:
            b = self.base[b]
            if seen[b]:
                return b
            b = self.parent[self.mate[b]]

    def _mark_path(self, v: int, top: int, child: int, in_blossom: list[bool]) -> None:
        while self.base[v] != top:
            in_blossom[self.base[v]] = in_blossom[self.base[self.mate[v]]] = True
            self.parent[v] = child
            child = self.mate[v]
            v = self.parent[self.mate[v]]

    def _flip(self, end: int) -> None:
        """Swap paired and unpaired edges along the path from `end` back to the root."""
        v = end
        while v != -1:
            previous = self.parent[v]
            next_v = self.mate[previous]
            self.mate[v], self.mate[previous] = previous, v
            v = next_v
