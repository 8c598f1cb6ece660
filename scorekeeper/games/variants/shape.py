"""A deal form's shape: its HTML without the values that change with every deal.

The phone's outbox resets the form itself after each deal (number, token, heading, and who deals: the
parts between `<!--varies-->` and `<!--/varies-->`, which the page moves on by itself), so a deal's
answer need not carry the next form, unless the form looks different now (a Coiffeur row played, a
player out): the phone sends the shape of the form it shows, and the answer carries the whole form only
if the next one's shape differs.
"""

from __future__ import annotations

import hashlib
import re

from django.utils.safestring import SafeString, mark_safe

_HIDDEN = re.compile(r'(<input type="hidden" name="[^"]*" value=")[^"]*"')  # number, tokens, revision, CSRF
_NUMBERED = re.compile(r'data-deal-no="\d+">[^<]*')  # "Deal 7", "Save deal 7": the outbox counts them on
_VARIES = re.compile(r"<!--varies-->.*?<!--/varies-->", re.DOTALL)  # who deals: the page moves it on
_FORM_TAG = re.compile(r'<form id="dealform"')
_SHAPE = re.compile(r'<form id="dealform" data-shape="([0-9a-f]+)"')


def shape_of(html: str) -> str:
    constant = _VARIES.sub("", _NUMBERED.sub("data-deal-no", _HIDDEN.sub(r'\1"', html)))
    return hashlib.sha256(constant.encode()).hexdigest()[:16]


def with_shape(html: str) -> SafeString:
    """The form's HTML with its shape on the form tag (data-shape), where the outbox reads it."""
    return mark_safe(_FORM_TAG.sub(f'<form id="dealform" data-shape="{shape_of(html)}"', html, count=1))


def shape_in(html: str) -> str | None:
    found = _SHAPE.search(html)
    return found.group(1) if found else None
