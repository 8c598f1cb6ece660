"""Shared pieces of every variant's rules: the result shapes, the one domain error, small checks.

Nothing here imports Django: the same code serves the forms, the CLI, the standings and the tests.
Words for people are Text: an English template marked with gettext_noop, so makemessages extracts
it, and the web layer translates it when it shows it (scorekeeper.games.rule_messages.translate).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol

CARD_POINTS = 157
"""Card points of one deal in every mode: 152 in the cards plus 5 for the last trick."""

MODES = ("hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe")
SUITS = MODES[:4]

Entry = Mapping[str, Any]
Settings = Mapping[str, Any]


# ---- words for people ----------------------------------------------------------------------------


def gettext_noop(message: str) -> str:
    """Marks an English template for translation: makemessages finds the call by its name."""
    return message


def _as_is(message: str) -> str:
    return message


@dataclass(frozen=True, slots=True)
class Text:
    """A message or phrase for people: an English template with `%(name)s` placeholders, and values.

    A value that is itself a Text (a phrase such as "Card points of team A") is rendered with the
    same translation, so translators always get whole phrases; names and numbers go in as they are.
    """

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = _as_is) -> str:
        """The message with every template passed through `translate` (a gettext); English without."""
        template = translate(self.template)
        if not self.params:
            return template
        values = {
            name: value.render(translate) if isinstance(value, Text) else value
            for name, value in self.params.items()
        }
        return template % values

    def __str__(self) -> str:
        return self.render()


Words = Text | str
"""What a phrase parameter accepts: a Text, or a plain string shown as it is (a name, a test's word)."""


def text(template: str, /, **params: object) -> Text:
    """`template` is a gettext_noop("...") literal (or an entry of a dict of them): see tests."""
    return Text(template, params)


MODE_WORDS: Mapping[str, str] = {
    "hearts": gettext_noop("hearts"),
    "diamonds": gettext_noop("diamonds"),
    "spades": gettext_noop("spades"),
    "clubs": gettext_noop("clubs"),
    "obenabe": gettext_noop("obenabe"),
    "undenufe": gettext_noop("undenufe"),
    # Coiffeur rows beyond the six modes, and Schieber's modes without a trump suit (extra_modes)
    # Translators: a mode played a trick Obenabe, a trick Undenufe.
    "slalom": gettext_noop("Slalom"),
    # Translators: a mode played five tricks Obenabe, four Undenufe.
    "gusti": gettext_noop("Gusti"),
    # Translators: a mode in which the fewest points win.
    "misere": gettext_noop("Misère"),
    # Translators: a Coiffeur row: any trump, the announcer's pick (Trumpf frei).
    "free": gettext_noop("Free trump"),
    # Translators: a Coiffeur row: any mode, the announcer's wish (Wunsch).
    "wish": gettext_noop("Wish"),
}
"""Trump modes and the further rows and modes clubs play, as a message names them; a club's own suit
names are the web layer's business."""


def mode_word(key: str) -> Words:
    """A trump mode (or a Coiffeur row or extra mode clubs know) in words; any other name as it is."""
    return text(MODE_WORDS[key]) if key in MODE_WORDS else key


PRESET_NAMES: Mapping[str, str] = {
    "standard": gettext_noop("Standard"),
    "flat": gettext_noop("Flat"),
    "tournament": gettext_noop("Tournament"),
    "swiss_rulebook": gettext_noop("Swiss rulebook"),
    "jasstafel": gettext_noop("Jasstafel"),
    "striche": gettext_noop("Striche (marks)"),
    "no match bonus": gettext_noop("No match bonus"),
    "seed (3 each)": gettext_noop("Seed (3 each)"),
    "zero-sum (1 each)": gettext_noop("Zero-sum (1 each)"),
    "short": gettext_noop("Short"),
    "full": gettext_noop("Full"),
    "fifth_trick": gettext_noop("Fifth trick"),
    "all_in_one": gettext_noop("All in one"),
    # Translators: the preset of Differenzler as played in Switzerland (16 deals, a bonus for an exact hit).
    "swiss": gettext_noop("Swiss"),
    # Translators: a Free board preset, as Bieter is played: two teams, 157 points a deal, to 1000.
    "157 a deal, teams, to 1000": gettext_noop("157 a deal, teams, to 1000"),
    # Translators: a Free board preset: each for themself, to 21, the lowest total wins.
    "players, to 21, lowest wins": gettext_noop("Players, to 21, lowest wins"),
}
"""The variants' presets as the new-game form names them, by key (a key is what is stored)."""


def preset_name(key: str) -> Words:
    return text(PRESET_NAMES[key]) if key in PRESET_NAMES else key.capitalize()


# ---- what a setting takes, where its default does not say -----------------------------------------


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of a few values, words or numbers; the variant's read_settings refuses any other."""

    values: tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class WholeOrNull:
    """A whole number from `low` to `high`, or null: the rule that applies without one (rules.md)."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class CountsOrNull:
    """Null (nothing counted), or a map of `kinds` to whole numbers; `usual` is what clubs count."""

    kinds: tuple[str, ...]
    usual: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class NamedFactors:
    """A map of names (the club's own modes) to whole factors; empty: none."""


SettingShape = OneOf | WholeOrNull | CountsOrNull | NamedFactors


def setting_shapes(variant: object) -> Mapping[str, SettingShape]:
    """The variant's settings whose default does not say what they take (`setting_shapes` on the
    variant), for the forms that ask for them; the other settings take what their default is."""
    return getattr(variant, "setting_shapes", {})


class InvalidDeal(Exception):
    """A deal (or the game's setup, deal None) breaks the rules; the message is for the player.

    `message` is the English (CLI, JSON, tests); `text` is the same message for translating. `item` is
    the key inside a map setting (the trump of a multiplier), or the player whose number is wrong, so a
    form can show the message beside that key's own input; the JSON names the field only, as rules.md
    says."""

    def __init__(self, deal: int | None, field: str, message: Text, *, item: str | None = None) -> None:
        if not isinstance(message, Text):
            raise TypeError('InvalidDeal needs a Text: text(gettext_noop("..."), ...)')
        english = str(message)
        super().__init__(english)
        self.deal = deal
        self.field = field
        self.item = item
        self.text = message
        self.message = english

    def to_json(self) -> dict[str, Any]:
        return {"error": {"deal": self.deal, "field": self.field, "message": self.message}}


@dataclass(frozen=True)
class DealResult:
    """One deal's scores per side in the game's own unit, and facts worth showing (details)."""

    number: int
    scores: Mapping[str, int]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Placing:
    side: str
    rank: int
    total: int


@dataclass(frozen=True)
class GameResult:
    """The whole game scored from its entries; `state` tells the UI what the next deal needs."""

    variant: str
    sides: tuple[str, ...]
    deals: tuple[DealResult, ...]
    totals: Mapping[str, int]
    finished: bool
    winner: str | None
    ranking: tuple[Placing, ...]
    state: Mapping[str, Any] = field(default_factory=dict)
    marks: Mapping[str, int] | None = None
    """Each side's marks (Striche) where the game counts them (Schieber's `marks` setting); else None."""

    def to_json(self) -> dict[str, Any]:
        """Exactly the output shape of rules.md, "The scoring interface"; "marks" only where counted."""
        shown = {
            "variant": self.variant,
            "sides": list(self.sides),
            "deals": [{"number": d.number, "scores": dict(d.scores)} for d in self.deals],
            "totals": dict(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "ranking": [{"side": p.side, "rank": p.rank, "total": p.total} for p in self.ranking],
        }
        if self.marks is not None:
            shown["marks"] = dict(self.marks)
        return shown


TWO_TEAMS: Mapping[str, tuple[int, ...]] = {"A": (0, 2), "B": (1, 3)}
"""Partners sit across the table: team A is seats 1 and 3, team B seats 2 and 4."""
NO_TEAMS: Mapping[str, tuple[int, ...]] = {}


class Variant(Protocol):
    """What each variant module provides, registered by `key` in scorekeeper.rules."""

    key: str
    name: str
    """What players call it, in English, marked for translation (gettext_noop): a page shows it translated."""
    defaults: Mapping[str, Any]
    presets: Mapping[str, Mapping[str, Any]]
    player_counts: tuple[int, ...]
    teams: Mapping[str, tuple[int, ...]]
    """The sides of a team variant by their seats, counted from 0 (TWO_TEAMS); NO_TEAMS where every
    player plays alone. Pages, statistics, ratings and tournaments ask this, never a list of keys.
    A variant whose teams are a game's setting (the Free board) keeps NO_TEAMS here and has
    `teams_for(settings, seat_count)` and `lowest_wins_for(settings)`: rules.game_teams,
    rules.side_of_seat and rules.game_lowest_wins ask those with the game's settings."""
    lowest_wins: bool
    """The lowest total wins (a penalty game): tournaments rank a pass's raw scores upward."""
    trumps: bool
    """Every deal has a trump: a printed score sheet gets a column to note it."""
    control_points: int | None
    """The card points every deal shares out between the teams (Schieber: 157), so a score sheet's card
    points add up to deals times this, a control total; None where no such total holds."""

    def score(self, seats: Sequence[str], settings: Settings, deals: Sequence[Entry]) -> GameResult: ...


# ---- small checks shared by the variants -------------------------------------------------------


def is_int(value: Any) -> bool:
    """JSON integers only: a bool or a float is not a count of points."""
    return isinstance(value, int) and not isinstance(value, bool)


CARD_POINTS_WORDS = text(gettext_noop("Card points"))


def require_int(
    value: Any, *, deal: int | None, field: str, low: int, high: int, what: Words, item: str | None = None
) -> int:
    """A whole number from `low` to `high`; `item` names the key when the number is inside a map setting."""
    if not is_int(value) or not low <= value <= high:
        # Translators: %(what)s is a phrase such as "Card points of team A" or "The target".
        message = gettext_noop("%(what)s must be a whole number from %(low)s to %(high)s.")
        raise InvalidDeal(deal, field, text(message, what=what, low=low, high=high), item=item)
    return value


def require_card_points(
    value: Any, *, deal: int | None, field: str, what: Words = CARD_POINTS_WORDS, item: str | None = None
) -> int:
    """0 to 157, never 1: no card is worth 1 point, so 1 is a typo. `item` names the player, if one."""
    points = require_int(value, deal=deal, field=field, low=0, high=CARD_POINTS, what=what, item=item)
    if points == 1:
        message = gettext_noop("%(what)s cannot be 1: no card is worth 1 point.")
        raise InvalidDeal(deal, field, text(message, what=what), item=item)
    return points


def require_player_card_points(value: Any, *, deal: int | None, field: str, player: str) -> int:
    """A player's card points; the message naming the player is built only for a refusal."""
    if type(value) is int and 0 <= value <= CARD_POINTS and value != 1:
        return value
    what = text(gettext_noop("The card points of %(name)s"), name=player)
    return require_card_points(value, deal=deal, field=field, what=what, item=player)


def require_mapping(value: Any, *, deal: int | None, field: str, what: Words) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        if field in {"points", "weis"}:
            message = gettext_noop("%(what)s must map each team to a number.")
        else:
            message = gettext_noop("%(what)s must map each player to a number.")
        raise InvalidDeal(deal, field, text(message, what=what))
    return value


def require_known(
    keys: Iterable[str], allowed: Iterable[str], *, deal: int | None, field: str, what: Words
) -> None:
    allowed_set = set(allowed)
    for key in keys:
        if key not in allowed_set:
            message = gettext_noop("%(what)s: %(name)s is not in this game.")
            raise InvalidDeal(deal, field, text(message, what=what, name=repr(key)))


def refuse_unknown_keys(entry: Entry, allowed: Iterable[str], *, deal: int | None) -> None:
    allowed_set = set(allowed)
    for key in entry:
        if key not in allowed_set:
            message = gettext_noop("Unknown field %(field)s in this deal.")
            raise InvalidDeal(deal, key, text(message, field=repr(key)))


def rank(totals: Mapping[str, int], *, lowest_wins: bool = False) -> tuple[Placing, ...]:
    """Standard competition ranking (1, 1, 3): equal totals share a rank."""
    return rank_groups([list(totals)], totals, lowest_wins=lowest_wins)


def rank_groups(
    groups: Sequence[Sequence[str]], totals: Mapping[str, int], *, lowest_wins: bool = False
) -> tuple[Placing, ...]:
    """Rank group by group, best group first (a winner, then drop-out order, ...).

    Within a group sides are ordered by total, and equal totals share a rank; across groups
    nobody shares a rank, whatever the totals.
    """
    sign = 1 if lowest_wins else -1
    placings: list[Placing] = []
    for group in groups:
        first_of_group = len(placings)
        for side in sorted(group, key=lambda s: sign * totals[s]):
            previous = placings[-1] if len(placings) > first_of_group else None
            if previous is not None and previous.total == totals[side]:
                position = previous.rank
            else:
                position = len(placings) + 1
            placings.append(Placing(side, position, totals[side]))
    return tuple(placings)


def require_seats(seats: Sequence[Any], counts: Sequence[int]) -> list[str]:
    """Seat names in seat order: distinct, non-empty strings, as many as the variant allows."""
    if len(seats) not in counts:
        message = gettext_noop("This variant needs %(counts)s players, not %(seats)s.")
        raise InvalidDeal(None, "seats", text(message, counts=either(counts), seats=len(seats)))
    names: list[str] = []
    for name in seats:
        if not isinstance(name, str) or not name.strip():
            raise InvalidDeal(None, "seats", text(gettext_noop("Every seat needs a player name.")))
        if name in names:
            raise InvalidDeal(
                None, "seats", text(gettext_noop("%(name)s sits at the table twice."), name=name)
            )
        names.append(name)
    return names


def either(choices: Sequence[object]) -> Words:
    """'3', '3 or 5', '2 or 3 or 4': the choices the way the table says them."""
    if len(choices) == 1:
        return str(choices[0])
    # Translators: numbers of players, "3 or 5"; %(rest)s may be "3 or 4" in its turn.
    return text(gettext_noop("%(first)s or %(rest)s"), first=choices[0], rest=either(choices[1:]))


def refuse_after_end(number: int, last: int) -> NoReturn:
    """Every variant refuses a deal after the game ended, in the same words."""
    message = gettext_noop("The game ended with deal %(last)s: no more deals.")
    raise InvalidDeal(number, "game", text(message, last=last))


def scored_in_order(
    deals: Sequence[Entry],
    sides: Iterable[str],
    score_deal: Callable[[int, Entry], DealResult],
    *,
    last: int,
    ends_at: int | None = None,
) -> tuple[list[DealResult], dict[str, int], bool]:
    """Each deal scored in turn with the sides' running totals, and whether a total reached `ends_at`:
    a deal after the `last`, or after the one whose total reached `ends_at`, is refused."""
    totals = dict.fromkeys(sides, 0)
    results: list[DealResult] = []
    reached = False
    for number, entry in enumerate(deals, start=1):
        if reached or number > last:
            refuse_after_end(number, number - 1)
        result = score_deal(number, entry)
        for side, points in result.scores.items():
            totals[side] += points
        results.append(result)
        reached = ends_at is not None and max(totals.values()) >= ends_at
    return results, totals, reached


def require_entry(number: int, entry: Any, fields: frozenset[str]) -> None:
    """An object with known fields only; an unknown one is a typo or another variant's entry."""
    if not isinstance(entry, Mapping):
        raise InvalidDeal(number, "deal", text(gettext_noop("Each deal must be an object of named fields.")))
    if not fields.issuperset(entry):
        refuse_unknown_keys(entry, fields, deal=number)


def sole_winner(ranking: Sequence[Placing], finished: bool) -> str | None:
    """The side ranked first alone, once the game is over; a tie for first has no winner."""
    if not finished or (len(ranking) > 1 and ranking[1].rank == 1):
        return None
    return ranking[0].side
