"""``--language`` of ``new`` and ``publish``: the language of the published pages, as a catalogue names it."""

from __future__ import annotations

from swisstui import language
from swisstui.cli.errors import EXIT_USAGE, CliError


def pages_language(code: str) -> str:
    """The catalogue's code for ``code`` ("FR", "fr_FR" -> "fr"): typed on a command line, it is read as
    leniently as the locale is; refused, naming the languages there are, when no catalogue matches."""
    try:
        return language.known(code)
    except language.UnknownLanguage as err:
        raise CliError(f"--language: {err}", EXIT_USAGE) from None
