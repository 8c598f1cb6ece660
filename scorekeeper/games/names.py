"""Names people type (players, clubs, events, seasons): a name is what it looks like on the page.

Every form that takes a name cleans it with `clean_name`, so "Zoë" typed on two phones (composed or
not), or "Anna" with an invisible zero-width space inside, is the same player, and a name made only of
invisible characters, or one that turns the text after it backwards, never reaches a page.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The embeddings, overrides and isolates of Unicode's bidirectional algorithm: in a name they reverse
or reorder what the page shows next to it. Refused, not dropped: what the player meant is unclear."""


def normalise_name(raw: str) -> str:
    """NFC, without format characters (category Cf: zero-width spaces, joiners, direction marks) or
    control characters, runs of white space as one space, none at either end."""
    composed = unicodedata.normalize("NFC", raw)
    visible = "".join(char for char in composed if not _invisible(char))
    return " ".join(visible.split())


def _invisible(char: str) -> bool:
    category = unicodedata.category(char)
    return category == "Cf" or (category == "Cc" and not char.isspace())


def clean_name(raw: str, *, max_length: int) -> str:
    """The name as `normalise_name` makes it; refused when it changes the writing direction, has no
    visible character, or is longer than its column (NFC can lengthen a name)."""
    if any(char in DIRECTION_CONTROLS for char in raw):
        raise ValidationError(
            _("A name cannot contain characters that change the direction of the text."), code="direction"
        )
    name = normalise_name(raw)
    if not name:
        raise ValidationError(_("Enter a name with at least one visible character."), code="invisible")
    if len(name) > max_length:
        raise ValidationError(
            ngettext_lazy(
                "A name has at most %(count)s character.", "A name has at most %(count)s characters.", "count"
            ),
            params={"count": max_length},
            code="max_length",
        )
    return name
