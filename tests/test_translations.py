"""Nothing reaches a German, French or Italian reader untranslated.

- Every string marked for translation (what `make messages` extracts, run here on a copy of the
  sources so the committed catalogues are not touched) has a finished translation in each catalogue:
  present, not empty, not fuzzy.
- Every template's human text is marked: text outside {% translate %} / {% blocktranslate %}, and the
  attributes people read or hear (placeholder, title, aria-label, alt, a button's value, the confirm
  question), may hold no word but the few said alike in every language. No English-only filter
  (pluralize, yesno, default with words) and no hand-written date format either.
- Swiss Standard German has no ß.
- Each committed .mo file is what msgfmt compiles from its .po now (`make messages` compiles them:
  they are committed so `make run` needs no gettext).
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

from tests.conftest import require
from tests.template_files import TEMPLATES

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("de_CH", "fr", "it")
CATALOGUE = "locale/{}/LC_MESSAGES/django.{}"

# ---- the catalogues ------------------------------------------------------------------------------------

Key = tuple[str | None, str, str | None]  # msgctxt, msgid, msgid_plural


@dataclass
class Entry:
    msgstrs: list[str]
    fuzzy: bool


def read_po(path: Path) -> dict[Key, Entry]:
    """The live entries of a .po file (obsolete #~ ones left out), the header too (msgid "")."""
    entries: dict[Key, Entry] = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        fuzzy, current = False, ""
        for line in block.splitlines():
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                fields[current] += ast.literal_eval(line)
            elif line.strip():
                current, _, text = line.partition(" ")
                fields[current] = ast.literal_eval(text)
        if "msgid" in fields:
            key = (fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural"))
            msgstrs = [text for name, text in fields.items() if name.startswith("msgstr")]
            entries[key] = Entry(msgstrs, fuzzy)
    return entries


def messages_ignore() -> list[str]:
    """What `make messages` leaves out: the Makefile says it once, for both."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^MESSAGES_IGNORE := (.*)$", makefile, re.MULTILINE)
    assert match, "MESSAGES_IGNORE is gone from the Makefile"
    return match.group(1).split()


def needs_gettext() -> None:
    require(bool(shutil.which("msgfmt")), env="REQUIRE_GETTEXT", reason="needs GNU gettext (apt: gettext)")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[Key, Entry]:
    """makemessages as `make messages` runs it, on a copy of the sources with an empty locale folder."""
    needs_gettext()
    ignore = messages_ignore()
    patterns = [option.removeprefix("--ignore=") for option in ignore]
    source = tmp_path_factory.mktemp("messages") / "source"
    skip = shutil.ignore_patterns(*patterns, ".*", "locale", "__pycache__", "*.pyc", "*.sqlite3*")
    shutil.copytree(ROOT, source, ignore=skip)
    (source / "locale").mkdir()
    command = [sys.executable, "manage.py", "makemessages", "-l", LOCALES[0], *ignore]
    # the copy's own settings (BASE_DIR, LOCALE_PATHS), never the repository's
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.config.test_settings",
        "PYTHONPATH": str(source),
    }
    done = subprocess.run(command, cwd=source, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    entries = read_po(source / CATALOGUE.format(LOCALES[0], "po"))
    entries.pop((None, "", None))
    return entries


def shorten(key: Key) -> str:
    context, msgid, _ = key
    text = msgid if len(msgid) <= 90 else msgid[:87] + "..."
    return f"[{context}] {text!r}" if context else repr(text)


def unfinished(extracted: dict[Key, Entry], committed: dict[Key, Entry]) -> Iterator[str]:
    for key in extracted:
        entry = committed.get(key)
        if entry is None:
            yield f"missing      {shorten(key)}"
        elif entry.fuzzy:
            yield f"fuzzy        {shorten(key)}"
        elif not all(entry.msgstrs):
            yield f"untranslated {shorten(key)}"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_marked_string_is_translated(extracted: dict[Key, Entry], locale: str) -> None:
    """Run `make messages`, then translate what this lists in locale/<locale>/LC_MESSAGES/django.po."""
    assert len(extracted) > 50, "makemessages found next to nothing: is it scanning the sources?"
    committed = read_po(ROOT / CATALOGUE.format(locale, "po"))
    problems = sorted(unfinished(extracted, committed))
    assert problems == [], f"{len(problems)} of {len(extracted)} in {locale}:\n" + "\n".join(problems)


def test_swiss_standard_german_has_no_sharp_s() -> None:
    catalogue = read_po(ROOT / CATALOGUE.format("de_CH", "po"))
    found = [shorten(key) for key, entry in catalogue.items() if any("ß" in text for text in entry.msgstrs)]
    assert found == [], "write ss in Swiss Standard German:\n" + "\n".join(found)


COUNTER_MATCH = {"de_CH": "kontermatch", "fr": "contre-match", "it": "contromatch"}
"""The team that did not announce took all nine tricks: one word for it in each language, never "Matsch",
which is only the Swiss spelling of the match it is set against (issue 13, point 19)."""


@pytest.mark.parametrize("locale", LOCALES)
def test_a_counter_match_has_one_word_apart_from_match(locale: str) -> None:
    entries = read_po(ROOT / CATALOGUE.format(locale, "po"))
    said = {key: " ".join(entry.msgstrs).casefold() for key, entry in entries.items() if key[1]}
    countered = {key: text for key, text in said.items() if re.search(r"(?i)counter[- ]match", key[1])}
    assert countered, "no counter-match in the catalogue"
    assert [shorten(key) for key, text in countered.items() if COUNTER_MATCH[locale] not in text] == []
    assert [shorten(key) for key, text in said.items() if "matsch" in text] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_the_committed_mo_is_compiled_from_its_po(locale: str, tmp_path: Path) -> None:
    """Compared as catalogues, not bytes: msgfmt versions lay the same catalogue out differently."""
    needs_gettext()
    po, mo = ROOT / CATALOGUE.format(locale, "po"), ROOT / CATALOGUE.format(locale, "mo")
    assert mo.exists(), f"{mo.relative_to(ROOT)} is missing: run `make messages`"
    fresh = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", fresh, po], check=True, capture_output=True)
    with mo.open("rb") as committed, fresh.open("rb") as compiled:
        have, want = gettext.GNUTranslations(committed), gettext.GNUTranslations(compiled)
    stale = sorted(str(key) for key in have._catalog.keys() ^ want._catalog.keys())  # type: ignore[attr-defined]
    stale += sorted(
        str(key)
        for key in have._catalog.keys() & want._catalog.keys()  # type: ignore[attr-defined]
        if have._catalog[key] != want._catalog[key]  # type: ignore[attr-defined]
    )
    assert stale == [], f"{mo.relative_to(ROOT)} is stale: run `make messages`\n" + "\n".join(stale[:30])


# ---- the templates -------------------------------------------------------------------------------------

# Said alike in every language: the game's own words, team letters, abbreviations, the product's name.
SAME_EVERYWHERE = {"Jass", "A", "B", "PIN", "QR", "OK", "CSV", "JSON", "Excel", "Obenabe", "Undenufe"}
PRODUCT = "Jass Scorekeeper"
HEARD = {"placeholder", "title", "aria-label", "alt", "data-confirm", "data-hx-confirm", "aria-description"}
BUTTONS = {"submit", "button", "reset"}
WORD = re.compile(r"[^\W\d_]+")
# Blocks that fill a tag's attributes in the template they extend (the deal form's class and data-*)
MACHINE_BLOCKS = {"css", "attrs"}
MARK = " \x00 "  # stands for a {{ variable }}, a {% tag %} (in a tag too: <li{% if %}>) and translated text


def foreign_words(text: str) -> list[str]:
    return [word for word in WORD.findall(text.replace(PRODUCT, "")) if word not in SAME_EVERYWHERE]


class HumanText(HTMLParser):
    """Text people read or hear in a template's skeleton (its translated parts replaced by MARK)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self.machine = 0  # inside <script> or <style>

    def note(self, text: str, attribute: str = "") -> None:
        if foreign_words(text):
            shown = " ".join(text.replace(MARK.strip(), "…").split()).strip(" …")
            self.found.append((self.getpos()[0], f"{attribute}={shown}" if attribute else shown))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.machine += tag in ("script", "style")
        given = dict(attrs)
        for name, value in attrs:
            button_value = name == "value" and tag == "input" and given.get("type") in BUTTONS
            if value and (name in HEARD or button_value):
                self.note(value, name)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.machine -= tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.machine -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.machine:
            self.note(data)


def skeleton(source: str) -> Iterator[str]:
    """The template with every tag, variable and translated text replaced by MARK (lines kept)."""
    translating = commenting = machine = False
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            command, *rest = token.contents.split() or [""]
            translating = command in ("blocktranslate", "blocktrans") or (
                translating and command not in ("endblocktranslate", "endblocktrans")
            )
            commenting = command == "comment" or (commenting and command != "endcomment")
            if command in ("block", "endblock"):
                machine = command == "block" and rest[0] in MACHINE_BLOCKS
            yield MARK
        elif token.token_type == TokenType.VAR:
            yield MARK
        elif token.token_type == TokenType.TEXT:
            kept = not (translating or commenting or machine)
            yield token.contents if kept else MARK + "\n" * token.contents.count("\n")


def untranslated_text(path: Path) -> list[str]:
    parser = HumanText()
    parser.feed("".join(skeleton(path.read_text(encoding="utf-8"))))
    parser.close()
    return [f"{path.relative_to(ROOT)}:{line}: {text}" for line, text in parser.found]


def test_every_template_text_is_marked_for_translation() -> None:
    """Wrap what this lists in {% translate %} or {% blocktranslate %} (attributes too)."""
    assert TEMPLATES
    problems = [problem for path in TEMPLATES for problem in untranslated_text(path)]
    assert problems == [], f"{len(problems)} texts:\n" + "\n".join(problems)


NAMED_FORMATS = {
    "DATE_FORMAT", "SHORT_DATE_FORMAT", "DATETIME_FORMAT", "SHORT_DATETIME_FORMAT", "TIME_FORMAT",
    "YEAR_MONTH_FORMAT", "MONTH_DAY_FORMAT", "c",  # c: ISO 8601, for machines (datetime="")
}  # fmt: skip
FILTER = re.compile(r"\|\s*(\w+)(?:\s*:\s*(\"[^\"]*\"|'[^']*'))?")


def english_only_filter(variable: str) -> str | None:
    """Why a {{ variable }}'s filters speak English only, if they do."""
    for name, quoted in FILTER.findall(variable):
        argument = quoted[1:-1]
        if name == "pluralize":
            return "pluralize adds English endings: use {% blocktranslate count %}"
        if name in ("yesno", "default", "default_if_none") and WORD.search(argument):
            return f"{name} with English words: translate them"
        if name in ("date", "time") and quoted and argument not in NAMED_FORMATS:
            return f"{name}:{quoted} is a hand-written format: use a named one (SHORT_DATE_FORMAT...)"
    return None


def english_filters(path: Path) -> Iterator[str]:
    for token in Lexer(path.read_text(encoding="utf-8")).tokenize():
        if token.token_type in (TokenType.VAR, TokenType.BLOCK):
            reason = english_only_filter(token.contents)
            if reason:
                yield f"{path.relative_to(ROOT)}:{token.lineno}: {token.contents}: {reason}"


def test_templates_use_no_english_only_filter() -> None:
    problems = [problem for path in TEMPLATES for problem in english_filters(path)]
    assert problems == [], f"{len(problems)} filters:\n" + "\n".join(problems)


# ---- the checks themselves -------------------------------------------------------------------------------


def check(template: str) -> list[str]:
    parser = HumanText()
    parser.feed("".join(skeleton(template)))
    return [text for _, text in parser.found]


def test_the_template_check_sees_what_people_read() -> None:
    assert check("<p>Save deal</p>") == ["Save deal"]
    assert check('<input placeholder="Find a player">') == ["placeholder=Find a player"]
    assert check('<input type="submit" value="Go">') == ["value=Go"]
    assert check('<button aria-label="Close">\u00d7</button>') == ["aria-label=Close"]
    assert check("<p>{% if x %}Match{% endif %}</p>") == ["Match"]
    assert check('<p title="{% translate "Close" %}">{% translate "Save" %} · 157 ✓</p>') == []
    assert check("{% blocktranslate %}Deal {{ n }}{% endblocktranslate %}") == []
    assert check('<input type="hidden" name="trump" value="hearts"><b class="team">A</b> PIN') == []
    assert check('<li{% if team %} data-team="{{ team }}"{% endif %}>{{ name }}</li>') == []
    assert check("<title>Jass Scorekeeper</title><script>let x = 1;</script><style>p{}</style>") == []
    assert check("{% comment %}Why{% endcomment %}{# why #}") == []
    assert check('{% block css %}jazz{% endblock %}{% block attrs %}data-game="{{ g }}"{% endblock %}') == []
    assert check("{% block content %}Jazz{% endblock %}") == ["Jazz"]
    assert english_only_filter('n|pluralize:"es"') and english_only_filter('d|date:"j.n.y"')
    assert english_only_filter('d|date:"SHORT_DATE_FORMAT"') is None


def test_the_catalogue_reader(tmp_path: Path) -> None:
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr "Language: fr\\n"\n\n'
        '#: a.py\n#, python-format, fuzzy\nmsgid "A %(n)s"\nmsgstr "B"\n\n'
        'msgctxt "swiss suit"\nmsgid "Rosen"\nmsgstr ""\n"Roses"\n\n'
        'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "un"\nmsgstr[1] ""\n\n'
        '#~ msgid "old"\n#~ msgstr "vieux"\n',
        encoding="utf-8",
    )
    assert read_po(po) == {
        (None, "", None): Entry(["Language: fr\n"], False),
        (None, "A %(n)s", None): Entry(["B"], True),
        ("swiss suit", "Rosen", None): Entry(["Roses"], False),
        (None, "one", "many"): Entry(["un", ""], False),
    }
