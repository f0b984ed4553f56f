"""Notifications at 80x24 sit on the footer line, at its right end: they cover no table row, header or legend;
a series of notices of one kind raised in quick succession shows as one, with a count."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import DataTable
from textual.widgets._toast import Toast, ToastRack

from swisstui import store
from swisstui.app import SwissApp
from tests.app.screen_text import burst, screen_lines, wait_until

SIZE = (80, 24)
SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
SHORT = "round 5: half bye for 1"
LONG = ("the pairing system is fixed once round 1 is paired (round 4 is): it was announced before round 1 "
        "(C.04.2 art. 1.1) and the rounds paired followed its rules")


@pytest.fixture
def weekend(tmp_path) -> Path:
    """64 players: the players' table fills the screen down to the legend."""
    path = tmp_path / "weekend-open.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    return path


async def shown_toasts(pilot, count: int) -> list[Toast]:
    """The toasts on the screen once ``count`` are shown (run_test(notifications=True) draws them)."""
    rack = pilot.app.screen.get_child_by_type(ToastRack)
    await wait_until(pilot, lambda: len(rack.query(Toast)) == count, f"{count} toast(s) shown")
    await pilot.pause()
    return list(rack.query(Toast))


async def test_a_one_line_notification_covers_only_the_right_end_of_the_footer(weekend):
    app = SwissApp(weekend)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("p")
        await pilot.pause()
        before = screen_lines(app)
        app.notify(SHORT, timeout=30)
        (toast,) = await shown_toasts(pilot, 1)
        table = app.screen.query_one(DataTable).region
        assert toast.region.y == SIZE[1] - 1 and toast.region.height == 1  # the footer line
        assert toast.region.right == SIZE[0] and toast.region.width < SIZE[0] // 2  # its right end, as wide as the text
        assert not toast.region.overlaps(table)
        after = screen_lines(app)
        assert after[:-1] == before[:-1]  # every row above the footer as it was
        assert SHORT in after[-1] and after[-1].startswith(before[-1][:40])  # the legend's start still shown


async def test_long_and_several_notifications_grow_up_from_the_footer_never_over_the_header(weekend):
    app = SwissApp(weekend)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("p")
        await pilot.pause()
        before = screen_lines(app)
        app.notify(LONG, timeout=30)
        app.notify(SHORT, timeout=30)
        toasts = await shown_toasts(pilot, 2)
        top = min(t.region.y for t in toasts)
        assert max(t.region.bottom for t in toasts) == SIZE[1]
        assert top >= SIZE[1] - 4  # the long one wraps at the whole width: three lines, then the short one
        assert all(t.region.right == SIZE[0] for t in toasts)
        assert screen_lines(app)[:top] == before[:top]  # the header and the table's first rows untouched
        text = " ".join(line.strip("▌ ") for line in screen_lines(app)[top:])
        assert "C.04.2 art. 1.1" in text and SHORT in text  # nothing of either message cut off


@pytest.mark.slow
async def test_sixteen_quick_registrations_show_one_notice_with_the_count(weekend):
    app = SwissApp(weekend)
    # A registration's notice lasts 4 s, and collapses only with one still shown: on a loaded machine
    # sixteen registrations (each a file written and a 64-row table redrawn) outlast it, the count
    # starts again and the toast may be gone before it is read. What is tested is the collapsing, not
    # the 4 s: every notice here lasts the whole test, whatever the machine's speed.
    notice = app.notice
    app.notice = lambda message, **how: notice(message, **{**how, "timeout": 3600})  # type: ignore[method-assign]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("p")
        await pilot.pause()
        keys = [key for n in range(1, 17) for key in ("a", *f"Late {n:02d}, A.", "enter")]
        await burst(pilot, *keys)
        (toast,) = await shown_toasts(pilot, 1)
        text = " ".join(line.strip("▌ ") for line in screen_lines(app)[toast.region.y:])
        assert "registered 16 players · last: Late 16, A. registered as number 80" in text
    assert [p.name for p in store.load(weekend).players[-16:]] == [f"Late {n:02d}, A." for n in range(1, 17)]


async def test_the_same_notice_again_shows_once_with_a_count_and_other_notices_stay_apart(weekend):
    app = SwissApp(weekend)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(3):
            app.notify(SHORT, timeout=30)
            await pilot.pause()
        app.notify("another notice", timeout=30)
        toasts = await shown_toasts(pilot, 2)
        text = " ".join(line.strip("▌ ") for line in screen_lines(app)[min(t.region.y for t in toasts):])
        assert f"{SHORT} (×3)" in text and "another notice" in text
