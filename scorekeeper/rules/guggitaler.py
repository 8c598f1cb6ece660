"""Guggitaler: five penalty games and the Domino, 36 cards, 3 or 4 players each for themself, lowest wins.

Pure scoring (rules.md, "Guggitaler"). Each deal names its game, which must be the next one of the
round (tricks, Schellen, Ober, Rosen König, last trick, then the Domino), and what was taken is
checked against the deck, so a slip of the pen at the table is caught before the deal is saved.
With `all_in_one` every deal counts the five penalties at once and there is no Domino.

Decided here, where rules.md is silent: a penalty is a whole number from 0 to 500 and a Domino place
from -500 to 500; `domino_points` null takes the defaults for the number of players; the Domino
order is a list naming every player exactly once; with `all_in_one` the settings `domino`,
`domino_points` and `rounds` do not apply (but a bad value is still refused, so a stored game never
holds one); a deal of `all_in_one` has no `game` field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import (
    NO_TEAMS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    Text,
    gettext_noop,
    rank,
    refuse_unknown_keys,
    require_int,
    require_seats,
    scored_in_order,
    sole_winner,
    text,
)

COUNTED = ("tricks", "schellen", "ober")
"""The games whose entry counts what each player took."""
TAKEN_ONCE = ("rosen_koenig", "last_trick")
"""The games one player takes: the Rosen König, the last trick."""
PENALTY_GAMES = (*COUNTED, *TAKEN_ONCE)
DOMINO = "domino"
ALL = "all"
"""The game of a deal with `all_in_one`: the five penalties at once."""

LABELS: dict[str, str] = {
    "tricks": gettext_noop("Tricks"),
    "schellen": gettext_noop("Schellen"),
    "ober": gettext_noop("Ober"),
    "rosen_koenig": gettext_noop("Rosen König"),
    "last_trick": gettext_noop("Last trick"),
    "domino": gettext_noop("Domino"),
    "all": gettext_noop("All in one"),
}
"""Every game of a round, by key, in the players' words (the web translates them)."""

DEFAULT_PENALTIES: dict[str, int] = {
    "tricks": 5,
    "schellen": 10,
    "ober": 20,
    "rosen_koenig": 40,
    "last_trick": 50,
}
"""Points per trick, Schellen card or Ober; and for taking the Rosen König or the last trick."""

PENALTY_WORDS: dict[str, str] = {
    "tricks": gettext_noop("The penalty for a trick"),
    "schellen": gettext_noop("The penalty for a Schellen card"),
    "ober": gettext_noop("The penalty for an Ober"),
    "rosen_koenig": gettext_noop("The penalty for the Rosen König"),
    "last_trick": gettext_noop("The penalty for the last trick"),
}
"""Each penalty setting named whole, so a translation need not assemble it."""

DOMINO_POINTS: dict[int, tuple[int, ...]] = {3: (-150, -100, -70), 4: (-150, -100, -55, 0)}
"""The Domino's places, first out first: a good place takes points off the penalties."""

CARDS = 36
SCHELLEN = 9
"""A suit of the 36-card deck."""
OBER = 4
MAX_ROUNDS = 20
MAX_DEALS = 100
MAX_PENALTY = 500
"""Decided here: a penalty or a Domino place beyond 500 points is a typo, not a house rule."""

TAKEN_FIELDS = ("game", "taken")
PLAYER_FIELDS = ("game", "player")
DOMINO_FIELDS = ("game", "order")
ALL_FIELDS = ("taken", "rosen_koenig", "last_trick")

TAKERS: dict[str, tuple[str, str]] = {
    "rosen_koenig": (
        gettext_noop("Enter who took the Rosen König."),
        gettext_noop("Rosen König: %(name)s is not in this game."),
    ),
    "last_trick": (
        gettext_noop("Enter who took the last trick."),
        gettext_noop("Last trick: %(name)s is not in this game."),
    ),
}
"""By game: the taker is missing, or not at the table."""


