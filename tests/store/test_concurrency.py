"""Several writers on one event file: no update is lost, stale copies are refused."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from swisstui import store
from swisstui.store.event import LogEntry, PlayerRecord, new_event
from swisstui.store import ConflictError, LockTimeout

WRITER = Path(__file__).with_name("writer_process.py")


def fresh(path: Path) -> None:
    event = new_event("Concurrency", 9)
    event.players = [PlayerRecord(i, f"Player {i}", 2000 - i) for i in range(1, 41)]
    store.save(event, path, expected_revision=0)


@pytest.mark.slow
def test_concurrent_writers_lose_no_update(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    writers, count = 4, 25
    procs = [
        subprocess.Popen([sys.executable, str(WRITER), "increments", str(path), f"w{k}", str(count)])
        for k in range(writers)
    ]
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    event = store.load(path)
    actions = [entry.action for entry in event.log]
    assert sorted(actions) == sorted(f"w{k}-{i}" for k in range(writers) for i in range(count))
    for k in range(writers):  # each writer's own updates stay in its order
        mine = [a for a in actions if a.startswith(f"w{k}-")]
        assert mine == [f"w{k}-{i}" for i in range(count)]
    assert event.revision == 1 + writers * count


def test_concurrent_threads_lose_no_update(tmp_path):
    """The lock is per open file, so threads of one process exclude each other too."""
    path = tmp_path / "EVENT.toml"
    fresh(path)

    def work(tag: str) -> None:
        for i in range(10):
            store.update(path, lambda e, i=i: e.log.append(LogEntry(f"{tag}-{i}")))

    threads = [threading.Thread(target=work, args=(f"t{k}",)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    event = store.load(path)
    assert len(event.log) == 40 and event.revision == 41


def test_stale_copy_is_refused(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    first = store.load(path)
    second = store.load(path)
    first.name = "Renamed by the first arbiter"
    store.save(first, path, expected_revision=first.revision)
    assert first.revision == 2
    second.players[0].rating = 2500
    with pytest.raises(ConflictError) as info:
        store.save(second, path, expected_revision=second.revision)
    assert "revision 2" in str(info.value) and "revision 1" in str(info.value)
    assert second.revision == 1
    on_disk = store.load(path)
    assert on_disk.name == "Renamed by the first arbiter" and on_disk.players[0].rating == 1999


def test_saving_without_expected_revision_still_moves_the_revision_forward(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    old = store.load(path)
    newer = store.load(path)
    for _ in range(3):
        store.save(newer, path)
    store.save(old, path)  # a forced overwrite
    assert store.load(path).revision == 5  # never back to an earlier number


def test_creating_refuses_to_overwrite_an_existing_event(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    with pytest.raises(ConflictError):
        store.save(new_event("Another", 5), path, expected_revision=0)
    assert store.load(path).name == "Concurrency"


def test_update_writes_nothing_when_the_change_fails(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    before = path.read_bytes()

    def change(event):
        event.name = "half done"
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        store.update(path, change)
    assert path.read_bytes() == before


def test_update_returns_the_saved_event(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    event = store.update(path, lambda e: setattr(e, "name", "Updated"))
    assert event.name == "Updated" and event.revision == 2
    assert store.load(path) == event


def test_a_held_lock_times_out_with_a_clear_message(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    event = store.load(path)
    with store.files._locked(path, 1.0):
        with pytest.raises(LockTimeout, match="held the lock"):
            store.save(event, path, lock_timeout=0.1)
    store.save(event, path)  # released again
    assert store.lock_path(path).exists()
