"""The engine's sentences for people (review steps, refusals), looked up through a translator the program
using the engine installs.

The engine is usable on its own and then speaks English; the app installs its catalogue's lookup with
:func:`install`, so that the same sentences reach the arbiter in the arbiter's language. Every sentence
is written ``_("... {name} ...").format(name=...)`` (or :func:`ngettext` where a count decides the
form), so that the app's extraction finds it and a translator can move the fields.
"""

from __future__ import annotations

from typing import Callable

_lookup: Callable[[str], str] = lambda message: message
_plural: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural


def install(lookup: Callable[[str], str], plural: Callable[[str, str, int], str]) -> None:
    """Route every later :func:`_` and :func:`ngettext` through ``lookup`` and ``plural``."""
    global _lookup, _plural
    _lookup, _plural = lookup, plural


def _(message: str) -> str:
    return _lookup(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _plural(singular, plural, n)


def N_(message: str) -> str:
    """Marks a sentence for the catalogue where it is defined (a constant) and looked up where it is shown."""
    return message
