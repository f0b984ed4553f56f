"""The paper for the hall opened from the standings (H, and the command palette's "Paper for the hall"):
the round is published and the browser opens the index at the round, beside its paper links."""

from __future__ import annotations

import shutil

from swisstui.app import SwissApp
from tests.publish.conftest import WEEKEND_OPEN


async def test_the_standings_open_the_paper_for_the_hall_in_the_browser(tmp_path, monkeypatch):
    weekend = tmp_path / "weekend.toml"
    shutil.copy(WEEKEND_OPEN, weekend)
    opened: list[str] = []
    app = SwissApp(weekend)
    monkeypatch.setattr(app, "open_url", lambda url, **kw: opened.append(url))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("H")
        await pilot.pause()
    out = weekend.with_name("weekend-published")
    assert opened == [f"{(out / 'index.html').resolve().as_uri()}#round-4"]
    index = (out / "index.html").read_text(encoding="utf-8")
    for kind in ("slips", "scoresheets", "wall"):
        assert (out / "paper" / f"round-4-{kind}.html").is_file() and f"paper/round-4-{kind}.html" in index
