"""Print-outs and CSV exports: director only; the standings CSV of a hand-built event equals the hand count.

The hand-built event: 8 players, 1 pass, 2 tables of 2 deals, seated by a fixed draw (seats 1 & 3 are
team A), flat multipliers and a match 257 (the Einzelschieber preset):

    table 1  Anna, Beat, Cla, Dora     hearts A 100 / B 57;  obenabe A 67 / B 90        -> A 167, B 147
    table 2  Emil, Fränzi, Gian, Heidi spades match A 157 + 100 / 0; clubs A 40 / B 117 -> A 297, B 117
"""

from __future__ import annotations

import re
import uuid
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services as games
from scorekeeper.games.models import Club, Game
from tests.spreadsheets import assert_laid_out, csv_rows, xlsx_rows, xlsx_sheet
from tournaments import seating, services
from tournaments.exports import _fact_cells
from tournaments.models import Seating, Table, Tournament

from .builders import confirm

NAMES = ("Anna", "Beat", "Cla", "Dora", "Emil", "Fränzi", "Gian", "Heidi")
DEALS: dict[int, list[dict[str, Any]]] = {
    1: [{"trump": "hearts", "points": {"A": 100}}, {"trump": "obenabe", "points": {"B": 90}}],
    2: [{"trump": "spades", "match": "A"}, {"trump": "clubs", "points": {"A": 40}}],
}
STANDINGS_CSV = [
    ["Rank", "No.", "Name", "Total", "Pass 1", "Byes", "Matches", "Apples", "Dropped pass"],
    ["1", "5", "Emil", "297", "297", "", "1", "0", ""],
    ["1", "7", "Gian", "297", "297", "", "1", "0", ""],
    ["3", "1", "Anna", "167", "167", "", "0", "0", ""],
    ["3", "3", "Cla", "167", "167", "", "0", "0", ""],
    ["5", "2", "Beat", "147", "147", "", "0", "0", ""],
    ["5", "4", "Dora", "147", "147", "", "0", "0", ""],
    ["7", "6", "Fränzi", "117", "117", "", "0", "0", ""],
    ["7", "8", "Heidi", "117", "117", "", "0", "0", ""],
]
TABLE_1, TABLE_2, NO_WEIS = ["Anna", "Beat", "Cla", "Dora"], ["Emil", "Fränzi", "Gian", "Heidi"], ["0", "0"]
SEATS = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
FACTS = ["Trump", "Trump name", "Points A", "Points B", "Match", "Weis A", "Weis B", "Stöck"]
DEALS_CSV = [
    ["Pass", "Table", "Deal", *SEATS, *FACTS, "Score A", "Score B"],
    ["1", "1", "1", *TABLE_1, "hearts", "Rosen", "100", "57", "", *NO_WEIS, "", "100", "57"],
    ["1", "1", "2", *TABLE_1, "obenabe", "Obenabe", "67", "90", "", *NO_WEIS, "", "67", "90"],
    ["1", "2", "1", *TABLE_2, "spades", "Schilten", "257", "0", "A", *NO_WEIS, "", "257", "0"],
    ["1", "2", "2", *TABLE_2, "clubs", "Eicheln", "40", "117", "", *NO_WEIS, "", "40", "117"],
]
"""One number a cell (issue 13, point 19), the trump as the engine's key beside the club's word for it."""

PASS_PAGES = ("print_seating", "print_cards", "print_sheets")
EXPORTS = ("export_standings", "export_standings_xlsx", "export_deals", "export_deals_xlsx")
PAGES = (*PASS_PAGES, "print_schedule", "print_standings", *EXPORTS)
REFUSED = {"anonymous": "login", "viewer": 403, "scorer": 403, "stranger": 404}


def director() -> User:
    return User.objects.get(username="admin")


