"""Numbers as a phone, a form or an address typed them, read without surprises.

`str.isdigit()` is true for "²", which `int()` refuses, and `int()` refuses more than 4300 digits; a number
too large for its column fails in the database. A few ASCII digits only, then."""

from __future__ import annotations


def whole(raw: object, digits: int = 9) -> int | None:
    """`raw` as a whole number when it is 1 to `digits` ASCII digits, else None."""
    text = "" if raw is None else str(raw)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None
