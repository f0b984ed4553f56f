"""One meaning per key across the app, and a result typed on the wrong board taken back with u.

Issue 30 item 3: ``x`` on the results screen recorded a double forfeit while the help page and the
home screen list ``x`` everywhere as the cross-table, and undoing it needed a logged correction.
"""

from __future__ import annotations

import re

from textual.binding import Binding

from swisstui import store
from swisstui.app import SCREENS_BY_NAME, SwissApp
from swisstui.terminal.help_data import SECTIONS
from swisstui.screens.crosstable import CrossTableScreen
from swisstui.screens.home import SCREEN_KEYS
from swisstui.screens.results import ResultsScreen
from tests.app.screen_text import notifications

SIZE = (80, 24)
# Textual's key names for what the help page shows as characters.
SHOWN = {"question_mark": "?", "number_sign": "#", "dollar_sign": "$", "slash": "/", "minus": "-", "plus": "+",
         "equals_sign": "=", "left_square_bracket": "[", "right_square_bracket": "]"}


def keys_of(binding: Binding) -> list[str]:
    return [SHOWN.get(k.strip(), k.strip()) for k in binding.key.split(",")]


def everywhere() -> dict[str, str]:
    """The app's own keys (active on every screen) and what each means, as its binding says."""
    return {key: b.description for b in SwissApp.BINDINGS if isinstance(b, Binding) for key in keys_of(b)}


def screen_bindings(cls) -> dict[str, tuple[str, str]]:
    """A screen's keys, the class nearest in its ancestry winning: key -> (action, description)."""
    bound: dict[str, tuple[str, str]] = {}
    for klass in reversed(cls.__mro__):
        for b in vars(klass).get("BINDINGS", ()):
            if isinstance(b, Binding):
                for key in keys_of(b):
                    bound[key] = (b.action, b.description)
    return bound


def help_keys(shown: str) -> list[str]:
    """The keys a help line names: "? / f1", "B / Z / C", "escape / s", "↑/↓ pgup/pgdn"."""
    keys = []
    for part in re.split(r"\s+/\s+|\s+", shown):
        keys.extend(part.split("/") if len(part) > 1 and "/" in part.strip("/") else [part])
    return [k for k in keys if k]


def test_no_screen_gives_a_key_of_the_whole_app_another_meaning():
    app_keys = everywhere()
    assert app_keys["x"] == "cross-table" and app_keys["s"] == "standings"
    clashes = [f"{name}: {key} is {what!r} there, {app_keys[key]!r} everywhere"
               for name, cls in SCREENS_BY_NAME.items()
               for key, (_action, what) in screen_bindings(cls).items()
               if key in app_keys and what != app_keys[key]]
    assert clashes == []


def test_the_help_page_gives_no_key_of_everywhere_a_second_meaning():
    app_keys = everywhere()
    listed = {key for k in SECTIONS["Everywhere"] for key in help_keys(k.key)}
    assert {"x", "s", "p", "r", "n", "q"} <= listed
    clashes = [f"{section}: {k.key} = {k.description!r}"
               for section, entries in SECTIONS.items() if section != "Everywhere"
               for k in entries for key in help_keys(k.key)
               if key in listed and key != "escape"  # escape is "back" wherever it is pressed
               and app_keys.get(key, "\0") not in k.description]
    assert clashes == []


def test_the_home_screen_names_each_key_as_the_app_binds_it():
    app_keys = everywhere()
    for key, label in SCREEN_KEYS:
        if key in ("?", "ctrl+p"):
            continue
        assert label.startswith(app_keys[key].split()[0]) or app_keys[key] in label, (key, label, app_keys[key])


async def test_x_on_the_results_screen_opens_the_cross_table_and_records_nothing(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, CrossTableScreen)
    assert [b.result for b in store.load(round_one).round(1).boards] == ["", "", "", ""]


async def test_f_records_the_double_forfeit(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
    assert [b.result for b in store.load(round_one).round(1).boards] == ["-/-", "", "", ""]


async def test_u_takes_back_a_result_typed_on_the_wrong_board_without_a_correction(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("1", "0")  # 1-0 on board 1, then 0-1 on board 2: meant for board 3
        await pilot.pause()
        assert [b.result for b in store.load(round_one).round(1).boards] == ["1-0", "0-1", "", ""]
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.query_one("#boards").cursor_row == 1  # back on the board it was typed on
        await pilot.press("down", "0")
        await pilot.pause()
        await pilot.press("u", "u")  # once: the 0-1 of board 3; again: nothing typed since to undo
        await pilot.pause()
        said = notifications(app)
        assert any("board 2 has no result again" in m for m in said), said
        assert any("no result typed here to undo" in m for m in said), said
    event = store.load(round_one)
    assert [b.result for b in event.round(1).boards] == ["1-0", "", "", ""]
    assert event.round(1).changes == []  # no correction logged: a result typed by mistake is not one
