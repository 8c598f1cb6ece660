"""Readable templates (issue 12): no template line longer than djlint's max_line_length (pyproject.toml,
160 characters). A long line is broken one element per line; what a reader sees stays as it was."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tests.template_files import TEMPLATES

ROOT = Path(__file__).resolve().parents[1]
DJLINT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["djlint"]


def test_the_limit_is_160_characters() -> None:
    assert DJLINT["max_line_length"] == 160


def test_no_template_line_is_longer_than_the_limit() -> None:
    limit = DJLINT["max_line_length"]
    too_long = [
        f"{path.relative_to(ROOT)}:{number}: {len(line)} characters"
        for path in TEMPLATES
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1)
        if len(line) > limit
    ]
    assert not too_long, f"template lines longer than {limit} characters:\n" + "\n".join(too_long)
