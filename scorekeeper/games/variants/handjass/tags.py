"""`{% load handjass %}`: the panel and deal tags it shares with its sibling variant."""

from scorekeeper.games.variants.dropout_tags import register

__all__ = ["register"]
