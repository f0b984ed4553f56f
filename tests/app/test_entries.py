"""Late entries and byes as arbiters give them: who changes number, missed rounds, full-point byes, the limit."""

from __future__ import annotations

from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ChoiceScreen, ConfirmScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import notifications

SIZE = (80, 24)
RESULTS = ("1-0", "0-1", "1/2-1/2", "-/+")


async def add_late_entry(pilot, name: str, rating: str) -> None:
    await pilot.press("p", "a")
    await pilot.pause()
    await pilot.press(*name, "tab", *rating, "enter")
    await pilot.pause()


async def test_a_late_entry_shows_who_changes_number_and_asks(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await add_late_entry(pilot, "Zhou, W.", "2160")
        assert isinstance(app.screen, ChoiceScreen)
        question = app.screen.question
        assert "Zhou, W. takes number 6" in question and "4 player(s) change number" in question
        assert "6 Ruiz, P. -> 7" in question and "9 Dubois, C. -> 10" in question
        assert "Rounds 1-1, missed, score 0 each" in question
        await pilot.press("escape")  # cancelled: nothing registered
        await pilot.pause()
        assert len(store.load(round_one).players) == 9
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Zhou, W.", "tab", *"2160", "enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    event = store.load(round_one)
    assert event.player(6).name == "Zhou, W." and event.player(7).name == "Ruiz, P."
    assert event.round(1).requests[6] is ResultCode.ZERO_BYE  # C.04.2 art. 2.4: the missed round scores 0
    assert any(e.action == "renumber" for e in event.log)


async def test_a_late_entry_can_keep_everybodys_number(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await add_late_entry(pilot, "Zhou, W.", "2160")
        await pilot.press("k")
        await pilot.pause()
        assert any("registered as number 10" in n for n in notifications(app))
    event = store.load(round_one)
    assert event.player(10).name == "Zhou, W." and event.player(6).name == "Ruiz, P."
    assert event.round(1).requests[10] is ResultCode.ZERO_BYE


async def test_a_late_entrants_missed_round_can_score_a_half_point_bye(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await add_late_entry(pilot, "Zhou, W.", "1500")  # the lowest rating: nobody moves, no question
        assert not isinstance(app.screen, ChoiceScreen)
        await pilot.press("end", "B", "ctrl+u", "1", "enter")
        await pilot.pause()
        await pilot.press("home", "B", "ctrl+u", "1", "enter")  # Amber played round 1: refused
        await pilot.pause()
        assert any("already paired and 1 played in it" in n for n in notifications(app))
    event = store.load(round_one)
    assert event.round(1).requests == {10: ResultCode.HALF_BYE}
    assert event.to_tournament().score(10) == event.to_tournament().settings.points.draw


async def test_full_point_byes_are_refused_in_fide_mode_and_given_outside_it(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "plus")
        await pilot.pause()
        assert any("FIDE mode gives no full-point bye" in n for n in notifications(app))
        assert store.load(event_file).round(1) is None
        app.session.settings.leave_fide_mode("club rules allow full-point byes")
        await pilot.press("plus")
        await pilot.pause()
    assert store.load(event_file).round(1).requests == {1: ResultCode.FULL_BYE}


async def test_the_events_bye_limit_is_kept_unless_the_arbiter_makes_an_exception(event_file):
    event = store.load(event_file)
    event.bye_limit = 1
    store.save(event, event_file)
    assert "bye_limit = 1" in event_file.read_text()
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "b")  # round 1: the one bye allowed
        await pilot.press("B", "ctrl+u", "3", "enter")  # round 3: over the limit
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "the event allows 1" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert store.load(event_file).round(3) is None or 1 not in store.load(event_file).round(3).requests
        await pilot.press("B", "ctrl+u", "3", "enter", "y")
        await pilot.pause()
    event = store.load(event_file)
    assert event.round(3).requests[1] is ResultCode.HALF_BYE
    assert event.log[-1].action == "bye-over-limit"
