"""The event's write lock: exclusive, and fair: writers waiting for it are served in the order they came.

Two arbiters and a results screen that saves on every key can make several processes want
the same event at once. ``flock`` alone gives exclusion but no order: when the lock is
released every waiter wakes and races, so an unlucky writer can lose again and again until
it times out. Here exclusion is still one ``flock`` on ``EVENT.toml.lock``, and the order is
a queue of small files in the hidden folder ``.EVENT.toml.queue``:

- a writer adds its node, named by its arrival time, and holds a ``flock`` on it until it has
  written (or given up);
- it then blocks on the ``flock`` of the node just ahead of it; that returns when the writer
  ahead has finished, died (the kernel drops a dead process's locks) or given up, and the
  writer looks again for anyone still ahead;
- with nobody ahead it takes the lock on ``EVENT.toml.lock``.

Nobody polls: each writer sleeps in the kernel until the one ahead lets go, and wakes alone.
The queue only orders; exclusion never depends on it (a node left by a killed writer is
removed by the writer behind it).
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from swisstui.language import _
from swisstui.store.file_writer import LOCK, queue_name
from swisstui.store.schema import EventFileError, LockTimeout

try:  # POSIX; elsewhere saving is still atomic but not locked against other processes
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The sidecar file writers lock; it is never deleted (deleting lock files races)."""
    p = Path(path)
    return p.with_name(p.name + LOCK)


def queue_path(path: str | os.PathLike[str]) -> Path:
    """The hidden folder of the writers waiting for the lock, one small file each."""
    p = Path(path)
    return p.with_name(queue_name(p.name))


@contextmanager
def locked(target: Path, timeout: float) -> Iterator[None]:
    """Hold the event's lock, after the writers that asked for it first.

    ``timeout`` is what each writer ahead in the queue may take: a writer that finds three
    ahead waits up to four times ``timeout`` before :class:`LockTimeout`.
    """
    if fcntl is None:  # pragma: no cover
        yield
        return
    queue = queue_path(target)
    node, node_fd = _join(queue, target)
    try:
        deadline = time.monotonic() + timeout * (1 + len(_ahead(queue, node.name)))
        _wait_for_turn(queue, node.name, deadline, target, timeout)
        try:
            fd = os.open(lock_path(target), os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:
            raise EventFileError(target, None, "", _("cannot create the lock file {name}: {strerror}").format(
                    name=lock_path(target).name, strerror=exc.strerror)) from None
        try:
            if not _flock_before(fd, deadline):
                raise _timeout(target, timeout)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock
    finally:
        _leave(node, node_fd)


def _timeout(target: Path, timeout: float) -> LockTimeout:
    return LockTimeout(target, None, "", _("another swisstui has held the lock for over {timeout} s; try again").format(
            timeout=f"{timeout:g}"))


def _join(queue: Path, target: Path) -> tuple[Path, int]:
    """Add this writer's node to the queue, locked, under a name that sorts by arrival."""
    tag = f"{os.getpid()}-{threading.get_ident()}-{secrets.token_hex(3)}"
    for __ in range(3):
        try:
            queue.mkdir(mode=0o777, exist_ok=True)
            fresh = queue / f"new-{tag}"
            fd = os.open(fresh, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666)
        except FileNotFoundError:  # the folder was removed meanwhile: make it again
            continue
        except OSError as exc:
            raise EventFileError(target, None, "", _("cannot use the lock folder {name}: {strerror}").format(
                    name=queue.name, strerror=exc.strerror)) from None
        fcntl.flock(fd, fcntl.LOCK_EX)  # a new file: nobody else can hold it
        # Named only once locked, so a writer behind never finds it unlocked while it waits.
        node = queue / f"{time.time_ns():020d}-{tag}"
        try:
            os.rename(fresh, node)
        except OSError:
            os.close(fd)
            continue
        return node, fd
    raise EventFileError(target, None, "", _("cannot use the lock folder {name}").format(name=queue.name))


def _leave(node: Path, fd: int) -> None:
    try:
        node.unlink()  # before the lock goes, so the writer behind does not find it again
    except OSError:
        pass
    os.close(fd)


def _ahead(queue: Path, mine: str) -> list[str]:
    """The nodes queued before ``mine``, nearest first."""
    try:
        names = os.listdir(queue)
    except OSError:
        return []
    return sorted((n for n in names if n[:1].isdigit() and n < mine), reverse=True)


def _wait_for_turn(queue: Path, mine: str, deadline: float, target: Path, timeout: float) -> None:
    """Sleep on the node just ahead until nobody is ahead any more."""
    while True:
        ahead = _ahead(queue, mine)
        if not ahead:
            return
        path = queue / ahead[0]
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:  # it left between the listing and now
            continue
        try:
            if not _flock_before(fd, deadline):
                raise _timeout(target, timeout)
            # The writer ahead finished, gave up or died; if it died its node is still there.
            try:
                os.unlink(path)
            except OSError:
                pass
        finally:
            os.close(fd)


def _flock_before(fd: int, deadline: float) -> bool:
    """Take an exclusive ``flock`` on ``fd``, sleeping in the kernel until it is free or the deadline passes.

    A blocking ``flock`` cannot time out, so a thread sleeps in it on a duplicate of the
    descriptor; if the deadline passes first the thread is left to release the lock the
    moment it gets it.
    """
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        pass
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        return False
    dup = os.dup(fd)  # the same open file: a lock taken through it is the caller's lock
    got = threading.Event()
    mutex = threading.Lock()
    state = {"abandoned": False, "done": False, "ok": False}

    def wait() -> None:
        try:
            fcntl.flock(dup, fcntl.LOCK_EX)
            ok = True
        except OSError:
            ok = False
        with mutex:
            if state["abandoned"]:
                os.close(dup)  # the last descriptor of the caller's file: the lock goes with it
                return
            state["done"], state["ok"] = True, ok
        got.set()

    threading.Thread(target=wait, name="swisstui-lock-wait", daemon=True).start()
    got.wait(remaining)
    with mutex:
        if state["done"]:
            os.close(dup)
            return state["ok"]
        state["abandoned"] = True
        return False
