"""Fuzzed FIDE lists (TXT, XML, ZIP) and rating databases for ``swisstui ratings`` (the tests and ``scripts/fuzz_ratings.py``).

The inputs grow from seeds the caller hands in: a FIDE list in the combined TXT layout,
the same players as XML, and an event file whose players carry FIDE IDs. Four kinds:

- ``txt`` / ``xml``: the seed list mutated byte by byte and line by line (or any bytes at
  all), under one of the names FIDE gives its files, imported (with or without
  ``--month`` and ``--type``);
- ``zip``: a mutated list inside a ZIP under FIDE's member names, or the bytes of a good
  ZIP mutated, imported;
- ``db``: a database a good import wrote, then damaged (a value of another type, size or
  encoding put in a column, a table dropped or reshaped, the file's bytes cut or changed),
  read and written by every subcommand: ``find``, ``list``, ``remove``, ``update``, ``import``.

Every run must end in success or in one line naming the file it could not take, with a
documented exit code (1 only from ``find``: no player found; 2, 3 or 5); a traceback or
exit 4 is what must never happen. :func:`judge` says which.
"""

from __future__ import annotations

import contextlib
import io
import sqlite3
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from oracles.cli_fuzzing import Tally, mutated, run_in_process, run_in_subprocess

TXT_NAMES = ["players_list_foa.txt", "players_list.txt", "standard_oct26frl.txt", "rapid_nov26frl.txt",
             "blitz_list.txt", "players_list_foa_dec26.txt", "notes.txt"]
XML_NAMES = ["players_list_xml_foa.xml", "standard_oct26frl_xml.xml", "list.xml"]
ZIP_NAMES = ["players_list.zip", "players_list_xml.zip", "standard_oct26frl.zip", "x.zip"]
_MONTHS = ["2026-11", "2026-13", "26-11", "", "2026-1x"]
_TYPES = ["standard", "rapid", "blitz"]
_ODD_VALUES = ["NULL", "''", "'2026-1x'", "'2026-11'", "-1", "0", "99999999999999999999", "1e308", "X'FF'",
               "CAST(X'FFFE41' AS TEXT)", "CAST(X'1B5D303B78071B5B324A' AS TEXT)", "'" + "x" * 5000 + "'",
               "'standard,rapid'", "'a,b,,'", "2.5", "X''"]
_LIST_COLUMNS = ["month", "source", "layout", "rating_types", "players", "skipped", "imported_at"]
_PLAYER_COLUMNS = ["fide_id", "name", "norm", "federation", "sex", "title", "standard", "standard_k", "rapid",
                   "birth", "flag"]
_QUERIES = ["Carl", "1503014", "carlsen, m", "", "9" * 30, "Š", "\x1b[2J", "13300474", "%", "_"]


@dataclass
class RatingsCase:
    """One ``ratings`` command line and the files it reads, made in a scratch folder by :func:`prepare`."""

    kind: str  # "txt", "xml", "zip" or "db"
    data: bytes  # the list file's bytes (txt, xml, zip), or the list a db case imports first
    name: str  # the list file's name
    argv: list[str] = field(default_factory=list)  # after "ratings"; @LIST, @DB, @EVENT are put in
    damage: list[str] = field(default_factory=list)  # SQL run on the database (db cases)
    cut: tuple[str, int, bytes] | None = None  # ("truncate" | "replace" | "insert", at, bytes) on the database file


def _zip(member: str, data: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo(member, date_time=(2026, 11, 1, 0, 0, 0)), data)
    return buf.getvalue()


_TXT_LINE = st.builds(lambda ident, rest: (f"{ident:<15}" + rest).encode("utf-8", "surrogatepass"),
                      st.sampled_from(["1503014", "0", "x", "", "99999999999999999999", "-5"]),
                      st.text(st.characters(exclude_categories=("Cs",)), max_size=160))
