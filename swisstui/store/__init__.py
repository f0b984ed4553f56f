"""Event files: reading with validation, writing, and saving safely under concurrency.

One event is one TOML file a person can read and fix by hand (the format is described in
``docs/event-format.md``). The package turns text into an :class:`~swisstui.store.event.Event`
and back, and saves it so that nothing is ever lost:

- :mod:`~swisstui.store.schema`: the schema version, the migrations, the keys of each table,
  the errors;
- :mod:`~swisstui.store.read`: :func:`load` and :func:`loads`, which validate every value and
  report each problem as one :class:`EventFileError` line naming the file, the line and the
  field (:mod:`~swisstui.store.lines` finds the lines);
- :mod:`~swisstui.store.write`: :func:`dumps`, the event as TOML data written by tomli-w in
  a layout for people;
- :mod:`~swisstui.store.files`: :func:`save`, :func:`create` and :func:`update`: atomic (through
  :mod:`swisstui.store.file_writer`, the one writer of every file), with a backup, locked
  against other writers (:mod:`~swisstui.store.lock`: waiting writers served in order);
  :class:`EventFile`, a session's view of its file, so a change costs one write;
- :mod:`~swisstui.store.history`: every change, who made it and when, and what it changed,
  beside the event in ``EVENT.toml.history``, so that it can be undone.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from swisstui.store.event import Board, ChangeRecord, Event, EventInfo, LogEntry, PlayerRecord, RoundRecord, new_event
    from swisstui.store import history
    from swisstui.store.files import UNCHANGED, EventFile, backup_path, create, is_read_only, save, update
    from swisstui.store.lock import lock_path, queue_path
    from swisstui.store.read import load, loads
    from swisstui.store.schema import (
        MIGRATIONS,
        SCHEMA_VERSION,
        ConflictError,
        EventFileError,
        ExistsError,
        LockTimeout,
        ReadOnlyError,
        SaveError,
    )
    from swisstui.store.write import document, dumps

# Where each name of the package lives. The package imports them when first asked for, not when it is
# imported: a program that needs one module of the store (``swisstui pair`` writes its output through
# ``swisstui.store.file_writer``) does not load the reader, the writer, the history and the TOML code.
_HOME = {
    **dict.fromkeys(("Board", "ChangeRecord", "Event", "EventInfo", "LogEntry", "PlayerRecord", "RoundRecord",
                     "new_event"), "swisstui.store.event"),
    **dict.fromkeys(("UNCHANGED", "EventFile", "backup_path", "create", "is_read_only", "save", "update"),
                    "swisstui.store.files"),
    **dict.fromkeys(("lock_path", "queue_path"), "swisstui.store.lock"),
    **dict.fromkeys(("load", "loads"), "swisstui.store.read"),
    **dict.fromkeys(("MIGRATIONS", "SCHEMA_VERSION", "ConflictError", "EventFileError", "ExistsError", "LockTimeout",
                     "ReadOnlyError", "SaveError"), "swisstui.store.schema"),
    **dict.fromkeys(("document", "dumps"), "swisstui.store.write"),
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:  # a module of the package (store.history, store.files), imported when named
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value  # asked once
    return value


__all__ = [
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "EventFileError",
    "ConflictError",
    "ExistsError",
    "LockTimeout",
    "SaveError",
    "ReadOnlyError",
    "Event",
    "EventInfo",
    "PlayerRecord",
    "RoundRecord",
    "Board",
    "ChangeRecord",
    "LogEntry",
    "load",
    "loads",
    "document",
    "dumps",
    "save",
    "create",
    "update",
    "EventFile",
    "UNCHANGED",
    "history",
    "new_event",
    "backup_path",
    "lock_path",
    "queue_path",
    "is_read_only",
]
