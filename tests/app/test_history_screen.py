"""The history screen: every change with its time and who made it; undo back to the last published
round; un-publishing the latest round while none of its results is in."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

from textual.widgets import DataTable

from swisstui import store
from swisstui.session.actions import Session
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.history import HistoryScreen
from swisstui.store import history
from tests.app.screen_text import notifications, screen_text, wait_until

SIZE = (120, 30)
SECOND = Path(__file__).with_name("arbiter_process.py")


def arbiter(path: Path, name: str) -> SwissApp:
    return SwissApp(path, watch_interval=0, pair_in_child=False, arbiter=name)


def published_round_one(path: Path) -> None:
    """Round 1 paired by the engine and published through the session, as the review does."""
    session = Session.open(path, arbiter="Chief")
    session.pairing.propose()
    session.pairing.confirm()


async def open_history(pilot) -> None:
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HistoryScreen)
    note = pilot.app.screen.query_one("#history-note")
    # the note is written once the table holds the history
    await wait_until(pilot, lambda: "change(s) recorded" in str(note.render()), "the history table")


async def answer_yes(pilot) -> None:
    assert isinstance(pilot.app.screen, ConfirmScreen), pilot.app.screen
    await pilot.press("y")
    await pilot.pause()


async def test_every_change_is_listed_with_its_time_and_who_made_it(event_file):
    published_round_one(event_file)
    a = arbiter(event_file, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await pa.press("r", "1")  # a result on the first board
        await pa.pause()
        await pa.press("p", "down", "w")  # withdraw player 2
        await pa.pause()
        await answer_yes(pa)
        a.action_keys("papi")  # a setting
        await pa.pause()
        subprocess.run([sys.executable, str(SECOND), "rating", str(event_file), "5", "2230"], check=True,
                       capture_output=True, timeout=60)
        await open_history(pa)
        text = screen_text(a)
        assert "second process" in text and "Anna" in text and "Chief" in text
        for action in ("edit-player", "result-keys", "withdrawal", "result", "publish"):
            assert action in text, action
        assert "5 Sato, K.: rating" in text and "round 1, board 1" in text
    records = list(history.read(event_file))
    assert [r.log.action for r in records] == ["edit-player", "result-keys", "withdrawal", "result", "publish"]
    assert [r.log.by for r in records] == ["second process", "Anna", "Anna", "Anna", "Chief"]
    now = dt.datetime.now(dt.timezone.utc)
    assert all(abs((now - r.log.at).total_seconds()) < 300 for r in records)


async def test_undo_takes_back_the_last_changes_and_stops_at_the_published_round(event_file):
    published_round_one(event_file)
    a = arbiter(event_file, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await pa.press("r", "1", "0")  # 1-0 on board 1, 0-1 on board 2
        await pa.pause()
        await pa.press("p", "w")  # withdraw player 1
        await pa.pause()
        await answer_yes(pa)
        event = store.load(event_file)
        assert event.player(1).withdrawn and [b.result for b in event.round(1).boards[:2]] == ["1-0", "0-1"]
        await open_history(pa)
        assert "u undoes: withdrawal (1 Amber, J. after round 1)" in screen_text(a)
        for _ in range(3):
            await pa.press("u")
            await pa.pause()
            await answer_yes(pa)
        event = store.load(event_file)
        assert not event.player(1).withdrawn
        assert [b.result for b in event.round(1).boards] == [""] * len(event.round(1).boards)
        assert event.rounds_paired == 1  # the published round stays
        await pa.press("u")
        await pa.pause()
        assert any("nothing to undo since the last published round" in n for n in notifications(a))
        assert not isinstance(a.screen, ConfirmScreen)
    undone = list(history.read(event_file))
    assert [r.log.action for r in undone[:3]] == ["undo", "undo", "undo"]
    assert [r.log.by for r in undone[:3]] == ["Anna"] * 3
    assert [e.action for e in store.load(event_file).log].count("undo") == 3


async def test_the_latest_round_is_un_published_only_while_none_of_its_results_is_in(event_file):
    published_round_one(event_file)
    a = arbiter(event_file, "Anna")
    async with a.run_test(size=SIZE) as pa:
        await pa.press("r", "1")
        await pa.pause()
        await open_history(pa)
        await pa.press("U")
        await pa.pause()
        assert any("round 1 has 1 result(s) in" in n for n in notifications(a))
        assert store.load(event_file).rounds_paired == 1
        await pa.press("u")
        await pa.pause()
        await answer_yes(pa)  # the result undone: now the round can go
        await pa.press("U")
        await pa.pause()
        assert "Un-publish round 1?" in a.screen.question
        await answer_yes(pa)
        assert any("round 1 un-published" in n for n in notifications(a))
    event = store.load(event_file)
    assert event.rounds_paired == 0 and not any(r.boards or r.published for r in event.rounds)
    assert event.log[-1].action == "unpublish" and event.log[-1].by == "Anna"
    Session.open(event_file).pairing.propose()  # and round 1 can be paired again


async def test_an_undo_asked_before_another_arbiters_change_is_refused_and_changes_nothing(event_file):
    published_round_one(event_file)
    a, b = arbiter(event_file, "Anna"), arbiter(event_file, "Bo")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await pa.press("r", "1")
        await pa.pause()
        await open_history(pa)
        await pa.press("u")
        await pa.pause()
        assert "Undo result (round 1, board 1" in a.screen.question
        await pb.press("r", "down", "=")  # B enters a draw on board 2 meanwhile
        await pb.pause()
        await pa.press("y")
        await pa.pause()
        assert any("the last change is now result (round 1, board 2" in n for n in notifications(a))
    boards = store.load(event_file).round(1).boards
    assert (boards[0].result, boards[1].result) == ("1-0", "1/2-1/2")


def test_the_arbiter_named_at_start_is_who_the_history_records(event_file, monkeypatch):
    import getpass

    from swisstui import app as app_module
    from swisstui.cli import main

    opened = {}
    monkeypatch.setattr(app_module, "run",
                        lambda path, theme=None, arbiter="", language_code=None: opened.update(arbiter=arbiter))
    assert main([str(event_file), "--arbiter", "Anna K."]) == 0
    assert opened == {"arbiter": "Anna K."}
    monkeypatch.delenv("SWISSTUI_ARBITER", raising=False)
    assert Session.open(event_file).arbiter == getpass.getuser()  # no name chosen: the login name
    monkeypatch.setenv("SWISSTUI_ARBITER", "Chief")
    session = Session.open(event_file)
    session.settings.set_result_keys("papi")
    (record,) = history.read(event_file)
    assert (record.log.by, record.log.action, record.log.text) == ("Chief", "result-keys", "papi")


SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
NARROW = (80, 24)


def weekend_open_with_changes(tmp_path: Path) -> Path:
    """The sample weekend open after a correction with its reason, a details save and a withdrawal."""
    import shutil

    from swisstui.session.actions import RESULT_KINDS

    path = tmp_path / "weekend-open.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    session = Session.open(path, arbiter="Dubois, Claire")
    board = session.event.round(4).boards[0]
    kind = next(k for k in RESULT_KINDS if k.stored and k.stored != board.result)
    session.results.set_result(4, 1, kind, reason="the scoresheets signed by both players show another result",
                       by="CD")
    values = session.settings.event_details()
    session.settings.set_event_details({**values, "city": "Gent", "time_control": "90 min + 30 s from move 1"})
    return path


async def test_every_change_is_read_whole_at_80_columns(tmp_path):
    """A change wider than its column is cut in the row and shown whole, wrapped, under the table."""
    from tests.app.clipping import clipped

    path = weekend_open_with_changes(tmp_path)
    app = SwissApp(path, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=NARROW) as pilot:
        await open_history(pilot)
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # nothing off to the right
        texts = [line.text for line in app.session.history.lines()]
        assert any(len(t) > 60 for t in texts)
        for n, text in enumerate(texts):
            assert table.cursor_row == n
            shown = " ".join(screen_text(app).split())
            assert " ".join(text.split()) in shown, f"{text!r} is not on the screen:\n{screen_text(app)}"
            assert not clipped(app), clipped(app)
            await pilot.press("down")


async def test_a_details_save_says_in_the_history_what_it_changed(round_one):
    from tests.app.test_details import fill

    a = arbiter(round_one, "Anna")
    async with a.run_test(size=NARROW) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await fill(pilot, "city", "Riverside")
        await fill(pilot, "round-2", "2026-03-15")
        await pilot.press("enter")
        await wait_until(pilot, lambda: any("event details saved" in n for n in notifications(a)), "the save")
        await pilot.press("escape")
        await pilot.pause()
        await open_history(pilot)
        said = "City: (none) -> Riverside; Round 2 date: (none) -> 2026-03-15"
        assert said in " ".join(screen_text(a).split())
    (record,) = [r for r in history.read(round_one) if r.log.action == "details"]
    assert record.log.text == said
