"""How numbers and names look on an 80-column screen."""

from __future__ import annotations

from decimal import Decimal


def points(value: Decimal) -> str:
    """``3.5`` as ``3½``, ``0.5`` as ``½``, ``4`` as ``4``; other fractions in decimal."""
    whole = int(value)
    frac = value - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return "½" if whole == 0 else f"{whole}½"
    return f"{value.normalize()}"


def clip(text: str, width: int) -> str:
    """Cut ``text`` to ``width`` cells, marking the cut with an ellipsis."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"
