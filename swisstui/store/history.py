"""The history of an event: every change, who made it and when, and exactly what it changed.

The event file holds the tournament as it stands and, in ``[[log]]``, the actions the rules
want justified (a correction, a withdrawal, leaving FIDE mode). Every other change (each
result key, each registration, a setting) would make that file grow by a line per key and
slow every save, so the full trail lives beside it, in ``EVENT.toml.history``: one
``[[entry]]`` per change, appended under the event's lock right after the event file is
written, each holding the :class:`~swisstui.store.event.LogEntry` of the action (what, who, when,
which round) and the changes it made, value by value, so that it can be undone.

A change is where it happened (a path through the event's TOML data) with the value
before and after. Players are found by their entry number and rounds and boards by their
numbers, never by position, so a path still names the same player after the list is sorted
again. Undoing applies the old values where the new ones still stand, and refuses, naming
the value, where something changed since.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from swisstui.language import _
from swisstui.store.event import LogEntry
from swisstui.store.file_writer import HISTORY

ABSENT: Any = None
"""A change's ``old`` or ``new`` when the value did not exist (an addition, a removal)."""

KEYED = {"players": "entry", "rounds": "number", "boards": "board"}
"""Tables of these arrays are found by that key (a player's entry number), not by position."""

ORDERED_BY = {"players": "id", "rounds": "number", "boards": "board"}
"""The order an array of these tables is kept in, where a table removed by a change comes back."""

SKIPPED = frozenset({("event", "revision"), ("log",)})
"""Not part of what a change changed: the revision moves on every save, the event's log only grows."""

PathPart = str | int | tuple[str, int]


def history_path(path: str | os.PathLike[str]) -> Path:
    """The file beside the event that holds its history."""
    p = Path(path)
    return p.with_name(p.name + HISTORY)


@dataclass(frozen=True)
class Change:
    """One value changed: ``old`` and ``new`` (:data:`ABSENT` for a value added or removed) at ``path``."""

    path: tuple[PathPart, ...]
    old: Any = ABSENT
    new: Any = ABSENT


@dataclass
class Record:
    """One change of the event as the history keeps it: the action, the revision it wrote, the values."""

    log: LogEntry
    revision: int
    changes: list[Change] = field(default_factory=list)
    undoes: int | None = None  # for an undo: the revision of the change it took back


class UndoConflict(Exception):
    """A value the change wrote has changed since: undoing would overwrite someone else's work."""


# -- what changed ----------------------------------------------------------------------


def diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Change]:
    """Every value that differs between two documents of the event, the revision and the log left out."""
    found: list[Change] = []
    _diff(before, after, (), found)
    return found


def _diff(a: Any, b: Any, path: tuple[PathPart, ...], found: list[Change]) -> None:
    if a == b or _names(path) in SKIPPED:
        return
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        keys = [*a, *(k for k in b if k not in a)]
        if path and isinstance(path[-1], tuple) and path[-1][0] in keys:
            # The key a table is found by comes first, so that undoing (last change first) puts it back last.
            keys.remove(path[-1][0])
            keys.insert(0, path[-1][0])
        for key in keys:
            _diff(a.get(key, ABSENT), b.get(key, ABSENT), path + (key,), found)
        return
    name = path[-1] if path and isinstance(path[-1], str) else None
    if name in KEYED and _tables(a) and _tables(b):
        key = KEYED[name]
        old = {_key_of(name, t): t for t in a}
        new = {_key_of(name, t): t for t in b}
        for k in [*old, *(k for k in new if k not in old)]:
            _diff(old.get(k, ABSENT), new.get(k, ABSENT), path + ((key, k),), found)
        return
    if isinstance(a, list) and isinstance(b, list) and _tables(a) and _tables(b):
        for i in range(max(len(a), len(b))):
            _diff(a[i] if i < len(a) else ABSENT, b[i] if i < len(b) else ABSENT, path + (i,), found)
        return
    found.append(Change(path, a, b))


def _names(path: tuple[PathPart, ...]) -> tuple[str, ...]:
    return tuple(p for p in path if isinstance(p, str))


def _tables(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, Mapping) for v in value)


