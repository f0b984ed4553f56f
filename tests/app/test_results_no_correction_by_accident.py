"""Entering results never opens a correction: a result key on a board that has a result is refused
and says so; correcting is its own key, c, on the board under the cursor."""

from __future__ import annotations

from textual.widgets import DataTable

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.correction import CorrectionScreen
from swisstui.screens.dialogs import ChoiceScreen
from swisstui.screens.results import ResultsScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import burst, notifications, screen_text

SIZE = (80, 24)


async def open_results(pilot) -> ResultsScreen:
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ResultsScreen)
    return pilot.app.screen


async def test_a_burst_longer_than_the_empty_boards_fills_them_and_opens_nothing(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "", "", ""))
    before = store.load(round_one)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await burst(pilot, *"1=0101")
        assert isinstance(app.screen, ResultsScreen)  # no dialog took the leftover keys
        assert "all results of round 1 are in; c corrects the board under the cursor (×3)" in notifications(app)
    after = store.load(round_one)
    assert [b.result for b in after.round(1).boards] == ["1-0", "1-0", "1/2-1/2", "0-1"]
    assert after.round(1).changes == [] and after.players == before.players
    assert [(b.white, b.black) for b in after.round(1).boards] == [(b.white, b.black) for b in before.round(1).boards]
    assert all(e.action == "result" for e in after.log[len(before.log):])


async def test_a_result_key_on_a_filled_board_is_refused_while_others_are_empty(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "", "", ""))
    before = round_one.read_bytes()
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_results(pilot)
        await pilot.press("up", "0")  # board 1 has 1-0
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert notifications(app)[-1] == "board 1 has 1-0 already; c corrects it"
        await pilot.press("o")  # "another result" is a result key too
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("backspace")  # and so is clearing
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and screen.query_one(DataTable).cursor_row == 0
    assert round_one.read_bytes() == before


async def test_c_corrects_the_board_under_the_cursor_with_its_key_a_reason_and_a_name(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "", "", ""))
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await pilot.press("c")  # board 2, under the cursor, has no result: nothing to correct
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert notifications(app)[-1] == "board 2 has no result to correct: type its result"
        await pilot.press("up", "c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "Board 1: 1-0 now" in screen_text(app)
        await pilot.press("o", "z")  # another result: 0-0, both scored as lost
        await pilot.pause()
        assert isinstance(app.screen, CorrectionScreen) and "1-0 becomes 0-0" in app.screen.change
        await pilot.press(*"both late", "tab", *"IA Roe", "enter")
        await pilot.pause()
    event = store.load(round_one)
    assert [b.result for b in event.round(1).boards] == ["0-0", "", "", ""]
    (change,) = event.round(1).changes
    assert (change.old, change.new, change.reason, change.by) == ("1-0", "0-0", "both late", "IA Roe")


async def test_the_draw_key_answers_the_correction_question(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1-0", "0-1"))
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await pilot.press("c", "equals_sign")  # "=" arrives as equals_sign: a draw
        await pilot.pause()
        assert isinstance(app.screen, CorrectionScreen) and "becomes ½-½" in app.screen.change
