"""Results entry: keys save as typed, the cursor moves to the next empty board, corrections are logged."""

from __future__ import annotations

from textual.widgets import DataTable

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.results import ResultsScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import screen_lines, screen_text

SIZE = (80, 24)


def results_on_disk(path) -> list[str]:
    return [b.result for b in store.load(path).round(1).boards]


async def open_results(pilot) -> ResultsScreen:
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ResultsScreen)
    return pilot.app.screen


async def test_boards_in_order_with_progress(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        lines = screen_lines(app)
        assert "round 1 results · 0 of 4 in · saved" in lines[0]
        text = screen_text(app)
        assert "1 Amber, J. (0)" in text and "5 Sato, K. (0)" in text  # pairing numbers beside the names
        assert "bye: 9 Dubois, C. (0)" in text
        assert "1 white wins · 0 black wins · = draw" in text
        table = app.screen.query_one(DataTable)
        assert [str(table.get_row_at(i)[0]) for i in range(4)] == ["1", "2", "3", "4"]


async def test_default_keys_save_each_result_and_jump_to_next_empty(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_results(pilot)
        table = screen.query_one(DataTable)
        await pilot.press("1")
        await pilot.pause()
        assert results_on_disk(round_one) == ["1-0", "", "", ""]
        assert table.cursor_row == 1
        await pilot.press("down", "equals_sign")  # board 3 drawn, cursor wraps back to board 2
        await pilot.pause()
        assert results_on_disk(round_one) == ["1-0", "", "1/2-1/2", ""]
        assert table.cursor_row == 3
        await pilot.press("minus")  # board 4: black wins by forfeit
        await pilot.pause()
        assert table.cursor_row == 1
        await pilot.press("0")
        await pilot.pause()
        assert results_on_disk(round_one) == ["1-0", "0-1", "1/2-1/2", "-/+"]
        assert "round 1 results · 4 of 4 in · saved" in screen_lines(app)[0]
        assert "½-½" in screen_text(app)


async def test_correction_and_clearing_are_logged(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "", ""))
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_results(pilot)
        table = screen.query_one(DataTable)
        assert table.cursor_row == 2  # the first empty board
        await pilot.press("up", "up", "c", "f")  # c: board 1 corrected to a double forfeit, asked first
        await pilot.pause()
        assert "1-0 becomes -/-" in app.screen.change
        await pilot.press(*"neither appeared", "tab", *"IA Roe", "enter")
        await pilot.pause()
        event = store.load(round_one)
        assert event.round(1).boards[0].result == "-/-"
        change = event.round(1).changes[-1]
        assert (change.kind, change.board, change.old, change.new) == ("result", 1, "1-0", "-/-")
        assert event.log[-1].action == "correction"
        assert table.cursor_row == 0  # a correction leaves the cursor where it was
        await pilot.press("down", "c", "backspace")  # board 2 cleared: a correction too
        await pilot.pause()
        await pilot.press(*"entered on the wrong board", "enter")  # the name is remembered
        await pilot.pause()
        event = store.load(round_one)
        assert event.round(1).boards[1].result == ""
        assert event.round(1).changes[-1].old == "0-1"


async def test_papi_keys(round_one):
    event = store.load(round_one)
    event.result_keys = "papi"
    store.save(event, round_one)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        assert "1 white wins · 2 black wins · 3 draw" in screen_text(app)
        await pilot.press("2", "3", "4", "7")
        await pilot.pause()
        assert results_on_disk(round_one) == ["0-1", "1/2-1/2", "+/-", "-/-"]
        await pilot.press("c", "0")  # papi 0 clears (all boards in: the cursor stayed on board 4)
        await pilot.pause()
        await pilot.press(*"wrong board", "tab", *"CA", "enter")
        await pilot.pause()
        assert results_on_disk(round_one)[3] == ""
        await pilot.press("equals_sign")  # not a Papi key: nothing happens
        await pilot.pause()
        assert results_on_disk(round_one)[3] == ""


async def test_result_keys_preset_chosen_in_settings(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        for _ in range(4):
            await pilot.press("down")
        await pilot.press("enter")  # "Result keys ○ Papi"
        await pilot.pause()
        assert store.load(round_one).result_keys == "papi"
        await open_results(pilot)
        await pilot.press("2")
        await pilot.pause()
        assert results_on_disk(round_one)[0] == "0-1"


async def test_a_declined_correction_changes_nothing(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await pilot.press("c", "0")
        await pilot.pause()
        await pilot.press(*"oops", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    event = store.load(round_one)
    assert [b.result for b in event.round(1).boards] == ["1-0", "0-1", "1/2-1/2", "-/+"]
    assert event.round(1).changes == []


async def test_results_before_any_round(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await pilot.press("1")
        await pilot.pause()
        assert "No round paired yet" in screen_text(app)


async def test_earlier_round_results_can_be_corrected(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    write_round(round_one, 2, ((4, 1), (2, 9), (5, 3), (7, 8)), bye=6)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        assert "round 2 results · 0 of 4 in" in screen_lines(app)[0]
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert "round 1 results · 4 of 4 in" in screen_lines(app)[0]
        await pilot.press("c", "0")  # board 1 of round 1: 1-0 corrected to 0-1
        await pilot.pause()
        await pilot.press(*"sheet misread", "tab", *"IA Roe", "enter")
        await pilot.pause()
        await pilot.press("left_square_bracket")  # no round 0: stays on round 1
        await pilot.pause()
        assert "round 1 results" in screen_lines(app)[0]
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert "round 2 results" in screen_lines(app)[0]
    event = store.load(round_one)
    assert event.round(1).boards[0].result == "0-1"
    assert event.round(1).changes[-1].old == "1-0"
    assert all(b.result == "" for b in event.round(2).boards)


async def test_a_correction_asks_a_reason_and_a_name_and_warns_about_later_rounds(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    write_round(round_one, 2, ((4, 1), (2, 9), (5, 3), (7, 8)), bye=6)
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await pilot.press("left_square_bracket", "c", "0")  # round 1, board 1: 1-0 becomes 0-1
        await pilot.pause()
        text = " ".join(line.strip("│ ") for line in screen_lines(app))
        assert "Round(s) 2 were paired on the old result" in text
        await pilot.press("enter")  # no reason: refused, nothing saved
        await pilot.pause()
        assert "a correction needs one" in screen_text(app)
        assert store.load(round_one).round(1).boards[0].result == "1-0"
        await pilot.press(*"score sheet misread", "enter")  # then the name
        await pilot.pause()
        assert "Correct a result" in screen_text(app)
        await pilot.press(*"IA Jane Roe", "enter")
        await pilot.pause()
    event = store.load(round_one)
    change = event.round(1).changes[-1]
    assert (change.reason, change.by, change.old, change.new) == ("score sheet misread", "IA Jane Roe", "1-0", "0-1")
    log = event.log[-1]
    assert log.action == "correction" and log.by == "IA Jane Roe"
    assert "score sheet misread" in log.text and "rounds 2 were paired before it" in log.text


async def test_the_arbiters_name_is_offered_again_next_time(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        await pilot.press("c", "0", *"typo", "tab", *"CA", "enter")
        await pilot.pause()
        await pilot.press("down", "c", "1", *"typo again", "enter")  # the name is filled in already
        await pilot.pause()
    changes = store.load(round_one).round(1).changes
    assert [(c.reason, c.by) for c in changes] == [("typo", "CA"), ("typo again", "CA")]


def open_with_boards(tmp_path, boards: int = 150):
    """An open of 2 x ``boards`` players with round 1 published and no result in yet."""
    from tests.app.conftest import write_event

    players = tuple((f"Player {n:03d}, A.", 2600 - n, "", "NOR") for n in range(1, 2 * boards + 1))
    path = write_event(tmp_path / "open.toml", players=players)
    return write_round(path, 1, [(n, n + boards) if n % 2 else (n + boards, n) for n in range(1, boards + 1)])


async def test_at_150_boards_jump_to_a_board_and_enter_its_result(tmp_path):
    path = open_with_boards(tmp_path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        table = app.screen.query_one(DataTable)
        await pilot.press("j", *"120", "enter")
        await pilot.pause()
        assert table.cursor_row == 119
        await pilot.press("1")
        await pilot.pause()
        assert table.cursor_row == 120
        text = screen_text(app)
        assert "121 " in text and "120 " in text  # the board entered and the next are both in view
        assert "1 of 150 in · saved" in screen_lines(app)[0]
        board = store.load(path).round(1).boards[119]
        assert board.result == "1-0"
        # the player's number beside the name: jump to a player by number
        await pilot.press("j", *f"#{board.black}", "enter")
        await pilot.pause()
        assert table.cursor_row == 119
        assert f"{board.white} " in str(table.get_row_at(119)[1]) and f"{board.black} " in str(table.get_row_at(119)[3])


async def test_results_an_arbiter_gives_less_often_have_keys(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_results(pilot)
        for second in ("z", "w", "b", "1"):
            await pilot.press("o", second)
            await pilot.pause()
    assert results_on_disk(round_one) == ["0-0", "1/2-0", "0-1/2", "1-0u"]
