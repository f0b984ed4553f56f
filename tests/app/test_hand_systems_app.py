"""A Lim event and a club event run in the app: five rounds each, the review stepped to an exchange."""

from __future__ import annotations

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.store.event import PlayerRecord
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import NINE
from tests.app.screen_text import choose_line, screen_text
from tests.app.test_review import pair as pair_and_review

SIZE = (80, 24)
EIGHT = NINE[:8]


def write(path, system: str):
    event = store.new_event("Club night", 5, system=system)
    for i, (name, rating, title, fed) in enumerate(EIGHT, start=1):
        event.players.append(PlayerRecord(id=i, name=name, rating=rating, title=title, federation=fed))
    store.save(event, path)
    return path


async def step_to(pilot, screen: ReviewScreen, words: str) -> str:
    """Step right through the explanation until a step shows ``words``; its text."""
    for _ in range(len(screen.session.proposal.result.trace) + 1):
        text = screen_text(pilot.app)
        if words in text:
            return text
        await pilot.press("right")
        await pilot.pause()
    raise AssertionError(f"no step shows {words!r}")


async def confirm_and_enter(pilot, keys: str) -> None:
    await pilot.press("c")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()
    for key in keys:
        await pilot.press({"=": "equals_sign"}.get(key, key))
        await pilot.pause()


@pytest.mark.slow
async def test_five_round_lim_event_with_an_exchange_in_the_review(tmp_path):
    path = write(tmp_path / "lim.toml", "lim")
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pair_and_review(pilot)
        # round 1 (art. 7.2): 1-5 6-2 3-7 8-4; 1, 2, 3 and 4 win
        await confirm_and_enter(pilot, "1010")
        screen = await pair_and_review(pilot)
        # round 2: 1 and 3 both had White, both due Black: the colour scrutiny exchanges 3 for 4 (art. 5.2)
        text = await step_to(pilot, screen, "opponent exchanged")
        assert "Step" in text and ": exchange" in text and "C.04.4.3 art. 5.2" in text
        await confirm_and_enter(pilot, "====")
        for _ in range(3):
            await pair_and_review(pilot)
            await confirm_and_enter(pilot, "1=0=")
    event = store.load(path)
    assert [r.number for r in event.rounds] == [1, 2, 3, 4, 5]
    assert [(b.white, b.black) for b in event.round(2).boards] == [(4, 1), (2, 3), (5, 8), (7, 6)]
    assert all(b.result for r in event.rounds for b in r.boards)


@pytest.mark.slow
async def test_five_round_club_event_steps_through_its_search(tmp_path):
    path = write(tmp_path / "club.toml", "club")
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pair_and_review(pilot)
        await confirm_and_enter(pilot, "1010")
        for _ in range(4):
            screen = await pair_and_review(pilot)
            text = await step_to(pilot, screen, "search order")
            assert "club S4.2" in text
            await confirm_and_enter(pilot, "1=0=")
    event = store.load(path)
    assert [r.number for r in event.rounds] == [1, 2, 3, 4, 5]
    assert event.settings.system == "club"


async def test_the_new_event_dialog_offers_lim_and_the_club_swiss(tmp_path):
    path = tmp_path / "new.toml"
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "lim-2026" in text and "lim-seed" in text and "club" in text
        await pilot.press(*"Lim Cup", "tab", "ctrl+u", "5", "tab", "ctrl+u", *"lim", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert " · Lim · round 0 of 5" in screen_text(app)
    assert store.load(path).settings.system == "lim-2026"


async def test_maxi_tournament_is_set_in_the_settings_before_round_one(tmp_path):
    path = write(tmp_path / "maxi.toml", "lim")
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert "Maxi         ○ no" in screen_text(app)
        await choose_line(pilot, "option:maxi")
        assert "Maxi         ● yes" in screen_text(app)
    assert store.load(path).settings.options == {"maxi": "yes"}
    assert store.load(write(tmp_path / "dutch.toml", "dutch")).settings.options == {}
