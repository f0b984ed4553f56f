"""Event files: reading with validation, writing, and saving safely under concurrency.

One event is one TOML file a person can read and fix by hand (the format is described in
``docs/event-format.md``). The package turns text into an :class:`~swisstui.event.Event`
and back, and saves it so that nothing is ever lost:

- :mod:`~swisstui.store.schema`: the schema version, the migrations, the keys of each table,
  the errors;
- :mod:`~swisstui.store.read`: :func:`load` and :func:`loads`, which validate every value and
  report each problem as one :class:`EventFileError` line naming the file, the line and the
  field (:mod:`~swisstui.store.lines` finds the lines);
- :mod:`~swisstui.store.write`: :func:`dumps`, the event as TOML data written by tomli-w in
  a layout for people;
- :mod:`~swisstui.store.files`: :func:`save` and :func:`update`: atomic, with a backup, locked
  against other writers.
"""

from __future__ import annotations

from swisstui.event import Board, ChangeRecord, Event, EventInfo, LogEntry, PlayerRecord, RoundRecord, new_event
from swisstui.store.files import backup_path, lock_path, save, update
from swisstui.store.read import load, loads
from swisstui.store.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ConflictError,
    EventFileError,
    LockTimeout,
    SaveError,
)
from swisstui.store.write import document, dumps

__all__ = [
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "EventFileError",
    "ConflictError",
    "LockTimeout",
    "SaveError",
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
    "update",
    "new_event",
    "backup_path",
    "lock_path",
]
