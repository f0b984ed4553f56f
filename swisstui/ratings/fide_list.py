"""The FIDE rating list read as FIDE publishes it, one player at a time.

FIDE publishes the list monthly in several layouts: the combined TXT with the FOA column
(``players_list_foa.txt``, about 1.9 million fixed-width lines), the legacy combined TXT
without it (``players_list.txt``), one TXT per rating type (``standard_oct26frl.txt``, whose
header names the month), and the XML; each usually inside a ZIP. FIDE has moved columns
before, so the TXT offsets come from the header line's column names, never from constants:
a field runs from its name's first character to the next name's.

A line that cannot be read (a letter in a rating, no FIDE ID) is skipped and counted, with
the first few kept for the report: an arbiter registering players needs the other 1.9 million
lines, and needs to know which were left out. Players are yielded as plain tuples in
:data:`COLUMNS` order (the database's), which keeps reading the whole list well under a minute.
"""

from __future__ import annotations

import datetime as dt
import io
import itertools
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, cast
from xml.etree import ElementTree

RATING_TYPES = ("standard", "rapid", "blitz")

COLUMNS = (
    "fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title",
    "standard", "standard_games", "standard_k", "rapid", "rapid_games", "rapid_k",
    "blitz", "blitz_games", "blitz_k", "birth", "flag",
)
NUMBERS = frozenset(("fide_id", "standard", "standard_games", "standard_k", "rapid", "rapid_games", "rapid_k",
                     "blitz", "blitz_games", "blitz_k", "birth"))

# The header's column names (upper case) and the column each one fills.
TXT_HEADER = {
    "ID NUMBER": "fide_id", "NAME": "name", "FED": "federation", "SEX": "sex", "TIT": "title", "WTIT": "w_title",
    "OTIT": "o_title", "FOA": "foa_title", "SRTNG": "standard", "SGM": "standard_games", "SK": "standard_k",
    "RRTNG": "rapid", "RGM": "rapid_games", "RK": "rapid_k", "BRTNG": "blitz", "BGM": "blitz_games",
    "BK": "blitz_k", "B-DAY": "birth", "FLAG": "flag",
}
# Single-type lists name the rating column by the month (``OCT26``) and its games ``Gms``.
SINGLE_TYPE_HEADER = {"GMS": "games", "GM": "games", "GAMES": "games", "K": "k"}
MONTH_TOKEN = re.compile(r"(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d\d)", re.IGNORECASE)
MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")

XML_TAGS = {
    "fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex", "title": "title",
    "w_title": "w_title", "o_title": "o_title", "foa_title": "foa_title", "rating": "standard",
    "games": "standard_games", "k": "standard_k", "rapid_rating": "rapid", "rapid_games": "rapid_games",
    "rapid_k": "rapid_k", "blitz_rating": "blitz", "blitz_games": "blitz_games", "blitz_k": "blitz_k",
    "birthday": "birth", "flag": "flag",
}
KEEP_BAD = 10  # bad lines kept for the report; the rest are only counted
MAX_LINE = 4096  # bytes: the widest layout's line is 162 (a long OTit spills a few more); a longer one is no list line
MAX_PLAYER = 1 << 16  # bytes of XML read without a player ending: a <player> of FIDE's list is about 500
LINE_BLOCK = 1 << 16  # bytes of a TXT list read at a time
XML_CHUNK = 1 << 14  # what iterparse reads at a time: larger chunks were slower (more events queued at once)
MAX_DIGITS = 18  # every number of 18 digits fits SQLite's INTEGER (2^63 - 1 has 19)


class ListError(ValueError):
    """The file is not a FIDE list this reader knows (said with the file and line)."""


@dataclass(frozen=True)
class BadLine:
    line: int  # 1-based line of the TXT file; for the XML, the player's position in the file
    field: str  # the header's name of the field
    message: str

    def describe(self, source: str, unit: str = "line") -> str:
        return f"{source}:{self.line}: {self.field}: {self.message}" if unit == "line" else \
            f"{source}: player {self.line}: {self.field}: {self.message}"


@dataclass
class ReadReport:
    """What reading the file found besides the players: the layout, the month and the bad lines."""

    source: str
    layout: str = ""  # "combined", "legacy", "standard" / "rapid" / "blitz" (single type), "xml"
    month: str | None = None  # YYYY-MM when the file's name or header says it
    assumed: str = ""  # where the month was taken from when neither says it: "the date of ... (YYYY-MM-DD)"
    rating_types: tuple[str, ...] = RATING_TYPES
    read: int = 0  # player lines (or elements) read, good and bad
    bad: list[BadLine] = field(default_factory=list)
    bad_count: int = 0
    unit: str = "line"

    def skip(self, bad: BadLine) -> None:
        self.bad_count += 1
        if len(self.bad) < KEEP_BAD:
            self.bad.append(bad)


