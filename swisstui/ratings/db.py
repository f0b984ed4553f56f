"""The local database of FIDE rating lists: one list per month, looked up by FIDE ID or name.

SQLite (Python's ``sqlite3``), in the user's data folder
(``$XDG_DATA_HOME/swisstui/ratings.sqlite``, else ``~/.local/share/swisstui/ratings.sqlite``;
``SWISSTUI_RATINGS_DB`` or ``--db`` name another file). Each month's list is its own table
(``players_2026_11``), so importing a month again replaces just that month and the month
before stays usable until the new one is complete.

An import is one transaction: the list goes into a new table, its name index is built after the
bulk insert, and only then does it replace the month's old table; any failure (a file that is
not a list, too many bad lines, a full disk, ctrl-C) rolls back to the database as it was.
Names are found through a normalised copy (accents stripped, case folded, punctuation as
spaces), so "carlsen, m", "Carlsen,M" and "Carlsen M" find "Carlsen, Magnus", and "sebastien"
finds "Sébastien".
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from swisstui.ratings.fide_list import COLUMNS, BadLine, FideList, ListError, ReadReport

BATCH = 20_000
SQLITE_MAX = 2**63 - 1  # SQLite's largest INTEGER
MONTH = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")
# Letters Unicode does not decompose into a base letter and an accent.
_LETTERS = str.maketrans({"ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae",
                          "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "ı": "i", "ð": "d", "Ð": "d"})
_PUNCTUATION = str.maketrans({",": " ", ".": " ", "-": " ", "'": " ", "’": " "})


def default_path() -> Path:
    explicit = os.environ.get("SWISSTUI_RATINGS_DB")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "swisstui" / "ratings.sqlite"


def fold(text: str) -> str:
    """A name as it is searched: no accents, case folded, punctuation as single spaces."""
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(text.translate(_PUNCTUATION).casefold().split())


def check_month(month: str) -> str:
    if not MONTH.fullmatch(month):
        raise ValueError(f"{month!r} is not a month written YYYY-MM")
    return month


def _table(month: str) -> str:
    """The table of a month's list; the month is checked first, so the name is safe to put in SQL."""
    return "players_" + check_month(month).replace("-", "_")


@dataclass(frozen=True)
class ListInfo:
    month: str
    source: str
    layout: str
    rating_types: tuple[str, ...]
    players: int
    skipped: int
    imported_at: str


@dataclass(frozen=True)
class ListPlayer:
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    w_title: str
    o_title: str
    foa_title: str
    standard: int | None
    standard_games: int | None
    standard_k: int | None
    rapid: int | None
    rapid_games: int | None
    rapid_k: int | None
    blitz: int | None
    blitz_games: int | None
    blitz_k: int | None
    birth: int | None
    flag: str

    def rating(self, kind: str) -> int:
        """The player's rating of ``kind`` (standard, rapid, blitz); 0 when unrated."""
        return getattr(self, kind) or 0

    def k(self, kind: str) -> int:
        """The K FIDE gives the player for ``kind`` (SK, Rk, BK); 0 when the list has none."""
        return getattr(self, f"{kind}_k") or 0

    @property
    def best_title(self) -> str:
        """The title an event records: the open title, else the women's title."""
        return self.title or self.w_title


@dataclass
class ImportResult:
    info: ListInfo
    report: ReadReport
    replaced: bool


class ImportFailed(Exception):
    """Nothing was imported; the database is as it was. The message says why (file, line, field)."""


class Unreadable(sqlite3.DatabaseError):
    """The file at the database's path is not a rating database this version can read.

    A subclass of :class:`sqlite3.DatabaseError`, so that every caller which already goes on
    without the list when SQLite fails (the player form, the import preview, the update)
    goes on the same way when the file is SQLite but holds what no import writes: a month
    that is not YYYY-MM, text that is not UTF-8, a table of another shape.
    """


