"""Putz beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.putz.form import FORM

PAGE = VariantPage(
    form=FORM,
    figures=("apples_per_deal",),
)
