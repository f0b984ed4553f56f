"""The screens write a tie-break's decimals as the arbiter's language does (``8,5`` in French), as the
published pages do; the CSV and the command line keep the point."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from swisstui import language
from swisstui.app import SwissApp
from tests.app.screen_text import burst, screen_lines

WEEKEND = Path(__file__).resolve().parents[2] / "sample_events" / "weekend-open.toml"


async def _standings_rows(path: Path) -> list[str]:
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "s")
        # the rows of the table, without the scroll bar's column (the French legend takes a line more)
        return [line[:76].rstrip() for line in screen_lines(app) if re.match(r"\s*\d+\s+\d+\s", line)]


async def test_the_standings_screen_writes_tie_breaks_with_the_languages_decimal_separator(tmp_path):
    path = tmp_path / "weekend.toml"
    shutil.copyfile(WEEKEND, path)
    english = await _standings_rows(path)
    language.set_arbiter_language("fr")
    french = await _standings_rows(path)
    assert len(french) >= 15 and len(english) >= len(french)
    assert any(re.search(r"\b\d+\.\d+\b", line) for line in english)  # BH of halves: 10.5
    assert not any(re.search(r"\b\d+\.\d+\b", line) for line in french)
    assert [line.replace(".", ",") for line in english[:len(french)]] == french
