"""The Guggitaler chalk board and deal notes for the game page, from the engine's state and details."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.translation import gettext_noop, pgettext

from scorekeeper.games.rule_messages import translate
from scorekeeper.games.selectors import Board
from scorekeeper.rules.guggitaler import ALL, COUNTED, DOMINO, LABELS, PENALTY_GAMES, TAKEN_ONCE

register = template.Library()

SHORT: dict[str, str] = {
    **LABELS,
    "rosen_koenig": gettext_noop("Rosen K."),
    "last_trick": gettext_noop("Last trick"),
}
"""Labels that fit a phone's table cell, in English: translated when shown."""


@dataclass(frozen=True)
class ChalkRow:
    """One game of the round: each player's penalties in it so far (all rounds), in the board's order."""

    game: str
    label: str
    scores: list[int]
    is_next: bool
    played: bool


@dataclass(frozen=True)
class Chalk:
    """The chalk board: the players across, lowest total first; the games down; the totals at the foot."""

    players: list[str]
    ranks: list[int]
    rows: list[ChalkRow]
    totals: list[int]
    round: int | None
    rounds: int


@register.simple_tag
def guggitaler_chalk(board: Board) -> Chalk:
    result = board.result
    state = result.state
    players = [placing.side for placing in result.ranking]
    games = (
        [*PENALTY_GAMES, DOMINO]
        if any(game == DOMINO for game, _ in state.get("schedule") or [])
        else list(PENALTY_GAMES)
    )
    sums = {game: dict.fromkeys(players, 0) for game in games}
    for deal in result.deals:
        for game, scores in by_game(deal.details, deal.scores, state.get("penalties") or {}).items():
            for player, points in scores.items():
                sums[game][player] += points
    played = {deal.details.get("game") for deal in result.deals}
    next_game = state.get("next_game")
    rows = [
        ChalkRow(
            game,
            translate(SHORT[game]),
            [sums[game][p] for p in players],
            game == next_game,
            game in played or ALL in played,
        )
        for game in games
    ]
    schedule = state.get("schedule") or []
    rounds = max((r for game, r in schedule if game != ALL), default=1)
    return Chalk(
        players=players,
        ranks=[placing.rank for placing in result.ranking],
        rows=rows,
        totals=[placing.total for placing in result.ranking],
        round=state.get("next_round") if rounds > 1 else None,
        rounds=rounds,
    )


def by_game(
    details: Mapping[str, Any], scores: Mapping[str, int], penalties: Mapping[str, int]
) -> dict[str, dict[str, int]]:
    """A deal's penalties by game: its own game's, or (all in one) each of the five apart."""
    game = details.get("game")
    if game != ALL:
        return {game: dict(scores)} if game in LABELS else {}
    counts: Mapping[str, Mapping[str, int]] = details.get("counts") or {}
    split = {g: {p: n * penalties.get(g, 0) for p, n in counts.get(g, {}).items()} for g in COUNTED}
    for g in TAKEN_ONCE:
        taker = details.get(g)
        split[g] = {taker: penalties.get(g, 0)} if taker else {}
    return split


@register.filter
def guggitaler_label(game: str) -> str:
    return translate(LABELS[game]) if game in LABELS else game


@register.filter
def guggitaler_short(game: str) -> str:
    return translate(SHORT[game]) if game in SHORT else game


@register.filter
def guggitaler_total(counts: Mapping[str, int]) -> int:
    return sum(counts.values())


@register.filter
def signed(score: int) -> str:
    """A penalty as the board writes it: +10, 0, and a true minus sign (not a hyphen) for a Domino place."""
    return f"+{score}" if score > 0 else f"\N{MINUS SIGN}{-score}" if score < 0 else "0"


@register.filter
def guggitaler_note(details: Mapping[str, Any]) -> str:
    """Who took what, in a few words: the Rosen König's or the last trick's taker, the Domino's order."""
    game = details.get("game")
    if game in TAKEN_ONCE:
        return str(details.get("player", ""))
    if game == DOMINO:
        order: Sequence[str] = details.get("order") or []
        return " → ".join(order)
    if game == ALL:
        rosen = pgettext("guggitaler, deal list: who took the Rosen König", "Rosen K. %(name)s")
        last = pgettext("guggitaler, deal list: who took the last trick", "last %(name)s")
        return " · ".join(
            [rosen % {"name": details.get("rosen_koenig")}, last % {"name": details.get("last_trick")}]
        )
    return ""
