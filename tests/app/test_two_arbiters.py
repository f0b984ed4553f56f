"""Two arbiters on one event, through the app: two app instances and a second process.

Each arbiter's dialog was opened on what their screen showed; meanwhile the other one changed
the file. Nothing either of them did may be lost or land on another player or board.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.correction import CorrectionScreen
from swisstui.screens.dialogs import ChoiceScreen, ConfirmScreen
from swisstui.screens.player_form import PlayerForm
from swisstui.screens.results import ResultsScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import notifications, screen_text

SIZE = (100, 30)
SECOND = Path(__file__).with_name("arbiter_process.py")
RESULTS = ("1-0", "0-1", "1/2-1/2", "0-1")


def second_process(*args: str) -> str:
    """Another arbiter's operation, in another process; returns what it printed."""
    done = subprocess.run([sys.executable, str(SECOND), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def arbiter(path: Path, name: str) -> SwissApp:
    # No watcher: each app keeps what it showed when its arbiter acted, the worst case.
    return SwissApp(path, watch_interval=0, pair_in_child=False, arbiter=name)


async def select_player(pilot, number: int) -> None:
    """Players screen, cursor on pairing number ``number`` (as the arbiter's screen shows it)."""
    await pilot.press("p")
    await pilot.pause()
    screen = pilot.app.screen
    for _ in range(number - 1):
        await pilot.press("down")
    await pilot.pause()
    assert screen.selected_id() == number


async def late_entry_in_app(pilot, name: str, rating: str) -> None:
    await pilot.press("p", "a")
    await pilot.pause()
    await pilot.press(*name, "tab", *rating, "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ChoiceScreen)  # who changes number: renumber
    await pilot.press("y")
    await pilot.pause()


# -- 1. players addressed by who they are, not by a number that changed underneath ----------------


async def test_a_withdrawal_reaches_the_player_it_named_after_another_arbiter_renumbers(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    a, b = arbiter(round_one, "Anna"), arbiter(round_one, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await select_player(pa, 7)
        await pa.press("w")
        await pa.pause()
        assert isinstance(a.screen, ConfirmScreen) and "Withdraw 7 Nowak, T.?" in a.screen.question
        await late_entry_in_app(pb, "Mendes, R.", "2100")  # takes number 7; Nowak becomes 8
        assert store.load(round_one).player(7).name == "Mendes, R."
        await pa.press("y")
        await pa.pause()
        assert any("Nowak, T. withdrawn" in n for n in notifications(a))
    event = store.load(round_one)
    assert event.player(8).name == "Nowak, T." and event.player(8).withdrawn
    assert event.player(7).name == "Mendes, R." and not event.player(7).withdrawn
    assert [e.text for e in event.log if e.action == "withdrawal"] == ["8 Nowak, T. after round 1"]


async def test_a_withdrawal_reaches_the_player_it_named_after_a_late_entry_from_another_process(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    a = arbiter(round_one, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await select_player(pa, 7)
        await pa.press("w")
        await pa.pause()
        assert second_process("late-entry", str(round_one), "Mendes, R.", "2100").strip() == "7"
        await pa.press("y")
        await pa.pause()
    event = store.load(round_one)
    assert event.player(8).name == "Nowak, T." and event.player(8).withdrawn
    assert not event.player(7).withdrawn


async def test_an_edit_form_saves_into_the_player_it_was_opened_for_after_a_renumbering(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    a, b = arbiter(round_one, "Anna"), arbiter(round_one, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await select_player(pa, 7)
        await pa.press("e")
        await pa.pause()
        assert isinstance(a.screen, PlayerForm)
        await late_entry_in_app(pb, "Mendes, R.", "2100")
        a.screen.query_one("#f-rating").value = "2020"
        await submit(pa)
    event = store.load(round_one)
    assert event.player(7).name == "Mendes, R." and event.player(7).rating == 2100
    assert event.player(8).name == "Nowak, T." and event.player(8).rating == 2020


# -- 2. an edit writes what the arbiter changed, and asks when both changed one field -------------


async def edit_rating(pilot, number: int, rating: str, title: str = "") -> None:
    """Open the edit form of player ``number`` and change the rating (and the title)."""
    await select_player(pilot, number)
    await pilot.press("e")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, PlayerForm)
    form.query_one("#f-rating").value = rating
    if title:
        form.query_one("#f-title").value = title


async def submit(pilot) -> None:
    pilot.app.screen.query_one("#f-name").focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_an_edit_keeps_another_arbiters_change_to_a_field_it_did_not_touch(event_file):
    a, b = arbiter(event_file, "Anna"), arbiter(event_file, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await select_player(pa, 5)
        await pa.press("e")
        await pa.pause()
        a.screen.query_one("#f-title").value = "FM"  # A changes the title only
        await edit_rating(pb, 5, "2230")  # B changes the rating while A's form is open
        await submit(pb)
        assert store.load(event_file).player(5).rating == 2230
        await submit(pa)
        assert not isinstance(a.screen, (PlayerForm, ChoiceScreen))  # saved without a question
    sato = store.load(event_file).player(5)
    assert (sato.name, sato.rating, sato.title) == ("Sato, K.", 2230, "FM")


async def test_the_same_field_changed_by_two_arbiters_shows_both_values_and_theirs_can_stay(event_file):
    a, b = arbiter(event_file, "Anna"), arbiter(event_file, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await edit_rating(pa, 5, "2250", title="CM")
        await edit_rating(pb, 5, "2230")
        await submit(pb)
        await submit(pa)
        assert isinstance(a.screen, ChoiceScreen)
        question = a.screen.question
        assert "5 Sato, K. was changed by someone else while your form was open" in question
        assert "rating: 2230 in the file now, 2250 in your form" in question
        assert store.load(event_file).player(5).title == ""  # nothing written while asking
        await pa.press("t")  # keep theirs
        await pa.pause()
    sato = store.load(event_file).player(5)
    assert (sato.rating, sato.title) == (2230, "CM")  # theirs stays, A's other change is saved


async def test_the_same_field_changed_by_another_process_asks_and_mine_can_win(event_file):
    a = arbiter(event_file, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await edit_rating(pa, 5, "2250")
        second_process("rating", str(event_file), "5", "2230")
        await submit(pa)
        assert isinstance(a.screen, ChoiceScreen)
        assert "rating: 2230 in the file now, 2250 in your form" in a.screen.question
        await pa.press("m")  # use mine
        await pa.pause()
    assert store.load(event_file).player(5).rating == 2250


async def test_an_arbiter_who_cancels_the_question_saves_nothing(event_file):
    a = arbiter(event_file, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await edit_rating(pa, 5, "2250", title="CM")
        second_process("rating", str(event_file), "5", "2230")
        await submit(pa)
        await pa.press("escape")
        await pa.pause()
        assert any("nothing saved" in n for n in notifications(a))
    sato = store.load(event_file).player(5)
    assert (sato.rating, sato.title) == (2230, "")


# -- 3. new result or correction: decided against the file, under its lock --------------------------


async def jump_to_board(pilot, board: int) -> None:
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("j", *str(board), "enter")
    await pilot.pause()


async def test_a_result_key_on_a_board_another_arbiter_just_filled_is_refused_naming_that_result(round_one):
    a, b = arbiter(round_one, "Anna"), arbiter(round_one, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await jump_to_board(pa, 4)  # A's screen: board 4 without a result
        await jump_to_board(pb, 4)
        await pb.press("0")  # B enters 0-1
        await pb.pause()
        assert store.load(round_one).round(1).boards[3].result == "0-1"
        await pa.press("1")  # A presses 1 on what A's screen still shows empty
        await pa.pause()
        assert isinstance(a.screen, ResultsScreen)  # no dialog: B's result stands
        assert ("board 4: 0-1 was entered meanwhile by another arbiter; your 1-0 was not saved (c corrects it)"
                in notifications(a))
        assert str(a.screen.query_one("#boards").get_row_at(3)[2]) == "0-1"  # A's screen shows B's result
    event = store.load(round_one)
    assert event.round(1).boards[3].result == "0-1"
    assert not [e for e in event.log if e.action == "correction"] and not event.round(1).changes


async def test_a_correction_over_a_result_entered_meanwhile_is_logged_with_its_reason(round_one):
    a = arbiter(round_one, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await jump_to_board(pa, 4)
        second_process("result", str(round_one), "1", "4", "0-1")
        await pa.press("1")  # refused: 0-1 is there now, and A's screen shows it
        await pa.pause()
        assert isinstance(a.screen, ResultsScreen)
        await pa.press("c", "1")  # A corrects it, on purpose
        await pa.pause()
        assert isinstance(a.screen, CorrectionScreen) and "0-1 becomes 1-0" in screen_text(a)
        await pa.press(*"sheet signed 1-0", "tab", *"AK", "enter")
        await pa.pause()
    event = store.load(round_one)
    assert event.round(1).boards[3].result == "1-0"
    (change,) = event.round(1).changes
    assert (change.old, change.new, change.reason, change.by) == ("0-1", "1-0", "sheet signed 1-0", "AK")


async def test_a_correction_asked_on_an_old_result_is_asked_again_when_it_changed_meanwhile(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "1-0"))
    a, b = arbiter(round_one, "Anna"), arbiter(round_one, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await jump_to_board(pa, 4)
        await pa.press("c", "=")  # A corrects 1-0 to a draw...
        await pa.pause()
        assert isinstance(a.screen, CorrectionScreen)
        await jump_to_board(pb, 4)
        await pb.press("c", "0")  # ...while B corrects the same board to 0-1
        await pb.pause()
        await pb.press(*"misread", "tab", *"BO", "enter")
        await pb.pause()
        await pa.press(*"players agreed", "tab", *"AK", "enter")
        await pa.pause()
        assert isinstance(a.screen, CorrectionScreen)  # asked again, on B's 0-1
        assert "Another arbiter entered 0-1 on this board meanwhile" in screen_text(a)
        await pa.press("escape")
        await pa.pause()
    event = store.load(round_one)
    assert event.round(1).boards[3].result == "0-1"
    assert [(c.old, c.new, c.by) for c in event.round(1).changes] == [("1-0", "0-1", "BO")]


def test_a_pairing_proposed_before_another_arbiters_renumbering_is_not_published(round_one):
    from swisstui.session.actions import ActionError, Session

    write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    a = Session.open(round_one, arbiter="Anna")
    a.pairing.propose()  # round 2, in pairing numbers 1-9
    assert second_process("late-entry", str(round_one), "Mendes, R.", "2100").strip() == "7"
    with pytest.raises(ActionError, match="pairing numbers changed since this pairing was made"):
        a.pairing.confirm()
    assert store.load(round_one).rounds_paired == 1


def test_a_result_entered_again_writes_nothing_and_leaves_no_history_entry(round_one):
    from swisstui.session.actions import RESULT_KINDS, Session

    win = next(k for k in RESULT_KINDS if k.stored == "1-0")
    a, b = Session.open(round_one, arbiter="Anna"), Session.open(round_one, arbiter="Bo")
    a.results.set_result(1, 1, win, seen="")
    before = round_one.read_bytes()
    history = round_one.with_name(round_one.name + ".history").read_bytes()
    a.results.set_result(1, 1, win, seen="1-0")  # the same key again
    b.results.set_result(1, 1, win, seen="")  # the other arbiter enters the same result from the same sheet
    assert round_one.read_bytes() == before
    assert round_one.with_name(round_one.name + ".history").read_bytes() == history
    assert store.load(round_one).round(1).boards[0].result == "1-0"


async def test_a_result_key_never_lands_on_a_round_paired_again_meanwhile(round_one):
    """A's screen shows round 1, board 1 as 1-5; B un-publishes round 1, gives 1 a half-point bye and pairs
    it again; A's key for 1-5 must not become a result of whoever is on board 1 now."""
    a = arbiter(round_one, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await jump_to_board(pa, 1)
        shown = a.session.round_record(1).boards[0]
        assert (shown.white, shown.black) == (1, 5)
        assert second_process("pair-again", str(round_one), "1").strip() == "1"  # B, in another process
        now = store.load(round_one).round(1).boards[0]
        assert (now.white, now.black) != (1, 5)
        before = round_one.read_bytes()
        await pa.press("1")
        await pa.pause()
        assert any(f"board 1 is {now.white}-{now.black} now, not 1-5" in n for n in notifications(a))
    assert round_one.read_bytes() == before
    assert store.load(round_one).round(1).boards[0].result == ""


async def test_a_result_key_refused_after_a_renumbering_says_the_players_were_renumbered(round_one):
    """A's screen shows round 1, board 1 as 1-5; B's late entry, rated above everyone, takes number 1 and moves
    every other player down one (C.04.2 art. 2.4): the key is refused, and the message says what happened -
    the players were renumbered, the round was not paired again (issue 29, item 13)."""
    a = arbiter(round_one, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await jump_to_board(pa, 1)
        shown = a.session.round_record(1).boards[0]
        assert (shown.white, shown.black) == (1, 5)
        assert second_process("late-entry", str(round_one), "Mendes, R.", "2900").strip() == "1"
        now = store.load(round_one).round(1).boards[0]
        assert (now.white, now.black) == (2, 6)
        before = round_one.read_bytes()
        await pa.press("1")
        await pa.pause()
        said = [n for n in notifications(a) if "board 1 is 2-6 now, not 1-5" in n]
        assert said and "paired again" not in said[0], notifications(a)
        assert "the players were renumbered meanwhile (1 is 2 now, 5 is 6 now: a late entry" in said[0], said
        assert "the same two players" in said[0] and "nothing was saved" in said[0], said
    assert round_one.read_bytes() == before
    assert store.load(round_one).round(1).boards[0].result == ""
