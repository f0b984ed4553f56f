"""Pictures of the main screens at 80x24 (pytest-textual-snapshot; refresh with --snapshot-update)."""

from __future__ import annotations

import pytest

from swisstui.app import SwissApp
from tests.app.conftest import ROUND_ONE, write_event, write_round

SIZE = (80, 24)


@pytest.fixture
def event_here(tmp_path, monkeypatch):
    """The event after round 1, opened by a relative path so the pictures do not depend on the folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWISSTUI_CONFIG", "config/preferences.toml")  # settings names the themes folder beside it
    path = write_event(tmp_path / "spring.toml")
    write_round(path, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", ""))
    return "spring.toml"


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("keys", [("h",), ("p",), ("r",), ("s",), ("x",), ("g",), ("question_mark",), ("t",)],
                         ids=["home", "players", "results", "standings", "crosstable", "groups", "help", "settings"])
def test_screen(snap_compare, event_here, keys):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    assert snap_compare(SwissApp(event_here), run_before=run_before, terminal_size=SIZE)


def test_review_after_round_one(snap_compare, event_here):
    from swisstui import store

    event = store.load(event_here)
    event.round(1).boards[3].result = "-/+"
    store.save(event, event_here)

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("down", "right")
        await settle(pilot)

    assert snap_compare(SwissApp(event_here), run_before=run_before, terminal_size=SIZE)


@pytest.mark.parametrize("theme", ["light", "contrast"])
def test_theme(snap_compare, event_here, theme):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)

    assert snap_compare(SwissApp(event_here, theme=theme), run_before=run_before, terminal_size=SIZE)


def test_review_boards_view(snap_compare, event_here):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("r", "equals_sign")  # the last result of round 1
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)

    assert snap_compare(SwissApp(event_here), run_before=run_before, terminal_size=SIZE)
