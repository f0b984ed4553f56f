"""Un-publishing the latest round (U on the history screen) gives back the event as it was before
the round was published, with what was done meanwhile done as if the round had not been: the
event files are compared, all but the log (which keeps that it happened) and the revision."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.session.actions import Session
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ChoiceScreen, ConfirmScreen
from swisstui.screens.history import HistoryScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import notifications

SIZE = (120, 30)
RESULTS = ("1-0", "0-1", "1/2-1/2", "1-0")


def before_round_two(path: Path) -> Path:
    """Round 1 played (every result in): the event as it is before round 2 is paired."""
    write_round(path, 1, ROUND_ONE, bye=9, results=RESULTS)
    return path


def publish_next_round(path: Path) -> int:
    """The next round paired by the engine and published, as the review does."""
    session = Session.open(path, arbiter="Chief")
    session.pairing.propose()
    return session.pairing.confirm().value


def file_without_log(path: Path) -> dict:
    """The event file as data, without its log and its revision."""
    doc = store.document(store.load(path))
    doc.pop("log", None)
    doc["event"].pop("revision", None)
    return doc


def arbiter(path: Path) -> SwissApp:
    return SwissApp(path, watch_interval=0, pair_in_child=False, arbiter="Anna")


async def unpublish_in_app(pilot) -> None:
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HistoryScreen)
    await pilot.press("U")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ConfirmScreen), notifications(pilot.app)
    await pilot.press("y")
    await pilot.pause()
    assert any("un-published" in n for n in notifications(pilot.app)), notifications(pilot.app)


async def late_entry_in_app(pilot, name: str, rating: str) -> None:
    await pilot.press("p", "a")
    await pilot.pause()
    await pilot.press(*name, "tab", *rating, "enter")
    await pilot.pause()
    if isinstance(pilot.app.screen, ChoiceScreen):  # who changes number: renumber
        await pilot.press("y")
        await pilot.pause()


async def withdraw_in_app(pilot, number: int) -> None:
    await pilot.press("p")
    await pilot.pause()
    await pilot.press(*(["down"] * (number - 1)), "w")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()


async def test_un_publishing_gives_back_the_event_file_as_it_was_before_the_round(event_file):
    before = file_without_log(before_round_two(event_file))
    assert publish_next_round(event_file) == 2
    async with arbiter(event_file).run_test(size=SIZE) as pilot:
        await unpublish_in_app(pilot)
    assert file_without_log(event_file) == before
    assert store.load(event_file).log[-1].action == "unpublish"


async def test_a_late_entry_made_while_the_round_was_out_is_paired_in_it_once_it_is_taken_back(event_file, tmp_path):
    before_round_two(event_file)
    reference = shutil.copy(event_file, tmp_path / "reference.toml")
    async with arbiter(Path(reference)).run_test(size=SIZE) as pilot:
        await late_entry_in_app(pilot, "Late, L.", "2300")  # registered before round 2 is paired
    publish_next_round(event_file)
    async with arbiter(event_file).run_test(size=SIZE) as pilot:
        await late_entry_in_app(pilot, "Late, L.", "2300")  # registered after: round 2 missed, so far
        late = store.load(event_file).players[3]
        assert late.name == "Late, L." and late.id in store.load(event_file).round(2).requests
        await unpublish_in_app(pilot)
    assert file_without_log(event_file) == file_without_log(Path(reference))
    event = store.load(event_file)
    assert event.round(2) is None and list(event.round(1).requests) == [4]  # round 1 still missed
    session = Session.open(event_file)
    proposal = session.pairing.propose()
    assert any(4 in (b.white, b.black) for b in proposal.boards) or proposal.bye == 4


async def test_a_player_withdrawn_while_the_round_was_out_withdrew_before_it_once_it_is_taken_back(event_file, tmp_path):
    before_round_two(event_file)
    reference = shutil.copy(event_file, tmp_path / "reference.toml")
    async with arbiter(Path(reference)).run_test(size=SIZE) as pilot:
        await withdraw_in_app(pilot, 3)
    assert store.load(reference).player(3).withdrawn_after == 1
    publish_next_round(event_file)
    async with arbiter(event_file).run_test(size=SIZE) as pilot:
        await withdraw_in_app(pilot, 3)
        assert store.load(event_file).player(3).withdrawn_after == 2
        await unpublish_in_app(pilot)
    assert file_without_log(event_file) == file_without_log(Path(reference))
    assert store.load(event_file).player(3).withdrawn_after == 1


async def test_a_bye_asked_for_the_round_before_it_was_paired_stays_when_it_is_taken_back(event_file):
    before_round_two(event_file)
    Session.open(event_file).players.request(5, 2, ResultCode.HALF_BYE)
    before = file_without_log(event_file)
    publish_next_round(event_file)
    async with arbiter(event_file).run_test(size=SIZE) as pilot:
        await unpublish_in_app(pilot)
    assert file_without_log(event_file) == before
    assert 5 in store.load(event_file).round(2).requests
