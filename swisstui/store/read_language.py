"""``[settings] language``: the language the event's pages are published in (docs/event-format.md).

Apart from :mod:`swisstui.store.read` so that the reader of the whole file names it in one line, as it does
a team event's settings (:mod:`swisstui.store.read_teams`).
"""

from __future__ import annotations

from typing import Any

from swisstui import language
from swisstui.store.typed import TypedReader


def read_language(reader: TypedReader, settings: dict[str, Any]) -> str:
    """The code, exactly as a catalogue names it ("fr"; never "FR" or "fr_FR", which would compare unequal),
    English when the key is left out (every file written before the setting existed).

    Anything else is refused at its line, naming the languages there are: a page published in English for
    a French open because of a typing slip would be found only on the wall."""
    code = reader.get(settings, ("settings",), "language", "str", language.DEFAULT)
    if code not in language.LANGUAGES:
        there = ", ".join(f'"{c}" ({name})' for c, name in language.LANGUAGES.items())
        raise reader.fail(("settings", "language"), f"{code!r} is not a language swisstui has a catalogue for; "
                                                    f"there are: {there}")
    return str(code)
