"""The picture of a game played until one is left (Handjass, Pandur): who is in, out, sitting out, lost.

Everything is read from the engine's result; nothing here scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import template

from scorekeeper import rules
from scorekeeper.games.rule_messages import translate
from scorekeeper.games.selectors import Board
from scorekeeper.games.variants import variant_page
from scorekeeper.rules.base import GameResult
from scorekeeper.rules.pandur import CONTRACT_WORDS

register = template.Library()


def _limit_setting(board: Board) -> str:
    """The setting at which a player drops out: the variant's folder names it."""
    page = variant_page(board.game.variant)
    assert page is not None and page.limit_setting, board.game.variant
    return page.limit_setting


MINUS = "\N{MINUS SIGN}"


@dataclass(frozen=True)
class SeatLine:
    name: str
    total: int
    status: str  # "in", "out" or "loser"
    place: int
    out_in_deal: int | None
    to_go: int
    apples: int
    protected: bool
    sat_out: bool
    limit: int

    @property
    def progress(self) -> int:
        """How far along to dropping out, in percent, for the bar behind the line."""
        return max(0, min(100, 100 * self.total // self.limit))

    @property
    def apple_marks(self) -> str:
        """Apples drawn like on paper, counted once there are too many to draw."""
        return "🍎" * self.apples if self.apples <= 4 else f"🍎\N{MULTIPLICATION SIGN}{self.apples}"


@dataclass(frozen=True)
class DropOutTable:
    lines: list[SeatLine]
    limit: int
    still_in: list[str]
    loser: str | None
    last_sat_out: str | None
    last_deal: int


@register.simple_tag
def dropout_table(board: Board) -> DropOutTable:
    """Players in ranking order: those out by when they went out, then those still in (or the loser)."""
    result = board.result
    variant = rules.get_variant(board.game.variant)
    limit = int(rules.settings_with_defaults(variant, board.game.settings)[_limit_setting(board)])
    state = result.state
    still_in, loser = list(state.get("in", [])), state.get("loser")
    went_out = _went_out(result)
    apples = Counter(name for deal in result.deals for name in deal.details.get("apples", []))
    last_sat_out = result.deals[-1].details.get("sitting_out") if result.deals else None
    lines = [
        SeatLine(
            name=placing.side,
            total=placing.total,
            status="loser" if placing.side == loser else "in" if placing.side in still_in else "out",
            place=placing.rank,
            out_in_deal=went_out.get(placing.side),
            to_go=max(limit - placing.total, 0),
            apples=apples[placing.side],
            protected=bool(state.get("dealer_needed")) and limit - 2 <= placing.total < limit,
            sat_out=placing.side == last_sat_out,
            limit=limit,
        )
        for placing in result.ranking
    ]
    return DropOutTable(lines, limit, still_in, loser, last_sat_out, len(result.deals))


def _went_out(result: GameResult) -> dict[str, int]:
    """The deal in which each player reached the limit."""
    return {name: deal.number for deal in result.deals for name in deal.details.get("out", [])}


@register.filter
def gains(scores: Mapping[str, int]) -> list[tuple[str, str]]:
    """A deal's non-zero scores, signed with a real minus sign: Anna +1, Cla \N{MINUS SIGN}1."""
    return [(name, f"{score:+d}".replace("-", MINUS)) for name, score in scores.items() if score]


@register.filter
def contract_name(contract: Any) -> str:
    """How players say a Pandur contract: a bid as its number, the named ones in words."""
    words = translate(CONTRACT_WORDS[contract]) if contract in CONTRACT_WORDS else str(contract)
    return words[:1].upper() + words[1:]
