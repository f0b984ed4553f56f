"""The arbiter's own preferences, kept apart from any event: the colour theme, the arbiter's name, the
language of the screens.

A projector at one venue wants the high-contrast theme whatever event is open,
so the choice lives in the user's configuration folder
(``$XDG_CONFIG_HOME/swisstui/preferences.toml``, or the file named by
``SWISSTUI_CONFIG``), not in the event file that other arbiters share.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

from swisstui.store.file_writer import Refused, save_file


def config_path() -> Path:
    explicit = os.environ.get("SWISSTUI_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "swisstui" / "preferences.toml"


def _saved() -> dict:
    try:
        data = tomllib.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return {key: value for key, value in data.items() if isinstance(value, str)}


def _save(key: str, value: str) -> bool:
    """Remember ``key = value`` beside the other preferences; False when the folder cannot be written."""
    data = _saved()
    data[key] = value
    path = config_path()
    lines = ["# swisstui preferences"] + [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in sorted(data.items())]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_file(path, "\n".join(lines) + "\n")
    except (OSError, Refused):
        return False
    return True


def saved_theme() -> str | None:
    """The theme chosen last time, or None when nothing (readable) was saved."""
    return _saved().get("theme")


def save_theme(choice: str) -> bool:
    """Remember ``choice`` for the next start; False when the folder cannot be written (nothing else breaks)."""
    return _save("theme", choice)


def saved_arbiter() -> str:
    """The name the arbiter signed the last correction with on this computer ("" when none)."""
    return str(_saved().get("arbiter", ""))


def save_arbiter(name: str) -> bool:
    return _save("arbiter", name)


def saved_language() -> str | None:
    """The screens' language chosen on this computer (a catalogue's code), or None."""
    return _saved().get("language")


def save_language(code: str) -> bool:
    return _save("language", code)
