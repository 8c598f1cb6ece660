"""`{% load molotow %}`: the panel and deal tags it shares with its sibling variant."""

from scorekeeper.games.variants.molotow_putz_tags import register

__all__ = ["register"]
