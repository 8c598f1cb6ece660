"""html-validate (npm, tests/browser/package.json) over many pages at once: one node process for all of them.

The rules are tests/browser/.htmlvalidate.mjs: html-validate's recommended ones, with the few departures
the project's style asks for, each explained there.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.conftest import require

BROWSER = Path(__file__).resolve().parent / "browser"
HTML_VALIDATE = BROWSER / "node_modules" / "html-validate" / "bin" / "html-validate.mjs"
CONFIG = BROWSER / ".htmlvalidate.mjs"


def needs_html_validate() -> None:
    require(
        HTML_VALIDATE.exists() and shutil.which("node") is not None,
        env="REQUIRE_BROWSER",
        reason=f"needs node and html-validate at {HTML_VALIDATE} (make test installs it)",
    )


def problems(pages: list[tuple[str, str]]) -> list[str]:
    """Every error html-validate finds in the pages, given as (name, HTML) pairs: as
    "name: line:column rule: message"."""
    with tempfile.TemporaryDirectory(prefix="html-validate-") as folder:
        files = {}
        for number, (name, body) in enumerate(pages):
            path = Path(folder) / f"{number:04}.html"
            path.write_text(body, encoding="utf-8")
            files[str(path)] = name
        # the report into a file: node exits before a pipe takes more than its first 64 KiB
        report = Path(folder) / "report.json"
        finished = subprocess.run(
            ["node", str(HTML_VALIDATE), "--config", str(CONFIG), "--formatter", f"json={report}", *files],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if finished.returncode not in (0, 1) or not report.exists():  # 1: errors found
            raise RuntimeError(f"html-validate failed ({finished.returncode}): {finished.stderr}")
        results = json.loads(report.read_text(encoding="utf-8"))
    return [
        f"{files[result['filePath']]}: {message['line']}:{message['column']} {message['ruleId']}: "
        f"{message['message']}"
        for result in results
        for message in result["messages"]
        if message["severity"] == 2
    ]
