"""Template filters for the players' words (trump modes in the club's suit names) and the Jasstafel."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.forms import BoundField
from django.forms.boundfield import BoundWidget
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.games import variants
from scorekeeper.games.jasstafel import Stroke
from scorekeeper.games.offline import owner_key
from scorekeeper.games.suits import ModeName, mode_name
from scorekeeper.games.variants import shape

register = template.Library()


@register.filter
def mode(key: str, suit_names: str) -> ModeName:
    """`{{ "spades"|mode:club.suit_names }}` -> Schilten 🛡 or Spades ♠."""
    return mode_name(suit_names, key)


@register.filter
def chalk(strokes: Iterable[Stroke]) -> SafeString:
    """A Jasstafel's strokes as SVG lines, the numbers written here: a long game draws hundreds of
    strokes, and a template would localize every coordinate (a French page writes "21,0", no SVG)."""
    line = '<line x1="{}" y1="{}" x2="{}" y2="{}"/>'.format
    return mark_safe("".join(line(*stroke) for stroke in strokes))  # numbers only


@register.simple_tag
def radio_input(radio: BoundWidget, field: BoundField, error_id: str = "") -> SafeString:
    """One radio of a group, as Django's radio.tag draws it, tied to the group's error (aria-describedby;
    radio.tag takes no attributes): a refused group puts the focus on its first radio, and the screen
    reader reads the error with it. `error_id` names the error list when the template draws it itself.

    Written here, not in an included template: a deal form has some twenty radios, and an include each
    was the largest part of a deal post's time (docs/performance.md).
    """
    data = radio.data
    attrs = {"type": data["type"], "name": data["name"]}
    if data["value"] is not None:
        attrs["value"] = str(data["value"])
    attrs.update(data["attrs"])
    if field.errors:
        attrs["aria-describedby"] = error_id or f"{field.auto_id}_error"
    return format_html("<input{}>", mark_safe("".join(map(_attribute, attrs.items()))))  # each escaped


def _attribute(item: tuple[str, object]) -> str:
    """` name="value"` escaped, a bare ` name` for True, nothing for False, in order as Django writes."""
    name, value = item
    if value is False or value is None:
        return ""
    return format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value)


@register.filter(is_safe=True)
def shaped(html: str) -> SafeString:
    """`{% filter shaped %}{% include form %}{% endfilter %}`: the deal form with its shape (outbox)."""
    return shape.with_shape(str(html))


@register.simple_tag
def variant_stylesheet(key: str) -> SafeString:
    """`{% variant_stylesheet game.variant %}` in a page's head: the link to the variant's own styles, kept
    in its folder (scorekeeper/games/variants/<key>/static/<key>.css); nothing if it has none."""
    name = variants.stylesheet(key)
    return format_html('<link rel="stylesheet" href="{}">', static(name)) if name else mark_safe("")


@register.simple_tag(takes_context=True)
def offline_owner(context: template.Context) -> str:
    """The key of whose deals and pages this phone keeps (scorekeeper/offline.py)."""
    return owner_key(context["request"].user)
