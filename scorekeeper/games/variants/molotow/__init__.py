"""Molotow beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.molotow.form import FORM

PAGE = VariantPage(
    form=FORM,
    figures=("net_sticks_per_game",),
)