def build(
    club: Club,
    names: Sequence[str] = NAMES,
    *,
    play: bool = True,
    format: str = "einzelschieber",
    **options: Any,
) -> Tournament:
    """Registered and checked in, seated by a fixed draw (in name order, four to a table, the rest on a
    bye), played and confirmed through the services."""
    options = {"passes": 1, "deals_per_pass": 2, "tie_breaks": [], **options}
    tournament = services.create_tournament(
        club=club, name="Frühlingsjass", format=format, by=director(), **options
    )
    ids = [services.register(tournament=tournament, name=name).pk for name in names]
    tournament.entrants.update(checked_in=True)
    seated = len(ids) // 4 * 4
    tables = tuple(
        seating.DrawnTable(start // 4 + 1, tuple(ids[start : start + 4])) for start in range(0, seated, 4)
    )
    fixed = seating.Draw(1, tables, tuple(ids[seated:]), 0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(seating, "draw_pass", lambda *args, **kwargs: fixed)
        drawn = services.draw_next_pass(tournament=tournament, by=director())
    for table in drawn.tables.all() if play else ():
        for number, entry in enumerate(DEALS[table.number], 1):
            games.record_deal(
                game_id=table.game_id, entry=entry, by=None, number=number, client_token=uuid.uuid4()
            )
        confirm(table)
    return tournament


def url(name: str, tournament: Tournament) -> str:
    args = [tournament.slug, 1] if name in PASS_PAGES else [tournament.slug]
    return reverse(f"tournaments:{name}", args=args)


def rows(response: Any) -> list[list[str]]:
    return csv_rows(response)


def totals_from_deals(deals: list[list[str]]) -> dict[str, int]:
    """The hand count from the deals CSV: each player scores their team's points (seats 1 & 3 are A)."""
    header, *lines = deals
    a, b = header.index("Score A"), header.index("Score B")
    seats = header.index("Seat 1")
    totals: dict[str, int] = defaultdict(int)
    for line in lines:
        names = line[seats : seats + 4]
        for name, score in zip(names, (line[a], line[b], line[a], line[b]), strict=True):
            totals[name] += int(score)
    return dict(totals)


@pytest.fixture
def event(club: Club) -> Tournament:
    return build(club)


@pytest.fixture
def director_client(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("admin")


# ---- who may print ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("who", sorted(REFUSED))
def test_refused_to_everyone_but_the_director(
    event: Tournament, client_as: Callable[[str | None], Client], name: str, who: str
) -> None:
    response = client_as(None if who == "anonymous" else who).get(url(name, event))
    if REFUSED[who] == "login":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == REFUSED[who]


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("who", ["admin", "owner"])
def test_directors_get_every_page(
    event: Tournament, client_as: Callable[[str | None], Client], name: str, who: str
) -> None:
    assert client_as(who).get(url(name, event)).status_code == 200


@pytest.mark.parametrize("name", PAGES)
def test_get_only(event: Tournament, director_client: Client, name: str) -> None:
    assert director_client.post(url(name, event)).status_code == 405


@pytest.mark.parametrize("name", PASS_PAGES)
def test_a_pass_not_drawn_is_not_found(event: Tournament, director_client: Client, name: str) -> None:
    assert director_client.get(reverse(f"tournaments:{name}", args=[event.slug, 2])).status_code == 404


# ---- print pages -------------------------------------------------------------------------------------------


def test_table_cards_carry_the_qr_code_and_the_link_and_no_code(
    event: Tournament, director_client: Client
) -> None:
    page = director_client.get(url("print_cards", event)).content.decode()
    tables = Table.objects.filter(pass_played__tournament=event)
    assert page.count("<svg") == page.count('class="pr-page pr-card"') == 2
    for table in tables:
        assert f"http://testserver/t/{table.token}/" in page
    text = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)  # the QR codes' drawings aside
    for table in tables:
        text = text.replace(table.token, "")
    for code in event.entrants.values_list("code", flat=True):
        assert code not in text
    assert "one player of each team enters their personal code from their own slip" in page
    assert "control total" not in page  # a match scores 257 in the preset: no pass total holds
    assert "<nav" in page and "no-print" in page  # the only navigation, hidden on paper


def test_seating_list_by_table_and_by_name_with_the_byes(club: Club, director_client: Client) -> None:
    tournament = build(club, [*NAMES, "Ida"], play=False)
    page = director_client.get(url("print_seating", tournament)).content.decode()
    wall = page[page.index("Where do I sit?") :]
    names = ["Anna", "Beat", "Cla", "Dora", "Emil", "Fränzi", "Gian", "Heidi", "Ida"]
    assert [wall.index(f'<span class="pr-name">{name}</span>') for name in names] == sorted(
        wall.index(f'<span class="pr-name">{name}</span>') for name in names
    )
    assert "Table <b>2</b> · seat 3" in wall  # Gian
    assert "Bye this pass:</strong> Ida" in page
    assert '<span class="pr-name">Ida</span><span class="pr-where">bye</span>' in wall


def test_score_sheets_have_a_row_per_deal_and_the_control_of_each_deal(
    event: Tournament, director_client: Client
) -> None:
    page = director_client.get(url("print_sheets", event)).content.decode()
    assert page.count('class="pr-page pr-sheet"') == 2
    assert "<small>Anna &amp; Cla</small>" in page and "<small>Emil &amp; Gian</small>" in page
    assert page.count('<th class="pr-dealno" scope="row">2</th>') == 2
    # A match scores 257 in the preset, so the pass has no total of 157 a deal: each deal is checked.
    assert "Team A + Team B" not in page
    assert page.count("Control: in every deal the card points of both teams add up to 157.") == 2


def test_without_a_match_bonus_cards_and_sheets_carry_the_control_total(
    club: Club, director_client: Client
) -> None:
    tournament = build(club, settings={"match_bonus": 0})
    assert "control total <b>314</b>" in director_client.get(url("print_cards", tournament)).content.decode()
    sheets = director_client.get(url("print_sheets", tournament)).content.decode()
    assert sheets.count("Team A + Team B = 2 \N{MULTIPLICATION SIGN} 157 = <b>314</b>") == 2  # 2 deals x 157


def test_final_standings_print(event: Tournament, director_client: Client) -> None:
    page = director_client.get(url("print_standings", event)).content.decode()
    assert "Final standings" in page
    order = [page.index(f"<td>{name}</td>") for name in ("Emil", "Gian", "Anna", "Cla", "Beat", "Heidi")]
    assert order == sorted(order)


def test_schedule_of_passes_drawn_up_front(club: Club, director_client: Client) -> None:
    """Before any draw the schedule shows every pass; the pass then drawn is the one it showed."""
    tournament = build(club, play=False, passes=3, seating=Seating.UPFRONT)
    before = director_client.get(url("print_schedule", tournament)).content.decode()
    assert "Pass 2*" in before and "Pass 3*" in before and "Pass 1*" not in before
    services.draw_next_pass(tournament=tournament, by=director(), force_reason="schedule test")
    heidi = Table.objects.get(pass_played__number=2, seats__entrant__player__name="Heidi")
    seat = heidi.seats.get(entrant__player__name="Heidi").position
    row = before[before.index("<td>Heidi</td>") :].split("</tr>")[0]
    assert row.count("<b>") == 3
    assert row.split("<td>")[3].startswith(f"<b>{heidi.number}</b> / {seat}")


def test_schedule_without_any_draw(club: Club, director_client: Client) -> None:
    tournament = services.create_tournament(club=club, name="Leer", format="einzelschieber", by=director())
    page = director_client.get(url("print_schedule", tournament)).content.decode()
    assert "No pass is drawn yet" in page


# ---- CSV exports -------------------------------------------------------------------------------------------


def test_standings_csv_equals_the_hand_count(event: Tournament, director_client: Client) -> None:
    response = director_client.get(url("export_standings", event))
    assert rows(response) == STANDINGS_CSV
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}-standings.csv"'
    assert "Fränzi".encode() in response.content  # UTF-8, the name as it is


def test_each_pass_column_sums_to_twice_the_table_points(event: Tournament, director_client: Client) -> None:
    """Einzelschieber: both partners score their team's points, so a pass counts every table twice."""
    header, *lines = rows(director_client.get(url("export_standings", event)))
    column = header.index("Pass 1")
    table_points = sum(
        sum(game.totals.values()) for game in Game.objects.filter(tournament_table__isnull=False)
    )
    assert table_points == 167 + 147 + 297 + 117
    assert sum(int(line[column]) for line in lines) == 2 * table_points


def test_deals_csv_has_one_row_per_deal(event: Tournament, director_client: Client) -> None:
    response = director_client.get(url("export_deals", event))
    assert rows(response) == DEALS_CSV


def test_standings_equal_a_hand_count_from_the_deals_csv(event: Tournament, director_client: Client) -> None:
    deals = rows(director_client.get(url("export_deals", event)))
    standings = rows(director_client.get(url("export_standings", event)))
    assert totals_from_deals(deals) == {line[2]: int(line[3]) for line in standings[1:]}


def typed(rows: list[list[str]]) -> list[list[str | int | None]]:
    """The CSV's rows as the .xlsx holds them: a number a number, an empty cell empty."""
    return [[int(cell) if cell.isdigit() else cell or None for cell in row] for row in rows]


@pytest.mark.parametrize(("name", "expected"), [("standings", STANDINGS_CSV), ("deals", DEALS_CSV)])
def test_the_xlsx_has_the_csvs_rows_typed(
    event: Tournament, director_client: Client, name: str, expected: list[list[str]]
) -> None:
    response = director_client.get(url(f"export_{name}_xlsx", event))
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}-{name}.xlsx"'
    assert xlsx_rows(response) == typed(expected)
    assert_laid_out(xlsx_sheet(response))


