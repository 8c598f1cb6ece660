"""Files to download (CSV, Excel and JSON), written one way for every export of the project.

Every table export is a `Table` (its rows, the header first, and its file's name) that its view builds
after its one permission check; `csv_response` and `xlsx_response` write the same `Table`, so the CSV
and the Excel file of an export can never differ in what they show or to whom.

The CSV is written for Excel as the clubs have it, on a Windows set to Switzerland (de-CH, fr-CH,
it-CH), which opens a double-clicked .csv with its own settings and no import dialog:

- **Semicolons between the cells.** Excel splits a line on the Windows list separator, and Swiss
  Windows has ";" there (a comma separates decimals in much of Europe, so the list separator moved); a
  comma-separated file opened that way is one column. A `sep=;` first line would force it on any
  Excel, but Excel then ignores the byte-order mark (the umlauts break again), and every other reader
  takes the line for data; LibreOffice and scripts ask for the separator anyway (Python:
  `csv.reader(f, delimiter=";")`), and whoever's Excel expects commas has the .xlsx beside it.
- **UTF-8 with a byte-order mark.** Without it Excel reads the file as Windows-1252: "Zürich" shows
  as "ZÃ¼rich". With it Excel, LibreOffice and Python's "utf-8-sig" all read UTF-8.

A spreadsheet runs a CSV cell that starts with = + - @ as a formula, so text cells (player and event
names are typed by anyone) get a leading apostrophe there; numbers are written as numbers. The Excel
file stores text as text (never a formula), so its names are exactly as typed.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_SEPARATOR = ";"
"""Swiss Excel's list separator (see the module's docstring): the one place it is chosen."""
BYTE_ORDER_MARK = "\ufeff"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DATE_FORMAT = "DD.MM.YYYY"
DATETIME_FORMAT = "DD.MM.YYYY HH:MM"
MIN_WIDTH, MAX_WIDTH = 6, 60
"""Column widths in characters: a narrow column still shows its header, a long text wraps at 60."""


@dataclass(frozen=True)
class Table:
    """An export's rows, the header first, and its file's name without the extension ("game-12")."""

    rows: Iterable[Sequence[Any]]
    stem: str


def safe(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula gets a leading apostrophe; numbers stay."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _local(value: datetime) -> datetime:
    """The wall-clock time of the club's timezone, without its zone: a spreadsheet knows no timezones."""
    return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value


def _csv_cell(value: Any) -> Any:
    if isinstance(value, datetime):
        return _local(value).strftime("%Y-%m-%d %H:%M")  # Excel reads ISO dates in every language
    return safe(value)


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def csv_response(table: Table) -> HttpResponse:
    """The table as a CSV that Swiss Excel opens in columns with its umlauts (the module's docstring)."""
    buffer = io.StringIO()
    buffer.write(BYTE_ORDER_MARK)
    writer = csv.writer(buffer, delimiter=CSV_SEPARATOR)
    for row in table.rows:
        writer.writerow([_csv_cell(value) for value in row])
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    return _attachment(response, f"{table.stem}.csv")


def _xlsx_value(value: Any) -> Any:
    """Numbers, dates and truth values as Excel's own types; text without the characters XML refuses."""
    if isinstance(value, datetime):
        return _local(value)
    if value is None or isinstance(value, bool | int | float | Decimal | date):
        return value
    return ILLEGAL_CHARACTERS_RE.sub("", str(value))


def _shown_width(value: Any) -> int:
    """About the characters a cell shows: what its column's width is fitted to."""
    if isinstance(value, datetime):
        return len("31.12.2026 23:59")
    if isinstance(value, date):
        return len("31.12.2026")
    return max((len(line) for line in str(value).splitlines()), default=0) if value is not None else 0


def _append(sheet: Worksheet, number: int, row: Sequence[Any], widths: dict[int, int]) -> None:
    """Row `number`; a text cell is text even when it starts with "=" (openpyxl would make it a formula)."""
    for column, value in enumerate(row, start=1):
        cell = sheet.cell(row=number, column=column, value=_xlsx_value(value))
        if isinstance(cell.value, str):
            cell.data_type = "s"
        elif isinstance(cell.value, datetime):
            cell.number_format = DATETIME_FORMAT
        elif isinstance(cell.value, date):
            cell.number_format = DATE_FORMAT
        widths[column] = max(widths.get(column, 0), _shown_width(cell.value))


def _sheet_title(stem: str) -> str:
    """Excel's limits on a sheet's name: 31 characters, none of []:*?/\\."""
    return "".join(" " if char in "[]:*?/\\" else char for char in stem)[:31] or "Export"


def xlsx_response(table: Table) -> HttpResponse:
    """The same rows as an Excel workbook: typed cells, the header bold and frozen, widths fitted."""
    book = Workbook()
    sheet = book.active
    sheet.title = _sheet_title(table.stem)
    widths: dict[int, int] = {}
    for number, row in enumerate(table.rows, start=1):
        _append(sheet, number, row, widths)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = min(max(width + 2, MIN_WIDTH), MAX_WIDTH)
    buffer = io.BytesIO()
    book.save(buffer)
    return _attachment(HttpResponse(buffer.getvalue(), content_type=XLSX_TYPE), f"{table.stem}.xlsx")


def json_response(data: Mapping[str, Any], filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
