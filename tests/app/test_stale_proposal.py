"""A proposal is published only while the file still holds what it was paired from.

Arbiter A reviews round 2 while arbiter B, in another terminal or process, corrects or clears
a round-1 result or withdraws a player. A's confirm must not publish a round paired on an event
that no longer exists: it says what changed and offers to pair again, hand edits kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.session.actions import ProposalStale, Session
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import notifications, wait_until
from tests.app.test_review import confirm
from tests.app.test_review_confirm import pair, swap_blacks
from tests.app.test_two_arbiters import second_process

SIZE = (100, 30)
RESULTS = ("1-0", "0-1", "1/2-1/2", "0-1")


@pytest.fixture
def played(round_one: Path) -> Path:
    path = write_round(round_one, 1, ROUND_ONE, bye=9, results=RESULTS)
    event = store.load(path)
    event.fide_mode = False  # hand edits of any kind, to see them kept
    store.save(event, path)
    return path


def engine_pairing(path: Path) -> list[tuple[int, int]]:
    """What the engine pairs for the file as it stands now (a fresh session, nothing cached)."""
    proposal = Session.open(path).pairing.propose()
    return [(b.white, b.black) for b in proposal.boards]


def arbiter(path: Path) -> SwissApp:
    return SwissApp(path, watch_interval=0, pair_in_child=False, arbiter="Anna")


async def test_a_correction_meanwhile_stops_the_publication_and_pairing_again_pairs_the_corrected_file(played):
    app = arbiter(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        stale = [(b.white, b.black) for b in app.session.proposal.boards]
        second_process("correct", str(played), "1", "1", "0-1", "sheet misread")  # board 1: 1-5, 1-0 -> 0-1
        assert engine_pairing(played) != stale  # the correction changes round 2's pairing
        await confirm(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "The event changed" in app.screen.title_text
        assert "round 1: 1 Amber, J. won against 5 -> lost against 5" in app.screen.question
        assert store.load(played).rounds_paired == 1  # nothing published
        await pilot.press("y")  # pair again
        await pilot.pause()
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.has_class("ready"),
                         "the review of the new pairing")
        await confirm(pilot)
    event = store.load(played)
    assert event.rounds_paired == 2
    assert [(b.white, b.black) for b in event.round(2).boards] == engine_pairing_of_round_one_only(played)


def engine_pairing_of_round_one_only(path: Path) -> list[tuple[int, int]]:
    """The engine's round 2 for the file without its round 2 (what it pairs after the correction)."""
    event = store.load(path)
    event.rounds = [r for r in event.rounds if r.number == 1]
    copy = path.with_name("round-one-only.toml")
    store.save(event, copy)
    return engine_pairing(copy)


async def test_a_result_cleared_meanwhile_stops_the_publication(played):
    app = arbiter(played)
    async with app.run_test(size=SIZE) as pilot:
        await pair(pilot)
        second_process("clear", str(played), "1", "2", "result sheet lost")
        await confirm(pilot)
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question.count("round 1:") == 1 \
            and "round 1: 2 Lindqvist, E. won against 6 -> no result against 6" in app.screen.question
        await pilot.press("n")  # not now: the proposal stays, nothing is published
        await pilot.pause()
    event = store.load(played)
    assert event.rounds_paired == 1 and event.round(1).boards[1].result == ""


