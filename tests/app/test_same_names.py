"""The screens tell two players of one name apart (issue 30 item 5): players, results, standings,
cross-table and the review's boards all show "Smith, J (ENG)" and "Smith, J (SCO)"."""

from __future__ import annotations

from swisstui import store
from swisstui.app import SwissApp
from tests.app.screen_text import screen_text
from tests.publish.test_same_names import two_smiths


async def test_each_screen_names_the_two_smiths_apart(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(store.dumps(two_smiths()), encoding="utf-8")
    app = SwissApp(path, watch_interval=0, pair_in_child=False)
    seen = {}
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("p", "r", "s", "x"):
            await pilot.press(key)
            await pilot.pause()
            seen[key] = screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("a")  # the review's boards
        await pilot.pause()
        seen["review"] = screen_text(app)
    for where, text in seen.items():
        assert "Smith, J (ENG)" in text and "Smith, J (SCO)" in text, f"{where}:\n{text}"