def test_formulas_in_names_are_defused(club: Club, director_client: Client) -> None:
    names = ("=HYPERLINK(1)", "+41 79", "-Anna", "@SUM(A1)", "Emil", "Fränzi", "Gian", "Heidi")
    tournament = build(club, names)
    standings = rows(director_client.get(url("export_standings", tournament)))
    deals = rows(director_client.get(url("export_deals", tournament)))
    defused = ["'=HYPERLINK(1)", "'+41 79", "'-Anna", "'@SUM(A1)"]
    assert sorted(line[2] for line in standings[1:] if line[2].startswith("'")) == sorted(defused)
    assert deals[1][3:7] == defused
    assert {line[2] for line in standings[1:]} >= {"Emil", "Fränzi"}
    in_excel = xlsx_rows(director_client.get(url("export_deals_xlsx", tournament)))
    assert in_excel[1][3:7] == list(names[:4])  # text cells: Excel runs none of them


def test_deals_csv_without_partners_scores_each_seat(club: Club, director_client: Client) -> None:
    """Differenzler: each player is a side; the penalty is the miss of their prediction."""
    tournament = build(club, NAMES[:4], play=False, format="differenzler")
    table = Table.objects.get(pass_played__tournament=tournament)
    predictions = {"Anna": 40, "Beat": 30, "Cla": 50, "Dora": 37}
    points = {"Anna": 50, "Beat": 20, "Cla": 50, "Dora": 37}
    entry = {"trump": "hearts", "predictions": predictions, "points": points}
    games.record_deal(game_id=table.game_id, entry=entry, by=None, number=1, client_token=uuid.uuid4())
    header, row = rows(director_client.get(url("export_deals", tournament)))
    assert header[-4:] == ["Score seat 1", "Score seat 2", "Score seat 3", "Score seat 4"]
    assert header[7:13] == [
        "Trump",
        "Trump name",
        "Points seat 1",
        "Points seat 2",
        "Points seat 3",
        "Points seat 4",
    ]
    assert row[:13] == [
        "1",
        "1",
        "1",
        "Anna",
        "Beat",
        "Cla",
        "Dora",
        "hearts",
        "Rosen",
        "50",
        "20",
        "50",
        "37",
    ]
    assert row[-4:] == ["10", "10", "0", "0"]


