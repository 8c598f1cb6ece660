"""The phone's scripts where they are pure (tests/browser/js/*.test.mjs), run by Node's own test runner.

Without Node the test skips, unless REQUIRE_BROWSER is set (CI), where a missing Node fails.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import require

UNITS = Path(__file__).resolve().parent / "browser" / "js"


def test_the_scripts_unit_tests_pass() -> None:
    node = shutil.which("node")
    require(
        node is not None, env="REQUIRE_BROWSER", reason="needs Node.js (node) for the scripts' unit tests"
    )
    assert node is not None
    assert sorted(UNITS.glob("*.test.mjs")), f"no unit tests found in {UNITS}"
    run = subprocess.run(
        [node, "--test", str(UNITS)],
        cwd=UNITS.parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"
    assert "# fail 0" in run.stdout
