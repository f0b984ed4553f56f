"""Every key bound anywhere in the app is documented in help_data (so the help screen lists it)."""

from __future__ import annotations

import re

from swisstui.terminal import help_data
from swisstui.app import SCREENS_BY_NAME, SwissApp

# Textual key names -> what the help table writes.
DISPLAY = {
    "question_mark": "?", "slash": "/", "number_sign": "#", "equals_sign": "=", "plus": "+",
    "minus": "-", "left_square_bracket": "[", "right_square_bracket": "]", "left": "←", "right": "→",
    "up": "↑", "down": "↓", "pageup": "pgup", "pagedown": "pgdn", "dollar_sign": "$",
}


def tokens(key: str) -> set[str]:
    """The single keys of one help entry: "e / enter" -> {"e", "enter"}, "←/→" -> {"←", "→"}."""
    if key.strip() == "/":
        return {"/"}
    return {t for t in re.split(r"[ /]+", key) if t} | ({"/"} if key.startswith("/ ") else set())


def documented() -> set[str]:
    return {t for _, k in help_data.all_keys() for t in tokens(k.key)}


def bound_keys(cls) -> set[str]:
    keys = set()
    own = [b for c in cls.__mro__ if c.__module__.startswith("swisstui") for b in c.__dict__.get("BINDINGS", [])]
    for binding in own:
        for key in binding.key.split(","):
            keys.add(DISPLAY.get(key.strip(), key.strip()))
    return keys


def test_every_app_and_screen_key_is_documented():
    known = documented()
    classes = [SwissApp, *SCREENS_BY_NAME.values()]
    missing = []
    for cls in classes:
        for key in bound_keys(cls):
            if key not in known:
                missing.append(f"{cls.__name__}: {key}")
    assert not missing, missing


def test_result_presets_match_the_help():
    from swisstui.session.actions import KEY_PRESETS

    sections = {"default": "Results (default keys)", "papi": "Results (Papi keys)"}
    for preset, keys in KEY_PRESETS.items():
        documented_keys = {k.key for k in help_data.SECTIONS[sections[preset]]}
        assert set(keys) <= documented_keys, preset


def test_markdown_key_map_has_every_key():
    md = help_data.as_markdown()
    for section, key in help_data.all_keys():
        assert f"| `{key.key}` | {key.description} |" in md
