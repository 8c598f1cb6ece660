"""The event's exports: the standings and every deal result, for the club's spreadsheet and the
federation, as rows; scorekeeper/games/downloads.py writes them as CSV and Excel files (names as they
are, safe from a spreadsheet's formulas).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import groupby
from typing import Any

from scorekeeper import rules
from scorekeeper.games.models import Club, Deal, Seat
from scorekeeper.games.suits import mode_name

from .formats import format_facts
from .models import Table, Tournament
from .selectors import Line, standings

FACTS = (("trump", "Trump"), ("points", "Points"), ("match", "Match"), ("weis", "Weis"), ("stoeck", "Stöck"))
"""The entry's key facts as the rules engine's details give them, and their column headers."""
PER_SIDE = frozenset({"points", "weis"})
"""Facts with a value per side: a column per side (A and B, or each seat), one number a cell."""
MAX_SEATS = 4

Cell = str | int | None


# ---- standings ---------------------------------------------------------------------------------------------


def standings_rows(tournament: Tournament) -> Iterator[list[Cell]]:
    """A header, then one row per entrant as ranked: rank, start number, name, total, each pass, ..."""
    lines = standings(tournament)
    columns = max([tournament.passes, *(len(line.standing.passes) for line in lines)])
    word = tournament.pass_word
    yield [
        "Rank",
        "No.",
        "Name",
        "Total",
        *(f"{word} {number}" for number in range(1, columns + 1)),
        "Byes",
        "Matches",
        "Apples",
        f"Dropped {word.lower()}",
    ]
    for line in lines:
        yield _standing_row(line, columns)


def _standing_row(line: Line, columns: int) -> list[Cell]:
    standing = line.standing
    passes = list(standing.passes) + [None] * (columns - len(standing.passes))
    return [
        standing.rank,
        line.number,
        line.name,
        standing.total if standing.rank is not None else None,  # nothing counted yet: blank, not 0
        *passes,
        " ".join(str(number) for number in standing.byes),
        standing.matches,
        standing.apples,
        standing.dropped_pass,
    ]


# ---- deals -------------------------------------------------------------------------------------------------


def deal_rows(tournament: Tournament) -> Iterator[list[Cell]]:
    """A header, then one row per deal in pass, table and deal order; three queries, every game rescored."""
    partners = format_facts(tournament.format).partners
    sides = ["A", "B"] if partners else [f"seat {n}" for n in range(1, MAX_SEATS + 1)]
    suit_names = Club.objects.filter(pk=tournament.club_id).values_list("suit_names", flat=True).get()
    yield [
        tournament.pass_word,
        "Table",
        "Deal",
        *(f"Seat {n}" for n in range(1, MAX_SEATS + 1)),
        *_fact_headers(sides),
        *(f"Score {side}" for side in sides),
    ]
    tables = {
        game: (pass_number, table, variant, settings, limit)
        for game, pass_number, table, variant, settings, limit in Table.objects.filter(
            pass_played__tournament=tournament
        ).values_list(
            "game_id", "pass_played__number", "number", "game__variant", "game__settings", "game__deal_limit"
        )
    }
    names = _seat_names(tournament)
    for game, deals in groupby(_entries(tournament), key=lambda row: row[0]):
        pass_number, table, variant, settings, limit = tables[game]
        seats = names[game]
        result = rules.score_game(variant, seats, settings, [entry for _, entry in deals], deal_limit=limit)
        columns = _padded(["A", "B"] if partners else list(seats), len(sides))
        for scored in result.deals:
            yield [
                pass_number,
                table,
                scored.number,
                *_padded(seats),
                *_fact_cells(scored.details, columns, suit_names),
                *[scored.scores.get(side) if side else None for side in columns],
            ]


def _seat_names(tournament: Tournament) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    for game, name in (
        Seat.objects.filter(game__tournament_table__pass_played__tournament=tournament)
        .order_by("game_id", "position")
        .values_list("game_id", "name")
    ):
        names.setdefault(game, []).append(name)
    return names


def _entries(tournament: Tournament) -> Iterator[tuple[int, Any]]:
    return (
        Deal.objects.filter(game__tournament_table__pass_played__tournament=tournament)
        .order_by("game__tournament_table__pass_played__number", "game__tournament_table__number", "number")
        .values_list("game_id", "entry")
        .iterator(chunk_size=2000)
    )


def _padded(cells: list[Any], width: int = MAX_SEATS) -> list[Any]:
    """Tables of three leave the fourth seat's columns empty."""
    return cells + [None] * (width - len(cells))


def _fact_headers(sides: Sequence[str]) -> list[str]:
    """A column per fact, a column per side for a fact per side; the trump's key, then its name."""
    headers: list[str] = []
    for key, header in FACTS:
        if key in PER_SIDE:
            headers.extend(f"{header} {side}" for side in sides)
        else:
            headers.append(header)
        if key == "trump":
            headers.append("Trump name")
    return headers


def _fact_cells(details: Mapping[str, Any], sides: Sequence[str | None], suit_names: str) -> list[Cell]:
    """The deal's facts under _fact_headers: the trump as the engine's key beside the club's word for it
    ("spades", "Schilten"), a number a cell for each side, a team for a match or Stöck."""
    trump = details.get("trump") or details.get("row")  # Coiffeur names its trump a row
    cells: list[Cell] = []
    for key, _header in FACTS:
        value = trump if key == "trump" else details.get(key)
        if key in PER_SIDE:
            per_side = _per_side(value, details.get("team"))
            cells.extend(per_side.get(side) if side else None for side in sides)
        elif key == "match" and value is True:  # Coiffeur: the announcing team made it
            cells.append(details.get("team"))
        else:
            cells.append(None if value is None or value is False else str(value))
        if key == "trump":
            cells.append(str(mode_name(suit_names, trump).name) if trump else None)
    return cells


def _per_side(value: Any, team: Any) -> Mapping[str, Any]:
    """A fact's value by side; a single number (Coiffeur's card points) is the announcing team's."""
    if isinstance(value, Mapping):
        return value
    return {team: value} if value is not None and team else {}
