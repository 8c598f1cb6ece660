"""A member's ratings on their "My games" page: `{% member_ratings players %}`.

A tag, so the players' page needs no import of the ratings (the two apps are siblings): one query for
every linked player at once, only where the tag is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import template

from scorekeeper import rules
from scorekeeper.games.models import Player
from scorekeeper.ratings.models import Rating
from scorekeeper.ratings.skill import Skill
from scorekeeper.ratings.views import variant_label

register = template.Library()


@dataclass(frozen=True)
class Line:
    player: Player
    variant: str
    label: str
    rating: float
    """The number the leaderboard shows (the ordinal)."""
    games: int


@register.inclusion_tag("scorekeeper/ratings/_member_ratings.html")
def member_ratings(players: Sequence[Player]) -> dict[str, Any]:
    """The current rating of each player (with its club) in each variant rated, by club, then variant."""
    by_id = {player.pk: player for player in players}
    order = {key: index for index, key in enumerate(rules.VARIANT_MODULES)}
    place = {pk: index for index, pk in enumerate(by_id)}
    ratings = Rating.objects.filter(player__in=list(by_id)).only("player", "variant", "mu", "sigma", "games")
    lines = [
        Line(by_id[r.player_id], r.variant, variant_label(r.variant), Skill(r.mu, r.sigma).ordinal, r.games)
        for r in ratings
    ]
    lines.sort(key=lambda line: (place[line.player.pk], order.get(line.variant, len(order))))
    return {"lines": lines, "several": len(players) > 1}
