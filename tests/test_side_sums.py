"""Game.side_sums, each side's [score, matches, apples], is stored with every write and always equals what
the game's DealScore rows add up to: the tournament standings read it instead of summing the rows."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum

from scorekeeper.games import services
from scorekeeper.games.models import Club, DealScore, Game, Player

from .conftest import play

SCHIEBER = [
    {"trump": "hearts", "points": {"A": 100}, "weis": {"B": 20}},
    {"trump": "spades", "match": "A"},
    {"trump": "clubs", "match": "B"},
]
COIFFEUR = [
    {"team": "A", "row": "obenabe", "match": True},
    {"team": "B", "row": "hearts", "points": 83},
    {"team": "B", "row": "clubs", "match": True},
]
PUTZ = [  # below 21 card points an apple
    {"points": {"Anna": 80, "Beat": 60, "Cla": 17}},
    {"points": {"Anna": 137, "Beat": 10, "Cla": 10}},
    {"points": {"Anna": 57, "Beat": 50, "Cla": 50}, "tie_order": ["Beat", "Cla"]},
]
CASES = {  # seats, deals, and deal 1 corrected
    "schieber": (4, SCHIEBER, {"trump": "obenabe", "match": "B"}),
    "coiffeur": (4, COIFFEUR, {"team": "A", "row": "spades", "points": 100}),
    "putz": (3, PUTZ, PUTZ[1]),
}


def rows_summed(game: Game) -> dict[str, list[int]]:
    rows = (
        DealScore.objects.filter(deal__game=game)
        .values("side")
        .order_by()
        .annotate(score=Sum("score"), matches=Sum("matches"), apples=Sum("apples"))
        .values_list("side", "score", "matches", "apples")
    )
    return {side: [score, matches, apples] for side, score, matches, apples in rows}


def stored(game: Game) -> dict[str, list[int]]:
    game.refresh_from_db()
    return game.side_sums


@pytest.mark.parametrize("variant", list(CASES))
def test_side_sums_equal_the_score_rows_after_every_write(
    club: Club, players: list[Player], variant: str
) -> None:
    owner = User.objects.get(username="owner")
    seats, deals, correction = CASES[variant]
    game = services.create_game(club=club, variant=variant, players=players[:seats], settings={}, by=owner)
    assert stored(game) == {}
    for count in range(1, len(deals) + 1):
        play(game, deals[count - 1 : count], by=owner)
        assert stored(game) == rows_summed(game)
    summed = stored(game)
    assert any(matches for _, matches, _ in summed.values()) or any(apples for *_, apples in summed.values())
    services.edit_deal(game_id=game.pk, number=1, entry=correction, by=owner, version=1)
    assert stored(game) == rows_summed(game)
    services.delete_last_deal(game_id=game.pk, number=3, by=owner)
    assert stored(game) == rows_summed(game)
    Game.objects.filter(pk=game.pk).update(side_sums={})
    services.rederive(game_id=game.pk)
    assert stored(game) == rows_summed(game) != {}


def test_a_side_without_a_match_or_apple_counts_zero(club: Club, players: list[Player]) -> None:
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="schieber", players=players, settings={}, by=owner)
    services.record_deal(game_id=game.pk, entry=SCHIEBER[1], by=owner, number=1, client_token=uuid.uuid4())
    sums: Any = stored(game)
    assert sums["A"][1:] == [1, 0] and sums["B"][1:] == [0, 0]
    assert sums == rows_summed(game)
