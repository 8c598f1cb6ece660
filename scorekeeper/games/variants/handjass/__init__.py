"""Handjass beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.handjass.form import FORM

PAGE = VariantPage(
    form=FORM,
    figures=("apples_per_deal",),
    limit_setting="out_at",
)
