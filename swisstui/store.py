"""Event files: reading with validation, writing, and saving safely under concurrency.

One event is one TOML file a person can read and fix by hand (the format is
described in ``docs/event-format.md``). This module turns text into an
:class:`~swisstui.event.Event` and back, and saves it so that

- a save interrupted at any point (power cut, ``kill -9``) leaves the previous or
  the new file, never a torn one: the text goes to a temporary file in the same
  folder, is flushed and fsync'ed, then renamed over the event, and the folder
  is fsync'ed; the previous version stays next to it as ``EVENT.toml.bak``;
- two processes editing the same event (two arbiters over SSH) never lose each
  other's work: every write holds an exclusive ``flock`` on ``EVENT.toml.lock``
  and checks the file's ``revision`` (compare-and-swap).

Every problem in a file is reported as one :class:`EventFileError` line naming
the file, the line and the field.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
import os
import re
import secrets
import shutil
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from engine import systems
from engine.model import TITLES, Acceleration, Colour, ForbiddenPair, PointSystem, Settings
from swisstui.event import (
    ACCELERATIONS,
    CHANGE_KINDS,
    NO_RESULT,
    REQUEST_NAMES,
    REQUESTS,
    RESULT_KEY_LAYOUTS,
    RESULTS,
    STATUSES,
    Board,
    ChangeRecord,
    Event,
    EventInfo,
    LogEntry,
    PlayerRecord,
    RoundRecord,
    canonical_result,
    new_event,
    normalise_title,
)
from swisstui.toml_lines import Lines, Path as KeyPath, locate

try:  # POSIX; elsewhere saving is still atomic but not locked against other processes
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

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
    "dumps",
    "save",
    "update",
    "new_event",
    "backup_path",
    "lock_path",
]

SCHEMA_VERSION = 1

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[v]`` turns a parsed document of schema ``v`` into one of schema ``v + 1``.

Loading applies them in turn up to :data:`SCHEMA_VERSION`; the next save writes
the current schema. Add one whenever the format changes incompatibly.
"""


# -- errors ---------------------------------------------------------------------


