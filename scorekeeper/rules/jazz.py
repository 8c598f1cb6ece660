"""Jazz: a fixed schedule of short penalty games with a 52-card deck, 3 to 5 players, lowest wins.

Pure scoring (rules.md, "Jazz"). Each deal names its game, which must be the next one of the
schedule (`games` played `rounds` times), and what was taken is checked against the deck, so a
slip of the pen at the table is caught before the deal is saved.

Decided here, where rules.md is silent: a player left out of `taken` or `cards_left` took (or has
left) 0, because the totals check catches a forgotten player anyway; optional fields given as
null count as left out; `king_in_last: false` is fine whoever took the King and the last trick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import (
    NO_TEAMS,
    SUITS,
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Settings,
    Text,
    Words,
    gettext_noop,
    rank,
    refuse_unknown_keys,
    require_int,
    require_seats,
    scored_in_order,
    sole_winner,
    text,
)

LABELS: dict[str, str] = {
    "spades": gettext_noop("Spades"),
    "clubs": gettext_noop("Clubs"),
    "tricks": gettext_noop("Tricks"),
    "plus": gettext_noop("Plus"),
    "honors": gettext_noop("Honors"),
    "jacks": gettext_noop("Jacks"),
    "queens": gettext_noop("Queens"),
    "king_last": gettext_noop("King of Hearts and the last trick"),
    "fantan": gettext_noop("Fan Tan"),
}
"""Every game a club can put in its schedule, by key, in the players' words (the web translates them)."""

DEFAULT_GAMES = ["spades", "tricks", "honors", "jacks", "queens", "king_last", "fantan"]

