"""Terminal escapes in a list, a file name or the database are shown, never obeyed (issue 29, item 9).

``\\x1b]0;...\\x07`` retitles the arbiter's terminal and ``\\x1b[2J`` clears it; a bidi override
turns a line around. Whatever ``swisstui ratings`` reads from a file and prints reaches the
terminal with such characters written as escapes.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import unicodedata

from swisstui import store
from swisstui.cli import main
from swisstui.store.event import PlayerRecord
from swisstui.cli.visible import visible
from oracles import fide_lists as F

ATTACK = "\x1b]0;owned\x07\x1b[2J"
EVIL_NAME = "Evil\x1b[2J\u202e, Name\x9b"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _obeyed(text: str) -> list[str]:
    """The characters a terminal would act on (a line end aside)."""
    return [ch for ch in text if ch != "\n" and not ch.isprintable() and unicodedata.category(ch) != "Zs"]


def test_visible_writes_controls_as_escapes_and_leaves_names_alone():
    assert visible(ATTACK) == "\\x1b]0;owned\\x07\\x1b[2J"
    assert visible("a\u202eb\rc\x9bd\u2028") == "a\\u202eb\\x0dc\\x9bd\\u2028"
    assert visible("Špaček, Sébastien\u00a0Jr 😀") == "Špaček, Sébastien\u00a0Jr 😀"


def test_the_first_line_of_a_file_that_is_no_list_is_shown_not_obeyed(tmp_path):
    path = tmp_path / "notes_nov26.txt"
    path.write_text(ATTACK + "\nmore\n")
    code, out, err = _run("ratings", "import", str(path), "--db", str(tmp_path / "r.sqlite"))
    assert code == 3
    assert _obeyed(out + err) == []
    assert "found: \\x1b]0;owned\\x07\\x1b[2J" in err


def _evil_db(tmp_path):
    players = [*F.PLAYERS, dict(id=7777777, name=EVIL_NAME, fed="NOR", s=2100, sk=20)]
    path = F.write(tmp_path / f"players{ATTACK}_list_foa_nov26.txt", F.txt("combined", players))
    db = tmp_path / "r.sqlite"
    code, out, err = _run("ratings", "import", str(path), "--db", str(db))
    assert code == 0, err
    assert _obeyed(out + err) == [] and f"players{visible(ATTACK)}_list_foa_nov26.txt" in out
    return db


def test_find_list_and_update_show_what_the_database_holds_without_obeying_it(tmp_path):
    db = _evil_db(tmp_path)
    for argv in (["find", "Evil"], ["find", "7777777"], ["find", "Evil", "--format", "csv"], ["list"]):
        code, out, err = _run("ratings", *argv, "--db", str(db))
        assert code == 0, (argv, err)
        assert _obeyed(out + err) == [], argv
    text = _run("ratings", "find", "7777777", "--db", str(db))[1]
    assert "Evil\\x1b[2J\\u202e, Name\\x9b" in text
    shown = _run("ratings", "find", "Evil", "--format", "csv", "--db", str(db))[1]
    assert list(csv.DictReader(io.StringIO(shown)))[0]["name"] == visible(EVIL_NAME)
    code, out, err = _run("ratings", "find", "Evil", "--format", "json", "--db", str(db))
    assert code == 0 and _obeyed(out + err) == []
    assert json.loads(out)["players"][0]["name"] == EVIL_NAME  # JSON's own escapes: the value read back is exact
    event = tmp_path / "ev.toml"
    ev = store.new_event("Open", 5)
    ev.players = [PlayerRecord(1, "Someone, S.", 2000, "", "NOR", 7777777)]
    store.save(ev, event)
    code, out, err = _run("ratings", "update", str(event), "--yes", "--db", str(db))
    assert code == 2 and "holds a control character" in err  # the event refuses the name; the change is shown first
    assert _obeyed(out + err) == [] and "-> Evil\\x1b[2J\\u202e, Name\\x9b" in out


def test_an_error_quoting_a_file_name_is_shown_not_obeyed(tmp_path):
    code, _out, err = _run("ratings", "import", str(tmp_path / f"gone{ATTACK}.zip"), "--db", str(tmp_path / "r.db"))
    assert code == 5 and _obeyed(err) == [] and "gone\\x1b]0;owned\\x07\\x1b[2J.zip: no such file" in err
