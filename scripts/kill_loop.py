#!/usr/bin/env python3
"""Kill a writer of an event file at random instants and check the event and its history after each kill.

    .venv/bin/python scripts/kill_loop.py [--kills 300] [--seed 2026] [--players 100]

Each run starts a writer that changes the event through the store's update forever (every change
with its history entry) and kills it with SIGKILL after a random delay. After each kill the event
must load, and its revision must be the newest entry of its history as every reader sees it (the
history screen's listing included): a change is in both or in neither. Prints the figures: kills,
kills that left an entry past the event's revision (dropped by the next writer), mismatches.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swisstui import store  # noqa: E402
from swisstui.store.event import LogEntry, PlayerRecord  # noqa: E402
from swisstui.store import history  # noqa: E402


def writer(path: str) -> None:
    file = store.EventFile(path)
    print("ready", flush=True)
    n = 0
    while True:
        n += 1

        def change(event, n=n):
            event.name = f"Kill loop {n}" + "!" * (n % 37)
            return LogEntry("rename", f"step {n}")

        print("changing", flush=True)
        file.update(change)


def mismatch(path: Path) -> str:
    event = store.load(path)
    newest = next(history.read(path), None)
    if newest is not None and newest.revision != event.revision:
        return f"event at revision {event.revision}, newest history entry {newest.revision}"
    listing = history.Listing(path)
    first = next((e for e in (listing.entry(i) for i in range(len(listing))) if e is not None), None)
    if first is not None and first.revision != event.revision:
        return f"event at revision {event.revision}, the listing's newest entry {first.revision}"
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--writer", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.writer:
        writer(a.writer)
        return 0
    rng = random.Random(a.seed)
    path = Path(tempfile.mkdtemp()) / "EVENT.toml"
    event = store.new_event("Kill loop", 9)
    event.players = [PlayerRecord(id=i, name=f"Player {i:03d}", rating=2500 - i) for i in range(1, a.players + 1)]
    store.save(event, path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    left = bad = 0
    started = time.monotonic()
    for _ in range(a.kills):
        proc = subprocess.Popen([sys.executable, __file__, "--writer", str(path)], stdout=subprocess.PIPE,
                                text=True, env=env)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.08))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        raw = history.history_path(path).read_text(encoding="utf-8") if history.history_path(path).exists() else ""
        revision = store.load(path).revision
        left += f"revision = {revision + 1}\n" in raw
        why = mismatch(path)
        if why:
            bad += 1
            print("mismatch:", why)
    print(f"{a.kills} kills in {time.monotonic() - started:.0f} s: {left} left an entry past the event's "
          f"revision (skipped, dropped by the next writer), {bad} with the event and its history apart")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
