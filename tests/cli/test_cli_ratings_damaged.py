"""A damaged rating database, and a database path over a file swisstui keeps (issue 29, items 4 and 5).

Every ``ratings`` subcommand says "PATH: cannot be read: ..." and exits 5 on a database no
import wrote (a month that is not YYYY-MM, text that is not UTF-8, a truncated file, a file
that is not SQLite, a table of another shape); no command writes a database over an event
file, its lock, backup, history or queue, or over a file that is not a database; and no output
replaces a rating database.
"""

from __future__ import annotations

import contextlib
import io
import sqlite3
from pathlib import Path

import pytest

from swisstui import store
from swisstui.cli import main
from swisstui.store.event import PlayerRecord
from oracles import fide_lists as F


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _good_db(folder: Path) -> Path:
    db = folder / "r.sqlite"
    path = F.write(folder / "players_list_foa.txt", F.txt("combined"))
    assert main(["ratings", "import", str(path), "--month", "2026-11", "--db", str(db)]) == 0
    return db


def _sql(*statements: str):
    def damage(db: Path) -> None:
        conn = sqlite3.connect(db)
        for statement in statements:
            conn.execute(statement)
        conn.commit()
        conn.close()
    return damage


def _bytes(make):
    def damage(db: Path) -> None:
        db.write_bytes(make(db.read_bytes()))
    return damage


