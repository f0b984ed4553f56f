"""Pairing review: the engine runs in a worker, the trace is stepped through, edits are validated."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engine import systems
from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.board_edit import BoardEditScreen
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.help import HelpScreen
from swisstui.screens.review import ReviewScreen
from swisstui.screens.violations import ViolationsScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import downs_to_setting, notifications, screen_lines, screen_text, wait_until

SIZE = (80, 24)


async def pair(pilot) -> ReviewScreen:
    await pilot.press("n")
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen) and screen.has_class("ready")
    return screen


async def confirm(pilot) -> None:
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ConfirmScreen)
    await pilot.press("y")
    await pilot.pause()


@pytest.fixture
def played(round_one):
    return write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))


async def test_round_one_proposed_stepped_and_confirmed(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        text = screen_text(app)
        assert "round 1 proposed · step 2/" in screen_lines(app)[0]
        assert "Brackets" in text and "Step 2: bracket" in text
        assert "rule: C.04.3 art. 1.3" in text
        await pilot.press("right")
        await pilot.pause()
        assert "Step 3: proposal" in screen_text(app)
        assert "S1: 1 2 3 4" in screen_text(app)  # C.04.3 art. 3.2: S1 is the upper half
        await pilot.press("left", "left")
        await pilot.pause()
        assert "Step 1:" in screen_text(app)
        await pilot.press("down", "down")
        await pilot.pause()
        assert screen.groups[screen.groups.index(next(g for g in screen.groups if g.kind == "bye"))].first \
            == screen.index
        assert "Step" in screen_text(app) and ": bye" in screen_text(app)
        assert event_file.read_text().count("[[rounds") == 0  # nothing stored before confirming
        await confirm(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"
    rnd = store.load(event_file).round(1)
    # Round 1 by hand (C.04.3 art. 3.2, 5.2.5): S1 1-4 against S2 5-8, colours alternate from board 1
    # (White to the top player), the lowest-ranked player gets the bye.
    assert [(b.white, b.black) for b in rnd.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert rnd.bye == 9 and rnd.published


async def test_stored_boards_are_exactly_the_engines(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        engine_result = systems.pair(store.load(played).to_tournament())
        await confirm(pilot)
    rnd = store.load(played).round(2)
    assert [(b.white, b.black) for b in rnd.boards] == [(p.white, p.black) for p in engine_result.boards]
    assert rnd.bye == engine_result.bye


async def test_validate_the_engines_pairing(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ViolationsScreen)
        text = screen_text(app)
        assert "ABSOLUTE" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


async def test_fide_mode_refuses_a_rematch_and_leaving_it_is_recorded(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        proposal = app.session.proposal
        before = list(proposal.boards)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, BoardEditScreen)
        # players 1 and 5 met in round 1: pairing them again breaks C.04.3 [C1]
        await pilot.press("tab", "ctrl+u", "1", "tab", "ctrl+u", "5", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "ABSOLUTE" in text and "FIDE mode refuses this change" in text
        await pilot.press("tab", *"family emergency", "enter")
        await pilot.pause()
        assert proposal.boards == before and not proposal.changes
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # leaving FIDE mode: two confirmations and a reason
        app.action_leave_fide()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert "2 of 2" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press(*"club event, not rated", "enter")
        await pilot.pause()
        event = store.load(played)
        assert event.fide_mode is False
        assert event.log[-1].action == "fide-mode-left" and event.log[-1].text == "club event, not rated"


async def test_leaving_fide_mode_needs_both_confirmations(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        downs = await downs_to_setting(pilot, "fide")
        await pilot.press("t")
        await pilot.pause()
        for _ in range(downs):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert "1 of 2" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("n")  # second thoughts
        await pilot.pause()
        assert store.load(played).fide_mode is True


async def test_manual_change_with_a_warning_is_kept_with_its_reason(played):
    event = store.load(played)
    event.fide_mode = False
    store.save(event, played)
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        proposal = app.session.proposal
        original = list(proposal.boards)
        await pilot.press("a")  # the boards as they stand
        await pilot.pause()
        assert screen.has_class("boards-view")
        board1 = original[0]
        board2 = original[1]
        # swap the black players of boards 1 and 2
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("tab", "tab", "ctrl+u", *str(board2.black), "enter")
        await pilot.pause()
        findings = screen_text(app)
        assert "quality" in findings or "note" in findings  # differs from the engine's pairing
        await pilot.press(*"players asked to avoid a long trip", "enter")
        await pilot.pause()
        assert app.screen is screen
        pairs = [(b.white, b.black) for b in proposal.boards]
        assert (board1.white, board2.black) in pairs and (board2.white, board1.black) in pairs
        assert "edited" in screen_lines(app)[0]
        # the boards view marks what the validator found: the changed boards carry "hand" and "?"
        text = screen_text(app)
        assert "quality" in text.split("\n")[1]  # the boards pane title
        changed = [pairs.index((board1.white, board2.black)), pairs.index((board2.white, board1.black))]
        marks = [str(screen.query_one("#boards").get_row_at(i)[4]) for i in changed]
        assert all(m.startswith("hand") for m in marks) and any("?" in m for m in marks)
        shown = pairs
        await confirm(pilot)
    rnd = store.load(played).round(2)
    stored = [(b.white, b.black) for b in rnd.boards]
    assert stored == shown  # published exactly in the order the review showed
    # boards changed by hand take their places by C.04.2 art. 3.6 as soon as they are made: here both
    # pairs have 1 + 1 points, so the pair whose higher-ranked player has the smaller number comes first
    assert stored[:2] == sorted(stored[:2], key=lambda pair: min(pair))
    change = rnd.changes[-1]
    assert (change.kind, change.reason) == ("pairing", "players asked to avoid a long trip")
    assert stored[change.board - 1] == (board1.white, board2.black)
    assert change.old == f"{board1.white}-{board1.black}"
    log = store.load(played).log
    assert any(e.action == "manual-pairing" and "players asked" in e.text for e in log)


async def test_discarding_stores_nothing(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.proposal is None
        assert type(app.screen).__name__ == "HomeScreen"
    assert store.load(played).rounds_paired == 1


async def test_cannot_pair_while_results_are_missing(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        assert "round 1 has 4 results missing" in notifications(app)


async def test_the_engine_never_runs_in_the_ui_process(played, monkeypatch):
    """A long pairing holds the interpreter lock; in a child process it cannot freeze the screen."""

    def not_here(t):
        raise AssertionError("the engine ran in the user interface's process")

    monkeypatch.setattr(systems, "pair", not_here)
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        assert app.session.proposal.boards


async def test_keys_are_answered_while_the_engine_works(event_file, monkeypatch):
    from swisstui.session import actions, pairing_process

    release = threading.Event()
    real = pairing_process.pair_in_child

    def slow(text, cancelled=None, progress=None):
        progress(2, 5)  # as the engine in the child tells it
        while not release.wait(0.05):
            if cancelled is not None and cancelled():
                raise actions.PairingCancelled("pairing cancelled")
        return real(text, cancelled, progress)

    monkeypatch.setattr(pairing_process, "pair_in_child", slow)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert "engine is pairing round 1: 9 players" in screen_text(app)
        # the waiting screen reads the engine's progress four times a second
        await wait_until(pilot, lambda: "bracket 2 of 5" in screen_text(app), "the engine's progress")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.has_class("ready")


async def test_leaving_while_the_engine_works_cancels_it(event_file, monkeypatch):
    from swisstui.session import actions, pairing_process

    seen_cancel = threading.Event()

    def endless(text, cancelled=None, progress=None):
        while not cancelled():
            seen_cancel.wait(0.05)
        seen_cancel.set()
        raise actions.PairingCancelled("pairing cancelled")

    monkeypatch.setattr(pairing_process, "pair_in_child", endless)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert seen_cancel.is_set()
        assert app.session.proposal is None
        assert type(app.screen).__name__ == "HomeScreen"


async def test_no_legal_pairing_is_reported_not_a_crash(tmp_path):
    from tests.app.conftest import write_event

    path = write_event(tmp_path / "two.toml", players=(("A", 2000, "", ""), ("B", 1900, "", "")))
    write_round(path, 1, ((1, 2),), results=("1-0",))
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "No pairing:" in screen_text(app)


async def test_fide_mode_refuses_to_publish_a_pairing_that_breaks_an_absolute_rule(played):
    event = store.load(played)
    event.fide_mode = False
    store.save(event, played)
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        session = app.session
        board = next(n for n, b in enumerate(session.proposal.boards, 1) if 1 in (b.white, b.black))
        violations = session.pairing.change_board(board, 1, 5, "testing a rematch")  # 1 and 5 met in round 1
        assert any(v.severity.value == "absolute" for v in violations)
        session.settings.enter_fide_mode()
        await confirm(pilot)
        assert isinstance(app.screen, ReviewScreen)
        assert any("FIDE mode refuses to publish" in n for n in notifications(app))
    assert store.load(played).rounds_paired == 1


async def test_a_pairing_made_stale_by_a_withdrawal_elsewhere_is_not_published(played):
    from swisstui.session.actions import Session

    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        paired = {pid for b in app.session.proposal.boards for pid in (b.white, b.black)}
        Session.open(played).players.withdraw(min(paired))  # a second terminal withdraws a paired player
        await confirm(pilot)
        assert isinstance(app.screen, ConfirmScreen) and f"{min(paired)} " in app.screen.question
        assert "withdrawn" in app.screen.question and "Pair round 2 again" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    assert store.load(played).rounds_paired == 1


async def test_a_bracket_taller_than_its_pane_pages_while_arrows_still_step(tmp_path):
    from textual.containers import VerticalScroll

    from tests.app.conftest import write_event

    players = tuple((f"Player {i:02d}", 2400 - 10 * i, "", "NOR") for i in range(1, 41))
    path = write_event(tmp_path / "forty.toml", players=players)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        pane = screen.query_one("#bracket", VerticalScroll)
        assert pane.max_scroll_y > 0  # 40 players do not fit
        await pilot.press("pagedown")
        await pilot.pause()
        assert pane.scroll_y > 0
        before = screen.index
        await pilot.press("down")
        await pilot.pause()
        assert screen.index != before and pane.scroll_y == 0


async def test_a_system_that_cannot_pair_yet_is_reported(tmp_path):
    from tests.app.conftest import write_event

    path = write_event(tmp_path / "b.toml")
    event = store.load(path)
    from dataclasses import replace

    event.settings = replace(event.settings, system="dutch-2017")
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "No pairing:" in screen_text(app) and "cannot pair yet" in screen_text(app)


async def test_a_save_that_fails_on_disk_is_reported_not_a_crash(round_one, monkeypatch):
    from swisstui import store as store_module

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        before = round_one.read_bytes()
        monkeypatch.setattr(store_module.files, "_atomic_write", disk_full)
        await pilot.press("1")
        await pilot.pause()
        assert any("No space left on device" in n for n in notifications(app))
        assert "not saved" in screen_lines(app)[0]
    assert round_one.read_bytes() == before


async def test_edit_starts_on_the_board_of_the_current_step(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        trace = app.session.proposal.result.trace
        colour_steps = [i for i, e in enumerate(trace) if e.step.value == "colour"]
        screen.index = colour_steps[2]  # the colour step of board 3
        screen.refresh_all()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, BoardEditScreen) and app.screen.board == 3


async def test_the_review_shows_rejected_pairs_with_their_rule(tmp_path):
    """The sample weekend open's round 5: the Dutch explanation names each rejected proposed pair."""
    import shutil

    from engine.model.explain import Step

    path = tmp_path / "weekend.toml"
    shutil.copy(Path(__file__).resolve().parents[2] / "sample_events" / "weekend-open.toml", path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        trace = app.session.proposal.result.trace
        rejected = [i for i, e in enumerate(trace) if e.step is Step.REJECTED]
        assert rejected, "the narrated trace has rejected pairs"
        while screen.index < rejected[0]:
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert f"Step {rejected[0] + 1}: rejected" in text
        assert "rule: " + trace[rejected[0]].rule in text


async def test_the_boards_view_lists_the_requested_byes_and_absences_at_80_columns(tmp_path):
    """Under the boards, as the results screen and the published pairings name them, every player the
    round leaves out at their request: no one of the round is missing from the list checked before c."""
    import shutil
    from pathlib import Path

    from engine.model.tournament import ResultCode
    from swisstui.session.actions import Session
    from tests.app.clipping import clipped

    path = tmp_path / "weekend-open.toml"
    shutil.copyfile(Path(__file__).resolve().parents[2] / "sample_events" / "weekend-open.toml", path)
    session = Session.open(path)
    absent = next(p for p in session.active_players() if p.id not in session.event.round(5).requests)
    session.players.request(absent.id, 5, ResultCode.ABSENT)
    requests = store.load(path).round(5).requests
    assert ResultCode.HALF_BYE in requests.values() and requests[absent.id] is ResultCode.ABSENT
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert screen.has_class("boards-view")
        await pilot.press(*["down"] * (len(app.session.proposal.boards) + len(requests) + 1))
        lines = screen_lines(app)
        for pid, code in requests.items():
            name = store.load(path).player(pid).name
            said = "absent" if code is ResultCode.ABSENT else f"{code.name.lower().replace('_', ' ')} requested"
            assert any(f" {pid} {name} (" in line and said in line for line in lines), (pid, said, "\n".join(lines))
        assert not clipped(app), clipped(app)
