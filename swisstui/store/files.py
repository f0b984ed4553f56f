"""Saving event files safely: atomic replacement, a backup, and a lock against other writers.

- A save interrupted at any point (power cut, ``kill -9``) leaves the previous or the new
  file, never a torn one: the text goes to a temporary file in the same folder, is flushed
  and fsync'ed, then renamed over the event, and the folder is fsync'ed; the previous
  version stays next to it as ``EVENT.toml.bak``.
- Two processes editing the same event (two arbiters over SSH) never lose each other's
  work: every write holds an exclusive ``flock`` on ``EVENT.toml.lock`` and checks the
  file's ``revision`` (compare-and-swap).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from swisstui.event import Event
from swisstui.store.read import describe, load, loads
from swisstui.store.schema import ConflictError, EventFileError, LockTimeout, SaveError
from swisstui.store.write import dumps

try:  # POSIX; elsewhere saving is still atomic but not locked against other processes
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of an event file is kept."""
    p = Path(path)
    return p.with_name(p.name + ".bak")


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The sidecar file writers lock; it is never deleted (deleting lock files races)."""
    p = Path(path)
    return p.with_name(p.name + ".lock")


def save(
    event: Event,
    path: str | os.PathLike[str],
    *,
    expected_revision: int | None = None,
    lock_timeout: float = 10.0,
) -> None:
    """Write ``event`` to ``path`` atomically, keeping the previous version as the backup.

    With ``expected_revision`` (normally the revision the event was loaded
    with), raise :class:`ConflictError` and write nothing if the file on disk
    has another revision (a missing file has revision 0). On success
    ``event.revision`` is the revision written: one more than both the event's
    and the file's previous revision. The text is validated before the disk is
    touched, so a save never writes a file that would not load.
    """
    target = Path(os.path.realpath(path))  # through symlinks: replace the real file, lock next to it
    with _locked(target, lock_timeout):
        on_disk = _revision_on_disk(target, strict=expected_revision is not None)
        if expected_revision is not None and on_disk != expected_revision:
            raise ConflictError(
                target,
                None,
                "event.revision",
                f"the file was saved by someone else meanwhile (revision {on_disk}, this copy is from revision "
                f"{expected_revision}); reload it and redo the change",
            )
        _write_locked(event, target, max(event.revision, on_disk) + 1)


def update(path: str | os.PathLike[str], fn: Callable[[Event], object], *, lock_timeout: float = 10.0) -> Event:
    """Load the event, apply ``fn`` to it and save it, all under the event's lock; returns the saved event.

    This is how actions write: holding the lock from load to save means no
    other writer can slip in between, so nothing is lost and no retry is
    needed. If ``fn`` raises, nothing is written and the exception propagates.
    """
    target = Path(os.path.realpath(path))  # through symlinks: replace the real file, lock next to it
    with _locked(target, lock_timeout):
        event = load(target)
        fn(event)
        _write_locked(event, target, event.revision + 1)
        return event


def _write_locked(event: Event, target: Path, revision: int) -> None:
    previous = event.revision
    event.revision = revision
    try:
        text = dumps(event)
        loads(text, path=f"{target} (unsaved)")
        _atomic_write(target, text)
    except OSError as exc:
        event.revision = previous
        raise SaveError(target, None, "", f"cannot save: {exc.strerror or exc}") from exc
    except BaseException:
        event.revision = previous
        raise


_REVISION_LINE = re.compile(r"^[ \t]*revision[ \t]*=[ \t]*([0-9]+)[ \t]*(?:#.*)?$", re.MULTILINE)


def _revision_on_disk(target: Path, *, strict: bool) -> int:
    """The revision in the file (0 when missing); with ``strict``, an unreadable file is a conflict."""
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return 0
    except (OSError, UnicodeDecodeError) as exc:
        if strict:
            raise ConflictError(target, None, "", f"the file on disk cannot be read ({exc}); fix it before saving") from None
        return 0
    quick = _REVISION_LINE.findall(text)
    if len(quick) == 1:  # the format has one key of that name; skip parsing the whole file
        return int(quick[0])
    try:
        doc = tomllib.loads(text.removeprefix("\ufeff"))
        revision = doc.get("event", {}).get("revision", 0)
        if isinstance(revision, int) and not isinstance(revision, bool) and revision >= 0:
            return revision
        problem = f"its revision is {describe(revision)}"
    except (tomllib.TOMLDecodeError, AttributeError) as exc:
        problem = str(exc)
    if strict:
        raise ConflictError(target, None, "", f"the file on disk was changed and cannot be read ({problem}); fix it before saving")
    return 0


def _atomic_write(target: Path, text: str) -> None:
    folder = target.parent
    _remove_stale_temporaries(target)
    tmp = folder / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    data = text.encode("utf-8")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            if target.exists():
                os.chmod(tmp, os.stat(target).st_mode & 0o7777)
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        if target.exists():
            _keep_backup(target)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def _keep_backup(target: Path) -> None:
    """Point ``EVENT.toml.bak`` at the current file before it is replaced (a hard link costs no copy)."""
    tmp = target.with_name(f".{target.name}.bak.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        os.link(target, tmp)
    except OSError:  # no hard links on this file system: copy
        shutil.copy2(target, tmp)
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    os.replace(tmp, backup_path(target))
    # rename(2) does nothing when both names are links to one file (a writer killed between
    # keeping the backup and replacing the event leaves them so): the temporary name stays.
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass


def _remove_stale_temporaries(target: Path) -> None:
    """Temporary files left by a writer that died; only called under the lock, so none is in use."""
    for leftover in target.parent.glob(f".{_glob_escape(target.name)}.*.tmp"):
        try:
            leftover.unlink()
        except OSError:
            pass


def _glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory handles
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


@contextmanager
def _locked(target: Path, timeout: float) -> Iterator[None]:
    """Hold the exclusive lock on the event's sidecar lock file."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        fd = os.open(lock_path(target), os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise EventFileError(target, None, "", f"cannot create the lock file {lock_path(target).name}: {exc.strerror}") from None
    try:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise LockTimeout(
                        target, None, "", f"another swisstui has held the lock for over {timeout:g} s; try again"
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
