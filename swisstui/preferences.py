"""The arbiter's own preferences, kept apart from any event: today, the colour theme.

A projector at one venue wants the high-contrast theme whatever event is open,
so the choice lives in the user's configuration folder
(``$XDG_CONFIG_HOME/swisstui/preferences.toml``, or the file named by
``SWISSTUI_CONFIG``), not in the event file that other arbiters share.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path


def config_path() -> Path:
    explicit = os.environ.get("SWISSTUI_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "swisstui" / "preferences.toml"


def saved_theme() -> str | None:
    """The theme chosen last time, or None when nothing (readable) was saved."""
    try:
        data = tomllib.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    theme = data.get("theme")
    return theme if isinstance(theme, str) else None


def save_theme(choice: str) -> bool:
    """Remember ``choice`` for the next start; False when the folder cannot be written (nothing else breaks)."""
    path = config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(f'# swisstui preferences\ntheme = "{choice}"\n', encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        return False
    return True
