"""The club page's section of leaderboards and seasons, registered with the games' club page (apps.py).

Two queries, only on the club page.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.games.club_sections import ClubSection
from scorekeeper.games.models import Club
from scorekeeper.ratings.views import rated_variants, variant_label
from tournaments.models import Season


def club_ratings(club: Club, can_admin: bool) -> dict[str, Any]:
    return {
        "variants": [(key, variant_label(key)) for key in rated_variants(club)],
        "seasons": list(Season.objects.filter(club=club).only("pk", "name", "club_id")),
    }


SECTION = ClubSection("sections", "scorekeeper/ratings/_club_nav.html", club_ratings)
