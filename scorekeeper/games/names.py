"""Names people type (players, clubs, events, seasons, games): a name is what it looks like on the page.

Every way a name comes in (the forms, self-registration, the services, the club import) cleans it with
`clean_name`, so "Zoë" typed on two phones (composed or not), "Anna" typed in full-width letters, or
"Anna" with an invisible character inside, is the same player; and a name made only of invisible
characters (zero-width spaces, the Hangul filler, the Braille blank, accents with no letter under them),
or with no letter or digit, or one that turns the text after it backwards, never reaches a page.

Two names that are different text but look the same ("Anna" in Latin letters and "Anna" with a
Cyrillic A, U+0410) share a `look_alike_keys` key: the roster refuses the second (games/members.py,
`add_player`).
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The embeddings, overrides and isolates of Unicode's bidirectional algorithm: in a name they reverse
or reorder what the page shows next to it. Refused, not dropped: what the player meant is unclear."""

BLANKS = frozenset(
    "\u034f"  # combining grapheme joiner
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers: letters (Lo) that draw nothing
    "\u17b4\u17b5"  # Khmer inherent vowels, drawn as nothing
    "\u180b\u180c\u180d\u180f"  # Mongolian variation selectors
    "\u2800"  # Braille pattern blank: a symbol (So) that draws nothing
    + "".join(map(chr, range(0xFE00, 0xFE10)))  # variation selectors
    + "".join(map(chr, range(0xE0100, 0xE01F0)))  # variation selectors supplement
)
"""Characters that draw nothing but are neither format nor control characters, so the categories miss
them: Unicode's Default_Ignorable_Code_Point outside category Cf, and the Braille blank."""

HIDDEN_CATEGORIES = frozenset({"Cf", "Cs", "Co", "Cn"})
"""Format characters (zero-width spaces, joiners, direction marks), lone surrogates (a JSON import can
hold them), private-use and unassigned code points: nothing a reader can see or trust."""


def normalise_name(raw: str) -> str:
    """NFKC (full-width and other compatibility forms as the plain letters they show), without the
    characters that draw nothing (`_invisible`) and without accents that sit on no letter, runs of white
    space as one space, none at either end. Idempotent: a cleaned name cleans to itself."""
    compatible = unicodedata.normalize("NFKC", raw)
    visible = " ".join("".join(char for char in compatible if not _invisible(char)).split())
    return " ".join(unicodedata.normalize("NFKC", _without_lone_marks(visible)).split())


def _invisible(char: str) -> bool:
    category = unicodedata.category(char)
    return category in HIDDEN_CATEGORIES or (category == "Cc" and not char.isspace()) or char in BLANKS


def _without_lone_marks(text: str) -> str:
    """Combining marks (accents) with no base before them (at the start, after a space) are dropped:
    alone they are an accent over nothing, or over the name's neighbour on the page."""
    kept: list[str] = []
    for char in text:
        if unicodedata.category(char).startswith("M") and (not kept or kept[-1].isspace()):
            continue
        kept.append(char)
    return "".join(kept)


def clean_name(raw: str, *, max_length: int) -> str:
    """The name as `normalise_name` makes it; refused when it changes the writing direction, has no
    visible character, no letter or digit, or is longer than its column (NFKC can lengthen a name)."""
    if any(char in DIRECTION_CONTROLS for char in raw):
        raise ValidationError(
            _("A name cannot contain characters that change the direction of the text."), code="direction"
        )
    name = normalise_name(raw)
    if not name:
        raise ValidationError(_("Enter a name with at least one visible character."), code="invisible")
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        raise ValidationError(_("The name needs at least one letter or digit."), code="no_letter")
    if len(name) > max_length:
        raise ValidationError(
            ngettext_lazy(
                "A name has at most %(count)s character.", "A name has at most %(count)s characters.", "count"
            ),
            params={"count": max_length},
            code="max_length",
        )
    return name


# ---- look-alikes ------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16384)
def look_alike_keys(name: str) -> frozenset[str]:
    """What two names that look alike share: the confusables skeleton of Unicode's UTS #39 (each character
    as the one its class of look-alikes is known by). Two keys, as case and look-alikes cross: the
    skeleton as written finds "lda" in "Ida" (I and l look alike, i and l do not), and the skeleton of the
    folded name finds "\u0131da" in "Ida" (a dotless i looks like i, not like I). The first is not folded
    after, and each key meets only its own kind (marked "=" and "~"): I, l and 1 share the prototype 1,
    so "Gast I" as written ("Gast 1") would meet "Gast L" folded ("gast 1"), and they look nothing alike.
    Kept for a roster's names: each new name is compared with all of them (members.roster_match),
    thousands after a big event."""
    normal = normalise_name(name)
    return frozenset({"=" + _skeleton(normal), "~" + _skeleton(normal.casefold())})


def look_alike(name: str, other: str) -> bool:
    """The two names are different text (any case) that reads the same on a page."""
    return name.casefold() != other.casefold() and not look_alike_keys(name).isdisjoint(
        look_alike_keys(other)
    )


def _skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, each character as its prototype, decomposed again."""
    mapped = "".join(_prototype(char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@functools.lru_cache(maxsize=8192)
def _prototype(char: str) -> str:
    """The character (or characters: m is "rn") its class of confusables is known by.

    confusable-homoglyphs keeps Unicode's confusables.txt both ways (a source lists its prototype, a
    prototype its sources), so a class is everything two steps from any of its members, and the smallest
    of them stands for it. A source whose prototype is several characters is the one pair with a longer
    side: that prototype's characters stand for it."""
    longer = [glyph for glyph in _homoglyphs(char) if len(glyph) > 1]
    if longer:
        return "".join(_representative(part) for part in longer[0])
    return _representative(char)


@functools.lru_cache(maxsize=8192)
def _representative(char: str) -> str:
    near = {glyph for glyph in _homoglyphs(char) if len(glyph) == 1}
    two_steps = {glyph for other in near for glyph in _homoglyphs(other) if len(glyph) == 1}
    return min({char} | near | two_steps)


def _homoglyphs(char: str) -> list[str]:
    """The library's look-alikes of one character, without the direction marks it wraps right-to-left
    ones in."""
    found = confusables.confusables_data.get(char, ())
    return [glyph["c"].strip("\u200e\u200f") for glyph in found if glyph["c"].strip("\u200e\u200f")]
