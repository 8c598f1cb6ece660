"""Differenzler beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.differenzler.form import FORM

PAGE = VariantPage(
    form=FORM,
    figures=("average_deviation", "exact_hits"),
)
