"""The encoding the full-screen app draws in: the terminal's, one cell for every cell of text.

Textual writes the screen to standard error as text, so Python's stream encoding decides
the bytes the terminal gets. ``PYTHONIOENCODING=ascii`` made that stream ASCII with
``backslashreplace``: ``½`` reached the terminal as the four cells ``\\xbd``, a name with an
accent overflowed its column and pushed the next one off the screen (issue 29, item 13).

The terminal's encoding is the locale's (``LANG``, ``LC_ALL``), which ``PYTHONIOENCODING``
does not change: when the locale's is UTF-8 the screen is drawn in UTF-8 whatever the stream
was set to. On a terminal whose encoding truly cannot show a character, the character is
replaced by as many ``?`` as the cells it takes, so every column stays where it is.
"""

from __future__ import annotations

import codecs
import io
import locale
import sys
from typing import TextIO

from rich.cells import cell_len

CELLS = "swisstui-cells"
"""The error handler that replaces what an encoding cannot hold with one ``?`` per cell."""
SAMPLE = "½│─▶Ševčík"
"""Characters the screens draw with: a stream that can encode them needs nothing done."""


def _one_mark_per_cell(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    text = err.object[err.start:err.end]
    return "".join("?" * cell_len(ch) for ch in text), err.end


codecs.register_error(CELLS, _one_mark_per_cell)


def draw_in_terminal_encoding(stream: TextIO | None = None) -> str:
    """Set the stream the app draws on (standard error, Textual's) to the terminal's encoding; returns how.

    ``"as it is"`` when the stream shows every character the screens use, ``"utf-8"`` when it
    was switched to the locale's UTF-8, ``"cells"`` when characters it cannot show become
    ``?`` cell for cell.
    """
    stream = sys.__stderr__ if stream is None else stream
    if stream is None or not isinstance(stream, io.TextIOWrapper):
        return "as it is"
    try:
        SAMPLE.encode(stream.encoding)
        return "as it is"
    except (UnicodeEncodeError, LookupError):
        pass
    stream.flush()
    if codecs.lookup(locale.getencoding()).name == "utf-8":
        stream.reconfigure(encoding="utf-8", errors=CELLS)
        return "utf-8"
    stream.reconfigure(errors=CELLS)
    return "cells"
