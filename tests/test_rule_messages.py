"""The engine's messages reach players in their language, and none can skip the translation hook.

The engine (scorekeeper.rules) stays free of Django and speaks English; its messages are Text, whose
templates are gettext_noop literals that makemessages extracts. scorekeeper.games.rule_messages.translate
runs gettext on a template and on each phrase inside it when a page shows it.
"""

from __future__ import annotations

import ast
import gettext as gettext_module
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django import forms
from django.utils import translation
from django.utils.translation import trans_real

from scorekeeper import rules
from scorekeeper.games.rule_messages import refusal, translate
from scorekeeper.games.variants.base import DealForm
from scorekeeper.rules.base import PRESET_NAMES, InvalidDeal, Text, gettext_noop, text
from scorekeeper.rules.jazz import LABELS

ROOT = Path(__file__).resolve().parents[1]
ENGINE = sorted((ROOT / "scorekeeper" / "rules").glob("*.py"))
SEATS = ["Anna", "Beat", "Cla", "Dora"]

FRENCH = {
    "%(what)s must be a whole number from %(low)s to %(high)s.": (
        "%(what)s doit être un nombre entier de %(low)s à %(high)s."
    ),
    "Card points of team %(team)s": "Points de cartes de l'équipe %(team)s",
    "Deal %(number)s: %(message)s": "Donne %(number)s : %(message)s",
    "The game ended with deal %(last)s: no more deals.": "La partie a pris fin à la donne %(last)s.",
    "Fan Tan": "Fan Tan (réussite)",
}


class Catalogue(gettext_module.NullTranslations):
    """A stand-in for the French .po file, which the translators write."""

    def gettext(self, message: str) -> str:
        return FRENCH.get(message, message)

    def to_language(self) -> str:
        return "fr"


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(trans_real._translations, "fr", Catalogue())
    with translation.override("fr"):
        yield


def refused(deals: list[dict]) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as caught:
        rules.score_game("schieber", SEATS, None, deals)
    return caught.value


# ---- translate -----------------------------------------------------------------------------------


def test_translate_translates_the_sentence_and_the_phrase_inside_it(french: None) -> None:
    error = refused([{"trump": "hearts", "points": {"A": 200}}])
    assert translate(error.text) == "Points de cartes de l'équipe A doit être un nombre entier de 0 à 157."
    assert error.message == "Card points of team A must be a whole number from 0 to 157."


def test_a_message_without_a_translation_stays_english(french: None) -> None:
    error = refused([{"trump": "hearts", "points": {"A": 80}, "match": "A"}])
    assert translate(error.text) == "Enter the card points or a match, not both."


def test_in_english_translate_gives_the_engines_own_message() -> None:
    error = refused([{"trump": "hearts", "points": {"A": 200}}])
    assert translate(error.text) == error.message == str(error)


def test_a_translation_with_a_wrong_placeholder_falls_back_to_english(
    french: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(FRENCH, "Card points of team %(team)s", "Points de l'équipe %(équipe)s")
    error = refused([{"trump": "hearts", "points": {"A": 200}}])
    assert translate(error.text) == error.message


def test_a_marked_engine_word_translates_too(french: None) -> None:
    assert translate(LABELS["fantan"]) == "Fan Tan (réussite)"
    assert translate("") == ""


def test_a_refusal_of_another_deal_names_that_deal(french: None) -> None:
    error = InvalidDeal(
        1, "game", text(gettext_noop("The game ended with deal %(last)s: no more deals."), last=1)
    )
    assert refusal(error, 1) == "La partie a pris fin à la donne 1."
    assert refusal(error, 2) == "Donne 1 : La partie a pris fin à la donne 1."


def test_a_deal_form_shows_the_refusal_translated(french: None) -> None:
    class PointsForm(DealForm):
        points = forms.IntegerField(required=False)

    form = PointsForm({"number": "1"}, seats=SEATS)
    assert form.is_valid()
    form.add_rule_error(refused([{"trump": "hearts", "points": {"A": 200}}]))
    assert form.errors["points"] == ["Points de cartes de l'équipe A doit être un nombre entier de 0 à 157."]


def test_invalid_deal_takes_only_a_text() -> None:
    with pytest.raises(TypeError):
        InvalidDeal(1, "points", "Card points must total 157.")  # type: ignore[arg-type]


def test_every_preset_has_a_marked_name() -> None:
    presets = {name for variant in rules.available_variants().values() for name in variant.presets}
    assert presets <= set(PRESET_NAMES)


# ---- no message bypasses the hook ----------------------------------------------------------------

SCOPES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _own(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a module, class or function, without those of the functions inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, SCOPES):
            todo.extend(ast.iter_child_nodes(node))


def _calls(nodes: Iterator[ast.AST], name: str) -> Iterator[ast.Call]:
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            yield node


def _is_marked(node: ast.AST) -> bool:
    """gettext_noop("a literal"): what makemessages can extract."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "gettext_noop"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def _marked_dicts(module: ast.Module) -> set[str]:
    """Module-level dicts whose every value is a marked literal (or a tuple of them)."""
    found = set()
    for node in module.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and isinstance(value, ast.Dict):
            leaves = [leaf for v in value.values for leaf in (v.elts if isinstance(v, ast.Tuple) else [v])]
            if leaves and all(_is_marked(leaf) for leaf in leaves):
                found.add(target.id)
    return found


def _from_marked(node: ast.AST | None, marked: set[str]) -> bool:
    """A marked literal, an entry of a marked dict (MODE_WORDS[key]), or a loop over its items."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id in marked
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "items":
        return isinstance(node.func.value, ast.Name) and node.func.value.id in marked
    return node is not None and _is_marked(node)


def _bindings(scope: ast.AST, name: str) -> list[ast.AST]:
    """What `name` is set from in the scope: `x = ...`, `a, x = ...`, `for k, x in ...`."""
    found = []
    for node in _own(scope):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.For):
            targets, value = [node.target], node.iter
        else:
            continue
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            if any(isinstance(n, ast.Name) and n.id == name for n in names):
                found.append(value)
    return found


