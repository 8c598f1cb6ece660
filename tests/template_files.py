"""Every template of the project: the shared ones in templates/, each variant's in its own folder."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted(
    [path for path in (ROOT / "templates").rglob("*") if path.suffix in (".html", ".txt")]
    + list(ROOT.glob("scorekeeper/games/variants/*/templates/*.html"))
)
