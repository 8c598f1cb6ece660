"""Game.side_sums, each side's [score, matches, apples], is stored with every write and always equals what
the engine's deal results add up to: the tournament standings read it instead of replaying the deals."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User

from scorekeeper import rules
from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player

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
FULL = {  # each side's [score, matches, apples] after the three deals, by hand
    # A: 100 + (157 + 100) x2 for the spades match = 614; B: 57 + 20 Weis, + 257 for the clubs match = 334
    "schieber": {"A": [614, 1, 0], "B": [334, 1, 0]},
    # A: the obenabe match 257 x5 = 1285; B: hearts 83 x1, + the clubs match 257 x4 = 1111
    "coiffeur": {"A": [1285, 1, 0], "B": [1111, 1, 0]},
    # Anna +1 +2 +1; Beat +1, an apple (-1), +1; Cla an apple (-1), another (-1), 0
    "putz": {"Anna": [4, 0, 0], "Beat": [1, 0, 1], "Cla": [-2, 0, 2]},
}


def engine_summed(game: Game) -> dict[str, list[int]]:
    """What the engine's results of the stored entries add up to, summed here: each deal's scores, the side
    its details name as making a match (Coiffeur: `match` True for the announcing `team`), its apples."""
    entries = list(game.deals.order_by("number").values_list("entry", flat=True))
    result = rules.score_game(game.variant, game.names_by_seat(), game.settings, entries)
    sums: dict[str, list[int]] = {}
    for scored in result.deals:
        match = scored.details.get("match")
        made = scored.details["team"] if match is True else match
        for side, score in scored.scores.items():
            tally = sums.setdefault(side, [0, 0, 0])
            tally[0] += score
            tally[1] += side == made
            tally[2] += side in (scored.details.get("apples") or ())
    return sums


def stored(game: Game) -> dict[str, list[int]]:
    game.refresh_from_db()
    return game.side_sums


@pytest.mark.parametrize("variant", list(CASES))
def test_side_sums_equal_the_engine_results_after_every_write(
    club: Club, players: list[Player], variant: str
) -> None:
    owner = User.objects.get(username="owner")
    seats, deals, correction = CASES[variant]
    game = services.create_game(club=club, variant=variant, players=players[:seats], settings={}, by=owner)
    assert stored(game) == {}
    for count in range(1, len(deals) + 1):
        play(game, deals[count - 1 : count], by=owner)
        assert stored(game) == engine_summed(game)
    assert stored(game) == FULL[variant]
    services.edit_deal(game_id=game.pk, number=1, entry=correction, by=owner, version=1)
    corrected = stored(game)
    assert corrected == engine_summed(game) != FULL[variant]
    services.delete_last_deal(game_id=game.pk, number=3, by=owner)
    assert stored(game) == engine_summed(game) != corrected
    services.restore_deal(game_id=game.pk, number=3, by=owner)
    assert stored(game) == engine_summed(game) == corrected
    Game.objects.filter(pk=game.pk).update(side_sums={})
    services.rederive(game_id=game.pk)
    assert stored(game) == engine_summed(game) == corrected


def test_a_side_without_a_match_or_apple_counts_zero(club: Club, players: list[Player]) -> None:
    owner = User.objects.get(username="owner")
    game = services.create_game(club=club, variant="schieber", players=players, settings={}, by=owner)
    services.record_deal(game_id=game.pk, entry=SCHIEBER[1], by=owner, number=1, client_token=uuid.uuid4())
    sums: Any = stored(game)
    assert sums["A"][1:] == [1, 0] and sums["B"][1:] == [0, 0]
    assert sums == engine_summed(game) == {"A": [514, 1, 0], "B": [0, 0, 0]}  # (157 + 100) x2
