"""Pandur beyond its rules: its deal form, template tags, templates and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.pandur.form import FORM

PAGE = VariantPage(
    form=FORM,
    limit_setting="target",
)
