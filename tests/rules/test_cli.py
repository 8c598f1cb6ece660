"""The command line prints exactly the shapes of rules.md, "The scoring interface"."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules.__main__ import run

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Anna", "Beat", "Cla", "Dora"]
SPADES_DEAL = {"trump": "spades", "points": {"A": 83}, "weis": {"B": 50}, "stoeck": "A", "announced_by": "A"}

# spades x2: A (83+20)*2=206, B (74+50)*2=248; the example output of rules.md
RULES_MD_OUTPUT = {
    "variant": "schieber",
    "sides": ["A", "B"],
    "deals": [{"number": 1, "scores": {"A": 206, "B": 248}}],
    "totals": {"A": 206, "B": 248},
    "finished": False,
    "winner": None,
    "ranking": [{"side": "B", "rank": 1, "total": 248}, {"side": "A", "rank": 2, "total": 206}],
}


def game(**fields: Any) -> str:
    return json.dumps({"variant": "schieber", "seats": SEATS, **fields})


def test_the_example_of_rules_md() -> None:
    assert run(game(deals=[SPADES_DEAL])) == (0, RULES_MD_OUTPUT)


def test_a_finished_game_ranks_the_winner_first() -> None:
    # target 300: deal 2 hearts x1, B 248+60=308 with Weis before A's 206+150=356 with card points
    second = {"trump": "hearts", "points": {"A": 150}, "weis": {"B": 60}}
    assert run(game(settings={"target": 300}, deals=[SPADES_DEAL, second])) == (
        0,
        {
            "variant": "schieber",
            "sides": ["A", "B"],
            "deals": [
                {"number": 1, "scores": {"A": 206, "B": 248}},
                {"number": 2, "scores": {"A": 150, "B": 67}},
            ],
            "totals": {"A": 356, "B": 315},
            "finished": True,
            "winner": "B",
            "ranking": [{"side": "B", "rank": 1, "total": 315}, {"side": "A", "rank": 2, "total": 356}],
        },
    )


def test_a_game_with_marks_prints_them_after_the_ranking() -> None:
    # Flat, to 300, a win worth 2 marks and a match 1: deal 1 hearts, a match of B announced by B: B 257.
    # Deal 2 hearts: A 100, B 57 (314): B wins, and A's 100 is below 150: Schneider. B 1 + 2 + 2 = 5.
    marks = {"win": 2, "match": 1, "schneider": 2}
    deals = [
        {"trump": "hearts", "match": "B", "announced_by": "B"},
        {"trump": "hearts", "points": {"A": 100}},
    ]
    status, printed = run(game(settings={"multipliers": "flat", "target": 300, "marks": marks}, deals=deals))
    assert status == 0
    assert list(printed) == [*RULES_MD_OUTPUT, "marks"]
    assert (printed["totals"], printed["winner"], printed["marks"]) == (
        {"A": 100, "B": 314},
        "B",
        {"A": 0, "B": 5},
    )


def test_without_marks_the_output_has_no_marks_key() -> None:
    assert list(run(game(deals=[SPADES_DEAL]))[1]) == list(RULES_MD_OUTPUT)


def error(deal: int | None, field: str, message: str) -> tuple[int, dict[str, Any]]:
    return 2, {"error": {"deal": deal, "field": field, "message": message}}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            game(deals=[SPADES_DEAL, {"trump": "hearts", "points": {"A": 1}}]),
            error(2, "points", "Card points of team A cannot be 1: no card is worth 1 point."),
            id="bad deal",
        ),
        pytest.param(
            json.dumps({"variant": "tichu", "seats": SEATS, "deals": []}),
            error(None, "variant", "Unknown variant 'tichu'."),
            id="unknown variant",
        ),
        pytest.param(
            game(settings={"targt": 1000}, deals=[]),
            error(None, "targt", "Unknown setting 'targt' for schieber."),
            id="unknown setting",
        ),
        pytest.param(
            game(settings={"target": 0}, deals=[]),
            error(None, "target", "The target must be a whole number, 1 or more."),
            id="bad setting",
        ),
        pytest.param(
            json.dumps({"variant": "schieber", "seats": SEATS[:3], "deals": []}),
            error(None, "seats", "This variant needs 4 players, not 3."),
            id="three seats",
        ),
        pytest.param(
            "{",
            error(None, "game", "Not valid JSON: Expecting property name enclosed in double quotes."),
            id="bad JSON",
        ),
        pytest.param("[]", error(None, "game", "The game must be a JSON object."), id="not an object"),
        pytest.param(
            game(settings={"marks": {"sieg": 2}}, deals=[]),
            error(
                None,
                "marks",
                "Marks: 'sieg' is not a mark; the marks are win, berg, match, counter_match and schneider.",
            ),
            id="unknown mark",
        ),
        pytest.param(
            game(
                settings={"marks": {"berg": 1}},
                deals=[{"trump": "hearts", "points": {"A": 80}, "berg_first": "A"}],
            ),
            error(1, "berg_first", "Team A did not reach the Berg in this deal."),
            id="berg_first before the Berg",
        ),
    ],
)
def test_errors(text: str, expected: tuple[int, dict[str, Any]]) -> None:
    assert run(text) == expected


def test_python_dash_m_reads_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules", "-"],
        input=game(deals=[SPADES_DEAL]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert (done.returncode, json.loads(done.stdout), done.stderr) == (0, RULES_MD_OUTPUT, "")


def test_python_dash_m_exits_2_on_an_invalid_game() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules", "-"],
        input=game(deals=[{"trump": "obenabe", "points": {"A": 80}, "stoeck": "A"}]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert (done.returncode, json.loads(done.stdout)) == (
        2,
        {"error": {"deal": 1, "field": "stoeck", "message": "No Stöck in obenabe: there is no trump suit."}},
    )
