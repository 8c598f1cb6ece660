"""docs/rules.md, the clubs' rules reference, stays true to the engine (issue 13, item 21).

Every command-line example is run and must print the JSON block that follows it; every setting a
variant declares is in its section's settings table with the engine's default, and every preset is
named; the page and the README point only at files inside the repository.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import rules
from scorekeeper.rules.__main__ import run

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"
TEXT = DOC.read_text(encoding="utf-8")

COMMAND = "python -m scorekeeper.rules -"
SH_BLOCK = re.compile(r"^```sh\n(.*?)\n```", re.S | re.M)
EXAMPLE = re.compile(r"^```sh\n(?P<sh>.*?)\n```\n\n```json\n(?P<out>.*?)```", re.S | re.M)
ECHO = re.compile(r"\Aecho '(?P<game>[^']*)' \\?\s*\|\s*" + re.escape(COMMAND) + r"\Z", re.S)
SETTING_ROW = re.compile(r"^\| `(?P<key>[a-z_]+)` \| `(?P<default>[^|]*)` \|", re.M)


def examples() -> list[tuple[str, str]]:
    """(the game's JSON, the printed JSON) of every command-line example, in page order."""
    found = []
    for match in EXAMPLE.finditer(TEXT):
        echo = ECHO.match(match["sh"].strip())
        assert echo, f"an example must be: echo '<game JSON>' | {COMMAND}\n{match['sh']}"
        found.append((echo["game"], match["out"]))
    return found


EXAMPLES = examples()


def section(title: str) -> str:
    """The text of the `## title` section, up to the next `## ` heading."""
    start = TEXT.index(f"\n## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start : end if end != -1 else len(TEXT)]


def test_every_command_line_example_is_checked() -> None:
    """No sh block that runs the engine escapes the check below, and every variant has an example."""
    commands = [block for block in SH_BLOCK.findall(TEXT) if "scorekeeper.rules" in block]
    assert len(commands) == len(EXAMPLES)
    shown = {json.loads(game)["variant"] for game, _ in EXAMPLES}
    assert set(rules.available_variants()) <= shown


@pytest.mark.parametrize(
    ("game", "printed"), EXAMPLES, ids=[f"example{n}" for n in range(1, len(EXAMPLES) + 1)]
)
def test_the_example_prints_what_the_page_shows(game: str, printed: str) -> None:
    status, output = run(game)
    assert output == json.loads(printed)
    assert status == (2 if "error" in output else 0)


def test_the_command_line_itself_prints_the_first_example() -> None:
    game, printed = EXAMPLES[0]
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules", "-"],
        input=game,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(printed)


@pytest.mark.parametrize("key", list(rules.available_variants()))
def test_every_setting_is_documented_with_the_engines_default(key: str) -> None:
    variant = rules.get_variant(key)
    text = section(key.replace("_", " ").capitalize())  # free_board: "## Free board"
    documented = {row["key"]: json.loads(row["default"]) for row in SETTING_ROW.finditer(text)}
    declared = json.loads(json.dumps(dict(variant.defaults)))
    assert documented == declared
    for name, default in declared.items():
        assert f"`{name}`" in TEXT
        if isinstance(default, dict):  # a map of settings (multipliers, penalties): each key named
            for inner in default:
                assert f'"{inner}"' in text
    for preset in variant.presets:
        assert f"`{preset}`" in text, f"the preset {preset!r} of {key} is not named"


def github_anchor(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_contents_link_to_headings_of_the_page() -> None:
    anchors = {github_anchor(h) for h in re.findall(r"^#{2,3} (.+)$", TEXT, re.M)}
    links = re.findall(r"\]\(#([^)]+)\)", TEXT)
    assert len(links) >= 12
    assert set(links) <= anchors


def link_targets(text: str) -> list[str]:
    """The targets of the page's markdown links, without their #anchor; web addresses left out."""
    targets = (target.split("#")[0] for target in re.findall(r"\]\(([^)\s]+)\)", text))
    return [
        target for target in targets if target and "://" not in target and not target.startswith("mailto:")
    ]


def test_readme_and_docs_point_only_inside_the_repository() -> None:
    readme = README.read_text(encoding="utf-8")
    assert "[docs/rules.md](docs/rules.md)" in readme
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        assert re.findall(r"shared/rules\.md|shared/seeds", text) == [], page.name
        for target in link_targets(text):
            assert not target.startswith(("../", "/")), f"{page.name} links {target}, outside the repository"
    for page in (README, DOC):
        for target in link_targets(page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links {target}, which is missing"


def test_no_settings_row_outside_the_variants_tables() -> None:
    """Every row shaped like a setting belongs to a variant's table and is checked above."""
    rows = SETTING_ROW.findall(TEXT)
    assert len(rows) == sum(len(variant.defaults) for variant in rules.available_variants().values())
