"""Files to download (CSV and JSON), written one way for every export of the project.

A spreadsheet runs a cell that starts with = + - @ as a formula, so text cells (player and event names
are typed by anyone) get a leading apostrophe; numbers are written as numbers.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula gets a leading apostrophe; numbers stay."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_response(rows: Iterable[Sequence[Any]], filename: str) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow([safe(value) for value in row])
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def json_response(data: Mapping[str, Any], filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
