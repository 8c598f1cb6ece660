"""A player's numbers from the games they played: pure, so every figure is checked against a hand count.

Every write scores the game with the rules engine and stores its summary: each side's counts over the
deals (`tally_deals`) and the ranks. The selectors hand over one `Played` per game from it; everything
here reads those rows only. Decided here:

- Statistics and records count finished games only: a running game has no result yet, an abandoned or
  deleted one none at all (the selectors leave those out).
- Games and wins per variant are the club's own games, as the leaderboards count them; a tournament's
  passes are counted apart (the tournament is rated once, by its final place). The figures read both.
- Points are what the board says: a Schieber deal's score is card points, Weis and Stöck with the
  trump's multiplier; Weis per deal is the Weis as announced (not multiplied, without Stöck).
- A win is the game's sole winner; a shared first place is no win. Against another player, the one
  ranked better beats the other (partners in Schieber share their team's place).
- Handjass apples count per deal the player was still in (passing included, not after dropping out).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from scorekeeper import rules
from scorekeeper.games.summaries import TALLIED, SideTally
from scorekeeper.games.variants import variant_page
from scorekeeper.rules import VARIANT_MODULES
from scorekeeper.rules.guggitaler import PENALTY_GAMES

ROUND_OF_PENALTIES = len(PENALTY_GAMES)
"""Guggitaler's penalty games a round: a round's share of them makes its penalty per round."""

MIN_GAMES = 3
"""Best partner and toughest opponent need this many games together: one lucky evening is no record."""
RESULT_WORDS = {
    "running": pgettext_lazy("still being played", "running"),
    "won": pgettext_lazy("game result", "won"),
    "lost": pgettext_lazy("game result", "lost"),
    "tied": pgettext_lazy("game result", "tied"),
}


# ---- the rows -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatRow:
    position: int
    player: int
    name: str
    """The name the deal entries use (fixed when the game started)."""
    side: str


@dataclass(frozen=True, slots=True)
class DealRow:
    """One deal as the engine scored it: every side's score and the variant's details."""

    scores: Mapping[str, int]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EventRow:
    """The tournament pass a table game belongs to."""

    slug: str
    name: str
    pass_word: str
    pass_number: int
    table: int


@dataclass(frozen=True)
class Played:
    """One game from one player's seat."""

    game: int
    variant: str
    played_at: datetime
    player: int
    seats: tuple[SeatRow, ...]
    deal_count: int
    tallies: Mapping[str, SideTally]
    """Each side's counts over the deals (tally_deals)."""
    totals: Mapping[str, int]
    ranks: Mapping[str, int]
    finished: bool
    winner: str | None = None
    is_pass: bool = False
    """A game of a fixed number of deals (a tournament pass)."""
    event: EventRow | None = None
    number: int | None = None
    """The game's number in its club (#3); a tournament table's game has none."""
    name: str = ""
    """The game the club played on a Free board ("Sidi Barrani"); empty for the other variants."""

    @cached_property
    def seat(self) -> SeatRow:
        return next(seat for seat in self.seats if seat.player == self.player)

    @property
    def side(self) -> str:
        return self.seat.side

    @property
    def tally(self) -> SideTally:
        """The player's side's counts."""
        return self.tallies.get(self.side) or SideTally()

    @property
    def total(self) -> int:
        return self.totals.get(self.side, 0)

    @property
    def rank(self) -> int | None:
        return self.ranks.get(self.side)

    @property
    def places(self) -> int:
        return len(self.totals)

    @property
    def is_team_game(self) -> bool:
        """A team variant, or a game whose settings seated its players in teams (a Free board in teams):
        then a seat's side is its team, not the player."""
        return bool(rules.teams(self.variant)) or any(seat.side != seat.name for seat in self.seats)

    @property
    def won(self) -> bool:
        return self.finished and self.winner == self.side

    @property
    def result(self) -> str:
        """running, won, lost, or tied (first place shared, or a pass that ended level)."""
        if not self.finished:
            return "running"
        if self.won:
            return "won"
        return "tied" if self.winner is None and self.rank == 1 else "lost"

    @property
    def result_word(self) -> str:
        """The result in the reader's language; `result` stays the key (CSS classes, exports)."""
        return str(RESULT_WORDS[self.result])

    @property
    def place(self) -> str:
        """The rank in words ("2nd of 4"), for the page."""
        if not self.rank:
            return ""
        return pgettext("place among places", "%(place)s of %(places)s") % {
            "place": ordinal(self.rank),
            "places": self.places,
        }

    @property
    def partners(self) -> tuple[SeatRow, ...]:
        return tuple(s for s in self.seats if s.side == self.side and s.player != self.player)

    @property
    def opponents(self) -> tuple[SeatRow, ...]:
        return tuple(s for s in self.seats if s.side != self.side)

    def beats(self, other: SeatRow) -> int:
        """1 if the player finished ahead of `other`, -1 behind, 0 level."""
        mine, theirs = self.ranks.get(self.side), self.ranks.get(other.side)
        if mine is None or theirs is None or mine == theirs:
            return 0
        return 1 if mine < theirs else -1


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st; in German 1., in French 1er but 21e."""
    if number == 1:
        template = pgettext("ordinal: exactly 1", "%(number)sst")
    elif 10 <= number % 100 <= 20:
        template = pgettext("ordinal: 10 to 20, 110 to 120...", "%(number)sth")
    elif number % 10 == 1:
        template = pgettext("ordinal: ends in 1 (21, 31...)", "%(number)sst")
    elif number % 10 == 2:
        template = pgettext("ordinal: ends in 2 (2, 22...)", "%(number)snd")
    elif number % 10 == 3:
        template = pgettext("ordinal: ends in 3 (3, 23...)", "%(number)srd")
    else:
        template = pgettext("ordinal: ends in 0 or 4 to 9", "%(number)sth")
    return template % {"number": number}


# ---- statistics per variant ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figure:
    key: str
    label: str | Promise
    """Translated when shown: a figure is built once, the page may speak any language."""
    value: float | None
    digits: int = 1
    """Decimals the page shows."""


@dataclass(frozen=True)
class VariantStats:
    """`games` and `wins` are the club's own games, as the leaderboards count them: a tournament is
    rated once, by its final place, so its passes are counted apart (`passes`). The figures read all."""

    variant: str
    games: int
    wins: int
    deals: int
    figures: tuple[Figure, ...] = ()
    passes: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def figure(self, key: str) -> float | None:
        return next(f.value for f in self.figures if f.key == key)


def ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


def mean(values: Sequence[float]) -> float | None:
    return ratio(sum(values), len(values))


def added(games: Iterable[Played]) -> SideTally:
    """The player's side's counts, added up over the games."""
    tallies = [game.tally for game in games]
    return SideTally(*(sum(getattr(tally, name) for tally in tallies) for name in TALLIED))


FIGURES: dict[str, Callable[[Sequence[Played], SideTally], Figure]] = {}
"""Every statistic by its key; a variant's folder lists the ones its players see (VariantPage.figures)."""


