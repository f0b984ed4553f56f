"""A QR code of the published pages' address (``publish --url``): a phone in the hall opens them from it.

Made by ``segno`` (pure Python, no dependencies, well kept), as inline SVG: a published page stays one
self-contained file, and the code prints sharp at any size.
"""

from __future__ import annotations


def qr_svg(url: str) -> str:
    """The address as an inline SVG QR code (error correction M: a wall list gets scuffed), scaled by CSS."""
    import segno

    return str(segno.make_qr(url, error="m").svg_inline(scale=4, border=4, omitsize=True))
