"""The phone's scripts: their unit tests where they are pure (tests/browser/js/*.test.mjs), run by Node's
own test runner, and their module imports as production serves them (hashed names, collectstatic).

Without Node the unit tests skip, unless REQUIRE_BROWSER is set (CI), where a missing Node fails.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import override_settings

from tests.conftest import require

UNITS = Path(__file__).resolve().parent / "browser" / "js"
SCRIPTS = Path(__file__).resolve().parents[1] / "scorekeeper" / "games" / "static" / "scorekeeper"
IMPORT = re.compile(r"""\bfrom\s*["'](\.{1,2}/[^"']+)["']""")
HASHED = re.compile(r"[^.]+\.[0-9a-f]{12}\.js")


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


def test_production_serves_each_module_with_the_modules_it_was_written_with(tmp_path: Path) -> None:
    """The pages name outbox.js and offline.js by their hashed names ({% static %}); the modules they import
    must be named so too, every import down the tree, or a phone's service worker could hand a new
    outbox.js an older module it kept (and a module missing a name fails the whole outbox)."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "scorekeeper.config.storage.StaticFiles"},  # production's (settings.py)
    }
    root = tmp_path.resolve()
    with override_settings(
        STATIC_ROOT=root, STORAGES=storages, WHITENOISE_USE_FINDERS=False, WHITENOISE_AUTOREFRESH=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        entries = [staticfiles_storage.url(f"scorekeeper/{name}") for name in ("outbox.js", "offline.js")]
    todo = [root / url.removeprefix("/static/") for url in entries]
    reached: set[str] = set()
    while todo:
        script = todo.pop()
        assert HASHED.fullmatch(script.name), script.name
        source = script.read_text()
        for path in IMPORT.findall(source):
            imported = (script.parent / path).resolve()
            assert HASHED.fullmatch(imported.name), f"{script.name} imports {path}, not a hashed name"
            assert imported.is_file(), f"{script.name} imports {path}, which collectstatic did not write"
            if imported.name not in reached:
                reached.add(imported.name)
                todo.append(imported)
        written = SCRIPTS / script.relative_to(root / "scorekeeper").with_name(_unhashed(script.name))
        assert _unhashed(source) == written.read_text(), f"{script.name}: only its imports' names change"
    modules = {path.stem for path in (SCRIPTS / "outbox").glob("*.js")}
    assert {name.split(".")[0] for name in reached} >= modules, "every module of the outbox is imported"


def _unhashed(text: str) -> str:
    return re.sub(r"\.[0-9a-f]{12}\.js\b", ".js", text)
