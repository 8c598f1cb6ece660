"""A template loader for the variants' own templates, kept in each variant's folder.

`scorekeeper/variants/<key>/<name>` is `scorekeeper/games/variants/<key>/templates/<name>`; the pieces
all variants share (`_form.html`, `no_panel.html`, ...) stay in the project's templates folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from django.core.exceptions import SuspiciousFileOperation
from django.template import Origin
from django.template.loaders import filesystem
from django.utils._os import safe_join

FOLDER = Path(__file__).resolve().parent
PREFIX = "scorekeeper/variants/"


class Dedented(filesystem.Loader):
    """The project's templates without their lines' indentation, taken off once as a template is read.

    The templates keep one element per line, indented for the reader; HTML needs none of it (there is no
    `<pre>` or `<textarea>` in them, and a line break still separates words), and phones on a poor line
    download every byte: the indentation was about a tenth of a page."""

    def get_contents(self, origin: Origin) -> str:
        return "\n".join(line.lstrip() for line in super().get_contents(origin).split("\n"))


class Loader(Dedented):
    def get_dirs(self) -> list[Path]:
        """Watched by runserver's autoreloader, so an edited variant template shows at once."""
        return sorted(FOLDER.glob("*/templates"))

    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        if not template_name.startswith(PREFIX):
            return
        key, _, name = template_name.removeprefix(PREFIX).partition("/")
        folder = FOLDER / key / "templates"
        if not name or not key.isidentifier() or not folder.is_dir():
            return
        try:
            path = safe_join(folder, name)
        except SuspiciousFileOperation:
            return
        yield Origin(name=path, template_name=template_name, loader=self)
