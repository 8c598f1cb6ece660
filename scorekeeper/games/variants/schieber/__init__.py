"""Schieber beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.schieber.form import FORM

PAGE = VariantPage(
    form=FORM,
    jasstafel=True,
    figures=("points_per_deal", "points_per_pass", "matches_made", "matches_conceded", "weis_per_deal"),
)
