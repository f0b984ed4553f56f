"""TOML text to data, section by section, each distinct section parsed once.

A results screen saves on every key, and most saves read the file back (to check what it
wrote; a result key does not) while another arbiter's copy reloads it: at 2,000 players that is a megabyte of TOML
parsed again and again for one changed line. The file is mostly ``[[players]]`` and
``[[rounds]]`` sections that do not change from one save to the next, so :func:`parse`
splits the text before each such header, parses each section on its own and keeps the
result by its text: an unchanged section costs a dictionary lookup.

The result is the same as ``tomllib.loads`` of the whole text, or the text is handed to
``tomllib.loads`` whole: whenever a section does not parse on its own, or the sections
do not combine the way TOML would combine them (a header inside a multi-line string splits
a section in two halves that do not parse; a ``[settings]`` table after the players is a
section with a second key), the whole text is parsed as before, with its errors and lines.

The data returned is shared with the cache: callers read it and never change it.
"""

from __future__ import annotations

import re
import threading
import tomllib
from collections import OrderedDict
from decimal import Decimal
from typing import Any

ARRAYS = ("players", "teams", "forbidden", "rounds", "log")
"""The arrays of tables the text is split at (``[[players]]`` ...): one section per entry."""

_HEADER = re.compile(r"^(?=\[\[(players|teams|forbidden|rounds|log)\]\][ \t]*\r?$)", re.MULTILINE)

SMALL = 16_384
"""Texts shorter than this are parsed whole: splitting would not pay."""

_CACHE_CHARS = 64 * 1024 * 1024
"""The most text whose sections are kept parsed (the sections of a few large events)."""


class _Cache:
    """Parsed sections by their text, the least recently used dropped first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.items: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.mutex = threading.Lock()

    def get(self, text: str) -> dict[str, Any] | None:
        with self.mutex:
            found = self.items.get(text)
            if found is not None:
                self.items.move_to_end(text)
            return found

    def put(self, text: str, value: dict[str, Any]) -> None:
        with self.mutex:
            if text in self.items:
                return
            self.items[text] = value
            self.size += len(text)
            while self.size > self.limit and self.items:
                old, _ = self.items.popitem(last=False)
                self.size -= len(old)


_sections = _Cache(_CACHE_CHARS)


def parse(text: str) -> dict[str, Any]:
    """The TOML data of ``text`` (decimals as :class:`Decimal`); ``tomllib.TOMLDecodeError`` as ``tomllib`` raises it."""
    if len(text) >= SMALL:
        doc = _by_sections(text)
        if doc is not None:
            return doc
    return tomllib.loads(text, parse_float=Decimal)


def _by_sections(text: str) -> dict[str, Any] | None:
    """The data combined from the sections, or ``None`` when they do not combine as the whole text would."""
    parts = _HEADER.split(text)
    # re.split gives the text before the first header, then (array name, section text) pairs
    head = _section(parts[0])
    if head is None:
        return None
    doc = dict(head)
    arrays: dict[str, list[Any]] = {}
    for i in range(1, len(parts), 2):
        name, section = parts[i], parts[i + 1]
        data = _section(section)
        if data is None or len(data) != 1 or not isinstance(data.get(name), list) or name in head:
            return None
        arrays.setdefault(name, []).extend(data[name])
    doc.update(arrays)
    return doc


def _section(text: str) -> dict[str, Any] | None:
    found = _sections.get(text)
    if found is None:
        try:
            found = tomllib.loads(text, parse_float=Decimal)
        except tomllib.TOMLDecodeError:
            return None
        _sections.put(text, found)
    return found