def month_from_name(name: str) -> str | None:
    """``standard_oct26frl.zip`` -> ``2026-10``; ``None`` when the name carries no month."""
    m = MONTH_TOKEN.search(Path(name).name)
    return f"20{m.group(2)}-{MONTHS.index(m.group(1).upper()) + 1:02d}" if m else None


def type_from_name(name: str) -> str | None:
    low = Path(name).name.lower()
    return next((t for t in RATING_TYPES if low.startswith(t)), None)


@dataclass(frozen=True)
class Layout:
    """Where each column of a TXT list lies, read from its header line."""

    slices: tuple[tuple[str, int, int | None], ...]  # (column, start, end) in line order
    names: dict[str, str]  # column -> the header's name for it, for messages
    width: int  # the header's length: a longer line may carry a long OTit spilling over
    kind: str
    month: str | None


def parse_header(header: str, source: str, rating_type: str | None) -> Layout:
    """The columns of a TXT list from its header's names; unknown names (a new column) are ignored."""
    tokens = [(m.start(), m.group()) for m in re.finditer(r"ID Number|\S+", header, re.IGNORECASE)]
    found: list[tuple[str, int, str]] = []
    month = None
    single = rating_type
    for start, token in tokens:
        key = token.upper()
        column = TXT_HEADER.get(key)
        if column is None and MONTH_TOKEN.fullmatch(key):
            month = month_from_name(key)
            if single is None:
                raise ListError(f"{source}:1: the list holds one rating ({token}) but its name does not say "
                                "which: give --type standard|rapid|blitz")
            column = single
        elif column is None and key in SINGLE_TYPE_HEADER and single is not None:
            column = f"{single}_{SINGLE_TYPE_HEADER[key]}"
        found.append((column or "", start, token))
    columns = [c for c, _, _ in found if c]
    if "fide_id" not in columns or "name" not in columns:
        raise ListError(f"{source}:1: header: not a FIDE rating list (no 'ID Number' and 'Name' columns; "
                        f"found: {' '.join(t for _, _, t in found[:8])})")
    if len(set(columns)) != len(columns):
        raise ListError(f"{source}:1: header: a column is named twice ({' '.join(columns)})")
    slices = tuple((c, s, found[i + 1][1] if i + 1 < len(found) else None) for i, (c, s, _) in enumerate(found) if c)
    kind = single if month and single else ("combined" if "foa_title" in columns else "legacy")
    return Layout(slices, {c: t for c, _, t in found if c}, len(header), kind, month)


def _value(column: str, text: str) -> tuple[object, str | None]:
    """The stored value of one field, or the reason it cannot be read."""
    if column not in NUMBERS:
        return text, None
    if not text:
        return None, None
    if not (text.isascii() and text.isdigit()):
        return None, f"{text!r} is not a number"
    if len(text.lstrip("0")) > MAX_DIGITS:  # SQLite's INTEGER stops at 2^63 - 1: named here, not an OverflowError
        return None, f"{text[:MAX_DIGITS + 2]}{'...' if len(text) > MAX_DIGITS + 2 else ''} is too large " \
                     f"({len(text)} digits)"
    n = int(text)
    if column == "birth":
        return (n or None), (None if n == 0 or 1850 <= n <= 2100 else f"{text} is not a year")
    return n, None


def _row(fields: dict[str, str], names: dict[str, str]) -> tuple | BadLine:
    """A player's tuple from its fields as text; ``names`` gives each column's name in the file."""
    row = []
    for column in COLUMNS:
        value, problem = _value(column, fields.get(column, ""))
        if problem:
            return BadLine(0, names.get(column, column), problem)
        row.append(value)
    if not row[0]:
        return BadLine(0, names.get("fide_id", "ID Number"), "no FIDE ID")
    if not row[1]:
        return BadLine(0, names.get("name", "Name"), "empty")
    if row[3] not in ("M", "F", ""):
        return BadLine(0, names.get("sex", "Sex"), f"{row[3]!r} is not M or F")
    return tuple(row)


