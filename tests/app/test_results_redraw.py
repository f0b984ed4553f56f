"""The results screen draws again only what changed, and what changed is always drawn.

A result key updates the cells of its board, not the whole table (at 1,000 boards a full
redraw is most of what a key costs); these tests check the screen itself, as drawn, after
a key and after another arbiter's change.
"""

from __future__ import annotations

from swisstui.session.actions import RESULT_KINDS, Session
from swisstui.app import SwissApp
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import screen_lines

SIZE = (90, 24)
ROUND_TWO = ((2, 1), (5, 3), (7, 4), (9, 6))


def kind(stored: str):
    return next(k for k in RESULT_KINDS if k.stored == stored)


def board_line(app, white: str) -> str:
    """The screen line of the board whose White is ``white`` (``'1 Amber, J.'``)."""
    (line,) = [line for line in screen_lines(app) if white in line.split("(")[0]]
    return line


async def open_results(pilot) -> None:
    """The results screen, every board drawn with and without the cursor once the table has its
    final size: the table keeps those drawings, and a board whose result changes must not be
    drawn from them."""
    await pilot.press("r")
    await pilot.pause()
    for key in ("down", "down", "down", "up", "up", "up"):
        await pilot.press(key)
        await pilot.pause()
        screen_lines(pilot.app)


async def test_a_result_key_draws_its_board_with_the_result_and_the_other_boards_as_they_were(round_one):
    app = SwissApp(round_one, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        before = screen_lines(app)
        await pilot.press("1")
        await pilot.pause()
        assert "1-0" in board_line(app, "1 Amber, J.")
        await pilot.press("equals_sign")  # the cursor moved on to board 2
        await pilot.pause()
        assert "½-½" in board_line(app, "6 Ruiz, P.")
        after = screen_lines(app)
        changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
        rows = {after.index(board_line(app, "1 Amber, J.")), after.index(board_line(app, "6 Ruiz, P."))}
        assert set(changed) - rows == {0}  # the header counts them: 2 of 4 in
        assert "2 of 4 in" in after[0]


async def test_a_result_another_arbiter_saved_shows_when_the_file_is_seen_changed(round_one):
    app = SwissApp(round_one, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        Session.open(round_one, arbiter="Bo").results.set_result(1, 3, kind("0-1"), seen="")
        app.check_file()
        await pilot.pause()
        assert "0-1" in board_line(app, "3 Kovacs, A.")
        assert "1 of 4 in" in screen_lines(app)[0]
        await pilot.press("1")  # still board 1 under the cursor
        await pilot.pause()
        assert "1-0" in board_line(app, "1 Amber, J.")
        assert "0-1" in board_line(app, "3 Kovacs, A.")


async def test_a_correction_of_the_round_before_by_another_arbiter_changes_the_scores_beside_the_names(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1-0", "0-1"))
    write_round(round_one, 2, ROUND_TWO, bye=8)
    app = SwissApp(round_one, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        assert "(1)" in board_line(app, "2 Lindqvist, E.") and "1 Amber, J. (1)" in board_line(app, "2 Lindqvist, E.")
        # Round 1, board 1 (1-5) was in fact a win for Black.
        Session.open(round_one, arbiter="Bo").results.set_result(1, 1, kind("0-1"), "score sheet", "Bo")
        app.check_file()
        await pilot.pause()
        assert "1 Amber, J. (0)" in board_line(app, "2 Lindqvist, E.")
        assert "5 Sato, K. (1)" in board_line(app, "5 Sato, K.")


async def test_many_results_saved_at_once_by_another_arbiter_all_show(tmp_path):
    from swisstui import store
    from tests.app.test_results import open_with_boards

    path = open_with_boards(tmp_path, boards=30)
    app = SwissApp(path, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        event = store.load(path)
        for board in event.round(1).boards:
            board.result = "0-1"
        store.save(event, path)  # every board at once, by another terminal
        app.check_file()
        await pilot.pause()
        lines = [line for line in screen_lines(app) if "Player" in line]
        assert len(lines) >= 15 and all("0-1" in line for line in lines)
        assert "30 of 30 in" in screen_lines(app)[0]
