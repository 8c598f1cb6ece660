"""The import contracts of `make lint` (pyproject.toml, lint-imports) keep up with the code: the layers
contract names every package of scorekeeper and the tournaments app, so a package added later (an app
of its own, say) has to take its place in the layers before it can import anything."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_the_layers_name_every_package_of_scorekeeper_and_tournaments() -> None:
    layers = next(c for c in contracts() if c["type"] == "layers")["layers"]
    named = {module.strip() for layer in layers for module in layer.split("|")}
    packages = {
        f"scorekeeper.{path.name}"
        for path in (ROOT / "scorekeeper").iterdir()
        if (path / "__init__.py").exists()
    }
    assert packages | {"tournaments"} == named
    assert not [path.name for path in (ROOT / "scorekeeper").glob("*.py") if path.name != "__init__.py"]


def test_the_rules_engine_imports_no_django() -> None:
    pure = next(c for c in contracts() if c.get("source_modules") == ["scorekeeper.rules"])
    assert pure["forbidden_modules"] == ["django"]
    assert next(c for c in contracts() if c["type"] == "layers")["layers"][-1] == "scorekeeper.rules"
