"""Reading a list of players to register from a CSV or TRF file, for a preview before importing.

Nothing here touches the event: :func:`read_players` returns the candidates and
one ``file:line: field: message`` line per problem, and the arbiter decides. A row with a
FIDE ID is completed from the FIDE rating list when one was imported
(:mod:`swisstui.ratings.complete`): a list of FIDE IDs alone is enough to register.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.model.tournament import TITLES
from engine.awards.ratings import K_FACTOR_MAX
from engine.trf.fields import FIDE_ID_MAX, text_problem
from swisstui.language import _
from swisstui.store.event import PLAYER_FIELDS
from swisstui.store.text_input import NotText, decode

# Header names accepted for each of the PLAYER_FIELDS (case and spaces ignored).
COLUMNS = {
    "name": ("name", "player", "fullname"),
    "rating": ("rating", "elo", "rtg", "fiderating"),
    "title": ("title", "tit"),
    "federation": ("federation", "fed", "country"),
    "fide_id": ("fideid", "fide_id", "id", "fidenumber"),
    "birth": ("birth", "born", "birthdate", "dateofbirth", "dob", "birthyear", "yearofbirth", "yob"),
    "sex": ("sex", "gender"),
    "club": ("club", "clubname", "team"),
    "national_id": ("nationalid", "natid", "national_id", "nationalnumber", "natno"),
    "national_rating": ("nationalrating", "national_rating", "natrating", "nrtg", "natrtg"),
    "k_factor": ("k", "kfactor", "k_factor"),
}
# What an arbiter's list writes in a sex column; TRF and the categories hold m and w (record 001, col 10).
SEXES = {"m": "m", "male": "m", "man": "m", "w": "w", "f": "w", "female": "w", "woman": "w"}
_YEAR = re.compile(r"\d{4}")
_ISO = re.compile(r"(\d{4})([-/])(\d{1,2})\2(\d{1,2})")  # 1990-05-12, 1990/05/12
_DOTTED = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")  # 12.05.1990, the European way
EARLIEST_BIRTH = 1880


@dataclass
class ImportPreview:
    source: str
    players: list[dict[str, Any]] = field(default_factory=list)  # PLAYER_FIELDS, each of its own type
    problems: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)  # each player's place in the file ("club.csv:4"), for messages
    completed: list[str] = field(default_factory=list)  # rows completed from the rating list, and with what
    filled: dict[str, tuple[str, ...]] = field(default_factory=dict)  # where -> the fields the list filled
    rating_list: str | None = None  # the month of the rating list that completed them
    rating_type: str = "standard"  # and which of its ratings


def read_players(path: Path, rating_type: str | None = "standard") -> ImportPreview:
    """The players of a ``.trf``/``.txt`` TRF file or of a CSV file with a header row.

    Rows with a FIDE ID are completed from the newest FIDE rating list held, with the rating of
    ``rating_type`` (``None``: not completed). :func:`read_players_csv` alone leaves a row that
    has a FIDE ID but no name for this step to complete or refuse.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        return ImportPreview(str(path), problems=[f"{path}: {err.strerror or err}"])
    try:
        text = decode(raw, latin1=True, utf16=True)
    except NotText as err:
        return ImportPreview(str(path), problems=[f"{path.name}:{err.line}: {err.message}"])
    if path.suffix.lower() in (".trf", ".txt") or text.startswith("012 ") or "\n001 " in text[:5000]:
        preview = _from_trf(text, path.name)
    else:
        preview = read_players_csv(text, path.name)  # problem lines name the file, the title the full path
    complete_from_rating_list(preview, rating_type)
    preview.source = str(path)
    return preview


def complete_from_rating_list(preview: ImportPreview, rating_type: str | None = "standard", db=None) -> None:
    """Fill what rows with a FIDE ID leave empty from the rating list; a row still without a name is a problem."""
    from swisstui.ratings.complete import Completed, complete_players

    result = complete_players(preview.players, rating_type, db) if rating_type else Completed()
    if result.error:
        preview.problems.append(result.error)
    preview.rating_list, preview.rating_type = result.month, rating_type or "standard"
    for c in result.rows:
        p = preview.players[c.row]
        preview.completed.append(f"{preview.where[c.row]}: {p['name']} ({p['fide_id']}): {', '.join(c.fields)}")
        preview.filled[preview.where[c.row]] = c.fields
    keep = []
    for i, p in enumerate(preview.players):
        if p["name"]:
            keep.append(i)
            continue
        why = (_("name: empty, and FIDE ID {fide_id} is not in the {month} rating list") if result.month else
               _("name: empty, and FIDE ID {fide_id} cannot be completed: no FIDE rating list imported "
                 "('swisstui ratings import')"))
        preview.problems.append(f"{preview.where[i]}: " + why.format(fide_id=p["fide_id"], month=result.month))
    preview.players = [preview.players[i] for i in keep]
    preview.where = [preview.where[i] for i in keep]


