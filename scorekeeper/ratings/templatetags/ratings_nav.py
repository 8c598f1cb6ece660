"""The club page's links to its leaderboards and seasons: `{% club_ratings club can_admin %}`.

A tag, so the club page needs no change to its view: two queries, only where the tag is used.
"""

from __future__ import annotations

from typing import Any

from django import template

from scorekeeper.games.models import Club
from scorekeeper.ratings.views import rated_variants, variant_label
from tournaments.models import Season

register = template.Library()


@register.inclusion_tag("scorekeeper/ratings/_club_nav.html")
def club_ratings(club: Club, can_admin: bool = False) -> dict[str, Any]:
    return {
        "club": club,
        "can_admin": can_admin,
        "variants": [(key, variant_label(key)) for key in rated_variants(club)],
        "seasons": list(Season.objects.filter(club=club).only("pk", "name", "club_id")),
    }
