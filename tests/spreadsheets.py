"""Reading the exports back as Swiss Excel does: the CSV (byte-order mark, semicolons) and the .xlsx."""

from __future__ import annotations

import csv
import io
from typing import Any

from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from scorekeeper.games.downloads import XLSX_TYPE


def csv_text(body: bytes | str) -> str:
    """The CSV's text after its byte-order mark, which every export starts with (Excel reads UTF-8 then)."""
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    assert text.startswith("\ufeff"), text[:20]
    return text[1:]


def csv_lines(body: bytes | str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(csv_text(body)), delimiter=";"))


def csv_rows(response: Any) -> list[list[str]]:
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return csv_lines(response.content)


def csv_dicts(body: bytes | str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(csv_text(body)), delimiter=";"))


def xlsx_sheet(response: Any) -> Worksheet:
    """The workbook's one sheet, as Excel opens it."""
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == XLSX_TYPE
    return load_workbook(io.BytesIO(response.content)).active


def xlsx_rows(response: Any) -> list[list[Any]]:
    return [list(row) for row in xlsx_sheet(response).iter_rows(values_only=True)]


def assert_laid_out(sheet: Worksheet) -> None:
    """The header bold and frozen, every column given a width."""
    assert sheet.freeze_panes == "A2"
    assert all(cell.font.bold for cell in sheet[1] if cell.value is not None)
    assert not any(cell.font.bold for cell in sheet[2])
    for column in range(1, sheet.max_column + 1):
        letter = sheet.cell(row=1, column=column).column_letter
        assert sheet.column_dimensions[letter].width >= 6, letter
