"""Themes as data: the files in the top-level ``themes/`` become Textual themes.

A theme file is a Textual CSS file holding only variable declarations
(``$primary: #4f9fd8;``), so an arbiter can add a theme for their venue's
projector by copying a file, without touching the code. The folder sits at the
top of the source and installs as the package ``swisstui.themes`` (``package-dir``
in pyproject.toml), so a wheel, ``pipx`` and an editable checkout all read it
through :mod:`importlib.resources`.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable

from textual.theme import Theme

BUNDLED_PACKAGE = "swisstui.themes"
PREFIX = "swisstui-"
DEFAULT_THEME = PREFIX + "dark"

_DECLARATION = re.compile(r"^\s*\$([a-z-]+)\s*:\s*([^;]+);", re.MULTILINE)
_COLOURS = ("primary", "secondary", "warning", "error", "success", "accent",
            "foreground", "background", "surface", "panel", "boost")


class ThemeFileError(ValueError):
    pass


def parse_theme(name: str, text: str, source: str = "<theme>") -> Theme:
    """A :class:`Theme` from the declarations of one theme file."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    values = {m.group(1): m.group(2).strip() for m in _DECLARATION.finditer(text)}
    if "primary" not in values:
        raise ThemeFileError(f"{source}: $primary is missing")
    unknown = set(values) - set(_COLOURS) - {"dark"}
    if unknown:
        raise ThemeFileError(f"{source}: unknown variable ${sorted(unknown)[0]}")
    colours = {k: values[k] for k in _COLOURS if k in values}
    dark = values.get("dark", "true").lower() != "false"
    return Theme(name=name, dark=dark, **colours)


def bundled_folder() -> Traversable:
    return resources.files(BUNDLED_PACKAGE)


def load_themes(folder: Traversable | None = None) -> list[Theme]:
    """Every ``*.tcss`` theme of ``folder`` (the bundled ones), named ``swisstui-<file stem>``, sorted by name."""
    files = sorted((f for f in (bundled_folder() if folder is None else folder).iterdir()
                    if f.name.endswith(".tcss") and f.is_file()), key=lambda f: f.name)
    return [parse_theme(PREFIX + f.name.removesuffix(".tcss"), f.read_text(encoding="utf-8"), str(f)) for f in files]