@dataclass(frozen=True, slots=True)
class _Count:
    """A counted game: every one of `total` tricks or cards goes to someone, `penalty` each."""

    label: Text
    total: int
    penalty: int


@dataclass(frozen=True, slots=True)
class _Table:
    """Everything the settings fix for the whole game, computed once so each deal stays cheap."""

    seats: tuple[str, ...]
    counted: Mapping[str, _Count]
    penalties: Mapping[str, int]
    domino_points: tuple[int, ...]
    all_in_one: bool
    schedule: tuple[tuple[str, int], ...]


class Guggitaler:
    """The Variant for rules.md's Guggitaler; presets are complete settings a club can start from."""

    key = "guggitaler"
    name = gettext_noop("Guggitaler")
    defaults: Mapping[str, Any] = {
        "rounds": 1,
        "penalties": dict(DEFAULT_PENALTIES),
        "domino": True,
        "domino_points": None,
        "all_in_one": False,
        "deals": 4,
    }
    presets: Mapping[str, Mapping[str, Any]] = {
        "standard": defaults,
        "short": {**defaults, "domino": False},
        "all_in_one": {**defaults, "all_in_one": True},
    }
    player_counts = (3, 4)
    teams = NO_TEAMS
    lowest_wins = True
    trumps = False
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        """Score the deals in the round's order; the first bad deal (or setting) raises InvalidDeal."""
        table = _table(require_seats(seats, self.player_counts), {**self.defaults, **settings})
        results, totals, _ = scored_in_order(
            deals,
            table.seats,
            lambda number, entry: _score_deal(table, number, entry),
            last=len(table.schedule),
        )
        return _result(table, tuple(results), totals)


VARIANT = Guggitaler()


# ---- settings -----------------------------------------------------------------------------------


