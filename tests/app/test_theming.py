"""Theme files: every file in swisstui/themes/ is a valid theme, and a broken one says what is wrong."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet

from swisstui.theming import THEMES_DIR, ThemeFileError, load_themes, parse_theme


def test_the_three_themes():
    themes = {t.name: t for t in load_themes()}
    assert set(themes) == {"swisstui-dark", "swisstui-light", "swisstui-high-contrast"}
    assert themes["swisstui-dark"].dark and not themes["swisstui-light"].dark
    contrast = themes["swisstui-high-contrast"]
    assert (contrast.background, contrast.foreground) == ("#000000", "#ffffff")


@pytest.mark.parametrize("path", sorted(THEMES_DIR.glob("*.tcss")), ids=lambda p: p.name)
def test_theme_files_are_valid_textual_css(path):
    sheet = Stylesheet()
    sheet.add_source(path.read_text(encoding="utf-8"), read_from=(str(path), ""))
    sheet.parse()


def test_missing_primary_and_unknown_variables_are_named():
    with pytest.raises(ThemeFileError, match=r"venue.tcss: \$primary is missing"):
        parse_theme("venue", "$background: #000;", "venue.tcss")
    with pytest.raises(ThemeFileError, match=r"unknown variable \$primery"):
        parse_theme("venue", "$primary: #fff;\n$primery: #000;", "venue.tcss")


def test_comments_are_ignored():
    theme = parse_theme("x", "/* $primary: #123456; */\n$primary: #abcdef;\n$dark: false;")
    assert theme.primary == "#abcdef" and theme.dark is False
