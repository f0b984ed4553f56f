"""Which language the arbiter reads the screens in: a choice made for this run, then the one remembered on
this computer, then the terminal's locale, then English.

The event's own language (its published pages) is the event's setting and is never taken from here:
an English-reading arbiter may run a French open, and the pages follow the event.
"""

from __future__ import annotations

import os

from swisstui import language
from swisstui.terminal import preferences

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Read in gettext's order; LANGUAGE may list several (``fr:de``), the first with a catalogue wins."""


def from_locale(environ: dict[str, str] | None = None) -> str | None:
    """The first language of the locale variables with a catalogue ("C" and "POSIX" name none)."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        for part in env.get(name, "").split(":"):
            if not part or part.split(".")[0] in ("C", "POSIX"):
                continue
            try:
                return language.known(part)
            except language.UnknownLanguage:
                continue
    return None


def arbiter_language(explicit: str | None = None) -> str:
    """The screens' language: ``explicit`` (``--language``), SWISSTUI_LANGUAGE, the preference, the locale.

    An unknown explicit code is an error the caller shows (UnknownLanguage names the languages there
    are); an unknown remembered one or locale falls through to the next source."""
    for given in (explicit, os.environ.get("SWISSTUI_LANGUAGE")):
        if given:
            return language.known(given)
    saved = preferences.saved_language()
    if saved:
        try:
            return language.known(saved)
        except language.UnknownLanguage:
            pass
    return from_locale() or language.DEFAULT
