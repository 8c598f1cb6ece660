"""Guggitaler beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.guggitaler.form import FORM

PAGE = VariantPage(
    form=FORM,
    figures=("penalty_per_round", "average_domino_place", "domino_firsts"),
)