def _from_trf(text: str, source: str) -> ImportPreview:
    from engine import trf
    from engine.trf import TrfError

    preview = ImportPreview(source)
    try:
        doc = trf.loads(text, source=source)
    except TrfError as err:
        preview.problems.append(str(err))
        return preview
    for p in doc.tournament.players:
        preview.players.append({name: getattr(p, name) for name in PLAYER_FIELDS})
        preview.where.append(f"{source}: player {p.id}")
    return preview


def read_players_csv(text: str, source: str = "<csv>") -> ImportPreview:
    """Players from CSV text: a header row naming the columns, comma or semicolon separated."""
    preview = ImportPreview(source)
    text = _lines_ended(text)
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    numbered = _csv_rows(text, delimiter, source, preview.problems)
    if not numbered or numbered[0][0] != 1:
        if not preview.problems:
            preview.problems.append(f"{source}:1: " + _("the file is empty"))
        return preview
    rows = [row for __, row in numbered]
    header = [h.strip().lower().replace(" ", "").replace("-", "") for h in rows[0]]
    where: dict[str, int] = {}
    for key, names in COLUMNS.items():
        for i, h in enumerate(header):
            if h in names and key not in where:
                where[key] = i
    if "name" not in where and "fide_id" not in where:
        preview.problems.append(f"{source}:1: header: " + _("no name column (found: {columns})").format(
            columns=", ".join(rows[0])))
        return preview
    for line, row in numbered[1:]:
        if not any(cell.strip() for cell in row):
            continue

        def cell(key: str) -> str:
            i = where.get(key)
            return row[i].strip() if i is not None and i < len(row) else ""

        problem = _check(cell)
        if problem:
            preview.problems.append(f"{source}:{line}: {problem}")
            continue
        preview.players.append({
            "name": cell("name"),
            "rating": int(cell("rating") or 0),
            "title": cell("title").upper(),
            "federation": cell("federation").upper(),
            "fide_id": int(cell("fide_id")) if cell("fide_id") else None,
            "birth": birth_value(cell("birth")),
            "sex": SEXES.get(cell("sex").lower(), ""),
            "club": cell("club"),
            "national_id": cell("national_id"),
            "national_rating": int(cell("national_rating") or 0),
            "k_factor": int(cell("k_factor") or 0),
        })
        preview.where.append(f"{source}:{line}")
    return preview


def _lines_ended(text: str) -> str:
    """The text with its lines ended by LF: a file without one LF ends its lines with CR alone (old Mac).

    In a file that has LF line ends, a CR alone is a character inside a field, which the CSV
    reader names as a problem of its line (:func:`_csv_rows`).
    """
    if "\n" not in text and "\r" in text:
        return text.replace("\r", "\n")
    return text


def _csv_rows(text: str, delimiter: str, source: str, problems: list[str]) -> list[tuple[int, list[str]]]:
    """Each row of the CSV text with the line it starts on; a row the reader cannot split is a problem line.

    ``csv`` refuses a field over its limit (131,072 characters) and a CR alone inside an unquoted
    field; that row is named (file, line, field) and left out, and the rows after it are read.
    """
    reader = csv.reader(io.StringIO(text, newline="\n"), delimiter=delimiter)  # lines end at LF alone
    rows: list[tuple[int, list[str]]] = []
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return rows
        except csv.Error as err:
            problems.append(f"{source}:{start}: {_csv_problem(err, text, start, reader.line_num, delimiter, rows)}")
        else:
            rows.append((start, row))
        start = reader.line_num + 1


