"""What the screens ask of the event is worked out once per revision of the file, not once per redraw.

Every screen draws from the engine's Tournament and the review from the validator's findings;
a results screen writes on every key. These count, through the app, the Tournaments built
from the event, the validator's runs and the openings of the event file, for what an arbiter
does: each screen opened, result keys, a review stepped through, edited by hand and confirmed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import engine.validate.check
from swisstui import store
from swisstui.app import SwissApp
from swisstui.store.event import Event
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.results import ResultsScreen
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import wait_until

SIZE = (100, 30)
SCREENS = ("home", "players", "groups", "standings", "crosstable", "settings", "details", "history", "home",
           "standings")
SECOND = Path(__file__).with_name("arbiter_process.py")


class Counted:
    """The Tournaments built from the event (by revision), the pairings validated, the event file's openings."""

    def __init__(self) -> None:
        self.builds: Counter[int] = Counter()  # revision -> Tournaments of the whole event built from it
        self.validated: list[tuple] = []  # (round, boards, bye) of each validator run
        self.opened: list[str] = []  # the event file opened, for reading or writing in place


@pytest.fixture
def counted(monkeypatch, played) -> Counted:
    counts = Counted()
    build, validate = Event.to_tournament, engine.validate.check.validate

    def counting_build(event, *args, **kwargs):
        if kwargs.get("through_round") is None and not args:
            counts.builds[event.revision] += 1
        return build(event, *args, **kwargs)

    def counting_validate(t, pairing, *args, **kwargs):
        counts.validated.append((pairing.round, pairing.boards, pairing.bye))
        return validate(t, pairing, *args, **kwargs)

    monkeypatch.setattr(Event, "to_tournament", counting_build)
    monkeypatch.setattr(engine.validate.check, "validate", counting_validate)
    target = os.path.realpath(played)

    def audit(name: str, args: tuple) -> None:
        if name == "open" and isinstance(args[0], str | bytes | os.PathLike) and os.path.realpath(args[0]) == target:
            counts.opened.append(str(args[1]))

    sys.addaudithook(audit)  # hooks stay for the process: this one counts only this test's file
    return counts


@pytest.fixture
def played(round_one):
    """Round 1 of nine players played, FIDE mode off so that a hand edit may break a rule."""
    path = write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    event = store.load(path)
    event.fide_mode = False
    store.save(event, path)
    return path


def app_on(path: Path) -> SwissApp:
    return SwissApp(path, pair_in_child=False, watch_interval=0)


async def show(pilot, name: str) -> None:
    pilot.app.action_show(name)
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "SCREEN_NAME", "") == name, f"the {name} screen")
    await pilot.pause()


async def pair(pilot) -> ReviewScreen:
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen) and pilot.app.screen.has_class("ready"),
                     "the proposal")
    await pilot.pause()
    return pilot.app.screen


async def test_every_screen_opened_builds_the_tournament_once_for_the_revision(played, counted):
    async with app_on(played).run_test(size=SIZE) as pilot:
        for name in SCREENS:
            await show(pilot, name)
        revision = pilot.app.session.event.revision
    assert counted.builds == {revision: 1}, counted.builds


async def paired_and_published(pilot) -> None:
    """Round 2 paired as the engine proposes it and published: the results screen shows it."""
    await pair(pilot)
    await pilot.press("c")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen), "the confirmation")
    await pilot.press("y")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen), "the results screen")
    await pilot.pause()


async def test_result_keys_build_the_tournament_once_per_revision(played, counted):
    async with app_on(played).run_test(size=SIZE) as pilot:
        await paired_and_published(pilot)
        first = pilot.app.session.event.revision
        for key in ("1", "0", "="):
            await pilot.press(key)
            await pilot.pause()
            for name in ("standings", "results", "standings", "crosstable", "results"):
                await show(pilot, name)
        last = pilot.app.session.event.revision
    assert last == first + 3
    assert [b.result for b in store.load(played).round(2).boards[:3]] == ["1-0", "0-1", "1/2-1/2"]
    assert max(counted.builds.values()) == 1, counted.builds
    assert set(range(first + 1, last + 1)) <= set(counted.builds)  # the standings after each key: built anew


