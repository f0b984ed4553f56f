"""``swisstui ratings import|find|list``: what the arbiter reads, and the documented exit codes."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from swisstui.cli import main
from oracles import fide_lists as F


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swisstui.cli", *args], capture_output=True, text=True,
                          env=os.environ.copy())


@pytest.fixture
def listed(tmp_path):
    """A database holding the October (standard only) and November (combined) lists."""
    db = tmp_path / "r.sqlite"
    F.write_zip(tmp_path / "standard_oct26frl.zip", "standard_oct26frl.txt", F.txt("single"))
    F.write_zip(tmp_path / "players_list_foa.zip", "players_list_foa.txt", F.txt("combined"))
    assert main(["ratings", "import", str(tmp_path / "standard_oct26frl.zip"), "--db", str(db)]) == 0
    assert main(["ratings", "import", str(tmp_path / "players_list_foa.zip"), "--db", str(db),
                 "--month", "2026-11"]) == 0
    return db


def test_import_says_what_it_read_and_which_lines_it_left_out(tmp_path):
    header, *body = F.txt("combined").splitlines()
    bad = [line[:113] + "2x00  " + line[119:] for line in body]
    path = F.write(tmp_path / "players_list_foa_nov26.txt", "\n".join([header, *body, *bad, *bad]) + "\n")
    proc = run("ratings", "import", str(path))  # the database named by SWISSTUI_RATINGS_DB
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (f"imported the 2026-11 list (standard, rapid, blitz) from players_list_foa_nov26.txt: "
                           f"6 players into {os.environ['SWISSTUI_RATINGS_DB']}\n")
    assert proc.stderr.splitlines() == [
        "warning: 12 lines left out (cannot be read):",
        *(f"  players_list_foa_nov26.txt:{n}: SRtng: '2x00' is not a number" for n in range(8, 13)),
        "  ... and 7 more",
    ]
    again = run("ratings", "import", str(path))
    assert again.stdout.rstrip().endswith("; it replaces the 2026-11 list held before")


def test_import_errors_and_exit_codes(tmp_path):
    db = str(tmp_path / "r.sqlite")
    missing = run("ratings", "import", str(tmp_path / "nope.zip"), "--db", db)
    assert (missing.returncode, missing.stderr) == (5, f"swisstui ratings: {tmp_path / 'nope.zip'}: no such file\n")
    notes = F.write(tmp_path / "notes_nov26.txt", "hello\n")
    bad = run("ratings", "import", str(notes), "--db", db)
    assert bad.returncode == 3
    assert bad.stderr.startswith("swisstui ratings: notes_nov26.txt:1: header: not a FIDE rating list")
    assert bad.stderr.rstrip().endswith("(the database is unchanged)")
    undated = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    wrong = run("ratings", "import", str(undated), "--db", db, "--month", "11/2026")
    assert (wrong.returncode, wrong.stderr) == (2, "swisstui ratings: --month: '11/2026' is not a month written "
                                                   "YYYY-MM\n")
    assert not (tmp_path / "r.sqlite").exists()


def test_find_text_csv_json(listed, capsys):
    capsys.readouterr()
    assert main(["ratings", "find", "carls", "--db", str(listed)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["FIDE", "ID", "Name", "Fed", "Sex", "Tit", "Std", "Rpd", "Blz", "Born"]
    assert out[1].split() == ["1503014", "Carlsen,", "Magnus", "NOR", "M", "GM", "2831", "2823", "2886", "1990"]
    assert out[2].split() == ["34100001", "Carlsson,", "Mia", "SWE", "F", "WFM", "1985", "1900", "-", "2008", "wi"]
    assert max(len(line) for line in out) <= 80
    assert main(["ratings", "find", "Spacek", "--db", str(listed), "--format", "csv"]) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["fide_id"], r["name"], r["standard"], r["o_title"]) for r in table] == [
        ("24116068", "Špaček, Sébastien", "2210", "FA,NA")]
    assert main(["ratings", "find", "1503014", "--db", str(listed), "--format", "json", "--list", "2026-10"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["list"] == "2026-10" and doc["players"][0]["standard"] == 2831 and doc["players"][0]["rapid"] is None


def test_find_nobody_and_errors(listed, tmp_path):
    nobody = run("ratings", "find", "Zz", "--db", str(listed))
    assert (nobody.returncode, nobody.stdout) == (1, "")
    assert nobody.stderr == "no player with a name starting 'Zz' in the 2026-11 list\n"
    limited = run("ratings", "find", "c", "--db", str(listed), "--limit", "1")
    assert limited.returncode == 0 and len(limited.stdout.splitlines()) == 2
    assert limited.stderr == "more than 1 players: give more of the name or --limit\n"
    other = run("ratings", "find", "1503014", "--db", str(listed), "--list", "2025-01")
    assert (other.returncode, other.stderr) == (2, "swisstui ratings: no list for 2025-01 (held: 2026-11, 2026-10)\n")
    none = run("ratings", "find", "carlsen", "--db", str(tmp_path / "none.sqlite"))
    assert none.returncode == 5 and "no rating database: import a list first" in none.stderr


def test_list_marks_the_list_in_use(listed, tmp_path, capsys):
    capsys.readouterr()
    assert main(["ratings", "list", "--db", str(listed)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"rating lists in {listed}:"
    assert out[1].startswith("* 2026-11          6 players  standard, rapid, blitz")
    assert out[2].strip() == "from players_list_foa.zip:players_list_foa.txt"
    assert out[3].startswith("  2026-10          6 players  standard ")
    assert out[-1].startswith("* in use: the newest list")
    assert main(["ratings", "list", "--db", str(tmp_path / "none.sqlite")]) == 0
    assert capsys.readouterr().out.startswith("no rating list imported yet")


def test_remove_a_months_list(listed, tmp_path):
    size = listed.stat().st_size
    done = run("ratings", "remove", "2026-11", "--db", str(listed))
    assert (done.returncode, done.stdout) == (0, f"removed the 2026-11 list (6 players) from {listed}\n")
    shown = run("ratings", "list", "--db", str(listed)).stdout
    assert [line.split()[:2] for line in shown.splitlines() if line.startswith(("* 20", "  20"))] == [
        ["*", "2026-10"]]
    assert listed.stat().st_size < size  # the space is given back
    assert run("ratings", "find", "carlsen", "--db", str(listed)).stdout.split()[-2:] == ["-", "1990"]
    again = run("ratings", "remove", "2026-11", "--db", str(listed))
    assert (again.returncode, again.stderr) == (2, "swisstui ratings: no list for 2026-11 (held: 2026-10)\n")


def test_fide_s_own_file_names_take_the_month_from_the_date_and_say_so(tmp_path):
    """``players_list_foa.txt`` (the name inside FIDE's ZIP every month) needs no --month (issue 30, item 9)."""
    import datetime as dt
    import zipfile

    db = str(tmp_path / "r.sqlite")
    plain = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    first = dt.datetime(2026, 11, 1, 9, 30, tzinfo=dt.timezone.utc).timestamp()
    os.utime(plain, (first, first))
    proc = run("ratings", "import", str(plain), "--db", db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("imported the 2026-11 list (standard, rapid, blitz) from players_list_foa.txt: ")
    assert proc.stderr == ("note: the list's name does not say its month: 2026-11 assumed from the date of "
                           "players_list_foa.txt (2026-11-01); if it is another month, import it again with "
                           "--month YYYY-MM (and 'ratings remove 2026-11')\n")
    zipped = tmp_path / "players_list.zip"
    with zipfile.ZipFile(zipped, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("players_list_foa.txt", date_time=(2026, 10, 1, 6, 0, 0)), F.txt("combined"))
    proc = run("ratings", "import", str(zipped), "--db", db)  # the ZIP's own record of its member's date wins
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("imported the 2026-10 list ")
    assert "2026-10 assumed from the date of players_list_foa.txt in players_list.zip (2026-10-01)" in proc.stderr
    proc = run("ratings", "import", str(zipped), "--db", db, "--month", "2026-12")  # --month corrects it
    assert proc.returncode == 0 and proc.stdout.startswith("imported the 2026-12 list ") and proc.stderr == ""
    listed = run("ratings", "list", "--db", db).stdout
    assert [line.lstrip("* ").split()[0] for line in listed.splitlines() if " players " in line] == [
        "2026-12", "2026-11", "2026-10"]
