"""The page templates' environment, with the catalogue's lookups: ``{{ _("Standings") }}`` and
``{% trans %}`` in a template read the language in force when the page is rendered (the event's while
pages are published, :func:`swisstui.language.using`); ``<html lang="{{ lang }}">`` names that language, so
that a browser's reader, hyphenation and spelling follow the page's words."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from swisstui import language


class _CodeInForce:
    """``{{ lang }}``: the code of the language in force when the page is rendered, not when the environment
    was made (an environment outlives a ``using`` block: the display's serves every request)."""

    def __str__(self) -> str:
        return language.current_code()


def page_environment(**options: Any) -> Environment:
    """The templates of ``swisstui/templates`` (HTML escaped), ``options`` as Jinja takes them."""
    env = Environment(loader=PackageLoader("swisstui", "templates"), autoescape=select_autoescape(["html"]),
                      extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the i18n extension
        gettext=language._, ngettext=language.ngettext, pgettext=language.pgettext, newstyle=True)
    env.globals["lang"] = _CodeInForce()
    return env
