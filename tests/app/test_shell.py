"""The application shell: header, home, help, command palette, themes, a file that does not load."""

from __future__ import annotations

from pathlib import Path

from swisstui.terminal import help_data
from swisstui.app import SwissApp
from swisstui.terminal.commands import COMMANDS
from swisstui.screens.help import HelpScreen, help_table
from swisstui.screens.load_error import LoadErrorScreen
from tests.app.screen_text import palette_searched, screen_lines, screen_text, wait_until

SIZE = (80, 24)


async def test_header_and_home_say_what_to_do_next(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert lines[0].startswith(" Spring Open · Dutch · round 0 of 5")
        text = screen_text(app)
        assert "Next: Round 1: 9 players registered. Pair it with n." in text
        assert "9 registered" in text


async def test_empty_event_asks_for_players(empty_event):
    app = SwissApp(empty_event)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Register the players" in screen_text(app)


async def test_every_screen_key_opens_its_screen(event_file):
    app = SwissApp(event_file)
    expected = {"p": "PlayersScreen", "g": "ScoreGroupsScreen", "r": "ResultsScreen", "s": "StandingsScreen",
                "x": "CrossTableScreen", "t": "SettingsScreen", "h": "HomeScreen"}
    async with app.run_test(size=SIZE) as pilot:
        for key, name in expected.items():
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ == name, key
            assert screen_lines(app)[0].startswith(" Spring Open"), key
        # screens replace each other: the stack does not grow while navigating
        assert len(app.screen_stack) == 2


async def test_help_lists_every_key(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Keys · escape closes" in screen_text(app)
        from rich.console import Console

        console = Console(width=200, record=True)
        console.print(help_table())
        rendered = console.export_text()
        for section, key in help_data.all_keys():
            assert key.description in rendered, (section, key.key)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_command_palette_runs_actions(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Cross-table")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "CrossTableScreen"
        # every palette command names an action the app has, and screen actions exist on their screen
        import re

        from swisstui.app import SCREENS_BY_NAME

        for title, _help, action in COMMANDS:
            name = action.split("(")[0]
            assert hasattr(app, f"action_{name}"), title
            target = re.match(r"on\('(\w+)', [\"']([a-z_]+)", action)
            if target:
                assert hasattr(SCREENS_BY_NAME[target.group(1)], f"action_{target.group(2)}"), title


async def test_palette_withdraws_the_player_under_the_cursor(event_file):
    from swisstui import store

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "down")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Withdraw player")
        await palette_searched(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert store.load(event_file).player(2).withdrawn


async def test_themes_from_files_selectable_in_settings(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "swisstui-dark"
        assert {"swisstui-dark", "swisstui-light", "swisstui-high-contrast"} <= set(app.available_themes)
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("down", "enter")  # second line: light
        await pilot.pause()
        assert app.theme == "swisstui-light"
        assert app.available_themes["swisstui-light"].dark is False
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.theme == "swisstui-high-contrast"
        assert app.available_themes["swisstui-high-contrast"].background.lower() == "#000000"


async def test_theme_from_command_line_name(event_file):
    app = SwissApp(event_file, theme="contrast")
    async with app.run_test(size=SIZE):
        assert app.theme == "swisstui-high-contrast"


async def test_file_that_does_not_load_shows_its_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('schema = 1\n[event]\nname = "X"\nrevision = 1\n[settings]\nrounds = "five"\n', encoding="utf-8")
    app = SwissApp(bad)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadErrorScreen)
        text = screen_text(app)
        assert "does not load" in text
        assert "bad.toml:6:" in text and "settings.rounds" in text
        assert app.screen.lines[0].startswith(f"{bad}:6: settings.rounds")
        # fixing the file and pressing r opens it
        from tests.app.conftest import write_event

        write_event(bad)
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


async def test_missing_file_offers_to_create_the_event(tmp_path):
    path = tmp_path / "club.toml"
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "does not exist yet" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Name: the event needs a name" in screen_text(app)
        await pilot.press(*"Club Championship", "tab", "ctrl+u", "6", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert screen_lines(app)[0].startswith(" Club Championship · Dutch · round 0 of 6")
    from swisstui import store

    event = store.load(path)
    assert (event.name, event.settings.rounds, event.settings.system, event.fide_mode) == (
        "Club Championship", 6, "dutch-2026", True)


async def test_unreadable_file_is_an_error_screen_not_a_crash(tmp_path):
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    app = SwissApp(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadErrorScreen)
        assert "folder.toml" in screen_text(app)


BAD_ROUNDS = 'schema = 1\n[event]\nname = "X"\nrevision = 1\n[settings]\nrounds = "five"\n'


def deep_file(root: Path, length: int, name: str = "bad.toml") -> Path:
    """``name`` in folders under ``root``, its folder with the last slash ``length`` characters long."""
    left = length - len(str(root)) - 1  # each folder below root costs a slash and its name
    assert left >= 2, "root is longer than the path asked for"
    folder = root
    while left > 0:
        size = min(left - 1, 100)
        if left - 1 - size == 1:  # a lone slash cannot be a folder: share the rest
            size -= 1
        folder = folder / ("d" * size)
        left -= 1 + size
    folder.mkdir(parents=True)
    assert len(str(folder)) + 1 == length
    return folder / name


def problem_lines(path: Path) -> list[str]:
    from swisstui import store
    from swisstui.store import EventFileError

    try:
        store.load(path)
    except EventFileError as err:
        return str(err).splitlines()
    raise AssertionError(f"{path} loaded")


async def test_the_file_name_is_whole_on_the_error_screen_however_long_its_folder(tmp_path):
    """An arbiter's events may live deep in folders: each problem line starts with the whole file name,
    the folder stands once above the lines (wrapped, it cut the name in two: 'bad.' and 'toml:6:')."""
    bad = deep_file(tmp_path / "e2e", 300)
    bad.write_text(BAD_ROUNDS, encoding="utf-8")
    app = SwissApp(bad)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoadErrorScreen)
        lines = [line.strip() for line in screen_lines(app)]
        assert any(line.startswith("bad.toml:6: settings.rounds") for line in lines), "\n".join(lines)
        assert f"{bad.parent}/" in "".join(lines)  # the folder, wrapped
        width = app.screen.query_one("#error-lines").content_region.width
        # the folder's length puts the screen's edge just after "bad."
        edge = deep_file(tmp_path / "edge", 5 * width - 4)
        edge.write_text(BAD_ROUNDS, encoding="utf-8")
        await app.push_screen(LoadErrorScreen(str(edge), problem_lines(edge)))
        await pilot.pause()
        lines = [line.strip() for line in screen_lines(app)]
        assert any(line.startswith("bad.toml:6: settings.rounds") for line in lines), "\n".join(lines)
        assert f"{edge.parent}/" in "".join(lines)


async def test_changes_from_another_terminal_appear(event_file):
    from swisstui.session.actions import Session

    app = SwissApp(event_file, watch_interval=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        Session.open(event_file).players.add("Other, Terminal", rating=1500)
        await wait_until(pilot, lambda: "Other, Terminal" in screen_text(app), "the other terminal's player")


async def test_a_change_on_disk_while_the_app_closes_is_not_a_crash(event_file):
    """The file watcher keeps ticking while the app takes its screens down.

    Under load a tick landed in that moment after a save and failed on the
    missing screen ("No screens on stack"). Here the moment is made long and
    the file changes in it, so that a tick always falls there.
    """
    import asyncio

    from swisstui.session.actions import Session

    app = SwissApp(event_file, watch_interval=0.02)
    close_all = app._close_all

    async def slow_to_close() -> None:
        await close_all()  # every screen is gone from here on
        Session.open(event_file).players.add("Other, Terminal", rating=1500)
        await asyncio.sleep(0.3)

    app._close_all = slow_to_close
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
    # run_test re-raises any error the app met while closing; the change was left for the next start
    assert "Other, Terminal" not in [p.name for p in app.session.event.players]


async def test_screen_keys_do_not_close_an_open_dialog(event_file):
    from swisstui.screens.dialogs import ConfirmScreen

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "w")
        await pilot.pause()
        await pilot.press("s", "h", "x", "g")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "PlayersScreen"


async def test_a_long_event_name_is_shortened_not_the_round(tmp_path):
    from tests.app.conftest import write_event

    path = write_event(tmp_path / "long.toml", name="International Championship of the Northern Provinces 2026")
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        header = screen_lines(app)[0]
        assert "International Champ" in header and "…" in header
        assert "· Dutch · round 0 of 5" in header and header.endswith("results · no round paired yet")


async def test_a_refresh_before_a_screen_is_mounted_is_ignored(event_file):
    """The file watcher may refresh a screen that is composed but not yet mounted."""
    from swisstui.screens.players import PlayersScreen

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        screen = PlayersScreen()
        app.push_screen(screen)
        screen.refresh_all()  # before on_mount has added the table's columns
        await pilot.pause()
        assert screen.set_up and "Dubois, C." in screen_text(app)


async def test_header_keeps_the_event_and_the_screen_title_apart(tmp_path):
    """However long the event's name, the two halves of the header stand at least three columns apart."""
    from tests.app.conftest import write_event

    right = "results · no round paired yet"
    fits = 80 - 2 - len(right) - 3 - len(" · Dutch · round 0 of 5")  # the longest name shown whole
    for length in (fits, fits + 1, fits + 2):
        path = write_event(tmp_path / f"fit{length}.toml", name="N" * length)
        app = SwissApp(path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("r")
            await pilot.pause()
            header = screen_lines(app)[0]
            before, _, _ = header.partition(right)
            assert before.endswith("round 0 of 5   "), header
            assert ("N" * length in header) == (length == fits), header


async def test_the_theme_chosen_in_settings_is_there_next_time(event_file, tmp_path):
    from swisstui.terminal import preferences

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_theme("contrast")
        await pilot.pause()
    assert preferences.saved_theme() == "contrast"
    again = SwissApp(event_file)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "swisstui-high-contrast"
    # a broken preferences file is ignored, never a crash
    preferences.config_path().write_text("theme = [")
    third = SwissApp(event_file)
    async with third.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert third.theme == "swisstui-dark"


async def palette_titles(pilot, query: str) -> list[str]:
    from textual.command import CommandList

    app = pilot.app
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*query)
    await palette_searched(pilot)
    options = app.screen.query_one(CommandList)
    titles = [str(options.get_option_at_index(i).prompt).split("\n")[0] for i in range(options.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return titles


async def test_palette_offers_the_apps_commands_once_each_and_matches_words(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        assert [t for t in await palette_titles(pilot, "quit") if "Quit" in t] == ["Quit"]
        assert await palette_titles(pilot, "screenshot") == []  # no file saved into ~/Downloads on a server
        themes = await palette_titles(pilot, "theme")
        ours = {title for title, _, _ in COMMANDS}
        assert set(themes) <= ours  # no second theme picker with Textual's built-in themes
        assert sorted(t for t in themes if "Theme" in t) == ["Theme: dark", "Theme: high contrast", "Theme: light"]
        trf = await palette_titles(pilot, "trf")
        assert "Import players" in trf and "Edit a board of the pairing" not in trf


def test_palette_matching_wants_each_word_to_begin_a_word():
    from swisstui.terminal.commands import match_score

    assert match_score("trf", "Edit a board of the pairing", "validated, with a reason") == 0
    assert match_score("trf", "Import players", "from CSV or TRF, with a preview") > 0
    assert match_score("cross", "Cross-table", "who played whom") > match_score("cross", "Help", "cross-table too")
    assert match_score("pair next", "Pair next round", "run the engine") > 0


async def test_the_palette_holds_the_publish_action_the_readme_promises(event_file):
    """Issue 30 item 5: the README says the palette holds every action; publishing (P on the standings) was not there."""
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        assert "Publish the round" in await palette_titles(pilot, "publish")
    action = next(action for title, _, action in COMMANDS if title == "Publish the round")
    assert action == "on('standings', 'publish')"
    keys = next(title for title, _, action in COMMANDS if action == "keys('default')")
    assert keys and "x" not in next(h for t, h, _ in COMMANDS if t == keys).split()  # x is the cross-table
