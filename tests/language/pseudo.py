"""A pseudo-language for finding words shown to a user that never went through the catalogue.

Every looked-up sentence comes back with each ASCII letter replaced by an accented look-alike of the
same width ("Standings" -> "Šŧàñđìñĝš"), the ``{fields}`` kept, so that a screen or a page drawn in it
keeps its layout and every word still written in plain ASCII letters either belongs to the event
(a player's name, a club, a federation, a tie-break's C.07 name) or was never marked for translation.
"""

from __future__ import annotations

import gettext
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "àƀçđèƒĝĥìĵķĺḿñòƥʠŕšŧùṽŵẋýžÀƁÇĐÈƑĜĤÌĴĶĹḾÑÒƤǪŔŠŦÙṼŴẊÝŽ"
_TABLE = str.maketrans(PLAIN, ACCENTED)
_FIELD = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]|\[/?[a-z$][^\]]*\])")  # fields and Rich markup stay


def mark(message: str) -> str:
    """``message`` in the pseudo-language: its letters accented, its fields and markup as they were."""
    return "".join(part if _FIELD.fullmatch(part) else part.translate(_TABLE) for part in _FIELD.split(message))


class Pseudo(gettext.NullTranslations):
    """Every sentence looked up comes back :func:`mark`-ed; separators and date patterns keep working."""

    def gettext(self, message: str) -> str:
        return mark(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return mark(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return mark(msgid1 if n == 1 else msgid2)


WORD = re.compile(r"[A-Za-z]+")
KEY_NAMES = {"escape", "esc", "enter", "tab", "ctrl", "shift", "space", "up", "down", "left", "right", "pgup",
             "pgdn", "home", "end", "backspace", "delete", "del", "ins", "insert", "alt", "pageup", "pagedown",
             "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12"}
"""Keys as the keyboard's caps print them: the footer and the hints show them as they are."""
PROPER = {"FIDE", "TRF", "swisstui", "Elo", "UTC", "QR", "ID", "CSV", "JSON", "HTML", "PDF", "URL",
          "Baku", "Varma", "Berger", "Dubov", "Burstein", "Lim", "Swiss", "Manager", "Gacrux", "bbpPairings",
          "JaVaFo", "Sonneborn", "Koya", "Buchholz", "Elo",
          "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}
"""Names the same in every language, the names of programs and files, and FIDE's titles as FIDE writes them."""
DATA_KEYS = {"name", "club", "federation", "title", "city", "chief_arbiter", "deputy_arbiters", "short",
             "short_name", "captain", "arbiter", "by", "tiebreaks", "event", "organiser", "place"}


def _strings(value: object, key: str = "") -> Iterable[str]:
    if isinstance(value, str):
        if key in DATA_KEYS:
            yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, key)


def event_words(path: Path) -> set[str]:
    """The words of the event's own data (names, clubs, federations, titles, tie-break names)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {word for text in _strings(data) for word in WORD.findall(text)}


def unmarked(text: str, allowed: set[str]) -> list[str]:
    """The plain-ASCII words of ``text`` that are neither data (``allowed``), a key's name nor a proper name."""
    return sorted({word for word in WORD.findall(text)
                   if word not in allowed and word not in KEY_NAMES and word not in PROPER})


def tiebreak_names() -> set[str]:
    """The tie-breaks' short names and modifiers as C.07 writes them (kept in every language)."""
    from engine.tiebreaks.spec import ALIASES, DEFINITIONS
    from engine.tiebreaks.team_spec import TEAM_DEFINITIONS

    codes = {*DEFINITIONS, *ALIASES, *TEAM_DEFINITIONS}
    return {word for code in codes for word in WORD.findall(code)} | {"C", "M", "MP", "GP"}


def screen_unmarked(app, allowed: set[str]) -> list[str]:
    """The unmarked words of the app's current screen (modal dialogs and the footer included)."""
    from tests.app.screen_text import screen_text

    return unmarked(screen_text(app), allowed | tiebreak_names())