def test_deals_csv_says_the_trump_in_the_clubs_suit_names(club: Club, director_client: Client) -> None:
    """A club with French suits reads "Spades" beside the key."""
    club.suit_names = "french"
    club.save(update_fields=["suit_names"])
    _header, *lines = rows(director_client.get(url("export_deals", build(club))))
    assert [(line[7], line[8]) for line in lines] == [
        ("hearts", "Hearts"),
        ("obenabe", "Obenabe"),
        ("spades", "Spades"),
        ("clubs", "Clubs"),
    ]


def test_a_coiffeur_rows_points_and_match_are_its_teams() -> None:
    """Coiffeur's details name the row and give the announcing team's points as one number."""
    details = {"team": "B", "row": "spades", "points": 83, "match": True, "multiplier": 3}
    assert _fact_cells(details, ["A", "B"], "german") == [
        "spades",
        "Schilten",
        None,
        83,
        "B",
        None,
        None,
        None,
    ]


def test_an_empty_event_exports_headers_only(club: Club, director_client: Client) -> None:
    tournament = services.create_tournament(club=club, name="Leer", format="einzelschieber", by=director())
    assert len(rows(director_client.get(url("export_deals", tournament)))) == 1
    assert len(rows(director_client.get(url("export_standings", tournament)))) == 1
