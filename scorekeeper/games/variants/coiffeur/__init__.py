"""Coiffeur beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.coiffeur.form import FORM

PAGE = VariantPage(
    form=FORM,
)