def _key_of(array: str, table: Mapping[str, Any]) -> Any:
    if array == "players":  # the entry number is written only where it differs from the pairing number
        return table.get("entry", table.get("id"))
    return table.get(KEYED[array])


# -- taking a change back --------------------------------------------------------------


def revert(doc: Mapping[str, Any], changes: Iterable[Change]) -> dict[str, Any]:
    """``doc`` with ``changes`` taken back, as a new document (``doc`` is left as it is).

    Raises :class:`UndoConflict` naming the first value that is no longer what the change wrote.
    """
    result: dict[str, Any] = dict(doc)
    for change in reversed(list(changes)):
        current = _get(result, change.path)
        if current != change.new:
            raise UndoConflict(_("{field} is now {now}, not {left} as this change left it").format(
                field=describe_path(change.path), now=_shown(current), left=_shown(change.new)))
        result = _put(result, change.path, change.old)
    return _in_order(result)


def _in_order(doc: dict[str, Any]) -> dict[str, Any]:
    """Players by pairing number, rounds and boards by number, as the file keeps them (undoing a
    renumbering gives the players their old numbers where they stand in the list)."""
    for array in ("players", "rounds"):
        items = doc.get(array)
        if isinstance(items, list) and _tables(items):
            order = ORDERED_BY[array]
            doc[array] = sorted(items, key=lambda t: t.get(order, 0))
    return doc


def _get(value: Any, path: tuple[PathPart, ...]) -> Any:
    for i, part in enumerate(path):
        if isinstance(part, tuple):
            array = str(path[i - 1])  # a keyed part follows the name of its array
            value = next((t for t in value if _key_of(array, t) == part[1]), ABSENT) if isinstance(value, list) else ABSENT
        elif isinstance(part, int):
            value = value[part] if isinstance(value, list) and part < len(value) else ABSENT
        else:
            value = value.get(part, ABSENT) if isinstance(value, Mapping) else ABSENT
        if value is ABSENT:
            return ABSENT
    return value


def _put(container: Any, path: tuple[PathPart, ...], value: Any) -> Any:
    """A copy of ``container`` with ``value`` at ``path`` (:data:`ABSENT` removes it); only the path is copied."""
    part, rest = path[0], path[1:]
    if isinstance(container, Mapping):
        copy = dict(container)
        inner = _put(copy.get(part, {}), rest, value) if rest else value
        if inner is ABSENT:
            copy.pop(part, None)
        else:
            copy[part] = inner
        return copy
    items = list(container)
    if isinstance(part, tuple):
        return _put_keyed(items, part, rest, value)
    if isinstance(part, str):
        raise TypeError(f"{part!r} names a key of a table, not a place in an array")
    if part < len(items):
        inner = _put(items[part], rest, value) if rest else value
        if inner is ABSENT:
            del items[part]
        else:
            items[part] = inner
    elif value is not ABSENT and not rest:
        items.append(value)
    return items


def _put_keyed(items: list[Any], part: tuple[str, int], rest: tuple[PathPart, ...], value: Any) -> list[Any]:
    key, wanted = part
    array = next(name for name, k in KEYED.items() if k == key)
    index = next((i for i, t in enumerate(items) if _key_of(array, t) == wanted), None)
    if index is None:
        if value is not ABSENT and not rest:  # a table removed by the change comes back in its place
            order = ORDERED_BY[array]
            items.append(value)
            items.sort(key=lambda t: t.get(order, 0))
        return items
    inner = _put(items[index], rest, value) if rest else value
    if inner is ABSENT:
        del items[index]
    else:
        items[index] = inner
    return items


def describe_path(path: tuple[PathPart, ...]) -> str:
    """A change's place as people say it: ``round 5, board 4, result``; ``player 12 (entry), rating``."""
    words = []
    for part in path:
        if isinstance(part, tuple):
            words.append({"entry": _("entry {number}"), "number": _("round {number}"),
                          "board": _("board {number}")}[part[0]].format(number=part[1]))
        elif isinstance(part, int):
            words.append(f"#{part + 1}")
        elif part not in KEYED:
            words.append(part)
    return ", ".join(words) or _("the event")


