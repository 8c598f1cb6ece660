"""Deal-entry forms, one per variant, found by the variant key like the rules.

A deal form turns what was typed into a rules entry (and back, for editing) and maps the engine's
error field to a form field. It never checks a rule itself: the engine does, once.
"""

from __future__ import annotations

from .base import DealForm
from .schieber import SchieberDealForm

DEAL_FORMS: dict[str, type[DealForm]] = {"schieber": SchieberDealForm}

__all__ = ["DEAL_FORMS", "DealForm"]
