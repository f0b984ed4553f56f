"""Saving event files safely: atomic replacement, a backup, and a lock against other writers.

- A save interrupted at any point (power cut, ``kill -9``) leaves the previous or the new
  file, never a torn one: the text goes to a temporary file in the same folder, is flushed
  and fsync'ed, then renamed over the event, and the folder is fsync'ed; the previous
  version stays next to it as ``EVENT.toml.bak``.
- Two processes editing the same event (two arbiters over SSH) never lose each other's
  work: every write holds the event's lock (:mod:`swisstui.store.lock`: exclusive, waiting
  writers served in order) and checks the file's ``revision`` (compare-and-swap).
- A file the arbiter made read-only stays as it is: saving it is refused, nothing written.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from swisstui.language import _
from swisstui.store.event import NO_RESULT, RESULTS, Event, LogEntry
from swisstui.store.file_writer import (AN_EVENT, BACKUP, Refused, refuse_irregular, remove_leftovers, save_file,
                                  temporary_path, why_kept)
from swisstui.store import history
from swisstui.store.lock import locked
from swisstui.store.read import loads, read_text
from swisstui.store.schema import ConflictError, EventFileError, ExistsError, ReadOnlyError, SaveError
from swisstui.store.typed import describe
from swisstui.store.write import document, render

_locked = locked  # the name the tests hold the lock by


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of an event file is kept."""
    p = Path(path)
    return p.with_name(p.name + BACKUP)


def is_read_only(path: str | os.PathLike[str]) -> bool:
    """Whether the arbiter has made the event file read-only (``chmod a-w``, or not writable by this user).

    Replacing a file needs only a writable folder, so without this check a save would
    silently swap a read-only file for a writable one.
    """
    try:
        st = os.stat(path)
    except OSError:
        return False
    return not (st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) or not os.access(path, os.W_OK)


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
    with locked(target, lock_timeout):
        _refuse_read_only(target)
        on_disk = _revision_on_disk(target, strict=expected_revision is not None)
        if expected_revision is not None and on_disk != expected_revision:
            raise ConflictError(
                target,
                None,
                "event.revision",
                _("the file was saved by someone else meanwhile (revision {on_disk}, this copy is from revision "
                  "{expected_revision}); reload it and redo the change").format(
                        on_disk=on_disk, expected_revision=expected_revision),
            )
        _write_locked(event, target, max(event.revision, on_disk) + 1)


def create(event: Event, path: str | os.PathLike[str], *, overwrite: bool = False,
           reading: Mapping[Path, str] | None = None, lock_timeout: float = 10.0) -> None:
    """Write a new event file: how ``swisstui new``, ``import`` and the app's new event begin.

    An existing file is left alone (:class:`ExistsError`) unless ``overwrite`` says to
    replace it, and even then never a file the event store keeps (another event's backup,
    history or lock) nor one of the files being read (``reading``, as for
    :func:`swisstui.store.file_writer.why_kept`): those raise :class:`~swisstui.store.file_writer.Refused`.
    Checking under the lock means two arbiters creating the same event cannot both succeed.
    """
    target = Path(os.path.realpath(path))
    refuse_irregular(path)  # a FIFO's revision would be read below, waiting for a writer forever
    reason = why_kept(target, reading)
    if reason is not None and reason != AN_EVENT:  # another event is replaced when asked to, nothing else
        raise Refused(path, f"{reason}: swisstui keeps it as it is; name another file")
    with locked(target, lock_timeout):
        if os.path.lexists(path) and not overwrite:
            raise ExistsError(target, None, "", _("already exists"))
        _refuse_read_only(target)
        _write_locked(event, target, max(event.revision, _revision_on_disk(target, strict=False)) + 1)


def update(path: str | os.PathLike[str], fn: Callable[[Event], object], *, lock_timeout: float = 10.0) -> Event:
    """Load the event, apply ``fn`` to it and save it, all under the event's lock; returns the saved event.

    This is how actions write: holding the lock from load to save means no
    other writer can slip in between, so nothing is lost and no retry is
    needed. If ``fn`` raises, nothing is written and the exception propagates.
    When ``fn`` returns a :class:`~swisstui.store.event.LogEntry` (or a history
    :class:`~swisstui.store.history.Record`), the change goes into the event's
    history with what it changed (:mod:`swisstui.store.history`).
    """
    return EventFile(path).update(fn, lock_timeout=lock_timeout)


