"""The one way swisstui writes a file: whole or not at all, never over a file it keeps.

Every file swisstui writes goes through here: the event file (:mod:`swisstui.store.files`),
the arbiter's preferences, and every output (``export``, ``pair -p``, ``generate -o``,
``standings -o``, ``publish``). What that guarantees:

- A reader (a browser refreshing, a program polling the file) and a crash (power cut,
  ``kill -9``) see the old file or the new one, never half of one: the data goes to a
  temporary file in the target's folder, named ``.NAME.swisstui-PID-RANDOM.tmp``, is
  fsync'ed, renamed over the target, and the folder is fsync'ed. On any error the
  temporary file is removed; one left by a killed writer (its PID no longer runs) is
  removed by the next write to the same target.
- A new file gets the permissions the umask gives a new file (0644 under umask 022; a
  folder 0755), so that a web server running as another user can read what ``publish``
  wrote. A file swisstui keeps (the event, the preferences) keeps the mode it has; an
  output always gets the umask's.
- An output never replaces a file swisstui keeps (:func:`why_kept`): an event file, its
  backup, history, lock and lock queue, a database (the rating list's, known by its
  content), nor the file the command reads. It is refused
  with :class:`Refused` and nothing is written.
- A character device or a FIFO named as an output (``/dev/null``, ``/dev/stdout``, a named
  pipe) is written to in place, as a shell redirection would; a folder, a socket or a
  block device is refused. Replacing them would turn ``/dev/null`` into a regular file.
  A named pipe no program reads is refused at once rather than waited on, and the event
  file is a regular file or nothing (:func:`refuse_irregular`): a FIFO is never opened.

The event's history (``EVENT.toml.history``) is the one file not written here: it only
grows, one entry appended per change (:mod:`swisstui.store.history`).
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

BACKUP = ".bak"
HISTORY = ".history"
LOCK = ".lock"
SIDECARS = {BACKUP: "backup", HISTORY: "history", LOCK: "lock"}
"""What swisstui keeps beside ``EVENT.toml``: ``EVENT.toml`` + suffix (the queue is :func:`queue_name`)."""

AN_EVENT = "is an event file"
A_DATABASE = "is a database (the FIDE rating list's, or another program's)"
TAG = "swisstui"
_SQLITE_HEAD = "SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
_EVENT_HEAD = re.compile(r"^\s*schema\s*=", re.M)
_HISTORY_HEAD = "# swisstui event history"
TOP_LEVEL_LIMIT = 1 << 20
"""Bytes read at most to find an event's top-level keys: comments, ``schema`` and nothing else are there."""


