"""A save interrupted at any point leaves a loadable event file (and a loadable backup)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import trf
from swisstui import store
from swisstui.store.event import Board, Event
from swisstui.store import EventFileError
from tests.data_paths import dutch

WRITER = Path(__file__).with_name("writer_process.py")
FIXTURE = dutch("dutch-2300023-n100-r8.trf")


def big_event() -> Event:
    """100 players, 8 rounds: a save takes long enough for kills to land inside it."""
    return Event.from_tournament(trf.load(FIXTURE).tournament, name="Kill test")


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


@pytest.mark.slow
def test_sigkill_at_random_moments_never_leaves_a_broken_file(tmp_path):
    path = tmp_path / "EVENT.toml"
    store.save(big_event(), path)
    rng = random.Random(424242)
    known = store.load(path).revision
    interrupted = 0
    for _ in range(30):
        proc = subprocess.Popen(
            [sys.executable, str(WRITER), "loop", str(path)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        assert proc.stdout.readline().strip() == "saving"  # the loop runs: kill it at a random moment
        time.sleep(rng.uniform(0.0, 0.06))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        lines = ["saving"] + proc.stdout.read().split("\n")
        proc.stdout.close()
        complete = [line for line in lines[:-1] if line.strip()]  # the last piece may be cut short
        written = [int(line) for line in complete if line != "saving"]
        if written:
            known = written[-1]
        if complete and complete[-1] == "saving":
            interrupted += 1
        event = store.load(path)  # must not raise
        # The last revision reported is on disk, or the save after it completed before the kill.
        assert event.revision in (known, known + 1)
        known = event.revision
        if store.backup_path(path).exists():
            # The previous version, or the current one when the kill fell between backup and rename.
            assert store.load(store.backup_path(path)).revision <= event.revision
    assert interrupted >= 10, f"only {interrupted} of 30 kills landed inside a save"
    # The next save cleans up what killed writers left behind.
    event = store.load(path)
    store.save(event, path, expected_revision=event.revision)
    assert temporaries(tmp_path) == []


STEPS = ["open", "write", "fsync", "replace"]


@pytest.mark.parametrize("step", STEPS)
def test_failure_at_each_step_keeps_the_old_file(tmp_path, monkeypatch, step):
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    store.save(event, path)
    before = path.read_bytes()
    event.name = "Changed"
    real = {"open": os.open, "write": os.write, "fsync": os.fsync, "link": os.link, "replace": os.replace}

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    def only_for_event(name):
        def call(*args, **kwargs):
            target = str(args[0]) if args else ""
            if name in ("open",) and not target.endswith(".tmp"):
                return real[name](*args, **kwargs)
            if name == "replace" and not str(args[1]).endswith("EVENT.toml"):
                return real[name](*args, **kwargs)
            return broken()
        return call

    monkeypatch.setattr(store.files.os, step, only_for_event(step) if step in ("open", "replace") else broken)
    with pytest.raises(store.SaveError, match="cannot save: No space left on device"):
        store.save(event, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert store.load(path).name == "Kill test"
    assert event.revision == 2  # unchanged by the failed save
    assert temporaries(tmp_path) == []


def test_backup_is_copied_where_hard_links_fail(tmp_path, monkeypatch):
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    first = path.read_bytes()

    def no_links(*args, **kwargs):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(store.files.os, "link", no_links)
    event.name = "Second"
    store.save(event, path)
    assert store.backup_path(path).read_bytes() == first
    assert store.load(path).name == "Second"
    assert temporaries(tmp_path) == []


def test_backup_holds_the_previous_version(tmp_path):
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    first = path.read_text()
    event.name = "Second"
    store.save(event, path)
    assert store.backup_path(path).read_text() == first
    assert store.load(store.backup_path(path)).revision == 1
    assert store.load(path).revision == 2


def test_save_refuses_an_event_that_would_not_load(tmp_path):
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    before = path.read_bytes()
    event.rounds[0].boards.append(Board(999, 1, 1000, "1-0"))
    with pytest.raises(EventFileError, match="player 1000 does not exist"):
        store.save(event, path)
    assert path.read_bytes() == before
    assert event.revision == 1


def test_save_keeps_the_file_mode(tmp_path):
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    os.chmod(path, 0o640)
    store.save(event, path)
    assert path.stat().st_mode & 0o777 == 0o640


def test_saving_through_a_symlink_replaces_the_real_file(tmp_path):
    real = tmp_path / "shared" / "EVENT.toml"
    real.parent.mkdir()
    link = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, real)
    link.symlink_to(real)
    event.name = "Through the link"
    store.save(event, link)
    assert link.is_symlink()
    assert store.load(real).name == "Through the link"
    assert store.backup_path(real).exists() and store.lock_path(real).exists()


def test_a_backup_already_linked_to_the_event_leaves_no_temporary(tmp_path):
    # A writer killed between keeping the backup and replacing the event leaves EVENT.toml and
    # EVENT.toml.bak as two links to one file; rename(2) between two such links does nothing.
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    os.link(path, store.backup_path(path))
    store.save(event, path, expected_revision=event.revision)
    assert temporaries(tmp_path) == []
    assert store.load(store.backup_path(path)).revision == event.revision - 1


def test_a_backup_already_pointing_at_the_file_leaves_no_temporary(tmp_path):
    """A writer killed between keeping the backup and its rename leaves the backup linked to the event
    file itself; the next save must not leave its own backup link behind (renaming a link over
    another link of the same file does nothing)."""
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    os.link(path, store.backup_path(path))  # what the killed writer left
    previous = path.read_bytes()
    event.name = "After the kill"
    store.save(event, path)
    assert temporaries(tmp_path) == []
    assert store.backup_path(path).read_bytes() == previous
    assert store.load(path).name == "After the kill"


def test_a_read_only_event_file_is_never_replaced(tmp_path):
    path = tmp_path / "EVENT.toml"
    event = big_event()
    store.save(event, path)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    backup = store.backup_path(path).read_bytes() if store.backup_path(path).exists() else None
    assert store.is_read_only(path)
    event.name = "Changed"
    with pytest.raises(store.ReadOnlyError, match="EVENT.toml: the file is read-only: nothing was saved"):
        store.save(event, path)
    with pytest.raises(store.ReadOnlyError):
        store.update(path, lambda e: setattr(e, "name", "Changed"))
    assert path.read_bytes() == before and path.stat().st_mode & 0o777 == 0o444
    assert (store.backup_path(path).read_bytes() if store.backup_path(path).exists() else None) == backup
    assert temporaries(tmp_path) == []
    os.chmod(path, 0o644)  # made writable again: saves go through
    store.save(event, path)
    assert store.load(path).name == "Changed"
