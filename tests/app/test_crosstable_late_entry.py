"""The cross-table screen shows a late entry's rounds before it joined as a dash, with the note (issue 30 item 5)."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from swisstui import store
from tests.publish.test_late_entry_crosstable import late_entry_event


async def test_the_screen_shows_a_dash_before_a_late_entry_and_says_why(tmp_path):
    from swisstui.app import SwissApp

    path = tmp_path / "club.toml"
    path.write_text(store.dumps(late_entry_event()), encoding="utf-8")
    app = SwissApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        late = [str(c) for c in table.get_row("9")][3:]
        absent = [str(c) for c in table.get_row("8")][3:]
        legend = str(app.screen.query_one("#legend", Static).render())
    assert late == ["-", "-", late[2]] and late[2].endswith("b1"), late
    assert absent[2] == "0bye", absent
    assert "not in the event yet" in legend, legend