def _shown(value: Any) -> str:
    if value is ABSENT:
        return _("not there")
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {_shown(v)}" for k, v in value.items()) + "}"
    return str(value)


# -- the file ------------------------------------------------------------------------

SEPARATOR = "\n[[entry]]\n"
CHANGES = "\nchanges = [\n"  # the last key of an entry (a value's newlines are written escaped)


def encode(record: Record) -> str:
    """One ``[[entry]]`` of the history file, changes one per line; every value written by tomli-w."""
    from swisstui.store.write import inline

    log = record.log
    lines = ["", "[[entry]]", f"revision = {record.revision}"]
    for key, value in (("at", log.at), ("by", log.by), ("action", log.action), ("round", log.round),
                       ("text", log.text), ("undoes", record.undoes)):
        if value not in (None, ""):
            lines.append(f"{key} = {inline(value)}")
    lines.append("changes = [")
    for change in record.changes:
        cells = [f"path = {inline([_path_value(p) for p in change.path])}"]
        if change.old is not ABSENT:
            cells.append(f"old = {inline(change.old)}")
        if change.new is not ABSENT:
            cells.append(f"new = {inline(change.new)}")
        lines.append("  { " + ", ".join(cells) + " },")
    lines.append("]")
    return "\n".join(lines) + "\n"


def _path_value(part: PathPart) -> Any:
    return {part[0]: part[1]} if isinstance(part, tuple) else part


def decode(data: Mapping[str, Any]) -> Record:
    """A record from one parsed ``[[entry]]`` table; ``ValueError`` when it is not one."""
    try:
        log = LogEntry(action=str(data["action"]), text=str(data.get("text", "")), round=data.get("round"),
                       by=str(data.get("by", "")), at=data.get("at"))
        changes = [Change(tuple(_path_part(p) for p in c["path"]), c.get("old", ABSENT), c.get("new", ABSENT))
                   for c in data.get("changes", [])]
        return Record(log, int(data["revision"]), changes, data.get("undoes"))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(_("not a history entry ({reason})").format(reason=exc)) from None


def _path_part(value: Any) -> PathPart:
    if isinstance(value, dict):
        ((key, number),) = value.items()
        return (key, number)
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise TypeError(f"path part {value!r}")
    return value


HEADER = "# swisstui event history: see docs/event-format.md (History). One [[entry]] per change, oldest first.\n"


def append(target: Path, record: Record) -> None:
    """Add ``record`` at the end of the history (the caller holds the event's lock).

    The entry is written before the event file is replaced (:meth:`EventFile.update`): a writer
    killed between the two leaves an entry newer than the file, which readers skip
    (:func:`committed_revision`) and this drops with any entry cut short before adding the next,
    so the event and its history change together or not at all. One ``write`` of the whole
    entry, then ``fsync``.
    """
    path = history_path(target)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        end = _drop_tail(fd, record.revision)
        text = (HEADER if end == 0 else "") + encode(record)
        os.lseek(fd, end, os.SEEK_SET)
        view = memoryview(text.encode("utf-8"))
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def drop_from(target: Path, revision: int) -> None:
    """Drop entries for ``revision`` and later, left by a writer killed before it replaced the event file.

    A save that writes no entry of its own calls this before it writes ``revision``: the entry a
    killed writer left for that revision would otherwise seem to describe this save.
    """
    try:
        fd = os.open(history_path(target), os.O_RDWR)
    except FileNotFoundError:
        return
    try:
        _drop_tail(fd, revision)
        os.fsync(fd)
    finally:
        os.close(fd)


_EVENT_REVISION = re.compile(rb"^[ \t]*revision[ \t]*=[ \t]*([0-9]+)", re.MULTILINE)


def committed_revision(target: Path) -> int | None:
    """The revision the event file holds: history entries past it were never committed (see :func:`append`).

    None when the file cannot be read (nothing is then skipped).
    """
    try:
        with open(target, "rb") as f:
            head = f.read(65536)  # the [event] table comes first
    except OSError:
        return None
    match = _EVENT_REVISION.search(head)
    return int(match.group(1)) if match else None


