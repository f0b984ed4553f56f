"""The standings screen explains a blank DE cell as the published lists do (issue 30 item 5: the DE
column was blank on screen without the footnote the HTML has)."""

from __future__ import annotations

import shutil
from pathlib import Path

from swisstui import store
from swisstui.app import SwissApp
from tests.app.screen_text import screen_text

SIZE = (80, 24)
SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


async def test_the_de_column_has_its_note_under_the_table(tmp_path):
    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    assert "DE" in store.load(path).settings.tiebreaks
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert " DE " in text.splitlines()[1] + " "  # the column is shown at 80 columns
        assert "DE: place among those tied when it applied; blank: it did not separate them" in text


async def test_without_de_there_is_no_note(tmp_path):
    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    event = store.load(path)
    from dataclasses import replace

    event.settings = replace(event.settings, tiebreaks=tuple(tb for tb in event.settings.tiebreaks if tb != "DE"))
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert "DE:" not in screen_text(app)