def _problems(path: Path) -> Iterator[str]:
    """Every template a gettext_noop literal, every message a Text, no words built by f-strings."""
    module = ast.parse(path.read_text(encoding="utf-8"))
    marked = _marked_dicts(module)
    scopes = [node for node in ast.walk(module) if isinstance(node, SCOPES)]
    where = path.name
    for scope in scopes:
        nodes = list(_own(scope))
        for call in _calls(iter(nodes), "gettext_noop"):
            if not _is_marked(call):
                yield f"{where}:{call.lineno}: gettext_noop takes one plain string literal"
        for call in _calls(iter(nodes), "text"):
            template = call.args[0] if call.args else None
            if isinstance(template, ast.Name):
                sources = _bindings(scope, template.id) or _bindings(module, template.id)
                ok = bool(sources) and all(_from_marked(source, marked) for source in sources)
            else:
                ok = _from_marked(template, marked)
            if not ok:
                yield f"{where}:{call.lineno}: text() needs a gettext_noop literal as its template"
            if any(isinstance(node, ast.JoinedStr) for node in ast.walk(call)):
                yield f"{where}:{call.lineno}: an f-string builds words no translator sees"
        if not (isinstance(scope, ast.FunctionDef) and scope.name == "text"):
            for call in _calls(iter(nodes), "Text"):
                yield f"{where}:{call.lineno}: build a message with text(gettext_noop(...)), not Text()"
        for call in _calls(iter(nodes), "InvalidDeal"):
            message = call.args[2] if len(call.args) == 3 else None
            built = isinstance(message, ast.Call) and isinstance(message.func, ast.Attribute)
            if message is None or built or isinstance(message, ast.Constant | ast.JoinedStr | ast.BinOp):
                yield f"{where}:{call.lineno}: InvalidDeal(deal, field, text(gettext_noop(...), ...))"


def test_every_engine_message_is_a_marked_template() -> None:
    assert [problem for path in ENGINE for problem in _problems(path)] == []


def test_the_scan_catches_a_message_that_skips_the_hook(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def check(n, name):\n"
        "    raise InvalidDeal(n, 'x', f'{name} is wrong.')\n"
        "def other(n, template):\n"
        "    raise InvalidDeal(n, 'x', text(template))\n"
        "def third(n, name):\n"
        "    raise InvalidDeal(n, 'x', text(gettext_noop(f'{name} is wrong.')))\n"
        "def fourth(n, name):\n"
        "    raise InvalidDeal(n, 'x', Text('Wrong.', {}))\n",
        encoding="utf-8",
    )
    assert {int(problem.split(":")[1]) for problem in _problems(bad)} == {2, 4, 6, 8}


def test_a_text_renders_english_with_nested_phrases() -> None:
    what = text(gettext_noop("Card points of team %(team)s"), team="B")
    assert str(text(gettext_noop("%(what)s cannot be 1."), what=what)) == "Card points of team B cannot be 1."
    assert isinstance(what, Text)


# ---- the engine stays free of Django -------------------------------------------------------------


def test_the_engine_imports_without_django() -> None:
    modules = ", ".join(f"scorekeeper.rules.{path.stem}" for path in ENGINE if path.stem != "__init__")
    script = (
        f"import sys, scorekeeper.rules, {modules}\n"
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
