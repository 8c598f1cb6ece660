"""A player's history and a whole game's record, as rows and as JSON-ready dicts for the downloads
(written as files by scorekeeper/games/downloads.py: text cells safe from a spreadsheet's formulas)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.utils import timezone

from scorekeeper.players.selectors import Placing
from scorekeeper.players.statistics import Played

HISTORY_COLUMNS = (
    "date",
    "game",
    "variant",
    "tournament",
    "pass",
    "table",
    "side",
    "partners",
    "opponents",
    "points",
    "rank",
    "places",
    "result",
    "deals",
    "name",
)


def _names(seats: Iterable[Any], names: Mapping[int, str]) -> list[str]:
    return [names.get(seat.player, seat.name) for seat in seats]


def history_row(game: Played, names: Mapping[int, str]) -> dict[str, Any]:
    """One game from the player's seat, in the players' words."""
    event = game.event
    return {
        "date": timezone.localtime(game.played_at).date().isoformat(),
        "game": game.game,
        "variant": game.variant,
        "tournament": event.name if event else "",
        "pass": event.pass_number if event else None,
        "table": event.table if event else None,
        "side": game.side,
        "partners": _names(game.partners, names),
        "opponents": _names(game.opponents, names),
        "points": game.total,
        "rank": game.rank,
        "places": game.places,
        "result": game.result,
        "deals": game.deal_count,
        "name": game.name,
    }


def history_csv_rows(games: Iterable[Played], names: Mapping[int, str]) -> list[list[Any]]:
    """The history as a table (CSV and Excel): the date as a date, so a spreadsheet sorts and filters it."""
    rows: list[list[Any]] = [list(HISTORY_COLUMNS)]
    for game in games:
        row = history_row(game, names)
        row["date"] = timezone.localtime(game.played_at).date()
        row["partners"] = ", ".join(row["partners"])
        row["opponents"] = ", ".join(row["opponents"])
        rows.append([row[key] for key in HISTORY_COLUMNS])
    return rows


def history_json(
    player: Mapping[str, Any], games: Iterable[Played], names: Mapping[int, str], events: Iterable[Placing]
) -> dict[str, Any]:
    return {
        "player": dict(player),
        "games": [
            {**history_row(game, names), "totals": dict(game.totals), "tournament_slug": _slug(game)}
            for game in games
        ],
        "tournaments": [
            {
                "slug": event.slug,
                "name": event.name,
                "date": timezone.localtime(event.held).date().isoformat(),
                "variant": event.variant,
                "finished": event.finished,
                "rank": event.rank,
                "entrants": event.entrants,
                "total": event.total,
            }
            for event in events
        ],
    }


def _slug(game: Played) -> str | None:
    return game.event.slug if game.event else None


def _yes_no(noted: bool | None) -> str:
    """A fact the scorer may not have noted: blank then, not "no"."""
    return "" if noted is None else "yes" if noted else "no"


def record_csv_rows(record: Mapping[str, Any]) -> list[list[Any]]:
    """The game, its seats, then one line per deal (scores per side, the entry as typed, who dealt and
    whether the trump was pushed), totals last."""
    sides = [side["side"] for side in record["sides"]]
    rows: list[list[Any]] = [
        ["game", "club", "variant", "started", "deal limit", "finished", "winner", "settings", "name"],
        [
            record["game"],
            record["club"],
            record["variant"],
            datetime.fromisoformat(record["started"]),  # a date and time in a spreadsheet, not text
            record["deal_limit"] or None,
            "yes" if record["finished"] else "no",
            record["winner"] or None,
            json.dumps(record["settings"], ensure_ascii=False),
            record["name"],
        ],
        [],
        ["seat", "player", "side"],
        *([seat["position"], seat["name"], seat["side"]] for seat in record["seats"]),
        [],
        ["deal", *(side["label"] for side in record["sides"]), "entry", "dealer", "pushed"],
    ]
    names = {seat["position"]: seat["name"] for seat in record["seats"]}
    for deal in record["deals"]:
        scores = [deal["scores"].get(side, 0) for side in sides]
        entry = json.dumps(deal["entry"], ensure_ascii=False)
        rows.append(
            [deal["number"], *scores, entry, names.get(deal["dealer_seat"], ""), _yes_no(deal["pushed"])]
        )
    rows.append(["total", *(record["totals"][side] for side in sides), "", "", ""])
    return rows