_SEPARATOR_BYTES = SEPARATOR.encode("utf-8")


_REVISION_AT = re.compile(r"^revision = ([0-9]+)$", re.MULTILINE)


def _drop_tail(fd: int, revision: int) -> int:
    """Cut off a last entry that does not parse (a write cut short) and every entry for ``revision`` or
    later (never committed: :func:`append`); returns the end of the file."""
    size = os.fstat(fd).st_size
    if size == 0:
        return 0
    start = max(0, size - 4 * 1_048_576)
    os.lseek(fd, start, os.SEEK_SET)
    tail = b""
    while len(tail) < size - start:
        piece = os.read(fd, size - start - len(tail))
        if not piece:
            break
        tail += piece
    end = len(tail)
    cut = tail.rfind(_SEPARATOR_BYTES)
    if cut >= 0:
        try:
            tomllib.loads(tail[cut:].decode("utf-8"), parse_float=Decimal)
            if not tail.endswith(b"\n"):
                end = cut
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            end = cut
    while True:  # entries newer than the event file: a writer killed before its rename
        cut = tail.rfind(_SEPARATOR_BYTES, 0, end)
        if cut < 0:
            break
        found = _REVISION_AT.search(tail[cut:end].decode("utf-8", errors="replace"))
        if found is None or int(found.group(1)) < revision:
            break
        end = cut
    if end < len(tail):
        os.ftruncate(fd, start + end)
    return start + end


def read(target: Path) -> Iterator[Record]:
    """The history, newest first; entries that do not parse (cut short, or edited badly) are skipped.

    Each entry is parsed only when the reader gets to it: undo looks at the newest few.
    """
    try:
        text = history_path(target).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return
    committed = committed_revision(target)
    for section in reversed(text.split(SEPARATOR)[1:]):
        record = _parse(section)
        if record is not None and (committed is None or record.revision <= committed):
            yield record


def _parse(section: str) -> Record | None:
    try:
        return decode(tomllib.loads("[[entry]]\n" + section, parse_float=Decimal)["entry"][0])
    except (tomllib.TOMLDecodeError, ValueError, KeyError, IndexError):
        return None


_UNDOES = re.compile(r"undoes = ([0-9]+)\n")


def _undone(text: str) -> set[int]:
    """The revisions undos took back: ``undoes`` starts a line only in an undo's entry (a scan for that
    line is many times faster than a pattern over the whole text, undos being few)."""
    found: set[int] = set()
    at = text.find("\nundoes = ")
    while at >= 0:
        match = _UNDOES.match(text, at + 1)
        if match:
            found.add(int(match.group(1)))
        at = text.find("\nundoes = ", at + 1)
    return found


class Listing:
    """The history to list, newest first, an entry parsed only when it is asked for.

    An event's history grows by an entry per result key, to thousands, and a screen shows a
    few dozen: parsing them all (their values are most of the text) would cost most of a
    second each time the list is drawn. The records a listing gives have no changes, only
    who, when and what; ``undone`` holds every revision an undo took back.
    """

    def __init__(self, target: Path) -> None:
        try:
            text = history_path(target).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            text = ""
        self._sections = text.split(SEPARATOR)[1:]  # oldest first, as in the file
        self.undone = _undone(text)
        self._committed = committed_revision(target)

    def __len__(self) -> int:
        return len(self._sections)

    def entry(self, index: int) -> Record | None:
        """The ``index``-th newest entry, without its changes; None for one cut short or edited badly."""
        section = self._sections[len(self._sections) - 1 - index]
        head, found, rest = section.partition(CHANGES)
        if not found or not ("\n" + rest).rstrip().endswith("\n]"):  # the list's end, on its own line
            return None  # cut short (or not one): read() skips it too
        record = _parse(head)
        if record is not None and self._committed is not None and record.revision > self._committed:
            return None  # its writer was killed before it replaced the event file: never made
        return record


def stamp(target: Path) -> tuple[int, int, int] | None:
    """What changes when the history does (it only grows, or is replaced): None when there is none."""
    try:
        st = os.stat(history_path(target))
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
