"""A whole event driven from the keyboard, then reopened.

Create the event, register nine players, pair and play three rounds (a
forfeit, the pairing-allocated bye, a requested half-point bye), withdraw a
player, change a board by hand against the engine's advice, correct a result,
quit, reopen the file and find everything as it was.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from textual.widgets import DataTable

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.results import ResultsScreen
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import NINE
from tests.app.screen_text import screen_lines, screen_text

SIZE = (80, 24)

# What is typed for rounds 1-3, board by board (default keys), and what it must store.
TYPED = {
    1: ["1", "=", "+", "0"],
    2: ["0", "1", "=", "1"],
    3: ["=", "-", "1", "1"],
}
STORED = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+/-", "-": "-/+"}


def table_rows(app) -> list[tuple[str, ...]]:
    table = app.screen.query_one(DataTable)
    return [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


async def press(pilot, *keys) -> None:
    await pilot.press(*keys)
    await pilot.pause()


async def pair_and_confirm(pilot) -> None:
    await press(pilot, "n")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(pilot.app.screen, ReviewScreen) and pilot.app.screen.has_class("ready")
    await press(pilot, "c")
    await press(pilot, "y")
    assert isinstance(pilot.app.screen, ResultsScreen)


async def enter_results(pilot, keys) -> None:
    for key in keys:
        await press(pilot, {"=": "equals_sign", "+": "plus", "-": "minus"}.get(key, key))


def points_from_file(event) -> dict[int, Decimal]:
    """Scores worked out from the stored boards alone (1-½-0, forfeit win 1, PAB 1, half bye ½)."""
    win = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (Decimal("0.5"), Decimal("0.5")),
           "+/-": (1, 0), "-/+": (0, 1), "-/-": (0, 0)}
    score = {p.id: Decimal(0) for p in event.players}
    for rnd in event.rounds:
        for b in rnd.boards:
            w, bl = win[b.result]
            score[b.white] += w
            score[b.black] += bl
        if rnd.bye is not None:
            score[rnd.bye] += 1
        for pid, code in rnd.requests.items():
            score[pid] += Decimal("0.5") if code.value == "H" else 0
    return score


@pytest.mark.slow
async def test_a_whole_event_from_the_keyboard(tmp_path):
    path = tmp_path / "club.toml"
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        # -- create the event and register nine players
        await pilot.pause()
        await press(pilot, *"Autumn Cup", "tab", "ctrl+u", "5", "enter")
        await press(pilot, "p")
        for name, rating, _title, fed in NINE:
            await press(pilot, "a")
            await press(pilot, *name, "tab", *str(rating), "tab", "tab", *fed, "enter")
        assert [p.name for p in store.load(path).players] == [n for n, *_ in NINE]
        assert len(table_rows(app)) == 9

        # -- round 1: nine players, so one gets the pairing-allocated bye; a forfeit on board 3
        await pair_and_confirm(pilot)
        await enter_results(pilot, TYPED[1])
        assert "4 of 4 in · saved" in screen_lines(app)[0]

        # -- round 2: player 3 asked for a half-point bye
        await press(pilot, "p", "down", "down", "b")
        assert store.load(path).round(2).requests
        await pair_and_confirm(pilot)
        await enter_results(pilot, TYPED[2])

        # -- player 8 withdraws before round 3
        await press(pilot, "p")
        for _ in range(7):
            await pilot.press("down")
        await press(pilot, "w")
        await press(pilot, "y")
        assert "withdrawn after r2" in screen_text(app)

        # -- round 3: the arbiter swaps the black players of boards 1 and 2 against the engine's advice
        await press(pilot, "n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        proposal = app.session.proposal
        engine_boards = list(proposal.boards)
        await press(pilot, "a", "e")
        await press(pilot, "tab", "tab", "ctrl+u", *str(engine_boards[1].black), "enter")
        findings = screen_text(app)
        assert "quality" in findings  # a warning, not a refusal: FIDE mode is on and lets it pass
        await press(pilot, *"avoid brothers meeting", "enter")
        await press(pilot, "c")
        await press(pilot, "y")
        await enter_results(pilot, TYPED[3])

        # -- correct board 2 of round 3 (all boards in: the cursor stayed on board 4)
        await press(pilot, "up", "up", "c", "0")
        assert "-/+ becomes 0-1" in app.screen.change
        await press(pilot, *"the game was played after all", "tab", *"CA", "enter")
        assert "4 of 4 in · saved" in screen_lines(app)[0]

        # what the arbiter saw before quitting
        await press(pilot, "s")
        standings_before = table_rows(app)
        await press(pilot, "x")
        crosstable_before = table_rows(app)
        await press(pilot, "q")

    # -- the file holds everything that was typed
    event = store.load(path)
    assert event.name == "Autumn Cup" and event.settings.rounds == 5 and event.rounds_paired == 3
    r1, r2, r3 = event.round(1), event.round(2), event.round(3)
    assert [b.result for b in r1.boards] == [STORED[k] for k in TYPED[1]]
    assert r1.bye is not None and "+/-" in [b.result for b in r1.boards]
    assert [b.result for b in r2.boards] == [STORED[k] for k in TYPED[2]]
    assert r2.requests == {3: r2.requests[3]} and r2.requests[3].value == "H"
    assert 3 not in {pid for b in r2.boards for pid in b.players}
    assert event.player(8).withdrawn and event.player(8).withdrawn_after == 2
    assert 8 not in {pid for b in r3.boards for pid in b.players} and r3.bye != 8
    # the manual change: boards 1 and 2 swapped their black players, the reason is kept
    stored = [(b.white, b.black) for b in r3.boards]
    new_pair = (engine_boards[0].white, engine_boards[1].black)
    assert new_pair in stored and (engine_boards[1].white, engine_boards[0].black) in stored
    pairing_change = [c for c in r3.changes if c.kind == "pairing"]
    assert len(pairing_change) == 1 and pairing_change[0].reason == "avoid brothers meeting"
    assert stored[pairing_change[0].board - 1] == new_pair
    # the correction: board 2 went from black wins by forfeit to black wins, and the log says so
    board_typed = [STORED[k] for k in TYPED[3]]
    corrected = [c for c in r3.changes if c.kind == "result"]
    assert len(corrected) == 1
    assert (corrected[0].board, corrected[0].old, corrected[0].new) == (2, board_typed[1], "0-1")
    assert [b.result for b in r3.boards] == ["1/2-1/2", "0-1", "1-0", "1-0"]
    actions = [e.action for e in event.log]
    for expected in ("withdrawal", "manual-pairing", "correction", "publish"):
        assert expected in actions

    # -- reopen: the same standings and cross-table, scores as the boards say
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "s")
        assert table_rows(app) == standings_before
        scores = points_from_file(event)
        shown = {int(r[1]): r[5] for r in table_rows(app)}
        from engine.model.explain import points_text

        assert shown == {pid: points_text(s) for pid, s in scores.items()}
        await press(pilot, "x")
        assert table_rows(app) == crosstable_before
        await press(pilot, "h")
        assert "Round 3 complete. Pair round 4 with n." in screen_text(app)
        assert screen_lines(app)[0].startswith(" Autumn Cup · Dutch · round 3 of 5")
