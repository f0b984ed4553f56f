"""A long history (a line per result key, thousands in an event): the screen reads a stretch of it,
shows the newest changes first, reaches the oldest with End, and scrolls back up without a gap."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from swisstui.app import SwissApp
from swisstui.store.event import LogEntry
from swisstui.screens.history import PAGE, HistoryScreen
from swisstui.store import history
from tests.app.screen_text import screen_text

SIZE = (120, 30)
ENTRIES = 1_000
START = dt.datetime(2026, 3, 7, 9, 0, tzinfo=dt.timezone.utc)


def change_text(i: int) -> str:
    return f"change number {i:04d}"


def write_history(path: Path, entries: int = ENTRIES, undone: tuple[int, ...] = ()) -> None:
    """``entries`` changes beside the event (change ``i`` wrote revision ``i + 1``), as the store writes
    them; then an undo of each change in ``undone``."""
    records = []
    for i in range(1, entries + 1):
        log = LogEntry("result", change_text(i), 1, "Anna", START + dt.timedelta(seconds=i))
        records.append(history.Record(log, i + 1, [history.Change(("event", "name"), f"N{i}", f"N{i + 1}")]))
    for k, i in enumerate(undone, start=entries + 2):
        log = LogEntry("undo", f"result ({change_text(i)})", 1, "Bo", START + dt.timedelta(hours=1))
        records.append(history.Record(log, k, [], undoes=i + 1))
    text = history.HEADER + "".join(history.encode(r) for r in records)
    history.history_path(path).write_text(text, encoding="utf-8")
    # the event file is at the revision its newest change wrote (entries past it were never made)
    import re

    event_text = path.read_text(encoding="utf-8")
    newest = max(r.revision for r in records)
    path.write_text(re.sub(r"(?m)^revision = \d+$", f"revision = {newest}", event_text, count=1), encoding="utf-8")


def shown_changes(app) -> list[int]:
    """The change numbers in the table's rows on screen, top to bottom (not the highlighted one's
    whole text under the table)."""
    region = app.screen.query_one("#history").region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    return [int(line.split("change number ")[1][:4]) for line in lines
            if "change number" in line and "undo" not in line]


async def open_history(pilot) -> HistoryScreen:
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HistoryScreen)
    return pilot.app.screen


async def test_the_newest_changes_come_first_and_only_a_stretch_of_the_history_is_read(event_file):
    write_history(event_file)
    app = SwissApp(event_file, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        shown = shown_changes(app)
        assert shown[:3] == [1000, 999, 998] and shown == sorted(shown, reverse=True)
        assert f"{ENTRIES} change(s) recorded" in screen_text(app)
        table = screen.query_one("#history")
        assert table.row_count == PAGE  # a stretch, not a thousand rows


async def test_end_shows_the_oldest_change_and_home_the_newest_again(event_file):
    write_history(event_file)
    app = SwissApp(event_file, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        await pilot.press("end")
        await pilot.pause()
        shown = shown_changes(app)
        assert shown[-1] == 1 and shown == list(range(shown[0], 0, -1))
        table = screen.query_one("#history")
        assert change_text(1) in str(table.get_row_at(table.cursor_row)[4])
        await pilot.press("home")
        await pilot.pause()
        assert shown_changes(app)[0] == 1000
        assert change_text(1000) in str(table.get_row_at(table.cursor_row)[4])


async def test_moving_down_reads_on_and_moving_up_from_the_oldest_reads_back_without_a_gap(event_file):
    write_history(event_file)
    app = SwissApp(event_file, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        table = screen.query_one("#history")
        for _ in range(6):
            await pilot.press("pagedown")
        await pilot.pause()
        assert table.row_count > PAGE  # read on as the cursor went down
        seen = [int(str(table.get_row_at(r)[4]).split()[-1]) for r in range(table.row_count)]
        assert seen == list(range(1000, 1000 - table.row_count, -1))
        await pilot.press("end")
        await pilot.pause()
        for _ in range(PAGE + 30):  # up past the first row read at the end
            await pilot.press("up")
        await pilot.pause()
        at_cursor = int(str(table.get_row_at(table.cursor_row)[4]).split()[-1])
        assert at_cursor == PAGE + 31
        seen = [int(str(table.get_row_at(r)[4]).split()[-1]) for r in range(table.row_count)]
        assert seen == list(range(seen[0], seen[0] - table.row_count, -1))  # no gap, no repeat
        assert shown_changes(app) and at_cursor in shown_changes(app)


async def test_a_change_taken_back_is_struck_through_wherever_its_undo_is(event_file):
    write_history(event_file, undone=(3, 999))
    app = SwissApp(event_file, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        table = screen.query_one("#history")

        def struck(number: int) -> bool:
            row = next(r for r in range(table.row_count) if str(table.get_row_at(r)[4]) == change_text(number))
            return "strike" in str(table.get_row_at(row)[4].style)

        assert struck(999) and not struck(1000) and not struck(998)
        await pilot.press("end")
        await pilot.pause()
        assert struck(3) and not struck(2) and not struck(4)


async def test_a_change_recorded_meanwhile_is_shown_and_nothing_is_read_again_otherwise(event_file):
    write_history(event_file)
    app = SwissApp(event_file, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        pages = screen.pages
        screen.refresh_all()
        assert screen.pages is pages  # the history did not change: not read again
        log = LogEntry("result", "another arbiter's key", 1, "Bo", START + dt.timedelta(hours=2))
        from swisstui import store
        store.update(event_file, lambda event: log)  # the other arbiter's change: the event and its entry
        screen.refresh_all()
        await pilot.pause()
        assert "another arbiter's key" in screen_text(app).splitlines()[2]  # under the header and column names
        assert f"{ENTRIES + 1} change(s) recorded" in screen_text(app)


async def test_scrolling_the_view_down_without_the_cursor_reads_on(event_file):
    write_history(event_file)
    app = SwissApp(event_file, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_history(pilot)
        table = screen.query_one("#history")
        for _ in range(3):  # as the mouse wheel does: the view moves, the cursor stays on the newest
            table.scroll_end(animate=False)
            await pilot.pause()
        assert table.cursor_row == 0 and table.row_count >= 3 * PAGE
        seen = [int(str(table.get_row_at(r)[4]).split()[-1]) for r in range(table.row_count)]
        assert seen == list(range(1000, 1000 - table.row_count, -1))