class EventFileError(Exception):
    """A problem with an event file, as one line: ``path:line: field: message``."""

    def __init__(self, path: str | os.PathLike[str], line: int | None, field: str, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class ConflictError(EventFileError):
    """Somebody else saved a newer revision since this copy was loaded."""


class LockTimeout(EventFileError):
    """Another process held the event's lock for too long."""


class SaveError(EventFileError):
    """The operating system refused the write (disk full, permissions); the old file is intact."""


# -- reading ----------------------------------------------------------------------


def load(path: str | os.PathLike[str]) -> Event:
    """Read and validate an event file."""
    return loads(_read_text(Path(path)), path=str(path))


def loads(text: str, *, path: str = "<string>") -> Event:
    """Parse and validate the text of an event file; raises :class:`EventFileError` only."""
    text = text.removeprefix("\ufeff")
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        line, message = _syntax_error_position(str(exc), text)
        raise EventFileError(path, line, "", f"not valid TOML: {message}") from None
    return _Reader(doc, text, path).event()


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EventFileError(path, None, "", "no such event file") from None
    except OSError as exc:
        raise EventFileError(path, None, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise EventFileError(path, line, "", "not UTF-8 text") from None


_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def _syntax_error_position(message: str, text: str) -> tuple[int | None, str]:
    match = _POSITION.search(message)
    if match is not None:
        return int(match.group(1)), f"{message[: match.start()]} (column {match.group(2)})"
    if message.endswith("(at end of document)"):
        last = len(text.rstrip("\n").split("\n"))
        return last, message.replace("(at end of document)", "(at the end of the file)")
    return None, message


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return str(value)


def _suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


_MISSING = object()

_TOP_KEYS = ("schema", "event", "settings", "players", "forbidden", "rounds", "log")
_EVENT_KEYS = ("name", "city", "federation", "start", "end", "chief_arbiter", "deputy_arbiters", "time_control", "revision")
_SETTINGS_KEYS = (
    "system", "rounds", "initial_colour", "scoring", "tiebreaks", "acceleration", "virtual_points", "fide_mode", "result_keys",
)
_VIRTUAL_POINTS_KEYS = ("player", "points", "first_round", "last_round")
_SCORING_KEYS = ("win", "draw", "loss", "absent", "pab", "half_bye", "full_bye", "forfeit_win")
_PLAYER_KEYS = ("id", "name", "rating", "title", "federation", "fide_id", "birth", "sex", "status", "withdrawn_after")
_FORBIDDEN_KEYS = ("players", "first_round", "last_round")
_ROUND_KEYS = ("number", "date", "published", "boards", "bye", "byes", "changes")
_BOARD_KEYS = ("board", "white", "black", "result")
_CHANGE_KEYS = ("kind", "reason", "board", "old", "new", "by", "at")
_LOG_KEYS = ("action", "text", "round", "by", "at")


class _Reader:
    """Turns a parsed document into an Event, reporting the first problem with its line."""

    def __init__(self, doc: dict[str, Any], text: str, path: str) -> None:
        self.doc = doc
        self.text = text
        self.path = path
        self._lines: Lines | None = None

    @property
    def lines(self) -> Lines:
        if self._lines is None:
            self._lines = locate(self.text)
        return self._lines

    def fail(self, where: KeyPath, message: str, field: str | None = None) -> EventFileError:
        if field is None:
            field = ".".join(str(part) for part in where if isinstance(part, str))
        return EventFileError(self.path, self.lines.nearest(where), field, message)

    # -- typed access ---------------------------------------------------------------

    def table(self, value: Any, where: KeyPath, allowed: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a table, got {_describe(value)}")
        for key in value:
            if key not in allowed:
                raise self.fail(where + (key,), f"unknown key{_suggest(key, allowed)}")
        return value

    def tables(self, value: Any, where: KeyPath) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list of tables, got {_describe(value)}")
        return value

    def get(self, obj: dict[str, Any], where: KeyPath, key: str, kind: str, default: Any = _MISSING) -> Any:
        if key not in obj:
            if default is _MISSING:
                raise self.fail(where + (key,), "missing (required in this table)", field=self._field(where, key))
            return default
        value = obj[key]
        at = where + (key,)
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(at, f"expected an integer, got {_describe(value)}")
        elif kind == "str":
            if not isinstance(value, str):
                raise self.fail(at, f"expected a string in quotes, got {_describe(value)}")
        elif kind == "bool":
            if not isinstance(value, bool):
                raise self.fail(at, f"expected true or false, got {_describe(value)}")
        elif kind == "points":
            if isinstance(value, bool) or not isinstance(value, int | Decimal):
                raise self.fail(at, f"expected a number of points, got {_describe(value)}")
            if not Decimal(value).is_finite() or value < 0:
                raise self.fail(at, f"expected a number of points, got {_describe(value)}")
            value = Decimal(value)
        elif kind == "date":
            if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
                raise self.fail(at, f"expected a date like 2026-03-14 (without quotes), got {_describe(value)}")
        elif kind == "datetime":
            if not isinstance(value, dt.datetime):
                raise self.fail(at, f"expected a date and time like 2026-03-14T18:30:00Z (without quotes), got {_describe(value)}")
        elif kind == "strs":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise self.fail(at, f"expected a list of strings, got {_describe(value)}")
        elif kind == "ints":
            if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self.fail(at, f"expected a list of integers, got {_describe(value)}")
        else:  # pragma: no cover - programming error
            raise AssertionError(kind)
        return value

    @staticmethod
    def _field(where: KeyPath, key: str) -> str:
        return ".".join([str(part) for part in where if isinstance(part, str)] + [key])

    def positive(self, obj: dict[str, Any], where: KeyPath, key: str, default: Any = _MISSING, minimum: int = 1) -> Any:
        value = self.get(obj, where, key, "int", default)
        if value is not None and value is not default and value < minimum:
            raise self.fail(where + (key,), f"expected an integer of at least {minimum}, got {value}")
        return value

    def choice(self, obj: dict[str, Any], where: KeyPath, key: str, choices: tuple[str, ...], default: Any = _MISSING) -> Any:
        value = self.get(obj, where, key, "str", default)
        if value is not default and value not in choices:
            listed = ", ".join(f'"{c}"' for c in choices)
            raise self.fail(where + (key,), f"{value!r} is not one of {listed}{_suggest(value, choices)}")
        return value

    # -- the document --------------------------------------------------------------------

    def event(self) -> Event:
        doc = self.migrate(self.doc)
        self.table(doc, (), _TOP_KEYS)
        name, info, revision = self.event_table(doc)
        settings, acceleration, fide_mode, result_keys = self.settings_table(doc)
        players = self.players(doc, settings.rounds)
        by_id = {p.id: p for p in players}
        settings = replace(settings, accelerations=self.virtual_points(doc["settings"], settings.rounds, by_id))
        forbidden = self.forbidden(doc, by_id)
        rounds = self.rounds(doc, settings.rounds, by_id)
        log = self.log(doc)
        return Event(
            name=name,
            settings=settings,
            players=players,
            rounds=rounds,
            forbidden=forbidden,
            info=info,
            log=log,
            revision=revision,
            fide_mode=fide_mode,
            result_keys=result_keys,
            acceleration=acceleration,
        )

    def migrate(self, doc: dict[str, Any]) -> dict[str, Any]:
        if "schema" not in doc:
            raise EventFileError(self.path, 1, "schema", f"missing: an event file starts with `schema = {SCHEMA_VERSION}`")
        version = self.get(doc, (), "schema", "int")
        if version > SCHEMA_VERSION:
            raise self.fail(
                ("schema",),
                f"version {version} is newer than this swisstui understands ({SCHEMA_VERSION}); upgrade swisstui",
            )
        if version < 1:
            raise self.fail(("schema",), f"expected a version of at least 1, got {version}")
        while version < SCHEMA_VERSION:
            migration = MIGRATIONS.get(version)
            if migration is None:
                raise self.fail(("schema",), f"no migration from version {version} to {version + 1}")
            doc = migration(doc)
            version += 1
            doc["schema"] = version
        return doc

    def event_table(self, doc: dict[str, Any]) -> tuple[str, EventInfo, int]:
        if "event" not in doc:
            raise self.fail((), "missing [event] table", field="event")
        where: KeyPath = ("event",)
        t = self.table(doc["event"], where, _EVENT_KEYS)
        name = self.get(t, where, "name", "str")
        info = EventInfo(
            city=self.get(t, where, "city", "str", ""),
            federation=self.get(t, where, "federation", "str", ""),
            start=self.get(t, where, "start", "date", None),
            end=self.get(t, where, "end", "date", None),
            chief_arbiter=self.get(t, where, "chief_arbiter", "str", ""),
            deputy_arbiters=list(self.get(t, where, "deputy_arbiters", "strs", [])),
            time_control=self.get(t, where, "time_control", "str", ""),
        )
        if info.start and info.end and info.end < info.start:
            raise self.fail(where + ("end",), f"the event ends ({info.end}) before it starts ({info.start})")
        revision = self.positive(t, where, "revision", 0, minimum=0)
        return name, info, revision

    def settings_table(self, doc: dict[str, Any]) -> tuple[Settings, str, bool, str]:
        if "settings" not in doc:
            raise self.fail((), "missing [settings] table", field="settings")
        where: KeyPath = ("settings",)
        t = self.table(doc["settings"], where, _SETTINGS_KEYS)
        rounds = self.positive(t, where, "rounds")
        system_name = self.get(t, where, "system", "str", systems.SYSTEMS[0].id)
        try:
            system = systems.get(system_name).id
        except systems.UnknownSystem as exc:
            raise self.fail(where + ("system",), str(exc)) from None
        colour = self.choice(t, where, "initial_colour", ("white", "black"), "white")
        points = PointSystem()
        if "scoring" in t:
            swhere = where + ("scoring",)
            s = self.table(t["scoring"], swhere, _SCORING_KEYS)
            values = {key: self.get(s, swhere, key, "points", None) for key in _SCORING_KEYS}
            points = PointSystem(**{k: v for k, v in values.items() if v is not None})
        tiebreaks = tuple(self.get(t, where, "tiebreaks", "strs", []))
        for i, code in enumerate(tiebreaks):
            if not code.strip():
                raise self.fail(where + ("tiebreaks", i), "empty tie-break code")
        acceleration = self.choice(t, where, "acceleration", ACCELERATIONS, "none")
        fide_mode = self.get(t, where, "fide_mode", "bool", True)
        result_keys = self.choice(t, where, "result_keys", RESULT_KEY_LAYOUTS, "default")
        settings = Settings(
            rounds=rounds,
            system=system,
            initial_colour=Colour.WHITE if colour == "white" else Colour.BLACK,
            points=points,
            tiebreaks=tiebreaks,
        )
        return settings, acceleration, fide_mode, result_keys

    def virtual_points(self, t: dict[str, Any], total_rounds: int, by_id: dict[int, PlayerRecord]) -> tuple[Acceleration, ...]:
        """Explicit acceleration points per player and rounds (TRF 250 / XXA), as imported."""
        where: KeyPath = ("settings", "virtual_points")
        found = []
        for i, raw in enumerate(self.tables(t.get("virtual_points", []), where)):
            at = where + (i,)
            v = self.table(raw, at, _VIRTUAL_POINTS_KEYS)
            player = self.player_ref(self.get(v, at, "player", "int"), at + ("player",), by_id)
            points = self.get(v, at, "points", "points")
            first = self.positive(v, at, "first_round")
            last = self.positive(v, at, "last_round")
            if last < first:
                raise self.fail(at + ("last_round",), f"last round {last} is before first round {first}")
            if last > total_rounds:
                raise self.fail(at + ("last_round",), f"round {last} is beyond the {total_rounds} rounds in settings.rounds")
            found.append(Acceleration(player, points, first, last))
        return tuple(found)

    def players(self, doc: dict[str, Any], total_rounds: int) -> list[PlayerRecord]:
        players: list[PlayerRecord] = []
        seen: dict[int, int] = {}
        for i, raw in enumerate(self.tables(doc.get("players", []), ("players",))):
            where: KeyPath = ("players", i)
            t = self.table(raw, where, _PLAYER_KEYS)
            pid = self.positive(t, where, "id")
            if pid in seen:
                line = self.lines.nearest(("players", seen[pid], "id"))
                raise self.fail(where + ("id",), f"pairing number {pid} is already used by the player on line {line}")
            seen[pid] = i
            name = self.get(t, where, "name", "str")
            if not name.strip():
                raise self.fail(where + ("name",), "a player needs a name")
            raw_title = self.get(t, where, "title", "str", "")
            try:
                title = normalise_title(raw_title)
            except ValueError:
                raise self.fail(
                    where + ("title",), f"unknown title {raw_title!r} (known: {', '.join(TITLES)}){_suggest(raw_title, TITLES)}"
                ) from None
            status = self.choice(t, where, "status", STATUSES, "active")
            withdrawn_after = self.positive(t, where, "withdrawn_after", None, minimum=0)
            if status == "withdrawn" and withdrawn_after is None:
                raise self.fail(
                    where + ("status",),
                    f"player {pid} is withdrawn: add withdrawn_after = the last round played (0 = none)",
                    field="players.withdrawn_after",
                )
            if status != "withdrawn" and withdrawn_after is not None:
                raise self.fail(where + ("withdrawn_after",), f'only a withdrawn player has it (player {pid} is "{status}")')
            if withdrawn_after is not None and withdrawn_after > total_rounds:
                raise self.fail(where + ("withdrawn_after",), f"round {withdrawn_after} is beyond the {total_rounds} rounds of the event")
            players.append(
                PlayerRecord(
                    id=pid,
                    name=name,
                    rating=self.positive(t, where, "rating", 0, minimum=0),
                    title=title,
                    federation=self.get(t, where, "federation", "str", ""),
                    fide_id=self.positive(t, where, "fide_id", None),
                    birth=self.get(t, where, "birth", "str", ""),
                    sex=self.get(t, where, "sex", "str", ""),
                    status=status,
                    withdrawn_after=withdrawn_after,
                )
            )
        return players

    def player_ref(self, value: Any, where: KeyPath, by_id: dict[int, PlayerRecord], field: str | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected a pairing number, got {_describe(value)}", field=field)
        if value not in by_id:
            raise self.fail(where, f"player {value} does not exist", field=field)
        return value

    def forbidden(self, doc: dict[str, Any], by_id: dict[int, PlayerRecord]) -> list[ForbiddenPair]:
        pairs: list[ForbiddenPair] = []
        for i, raw in enumerate(self.tables(doc.get("forbidden", []), ("forbidden",))):
            where: KeyPath = ("forbidden", i)
            t = self.table(raw, where, _FORBIDDEN_KEYS)
            ids = self.get(t, where, "players", "ints")
            for j, pid in enumerate(ids):
                self.player_ref(pid, where + ("players", j), by_id, field="forbidden.players")
            if len(set(ids)) < 2:
                raise self.fail(where + ("players",), "name at least two different players")
            first = self.positive(t, where, "first_round", 1)
            last = self.positive(t, where, "last_round", None)
            if last is not None and last < first:
                raise self.fail(where + ("last_round",), f"last round {last} is before first round {first}")
            pairs.append(ForbiddenPair(frozenset(ids), first, last))
        return pairs

    def rounds(self, doc: dict[str, Any], total_rounds: int, by_id: dict[int, PlayerRecord]) -> list[RoundRecord]:
        rounds: list[RoundRecord] = []
        for i, raw in enumerate(self.tables(doc.get("rounds", []), ("rounds",))):
            where: KeyPath = ("rounds", i)
            t = self.table(raw, where, _ROUND_KEYS)
            number = self.positive(t, where, "number")
            if rounds and number == rounds[-1].number:
                raise self.fail(where + ("number",), f"round {number} appears twice")
            if rounds and number < rounds[-1].number:
                raise self.fail(where + ("number",), f"rounds out of order: round {number} comes after round {rounds[-1].number}")
            if number > total_rounds:
                raise self.fail(where + ("number",), f"round {number} is beyond the {total_rounds} rounds in settings.rounds")
            rnd = self.round(t, where, number, by_id)
            if rnd.paired:
                paired = {r.number for r in rounds if r.paired}
                missing = next((n for n in range(1, number) if n not in paired), None)
                if missing is not None:
                    raise self.fail(where + ("number",), f"round {number} is paired but round {missing} is not")
            rounds.append(rnd)
        return rounds

    def round(self, t: dict[str, Any], where: KeyPath, number: int, by_id: dict[int, PlayerRecord]) -> RoundRecord:
        published = self.get(t, where, "published", "bool", False)
        date = self.get(t, where, "date", "date", None)
        taken: dict[int, str] = {}  # player -> where they already are in this round

        def place(pid: int, at: KeyPath, what: str, field: str) -> None:
            if pid in taken:
                raise self.fail(at, f"player {pid} is twice in round {number} ({taken[pid]} and {what})", field=field)
            taken[pid] = what

        boards: list[Board] = []
        for j, raw in enumerate(self.tables(t.get("boards", []), where + ("boards",))):
            bwhere = where + ("boards", j)
            b = self.table(raw, bwhere, _BOARD_KEYS)
            board_no = self.positive(b, bwhere, "board")
            if boards and board_no == boards[-1].number:
                raise self.fail(bwhere + ("board",), f"board {board_no} appears twice in round {number}")
            if boards and board_no < boards[-1].number:
                raise self.fail(bwhere + ("board",), f"board {board_no} listed after board {boards[-1].number}: list boards in publishing order")
            sides = {}
            for side in ("white", "black"):
                value = self.get(b, bwhere, side, "int")
                if value == 0:
                    raise self.fail(
                        bwhere + (side,),
                        f"0 is not a player: the pairing-allocated bye is written `bye = <player>` in the round, without a result",
                    )
                sides[side] = self.player_ref(value, bwhere + (side,), by_id)
            white, black = sides["white"], sides["black"]
            if white == black:
                raise self.fail(bwhere + ("black",), f"player {white} cannot play against themself")
            raw_result = self.get(b, bwhere, "result", "str", NO_RESULT)
            try:
                result = canonical_result(raw_result)
            except ValueError:
                known = ", ".join(f'"{r}"' for r in RESULTS)
                raise self.fail(
                    bwhere + ("result",),
                    f'unknown result {raw_result!r}{_suggest(raw_result, list(RESULTS))} (known: {known}, or "" before the game ends)',
                ) from None
            if result and not published:
                raise self.fail(bwhere + ("result",), f"round {number} is not published, so it cannot have results yet")
            for side, pid in (("white", white), ("black", black)):
                place(pid, bwhere + (side,), f"board {board_no}", f"rounds.boards.{side}")
                self.check_plays(by_id[pid], number, bwhere + (side,), f"rounds.boards.{side}")
            boards.append(Board(board_no, white, black, result))
        bye = None
        if "bye" in t:
            if isinstance(t["bye"], dict | list):
                raise self.fail(where + ("bye",), "the pairing-allocated bye is one pairing number, with no result")
            bye = self.player_ref(t["bye"], where + ("bye",), by_id)
            place(bye, where + ("bye",), "the bye", "rounds.bye")
            self.check_plays(by_id[bye], number, where + ("bye",), "rounds.bye")
        requests = {}
        if "byes" in t:
            rwhere = where + ("byes",)
            raw_requests = t["byes"]
            if not isinstance(raw_requests, dict):
                raise self.fail(rwhere, f'expected a table like {{ 7 = "half" }}, got {_describe(raw_requests)}')
            for key, value in raw_requests.items():
                at = rwhere + (key,)
                if not key.isdigit():
                    raise self.fail(at, f"expected a pairing number as key, got {key!r}", field="rounds.byes")
                pid = self.player_ref(int(key), at, by_id, field="rounds.byes")
                names = tuple(REQUESTS)
                if value not in REQUESTS:
                    listed = ", ".join(f'"{n}"' for n in names)
                    raise self.fail(at, f"player {pid}: {_describe(value)} is not one of {listed}", field="rounds.byes")
                place(pid, at, f'"{value}" in byes', "rounds.byes")
                requests[pid] = REQUESTS[value]
        changes = []
        for j, raw in enumerate(self.tables(t.get("changes", []), where + ("changes",))):
            cwhere = where + ("changes", j)
            c = self.table(raw, cwhere, _CHANGE_KEYS)
            changes.append(
                ChangeRecord(
                    kind=self.choice(c, cwhere, "kind", CHANGE_KINDS),
                    reason=self.get(c, cwhere, "reason", "str"),
                    board=self.positive(c, cwhere, "board", None),
                    old=self.get(c, cwhere, "old", "str", ""),
                    new=self.get(c, cwhere, "new", "str", ""),
                    by=self.get(c, cwhere, "by", "str", ""),
                    at=self.get(c, cwhere, "at", "datetime", None),
                )
            )
        rnd = RoundRecord(number, boards, bye, requests, published, changes, date)
        if published and not rnd.paired:
            raise self.fail(where + ("published",), f"round {number} has no pairing to publish")
        return rnd

    def check_plays(self, player: PlayerRecord, number: int, at: KeyPath, field: str) -> None:
        if not player.plays_in(number):
            raise self.fail(at, f"player {player.id} withdrew after round {player.withdrawn_after} but is paired in round {number}", field=field)

    def log(self, doc: dict[str, Any]) -> list[LogEntry]:
        entries = []
        for i, raw in enumerate(self.tables(doc.get("log", []), ("log",))):
            where: KeyPath = ("log", i)
            t = self.table(raw, where, _LOG_KEYS)
            entries.append(
                LogEntry(
                    action=self.get(t, where, "action", "str"),
                    text=self.get(t, where, "text", "str", ""),
                    round=self.positive(t, where, "round", None),
                    by=self.get(t, where, "by", "str", ""),
                    at=self.get(t, where, "at", "datetime", None),
                )
            )
        return entries


# -- writing ------------------------------------------------------------------------


def dumps(event: Event) -> str:
    """The text of the event file, laid out for people: one board per line, keys in a fixed order.

    """
    out: list[str] = [
        "# swisstui event file: see docs/event-format.md before editing by hand.",
        f"schema = {SCHEMA_VERSION}",
        "",
        "[event]",
    ]
    info = event.info
    out.append(f"name = {_str(event.name)}")
    for key, value in (("city", info.city), ("federation", info.federation)):
        if value:
            out.append(f"{key} = {_str(value)}")
    for key, value in (("start", info.start), ("end", info.end)):
        if value is not None:
            out.append(f"{key} = {value.isoformat()}")
    if info.chief_arbiter:
        out.append(f"chief_arbiter = {_str(info.chief_arbiter)}")
    if info.deputy_arbiters:
        out.append(f"deputy_arbiters = [{', '.join(_str(d) for d in info.deputy_arbiters)}]")
    if info.time_control:
        out.append(f"time_control = {_str(info.time_control)}")
    out.append(f"revision = {event.revision}")

    s = event.settings
    out += [
        "",
        "[settings]",
        f"system = {_str(s.system)}",
        f"rounds = {s.rounds}",
        f"initial_colour = {_str('white' if s.initial_colour is Colour.WHITE else 'black')}",
        f"tiebreaks = [{', '.join(_str(c) for c in s.tiebreaks)}]",
        f"acceleration = {_str(event.acceleration)}",
    ]
    if s.accelerations:
        out.append("virtual_points = [")
        for a in s.accelerations:
            out.append(
                f"  {{ player = {a.player}, points = {_points(a.points)}, "
                f"first_round = {a.first_round}, last_round = {a.last_round} }},"
            )
        out.append("]")
    out += [
        f"fide_mode = {_bool(event.fide_mode)}",
        f"result_keys = {_str(event.result_keys)}",
        "",
        "[settings.scoring]",
    ]
    for key in _SCORING_KEYS:
        value = getattr(s.points, key)
        if value is not None:
            out.append(f"{key} = {_points(value)}")
    unset = [key for key in _SCORING_KEYS if getattr(s.points, key) is None]
    if unset:
        defaults = {"pab": "win", "half_bye": "draw", "full_bye": "win", "forfeit_win": "win"}
        out.append("# not set: " + ", ".join(f"{key} = {defaults[key]}" for key in unset))

    for p in event.players:
        out += ["", "[[players]]", f"id = {p.id}", f"name = {_str(p.name)}", f"rating = {p.rating}"]
        for key in ("title", "federation"):
            if getattr(p, key):
                out.append(f"{key} = {_str(getattr(p, key))}")
        if p.fide_id is not None:
            out.append(f"fide_id = {p.fide_id}")
        for key in ("birth", "sex"):
            if getattr(p, key):
                out.append(f"{key} = {_str(getattr(p, key))}")
        out.append(f"status = {_str(p.status)}")
        if p.withdrawn_after is not None:
            out.append(f"withdrawn_after = {p.withdrawn_after}")

    for pair in event.forbidden:
        out += ["", "[[forbidden]]", f"players = [{', '.join(str(pid) for pid in sorted(pair.players))}]"]
        out.append(f"first_round = {pair.first_round}")
        if pair.last_round is not None:
            out.append(f"last_round = {pair.last_round}")

    width = max((len(str(p.id)) for p in event.players), default=1)
    for rnd in event.rounds:
        out += ["", "[[rounds]]", f"number = {rnd.number}"]
        if rnd.date is not None:
            out.append(f"date = {rnd.date.isoformat()}")
        out.append(f"published = {_bool(rnd.published)}")
        if rnd.boards:
            board_width = len(str(rnd.boards[-1].number))
            out.append("boards = [")
            for b in rnd.boards:
                out.append(
                    f"  {{ board = {b.number:>{board_width}}, white = {b.white:>{width}}, "
                    f"black = {b.black:>{width}}, result = {_str(b.result)} }},"
                )
            out.append("]")
        if rnd.bye is not None:
            out.append(f"bye = {rnd.bye}")
        if rnd.requests:
            items = ", ".join(f"{pid} = {_str(REQUEST_NAMES[code])}" for pid, code in sorted(rnd.requests.items()))
            out.append(f"byes = {{ {items} }}")
        for change in rnd.changes:
            if isinstance(change, str):  # a bare reason is accepted in memory
                change = ChangeRecord(kind="other", reason=change)
            out += ["", "[[rounds.changes]]", f"kind = {_str(change.kind)}"]
            if change.board is not None:
                out.append(f"board = {change.board}")
            for key in ("old", "new"):
                if getattr(change, key):
                    out.append(f"{key} = {_str(getattr(change, key))}")
            out.append(f"reason = {_str(change.reason)}")
            if change.by:
                out.append(f"by = {_str(change.by)}")
            if change.at is not None:
                out.append(f"at = {_datetime(change.at)}")

    for entry in event.log:
        out += ["", "[[log]]"]
        if entry.at is not None:
            out.append(f"at = {_datetime(entry.at)}")
        if entry.round is not None:
            out.append(f"round = {entry.round}")
        out.append(f"action = {_str(entry.action)}")
        if entry.text:
            out.append(f"text = {_str(entry.text)}")
        if entry.by:
            out.append(f"by = {_str(entry.by)}")
    return "\n".join(out) + "\n"


def _str(value: str) -> str:
    """A TOML basic string (JSON's escapes are a subset of TOML's, except for DEL)."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _points(value: Decimal) -> str:
    text = format(Decimal(value), "f")
    return text if "." in text else text + ".0"


def _datetime(value: dt.datetime) -> str:
    return value.isoformat()


# -- saving ----------------------------------------------------------------------------


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
        problem = f"its revision is {_describe(revision)}"
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