async def test_a_withdrawal_by_another_app_stops_the_publication_and_hand_edits_are_made_again(played):
    a, b = arbiter(played), SwissApp(played, watch_interval=0, pair_in_child=False, arbiter="Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await pair(pa)
        await swap_blacks(pa, "keep the twins apart")
        (edit,) = a.session.proposal.changes
        edited = {p for board in a.session.proposal.boards[:2] for p in (board.white, board.black)}
        gone = max(set(range(1, 10)) - edited)  # B withdraws a player the hand edit does not concern
        name = store.load(played).player(gone).name
        await pb.press("p")
        await pb.pause()
        while pb.app.screen.selected_id() != gone:
            await pb.press("down")
        await pb.press("w")
        await pb.pause()
        assert isinstance(b.screen, ConfirmScreen)
        await pb.press("y")
        await pb.pause()
        assert store.load(played).player(gone).withdrawn
        await confirm(pa)
        assert isinstance(a.screen, ConfirmScreen) and f"{gone} {name}: withdrawn" in a.screen.question
        assert "Your 1 hand edit(s) are made again" in a.screen.question
        await pa.press("y")
        await pa.pause()
        await a.workers.wait_for_complete()
        await wait_until(pa, lambda: isinstance(a.screen, ReviewScreen) and a.screen.has_class("ready"),
                         "the review of the new pairing")
        proposal = a.session.proposal
        assert gone not in proposal.as_round().players()
        assert proposal.board_of(edit.after) is not None
        assert [c.reason for c in proposal.changes] == ["keep the twins apart"]
        assert "1 hand edit(s) made again" in notifications(a)
        await confirm(pa)
    event = store.load(played)
    assert event.rounds_paired == 2 and event.round(2).bye is None  # eight players left
    assert [c.reason for c in event.round(2).changes] == ["keep the twins apart"]

def test_a_change_that_cannot_change_the_pairing_does_not_stop_it(played):
    a = Session.open(played, arbiter="Anna")
    proposal = a.pairing.propose()
    other = Session.open(played, arbiter="Bo")
    other.players.edit(3, name="Kovacs, Andras")  # a name is no input of a pairing
    assert a.pairing.confirm().value == 2
    event = store.load(played)
    assert [(b.white, b.black) for b in event.round(2).boards] == [(b.white, b.black) for b in proposal.boards]


def test_every_input_of_the_pairing_is_compared(played):
    """Withdrawal, byes of the round to pair, settings: each stops a stale proposal (what only some systems
    read, the rating or the name, in tests/app/test_stale_inputs.py)."""
    changes = {
        "bye": lambda s: s.players.request(4, 2, ResultCode.HALF_BYE),
        "kept apart": lambda s: s.players.forbid(1, 2),
        "withdrawal": lambda s: s.players.withdraw(6),
    }
    for what, change in changes.items():
        a = Session.open(played, arbiter="Anna")
        a.pairing.propose()
        change(Session.open(played, arbiter="Bo"))
        with pytest.raises(ProposalStale) as refused:
            a.pairing.confirm()
        assert refused.value.changes, what
        assert store.load(played).rounds_paired == 1


async def test_the_review_open_during_a_correction_shows_one_score_and_says_the_pairing_is_stale(played):
    # Issue 30 item 5: the review's bracket list kept the score the round was paired on while its
    # boards view showed the corrected one. Both now show the scores the pairing was made from, and
    # the review says at once that the event changed since, and what (p pairs again, c asks).
    from textual.widgets import DataTable, Static

    app = arbiter(played)
    async with app.run_test(size=SIZE) as pilot:
        review = await pair(pilot)
        second_process("correct", str(played), "1", "1", "0-1", "sheet misread")  # board 1: 1-5, 1-0 -> 0-1
        app.check_file()  # what the watcher does every two seconds
        await pilot.pause()
        assert app.screen is review
        brackets = str(review.query_one("#brackets", Static).render())
        table = review.query_one("#boards", DataTable)
        cells = [str(c) for key in table.rows for c in table.get_row(key)]
        amber = next(c for c in cells if c.startswith("1 Amber"))
        assert amber.endswith("(1)"), f"{amber}: the score round 2 was paired on, as the bracket list has it"
        assert "▶ 1  (4)" in brackets, brackets  # Amber is in the bracket of 1 point, as paired
        stale = str(review.query_one("#stale", Static).render())
    assert "changed since this pairing was made" in stale
    assert "1 Amber, J. won against 5 -> lost against 5" in stale


async def test_a_late_entry_asking_for_a_bye_while_the_review_is_open_is_listed_not_a_crash(played):
    # The boards draw from the Tournament the round was paired on, which does not hold a player
    # registered since; a bye that player asked for meanwhile is still listed under the boards.
    from textual.widgets import DataTable

    app = arbiter(played)
    async with app.run_test(size=SIZE) as pilot:
        review = await pair(pilot)
        other = Session.open(played)
        late = other.players.add("Late, Lena", renumber=False).value
        other.players.request(late, 2, ResultCode.HALF_BYE)
        app.check_file()
        await pilot.pause()
        assert app.screen is review
        table = review.query_one("#boards", DataTable)
        row = [str(c) for c in table.get_row(f"requested-{late}")]
    assert row[1].startswith(f"{late} Late, Lena"), row
