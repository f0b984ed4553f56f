"""How names and colours look on an 80-column screen (points: :func:`engine.model.explain.points_text`)."""

from __future__ import annotations

import enum

from engine.model.tournament import Colour
from swisstui.language import pgettext


def white_letter() -> str:
    """White's letter in a cell (``W``; ``B`` in French, Blancs), in the arbiter's language."""
    return pgettext("colour", "W")


def black_letter() -> str:
    """Black's letter in a cell (``B``; ``N`` in French, Noirs), in the arbiter's language."""
    return pgettext("colour", "B")


def colour_letter(white: bool) -> str:
    return white_letter() if white else black_letter()


def due_mark(colour: Colour | None, strength: enum.Enum) -> str:
    """The colour a player is due, as pairing cards write it: W/B strong, W!/B! absolute, w/b mild, - none.

    ``strength`` is C.04.3 art. 1.7's, from the engine (:class:`engine.systems.colours.Strength`) or from
    the validator (:class:`engine.validate.facts.Strength`), which keep their own on purpose. The letters
    are the arbiter's language's (:func:`white_letter`).
    """
    if colour in (None, Colour.NONE) or strength.name == "NONE":
        return "-"
    letter = colour_letter(colour is Colour.WHITE)
    if strength.name == "MILD":
        return letter.lower()
    return letter + ("!" if strength.name == "ABSOLUTE" else "")


def clip(text: str, width: int) -> str:
    """Cut ``text`` to ``width`` cells, marking the cut with an ellipsis."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"
