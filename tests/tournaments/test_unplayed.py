"""Issue 13, point 11: what has not been played shows nothing, not a rank and 0 points.

Before any play the standings ranked everyone 1...N by the lots with 0 points; the printed standings and
the CSV showed 0 for a pass drawn but not played yet (a table without a deal), where a pass not drawn
shows blank. Now an entrant with nothing counted has no rank and is listed after the ranked by start
number, and a pass without a deal at its table is blank everywhere, as a later pass.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.test import Client

from scorekeeper.games.models import Club
from tests.club_world import play as play_entries
from tests.spreadsheets import csv_rows
from tournaments import services
from tournaments.models import Entrant, Tournament
from tournaments.standings import PassResult, StandingsRules, rank

from .builders import NAMES, draw, make_event, play, play_pass, tables

DASH = "\N{EN DASH}"


def standings_csv(tournament: Tournament, director: Client) -> list[list[str]]:
    response = director.get(f"/events/{tournament.slug}/export/standings.csv")
    return csv_rows(response)


def public_rows(tournament: Tournament) -> list[tuple[str, str, str, list[str]]]:
    """(start number, rank cell, total cell, pass cells) of every row of the public standings."""
    page = Client().get(f"/events/{tournament.slug}/standings/").content.decode()
    rows = []
    for number, row in re.findall(r'<tr data-entrant="(\d+)">(.*?)</tr>', page, re.S):
        rank_cell = re.search(r'class="num tp-rank">([^<]*)<', row).group(1)  # type: ignore[union-attr]
        total_cell = re.search(r'class="num tp-total"[^>]*>([^<]*)<', row).group(1)  # type: ignore[union-attr]
        passes = [
            re.sub(r"<[^>]+>|\s+", "", cell) for cell in re.findall(r'data-pass="\d+">(.*?)</td>', row, re.S)
        ]
        rows.append((number, rank_cell, total_cell, passes))
    return rows


def printed_rows(tournament: Tournament, director: Client) -> list[list[str]]:
    page = director.get(f"/events/{tournament.slug}/print/standings/").content.decode()
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    return [
        [re.sub(r"<[^>]+>|\s+", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_before_any_play_nobody_has_a_rank_or_points(club: Club, client_as: Callable[..., Client]) -> None:
    event = make_event(club, players=8)
    director = client_as("owner")
    for moment in ("registered", "drawn"):
        shown = public_rows(event)
        assert [number for number, *_ in shown] == [str(n) for n in range(1, 9)], moment  # by start number
        assert {(rank_cell, total) for _, rank_cell, total, _ in shown} == {(DASH, DASH)}, moment
        _header, *lines = standings_csv(event, director)
        assert [line[:4] for line in lines] == [["", str(n), name, ""] for n, name in enumerate(NAMES[:8], 1)]
        assert all(row[0] == "" and row[-1] == "" for row in printed_rows(event, director)), moment
        dashboard = director.get(f"/events/{event.slug}/manage/").content.decode()
        assert '<td class="num">1</td>' not in dashboard, moment
        if moment == "registered":
            draw(event)


def test_a_lowest_wins_event_puts_nobody_first_before_play(club: Club) -> None:
    """Differenzler counts penalties: 0 would be the best total there, for everyone who has not played."""
    event = make_event(club, players=4, format="differenzler")
    drawn = draw(event)
    assert {(rank_cell, total) for _, rank_cell, total, _ in public_rows(event)} == {(DASH, DASH)}
    table = tables(drawn)[0]
    names = table.game.seat_names
    entry = {
        "trump": "hearts",
        "predictions": dict(zip(names, (40, 30, 50, 37), strict=True)),
        "points": dict(zip(names, (50, 20, 50, 37), strict=True)),
    }
    play_entries(table.game, [entry], by=None, guard=services.table_guard(table.token))
    ranks = [rank_cell for _, rank_cell, _, _ in public_rows(event)]
    assert ranks and DASH not in ranks and ranks[0] == "1"


def test_a_drawn_pass_without_a_deal_is_blank_in_the_csv_the_print_and_the_page(
    club: Club, client_as: Callable[..., Client]
) -> None:
    """Pass 1 played by both tables; in pass 2 table 1 has a deal, table 2 none: its players' pass 2 is
    blank like pass 3 (not drawn), and table 1's shows its score."""
    event = make_event(club, players=8, passes=3)
    play_pass(draw(event), [(100, 40), (157, 90)])
    first, second = tables(draw(event))
    play(first, 100)
    director = client_as("owner")
    playing = {s.entrant.number for s in first.seats.all()}
    waiting = {s.entrant.number for s in second.seats.all()}
    header, *lines = standings_csv(event, director)
    pass_2, pass_3 = header.index("Pass 2"), header.index("Pass 3")
    for line in lines:
        number = int(line[1])
        assert line[pass_3] == ""
        assert (line[pass_2] != "") == (number in playing), line
        assert line[0] != "" and line[3] != ""  # ranked: pass 1 counts
    printed = {int(row[1]): row for row in printed_rows(event, director)}
    for number in waiting:
        assert printed[number][3 + 1] == "" and printed[number][3 + 2] == "", printed[number]  # passes 2, 3
    for number in playing:
        assert printed[number][3 + 1] not in ("", "0")
    shown = {int(number): passes for number, _, _, passes in public_rows(event)}
    assert all(shown[number][1] == DASH for number in waiting)


def test_an_unplayed_pass_earns_no_table_points_and_no_bye_average(club: Club) -> None:
    """With ranking points per table, a table without a deal gave everyone at it first place (3 points);
    a bye's average of a pass nobody has played was 0. Both are blank now."""
    event = make_event(club, players=9, passes=2, scoring="table_points")
    play_pass(draw(event), [(100, 40), (157, 90)])
    draw(event)
    bye = Entrant.objects.get(byes__pass_played__number=2)
    shown = {int(number): passes for number, _, _, passes in public_rows(event)}
    assert all(passes[1] in (DASH, f"{DASH}bye") for passes in shown.values()), shown
    assert shown[bye.number][1] == f"{DASH}bye"


def test_the_ranking_leaves_out_who_has_nothing_counted() -> None:
    """The pure ranking: entrants 1 and 2 played a pass, 3 has a bye of a pass nobody played yet, 4 only
    registered: the first two are ranked, the others have no rank and come after them."""
    rows = [
        PassResult(1, 1, 1, "1", 50),
        PassResult(2, 1, 1, "2", 70),
        PassResult(3, 2, None, None, 0, bye=True),
    ]
    standings = rank(rows, StandingsRules(tie_breaks=("lots",)), entrants=[1, 2, 3, 4])
    assert [(s.entrant, s.rank, s.passes) for s in standings] == [
        (2, 1, (70, None)),
        (1, 2, (50, None)),
        (3, None, (None, None)),
        (4, None, (None, None)),
    ]
    assert standings[2].byes == (2,) and standings[3].tie_break_values == (None,)
    assert [s.rank for s in rank([], StandingsRules(), entrants=[5, 6, 7])] == [None, None, None]
