"""The pairing review at a venue: nothing is lost without asking, what is confirmed is what is published."""

from __future__ import annotations

import re

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import screen_lines

SIZE = (80, 24)


@pytest.fixture
def played(round_one):
    """Round 1 played, FIDE mode off so that any hand edit is allowed."""
    path = write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    event = store.load(path)
    event.fide_mode = False
    store.save(event, path)
    return path


async def pair(pilot) -> ReviewScreen:
    await pilot.press("n")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(pilot.app.screen, ReviewScreen) and pilot.app.screen.has_class("ready")
    return pilot.app.screen


async def swap_blacks(pilot, reason: str = "players asked") -> None:
    """Hand edit: the black players of boards 1 and 2 change places."""
    boards = pilot.app.session.proposal.boards
    await pilot.press("a", "e")
    await pilot.pause()
    await pilot.press("tab", "tab", "ctrl+u", *str(boards[1].black), "enter")
    await pilot.pause()
    await pilot.press(*reason, "enter")
    await pilot.pause()
    assert pilot.app.session.proposal.changes


async def test_escape_with_hand_edits_asks_before_discarding_them(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        await swap_blacks(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "1 hand edit(s) and their reasons" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and app.session.proposal.changes
        await pilot.press("escape", "y")
        await pilot.pause()
        assert app.session.proposal is None and type(app.screen).__name__ == "HomeScreen"


async def test_escape_without_edits_discards_at_once(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.proposal is None and type(app.screen).__name__ == "HomeScreen"


async def test_quit_with_an_unpublished_pairing_asks(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        await swap_blacks(pilot)
        exits = []
        app.exit = lambda *args, **kwargs: exits.append(args)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Round 2 is proposed but not published" in app.screen.question
        assert "1 hand edit(s)" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert not exits and isinstance(app.screen, ReviewScreen)
        await pilot.press("p", "q")  # from another screen too: the proposal is still open
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and not exits
        await pilot.press("y")
        await pilot.pause()
        assert exits


async def test_quit_without_a_proposal_quits_at_once(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        exits = []
        app.exit = lambda *args, **kwargs: exits.append(args)
        await pilot.press("q")
        await pilot.pause()
        assert exits


async def edit_board(pilot, board: int, white: int, black: int, reason: str) -> None:
    await pilot.press("e")
    await pilot.pause()
    await pilot.press("ctrl+u", *str(board), "tab", "ctrl+u", *str(white), "tab", "ctrl+u", *str(black), "enter")
    await pilot.pause()
    await pilot.press(*reason, "enter")
    await pilot.pause()


def shown_boards(screen) -> list[tuple[int, int]]:
    """The (white, black) numbers of the boards view's rows, top to bottom."""
    table = screen.query_one("#boards")
    rows = [table.get_row_at(i) for i in range(table.row_count)]
    return [(int(str(r[1]).split()[0]), int(str(r[3]).split()[0])) for r in rows if str(r[0]) != "bye"]


async def test_what_the_review_shows_after_a_hand_edit_is_what_is_published(played):
    from engine.systems.board_order import board_key

    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        boards = list(app.session.proposal.boards)
        last = len(boards)
        # the top board's Black and the last board's Black change places: both pairs must move
        await pilot.press("a")
        await edit_board(pilot, 1, boards[0].white, boards[-1].black, "travel arrangements")
        shown = shown_boards(screen)
        assert shown == [(b.white, b.black) for b in app.session.proposal.boards]
        new_pair = (boards[0].white, boards[-1].black)
        assert shown.index(new_pair) != 0 or shown.index((boards[-1].white, boards[0].black)) != last - 1
        await pilot.press("c", "y")
        await pilot.pause()
    event = store.load(played)
    rnd = event.round(2)
    stored = [(b.white, b.black) for b in rnd.boards]
    assert stored == shown
    t = event.to_tournament(through_round=1)
    keys = [board_key(t, 2, pair) for pair in stored]
    assert keys == sorted(keys)  # C.04.2 art. 3.6
    change = rnd.changes[-1]
    assert stored[change.board - 1] == new_pair
    assert f"board {change.board}:" in next(e.text for e in event.log if e.action == "manual-pairing")


async def test_boards_view_at_80_columns_shows_every_mark_and_its_legend(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        boards = list(app.session.proposal.boards)
        await pilot.press("a")
        # 1 and 5 met in round 1: putting them together again breaks C.04.3 [C1] (FIDE mode is off)
        first = next(n for n, b in enumerate(boards, start=1) if 1 in (b.white, b.black))
        await edit_board(pilot, first, 1, 5, "organiser insisted")
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert "hand !" in text and "!: absolute rule broken" in text
        rows = [line for line in lines if line.startswith("│") and " hand" in line]
        assert len(rows) == 2  # both boards the exchange touched are marked
        assert "1 absolute" in text
        names = [str(screen.query_one("#boards").get_row_at(0)[1])]
        assert not any(name.endswith("…") for name in names)
        await pilot.press("c")
        await pilot.pause()
        question = app.screen.question
        assert "2 board(s) differ from the engine's pairing" in question
        assert question.count("  board ") == 2 and "reason: organiser insisted" in question
        assert "BREAKS AN ABSOLUTE RULE" in question and "C.04.3" in question


async def test_the_colours_pane_lists_every_board_with_its_colour_rule(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        colours = next(n for n, g in enumerate(screen.groups) if g.kind == "colours")
        current = next(n for n, g in enumerate(screen.groups) if g.first <= screen.index <= g.last)
        await pilot.press(*(["down"] * (colours - current)))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Colours and board order" in text
        rules = {frozenset(e.players): e.rule.replace("C.04.3 art. ", "")
                 for e in app.session.proposal.result.trace if e.step.value == "colour"}
        for n, board in enumerate(app.session.proposal.boards, start=1):  # one line a board, with its article
            row = next(line for line in screen_lines(app) if re.search(rf"│ {n} +{board.white} ", line))
            assert f" {board.black} " in row and rules[frozenset((board.white, board.black))] in row
