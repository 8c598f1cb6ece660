"""The Free board beyond its rules: its deal form, templates, styles and page facts."""

from scorekeeper.games.variants import VariantPage
from scorekeeper.games.variants.free_board.form import FORM

PAGE = VariantPage(
    form=FORM,
    figures=("points_per_deal",),
    named=True,
)
