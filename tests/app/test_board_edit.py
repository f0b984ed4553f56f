"""The board edit dialog accepts exactly what ``Session.pairing.change_board`` accepts: one set of checks.

The dialog checks a change before it asks for the reason; whatever it lets through, the session
must apply, and whatever the session refuses, the dialog must refuse first, with the same words.
"""

from __future__ import annotations

import pytest

from swisstui.session.actions import ActionError
from swisstui.app import SwissApp
from swisstui.screens.board_edit import BoardEditScreen
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import ROUND_ONE, write_round

SIZE = (100, 30)


@pytest.fixture
def played(round_one):
    return write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))


async def _dialog_says(pilot, board: int, white: int, black: int) -> tuple[str, bool]:
    """What the dialog shows for the change once checked, and whether it then asks for the reason."""
    app = pilot.app
    await pilot.press("e")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BoardEditScreen)
    for field, value in (("board", board), ("white", white), ("black", black)):
        screen.query_one(f"#{field}").value = str(value)
    await pilot.pause()
    screen.check()
    await pilot.pause()
    shown = str(screen.query_one("#findings").content)
    asks_reason = not screen.query_one("#reason").disabled
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, ReviewScreen)
    return shown, asks_reason


async def test_the_dialog_refuses_what_the_session_refuses_and_lets_through_what_it_applies(played):
    app = SwissApp(played, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        session = app.session
        assert session.fide_mode
        boards = list(session.proposal.boards)
        with_1 = next(n for n, b in enumerate(boards, 1) if 1 in (b.white, b.black))
        # no such board; a player against themself (42, who is not in the round either); a player
        # not in the round; 1 and 5 again, who met in round 1 (C.04.3 [C1]: FIDE mode refuses it)
        for change in ((99, 1, 5), (1, 42, 42), (1, boards[0].white, 42), (with_1, 1, 5)):
            with pytest.raises(ActionError) as refused:
                session.pairing.change_board(*change, "a reason")
            shown, asks_reason = await _dialog_says(pilot, *change)
            assert str(refused.value) in shown, change
            assert not asks_reason, change
        assert session.proposal.boards == boards and not session.proposal.changes

        # and what it lets through (the first board's colours reversed), the session applies
        first = boards[0]
        shown, asks_reason = await _dialog_says(pilot, 1, first.black, first.white)
        assert asks_reason and "refuses" not in shown
        session.pairing.change_board(1, first.black, first.white, "colours drawn again")
        assert len(session.proposal.changes) == 1
