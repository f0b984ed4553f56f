"""Text read from a file, made safe to print on the arbiter's terminal.

A FIDE list, a rating database or a file name can hold any character, and a terminal obeys
some of them: ``ESC ] 0 ; ... BEL`` retitles the window, ``ESC [ 2 J`` clears it, a bidi
override turns the rest of the line around, a carriage return lets a later text cover an
earlier one. Every value the ``ratings`` commands read from a file and print goes through
:func:`visible`, which writes such characters as Python would in a string literal
(``\\x1b``, ``\\u202e``), so that the arbiter sees what the file holds and the terminal
stays as it was.
"""

from __future__ import annotations

import unicodedata


def _shown(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str) -> str:
    """``text`` with every control, format, line-separator, surrogate or unassigned character written as an escape.

    Spaces (the space, the no-break space, ...) and every printable character stay as they are.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or unicodedata.category(ch) == "Zs" else _shown(ch) for ch in text)
