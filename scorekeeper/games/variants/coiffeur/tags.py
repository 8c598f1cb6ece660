"""The Coiffeur board for the game page: rows by teams, filled from the engine's scores and details, each
with how its score came about (Weis, Stöck, rounding, the match bonus), in the table's own reckoning."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import template
from django.forms.boundfield import BoundWidget
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from scorekeeper import rules
from scorekeeper.games.selectors import Board, DealRow
from scorekeeper.games.suits import mode_name
from scorekeeper.games.variants.coiffeur.form import CoiffeurDealForm
from scorekeeper.rules import coiffeur
from scorekeeper.rules.base import CARD_POINTS
from scorekeeper.rules.schieber import STOECK

register = template.Library()

TEAMS = tuple(rules.teams("coiffeur"))


@dataclass
class Cell:
    """One team's square of one row: open, or the deal that filled it."""

    score: int | None = None
    worked_out: str = ""
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
def coiffeur_team_buttons(form: CoiffeurDealForm, board: Board) -> list[BoundWidget]:
    """The deal form's team radios; on a new deal's form the team that did not announce the last deal is
    ticked (the teams take turns)."""
    last = board.entries[-1].get("team") if board.entries else None
    return form.team_buttons(last)


@register.simple_tag
def coiffeur_board(board: Board) -> CoiffeurBoard:
    """Each played row shows its announcing team's score; the other team's score in that deal (only
    a counter-match gives one) is a bonus outside the rows, so the rows and bonuses add up to the totals."""
    suit_names = board.game.club.suit_names
    lines = {name: _line(suit_names, name, multiplier) for name, multiplier in board.result.state["rows"]}
    bonuses = dict.fromkeys(TEAMS, 0)
    house = house_rules(board)
    for row in board.rows:
        _fill(lines, bonuses, row, house)
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


def _fill(lines: dict[str, Line], bonuses: dict[str, int], row: DealRow, house: coiffeur.Rules) -> None:
    details = row.details
    team = details["team"]
    scores = dict(zip(TEAMS, row.scores, strict=True))
    lines[details["row"]].cells[TEAMS.index(team)] = Cell(
        score=scores[team],
        worked_out=worked_out(details, house),
        match=details["match"],
        counter_match=details["counter_match"],
        deal=row.number,
    )
    for other in TEAMS:
        if other != team:
            bonuses[other] += scores[other]


def house_rules(board: Board) -> coiffeur.Rules:
    """The game's bonuses and house rules as the engine read them (they were checked when it began)."""
    settings = rules.settings_with_defaults(coiffeur.VARIANT, board.game.settings)
    return coiffeur.read_settings(settings, dict(coiffeur.read_rows(settings["rows"])))


@register.simple_tag
def coiffeur_worked_out(details: Mapping[str, Any], board: Board) -> str:
    """The deal preview's sum: the same words as the board's."""
    return worked_out(details, house_rules(board))


NBSP = "\u00a0"  # a step ("+ 50 Weis", "x 4") never breaks across lines; the sum breaks between steps
WEIS_WORDS = pgettext_lazy("coiffeur: Weis added to a row's card points", "%(points)s Weis")
STOECK_WORDS = pgettext_lazy("coiffeur: Stöck added to a row's card points", "%(points)s Stöck")


def worked_out(details: Mapping[str, Any], house: coiffeur.Rules) -> str:
    """The row's score as the table reckons it, left to right: "83 + 50 Weis = 133 → 130 x 4"
    (with the multiplication sign).

    A match counts 157 and adds its bonus before the multiplier, or after it where the club does not
    multiply the bonus; a counter-match the announcing team pays (house rule) shows what it costs, one
    paid to the other team shows nothing here: that bonus has its own line on the board."""
    times = f"\u00d7{NBSP}{details['multiplier']}"
    if details["counter_match"]:
        return f"-{house.counter_bonus}{NBSP}{times}" if house.counter_penalty else ""
    team = details["team"]
    points = CARD_POINTS if details["match"] else details["points"]
    steps, counted = _counted(points, details["weis"][team], details["stoeck"] == team, house.round_to)
    bonus = house.match_bonus if details["match"] else 0
    if bonus and house.match_bonus_multiplied:
        steps += [f"+{NBSP}{bonus}", f"={NBSP}{counted + bonus}"]
    steps.append(times)
    if bonus and not house.match_bonus_multiplied:
        steps.append(f"+{NBSP}{bonus}")
    return " ".join(steps)


def _counted(points: int, weis: int, stoeck: bool, round_to: int) -> tuple[list[str], int]:
    """The steps to what the multiplier takes: card points, Weis and Stöck added up, then rounded."""
    steps = [str(points)]
    if weis:
        steps.append(_plus(WEIS_WORDS, weis))
    if stoeck:
        steps.append(_plus(STOECK_WORDS, STOECK))
    counted = points + weis + (STOECK if stoeck else 0)
    if weis or stoeck:
        steps.append(f"={NBSP}{counted}")
    rounded = coiffeur.rounded(counted, round_to)
    if rounded != counted:
        steps.append(f"\u2192{NBSP}{rounded}")
    return steps, rounded


def _plus(words: Promise, points: int) -> str:
    return f"+{NBSP}" + (str(words) % {"points": points}).replace(" ", NBSP)