class EventFile:
    """One event file as one session sees it: the text it last read or wrote, and the event in it.

    A results screen writes on every key. When the file is still the one this session wrote
    last, the next change starts from the event already in memory, without reading the file:
    under the lock, the file's status (device, inode, size, modification time) is compared
    with the status of what this session wrote, and any other writer changes it (swisstui and
    most editors replace the file, which gives it another inode; writing in place changes its
    time). A file changed by someone else (another arbiter, a text editor) is read again.
    :meth:`changed` tells the two apart for a session that watches the file, so that it
    reloads for others' changes, not its own.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._text: str | None = None
        self._event: Event | None = None  # parsed from _text: where the next change starts
        self._doc: dict[str, Any] | None = None  # document(_event), the "before" of the next change
        self._stamp: Stamp | None = None  # the file as last read or written

    @property
    def target(self) -> Path:
        return Path(os.path.realpath(self.path))  # through symlinks: replace the real file, lock next to it

    def load(self) -> Event:
        """Read and check the file (:class:`EventFileError` when it does not load)."""
        stamp = _stamp(self.path)
        text = read_text(self.path)
        event = loads(text, path=str(self.path))
        self._text, self._event, self._doc, self._stamp = text, event, None, stamp
        return event

    def changed(self) -> bool:
        """Whether the file now holds something else than what this session last read or wrote."""
        stamp = _stamp(self.path)
        if stamp is not None and stamp == self._stamp:
            return False
        try:
            text = read_text(self.path)
        except EventFileError:
            return True
        if text != self._text:
            return True
        self._stamp = stamp
        return False

    def update(self, fn: Callable[[Event], object], *, lock_timeout: float = 10.0) -> Event:
        """:func:`update`, starting from the event in memory when the file is still what this session wrote.

        The event returned is the one the next change starts from: change it only through
        another :meth:`update`. After a failed update the next one reads the file again.
        """
        target = self.target
        with locked(target, lock_timeout):
            _refuse_read_only(target)
            event, text, before, stamp = self._start(target)
            self._text = self._event = self._doc = None  # about to change: the file's again once saved
            if before is None:
                before = document(event)
            outcome = fn(event)
            if outcome is UNCHANGED:  # the change promises it changed nothing: the file stays as it is
                self._text, self._event, self._doc, self._stamp = text, event, before, stamp
                return event
            text, after, saved, stamp = _write_locked(event, target, event.revision + 1, outcome, before)
            self._text, self._event, self._doc, self._stamp = text, saved, after, stamp
            return saved

    def _start(self, target: Path) -> tuple[Event, str, dict[str, Any] | None, Stamp | None]:
        """Where a change starts (the caller holds the lock): the event, its text, its document if known,
        and the file's status taken before reading it.

        The event in memory while the file is as this session left it, unread; else the file read,
        and parsed only when its text is not the one in memory (a file touched, not changed).
        """
        stamp = _stamp(target)
        if self._event is not None and self._text is not None and stamp is not None and stamp == self._stamp:
            return self._event, self._text, self._doc, stamp
        text = read_text(target)
        if text == self._text and self._event is not None:
            return self._event, text, self._doc, stamp
        return loads(text, path=str(self.path)), text, None, stamp


class Unchanged:
    """What a change returns when the file already holds what it asked for (a result entered again).

    Nothing is written and no history entry is made: a change that changes nothing leaves no trace.
    """

    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED = Unchanged()


def _record_of(outcome: object, revision: int) -> history.Record | None:
    if isinstance(outcome, history.Record):
        outcome.revision = revision
        return outcome
    if isinstance(outcome, LogEntry):
        return history.Record(outcome, revision)
    return None


Stamp = tuple[int, int, int, int]
"""A file's device, inode, size and modification time: what any other writer changes."""


def _stamp(path: Path) -> Stamp | None:
    try:
        return _stamp_of(os.stat(path))
    except OSError:
        return None


def _stamp_of(st: os.stat_result) -> Stamp:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _refuse_read_only(target: Path) -> None:
    if is_read_only(target):
        raise ReadOnlyError(target, None, "", _("the file is read-only: nothing was saved (make it writable to "
                                                "record changes)"))


