"""The event's lock: writers waiting for it are served in the order they came, and a dead writer never blocks."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from swisstui import store
from swisstui.store.event import PlayerRecord, new_event
from swisstui.store import LockTimeout

WRITER = Path(__file__).with_name("writer_process.py")


def fresh(path: Path) -> None:
    event = new_event("Lock", 9)
    event.players = [PlayerRecord(i, f"Player {i}", 2000 - i) for i in range(1, 21)]
    store.save(event, path, expected_revision=0)


def queued(path: Path) -> list[str]:
    return sorted(n for n in os.listdir(store.queue_path(path)) if n[:1].isdigit())


def wait_until(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def start_writer(path: Path, tag: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(WRITER), "increments", str(path), tag, "1"])


@pytest.mark.slow
def test_waiting_writers_are_served_in_the_order_they_came(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    procs = []
    with store.files._locked(path, 60.0):
        for k in range(5):
            procs.append(start_writer(path, f"w{k}"))
            wait_until(lambda k=k: len(queued(path)) == k + 2)  # this one is queued behind the others
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    assert [entry.action for entry in store.load(path).log] == [f"w{k}-0" for k in range(5)]
    assert queued(path) == []  # every writer took its node away


@pytest.mark.slow
def test_a_killed_lock_holder_lets_the_next_writer_in_at_once(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    holder = subprocess.Popen([sys.executable, str(WRITER), "hold", str(path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    done = threading.Event()
    saved: list[float] = []

    def write() -> None:
        store.update(path, lambda e: setattr(e, "name", "After the kill"), lock_timeout=60.0)
        saved.append(time.monotonic())
        done.set()

    thread = threading.Thread(target=write)
    thread.start()
    wait_until(lambda: len(queued(path)) == 2)
    assert not done.wait(0.5)  # waits while the holder lives
    killed = time.monotonic()
    holder.kill()
    holder.wait()
    holder.stdout.close()
    thread.join(timeout=60)
    assert done.is_set() and saved[0] - killed < 5
    assert store.load(path).name == "After the kill"
    assert queued(path) == []  # the dead holder's node was removed by the writer behind it


def test_a_writer_that_finds_nobody_queued_still_waits_for_the_lock_file(tmp_path):
    """Exclusion is the ``flock`` on ``EVENT.toml.lock``; the queue only orders. Two writers arriving at
    once can each find nobody ahead (each named its node after listing the other's); the one that takes
    the lock second must still wait, here for another process that holds the lock file alone."""
    path = tmp_path / "EVENT.toml"
    fresh(path)
    holder = subprocess.Popen([sys.executable, str(WRITER), "flock", str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        event = store.load(path)
        with pytest.raises(LockTimeout, match="held the lock"):
            store.save(event, path, lock_timeout=0.3)
        assert store.load(path).revision == 1  # nothing written
        assert queued(path) == []  # and it left the queue
        done = threading.Event()
        thread = threading.Thread(target=lambda: (store.update(path, lambda e: setattr(e, "name", "Second"),
                                                               lock_timeout=60.0), done.set()))
        thread.start()
        wait_until(lambda: len(queued(path)) == 1)
        assert not done.wait(0.5)  # waits while the other process holds the lock file
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
    thread.join(timeout=60)
    assert done.is_set() and store.load(path).name == "Second"


def test_a_node_left_by_a_dead_writer_is_passed_and_removed(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    queue = store.queue_path(path)
    queue.mkdir(exist_ok=True)
    stale = queue / f"{time.time_ns() - 10**9:020d}-99999-1-abcdef"
    stale.write_text("")  # nobody holds its lock: its writer died
    store.update(path, lambda e: setattr(e, "name", "Passed"), lock_timeout=1.0)
    assert store.load(path).name == "Passed" and not stale.exists()


def test_the_timeout_counts_each_writer_ahead(tmp_path):
    path = tmp_path / "EVENT.toml"
    fresh(path)
    event = store.load(path)
    with store.files._locked(path, 1.0):
        start = time.monotonic()
        with pytest.raises(LockTimeout, match="held the lock for over 0.2 s"):
            store.save(event, path, lock_timeout=0.2)
        waited = time.monotonic() - start
    assert 0.3 <= waited < 5  # 0.2 s for the holder ahead, 0.2 s of its own
    assert queued(path) == []  # the writer that gave up left the queue
    store.save(event, path, lock_timeout=0.2)
