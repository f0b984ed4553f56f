"""Burstein and Baku acceleration in the app: a Burstein round paired, explained and published; Baku chosen in the settings, shown on the pairing cards, refused with 3-1-0 scoring."""

from __future__ import annotations

from dataclasses import replace

from engine import systems
from swisstui import store
from swisstui.app import SwissApp
from tests.app.conftest import write_event, write_round
from tests.app.screen_text import choose_line, notifications, screen_text
from tests.app.test_review import SIZE, confirm, pair

# round 1 as the Dutch seeding round pairs it: 1-5, 6-2, 3-7, 8-4, the PAB to 9; results below
ROUND_ONE = ((1, 5), (6, 2), (3, 7), (8, 4))


def burstein_event(tmp_path, acceleration: str = "none"):
    path = write_event(tmp_path / "burstein.toml", rounds=3)  # seeding rounds: min(3 // 2, 4) = 1
    event = store.load(path)
    event.settings = replace(event.settings, system="burstein-2026")
    event.acceleration = acceleration
    store.save(event, path)
    return write_round(path, 1, ROUND_ONE, bye=9, results=("1-0", "1/2-1/2", "0-1", "1/2-1/2"))


async def test_a_burstein_round_is_paired_explained_and_published(tmp_path):
    path = burstein_event(tmp_path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        trace = screen.session.proposal.result.trace
        rules = " ".join(e.rule for e in trace)
        assert "C.04.4.2 art. 1.8, 4.1" in rules and "C.04.4.2 art. 4.3" in rules
        # step through the whole explanation: every step shows its rule
        seen_index = seen_pair = False
        for _ in range(len(trace)):
            text = screen_text(app)
            # the bracket pane lists each player's BSN and Index beside the usual facts
            seen_index |= "rule: C.04.4.2 art. 1.8, 4.1" in text and "BSN" in text and "BH" in text
            seen_pair |= "BSN 1" in text and "rule: C.04.4.2 art. 4.3" in text
            await pilot.press("right")
            await pilot.pause()
        assert seen_index and seen_pair
        engine_result = systems.pair(store.load(path).to_tournament())
        await confirm(pilot)
    rnd = store.load(path).round(2)
    assert [(b.white, b.black) for b in rnd.boards] == [(b.white, b.black) for b in engine_result.boards]
    assert rnd.bye == engine_result.bye and rnd.published


async def choose_baku(pilot) -> None:
    """Settings (t), the Baku line, enter."""
    await pilot.press("t")
    await pilot.pause()
    await choose_line(pilot, "accel:baku")


async def test_baku_is_chosen_in_the_settings_and_shown_on_the_pairing_cards(tmp_path):
    path = write_event(tmp_path / "open.toml", rounds=9)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await choose_baku(pilot)
        assert store.load(path).acceleration == "baku"
        assert "● Baku acceleration" in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        text = screen_text(app)
        # 9 players: GA = 2 x ceil(9/4) = 6 players start on a win's points (C.04.7 art. 1.2, 1.4)
        assert "VP" in text and text.count("+1") == 6 and "virtual points (C.04.7)" in text


async def test_baku_is_refused_where_a_win_is_not_two_draws(tmp_path):
    from engine.model.tournament import PointSystem

    path = write_event(tmp_path / "three.toml", rounds=9)
    event = store.load(path)
    event.settings = replace(event.settings, points=PointSystem(win=3, draw=1))
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await choose_baku(pilot)
        assert store.load(path).acceleration == "none"
        assert "C.04.7 art. 1.1" in " ".join(notifications(app))