class FideList:
    """One FIDE list file (TXT, XML, or a ZIP holding one); iterate :meth:`players` once."""

    def __init__(self, path: Path, rating_type: str | None = None) -> None:
        self.path = Path(path)
        self.rating_type = rating_type
        self.member: str | None = None
        if zipfile.is_zipfile(self.path):
            self.member = self._choose_member()
        inner = self.member or self.path.name
        self.report = ReadReport(source=f"{self.path.name}:{self.member}" if self.member else self.path.name,
                                 month=month_from_name(inner) or month_from_name(self.path.name))
        self.type_hint = rating_type or type_from_name(inner) or type_from_name(self.path.name)

    def dated_month(self) -> tuple[str, str]:
        """The month of the file's date, and where it was read: for a list whose name and header say none.

        FIDE names the list inside its ZIP ``players_list_foa.txt`` whatever the month, and
        publishes it on the first of the month: the date the ZIP records for its member
        (else the file's own modification date) says which month it is. The caller prints
        what it assumed, and ``--month`` corrects it.
        """
        if self.member is not None:
            try:
                with zipfile.ZipFile(self.path) as zf:
                    year, month, day = zf.getinfo(self.member).date_time[:3]
                if 1 <= month <= 12:
                    return f"{year:04d}-{month:02d}", f"the date of {self.member} in {self.path.name} " \
                                                      f"({year:04d}-{month:02d}-{day:02d})"
            except (OSError, KeyError, zipfile.BadZipFile):
                pass  # the file's own date, then
        try:
            when = dt.datetime.fromtimestamp(self.path.stat().st_mtime, dt.timezone.utc)
        except (OSError, OverflowError, ValueError):
            when = dt.datetime.now(dt.timezone.utc)
            return when.strftime("%Y-%m"), f"today's date ({when:%Y-%m-%d}; {self.path.name} has none)"
        return when.strftime("%Y-%m"), f"the date of {self.path.name} ({when:%Y-%m-%d})"

    def _choose_member(self) -> str:
        try:
            with zipfile.ZipFile(self.path) as zf:
                names = [n for n in zf.namelist() if n.lower().endswith((".txt", ".xml"))]
        except zipfile.BadZipFile as err:
            raise ListError(f"{self.path}: the ZIP is damaged ({err}): download it again") from None
        if not names:
            raise ListError(f"{self.path}: the ZIP holds no .txt or .xml list")
        order = ("players_list_foa.txt", "players_list.txt")
        names.sort(key=lambda n: (order.index(Path(n).name) if Path(n).name in order else len(order),
                                  n.lower().endswith(".xml"), n))
        return names[0]

    def _open(self) -> IO[bytes]:
        if self.member is None:
            return open(self.path, "rb")
        zf = zipfile.ZipFile(self.path)
        stream = zf.open(self.member)
        zf.close()  # the member stream keeps the archive open until it is closed
        return stream

    def players(self) -> Iterator[tuple[int, tuple]]:
        """(line, player) for each player read; bad lines go to :attr:`report`."""
        inner = (self.member or self.path.name).lower()
        try:
            with self._open() as raw:
                first = raw.read(64)
                rest = io.BufferedReader(_Prefixed(first, raw), buffer_size=1 << 20)
                if inner.endswith(".xml") or first.lstrip().startswith(b"<"):
                    yield from self._xml(rest)
                else:
                    yield from self._txt(rest)
        except (zipfile.BadZipFile, zlib.error, EOFError) as err:
            raise ListError(f"{self.path}: the ZIP is damaged ({err}): download it again") from None
        except (NotImplementedError, RuntimeError) as err:  # zipfile: a compression method it lacks, a password
            raise ListError(f"{self.path}: the ZIP cannot be opened ({err}): FIDE's ZIP is deflated, without "
                            "password; download it again") from None

    def _txt(self, stream: IO[bytes]) -> Iterator[tuple[int, tuple]]:
        report = self.report
        lines = bounded_lines(stream, report.source)
        header = _decode(next(lines, b"")).rstrip("\r\n")
        layout = parse_header(header, report.source, self.type_hint)
        report.layout = layout.kind
        report.month = report.month or layout.month
        if layout.kind in RATING_TYPES:
            report.rating_types = (layout.kind,)
        slices, names, width = layout.slices, layout.names, layout.width
        spill = _spill_point(slices)
        number = 1
        for raw in lines:
            number += 1
            line = _decode(raw).rstrip("\r\n")
            if not line.strip():
                continue
            report.read += 1
            other = None
            if spill and len(line) > width:
                line, other = _unspill(line, spill, len(line) - width)
            fields = {c: line[s:e].strip() for c, s, e in slices}
            if other is not None:
                fields["o_title"] = other
            row = _row(fields, names)
            if isinstance(row, BadLine):
                report.skip(BadLine(number, row.field, row.message))
                continue
            yield number, row

    def _xml(self, stream: IO[bytes]) -> Iterator[tuple[int, tuple]]:
        report = self.report
        report.layout, report.unit = "xml", "player"
        names = {column: tag for tag, column in XML_TAGS.items()}
        root: ElementTree.Element | None = None
        parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(events=("start", "end"))
        try:
            unfinished = 0  # bytes fed since a player last ended: bounded, so is the parser's memory
            while True:
                chunk = stream.read(XML_CHUNK)
                if chunk:
                    parser.feed(chunk)
                    unfinished += len(chunk)
                else:
                    parser.close()
                # start and end events only (no namespace events asked for): each is (event, element)
                events = cast("Iterator[tuple[str, ElementTree.Element]]", parser.read_events())
                for event, elem in events:
                    if root is None:
                        root = elem
                        if elem.tag != "playerslist":
                            raise ListError(f"{report.source}:1: <{elem.tag}>: not a FIDE rating list "
                                            "(expected <playerslist>)")
                    if event != "end" or elem.tag != "player":
                        continue
                    unfinished = 0
                    report.read += 1
                    fields = {XML_TAGS[c.tag]: (c.text or "").strip() for c in elem if c.tag in XML_TAGS}
                    root.clear()  # the element is done: keep memory flat over 1.9 million players
                    row = _row(fields, names)
                    if isinstance(row, BadLine):
                        report.skip(BadLine(report.read, row.field, row.message))
                        continue
                    yield report.read, row
                if not chunk:
                    return
                if unfinished > MAX_PLAYER:
                    raise ListError(f"{report.source}: player {report.read + 1}: over {MAX_PLAYER:,} bytes without "
                                    "its end: not a FIDE list entry (one is about 500 bytes); nothing imported")
        except ElementTree.ParseError as err:
            line, column = err.position
            raise ListError(f"{report.source}:{line}: column {column}: not well-formed XML "
                            f"({str(err).split(':')[0]})") from None