def _write_locked(event: Event, target: Path, revision: int, outcome: object = None,
                  before: dict[str, Any] | None = None) -> tuple[str, dict[str, Any], Event, Stamp]:
    """Write ``event`` as ``revision``: the text, its document, the event as the file now holds it, its status.

    The text is read back (parsed and checked) before the disk is touched, so that no save
    writes a file that would not load; except a change from ``before`` (the document of the
    file as it was) that set board results and nothing else (:func:`_results_only`), which
    keeps a valid file valid: ``event`` itself is then the event the file holds.

    ``outcome`` (a :class:`~swisstui.store.event.LogEntry` or a history record, as ``fn`` of
    :func:`update` returns) is the history entry of the change, with what changed from
    ``before``. It is appended before the file is replaced: a writer killed between the two
    leaves an entry newer than the file, which readers skip and the next writer drops
    (:func:`history.append`), so nobody sees the event changed without its entry, or the
    entry without the change. A history that cannot be written (read-only) stops the save
    before the file is touched.
    """
    previous = event.revision
    event.revision = revision
    try:
        doc = document(event)
        text = render(doc)
        changes = history.diff(before, doc) if before is not None else None
        if before is not None and _results_only(before, doc, changes or []):
            saved = event
        else:
            saved = loads(text, path=f"{target} (unsaved)")
        record = _record_of(outcome, revision)
        if record is not None and changes is not None:
            record.changes = changes
        if record is not None:
            history.append(target, record)
        else:
            history.drop_from(target, revision)
        written = _atomic_write(target, text)
        return text, doc, saved, _stamp_of(written)
    except Refused as exc:
        event.revision = previous
        raise SaveError(target, None, "", _("cannot save: {reason}").format(reason=exc.reason)) from None
    except OSError as exc:
        event.revision = previous
        raise SaveError(target, None, "", _("cannot save: {reason}").format(reason=exc.strerror or exc)) from exc
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
            raise ConflictError(target, None, "", _("the file on disk cannot be read ({reason}); fix it before saving").format(
                    reason=exc)) from None
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
        raise ConflictError(target, None, "", _("the file on disk was changed and cannot be read ({problem}); fix it "
                                                "before saving").format(problem=problem))
    return 0


def _atomic_write(target: Path, text: str) -> os.stat_result:
    """The event through the one writer (:mod:`swisstui.store.file_writer`), the backup kept just before the rename;
    the new file's status as written."""
    remove_leftovers(backup_path(target))
    return save_file(target, text, before_rename=(lambda: _keep_backup(target)) if target.exists() else None)


_RESULTS_AS_READ = frozenset((NO_RESULT, *RESULTS))
"""Results the reader takes as they are written (not an alias it would spell otherwise)."""


def _results_only(before: dict[str, Any], after: dict[str, Any], changes: list[history.Change]) -> bool:
    """Whether ``changes`` set board results and nothing else, each to one the reader takes as written,
    and results only in published rounds: all the reader checks of a result, so a file that read before
    reads after, as the event in memory (a result key at 300 players spent two thirds of its time
    reading back the file it had just written)."""
    if not changes or before.get("log") != after.get("log"):  # the log is not in the changes
        return False
    published = {r.get("number"): r.get("published") is True for r in after.get("rounds", [])}
    for change in changes:
        path = change.path
        if (len(path) != 5 or path[0] != "rounds" or path[2] != "boards" or path[4] != "result"
                or not isinstance(path[1], tuple) or path[1][0] != "number"
                or not isinstance(path[3], tuple) or path[3][0] != "board"):
            return False
        if not isinstance(change.old, str) or not isinstance(change.new, str) or change.new not in _RESULTS_AS_READ:
            return False
        if change.new and not published.get(path[1][1], False):
            return False
    return True


def _keep_backup(target: Path) -> None:
    """Point ``EVENT.toml.bak`` at the current file before it is replaced (a hard link costs no copy)."""
    backup = backup_path(target)
    try:
        if os.path.samefile(target, backup):
            # Already the current file (a writer died between this step and its rename). Renaming
            # another link of the same file over it would do nothing and leave the link behind.
            return
    except OSError:
        pass
    tmp = temporary_path(backup)
    try:
        os.link(target, tmp)
    except OSError:  # no hard links on this file system: copy
        shutil.copy2(target, tmp)
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    os.replace(tmp, backup)
    # rename(2) does nothing when both names are links to one file (a writer killed between
    # keeping the backup and replacing the event leaves them so): the temporary name stays.
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
