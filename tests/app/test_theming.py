"""Theme files: every file in the top-level themes/ is a valid theme, and a broken one says what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet

from swisstui import theming
from swisstui.theming import ThemeFileError, load_themes, parse_theme

ROOT = Path(__file__).resolve().parents[2]
THEMES_DIR = ROOT / "themes"


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
    with pytest.raises(ThemeFileError, match=r"unknown variable \$primery"):
        parse_theme("venue", "$primary: #fff;\n$primery: #000;", "venue.tcss")


def test_comments_are_ignored():
    theme = parse_theme("x", "/* $primary: #123456; */\n$primary: #abcdef;\n$dark: false;")
    assert theme.primary == "#abcdef" and theme.dark is False