PLAYER_DAMAGES = {  # in a month's table: what reads players (find, update, the form, the preview) sees it
    "name not UTF-8": _sql("UPDATE players_2026_11 SET name = CAST(X'FF43617200' AS TEXT)"),
    "rating as text": _sql("UPDATE players_2026_11 SET standard = 'x'"),
}
DAMAGES = {  # in the table of lists or the file: every command sees it
    "month not YYYY-MM": _sql("UPDATE lists SET month = '2026-1x'"),
    "month of another type": _sql("UPDATE lists SET month = 202611"),
    "source not UTF-8": _sql("UPDATE lists SET source = CAST(X'FFFE' AS TEXT)"),
    "list table missing": _sql("DROP TABLE players_2026_11"),
    "lists of another shape": _sql("DROP TABLE lists", "CREATE TABLE lists (month TEXT)",
                                   "INSERT INTO lists VALUES ('2026-11')"),
    "truncated": _bytes(lambda data: data[:len(data) // 2 + 100]),
    "not SQLite": _bytes(lambda data: b"hello, not a database\n" * 50),
    "header damaged": _bytes(lambda data: data[:100] + b"\xff" * 200 + data[300:]),
}

COMMANDS = {
    "find by name": ["find", "Carl"],
    "find by ID": ["find", "1503014"],
    "list": ["list"],
    "remove": ["remove", "2026-11"],
    "update": ["update", "@EVENT", "--yes"],
    "import": ["import", "@LIST", "--month", "2026-12"],
}


CASES = [(damage, command) for damage in DAMAGES for command in COMMANDS] + [
    (damage, command) for damage in PLAYER_DAMAGES for command in ("find by name", "find by ID", "update")]


@pytest.mark.parametrize(("damage", "command"), CASES)
def test_every_subcommand_says_the_database_cannot_be_read_and_exits_5(tmp_path, damage, command):
    db = _good_db(tmp_path)
    {**DAMAGES, **PLAYER_DAMAGES}[damage](db)
    event = tmp_path / "ev.toml"
    ev = store.new_event("Open", 5)
    ev.players = [PlayerRecord(1, "Carlsen, M.", 2800, "GM", "NOR", 1503014)]
    store.save(ev, event)
    places = {"@EVENT": str(event), "@LIST": str(tmp_path / "players_list_foa.txt")}
    argv = ["ratings", *(places.get(word, word) for word in COMMANDS[command]), "--db", str(db)]
    before = db.read_bytes()
    code, _out, err = _run(*argv)
    assert code == 5, err
    assert err.startswith(f"swisstui ratings: {db}: cannot be read: "), err
    assert len(err.splitlines()) == 1
    assert db.read_bytes() == before  # nothing written over what was there


def test_the_message_says_what_is_wrong(tmp_path):
    db = _good_db(tmp_path)
    DAMAGES["month not YYYY-MM"](db)
    assert _run("ratings", "list", "--db", str(db))[2] == (
        f"swisstui ratings: {db}: cannot be read: it holds a list whose month '2026-1x' is not YYYY-MM\n")


def test_the_look_up_and_the_completion_go_on_without_the_list(tmp_path):
    """What the player form and the import preview call: no suggestion, one problem line, no exception."""
    from swisstui.ratings.complete import complete_players
    from swisstui.ratings.db import RatingsDb
    from swisstui.ratings.lookup import RatingLookup

    for name, damage in {**DAMAGES, **PLAYER_DAMAGES}.items():
        folder = tmp_path / name.replace(" ", "-")
        folder.mkdir()
        db = _good_db(folder)
        damage(db)
        lookup = RatingLookup.open("standard", RatingsDb(db))
        if lookup is not None:
            assert lookup.suggest("Carl") == [] and lookup.suggest("1503014") == [], name
            lookup.close()
        rows = [{"fide_id": 1503014, "name": ""}]
        done = complete_players(rows, "standard", RatingsDb(db))
        assert done.rows == [] and rows == [{"fide_id": 1503014, "name": ""}], name
        assert done.error.startswith(f"{db}: cannot be read: ") or done.month is None, name


KEPT = {
    "the lock": "ev.toml.lock",
    "the backup": "ev.toml.bak",
    "the history": "ev.toml.history",
    "the event": "ev.toml",
    "in the queue": ".ev.toml.queue/1",
    "a text file": "notes.txt",
    "an empty file": "empty.sqlite",
}


@pytest.mark.parametrize("kept", KEPT)
@pytest.mark.parametrize("command", ["import", "remove"])
def test_no_database_is_written_over_a_file_swisstui_keeps_or_a_file_that_is_no_database(tmp_path, kept, command):
    event = tmp_path / "ev.toml"
    store.save(store.new_event("Open", 5), event)
    (tmp_path / "ev.toml.lock").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("the arbiter's notes\n")
    (tmp_path / "empty.sqlite").write_bytes(b"")
    (tmp_path / ".ev.toml.queue").mkdir(exist_ok=True)
    target = tmp_path / KEPT[kept]
    listed = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    files = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    argv = ["import", str(listed), "--month", "2026-11"] if command == "import" else ["remove", "2026-11"]
    code, _out, err = _run("ratings", *argv, "--db", str(target))
    assert code in (2, 5), err
    assert err.startswith(f"swisstui ratings: {target}: ") and len(err.splitlines()) == 1, err
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == files  # nothing created or changed


def test_a_database_with_any_name_is_written_and_a_database_of_another_program_is_not(tmp_path):
    listed = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    ours = tmp_path / "ratings.toml"  # its name says nothing: its content says a rating database
    assert _run("ratings", "import", str(listed), "--month", "2026-11", "--db", str(ours))[0] == 0
    assert _run("ratings", "import", str(listed), "--month", "2026-12", "--db", str(ours))[0] == 0
    assert [i.month for i in __import__("swisstui.ratings.db").ratings.db.RatingsDb(ours).lists()] == [
        "2026-12", "2026-11"]
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE accounts (id INTEGER)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    code, _out, err = _run("ratings", "import", str(listed), "--month", "2026-11", "--db", str(other))
    assert code == 2 and "is another program's database" in err
    assert other.read_bytes() == before


OUTPUTS = {
    "export --trf": ["export", "@EVENT", "--trf", "@DB"],
    "export --dialect bbp": ["export", "@EVENT", "--trf", "@DB", "--dialect", "bbp"],
    "standings -o": ["standings", "@EVENT", "-o", "@DB"],
    "generate -o": ["generate", "--players", "6", "--rounds", "2", "-o", "@DB"],
    "import -o": ["import", "@TRF", "-o", "@DB", "--force"],
    "new --force": ["new", "@DB", "--name", "X", "--rounds", "3", "--force"],
}


@pytest.mark.parametrize("output", OUTPUTS)
def test_no_output_replaces_a_rating_database(tmp_path, output):
    db = _good_db(tmp_path)
    before = db.read_bytes()
    event = tmp_path / "ev.toml"
    ev = store.new_event("Open", 5)
    ev.players = [PlayerRecord(i, f"Player, P{i}", 2000 - i) for i in range(1, 5)]
    store.save(ev, event)
    trf = tmp_path / "in.trf"
    assert main(["export", str(event), "--trf", str(trf)]) == 0
    places = {"@EVENT": str(event), "@DB": str(db), "@TRF": str(trf)}
    code, _out, err = _run(*(places.get(word, word) for word in OUTPUTS[output]))
    assert code != 0 and "is a database" in err, err
    assert db.read_bytes() == before


def test_a_number_too_large_for_sqlite_finds_nobody_in_a_good_database(tmp_path):
    db = _good_db(tmp_path)
    code, _out, err = _run("ratings", "find", "9" * 30, "--db", str(db))
    assert (code, err) == (1, f"no player with FIDE ID {'9' * 30} in the 2026-11 list\n")
    code, out, _err = _run("ratings", "find", "Carl", "--limit", "9" * 30, "--db", str(db))
    assert code == 0 and "Carlsen, Magnus" in out
