"""The games layer knows nothing of the apps built on it, not even by name.

`lint-imports` catches an import that points up; this catches the rest: a field path in a string
(`"tournament_table__id"`), an attribute (`game.tournament_table`), a URL name (`tournaments:table`), a
template tag library or a template of an upper app, in any module or template of games. The apps above
register what games must ask them (games/owners.py, games/club_sections.py, games/live.py).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.apps import apps
from django.template.backends.django import get_installed_libraries

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "scorekeeper" / "games"
TEMPLATES = ROOT / "templates"
UPPER_APPS = ("tournaments", "ratings")
UPPER_MODULES = ("tournaments", "scorekeeper.ratings")
GAMES_WORDS = {"entries"}
"""Also games' own word (a game's rules entries, `Board.entries`), beside the event's `Player.entries`."""


def upper_field_names() -> set[str]:
    """The names by which games' models reach the upper apps' rows (`tournament_table`, `tournaments`,
    `ratings`, ...): every path into an upper app from games starts with one of them."""
    names = set()
    for model in apps.get_app_config("scorekeeper").get_models():
        for field in model._meta.get_fields():
            if field.related_model is not None and field.related_model._meta.app_label in UPPER_APPS:
                names.add(field.name)
                if hasattr(field, "get_accessor_name"):
                    names.add(field.get_accessor_name())
    return names - GAMES_WORDS


def upper_tag_libraries() -> set[str]:
    return {name for name, module in get_installed_libraries().items() if module.startswith(UPPER_MODULES)}


def games_modules() -> list[Path]:
    return sorted(path for path in GAMES.rglob("*.py") if "migrations" not in path.parts)


def _code_words(source: str) -> Iterator[tuple[int, str]]:
    """Attribute names, keyword arguments and the words of strings that are names or paths (no prose)."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type != tokenize.NL]
    for before, token, after in zip([None, *tokens], tokens, [*tokens[1:], None], strict=False):
        if token.type == tokenize.STRING:
            statement = before is None or before.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
            docstring = statement and after is not None and after.type == tokenize.NEWLINE
            if not docstring and re.fullmatch(r"""[rbf]*(['"])[\w.:#/-]*\1""", token.string):
                yield from ((token.start[0], word) for word in re.split(r"__|[^\w:]+", token.string))
        elif token.type == tokenize.NAME and (_attribute(before) or _keyword(before, after)):
            yield from ((token.start[0], word) for word in token.string.split("__"))


def _attribute(before: tokenize.TokenInfo | None) -> bool:
    return before is not None and before.string == "."


def _keyword(before: tokenize.TokenInfo | None, after: tokenize.TokenInfo | None) -> bool:
    return before is not None and after is not None and before.string in ("(", ",") and after.string == "="


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def names_in_module(path: Path, fields: set[str]) -> list[str]:
    found = []
    for line, word in _code_words(path.read_text()):
        if word in fields or word.startswith(tuple(f"{label}:" for label in UPPER_APPS)):
            found.append(f"{_shown(path)}:{line}: {word}")
    return found


def games_templates() -> set[Path]:
    """The templates games' code renders, with what they include and extend, and the variants' own."""
    names = set()
    for path in games_modules():
        names.update(re.findall(r"""["'](scorekeeper/[\w/.-]+\.html)""", path.read_text()))
    paths = {TEMPLATES / name for name in names if (TEMPLATES / name).exists()}
    paths.update(GAMES.glob("variants/*/templates/*.html"))
    todo = list(paths)
    while todo:
        text = todo.pop().read_text()
        for name in re.findall(r"""{%\s*(?:include|extends)\s+["']([\w/.-]+\.html)""", text):
            path = TEMPLATES / name
            if path.exists() and path not in paths:
                paths.add(path)
                todo.append(path)
    return paths


def names_in_template(path: Path, fields: set[str], libraries: set[str]) -> list[str]:
    text = path.read_text()
    found = [f"url {name}" for name in re.findall(r"""{%\s*url\s+["'](\w+):""", text) if name in UPPER_APPS]
    for loaded in re.findall(r"{%\s*load\s+([\w\s]+?)\s*%}", text):
        found += [f"load {library}" for library in loaded.split() if library in libraries]
    for tag in re.findall(r"{[{%](.*?)[}%]}", text, flags=re.S):
        found += [f"field {word}" for word in re.findall(r"\.(\w+)", tag) if word in fields]
    upper_templates = re.findall(r"""["']((?:tournaments|scorekeeper/ratings)/[\w/.-]+)""", text)
    found += [f"template {name}" for name in upper_templates]
    return [f"{_shown(path)}: {what}" for what in found]


def test_the_forbidden_names_are_the_upper_apps():
    """The test looks for the names that matter: they would be empty if the apps moved."""
    fields = upper_field_names()
    assert {"tournament_table", "tournaments", "ratings"} <= fields
    assert {"name", "club", "number", "game", "games", "seats", "deals"}.isdisjoint(fields)
    assert "member_ratings" in upper_tag_libraries()


def test_no_module_of_games_names_an_upper_app():
    fields = upper_field_names()
    found = [line for path in games_modules() for line in names_in_module(path, fields)]
    assert found == []


def test_no_template_of_games_names_an_upper_app():
    fields, libraries = upper_field_names(), upper_tag_libraries()
    templates = games_templates()
    assert TEMPLATES / "scorekeeper" / "club.html" in templates
    assert TEMPLATES / "scorekeeper" / "game.html" in templates
    found = [line for path in sorted(templates) for line in names_in_template(path, fields, libraries)]
    assert found == []


@pytest.mark.parametrize(
    "source, word",
    [
        ("games = club.games.filter(tournament_table__isnull=True)\n", "tournament_table"),
        ('x = F("tournament_table__pass_played__id")\n', "tournament_table"),
        ("visible = game.tournament_table.confirmed_at\n", "tournament_table"),
        ('events = club.tournaments.filter(visibility="public")\n', "tournaments"),
        ('url = reverse("tournaments:table", args=[1])\n', "tournaments:table"),
    ],
)
def test_the_check_finds_a_name(tmp_path, source, word):
    """The check is not blind itself: each way a name could come in is found."""
    module = tmp_path / "module.py"
    module.write_text(source)
    assert any(line.endswith(f": {word}") for line in names_in_module(module, upper_field_names()))


def test_a_docstring_is_prose_not_a_name(tmp_path):
    module = tmp_path / "module.py"
    module.write_text('def f():\n    """A tournament_table\'s game."""\n    return 1\n')
    assert names_in_module(module, upper_field_names()) == []


def test_the_template_check_finds_a_name(tmp_path):
    template = tmp_path / "t.html"
    template.write_text(
        "{% load member_ratings %}{{ game.tournament_table.pass_played }}{% for t in club.tournaments.all %}"
        "<a href=\"{% url 'tournaments:tournament' slug %}\">x</a>"
    )
    found = names_in_template(template, upper_field_names(), upper_tag_libraries())
    assert len(found) == 4, found


def test_an_app_registered_again_counts_once():
    """An app's ready() may run twice (settings overridden): the club page still shows its parts once."""
    from scorekeeper.games import club_sections, owners
    from tournaments.access import GAME_OWNER
    from tournaments.club_section import SECTIONS

    before = (list(owners._owners), list(club_sections._sections))
    owners.register(GAME_OWNER)
    for section in SECTIONS:
        club_sections.register(section)
    assert (owners._owners, club_sections._sections) == before
    assert GAME_OWNER in owners._owners and len(club_sections._sections) == 3  # events' two, ratings' one
