"""Theme files: the bundled ones in the top-level themes/, the arbiter's own beside the preferences file.

Every bundled file is a valid theme; a broken file of the arbiter's is skipped with a message
naming the file and line, and a good one is offered in settings beside the bundled three.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.widgets import OptionList

from swisstui.terminal import preferences, theming
from swisstui.app import SwissApp
from swisstui.terminal.theming import ThemeFileError, available_themes, load_themes, load_user_themes, parse_theme, resolve
from tests.app.screen_text import notifications

ROOT = Path(__file__).resolve().parents[2]
THEMES_DIR = ROOT / "themes"
SIZE = (80, 24)
VENUE = "/* the club's projector */\n$primary: #ff8800;\n$background: #101010;\n$dark: true;\n"


def test_the_three_themes():
    themes = {t.name: t for t in load_themes()}
    assert set(themes) == {"swisstui-dark", "swisstui-light", "swisstui-high-contrast"}
    assert themes["swisstui-dark"].dark and not themes["swisstui-light"].dark
    contrast = themes["swisstui-high-contrast"]
    assert (contrast.background, contrast.foreground) == ("#000000", "#ffffff")


def test_the_bundled_themes_are_read_from_the_top_level_themes_folder():
    """The checkout's install is editable: swisstui.themes is the top-level themes/, not a copy."""
    assert Path(str(theming.bundled_folder())) == THEMES_DIR
    assert sorted(p.name for p in THEMES_DIR.glob("*.tcss")) == ["dark.tcss", "high-contrast.tcss", "light.tcss"]
    assert not (ROOT / "swisstui" / "themes").exists()


@pytest.mark.parametrize("path", sorted(THEMES_DIR.glob("*.tcss")), ids=lambda p: p.name)
def test_theme_files_are_valid_textual_css(path):
    sheet = Stylesheet()
    sheet.add_source(path.read_text(encoding="utf-8"), read_from=(str(path), ""))
    sheet.parse()


def test_missing_primary_and_unknown_variables_are_named():
    with pytest.raises(ThemeFileError, match=r"venue.tcss: \$primary is missing"):
        parse_theme("venue", "$background: #000;", "venue.tcss")
    with pytest.raises(ThemeFileError, match=r"venue.tcss, line 2: unknown variable \$primery"):
        parse_theme("venue", "$primary: #fff;\n$primery: #000;", "venue.tcss")


def test_a_bad_colour_or_line_is_named_with_its_line():
    with pytest.raises(ThemeFileError, match=r"venue.tcss, line 4: \$panel is 'blurple', not a colour"):
        parse_theme("venue", "/* two\nlines */\n$primary: #fff;\n$panel: blurple;", "venue.tcss")
    with pytest.raises(ThemeFileError, match=r"line 2: not a '\$name: value;' declaration: 'Screen \{ color: red; \}'"):
        parse_theme("venue", "$primary: #fff;\nScreen { color: red; }", "venue.tcss")
    with pytest.raises(ThemeFileError, match=r"line 1: \$dark is 'maybe', not true or false"):
        parse_theme("venue", "$dark: maybe;\n$primary: #fff;", "venue.tcss")


def test_comments_are_ignored():
    theme = parse_theme("x", "/* $primary: #123456; */\n$primary: #abcdef;\n$dark: false;")
    assert theme.primary == "#abcdef" and theme.dark is False


def test_a_broken_user_file_is_skipped_and_named(tmp_path):
    (tmp_path / "venue.tcss").write_text(VENUE)
    (tmp_path / "broken.tcss").write_text("$primary: #fff;\n$surface: nope;\n")
    (tmp_path / "latin1.tcss").write_bytes(b"/* caf\xe9 */\n$primary: #fff;\n")
    (tmp_path / "notes.txt").write_text("not a theme")
    choices, problems = load_user_themes(tmp_path)
    assert [(c.key, c.label, c.user) for c in choices] == [("venue", "venue (your file)", True)]
    assert problems == [f"theme not loaded: {tmp_path / 'broken.tcss'}, line 2: $surface is 'nope', not a colour (e.g. #4f9fd8)",
                        f"theme not loaded: {tmp_path / 'latin1.tcss'}: not UTF-8 text"]


def test_a_user_file_named_like_a_bundled_theme_replaces_it(tmp_path):
    (tmp_path / "High-Contrast.tcss").write_text("$primary: #ffff00;\n$background: #000000;\n")
    (tmp_path / "venue.tcss").write_text(VENUE)
    choices, problems = available_themes(tmp_path)
    assert problems == []
    assert [(c.key, c.user) for c in choices] == [("dark", False), ("light", False), ("high-contrast", True),
                                                  ("venue", True)]
    assert resolve(choices, "contrast").theme.primary == "#ffff00"
    assert resolve(choices, "VENUE").theme.name == "swisstui-venue"
    assert resolve(choices, None).theme.name == "swisstui-dark"
    with pytest.raises(ValueError, match=r"unknown theme 'club' \(one of: contrast, dark, light, venue\)"):
        resolve(choices, "club")


def test_no_user_folder_means_the_bundled_three(tmp_path):
    choices, problems = available_themes(tmp_path / "absent")
    assert [c.key for c in choices] == ["dark", "light", "high-contrast"] and problems == []


def settings_lines(app) -> list[str]:
    menu = app.screen.query_one(OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def test_a_user_theme_is_offered_in_settings_and_applied(event_file):
    folder = theming.user_folder()
    assert folder == preferences.config_path().parent / "themes"
    folder.mkdir()
    (folder / "venue.tcss").write_text(VENUE)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        themes = [line for line in settings_lines(app) if line.startswith("Theme")]
        assert themes == ["Theme        ● dark", "Theme        ○ light", "Theme        ○ high contrast (projector)",
                          "Theme        ○ venue (your file)"]
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert app.theme == "swisstui-venue"
        assert app.current_theme.primary == "#ff8800"
        assert app.screen.styles.background.hex.lower() == "#101010"
        assert "Theme        ● venue (your file)" in settings_lines(app)
    assert preferences.saved_theme() == "venue"
    again = SwissApp(event_file)  # the next start opens with the arbiter's theme
    async with again.run_test(size=SIZE):
        assert again.theme == "swisstui-venue"


async def test_a_broken_user_theme_is_named_and_the_app_runs(event_file):
    folder = theming.user_folder()
    folder.mkdir()
    (folder / "venue.tcss").write_text("$primary: #ff8800\n")  # the semicolon forgotten
    app = SwissApp(event_file, theme="venue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        messages = notifications(app)
        assert f"theme not loaded: {folder / 'venue.tcss'}, line 1: not a '$name: value;' declaration: " \
               "'$primary: #ff8800'" in messages
        assert "unknown theme 'venue' (one of: contrast, dark, light)" in messages
        assert app.theme == "swisstui-dark"
        assert type(app.screen).__name__ == "HomeScreen"