def figure(compute: Callable[[Sequence[Played], SideTally], Figure]) -> Callable[..., Figure]:
    """Registers a statistic under its function's name."""
    FIGURES[compute.__name__] = compute
    return compute


def figures_of(variant: str) -> tuple[str, ...]:
    page = variant_page(variant)
    return page.figures if page else ()


@figure
def points_per_deal(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("points_per_deal", _("Points per deal"), ratio(counts.score, counts.deals))


@figure
def points_per_pass(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("points_per_pass", _("Points per pass"), mean([g.total for g in games if g.is_pass]))


@figure
def matches_made(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("matches_made", _("Matches made"), counts.matches, 0)


@figure
def matches_conceded(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("matches_conceded", _("Matches conceded"), counts.conceded, 0)


@figure
def weis_per_deal(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("weis_per_deal", _("Weis per deal"), ratio(counts.weis, counts.deals))


@figure
def average_deviation(games: Sequence[Played], counts: SideTally) -> Figure:
    """Differenzler: the miss is |card points - prediction|, whatever bonus the club gives for a hit."""
    return Figure("average_deviation", _("Average deviation"), ratio(counts.misses, counts.deals))


@figure
def exact_hits(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("exact_hits", _("Exact hits"), counts.exact, 0)


@figure
def net_sticks_per_game(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("net_sticks_per_game", _("Net sticks per game"), mean([g.total for g in games]))


@figure
def apples_per_deal(games: Sequence[Played], counts: SideTally) -> Figure:
    """Putz, and Handjass while the player was still in: apples per deal played."""
    return Figure("apples_per_deal", _("Apples per deal"), ratio(counts.apples, counts.deals), 2)


@figure
def penalty_per_game(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("penalty_per_game", _("Penalty per sub-game"), ratio(counts.score, counts.deals))


@figure
def penalty_per_round(games: Sequence[Played], counts: SideTally) -> Figure:
    """Guggitaler: the five penalty games' points a round; the Domino is a figure of its own."""
    rounds = counts.penalty_games / ROUND_OF_PENALTIES
    return Figure("penalty_per_round", _("Penalty per round"), ratio(counts.penalties, rounds))


@figure
def average_domino_place(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure(
        "average_domino_place", _("Average Domino place"), ratio(counts.domino_places, counts.dominoes)
    )


@figure
def domino_firsts(games: Sequence[Played], counts: SideTally) -> Figure:
    return Figure("domino_firsts", _("Domino: first out"), counts.domino_firsts, 0)


def by_variant(games: Iterable[Played]) -> dict[str, list[Played]]:
    """Finished games per variant, in the order of the variants' registry."""
    grouped: dict[str, list[Played]] = defaultdict(list)
    for game in games:
        if game.finished:
            grouped[game.variant].append(game)
    return {variant: grouped[variant] for variant in sorted(grouped, key=variant_order)}


def variant_order(variant: str) -> int:
    """The variants' registry order; an unknown one last."""
    order = list(VARIANT_MODULES)
    return order.index(variant) if variant in order else len(order)


def statistics(games: Iterable[Played]) -> list[VariantStats]:
    return [_variant_stats(variant, played) for variant, played in by_variant(games).items()]


def _variant_stats(variant: str, played: Sequence[Played]) -> VariantStats:
    own = [game for game in played if game.event is None]
    counts = added(played)
    return VariantStats(
        variant=variant,
        games=len(own),
        wins=sum(1 for game in own if game.won),
        deals=sum(game.deal_count for game in played),
        figures=tuple(FIGURES[key](played, counts) for key in figures_of(variant)),
        passes=len(played) - len(own),
    )


# ---- partners and opponents -----------------------------------------------------------------------------


@dataclass
class Record:
    """Games with (or against) one other player; wins and losses are the player's."""

    player: int
    name: str
    games: int = 0
    wins: int = 0
    losses: int = 0

    @property
    def ties(self) -> int:
        return self.games - self.wins - self.losses

    @property
    def win_rate(self) -> float | None:
        return ratio(self.wins, self.games)

    def add(self, outcome: int) -> None:
        self.games += 1
        self.wins += int(outcome > 0)
        self.losses += int(outcome < 0)


def _outcome(game: Played) -> int:
    """The side's result: 1 won, -1 another side won, 0 no sole winner."""
    if game.winner is None:
        return 0
    return 1 if game.won else -1


def _records(pairs: Iterable[tuple[SeatRow, int]], names: Mapping[int, str]) -> list[Record]:
    records: dict[int, Record] = {}
    for seat, outcome in pairs:
        record = records.get(seat.player) or records.setdefault(
            seat.player, Record(seat.player, names.get(seat.player, seat.name))
        )
        record.add(outcome)
    return sorted(records.values(), key=lambda r: (-r.games, -r.wins, r.name))


def partners(games: Iterable[Played], names: Mapping[int, str]) -> list[Record]:
    """Everyone who sat on the player's side, most games together first."""
    done = [game for game in games if game.finished]
    return _records(((seat, _outcome(game)) for game in done for seat in game.partners), names)


def opponents(games: Iterable[Played], names: Mapping[int, str]) -> list[Record]:
    """Everyone on another side (every other player in the individual variants)."""
    done = [game for game in games if game.finished]
    return _records(((seat, game.beats(seat)) for game in done for seat in game.opponents), names)


def best_partner(records: Iterable[Record], min_games: int = MIN_GAMES) -> Record | None:
    """The highest win rate together; more games, then the name, break a tie."""
    eligible = [r for r in records if r.games >= min_games]
    return min(eligible, key=lambda r: (-(r.win_rate or 0), -r.games, r.name), default=None)


def toughest_opponent(records: Iterable[Record], min_games: int = MIN_GAMES) -> Record | None:
    """The lowest win rate against; more games, then the name, break a tie."""
    eligible = [r for r in records if r.games >= min_games]
    return min(eligible, key=lambda r: (r.win_rate or 0, -r.games, r.name), default=None)


@dataclass(frozen=True)
class HeadToHead:
    together: Record
    against: Record
    games: tuple[Played, ...]
    """Every game both sat in, running ones too, in the order given."""


def head_to_head(games: Iterable[Played], other: int, name: str) -> HeadToHead:
    both = tuple(game for game in games if any(seat.player == other for seat in game.seats))
    names = {other: name}
    together = next((r for r in partners(both, names) if r.player == other), Record(other, name))
    against = next((r for r in opponents(both, names) if r.player == other), Record(other, name))
    return HeadToHead(together, against, both)


# ---- series for the charts ----------------------------------------------------------------------------


def oldest_first(games: Iterable[Played]) -> list[Played]:
    return sorted(games, key=lambda g: (g.played_at, g.game))


def pass_points(games: Iterable[Played]) -> list[tuple[str, float]]:
    """The side's points in each finished pass of a variant that counts points per pass (Schieber)."""
    return [
        (game.played_at.date().isoformat(), game.total)
        for game in oldest_first(games)
        if game.is_pass and game.finished and "points_per_pass" in figures_of(game.variant)
    ]


def deal_points(games: Iterable[Played]) -> list[tuple[str, float]]:
    """Points per deal in each finished game that counts them (Schieber), oldest first: where no pass was
    played."""
    return [
        (game.played_at.date().isoformat(), game.tally.score / game.deal_count)
        for game in oldest_first(games)
        if game.finished and game.deal_count and "points_per_deal" in figures_of(game.variant)
    ]


def main_variant(games: Iterable[Played]) -> str | None:
    """The variant with the most finished games (the first in the registry on a tie)."""
    grouped = by_variant(games)
    return max(grouped, key=lambda v: len(grouped[v]), default=None)


def game_totals(games: Iterable[Played], variant: str) -> list[int]:
    return [game.total for game in games if game.finished and game.variant == variant]