DEFAULT_PENALTIES: dict[str, int] = {
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
"""Points per card, trick or event: the suggested values of the seed, balanced for four players."""

PENALTY_WORDS: dict[str, str] = {
    "spades": gettext_noop("The penalty for a spade"),
    "clubs": gettext_noop("The penalty for a club"),
    "tricks": gettext_noop("The penalty for a trick in Tricks"),
    "plus": gettext_noop("The penalty for a trick in Plus"),
    "honors": gettext_noop("The penalty for an honor"),
    "jacks": gettext_noop("The penalty for a jack"),
    "queens": gettext_noop("The penalty for a queen"),
    "king_of_hearts": gettext_noop("The penalty for the King of Hearts"),
    "last_trick": gettext_noop("The penalty for the last trick"),
    "fantan": gettext_noop("The penalty for a card left in Fan Tan"),
}
"""Each penalty setting named whole, so a translation need not assemble it."""

REMOVED_TWOS: dict[int, tuple[str, ...]] = {3: ("clubs",), 4: (), 5: ("clubs", "diamonds")}
"""Default twos taken out so that the deck deals evenly: 51 = 3 x 17, 52 = 4 x 13, 50 = 5 x 10."""

REMOVED_TWOS_NEEDED: dict[int, str] = {
    3: gettext_noop("With 3 players remove one 2: name its suit."),
    4: gettext_noop("With 4 players no 2 is removed."),
    5: gettext_noop("With 5 players remove two 2s: name their suits."),
}

HONORS = 16
"""10, J, Q and K of four suits: removing a 2 never changes it."""

FOUR_OF_A_RANK = 4
MAX_ROUNDS = 20
"""Decided here: a schedule of more than 20 rounds is a typo, not a club evening."""

MAX_PENALTY = 100
"""Decided here: penalties (and the fifth-trick and King extras) stay within ±100 points."""

COUNTED_GAMES = ("spades", "clubs", "tricks", "plus", "honors", "jacks", "queens")
KING_FIELDS = ("game", "king_of_hearts", "last_trick", "fifth_trick", "king_in_last")
COUNTED_FIELDS = ("game", "taken")
FANTAN_FIELDS = ("game", "cards_left")
CARDS_LEFT = text(gettext_noop("Cards left"))

TAKERS: dict[str, tuple[str, str]] = {
    "king_of_hearts": (
        gettext_noop("Enter who took the King of Hearts."),
        gettext_noop("The King of Hearts: %(name)s is not in this game."),
    ),
    "last_trick": (
        gettext_noop("Enter who took the last trick."),
        gettext_noop("The last trick: %(name)s is not in this game."),
    ),
    "fifth_trick": (
        gettext_noop("Enter who took the fifth trick."),
        gettext_noop("The fifth trick: %(name)s is not in this game."),
    ),
}
"""By event of King of Hearts and the last trick: the taker is missing, or not at the table."""


@dataclass(frozen=True, slots=True)
class _Count:
    """A counted game: every one of `total` cards or tricks goes to someone, `penalty` each."""

    label: Text
    total: int
    penalty: int


@dataclass(frozen=True, slots=True)
class _Table:
    """Everything the settings fix for the whole game, computed once so each deal stays cheap."""

    seats: tuple[str, ...]
    counted: Mapping[str, _Count]
    hand: int
    king_of_hearts: int
    last_trick: int
    fifth_trick: int
    king_extra: int
    fantan: int
    schedule: tuple[tuple[str, int], ...]
    deck: Mapping[str, int]


class Jazz:
    """The Variant for rules.md's Jazz; presets are complete settings a club can start from."""

    key = "jazz"
    name = gettext_noop("Jazz")
    defaults: Mapping[str, Any] = {
        "games": list(DEFAULT_GAMES),
        "rounds": 1,
        "penalties": dict(DEFAULT_PENALTIES),
        "fifth_trick_penalty": 0,
        "king_in_last_trick_extra": 0,
        "removed_twos": None,
    }
    presets: Mapping[str, Mapping[str, Any]] = {
        "standard": defaults,
        "short": {**defaults, "games": ["spades", "tricks", "queens", "king_last", "fantan"]},
        "full": {**defaults, "games": [*COUNTED_GAMES, "king_last", "fantan"]},
        "fifth_trick": {**defaults, "fifth_trick_penalty": 10},
    }
    player_counts = (3, 4, 5)
    teams = NO_TEAMS
    lowest_wins = True
    trumps = False
    control_points = None

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult:
        """Score the deals in schedule order; the first bad deal (or setting) raises InvalidDeal."""
        table = _table(require_seats(seats, self.player_counts), {**self.defaults, **settings})
        results, totals, _ = scored_in_order(
            deals,
            table.seats,
            lambda number, entry: _score_deal(table, number, entry),
            last=len(table.schedule),
        )
        return _result(table, tuple(results), totals)


VARIANT = Jazz()


# ---- settings -----------------------------------------------------------------------------------


def _table(seats: list[str], settings: Settings) -> _Table:
    players = len(seats)
    games = _games(settings["games"])
    rounds = require_int(
        settings["rounds"],
        deal=None,
        field="rounds",
        low=1,
        high=MAX_ROUNDS,
        what=text(gettext_noop("Rounds")),
    )
    penalties = _penalties(settings["penalties"])
    fifth = _extra(
        settings["fifth_trick_penalty"],
        "fifth_trick_penalty",
        text(gettext_noop("The penalty for the fifth trick")),
    )
    king_extra = _extra(
        settings["king_in_last_trick_extra"],
        "king_in_last_trick_extra",
        text(gettext_noop("The extra for the King of Hearts in the last trick")),
    )
    removed = _removed_twos(settings["removed_twos"], players)
    cards = 52 - len(removed)
    tricks = cards // players
    totals = {
        "spades": 13 - removed.count("spades"),
        "clubs": 13 - removed.count("clubs"),
        "tricks": tricks,
        "plus": tricks,
        "honors": HONORS,
        "jacks": FOUR_OF_A_RANK,
        "queens": FOUR_OF_A_RANK,
    }
    return _Table(
        seats=tuple(seats),
        counted={game: _Count(text(LABELS[game]), totals[game], penalties[game]) for game in COUNTED_GAMES},
        hand=tricks,
        king_of_hearts=penalties["king_of_hearts"],
        last_trick=penalties["last_trick"],
        fifth_trick=fifth,
        king_extra=king_extra,
        fantan=penalties["fantan"],
        schedule=tuple((game, r) for r in range(1, rounds + 1) for game in games),
        deck={"cards": cards, "tricks": tricks, "spades": totals["spades"], "clubs": totals["clubs"]},
    )


def _games(value: Any) -> tuple[str, ...]:
    """Any selection of the games, each once; Fan Tan ends a round because it needs every card dealt."""
    if not isinstance(value, (list, tuple)) or not value:
        raise InvalidDeal(None, "games", text(gettext_noop("Games must list at least one game.")))
    chosen: list[str] = []
    for game in value:
        if not isinstance(game, str) or game not in LABELS:
            message = gettext_noop("Games: %(game)s is not a Jazz game.")
            raise InvalidDeal(None, "games", text(message, game=repr(game)))
        if game in chosen:
            message = gettext_noop("Games: %(game)s is listed twice.")
            raise InvalidDeal(None, "games", text(message, game=text(LABELS[game])))
        chosen.append(game)
    if "fantan" in chosen and chosen[-1] != "fantan":
        raise InvalidDeal(None, "games", text(gettext_noop("Games: Fan Tan must be the last game.")))
    return tuple(chosen)


def _penalties(value: Any) -> dict[str, int]:
    """A partial map: a club changes the penalties it plays differently, the rest keep the default."""
    if not isinstance(value, Mapping):
        raise InvalidDeal(None, "penalties", text(gettext_noop("Penalties must map each game to points.")))
    for key, points in value.items():
        if key == "fifth_trick":
            message = gettext_noop("Penalties: set the fifth trick in fifth_trick_penalty.")
            raise InvalidDeal(None, "penalties", text(message))
        if key not in DEFAULT_PENALTIES:
            message = gettext_noop("Penalties: %(key)s is not a Jazz penalty.")
            raise InvalidDeal(None, "penalties", text(message, key=repr(key)))
        require_int(
            points,
            deal=None,
            field="penalties",
            low=-MAX_PENALTY,
            high=MAX_PENALTY,
            what=text(PENALTY_WORDS[key]),
            item=key,
        )
    return {**DEFAULT_PENALTIES, **value}


def _extra(value: Any, field: str, what: Words) -> int:
    return require_int(value, deal=None, field=field, low=0, high=MAX_PENALTY, what=what)


def _removed_twos(value: Any, players: int) -> tuple[str, ...]:
    """As many twos as make the deck deal evenly; None takes the usual ones (clubs, then diamonds)."""
    if value is None:
        return REMOVED_TWOS[players]
    if not isinstance(value, (list, tuple)) or len(value) != len(REMOVED_TWOS[players]):
        raise InvalidDeal(None, "removed_twos", text(REMOVED_TWOS_NEEDED[players]))
    for suit in value:
        if not isinstance(suit, str) or suit not in SUITS:
            message = gettext_noop("Removed twos: %(suit)s is not a suit.")
            raise InvalidDeal(None, "removed_twos", text(message, suit=repr(suit)))
    if len(set(value)) != len(value):
        raise InvalidDeal(None, "removed_twos", text(gettext_noop("Removed twos: each suit has only one 2.")))
    return tuple(value)


# ---- deals --------------------------------------------------------------------------------------


def _score_deal(table: _Table, number: int, entry: Any) -> DealResult:
    game, round_ = table.schedule[number - 1]
    if not isinstance(entry, Mapping):
        raise InvalidDeal(number, "game", text(gettext_noop("A deal must be an object naming its game.")))
    _require_game(entry.get("game"), game, number)
    details: dict[str, Any] = {"game": game, "round": round_}
    if game == "king_last":
        scores = _king_last(table, number, entry, details)
    elif game == "fantan":
        scores = _fantan(table, number, entry, details)
    else:
        scores = _counted(table, number, entry, table.counted[game], details)
    return DealResult(number, scores, details)


def _require_game(value: Any, expected: str, number: int) -> None:
    """The schedule is fixed, so a deal for another game is a mix-up worth stopping."""
    if value == expected:
        return
    label = text(LABELS[expected])
    if value is None:
        message = gettext_noop("Name the game of this deal: %(game)s is next.")
        raise InvalidDeal(number, "game", text(message, game=label))
    given = text(LABELS[value]) if isinstance(value, str) and value in LABELS else repr(value)
    message = gettext_noop("The next game is %(game)s, not %(given)s.")
    raise InvalidDeal(number, "game", text(message, game=label, given=given))


def _counted(
    table: _Table, number: int, entry: Entry, count: _Count, details: dict[str, Any]
) -> dict[str, int]:
    refuse_unknown_keys(entry, COUNTED_FIELDS, deal=number)
    counts = _per_player(table, entry.get("taken"), number, "taken", count.label, count.total)
    entered = sum(counts.values())
    if entered != count.total:
        message = gettext_noop("%(game)s: %(entered)s of %(total)s entered.")
        raise InvalidDeal(
            number, "taken", text(message, game=count.label, entered=entered, total=count.total)
        )
    details["counts"] = counts
    penalty = count.penalty
    return {player: taken * penalty for player, taken in counts.items()}


def _fantan(table: _Table, number: int, entry: Entry, details: dict[str, Any]) -> dict[str, int]:
    """Fan Tan ends when one player runs out of cards; the others pay for every card left."""
    refuse_unknown_keys(entry, FANTAN_FIELDS, deal=number)
    left = _per_player(table, entry.get("cards_left"), number, "cards_left", CARDS_LEFT, table.hand)
    out = sum(1 for cards in left.values() if cards == 0)
    if out == 0:
        message = gettext_noop("Fan Tan: the player who went out has 0 cards left.")
        raise InvalidDeal(number, "cards_left", text(message))
    if out > 1:
        message = gettext_noop("Fan Tan: %(out)s players have 0 cards left; only one goes out.")
        raise InvalidDeal(number, "cards_left", text(message, out=out))
    details["counts"] = left
    penalty = table.fantan
    return {player: cards * penalty for player, cards in left.items()}


def _per_player(table: _Table, value: Any, number: int, field: str, label: Text, high: int) -> dict[str, int]:
    """Every player's count, 0 for a player left out (the totals check catches a forgotten one)."""
    if not isinstance(value, Mapping):
        message = gettext_noop("%(game)s: enter a number for each player.")
        raise InvalidDeal(number, field, text(message, game=label))
    counts = dict.fromkeys(table.seats, 0)
    for player, count in value.items():
        if player not in counts:
            message = gettext_noop("%(game)s: %(name)s is not in this game.")
            raise InvalidDeal(number, field, text(message, game=label, name=repr(player)))
        if not (type(count) is int and 0 <= count <= high):  # the common case builds no message
            what = text(gettext_noop("%(game)s for %(name)s"), game=label, name=player)
            require_int(count, deal=number, field=field, low=0, high=high, what=what)
        counts[player] = count
    return counts


def _king_last(table: _Table, number: int, entry: Entry, details: dict[str, Any]) -> dict[str, int]:
    """One penalty per event: the King of Hearts, the last trick, and where played the fifth trick."""
    refuse_unknown_keys(entry, KING_FIELDS, deal=number)
    scores = dict.fromkeys(table.seats, 0)
    king = _taker(table, entry.get("king_of_hearts"), number, "king_of_hearts")
    last = _taker(table, entry.get("last_trick"), number, "last_trick")
    scores[king] += table.king_of_hearts
    scores[last] += table.last_trick
    events = {"king_of_hearts": king, "last_trick": last}
    if table.fifth_trick > 0:
        fifth = _taker(table, entry.get("fifth_trick"), number, "fifth_trick")
        scores[fifth] += table.fifth_trick
        events["fifth_trick"] = fifth
    elif entry.get("fifth_trick") is not None:
        message = gettext_noop("The fifth trick has no penalty in this game.")
        raise InvalidDeal(number, "fifth_trick", text(message))
    king_in_last = entry.get("king_in_last")
    if king_in_last is None:
        king_in_last = False
    elif not isinstance(king_in_last, bool):
        message = gettext_noop("King in the last trick must be true or false.")
        raise InvalidDeal(number, "king_in_last", text(message))
    elif king_in_last:
        if king != last:
            message = gettext_noop("The King of Hearts fell in the last trick: one player took both.")
            raise InvalidDeal(number, "king_in_last", text(message))
        scores[king] += table.king_extra
    details["events"] = events
    details["king_in_last"] = king_in_last
    return scores


def _taker(table: _Table, value: Any, number: int, field: str) -> str:
    missing, stranger = TAKERS[field]
    if value is None:
        raise InvalidDeal(number, field, text(missing))
    if not isinstance(value, str) or value not in table.seats:
        raise InvalidDeal(number, field, text(stranger, name=repr(value)))
    return value


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
        "deck": dict(table.deck),
        "penalties": _penalties_in_play(table),
        "fifth_trick_penalty": table.fifth_trick,
        "king_in_last_trick_extra": table.king_extra,
    }
    return GameResult(Jazz.key, table.seats, deals, totals, finished, winner, ranking, state)


def _penalties_in_play(table: _Table) -> dict[str, int]:
    """The effective penalties, so the entry form can show them and ask only for what scores."""
    counted = {game: count.penalty for game, count in table.counted.items()}
    return {
        **counted,
        "king_of_hearts": table.king_of_hearts,
        "last_trick": table.last_trick,
        "fantan": table.fantan,
    }
