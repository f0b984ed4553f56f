"""Themes as data: the files in ``swisstui/themes/`` become Textual themes.

A theme file is a Textual CSS file holding only variable declarations
(``$primary: #4f9fd8;``), so an arbiter can add a theme for their venue's
projector by copying a file, without touching the code. The folder ships inside
the package (package data), so a wheel or ``pipx install`` has the themes too.
"""

from __future__ import annotations

import re
from pathlib import Path

from textual.theme import Theme

THEMES_DIR = Path(__file__).resolve().parent / "themes"
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


def load_themes(folder: Path = THEMES_DIR) -> list[Theme]:
    """Every ``*.tcss`` theme of ``folder``, named ``swisstui-<file stem>``, sorted by name."""
    themes = []
    for path in sorted(folder.glob("*.tcss")):
        themes.append(parse_theme(PREFIX + path.stem, path.read_text(encoding="utf-8"), str(path)))
    return themes
