"""A separate process that writes an event file; the atomicity and concurrency tests start it.

    python writer_process.py loop PATH        save forever, printing "saving" before and the revision after each save
    python writer_process.py increments PATH TAG N   N updates, each appending log entry TAG-i
    python writer_process.py hold PATH        take the event's lock, print "held", keep it until killed
    python writer_process.py flock PATH       flock EVENT.toml.lock alone (no place in the queue), print "held",
                                              keep it until killed: a writer that found nobody ahead of it
    python writer_process.py changes PATH     change the event forever through update (each change with its
                                              history entry), printing "changing" before and the revision after
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from swisstui import store
from swisstui.store.event import LogEntry


def loop(path: str) -> None:
    event = store.load(path)
    print("ready", flush=True)
    n = 0
    while True:
        n += 1
        # Vary the length so that a torn write could not go unnoticed.
        event.name = f"Kill test {n}" + "!" * (n % 37)
        if n % 3 == 0:
            event.log.append(LogEntry("tick", f"step {n}"))
        elif event.log:
            event.log.pop()
        print("saving", flush=True)
        store.save(event, path, expected_revision=event.revision)
        print(event.revision, flush=True)


def increments(path: str, tag: str, count: int) -> None:
    for i in range(count):
        store.update(path, lambda event, i=i: event.log.append(LogEntry(f"{tag}-{i}")))


def changes(path: str) -> None:
    file = store.EventFile(path)
    print("ready", flush=True)
    n = 0
    while True:
        n += 1

        def change(event, n=n):
            event.name = f"Kill test {n}" + "!" * (n % 37)
            return LogEntry("rename", f"step {n}")

        print("changing", flush=True)
        print(file.update(change).revision, flush=True)


def flock(path: str) -> None:
    import fcntl
    import os

    fd = os.open(store.lock_path(path), os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX)
    print("held", flush=True)
    time.sleep(600)


def hold(path: str) -> None:
    with store.files._locked(Path(path), 60.0):
        print("held", flush=True)
        time.sleep(600)


if __name__ == "__main__":
    if sys.argv[1] == "loop":
        loop(sys.argv[2])
    elif sys.argv[1] == "hold":
        hold(sys.argv[2])
    elif sys.argv[1] == "flock":
        flock(sys.argv[2])
    elif sys.argv[1] == "changes":
        changes(sys.argv[2])
    else:
        increments(sys.argv[2], sys.argv[3], int(sys.argv[4]))