_XML_LINE = st.builds(lambda tag, value: f"<player><fideid>7</fideid><name>N</name><{tag}>{value}</{tag}></player>"
                      .encode(), st.sampled_from(["rating", "rapid_games", "blitz_k", "birthday", "sex", "fideid",
                                                  "name", "unknown"]),
                      st.sampled_from(["", "0", "1e5", "9" * 25, "-1", "&amp;", "\u00e9", "x", "2100", "1849"]))


def import_argv(draw, name_choices: list[str]) -> tuple[str, list[str]]:
    name = draw(st.sampled_from(name_choices))
    argv = ["import", "@LIST"]
    if draw(st.booleans()):
        argv += ["--month", draw(st.sampled_from(_MONTHS))]
    if draw(st.integers(0, 3)) == 0:
        argv += ["--type", draw(st.sampled_from(_TYPES))]
    return name, argv + ["--db", "@DB"]


@st.composite
def txt_cases(draw, txt_seed: bytes) -> RatingsCase:
    data = draw(mutated(txt_seed, _TXT_LINE) | st.binary(max_size=400)
                | st.lists(_TXT_LINE, max_size=6).map(lambda ls: txt_seed.split(b"\n")[0] + b"\n" + b"\n".join(ls)))
    name, argv = import_argv(draw, TXT_NAMES)
    return RatingsCase("txt", data, name, argv)


@st.composite
def xml_cases(draw, xml_seed: bytes) -> RatingsCase:
    data = draw(mutated(xml_seed, _XML_LINE) | st.binary(max_size=300))
    name, argv = import_argv(draw, XML_NAMES)
    return RatingsCase("xml", data, name, argv)


@st.composite
def zip_cases(draw, txt_seed: bytes, xml_seed: bytes) -> RatingsCase:
    member = draw(st.sampled_from(["players_list_foa.txt", "players_list.txt", "standard_oct26frl.txt",
                                   "players_list_xml_foa.xml", "readme.md", "a/b/players_list_foa.txt"]))
    inner = draw(st.sampled_from([txt_seed, xml_seed]))
    if draw(st.booleans()):
        inner = draw(mutated(inner, _TXT_LINE))
    data = _zip(member, inner)
    if draw(st.booleans()):  # the archive itself damaged: its headers, its compressed bytes, its end
        data = draw(mutated(data, st.binary(max_size=8)))
    name, argv = import_argv(draw, ZIP_NAMES)
    return RatingsCase("zip", data, name, argv)


@st.composite
def db_cases(draw, txt_seed: bytes) -> RatingsCase:
    damage: list[str] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["lists", "players", "drop", "shape"]))
        value = draw(st.sampled_from(_ODD_VALUES))
        if kind == "lists":
            damage.append(f"UPDATE lists SET {draw(st.sampled_from(_LIST_COLUMNS))} = {value}")
        elif kind == "players":
            damage.append(f"UPDATE players_2026_11 SET {draw(st.sampled_from(_PLAYER_COLUMNS))} = {value} "
                          f"WHERE fide_id IN (1503014, 34100001, 623539)")
        elif kind == "drop":
            damage.append(f"DROP TABLE {draw(st.sampled_from(['lists', 'players_2026_11']))}")
        else:
            damage.append(draw(st.sampled_from([
                "ALTER TABLE players_2026_11 DROP COLUMN flag", "ALTER TABLE lists RENAME COLUMN month TO m",
                "CREATE TABLE lists2 AS SELECT * FROM lists", "INSERT INTO lists (month) VALUES ('2026-12')",
                "ALTER TABLE players_2026_11 RENAME TO players_2026_12",
                "UPDATE lists SET month = '2026-12'", "CREATE VIEW v AS SELECT 1"])))
    cut = None
    if draw(st.integers(0, 3)) == 0:
        cut = (draw(st.sampled_from(["truncate", "replace", "insert"])), draw(st.integers(0, 12_000)),
               draw(st.binary(min_size=1, max_size=16)))
    command = draw(st.sampled_from(["find", "list", "remove", "update", "import"]))
    if command == "find":
        argv = ["find", draw(st.sampled_from(_QUERIES))]
        if draw(st.booleans()):
            argv += ["--format", draw(st.sampled_from(["text", "csv", "json"]))]
        if draw(st.integers(0, 3)) == 0:
            argv += ["--list", draw(st.sampled_from(_MONTHS))]
    elif command == "list":
        argv = ["list"]
    elif command == "remove":
        argv = ["remove", draw(st.sampled_from(_MONTHS))]
    elif command == "update":
        argv = ["update", "@EVENT", "--yes"]
    else:
        argv = ["import", "@LIST", "--month", draw(st.sampled_from(["2026-11", "2026-12"]))]
    return RatingsCase("db", txt_seed, "players_list_foa.txt", argv + ["--db", "@DB"], damage, cut)


