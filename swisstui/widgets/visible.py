"""Control characters never reach the terminal: each is drawn as a visible, harmless sign.

An escape character in a name (``Smith\\x1b[2J``) is a command to the terminal:
written as it is, it clears the screen, moves the cursor or changes colours
under every screen that shows the name. The event file, the forms and the
imports refuse them (``engine.trf.fields``), but text also arrives from file
names, pasted input, an arbiter's name and files written before that rule. So
the app draws every line through :class:`VisibleControls`, a Textual line
filter: whatever a widget renders, C0 and C1 control characters, DEL, the
Unicode line separators and the bidirectional controls (U+202A-202E,
U+2066-2069, which would turn the rest of the line around) are replaced by a
sign the arbiter can see (``␛`` for ESC, ``�`` for the others without a
picture) before the line is written.

A control character takes no cell when Textual lays a line out, and its sign
takes one, so the line is cut back to its laid-out width: the text after the
sign moves right by one cell and the line's last cells (usually its padding)
are dropped; nothing is drawn outside the widget.
"""

from __future__ import annotations

import re

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from engine.trf.fields import CONTROL


def visible(text: str) -> str:
    """``text`` with each control character replaced by a visible sign of one cell."""
    return CONTROL.sub(_sign, text)


def _sign(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Unicode control pictures: ␛ for ESC, ␊ for a line feed
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"  # C1 controls, U+2028/2029 and the bidirectional controls have no picture


class VisibleControls(LineFilter):
    """Draws control characters as visible signs, keeping each line's width."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if not any(CONTROL.search(segment.text) for segment in segments if not segment.control):
            return segments
        width = sum(segment.cell_length for segment in segments)
        shown = [segment if segment.control else Segment(visible(segment.text), segment.style) for segment in segments]
        return Segment.adjust_line_length(shown, width, pad=True)
