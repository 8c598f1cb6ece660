"""What a stored deal scores, as the rules engine scores the game's entries up to it (the pages' way)."""

from __future__ import annotations

from scorekeeper import rules
from scorekeeper.games.models import Deal


def deal_scores(deal: Deal) -> dict[str, int]:
    game = deal.game
    entries = list(
        game.deals.filter(number__lte=deal.number).order_by("number").values_list("entry", flat=True)
    )
    result = rules.score_game(
        game.variant, game.names_by_seat(), game.settings, entries, deal_limit=game.deal_limit
    )
    return dict(result.deals[deal.number - 1].scores)