def all_cases(txt_seed: bytes, xml_seed: bytes) -> st.SearchStrategy[RatingsCase]:
    """Fuzzed TXT, XML and ZIP lists, and damaged databases, in one strategy."""
    return txt_cases(txt_seed) | xml_cases(xml_seed) | zip_cases(txt_seed, xml_seed) | db_cases(txt_seed)


def prepare(case: RatingsCase, folder: Path, event: bytes) -> list[str]:
    """The files of ``case`` written into a fresh ``folder``; returns the argv, placeholders made paths."""
    import shutil

    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    listed, db, event_path = folder / case.name, folder / "ratings.sqlite", folder / "ev.toml"
    listed.write_bytes(case.data)
    event_path.write_bytes(event)
    if case.kind == "db":
        from swisstui.ratings.db import import_list
        from swisstui.ratings.fide_list import FideList

        with contextlib.redirect_stderr(io.StringIO()):
            import_list(db, FideList(listed), "2026-11")
        conn = sqlite3.connect(db)
        for statement in case.damage:
            try:
                conn.execute(statement)
                conn.commit()
            except sqlite3.Error:
                conn.rollback()  # a damage that does not apply (its table dropped before): the next one may
        conn.close()
        if case.cut is not None:
            how, at, piece = case.cut
            data = bytearray(db.read_bytes())
            at = min(at, len(data))
            if how == "truncate":
                del data[at:]
            elif how == "replace":
                data[at:at + len(piece)] = piece
            else:
                data[at:at] = piece
            db.write_bytes(bytes(data))
    places = {"@LIST": str(listed), "@DB": str(db), "@EVENT": str(event_path)}
    return ["ratings", *(places.get(word, word) for word in case.argv)]


def judge(argv: list[str], code: int, err: str) -> tuple[str, str]:
    """("ok" | "clean" | "traceback", why): success, or one line naming the file with a documented code."""
    lines = [line for line in err.strip().splitlines() if not line.startswith(("warning: ", "note: ", "  "))]
    if "Traceback" in err or code not in (0, 1, 2, 3, 5):
        return "traceback", err
    if code == 0:
        return "ok", ""
    if code == 2 and lines and lines[-1].startswith("swisstui ratings") and ": error: " in lines[-1]:
        return "clean", ""  # argparse: usage, then one error line
    if code == 1:  # find: no player found, said in one line (after "more than N" never: none was found)
        if argv[1] == "find" and len(lines) == 1 and lines[0].startswith("no player with "):
            return "clean", ""
        return "traceback", f"exit 1 from {argv[1]}: {err!r}"
    if len(lines) != 1 or not lines[0].startswith("swisstui ratings: "):
        return "traceback", f"not one line: {err!r}"
    if code in (3, 5):
        named = {Path(argv[i + 1]).name for i, word in enumerate(argv[:-1]) if word in ("import", "--db", "update")}
        if not any(name in lines[0] for name in named):
            return "traceback", f"exit {code} without naming the file: {err!r}"
    return "clean", ""


def fuzz_one(case: RatingsCase, folder: Path, tally: Tally, event: bytes, *, subprocess_run: bool = False) -> None:
    argv = prepare(case, folder, event)
    code, _out, err = run_in_subprocess(argv, folder) if subprocess_run else run_in_process(argv)
    verdict, detail = judge(argv, code, err)
    tally.add(argv, verdict, code, detail)