def bounded_lines(stream: IO[bytes], source: str, limit: int = MAX_LINE) -> Iterator[bytes]:
    """The lines of ``stream`` (without their LF), read :data:`LINE_BLOCK` bytes at a time.

    A line longer than ``limit`` is no line of a FIDE list: :class:`ListError` names it as
    soon as the block holding its start (and at most ``limit`` bytes more) is read, before
    the rest (a 1 GB line in a 1 MB ZIP) is read at all; memory stays under a block and a
    line. The lines of a block are handed over by ``chain`` at C speed: reading 400,000 lines
    took 3-4 % more CPU than the unbounded ``for line in stream``, where ``readline(limit)``
    in a generator took 6-11 % more.
    """
    return itertools.chain.from_iterable(_line_blocks(stream, source, limit))


def _line_blocks(stream: IO[bytes], source: str, limit: int) -> Iterator[list[bytes]]:
    number = 0  # lines handed over so far
    rest = b""
    while block := stream.read(LINE_BLOCK):
        lines = (rest + block).split(b"\n")
        rest = lines.pop()
        if lines and max(map(len, lines)) > limit:
            at = next(i for i, line in enumerate(lines) if len(line) > limit)
            yield lines[:at]
            _too_long(source, number + at + 1, limit)
        if len(rest) > limit:
            yield lines
            _too_long(source, number + len(lines) + 1, limit)
        number += len(lines)
        yield lines
    if rest:
        yield [rest]


def _too_long(source: str, number: int, limit: int) -> None:
    raise ListError(f"{source}:{number}: a line longer than {limit:,} bytes: not a line of a FIDE list "
                    "(one is about 160); nothing imported")


def _spill_point(slices: tuple[tuple[str, int, int | None], ...]) -> tuple[int, int] | None:
    """(start, end) of OTit when a column follows it: a long OTit pushes the rest of its line right."""
    for column, start, end in slices:
        if column == "o_title" and end is not None:
            return start, end
    return None


def _unspill(line: str, spill: tuple[int, int], extra: int) -> tuple[str, str | None]:
    """The line with a too-long OTit taken out (and the columns after it back in place), and that OTit."""
    start, end = spill
    if line[end - 1] == " " or line[end] == " ":
        return line, None  # longer for another reason (trailing spaces): read as it stands
    return line[:start] + " " * (end - start) + line[end + extra:], line[start:end + extra].strip()


def _decode(raw: bytes) -> str:
    """FIDE fixes no encoding: UTF-8 where it is, else Latin-1 (every byte a character, offsets kept)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


class _Prefixed(io.RawIOBase):
    """A stream with its first bytes (read to tell TXT from XML) put back in front."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n], self.head = self.head[:n], self.head[n:]
            return n
        data = self.rest.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)