async def test_result_keys_never_open_the_event_file(played, counted):
    async with app_on(played).run_test(size=SIZE) as pilot:
        await paired_and_published(pilot)
        counted.opened.clear()
        first = pilot.app.session.event.revision
        for key in ("1", "0", "=", "+"):
            await pilot.press(key)
            await pilot.pause()
        assert pilot.app.session.event.revision == first + 4
        assert counted.opened == []  # no key read (or rewrote in place) the file it wrote the key before
        assert store.load(played) == pilot.app.session.event  # what the screens show is what the file holds
    assert [b.result for b in store.load(played).round(2).boards] == ["1-0", "0-1", "1/2-1/2", "+/-"]


async def test_a_review_validates_each_pairing_once_and_an_edited_one_again(played, counted):
    async with app_on(played).run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        proposal = pilot.app.session.proposal
        engine_pairing = (proposal.round, tuple(proposal.boards), proposal.bye)
        await pilot.press("a")  # the boards, with the validator's marks
        await pilot.pause()
        for key in ("down", "down", "up", "a", "a", "right", "a"):  # around the boards and the trace, back
            await pilot.press(key)
            await pilot.pause()
        for _ in range(3):
            screen.refresh_all()
            await pilot.pause()
        assert counted.validated == [engine_pairing]
        await pilot.press("up")
        await pilot.pause()
        assert screen.has_class("boards-view") and screen.selected_board() == 1
        boards = proposal.boards
        await pilot.press("e", "tab", "tab", "ctrl+u", *str(boards[1].black), "enter")  # black of board 2 to board 1
        await pilot.pause()
        await pilot.press(*"players asked", "enter")
        await pilot.pause()
        assert proposal.changes
        edited = (proposal.round, tuple(proposal.boards), proposal.bye)
        assert edited != engine_pairing and edited in counted.validated  # the edit is validated, not the old findings
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen), "the confirmation")
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen), "the results screen")
    repeated = {pairing: n for pairing, n in Counter(counted.validated).items() if n > 1}
    assert repeated == {}, f"validated more than once: {repeated}"
    assert max(counted.builds.values()) == 1, counted.builds
    assert store.load(played).round(2).boards[0].black == boards[0].black  # what was confirmed is the edit


async def test_a_result_from_another_process_between_two_keys_is_kept(played, counted):
    """The file is not read again after a key, yet a write by anyone else in between is seen and kept."""
    write_round(played, 2, ((1, 2), (3, 4), (5, 6), (7, 8)), bye=9)
    async with app_on(played).run_test(size=SIZE) as pilot:
        await show(pilot, "results")
        await pilot.press("1")  # board 1
        await pilot.pause()
        out = subprocess.run([sys.executable, str(SECOND), "result", str(played), "2", "4", "0-1"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stdout + out.stderr
        await pilot.press("0")  # board 2: written over the file as the other process left it
        await pilot.pause()
    assert [b.result for b in store.load(played).round(2).boards] == ["1-0", "0-1", "", "0-1"]


async def test_a_hand_edit_of_the_file_between_two_keys_is_kept(played, counted):
    """An editor that rewrites the file in place, to the same length: the next key still sees it."""
    write_round(played, 2, ((1, 2), (3, 4), (5, 6), (7, 8)), bye=9)
    async with app_on(played).run_test(size=SIZE) as pilot:
        await show(pilot, "results")
        await pilot.press("1")  # board 1: 1-0
        await pilot.pause()
        # The file's clock moves on from the key's write, as it does between an arbiter's key and a person's edit.
        await wait_until(pilot, lambda: time.time_ns() - played.stat().st_mtime_ns > 50_000_000, "the clock")
        text = played.read_text(encoding="utf-8")
        edited = text.replace('white = 1, black = 2, result = "1-0"', 'white = 1, black = 2, result = "0-1"')
        assert edited != text and len(edited) == len(text)
        with open(played, "r+", encoding="utf-8") as f:  # in place: the same file, the same size
            f.write(edited)
        await pilot.press("0")  # board 2
        await pilot.pause()
    assert [b.result for b in store.load(played).round(2).boards][:2] == ["0-1", "0-1"]
