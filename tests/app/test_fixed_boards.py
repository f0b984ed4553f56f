"""Fixed boards through the session: a player's ``fixed_board`` in the event file keeps them on that board
when round 5 of the weekend open is paired, reviewed and confirmed, and the file keeps the setting.

The case: by C.04.2 art. 3.6 alone, round 5 puts player X on board 6 and player Y on board 2; X must
always play on board 2 and Y on board 5 (Y's pair falls on X's board). The pairs stay as the engine
made them; only their board numbers move, the others keeping their order around the two.
"""

from __future__ import annotations

import shutil

import pytest

from engine.systems.board_order import keep_fixed_boards
from swisstui import store
from swisstui.session.actions import Session
from swisstui.store.read import EventFileError
from tests.publish.conftest import WEEKEND_OPEN


@pytest.fixture
def weekend(tmp_path):
    path = tmp_path / "weekend.toml"
    shutil.copy(WEEKEND_OPEN, path)
    return path


def _fix(path, boards: dict[int, int]) -> None:
    event = store.load(path)
    for pid, board in boards.items():
        event.player(pid).fixed_board = board
    path.write_text(store.dumps(event), encoding="utf-8")


def test_two_fixed_players_keep_their_boards_through_review_and_confirm(weekend):
    natural = Session.open(weekend).pairing.propose().boards
    x, y = natural[5].white, natural[1].black  # on boards 6 and 2 by art. 3.6
    _fix(weekend, {x: 2, y: 5})
    assert "fixed_board = 2" in weekend.read_text(encoding="utf-8")

    session = Session.open(weekend)
    proposal = session.pairing.propose()
    expected = [natural[0], natural[5], natural[2], natural[3], natural[1], natural[4], *natural[6:]]
    assert proposal.boards == expected == keep_fixed_boards(natural, {x: 2, y: 5})
    assert proposal.board_of((natural[5].white, natural[5].black)) == 2
    assert not [v for v in session.pairing.validate() if "board" in v.text], "the review complains of the fixed boards"
    session.pairing.confirm()

    rnd = store.load(weekend).round(5)
    assert [(b.number, b.white, b.black) for b in rnd.boards] == \
        [(n, b.white, b.black) for n, b in enumerate(expected, start=1)]
    assert store.load(weekend).fixed_boards() == {x: 2, y: 5}


def test_the_validator_names_a_fixed_player_off_their_board(weekend):
    natural = Session.open(weekend).pairing.propose().boards
    _fix(weekend, {natural[5].white: 2})
    session = Session.open(weekend)
    session.pairing.propose()
    notes = [v.text for v in session.pairing.validate(natural)]
    assert f"{natural[5].white}-{natural[5].black} on board 6 should be on board 2, a fixed board" in notes


def test_a_fixed_board_of_zero_is_refused_with_file_line_and_field(weekend):
    text = weekend.read_text(encoding="utf-8")
    weekend.write_text(text.replace('id = 2\n', 'id = 2\nfixed_board = 0\n', 1), encoding="utf-8")
    with pytest.raises(EventFileError, match=r"weekend.toml:\d+: players.fixed_board: expected an integer of at least 1"):
        store.load(weekend)


async def test_the_players_screen_shows_the_fixed_board(weekend):
    from textual.widgets import DataTable

    from swisstui.app import SwissApp

    _fix(weekend, {9: 3})
    app = SwissApp(weekend)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        status = str(table.get_row("9")[6])
        assert status.endswith(" bd 3"), status



async def test_the_player_form_sets_a_fixed_board_checked_as_typed_and_kept_in_the_history(weekend):
    """Paper for the hall: the fixed board is set from the form (``e`` on a player), not by editing the file."""
    from textual.widgets import DataTable, Input, Static

    from swisstui.app import SwissApp
    from swisstui.screens.player_form import PlayerForm
    from swisstui.store import history

    app = SwissApp(weekend)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("9"))
        await pilot.press("e")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, PlayerForm)
        field = form.query_one("#f-fixed_board", Input)
        field.focus()
        await pilot.press("x")
        await pilot.pause()
        assert "Fixed board: a board number" in str(form.query_one("#form-error", Static).render())
        assert field.has_class("-invalid"), "checked as typed, before enter"
        await pilot.press("backspace", "3")
        await pilot.pause()
        assert not field.has_class("-invalid") and not str(form.query_one("#form-error", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PlayerForm)
        status = str(app.screen.query_one(DataTable).get_row("9")[6])
        assert status.endswith(" bd 3"), status
    event = store.load(weekend)
    assert event.fixed_boards() == {9: 3}
    last = next(history.read(weekend))  # newest first
    assert [(c.path[-1], c.old, c.new) for c in last.changes] == [("fixed_board", None, 3)], last.changes
