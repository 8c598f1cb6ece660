"""Command line: `python -m scorekeeper.rules GAME.json` (or `-` for standard input).

Prints the scored game as one JSON object, or the error object and exits with status 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from . import score_game
from .base import InvalidDeal, gettext_noop, text


def run(source: str) -> tuple[int, dict[str, Any]]:
    try:
        game = json.loads(source)
    except json.JSONDecodeError as error:
        message = text(gettext_noop("Not valid JSON: %(problem)s."), problem=error.msg)
        return 2, InvalidDeal(None, "game", message).to_json()
    if not isinstance(game, dict):
        return 2, InvalidDeal(None, "game", text(gettext_noop("The game must be a JSON object."))).to_json()
    try:
        result = score_game(
            game.get("variant"), game.get("seats", []), game.get("settings"), game.get("deals", [])
        )
    except InvalidDeal as error:
        return 2, error.to_json()
    return 0, result.to_json()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m scorekeeper.rules GAME.json  (or - for standard input)", file=sys.stderr)
        return 64
    path = argv[0]
    if path == "-":
        source = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as file:
                source = file.read()
        except OSError as error:
            print(f"cannot read {path}: {error.strerror}", file=sys.stderr)
            return 66
    status, output = run(source)
    print(json.dumps(output, ensure_ascii=False))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
