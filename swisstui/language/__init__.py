"""The words shown to people, in the language they read: the arbiter's on the screens, the event's on the
published pages and the paper for the hall.

Two languages can be in use at once (an arbiter reading English runs a French open), so the
language in force is a context variable: the arbiter's by default (:func:`set_arbiter_language`),
the event's inside ``with using(code):`` while pages are written. Catalogues are GNU gettext files
(``swisstui/locale/<code>/LC_MESSAGES/swisstui.mo``) read by the standard library; the ``.po``
sources beside them are what translators edit (``scripts/catalogues.py`` extracts, updates and
compiles them; docs/languages.md).

Every sentence shown is marked where it is written: ``_("...")`` where it is shown, ``N_("...")``
for a constant looked up later, ``ngettext`` where a count decides the form, ``pgettext`` where one
English word needs two translations ("Round" a heading, "round" in a sentence need not differ, but a
short column label and a word in prose may).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from engine.model import wording

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "swisstui"
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
"""The languages with a catalogue, each named in itself (how an arbiter looks for it in a list)."""
DEFAULT = "en"


class UnknownLanguage(ValueError):
    """A language code with no catalogue: the message names the ones there are."""


def known(code: str) -> str:
    """``code`` as the catalogues name it ("FR", "fr_FR.UTF-8" -> "fr"); UnknownLanguage when none matches."""
    short = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if short not in LANGUAGES:
        raise UnknownLanguage(f"no catalogue for the language {code!r}; there are: "
                              + ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items()))
    return short


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (English is the source text: no catalogue, every message as written)."""
    code = known(code)
    if code == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, languages=[code])


_arbiter: list[gettext.NullTranslations] = [gettext.NullTranslations()]
_arbiter_code: list[str] = [DEFAULT]
_in_force: ContextVar[gettext.NullTranslations | None] = ContextVar("swisstui_language", default=None)
_code_in_force: ContextVar[str | None] = ContextVar("swisstui_language_code", default=None)


def set_arbiter_language(code: str, catalogue: gettext.NullTranslations | None = None) -> None:
    """The language of everything shown outside a :func:`using` block from now on.

    ``catalogue`` replaces the installed one (the tests' pseudo-language, which marks every looked-up
    message so that a screen's unmarked words stand out)."""
    _arbiter[0] = catalogue if catalogue is not None else translations(code)
    _arbiter_code[0] = code if catalogue is not None else known(code)


def current() -> gettext.NullTranslations:
    return _in_force.get() or _arbiter[0]


def current_code() -> str:
    """The code of the language in force ("en", "fr", ...): dates and numbers are written by it."""
    return _code_in_force.get() or _arbiter_code[0]


def arbiter_code() -> str:
    return _arbiter_code[0]


@contextmanager
def using(code: str | None) -> Iterator[None]:
    """Everything looked up inside the block in ``code`` (None or "": the language in force stays)."""
    if not code:
        yield
        return
    catalogue = _arbiter[0] if code == _arbiter_code[0] else translations(code)
    token, code_token = _in_force.set(catalogue), _code_in_force.set(code if code == _arbiter_code[0] else known(code))
    try:
        yield
    finally:
        _in_force.reset(token)
        _code_in_force.reset(code_token)


def _(message: str) -> str:
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return current().pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for the catalogue; it is looked up with :func:`_` where it is shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a constant for the catalogue under ``context``; looked up with :func:`pgettext` where shown."""
    return message


wording.install(_, ngettext)
