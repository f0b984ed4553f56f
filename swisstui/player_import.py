"""Reading a list of players to register from a CSV or TRF file, for a preview before importing.

Nothing here touches the event: :func:`read_players` returns the candidates and
one ``file:line: field: message`` line per problem, and the arbiter decides. A row with a
FIDE ID is completed from the FIDE rating list when one was imported
(:mod:`swisstui.ratings.complete`): a list of FIDE IDs alone is enough to register.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.model import TITLES
from engine.trf.fields import FIDE_ID_MAX, text_problem
from swisstui.event import PLAYER_FIELDS
from swisstui.text_input import NotText, decode

# Header names accepted for each of the PLAYER_FIELDS (case and spaces ignored).
COLUMNS = {
    "name": ("name", "player", "fullname"),
    "rating": ("rating", "elo", "rtg", "fiderating"),
    "title": ("title", "tit"),
    "federation": ("federation", "fed", "country"),
    "fide_id": ("fideid", "fide_id", "id", "fidenumber"),
    "birth": ("birth", "born", "birthdate", "yearofbirth", "yob"),
    "sex": ("sex", "gender"),
    "club": ("club", "team"),
    "national_id": ("nationalid", "natid", "national_id"),
    "national_rating": ("nationalrating", "national_rating", "natrating", "nrtg"),
}


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
        why = f"is not in the {result.month} rating list" if result.month else "cannot be completed: no FIDE " \
            "rating list imported ('swisstui ratings import')"
        preview.problems.append(f"{preview.where[i]}: name: empty, and FIDE ID {p['fide_id']} {why}")
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
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        preview.problems.append(f"{source}:1: the file is empty")
        return preview
    header = [h.strip().lower().replace(" ", "").replace("-", "") for h in rows[0]]
    where: dict[str, int] = {}
    for key, names in COLUMNS.items():
        for i, h in enumerate(header):
            if h in names and key not in where:
                where[key] = i
    if "name" not in where and "fide_id" not in where:
        preview.problems.append(f"{source}:1: header: no name column (found: {', '.join(rows[0])})")
        return preview
    for line, row in enumerate(rows[1:], start=2):
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
            "birth": cell("birth"),
            "sex": cell("sex").lower()[:1],
            "club": cell("club"),
            "national_id": cell("national_id"),
            "national_rating": int(cell("national_rating") or 0),
        })
        preview.where.append(f"{source}:{line}")
    return preview


def _check(cell) -> str:
    for key in COLUMNS:
        problem = text_problem(cell(key))
        if problem is not None:  # TRF and the screen hold one line of text (engine.trf.fields)
            return f"{key}: {cell(key)!r} {problem}"
    if not cell("name") and not cell("fide_id"):  # a FIDE ID alone: the rating list may give the name
        return "name: empty"
    rating = cell("rating")
    if rating and (not _digits(rating) or int(rating) > 3500):
        return f"rating: {rating!r} is not a rating from 0 to 3500"
    national = cell("national_rating")
    if national and (not _digits(national) or int(national) > 9999):
        return f"national_rating: {national!r} is not a rating from 0 to 9999"
    title = cell("title").upper()
    if title and title not in TITLES:
        return f"title: {title!r} is not one of {' '.join(TITLES)}"
    fed = cell("federation")
    if fed and (len(fed) != 3 or not fed.isalpha()):
        return f"federation: {fed!r} is not three letters"
    fide = cell("fide_id")
    if fide and not _digits(fide):
        return f"fide_id: {fide!r} is not a number"
    if fide and int(fide) > FIDE_ID_MAX:
        return f"fide_id: {fide} has more than the {len(str(FIDE_ID_MAX))} digits TRF holds"
    return ""


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes '²' and '٣', which ``int`` refuses."""
    return text.isascii() and text.isdigit()