def _csv_problem(err: csv.Error, text: str, start: int, end: int, delimiter: str,
                 rows: list[tuple[int, list[str]]]) -> str:
    """The reader's error in the arbiter's words, naming the column (by the header) where it can be found."""
    raw = "\n".join(text.split("\n")[start - 1:end])
    header = rows[0][1] if rows and rows[0][0] == 1 else []

    def column(offset: int) -> str:
        i = raw.count(delimiter, 0, offset)
        name = header[i].strip() if i < len(header) and header[i].strip() else _("column {number}").format(number=i + 1)
        return f"{name}: "

    limit = csv.field_size_limit()
    if "field larger than field limit" in str(err):
        cells = raw.split(delimiter)
        longest = max(range(len(cells)), key=lambda i: len(cells[i]))
        at = sum(len(c) + 1 for c in cells[:longest])
        return column(at) + _("a field of more than {limit} characters: names and details are one line of "
                              "text").format(limit=f"{limit:,}")
    if "\r" in raw and "new-line character" in str(err):
        return column(raw.index(chr(13))) + _("holds a control character, carriage return (U+000D), at character "
                                              "{place} of the line: names and details are one line of text").format(
            place=raw.index(chr(13)) + 1)
    return _("cannot be read as CSV ({reason})").format(reason=err)


def _check(cell) -> str:
    for key in COLUMNS:
        problem = text_problem(cell(key))
        if problem is not None:  # TRF and the screen hold one line of text (engine.trf.fields)
            return f"{key}: {cell(key)!r} {problem}"
    if not cell("name") and not cell("fide_id"):  # a FIDE ID alone: the rating list may give the name
        return "name: " + _("empty")
    rating = cell("rating")
    if rating and (not _digits(rating) or int(rating) > 3500):
        return "rating: " + _("{value} is not a rating from 0 to {most}").format(value=repr(rating), most=3500)
    national = cell("national_rating")
    if national and (not _digits(national) or int(national) > 9999):
        return "national_rating: " + _("{value} is not a rating from 0 to {most}").format(value=repr(national),
                                                                                         most=9999)
    k = cell("k_factor")
    if k and (not _digits(k) or int(k) > K_FACTOR_MAX):
        return "k_factor: " + _("{value} is not a K from 0 to {most}").format(value=repr(k), most=K_FACTOR_MAX)
    sex = cell("sex")
    if sex and sex.lower() not in SEXES:
        return "sex: " + _("{value} is not m or w (male, female and f are read too)").format(value=repr(sex))
    birth = cell("birth")
    if birth:
        try:
            birth_value(birth)
        except ValueError as err:
            return f"birth: {err}"
    title = cell("title").upper()
    if title and title not in TITLES:
        return "title: " + _("{value} is not one of {choices}").format(value=repr(title), choices=" ".join(TITLES))
    fed = cell("federation")
    if fed and (len(fed) != 3 or not fed.isalpha()):
        return "federation: " + _("{value} is not three letters").format(value=repr(fed))
    fide = cell("fide_id")
    if fide and not _digits(fide):
        return "fide_id: " + _("{value} is not a number").format(value=repr(fide))
    if fide and int(fide) > FIDE_ID_MAX:
        return "fide_id: " + _("{value} has more than the {digits} digits TRF holds").format(
            value=fide, digits=len(str(FIDE_ID_MAX)))
    return ""


def birth_value(text: str) -> str:
    """A birth date or year as the event keeps it: ``1990`` or ``1990-05-12`` (``12.05.1990`` turned round).

    Ages go by the year of birth (``engine.categories``), which must come first for them to read it;
    ``ValueError`` says why a text is neither a year nor a real date.
    """
    if not text:
        return ""
    today = dt.date.today()
    if _YEAR.fullmatch(text):
        year, month, day = int(text), None, None
    elif (iso := _ISO.fullmatch(text)) is not None:
        year, month, day = int(iso.group(1)), int(iso.group(3)), int(iso.group(4))
    elif (dotted := _DOTTED.fullmatch(text)) is not None:
        year, month, day = int(dotted.group(3)), int(dotted.group(2)), int(dotted.group(1))
    else:
        raise ValueError(_("{value} is not a year (1990) or a date (1990-05-12, 12.05.1990)").format(value=repr(text)))
    if not EARLIEST_BIRTH <= year <= today.year:
        raise ValueError(_("{value} is not a year of birth from {first} to {last}").format(
            value=repr(text), first=EARLIEST_BIRTH, last=today.year))
    if month is None or day is None or (month, day) == (0, 0):  # 1990/00/00: how TRF and its programs write a year alone
        return str(year)
    try:
        born = dt.date(year, month, day)
    except ValueError:
        raise ValueError(_("{value} is not a date: no such day").format(value=repr(text))) from None
    if born > today:
        raise ValueError(_("{value} is a date in the future").format(value=repr(text)))
    return born.isoformat()


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes '²' and '٣', which ``int`` refuses."""
    return text.isascii() and text.isdigit()
