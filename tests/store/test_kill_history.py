"""A writer killed at any instant: the event file and its history change together or not at all.

The history entry is written before the event file is replaced; an entry left by a writer killed
between the two is newer than the file, skipped by every reader and dropped by the next writer.
``scripts/kill_loop.py`` runs the long version (300 kills and more).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from swisstui import store
from swisstui.store import history
from tests.store.test_atomic import big_event

WRITER = Path(__file__).with_name("writer_process.py")
ROOT = Path(__file__).resolve().parents[2]


def consistent(path: Path) -> str:
    """Why the event and its history disagree, or "" (every change wrote one entry: they must match)."""
    event = store.load(path)
    newest = next(history.read(path), None)
    if newest is None:
        return "" if event.revision == 1 else f"revision {event.revision} with no history"
    if newest.revision != event.revision:
        return f"the event is at revision {event.revision}, its newest history entry at {newest.revision}"
    listed = history.Listing(path)
    shown = next((listed.entry(i) for i in range(len(listed)) if listed.entry(i) is not None), None)
    if shown is None or shown.revision != event.revision:
        return f"the history screen lists {shown and shown.revision} first, the event is at {event.revision}"
    return ""


@pytest.mark.slow
def test_a_kill_at_any_instant_leaves_the_event_and_its_history_together(tmp_path):
    path = tmp_path / "EVENT.toml"
    store.save(big_event(), path)
    rng = random.Random(2026)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    found = []
    for _ in range(40):
        proc = subprocess.Popen([sys.executable, str(WRITER), "changes", str(path)], stdout=subprocess.PIPE,
                                text=True, env=env)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        assert proc.stdout.readline().strip() == "changing"
        time.sleep(rng.uniform(0.0, 0.08))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        why = consistent(path)
        if why:
            found.append(why)
    assert found == []
    # The next writer drops whatever a killed one left past the event's revision.
    event = store.EventFile(path).update(lambda e: store.LogEntry("rename", "after the kills"))
    raw = history.history_path(path).read_text(encoding="utf-8")
    assert raw.count(f"revision = {event.revision}\n") == 1 and consistent(path) == ""


def test_an_entry_left_past_the_events_revision_is_skipped_and_then_dropped(tmp_path):
    path = tmp_path / "EVENT.toml"
    store.save(big_event(), path)
    file = store.EventFile(path)
    file.update(lambda e: store.LogEntry("rename", "one"))
    revision = store.load(path).revision
    # what a writer killed after its entry and before its rename leaves behind
    history.append(path, history.Record(store.LogEntry("rename", "never made"), revision + 1))
    assert [r.log.text for r in history.read(path)][:1] == ["one"]
    assert history.Listing(path).entry(0) is None
    store.EventFile(path).update(lambda e: store.LogEntry("rename", "two"))
    texts = [r.log.text for r in history.read(path)]
    assert texts[:2] == ["two", "one"] and "never made" not in history.history_path(path).read_text()


def test_a_history_that_cannot_be_written_saves_nothing(tmp_path):
    """With the history read-only, a change is refused and the event file is as it was: 'not saved' is true."""
    path = tmp_path / "EVENT.toml"
    store.save(big_event(), path)
    store.EventFile(path).update(lambda e: store.LogEntry("rename", "one"))
    before = path.read_bytes()
    history.history_path(path).chmod(0o444)
    try:
        if os.access(history.history_path(path), os.W_OK):  # root writes read-only files: use a folder instead
            history.history_path(path).chmod(0o644)
            history.history_path(path).unlink()
            history.history_path(path).mkdir()
        try:
            store.EventFile(path).update(lambda e: store.LogEntry("rename", "two"))
        except store.SaveError:
            pass
        else:
            raise AssertionError("the change was saved without its history entry")
    finally:
        hp = history.history_path(path)
        if hp.is_dir():
            hp.rmdir()
        else:
            hp.chmod(0o644)
    assert path.read_bytes() == before
