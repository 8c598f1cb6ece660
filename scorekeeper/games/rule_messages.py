"""The rules engine's words in the reader's language.

The engine (scorekeeper.rules) stays free of Django: its messages are Text, English templates marked
with gettext_noop so makemessages extracts them. Here, at render time, each template and each phrase
inside it goes through gettext; names and numbers are filled in as they are.
"""

from __future__ import annotations

from django.utils.translation import gettext

from scorekeeper.rules.base import InvalidDeal, Text


def translate(message: Text | str) -> str:
    """A Text with its phrases translated, or a marked engine string (a Jazz game, a contract)."""
    if isinstance(message, Text):
        try:
            return message.render(_gettext)
        except (KeyError, TypeError, ValueError):  # a translation with a wrong placeholder
            return str(message)
    return _gettext(message)


def _gettext(message: str) -> str:
    """gettext("") would return the catalogue's header."""
    return gettext(message) if message else message


def refusal(error: InvalidDeal, number: int | None = None) -> str:
    """The engine's refusal, translated; about another deal than `number`, it names that deal,
    whose fields are not on the form (a correction can break a later deal)."""
    message = translate(error.text)
    if error.deal is None or error.deal == number:
        return message
    return gettext("Deal %(number)s: %(message)s") % {"number": error.deal, "message": message}