_INFO_TYPES = (str, str, str, str, int, int, str)  # the columns of ``lists``, as _import writes them
_INTEGER_COLUMNS = frozenset(c for c in COLUMNS if c == "fide_id" or c == "birth"
                             or c.startswith(("standard", "rapid", "blitz")))


def _info(row: tuple, path: Path) -> ListInfo:
    """A row of ``lists`` checked against what an import writes; :class:`Unreadable` otherwise."""
    if len(row) != len(_INFO_TYPES) or any(not isinstance(v, t) for v, t in zip(row, _INFO_TYPES)):
        raise Unreadable(f"{path}: cannot be read: a row of its table of lists is not what an import writes")
    month, source, layout, types, players, skipped, imported_at = row
    if not MONTH.fullmatch(month):
        raise Unreadable(f"{path}: cannot be read: it holds a list whose month {month!r} is not YYYY-MM")
    return ListInfo(month, source, layout, tuple(types.split(",")), players, skipped, imported_at)


def _player(row: tuple, path: Path, table: str) -> ListPlayer:
    """A row of a month's table checked column by column; :class:`Unreadable` names the first one wrong."""
    for column, value in zip(COLUMNS, row):
        wanted: type = int if column in _INTEGER_COLUMNS else str
        if not (isinstance(value, wanted) or (value is None and column not in ("fide_id", "name"))):
            raise Unreadable(f"{path}: cannot be read: {table}: column {column} holds {type(value).__name__}, "
                             f"not {'a number' if wanted is int else 'text'}")
    return ListPlayer(*row)


