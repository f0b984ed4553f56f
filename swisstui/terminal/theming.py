"""Themes as data: the bundled ``themes/`` and the arbiter's own themes folder become Textual themes.

A theme file is a Textual CSS file holding only variable declarations
(``$primary: #4f9fd8;``), so an arbiter can add a theme for their venue's
projector by copying a file, without touching the code. The bundled themes sit in
the top-level ``themes/`` of the source and install as the package
``swisstui.themes`` (``package-dir`` in pyproject.toml), so a wheel, ``pipx`` and an
editable checkout all read them through :mod:`importlib.resources`.

The arbiter's own files go in the ``themes`` folder beside the preferences file
(``~/.config/swisstui/themes/``): they survive an upgrade, which the installed
package does not. A file named like a bundled theme replaces it, so a club can
retune ``high-contrast`` for its projector and every way of naming that theme
(``--theme contrast``, the palette, the saved preference) gets the club's colours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from textual.color import Color, ColorParseError
from textual.theme import Theme

from swisstui.terminal import preferences

from swisstui.language import N_, _

BUNDLED_PACKAGE = "swisstui.themes"
PREFIX = "swisstui-"
DEFAULT_THEME = PREFIX + "dark"
ALIASES = {"contrast": "high-contrast"}  # the short name --theme and the palette have always taken
BUNDLED_LABELS = {"dark": N_("dark"), "light": N_("light"), "high-contrast": N_("high contrast (projector)")}

_DECLARATION = re.compile(r"\s*\$([A-Za-z-]+)\s*:\s*([^;]*?)\s*;\s*")
_COLOURS = ("primary", "secondary", "warning", "error", "success", "accent",
            "foreground", "background", "surface", "panel", "boost")


class ThemeFileError(ValueError):
    pass


@dataclass(frozen=True)
class ThemeChoice:
    """One theme the arbiter can pick: its name in settings, ``--theme`` and the preferences file."""

    key: str  # the file's stem, lower case
    theme: Theme
    source: str  # the file it was read from
    user: bool  # from the arbiter's themes folder, not bundled

    @property
    def label(self) -> str:
        if not self.user:
            return _(BUNDLED_LABELS[self.key]) if self.key in BUNDLED_LABELS else self.key
        return _("{name} (your file)").format(name=Path(self.source).stem)


def _without_comments(text: str) -> str:
    """The text with its ``/* */`` comments blanked, keeping their line breaks so line numbers stay true."""
    return re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.DOTALL)


def parse_theme(name: str, text: str, source: str = "<theme>") -> Theme:
    """A :class:`Theme` from one theme file; a line that is not a known, valid declaration is named."""
    values: dict[str, str] = {}
    for number, line in enumerate(_without_comments(text).splitlines(), start=1):
        if not line.strip():
            continue
        where = _("{file}, line {line}").format(file=source, line=number)
        match = _DECLARATION.fullmatch(line)
        if match is None:
            raise ThemeFileError(_("{where}: not a '$name: value;' declaration: {text}").format(
                where=where, text=repr(line.strip()[:40])))
        variable, value = match.group(1), match.group(2)
        if variable == "dark":
            if value.lower() not in ("true", "false"):
                raise ThemeFileError(_("{where}: $dark is {value}, not true or false").format(
                    where=where, value=repr(value)))
        elif variable not in _COLOURS:
            raise ThemeFileError(_("{where}: unknown variable ${variable} (known: {known}, dark)").format(
                where=where, variable=variable, known=", ".join(_COLOURS)))
        else:
            try:
                Color.parse(value)
            except ColorParseError:
                raise ThemeFileError(_("{where}: ${variable} is {value}, not a colour (e.g. #4f9fd8)").format(
                    where=where, variable=variable, value=repr(value))) from None
        values[variable] = value
    if "primary" not in values:
        raise ThemeFileError(_("{file}: $primary is missing").format(file=source))
    get = values.get
    return Theme(name=name, primary=values["primary"], secondary=get("secondary"), warning=get("warning"),
                 error=get("error"), success=get("success"), accent=get("accent"), foreground=get("foreground"),
                 background=get("background"), surface=get("surface"), panel=get("panel"), boost=get("boost"),
                 dark=values.get("dark", "true").lower() == "true")


def bundled_folder() -> Traversable:
    return resources.files(BUNDLED_PACKAGE)


def user_folder() -> Path:
    """The arbiter's own themes: the ``themes`` folder beside the preferences file."""
    return preferences.config_path().parent / "themes"


def _theme_files(folder: Traversable) -> list[Traversable]:
    return sorted((f for f in folder.iterdir() if f.name.endswith(".tcss") and f.is_file()), key=lambda f: f.name)


def _choice(file: Traversable, user: bool) -> ThemeChoice:
    key = file.name.removesuffix(".tcss").lower()
    return ThemeChoice(key, parse_theme(PREFIX + key, file.read_text(encoding="utf-8"), str(file)), str(file), user)


def load_themes(folder: Traversable | None = None) -> list[Theme]:
    """The bundled themes (or those of ``folder``), sorted by name; a broken file raises: it is ours to fix."""
    return [_choice(file, user=False).theme for file in _theme_files(bundled_folder() if folder is None else folder)]


def load_user_themes(folder: Path) -> tuple[list[ThemeChoice], list[str]]:
    """The arbiter's themes, and a message naming each file that could not be used (it is skipped)."""
    if not folder.is_dir():
        return [], []
    choices: list[ThemeChoice] = []
    problems: list[str] = []
    for file in _theme_files(folder):
        try:
            choice = _choice(file, user=True)
        except ThemeFileError as err:
            problems.append(_("theme not loaded: {problem}").format(problem=err))
            continue
        except UnicodeDecodeError:
            problems.append(_("theme not loaded: {file}: not UTF-8 text").format(file=file))
            continue
        except OSError as err:
            problems.append(_("theme not loaded: {file}: {problem}").format(file=file, problem=err.strerror or err))
            continue
        if any(c.key == choice.key for c in choices):
            problems.append(_("theme not loaded: {file}: another file of {folder} has the same name").format(
                file=file, folder=folder))
            continue
        choices.append(choice)
    return choices, problems


def available_themes(folder: Path | None = None) -> tuple[list[ThemeChoice], list[str]]:
    """Bundled themes first, then the arbiter's; the arbiter's file wins over a bundled one of its name."""
    user, problems = load_user_themes(user_folder() if folder is None else folder)
    replaced = {c.key for c in user}
    order = list(BUNDLED_LABELS)  # dark, light, high contrast: the order settings has always shown
    bundled = sorted((_choice(file, user=False) for file in _theme_files(bundled_folder())),
                     key=lambda c: order.index(c.key) if c.key in order else len(order))
    merged = [next(u for u in user if u.key == b.key) if b.key in replaced else b for b in bundled]
    merged += [u for u in user if u.key not in {b.key for b in bundled}]
    return merged, problems


def resolve(choices: list[ThemeChoice], name: str | None) -> ThemeChoice:
    """The theme a user's choice names (``dark``, ``contrast``, ``venue``, any case); ValueError when none."""
    by_key = {c.key: c for c in choices}
    if not name:
        return by_key[DEFAULT_THEME.removeprefix(PREFIX)]
    key = name.strip().lower().removeprefix(PREFIX)
    key = key if key in by_key else ALIASES.get(key, key)
    if key not in by_key:
        names = ", ".join(sorted({"contrast" if c.key == "high-contrast" else c.key for c in choices}))
        raise ValueError(_("unknown theme {name} (one of: {names})").format(name=repr(name), names=names))
    return by_key[key]
