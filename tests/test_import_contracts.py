"""The import contracts of `make lint` (pyproject.toml, lint-imports) keep up with the code: the rules
engine's contract names every other module of scorekeeper, so a module added later is covered too."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_MODULES = {"rules", "static", "migrations", "formats"}  # the engine itself, data, Django's own


def test_the_pure_engine_contract_names_every_other_module() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    pure = next(c for c in config["contracts"] if c["source_modules"] == ["scorekeeper.rules"])
    modules = {
        path.stem
        for path in (ROOT / "scorekeeper").iterdir()
        if not path.name.startswith("__")
        and path.stem not in NOT_MODULES
        and (path.suffix == ".py" or (path / "__init__.py").exists())
    }
    assert {f"scorekeeper.{name}" for name in modules} <= set(pure["forbidden_modules"])
    assert {"django", "tournaments"} <= set(pure["forbidden_modules"])
