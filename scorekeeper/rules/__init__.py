"""The scoring engine: one pure module per variant, found by its key.

Adding a variant is adding its module and one line in VARIANT_MODULES.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from importlib import import_module
from typing import Any

from .base import (
    DealResult,
    Entry,
    GameResult,
    InvalidDeal,
    Placing,
    Text,
    Variant,
    gettext_noop,
    sole_winner,
    text,
)

VARIANT_MODULES: dict[str, str] = {
    "schieber": "schieber",
    "coiffeur": "coiffeur",
    "differenzler": "differenzler",
    "molotow": "molotow",
    "putz": "putz",
    "handjass": "handjass",
    "pandur": "pandur",
    "jazz": "jazz",
    "guggitaler": "guggitaler",
    "free_board": "free_board",
}

__all__ = [
    "DealResult",
    "GameResult",
    "InvalidDeal",
    "Placing",
    "Text",
    "Variant",
    "available_variants",
    "game_lowest_wins",
    "game_teams",
    "get_variant",
    "score_game",
    "side_of_seat",
    "teams",
]


def available_variants() -> dict[str, Variant]:
    """The variants whose module is present, by key, in the order of VARIANT_MODULES."""
    found: dict[str, Variant] = {}
    for key in VARIANT_MODULES:
        try:
            found[key] = get_variant(key)
        except InvalidDeal:
            continue
    return found


@cache
def teams(variant: str) -> Mapping[str, tuple[int, ...]]:
    """A team variant's sides by their seats (counted from 0); empty where everyone plays alone."""
    return get_variant(variant).teams


def side_of_seat(
    variant: str, position: int, name: str, settings: Mapping[str, Any] | None = None, seat_count: int = 0
) -> str:
    """The side seat `position` (counted from 1) plays for: its team, or the player in person.

    A variant whose teams are a game's setting (a Free board in teams) needs the game's `settings` and
    `seat_count`; without them its seats play for themselves."""
    if chooses_teams(variant):
        chosen = game_teams(variant, settings, seat_count)
        return next((side for side, seats in chosen.items() if position - 1 in seats), name)
    return team_of_seat(variant, position) or name


@cache
def chooses_teams(variant: str) -> bool:
    """Whether a game of the variant plays in teams by its settings (teams_for), not by the variant."""
    return hasattr(get_variant(variant), "teams_for")


def game_teams(
    variant: str, settings: Mapping[str, Any] | None, seat_count: int
) -> Mapping[str, tuple[int, ...]]:
    """One game's teams by their seats (counted from 0): the variant's, or those its settings chose (a
    Free board in teams); empty where everyone plays alone."""
    engine = get_variant(variant)
    if not chooses_teams(variant):
        return engine.teams
    return engine.teams_for({**engine.defaults, **(settings or {})}, seat_count)


def game_lowest_wins(variant: str, settings: Mapping[str, Any] | None) -> bool:
    """Whether the lowest total ranks first in one game: the variant's fact, or its setting (Free board)."""
    engine = get_variant(variant)
    own = getattr(engine, "lowest_wins_for", None)
    return engine.lowest_wins if own is None else own({**engine.defaults, **(settings or {})})


@cache
def team_of_seat(variant: str, position: int) -> str | None:
    """The team of seat `position` (counted from 1), None where everyone plays alone: asked once per
    variant and seat, as the player page asks it for every seat of a thousand games."""
    return next((side for side, seats in teams(variant).items() if position - 1 in seats), None)


def get_variant(key: Any) -> Variant:
    module_name = VARIANT_MODULES.get(key) if isinstance(key, str) else None
    if module_name is None:
        raise InvalidDeal(None, "variant", text(gettext_noop("Unknown variant %(key)s."), key=repr(key)))
    try:
        module = import_module(f"{__name__}.{module_name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{module_name}":
            raise
        message = gettext_noop("The variant %(key)s is not available yet.")
        raise InvalidDeal(None, "variant", text(message, key=repr(key))) from None
    return module.VARIANT


def score_game(
    variant: str,
    seats: Sequence[str],
    settings: Mapping[str, Any] | None,
    deals: Sequence[Entry],
    *,
    deal_limit: int | None = None,
) -> GameResult:
    """Score a whole game from its entries; raises InvalidDeal naming the first bad deal and field.

    `deal_limit` makes a game of exactly that many deals (a tournament pass): it ends after the
    last one, whatever the variant's own end, and no deal after it is accepted.
    """
    engine = get_variant(variant)
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise InvalidDeal(None, "seats", text(gettext_noop("Seats must be a list of player names.")))
    if not isinstance(deals, Sequence) or isinstance(deals, (str, bytes)):
        raise InvalidDeal(None, "deals", text(gettext_noop("Deals must be a list of deal entries.")))
    if deal_limit is not None and len(deals) > deal_limit:
        message = gettext_noop("This game has %(deals)s deals: no more deals.")
        raise InvalidDeal(deal_limit + 1, "game", text(message, deals=deal_limit))
    result = engine.score(list(seats), settings_with_defaults(engine, settings), deals)
    if deal_limit is not None and len(deals) == deal_limit and not result.finished:
        result = replace(result, finished=True, winner=sole_winner(result.ranking, True))
    return result


def settings_with_defaults(engine: Variant, settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The variant's defaults overridden by the game's settings; an unknown key is refused."""
    if settings is None:
        settings = {}
    if not isinstance(settings, Mapping):
        raise InvalidDeal(None, "settings", text(gettext_noop("Settings must be an object of named values.")))
    for key in settings:
        if key not in engine.defaults:
            message = gettext_noop("Unknown setting %(key)s for %(variant)s.")
            raise InvalidDeal(None, key, text(message, key=repr(key), variant=engine.key))
    return {**engine.defaults, **settings}
