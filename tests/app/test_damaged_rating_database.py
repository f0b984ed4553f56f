"""A damaged rating database in the app (issue 29, item 4): the form and the preview go on without the list.

The database holds a list month that is not YYYY-MM, or a name that is not UTF-8: the player
form offers no match and saves what is typed, the import preview imports the rows as they
are and says in one problem line that the database cannot be read.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.ratings.db import import_list
from swisstui.ratings.fide_list import FideList
from swisstui.screens.import_preview import ImportPreviewScreen
from swisstui.screens.player_form import PlayerForm
from oracles import fide_lists as F
from tests.app.screen_text import open_import, screen_text

SIZE = (80, 24)
DAMAGES = {
    "month": "UPDATE lists SET month = '2026-1x'",
    "name": "UPDATE players_2026_11 SET name = CAST(X'FF43617200' AS TEXT)",
}


def damaged(tmp_path: Path, damage: str) -> Path:
    db = Path(os.environ["SWISSTUI_RATINGS_DB"])
    import_list(db, FideList(F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))), "2026-11")
    conn = sqlite3.connect(db)
    conn.execute(DAMAGES[damage])
    conn.commit()
    conn.close()
    return db


@pytest.mark.parametrize("damage", DAMAGES)
async def test_the_player_form_offers_nothing_and_saves_what_is_typed(event_file, tmp_path, damage):
    damaged(tmp_path, damage)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm)
        await pilot.press(*"Carls")
        await pilot.pause()
        app.screen.query_one("#f-fide_id").focus()
        await pilot.press(*"1503014")
        await pilot.pause()
        assert "Carlsen, Magnus" not in screen_text(app)
        app.screen.query_one("#f-name").focus()
        await pilot.press("enter")
        await pilot.pause()
    added = store.load(event_file).players[-1]
    assert (added.name, added.fide_id) == ("Carls", 1503014)


@pytest.mark.parametrize("damage", DAMAGES)
async def test_the_import_preview_imports_the_rows_as_they_are(event_file, tmp_path, damage):
    db = damaged(tmp_path, damage)
    (event_file.parent / "entries.csv").write_text("Name;FIDE id;Rating\nCarlsen, M.;1503014;2800\n", encoding="utf-8")
    app = SwissApp(event_file)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_import(pilot, "entries.csv")
        assert isinstance(app.screen, ImportPreviewScreen)
        problems = app.screen.preview.problems
        assert len(problems) == 1 and problems[0].startswith(f"{db}: cannot be read: "), problems
        assert "Carlsen, M." in screen_text(app)
