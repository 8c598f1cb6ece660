"""A link as an inline SVG QR code: crisp at any size, no image files, nothing the CSP blocks.

The table cards of an event print one (tournaments/printouts.py), the club's invite links show one."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, *, title: str, css_class: str) -> SafeString:
    """`title` (our own words, no visitor's text) is what a screen reader says of the picture;
    `css_class` sizes it where it is shown."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=1, border=2, omitsize=True, svgclass=css_class, title=title)
    return mark_safe(svg)  # segno's own markup; the URL is encoded in its path data
