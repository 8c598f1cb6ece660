"""Issue 14 made an exact Differenzler prediction of 0 earn no exact bonus by default: the migrations write
`exact_bonus_on_zero` into the settings of the games and events from before that count an exact bonus,
so they keep the results they were played with. Run here on rows as the old code left them."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.rules import score_game
from tournaments import services as events
from tournaments.models import Format, Tournament

pytestmark = pytest.mark.django_db

GAMES = importlib.import_module("scorekeeper.games.migrations.0009_differenzler_keeps_the_bonus_on_zero")
EVENTS = importlib.import_module("tournaments.migrations.0008_differenzler_keeps_the_bonus_on_zero")
ZERO_FOR_ZERO = {
    "trump": "hearts",
    "predictions": {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50},
    "points": {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50},
}


def old_game(club: Club, players: list[Player], variant: str, settings: dict[str, Any]) -> Game:
    """A game whose settings are stored as the code before issue 14 stored them."""
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant=variant, players=players, settings={}, by=owner)
    Game.objects.filter(pk=game.pk).update(settings=settings)
    return game


@pytest.mark.parametrize(
    ("variant", "before", "after"),
    [
        ("differenzler", {"exact_bonus": 5}, {"exact_bonus": 5, "exact_bonus_on_zero": True}),
        (
            "differenzler",
            {"deals": 6, "exact_bonus": 10},
            {"deals": 6, "exact_bonus": 10, "exact_bonus_on_zero": True},
        ),
        ("differenzler", {}, {}),  # no bonus: an exact 0 counts 0 either way
        ("differenzler", {"exact_bonus": 0}, {"exact_bonus": 0}),
        (
            "differenzler",
            {"exact_bonus": 5, "exact_bonus_on_zero": False},
            {"exact_bonus": 5, "exact_bonus_on_zero": False},
        ),
        ("schieber", {"match_bonus": 5}, {"match_bonus": 5}),
    ],
)
def test_a_game_from_before_keeps_its_count(
    club: Club, players: list[Player], variant: str, before: dict[str, Any], after: dict[str, Any]
) -> None:
    game = old_game(club, players, variant, before)
    GAMES.keep_the_bonus_on_zero(apps, None)
    game.refresh_from_db()
    assert game.settings == after


def test_the_kept_setting_counts_beats_0_for_0_as_before(club: Club, players: list[Player]) -> None:
    """Beat predicted 0 and took 0: -5 as the game was shown before issue 14, not 0."""
    game = old_game(club, players, "differenzler", {"exact_bonus": 5})
    GAMES.keep_the_bonus_on_zero(apps, None)
    game.refresh_from_db()
    seats = ["Anna", "Beat", "Cla", "Dora"]
    assert score_game("differenzler", seats, game.settings, [ZERO_FOR_ZERO]).totals == {
        "Anna": 3,
        "Beat": -5,
        "Cla": 10,
        "Dora": -5,
    }


@pytest.mark.parametrize(
    ("format", "before", "after"),
    [
        (Format.DIFFERENZLER, {"exact_bonus": 10}, {"exact_bonus": 10, "exact_bonus_on_zero": True}),
        (Format.DIFFERENZLER, {"exact_bonus": 0}, {"exact_bonus": 0}),
        (Format.EINZELSCHIEBER, {"match_bonus": 0}, {"match_bonus": 0}),
    ],
)
def test_an_event_from_before_keeps_its_count(
    club: Club, format: str, before: dict[str, Any], after: dict[str, Any]
) -> None:
    owner = User.objects.get(username="owner")
    event = events.create_tournament(club=club, name="Herbstturnier", format=format, by=owner)
    Tournament.objects.filter(pk=event.pk).update(settings=before)
    EVENTS.keep_the_bonus_on_zero(apps, None)
    event.refresh_from_db()
    assert event.settings == after
