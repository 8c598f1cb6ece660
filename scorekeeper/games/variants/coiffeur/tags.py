"""The Coiffeur board for the game page: rows by teams, filled from the engine's scores and details."""

from __future__ import annotations

from dataclasses import dataclass

from django import template

from scorekeeper import rules
from scorekeeper.games.selectors import Board, DealRow
from scorekeeper.games.suits import mode_name

register = template.Library()

TEAMS = tuple(rules.teams("coiffeur"))


@dataclass
class Cell:
    """One team's square of one row: open, or the deal that filled it."""

    score: int | None = None
    points: int | None = None
    match: bool = False
    counter_match: bool = False
    deal: int | None = None

    @property
    def is_open(self) -> bool:
        return self.deal is None


@dataclass
class Line:
    name: str
    label: str
    symbol: str
    multiplier: int
    cells: list[Cell]


@dataclass
class Column:
    """One team's column: who they are, their counter-match bonuses, total and rows still open."""

    key: str
    label: str
    bonus: int
    total: int
    open_count: int


@dataclass
class CoiffeurBoard:
    columns: list[Column]
    lines: list[Line]

    @property
    def has_bonus(self) -> bool:
        return any(column.bonus for column in self.columns)


@register.simple_tag
def coiffeur_board(board: Board) -> CoiffeurBoard:
    """Each played row shows its announcing team's score; the other team's score in that deal (only
    a counter-match gives one) is a bonus outside the rows, so the rows and bonuses add up to the totals."""
    suit_names = board.game.club.suit_names
    lines = {name: _line(suit_names, name, multiplier) for name, multiplier in board.result.state["rows"]}
    bonuses = dict.fromkeys(TEAMS, 0)
    for row in board.rows:
        _fill(lines, bonuses, row)
    sides = {side.key: side for side in board.sides}
    open_rows = board.result.state["open_rows"]
    columns = [
        Column(team, sides[team].label, bonuses[team], sides[team].total, len(open_rows[team]))
        for team in TEAMS
    ]
    return CoiffeurBoard(columns, list(lines.values()))


def _line(suit_names: str, name: str, multiplier: int) -> Line:
    mode = mode_name(suit_names, name)
    return Line(name, mode.name, mode.symbol, multiplier, [Cell() for _ in TEAMS])


def _fill(lines: dict[str, Line], bonuses: dict[str, int], row: DealRow) -> None:
    details = row.details
    team = details["team"]
    scores = dict(zip(TEAMS, row.scores, strict=True))
    lines[details["row"]].cells[TEAMS.index(team)] = Cell(
        score=scores[team],
        points=details["points"],
        match=details["match"],
        counter_match=details["counter_match"],
        deal=row.number,
    )
    for other in TEAMS:
        if other != team:
            bonuses[other] += scores[other]
