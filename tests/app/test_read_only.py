"""A read-only event file is opened for reading, said to be read-only, and never replaced."""

from __future__ import annotations

import os

from swisstui.app import SwissApp
from tests.app.screen_text import notifications, screen_lines, screen_text

SIZE = (80, 24)


async def test_a_read_only_event_is_shown_as_such_and_a_change_is_refused(round_one):
    os.chmod(round_one, 0o444)
    before = round_one.read_bytes()
    app = SwissApp(round_one, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any("spring.toml is read-only: you can look, but no change can be saved" in n
                   for n in notifications(app))
        assert "· read-only" in screen_lines(app)[0]
        assert "(read-only: no change can be saved)" in screen_text(app)
        await pilot.press("r", "1")  # a result on board 1
        await pilot.pause()
        assert any("the file is read-only: nothing was saved" in n for n in notifications(app))
        assert "not saved" in screen_lines(app)[0]
    assert round_one.read_bytes() == before
    assert round_one.stat().st_mode & 0o777 == 0o444
