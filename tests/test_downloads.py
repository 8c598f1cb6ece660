"""The one writer of every table export (scorekeeper/games/downloads.py): a CSV that Swiss Excel opens in
columns with its umlauts, and an .xlsx of the same rows with Excel's own types and a laid-out sheet."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from django.test import override_settings

from scorekeeper.games.downloads import MAX_WIDTH, Table, csv_response, xlsx_response
from tests.spreadsheets import assert_laid_out, csv_rows, xlsx_rows, xlsx_sheet

ROWS = [
    ["date", "started", "name", "points", "stake", "won", "note"],
    [date(2026, 3, 14), datetime(2026, 3, 14, 18, 5, tzinfo=UTC), "Fränzi", 377, Decimal("0.50"), True, None],
    [date(2026, 3, 21), datetime(2026, 3, 21, 19, 0, tzinfo=UTC), "=HYPERLINK(1)", -40, None, False, "a; b"],
]


def test_the_csv_starts_with_a_byte_order_mark_and_splits_on_semicolons() -> None:
    response = csv_response(Table(ROWS, "night"))
    assert response.content.startswith(b"\xef\xbb\xbfdate;started;name;points;stake;won;note\r\n")
    assert response["Content-Disposition"] == 'attachment; filename="night.csv"'
    assert "Fränzi".encode() in response.content  # UTF-8, which the byte-order mark tells Excel


@override_settings(TIME_ZONE="Europe/Zurich")
def test_the_csv_cells_as_excel_reads_them() -> None:
    assert csv_rows(csv_response(Table(ROWS, "night")))[1:] == [
        ["2026-03-14", "2026-03-14 19:05", "Fränzi", "377", "0.50", "True", ""],
        ["2026-03-21", "2026-03-21 20:00", "'=HYPERLINK(1)", "-40", "", "False", "a; b"],  # quoted, one cell
    ]


@override_settings(TIME_ZONE="Europe/Zurich")
def test_the_xlsx_holds_the_same_rows_as_excel_types() -> None:
    response = xlsx_response(Table(ROWS, "night"))
    assert response["Content-Disposition"] == 'attachment; filename="night.xlsx"'
    assert xlsx_rows(response) == [
        ROWS[0],
        [datetime(2026, 3, 14), datetime(2026, 3, 14, 19, 5), "Fränzi", 377, 0.5, True, None],
        [datetime(2026, 3, 21), datetime(2026, 3, 21, 20, 0), "=HYPERLINK(1)", -40, None, False, "a; b"],
    ]  # a date comes back from openpyxl as midnight of that day; the times in the club's timezone


def test_the_xlsx_cells_are_typed_and_formatted() -> None:
    sheet = xlsx_sheet(xlsx_response(Table(ROWS, "night")))
    first, second = sheet[2], sheet[3]
    assert [cell.data_type for cell in first] == ["d", "d", "s", "n", "n", "b", "n"]
    assert (first[0].number_format, first[1].number_format) == ("DD.MM.YYYY", "DD.MM.YYYY HH:MM")
    assert second[2].data_type == "s" and second[2].value == "=HYPERLINK(1)"  # text, never a formula
    assert sheet.title == "night"


def test_the_xlsx_header_is_bold_and_frozen_and_the_widths_fit() -> None:
    long_name = "Fränzi Müller-Schneeberger"
    sheet = xlsx_sheet(xlsx_response(Table([["name", "n", "text"], [long_name, 1, "x" * 200]], "widths")))
    assert_laid_out(sheet)
    widths = {letter: sheet.column_dimensions[letter].width for letter in "ABC"}
    assert widths == {"A": len(long_name) + 2, "B": 6, "C": MAX_WIDTH}


def test_a_character_excel_refuses_is_left_out_not_a_server_error() -> None:
    rows = xlsx_rows(xlsx_response(Table([["name"], ["An\x01na"], []], "names")))
    assert rows == [["name"], ["Anna"]]


def test_a_sheets_name_keeps_to_excels_limits() -> None:
    sheet = xlsx_sheet(xlsx_response(Table([["x"]], "a/b:c*d?[e]-with-a-long-name-for-excel")))
    assert sheet.title == "a b c d  e -with-a-long-name-fo"
