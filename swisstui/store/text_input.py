"""The bytes of a file that should hold text (an event file, a TRF file, a CSV list) turned into text.

Arbiters are handed files from many programs: UTF-8 with or without a byte-order
mark, UTF-16 from Windows tools, Windows-1252 or Latin-1 from old pairing programs, and now and
then something that is not text at all (a spreadsheet, an empty download). Each
is either read or refused with the line where it stops being text, so no input
reaches a parser as a stream of NULs or control characters and nothing ends
in a traceback.
"""

from __future__ import annotations

import codecs
import re

from swisstui.language import _

# C0 control characters and DEL never occur in a text file; tab, the line ends, form feed
# and the DOS end-of-file mark (ctrl-Z) do.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x19\x1b-\x1f\x7f]")
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)


class NotText(ValueError):
    """The file is not text this reader accepts; ``line`` says where it stops being text."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def decode(raw: bytes, *, latin1: bool, utf16: bool) -> str:
    """The text of ``raw``, without a byte-order mark.

    ``latin1``: bytes that are not UTF-8 are read as Windows-1252, else Latin-1 (TRF files from old
    programs; FIDE fixes no encoding) instead of refused. ``utf16``: a UTF-16 file
    with a byte-order mark is read instead of refused (event files are UTF-8 by
    definition: TOML).
    """
    if raw.startswith(_UTF32_BOMS):
        raise NotText(1, _("UTF-32 text: save the file as UTF-8"))
    if raw.startswith(_UTF16_BOMS):
        if not utf16:
            raise NotText(1, _("UTF-16 text: an event file is UTF-8 (save it as UTF-8)"))
        try:
            text = raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise NotText(_line_at(raw, exc.start), _("not valid UTF-16 text")) from None
        return _checked(text.removeprefix("\ufeff"))
    nul = raw.find(b"\x00")
    if nul >= 0:
        raise NotText(_line_at(raw, nul), _("a NUL byte: not a text file (UTF-16 without a byte-order mark? "
                                            "save it as UTF-8)"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if not latin1:
            raise NotText(_line_at(raw, exc.start), _("not UTF-8 text")) from None
        try:  # Windows programs write letters such as Š at 0x80-0x9f, control characters in Latin-1
            text = raw.decode("cp1252")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
    return _checked(text.removeprefix("\ufeff"))


def _checked(text: str) -> str:
    bad = _CONTROL.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise NotText(line, _("control character {code}: not a text file").format(code=f"U+{ord(bad.group()):04X}"))
    return text


def _line_at(raw: bytes, offset: int) -> int:
    return raw.count(b"\n", 0, offset) + 1