class Refused(ValueError):
    """A target swisstui must not write: the message is one line naming it and why."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def queue_name(event_name: str) -> str:
    """The hidden folder beside ``EVENT.toml`` where waiting writers queue (:mod:`swisstui.store.lock`)."""
    return f".{event_name}.queue"


def temporary_path(target: Path) -> Path:
    """A name no other writer uses, which says whose it is and which target it replaces.

    ``os.urandom`` is what ``secrets.token_hex`` reads, without importing :mod:`secrets` (and
    :mod:`random` and :mod:`hashlib` with it) at the start of every command that writes a file.
    """
    return target.with_name(f".{target.name}.{TAG}-{os.getpid()}-{os.urandom(4).hex()}.tmp")


def remove_leftovers(target: Path) -> list[Path]:
    """Remove the temporary files of ``target`` whose writer no longer runs; returns those removed.

    Earlier versions named them ``.NAME.PID.tmp`` and ``.NAME.PID.HEX.tmp``: those go too.
    A leftover of a running process (this one included) may be a write in progress: it stays.
    """
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(?:{TAG}-(\d+)-[0-9a-f]+|(\d+)(?:\.[0-9a-f]+)?)\.tmp")
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    removed = []
    for name in names:
        found = pattern.fullmatch(name)
        if found is None or _running(int(found[1] or found[2])):
            continue
        try:
            os.unlink(target.parent / name)
        except OSError:
            continue
        removed.append(target.parent / name)
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid() or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: running
        return True
    return True


def why_kept(target: Path, reading: Mapping[Path, str] | None = None) -> str | None:
    """Why ``target`` is a file swisstui keeps (or the one being read), or None when it may be written.

    ``reading`` maps the files the command reads to how to name them ("the event being
    exported"); a hard link or a symlink to one of them is the same file.
    """
    for path, called in (reading or {}).items():
        try:
            if target.exists() and path.exists() and target.samefile(path):
                return f"is {called}"
        except OSError:
            continue
    folder = target.parent.name
    if folder.startswith(".") and folder.endswith(".queue") and len(folder) > len(".queue") + 1:
        return f"is in the lock queue of the event {folder[1:-len('.queue')]}"
    if target.name.startswith(".") and target.name.endswith(".queue"):
        return f"is the lock queue of the event {target.name[1:-len('.queue')]}"
    for suffix, what in SIDECARS.items():
        if not target.name.endswith(suffix) or target.name == suffix:
            continue
        base = target.with_name(target.name[: -len(suffix)])
        if base.suffix.lower() == ".toml" or _holds_an_event(base):
            return f"is the {what} of the event {base.name}"
    head = _head(target)
    if _holds_an_event(target):
        return AN_EVENT
    if head.startswith(_HISTORY_HEAD):
        return "is the history of an event"
    if head.startswith(_SQLITE_HEAD):  # by content: a rating database is kept whatever its name
        return A_DATABASE
    return None


def _head(path: Path) -> str:
    try:
        if not path.is_file():
            return ""
        with open(path, "rb") as fh:
            return fh.read(4096).decode("utf-8", "replace")
    except OSError:
        return ""


def _holds_an_event(path: Path) -> bool:
    """Whether ``path`` is an event file, known by parsing it: TOML whose top-level table holds ``schema``.

    However many comment lines come first: TOML puts the top-level keys before the first table
    header, so the lines up to it are parsed (:func:`_top_level`), not a head of fixed size.
    A file whose top level is not TOML is an event when a line of it sets ``schema`` (an event
    damaged by hand is still one to keep).
    """
    top = _top_level(path)
    if top is None:
        return False
    import tomllib  # here, not at the top: `swisstui pair` writes through this module and reads no TOML

    try:
        return "schema" in tomllib.loads(top.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError:
        return bool(_EVENT_HEAD.search(top))


def _top_level(path: Path) -> str | None:
    """The text of a regular file up to its first line opening a TOML table (``[`` first); None for another kind.

    Read line by line and at most :data:`TOP_LEVEL_LIMIT` bytes: an output as large as a
    disk never needs reading whole to be known as no event.
    """
    try:
        if not path.is_file():
            return None
        lines = []
        size = 0
        with open(path, "rb") as fh:
            while size < TOP_LEVEL_LIMIT and (line := fh.readline(TOP_LEVEL_LIMIT - size)):
                if line.lstrip().startswith(b"["):
                    break
                lines.append(line)
                size += len(line)
    except OSError:
        return None
    return b"".join(lines).decode("utf-8", "replace")


def write_output(path: str | os.PathLike[str], data: str | bytes, *, reading: Mapping[Path, str] | None = None) -> None:
    """Write an output file (UTF-8 for text): atomically, with the umask's mode, never over a kept file.

    A character device or a FIFO is written in place. Raises :class:`Refused` for a target
    that must not be written (nothing is written), ``OSError`` when writing fails (the old
    file is left whole).
    """
    data = data.encode("utf-8") if isinstance(data, str) else data
    st = _stat(Path(path))  # through links: /dev/stdout is a link to what standard output is
    if st is not None and (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
        _write_in_place(Path(path), data)
        return
    check_output(path, reading, streams=False)
    replace(Path(os.path.realpath(path)), data, keep_mode=False)


def check_output(path: str | os.PathLike[str], reading: Mapping[Path, str] | None = None, *,
                 streams: bool = True) -> None:
    """Raise :class:`Refused` now if :func:`write_output` would refuse ``path``; nothing is opened or written.

    A command writing several files (``publish``) checks every one of them before writing
    any. With ``streams`` false a character device or a FIFO is refused as not a regular
    file: the files of a published folder are for a web server, never a stream.
    """
    st = _stat(Path(path))
    if streams and st is not None and (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
        return
    _refuse_non_regular(path, st)
    reason = why_kept(Path(os.path.realpath(path)), reading)
    if reason is not None:
        raise Refused(path, f"{reason}: swisstui keeps it as it is; name another file")


def refuse_irregular(path: str | os.PathLike[str]) -> None:
    """Raise :class:`Refused` when ``path`` exists and is not a regular file, knowing it by its status alone.

    For a file swisstui keeps and reads before writing (the event, whose revision is read
    first): reading a FIFO would wait for a writer forever, a folder or a device is no event.
    """
    _refuse_non_regular(path, _stat(Path(path)))


def save_file(path: str | os.PathLike[str], data: str | bytes, *,
              before_rename: Callable[[], None] | None = None) -> os.stat_result:
    """Write a file swisstui keeps (the event, the preferences): atomically, keeping its mode if it exists.

    ``before_rename`` runs once the new data is safely on disk, just before it takes the
    file's place (the event keeps its previous version there). A target that is not a
    regular file is :class:`Refused`. Returns the new file's status as written (see :func:`replace`).
    """
    data = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(path)
    _refuse_non_regular(path, _stat(target))
    return replace(target, data, keep_mode=True, before_rename=before_rename)


def make_folder(path: str | os.PathLike[str]) -> Path:
    """Create an output folder and its parents with the umask's mode (0755 under 022); refuse a kept file."""
    folder = Path(path)
    st = _stat(folder)
    if st is not None and not stat.S_ISDIR(st.st_mode):
        reason = why_kept(Path(os.path.realpath(folder))) or "is not a folder"
        raise Refused(path, f"{reason}: name a folder to write into")
    if st is None and (kept := why_kept(folder)) is not None:
        raise Refused(path, f"{kept}: name another folder")
    os.makedirs(folder, 0o777, exist_ok=True)
    return folder


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _refuse_non_regular(path: str | os.PathLike[str], st: os.stat_result | None) -> None:
    if st is None or stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISDIR(st.st_mode):
        raise Refused(path, "is a folder: name a file to write")
    what = ("a socket" if stat.S_ISSOCK(st.st_mode) else "a disk device" if stat.S_ISBLK(st.st_mode)
            else "a named pipe (FIFO)" if stat.S_ISFIFO(st.st_mode) else "a device")
    raise Refused(path, f"is {what}, not a regular file: name a file to write")


def _write_in_place(target: Path, data: bytes) -> None:
    """A device or a FIFO takes the data as a stream: written as it is, nothing replaced.

    A FIFO is opened without waiting: with no program reading it the open fails at once
    (``ENXIO``) and the target is :class:`Refused`, where a plain open would wait for a
    reader forever. Once open, writes wait for the reader as they would on standard output.
    """
    fifo = stat.S_ISFIFO(os.stat(target).st_mode)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | (os.O_NONBLOCK if fifo else 0))
    except OSError as err:
        if fifo and err.errno == errno.ENXIO:
            raise Refused(target, "is a named pipe (FIFO) no program is reading: name a file to write") from None
        raise
    if fifo:
        os.set_blocking(fd, True)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def replace(target: Path, data: bytes, *, keep_mode: bool,
            before_rename: Callable[[], None] | None = None) -> os.stat_result:
    """The writer itself: temporary file, write, fsync, rename over ``target``, fsync the folder.

    With ``keep_mode``, an existing target's permissions go to the new file; otherwise (and
    for a new file) the umask decides, as for any new file. The temporary file never
    outlives an error. Returns the status of the file as written, taken before the rename:
    its inode, size and modification time are the target's until anyone else writes it,
    which a status taken after the rename could not promise.
    """
    remove_leftovers(target)
    tmp = temporary_path(target)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            if keep_mode and (st := _stat(target)) is not None:
                os.fchmod(fd, st.st_mode & 0o7777)
            _write_all(fd, data)
            os.fsync(fd)
            written = os.fstat(fd)
        finally:
            os.close(fd)
        if before_rename is not None:
            before_rename()
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_folder(target.parent)
    return written


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` survive a power cut."""
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
