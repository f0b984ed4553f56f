"""What a player record (TRF record 001) can hold, as the rules every entry path refuses by.

TRF is fixed columns of plain text: a five-digit rating or a twelve-digit FIDE id
moves every later column, and a line break or an escape character in a name
splits the record or reaches a terminal as a command. No real event needs such
values, so the event file, the player forms, the imports and the command line
refuse them where they are typed, naming the field, instead of the export
writing something else. A value that is legitimate but longer than its column (a
long name) is accepted and cut at export with a warning
(``swisstui.outputs.trf_export``).
"""

from __future__ import annotations

import re
import unicodedata

PAIRING_NUMBER_MAX = 9999  # columns 5-8
RATING_MAX = 9999  # columns 49-52
FIDE_ID_MAX = 10**11 - 1  # columns 58-68
NAME_WIDTH = 33  # columns 15-47
FEDERATION_WIDTH = 3  # columns 54-56
BIRTH_WIDTH = 10  # columns 70-79

# C0 and C1 control characters, DEL, the Unicode line and paragraph separators, and the
# bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069): each either ends a
# line of a text file, is a command to a terminal, or reorders the text drawn after it (a name
# holding U+202E shows its letters, and the rest of the line, backwards on a screen and in the
# published pages); none is a character of a name, which is written in its script's own direction.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

_NAMES = {0x1B: "ESC", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return", 0x00: "NUL", 0x7F: "DEL"}


def describe_character(ch: str) -> str:
    """A control character as a message names it: ``ESC (U+001B)``."""
    code = ord(ch)
    name = _NAMES.get(code) or unicodedata.name(ch, "")
    return f"{name} (U+{code:04X})" if name else f"U+{code:04X}"


def control_character(text: str) -> tuple[int, str] | None:
    """The 0-based position and the description of the first control character in ``text``, or None."""
    found = CONTROL.search(text)
    if found is None:
        return None
    return found.start(), describe_character(found.group())


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be one line of a TRF file (or shown on a screen as it is), or None."""
    found = control_character(text)
    if found is None:
        return None
    position, what = found
    return f"holds a control character, {what}, at character {position + 1}: names and details are one line of text"


def number_problem(key: str, value: int | None) -> str | None:
    """Why a rating, FIDE id or pairing number does not fit its TRF column, or None."""
    if value is None:
        return None
    limit = {"rating": RATING_MAX, "fide_id": FIDE_ID_MAX, "id": PAIRING_NUMBER_MAX}[key]
    if value < 0:
        return f"{value} is negative"
    if value > limit:
        what = {"rating": "a rating", "fide_id": "a FIDE id", "id": "a pairing number"}[key]
        return f"{value} is not {what} TRF can hold (0 to {limit})"
    return None


TEXT_FIELDS = ("name", "title", "federation", "birth", "sex", "club", "national_id")
NUMBER_FIELDS = ("rating", "fide_id")


def registration_problem(fields: dict[str, object]) -> tuple[str, str] | None:
    """The first registration field (name, rating, ...) TRF cannot hold, with why; None when all fit."""
    for key, value in fields.items():
        if key in TEXT_FIELDS and isinstance(value, str):
            problem = text_problem(value)
        elif key in NUMBER_FIELDS and isinstance(value, int) and not isinstance(value, bool):
            problem = number_problem(key, value)
        else:
            continue
        if problem is not None:
            return key, problem
    return None


_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def trf_birth(birth: str) -> str:
    """A birth date as record 001 writes it (``YYYY/MM/DD``, columns 70-79).

    The player form offers ``YYYY-MM-DD``, the way arbiters type dates; other
    programs reading the TRF expect the slashes its format names. Anything else
    (a year alone, a date written otherwise) is written as it is, cut to the column.
    Import keeps what the file says: the form and the event take either way.
    """
    cut = birth[:BIRTH_WIDTH]
    return _ISO_DATE.sub(r"\1/\2/\3", cut) if _ISO_DATE.fullmatch(cut) else cut