class RatingsDb:
    """The database of lists; open it once and look players up as often as needed.

    Every read raises :class:`Unreadable` ("PATH: cannot be read: ...") when the file is not a
    database an import wrote, whatever SQLite or the rows say: a caller handles one error.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._conn: sqlite3.Connection | None = None

    def exists(self) -> bool:
        return self.path.is_file()

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            if not self.exists():
                raise FileNotFoundError(str(self.path))
            # read-only; as_uri() escapes what a URI would misread in a folder's name (#, ?, %, spaces)
            self._conn = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True)
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """SQLite's own failures (not a database, malformed, no such table, not UTF-8) as :class:`Unreadable`."""
        try:
            yield
        except Unreadable:
            raise
        except (sqlite3.Error, ValueError) as err:
            raise Unreadable(f"{self.path}: cannot be read: {err} (not a rating database, or a damaged one)") from None

    def lists(self) -> list[ListInfo]:
        """The lists held, newest month first."""
        with self._reading():
            if not _has_lists_table(self.conn):
                return []
            rows = self.conn.execute("SELECT month, source, layout, rating_types, players, skipped, imported_at "
                                     "FROM lists ORDER BY month DESC").fetchall()
            tables = {name for (name,) in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        held = [_info(row, self.path) for row in rows]
        for info in held:  # a list named without its table is a damaged file, not an empty list
            if _table(info.month) not in tables:
                raise Unreadable(f"{self.path}: cannot be read: the table of the {info.month} list is missing")
        return held

    def list_info(self, month: str | None = None) -> ListInfo:
        """The list of ``month``, or the newest; :class:`LookupError` says which are held."""
        held = self.lists()
        if not held:
            raise LookupError(f"{self.path}: the rating database holds no list: import one with "
                              "'swisstui ratings import FILE'")
        if month is None:
            return held[0]
        for info in held:
            if info.month == check_month(month):
                return info
        raise LookupError(f"no list for {month} (held: {', '.join(i.month for i in held)})")

    def by_id(self, fide_id: int, month: str | None = None) -> ListPlayer | None:
        table = _table(self.list_info(month).month)
        if not 0 <= fide_id <= SQLITE_MAX:  # no row holds it, and SQLite cannot even be asked (OverflowError)
            return None
        with self._reading():
            row = self.conn.execute(f"SELECT {', '.join(COLUMNS)} FROM {table} WHERE fide_id = ?",
                                    (fide_id,)).fetchone()
        return _player(row, self.path, table) if row else None

    def by_name(self, prefix: str, month: str | None = None, limit: int = 50) -> list[ListPlayer]:
        """The players whose name starts with ``prefix`` (accents, case and punctuation aside), by name."""
        key = fold(prefix)
        if not key:
            return []
        table = _table(self.list_info(month).month)
        upper = key[:-1] + chr(ord(key[-1]) + 1)
        limit = min(limit, SQLITE_MAX)
        with self._reading():
            rows = self.conn.execute(f"SELECT {', '.join(COLUMNS)} FROM {table} WHERE norm >= ? AND norm < ? "
                                     "ORDER BY norm, fide_id LIMIT ?", (key, upper, limit)).fetchall()
        return [_player(row, self.path, table) for row in rows]

    def find(self, query: str, month: str | None = None, limit: int = 50) -> list[ListPlayer]:
        """By FIDE ID when ``query`` is a number, else by the start of the name."""
        text = query.strip()
        if text.isascii() and text.isdigit():
            player = self.by_id(int(text), month)
            return [player] if player else []
        return self.by_name(text, month, limit)


def check_target(path: Path) -> None:
    """Refuse to write a database at ``path`` unless it is new or a rating database already.

    The rule every output obeys (:func:`swisstui.store.file_writer.why_kept`): never over a file
    swisstui keeps (an event file, its lock, backup, history, lock queue), whatever its name;
    and since SQLite would take any file over, a file that exists must be known by its
    content as a database an import wrote: SQLite, holding the table of lists (or no table),
    readable (:class:`Unreadable` otherwise). Raises :class:`swisstui.store.file_writer.Refused`.
    """
    from swisstui.store.file_writer import A_DATABASE, Refused, why_kept

    target = Path(os.path.realpath(path))
    reason = why_kept(target)
    if reason is not None and reason != A_DATABASE:
        raise Refused(path, f"{reason}: swisstui keeps it as it is; name another file for the rating database")
    if not os.path.lexists(path):
        return
    if not target.is_file():
        raise Refused(path, "is not a regular file: name a file for the rating database")
    if reason is None:
        raise Unreadable(f"{path}: cannot be read: not a rating database (its content is not SQLite); swisstui "
                         "writes a database only over its own: name another file (nothing written)")
    db = RatingsDb(target)
    try:
        with db._reading():
            tables = {name for (name,) in db.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "lists" not in tables:
            raise Refused(path, "is another program's database (no table of rating lists): name another file")
        db.lists()  # Unreadable when damaged: an import must not build on it
    finally:
        db.close()


def remove_list(path: Path, month: str) -> ListInfo:
    """Drop the list of ``month`` and give its space back (VACUUM); :class:`LookupError` when not held."""
    check_target(path)
    info = RatingsDb(path).list_info(month)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(f"DROP TABLE IF EXISTS {_table(info.month)}")
            conn.execute("DELETE FROM lists WHERE month = ?", (info.month,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("VACUUM")  # a list is ~170 MB: the file shrinks only when rewritten
    finally:
        conn.close()
    return info


def _has_lists_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lists'").fetchone() is not None


def import_list(path: Path, source: FideList, month: str | None = None,
                progress: Callable[[int], None] | None = None) -> ImportResult:
    """Read ``source`` into the database at ``path`` as the list of ``month`` (else the month its name says,
    else its date's: ``source.report.assumed`` then says where it was read).

    The whole import is one transaction; :class:`ImportFailed` (or any other error) leaves the
    database as it was, and removes it again when this import created it.
    """
    month = check_month(month) if month else source.report.month
    check_target(Path(path))
    created = not Path(path).exists()
    if created:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = DELETE")  # a rollback journal: new pages are never copied into it
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA cache_size = -32768")
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = _import(conn, source, month, progress)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except BaseException:
        conn.close()
        if created:
            Path(path).unlink(missing_ok=True)
        raise
    conn.close()
    return result


def _import(conn: sqlite3.Connection, source: FideList, month: str | None,
            progress: Callable[[int], None] | None) -> ImportResult:
    conn.execute("CREATE TABLE IF NOT EXISTS lists (month TEXT PRIMARY KEY, source TEXT, layout TEXT, "
                 "rating_types TEXT, players INTEGER, skipped INTEGER, imported_at TEXT)")
    staging = "players_staging"
    conn.execute(f"DROP TABLE IF EXISTS {staging}")
    numbers = {"fide_id", "birth"} | {c for c in COLUMNS if c.startswith(("standard", "rapid", "blitz"))}
    columns = ", ".join(f"{c} {'INTEGER' if c in numbers else 'TEXT'}" for c in COLUMNS[2:])
    conn.execute(f"CREATE TABLE {staging} (fide_id INTEGER PRIMARY KEY, name TEXT NOT NULL, norm TEXT NOT NULL, "
                 f"{columns})")
    insert = f"INSERT INTO {staging} (fide_id, name, norm, {', '.join(COLUMNS[2:])}) VALUES ({', '.join('?' * 20)})"
    report = source.report
    good = 0
    for batch in _batches(source.players()):
        month = month or report.month  # known once the header is read
        if month is None:  # FIDE's own players_list_foa.txt: the file's date says it (reported: --month corrects)
            month, report.assumed = source.dated_month()
        good += _insert_batch(conn, insert, batch, report)
        if progress:
            progress(good)
    if good == 0 or month is None:
        raise ImportFailed(f"{report.source}: no player could be read ({report.bad_count} bad lines)")
    if report.bad_count > max(100, report.read // 100):
        raise ImportFailed(f"{report.source}: {report.bad_count} of {report.read} lines cannot be read: "
                           "not a FIDE list in a layout this version knows; nothing imported")
    table = _table(month)
    replaced = conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone() is not None
    conn.execute(f"DROP TABLE IF EXISTS {table}")
    conn.execute(f"ALTER TABLE {staging} RENAME TO {table}")
    conn.execute(f"CREATE INDEX {table}_norm ON {table} (norm)")
    info = ListInfo(month, report.source, report.layout, report.rating_types, good, report.bad_count,
                    dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    conn.execute("INSERT OR REPLACE INTO lists VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (info.month, info.source, info.layout, ",".join(info.rating_types), info.players, info.skipped,
                  info.imported_at))
    return ImportResult(info, report, replaced)


def _batches(players: Iterable[tuple[int, tuple]]) -> Iterator[list[tuple[int, tuple]]]:
    batch: list[tuple[int, tuple]] = []
    for item in players:
        batch.append(item)
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _insert_batch(conn: sqlite3.Connection, insert: str, batch: list[tuple[int, tuple]], report: ReadReport) -> int:
    """Insert one batch; a FIDE ID seen before is a bad line (the first line with it is kept)."""
    rows = [(r[0], r[1], fold(r[1]), *r[2:]) for _, r in batch]
    conn.execute("SAVEPOINT batch")
    try:
        conn.executemany(insert, rows)
        conn.execute("RELEASE batch")
        return len(rows)
    except sqlite3.IntegrityError:
        conn.execute("ROLLBACK TO batch")
    good = 0
    for (line, _), row in zip(batch, rows):  # the rare batch with a repeated ID, row by row
        try:
            conn.execute(insert, row)
            good += 1
        except sqlite3.IntegrityError:
            report.skip(BadLine(line, "ID Number", f"{row[0]} is on an earlier line too (this line left out)"))
    conn.execute("RELEASE batch")
    return good


__all__ = ["ImportFailed", "ImportResult", "Unreadable", "ListError", "ListInfo", "ListPlayer", "RatingsDb", "check_target", "default_path",
           "fold", "import_list", "remove_list"]