def _table(seats: list[str], settings: Settings) -> _Table:
    players = len(seats)
    rounds = require_int(
        settings["rounds"],
        deal=None,
        field="rounds",
        low=1,
        high=MAX_ROUNDS,
        what=text(gettext_noop("Rounds")),
    )
    penalties = _penalties(settings["penalties"])
    domino = _yes_no(
        settings["domino"], "domino", text(gettext_noop("The Domino setting must be true or false."))
    )
    domino_points = _domino_points(settings["domino_points"], players)
    all_in_one = _yes_no(
        settings["all_in_one"],
        "all_in_one",
        text(gettext_noop("The all-in-one setting must be true or false.")),
    )
    deals = require_int(
        settings["deals"],
        deal=None,
        field="deals",
        low=1,
        high=MAX_DEALS,
        what=text(gettext_noop("The number of deals")),
    )
    totals = {"tricks": CARDS // players, "schellen": SCHELLEN, "ober": OBER}
    if all_in_one:
        schedule = tuple((ALL, number) for number in range(1, deals + 1))
    else:
        games = (*PENALTY_GAMES, DOMINO) if domino else PENALTY_GAMES
        schedule = tuple((game, r) for r in range(1, rounds + 1) for game in games)
    return _Table(
        seats=tuple(seats),
        counted={game: _Count(text(LABELS[game]), totals[game], penalties[game]) for game in COUNTED},
        penalties=penalties,
        domino_points=domino_points,
        all_in_one=all_in_one,
        schedule=schedule,
    )


def _penalties(value: Any) -> dict[str, int]:
    """A partial map: a club changes the penalties it plays differently, the rest keep the default."""
    if not isinstance(value, Mapping):
        message = gettext_noop("Penalties must map each game to points.")
        raise InvalidDeal(None, "penalties", text(message))
    for key, points in value.items():
        if key not in DEFAULT_PENALTIES:
            message = gettext_noop("Penalties: %(key)s is not a Guggitaler penalty.")
            raise InvalidDeal(None, "penalties", text(message, key=repr(key)))
        what = text(PENALTY_WORDS[key])
        require_int(points, deal=None, field="penalties", low=0, high=MAX_PENALTY, what=what, item=key)
    return {**DEFAULT_PENALTIES, **value}


def _yes_no(value: Any, field: str, message: Text) -> bool:
    if not isinstance(value, bool):
        raise InvalidDeal(None, field, message)
    return value


def _domino_points(value: Any, players: int) -> tuple[int, ...]:
    """One whole number per finishing place, as many as players; null takes the usual ones."""
    if value is None:
        return DOMINO_POINTS[players]
    if not isinstance(value, (list, tuple)) or len(value) != players:
        message = gettext_noop("Domino points: give one number per place, %(players)s in all.")
        raise InvalidDeal(None, "domino_points", text(message, players=players))
    for place, points in enumerate(value, start=1):
        what = text(gettext_noop("The Domino points of place %(place)s"), place=place)
        require_int(points, deal=None, field="domino_points", low=-MAX_PENALTY, high=MAX_PENALTY, what=what)
    return tuple(value)


# ---- deals --------------------------------------------------------------------------------------


def _score_deal(table: _Table, number: int, entry: Any) -> DealResult:
    game, round_ = table.schedule[number - 1]
    if not isinstance(entry, Mapping):
        message = gettext_noop("A deal must be an object naming its game.")
        raise InvalidDeal(number, "game" if game != ALL else "taken", text(message))
    details: dict[str, Any] = {"game": game, "round": round_}
    if game != DOMINO:  # the player statistics' penalty per round (games.summaries)
        details["penalty_games"] = len(PENALTY_GAMES) if game == ALL else 1
    if game == ALL:
        return DealResult(number, _all_in_one(table, number, entry, details), details)
    _require_game(entry.get("game"), game, number)
    if game == DOMINO:
        scores = _domino(table, number, entry, details)
    elif game in TAKEN_ONCE:
        refuse_unknown_keys(entry, PLAYER_FIELDS, deal=number)
        player = _taker(table, entry.get("player"), number, "player", game)
        details["player"] = player
        scores = _scores(table, {player: table.penalties[game]})
    else:
        refuse_unknown_keys(entry, TAKEN_FIELDS, deal=number)
        counts = _counts(table, entry.get("taken"), number, table.counted[game])
        details["counts"] = counts
        scores = {player: taken * table.counted[game].penalty for player, taken in counts.items()}
    return DealResult(number, scores, details)


def _require_game(value: Any, expected: str, number: int) -> None:
    """The round's order is fixed, so a deal for another game is a mix-up worth stopping."""
    if value == expected:
        return
    label = text(LABELS[expected])
    if value is None:
        message = gettext_noop("Name the game of this deal: %(game)s is next.")
        raise InvalidDeal(number, "game", text(message, game=label))
    given = text(LABELS[value]) if isinstance(value, str) and value in LABELS else repr(value)
    message = gettext_noop("The next game is %(game)s, not %(given)s.")
    raise InvalidDeal(number, "game", text(message, game=label, given=given))


def _counts(table: _Table, value: Any, number: int, count: _Count, item: str | None = None) -> dict[str, int]:
    """Every player's count, 0 for a player left out; together they must be the whole deck's share.

    `item` names the game when one deal enters all three counts (all_in_one), so a form can show the
    message beside that game's counts."""
    if not isinstance(value, Mapping):
        message = gettext_noop("%(game)s: enter a number for each player.")
        raise InvalidDeal(number, "taken", text(message, game=count.label), item=item)
    counts = dict.fromkeys(table.seats, 0)
    for player, taken in value.items():
        if player not in counts:
            message = gettext_noop("%(game)s: %(name)s is not in this game.")
            raise InvalidDeal(number, "taken", text(message, game=count.label, name=repr(player)), item=item)
        if not (type(taken) is int and 0 <= taken <= count.total):  # the common case builds no message
            what = text(gettext_noop("%(game)s for %(name)s"), game=count.label, name=player)
            require_int(taken, deal=number, field="taken", low=0, high=count.total, what=what, item=item)
        counts[player] = taken
    entered = sum(counts.values())
    if entered != count.total:
        message = gettext_noop("%(game)s: %(entered)s of %(total)s entered.")
        words = text(message, game=count.label, entered=entered, total=count.total)
        raise InvalidDeal(number, "taken", words, item=item)
    return counts


def _taker(table: _Table, value: Any, number: int, field: str, game: str) -> str:
    missing, stranger = TAKERS[game]
    if value is None:
        raise InvalidDeal(number, field, text(missing))
    if not isinstance(value, str) or value not in table.seats:
        raise InvalidDeal(number, field, text(stranger, name=repr(value)))
    return value


def _domino(table: _Table, number: int, entry: Entry, details: dict[str, Any]) -> dict[str, int]:
    """Every player once, first out first; each place scores its (negative) points."""
    refuse_unknown_keys(entry, DOMINO_FIELDS, deal=number)
    order = entry.get("order")
    if not isinstance(order, (list, tuple)):
        message = gettext_noop("Domino: list every player in the order they went out.")
        raise InvalidDeal(number, "order", text(message))
    seen: list[str] = []
    for player in order:
        if not isinstance(player, str) or player not in table.seats:
            message = gettext_noop("Domino: %(name)s is not in this game.")
            raise InvalidDeal(number, "order", text(message, name=repr(player)))
        if player in seen:
            message = gettext_noop("Domino: %(name)s is named twice.")
            raise InvalidDeal(number, "order", text(message, name=player))
        seen.append(player)
    missing = [player for player in table.seats if player not in seen]
    if missing:
        message = gettext_noop("Domino: the order leaves out %(names)s.")
        raise InvalidDeal(number, "order", text(message, names=", ".join(missing)))
    details["order"] = seen
    return {player: table.domino_points[seen.index(player)] for player in table.seats}


def _all_in_one(table: _Table, number: int, entry: Entry, details: dict[str, Any]) -> dict[str, int]:
    """The three counts and the two takers of one deal, each checked as in its own game."""
    refuse_unknown_keys(entry, ALL_FIELDS, deal=number)
    taken = entry.get("taken")
    if not isinstance(taken, Mapping):
        message = gettext_noop("All in one: enter the tricks, Schellen and Ober each player took.")
        raise InvalidDeal(number, "taken", text(message))
    for game in taken:
        if game not in COUNTED:
            message = gettext_noop("All in one: %(game)s is not counted; count tricks, Schellen and Ober.")
            raise InvalidDeal(number, "taken", text(message, game=repr(game)))
    scores = dict.fromkeys(table.seats, 0)
    counts: dict[str, dict[str, int]] = {}
    for game in COUNTED:
        count = table.counted[game]
        counts[game] = _counts(table, taken.get(game), number, count, item=game)
        for player, how_many in counts[game].items():
            scores[player] += how_many * count.penalty
    takers: dict[str, str] = {}
    for game in TAKEN_ONCE:
        takers[game] = _taker(table, entry.get(game), number, game, game)
        scores[takers[game]] += table.penalties[game]
    details.update(counts=counts, **takers)
    return scores


def _scores(table: _Table, penalties: Mapping[str, int]) -> dict[str, int]:
    return {player: penalties.get(player, 0) for player in table.seats}


# ---- the game -----------------------------------------------------------------------------------


def _result(table: _Table, deals: tuple[DealResult, ...], totals: dict[str, int]) -> GameResult:
    position = len(deals)
    finished = position == len(table.schedule)
    ranking = rank(totals, lowest_wins=True)
    winner = sole_winner(ranking, finished)
    next_game, next_round = (None, None) if finished else table.schedule[position]
    state = {
        "next_game": next_game,
        "next_round": next_round,
        "schedule": [[game, r] for game, r in table.schedule],
        "position": position,
        "counted": {game: count.total for game, count in table.counted.items()},
        "penalties": dict(table.penalties),
        "domino_points": list(table.domino_points),
        "all_in_one": table.all_in_one,
    }
    return GameResult(Guggitaler.key, table.seats, deals, totals, finished, winner, ranking, state)
