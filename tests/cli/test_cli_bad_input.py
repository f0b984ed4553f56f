"""Odd files and failing disks at the command line: one located line, the documented exit code, no traceback.

Exit codes (README): 1 only for "no legal pairing" (or ``check`` finding a
round that differs), 2 bad usage, 3 bad input (file:line: what), 4 a bug,
5 a file that cannot be read or written. Nothing is written when a command
fails.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from swisstui import store
from swisstui.cli import main
from tests.data_paths import dutch

SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml"

NOT_TEXT = {
    "empty": b"",
    "bom-only": b"\xef\xbb\xbf",
    "blank-lines": b"\n\n  \n",
    "nul": b"\x00" * 40,
    "binary": bytes(range(256)) * 4,
    "spreadsheet": b"PK\x03\x04\x14\x00\x06\x00" + bytes(200),
    "utf-16-no-bom": "012 Club\n".encode("utf-16-le"),
    "utf-32": "012 Club\n".encode("utf-32"),
    "control": b"012 Club\n\x01\x02\x03\n",
}
GARBAGE_TRF = {
    "prose": b"Dear arbiter,\nplease find the pairings attached.\n",
    "header-only": b"012 Spring Open\n022 Leiden\n142 5\n",
}
NESTED = "schema = 1\nx = " + "[" * 500 + "]" * 500 + "\n"
INLINE_NESTED = "schema = 1\nx = " + "{a = " * 500 + "1" + "}" * 500 + "\n"


def one_line(capsys, prefix: str) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(prefix), lines[0]
    assert "Traceback" not in captured.err + captured.out
    return lines[0]


@pytest.mark.parametrize("name", sorted({**NOT_TEXT, **GARBAGE_TRF}))
@pytest.mark.parametrize("command", ["import", "pair", "check", "standings"])
def test_a_trf_that_is_not_one(tmp_path, capsys, name, command):
    path = tmp_path / "in.trf"
    path.write_bytes({**NOT_TEXT, **GARBAGE_TRF}[name])
    out = tmp_path / "out.toml"
    args = {"import": ["import", str(path), "-o", str(out)], "pair": ["pair", str(path)],
            "check": ["check", str(path)], "standings": ["standings", str(path)]}[command]
    assert main(args) == 3
    line = one_line(capsys, f"swisstui {command}: {path}:")
    assert line.split(": ", 2)[1].split(":")[1].isdigit()  # file:line
    assert not out.exists()


@pytest.mark.parametrize("name", sorted(NOT_TEXT) + ["nested", "inline-nested", "big-score", "long-decimals"])
@pytest.mark.parametrize("command", ["export", "pair", "standings", "publish"])
def test_an_event_file_that_is_not_one(tmp_path, capsys, name, command):
    path = tmp_path / "in.toml"
    sample = SAMPLE.read_text(encoding="utf-8")
    data = {"nested": NESTED, "inline-nested": INLINE_NESTED,
            "big-score": sample.replace("win = 1.0", "win = 1e27"),
            "long-decimals": sample.replace("draw = 0.5", "draw = 0.333")}
    path.write_bytes(data[name].encode() if name in data else NOT_TEXT[name])
    target = tmp_path / "out"
    args = {"export": ["export", str(path), "--trf", str(target)], "pair": ["pair", str(path)],
            "standings": ["standings", str(path)], "publish": ["publish", str(path), "--to", str(target)]}[command]
    assert main(args) == 3
    line = one_line(capsys, f"swisstui {command}: {path}:")
    assert line.split(": ", 2)[1].split(":")[1].isdigit()
    assert not target.exists()
    if name == "big-score":
        assert "settings.scoring.win" in line


def test_a_utf16_trf_with_a_byte_order_mark_reads_as_its_utf8_self(tmp_path, capsys):
    source = dutch("dutch-2300007-n10-r5.trf")
    utf16 = tmp_path / "utf16.trf"
    utf16.write_bytes(source.read_text(encoding="utf-8").encode("utf-16"))
    assert main(["import", str(utf16), "-o", str(tmp_path / "a.toml")]) == 0
    assert main(["import", str(source), "-o", str(tmp_path / "b.toml")]) == 0
    a, b = store.load(tmp_path / "a.toml"), store.load(tmp_path / "b.toml")
    assert store.dumps(a) == store.dumps(b)


def registration_list(tmp_path: Path) -> Path:
    """The players of a reference tournament, no round played, no 142/XXR record."""
    lines = []
    for line in dutch("dutch-2300007-n10-r5.trf").read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            lines.append((line[:80] + " 0.0" + line[84:89]).rstrip())
        elif line.startswith("012"):
            lines.append(line)
    path = tmp_path / "entries.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_registration_list_needs_the_number_of_rounds(tmp_path, capsys):
    entries = registration_list(tmp_path)
    out = tmp_path / "e.toml"
    assert main(["pair", str(entries)]) == 0  # pair accepts it: round 1 of an open-ended event
    capsys.readouterr()
    assert main(["import", str(entries), "-o", str(out)]) == 2
    assert "give --rounds N" in one_line(capsys, f"swisstui import: {entries}: ")
    assert not out.exists()
    assert main(["import", str(entries), "-o", str(out), "--rounds", "7"]) == 0
    event = store.load(out)
    assert len(event.players) == 10 and event.rounds_paired == 0 and event.settings.rounds == 7
    capsys.readouterr()
    assert main(["pair", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "5"


def test_rounds_below_what_the_file_records_is_bad_usage(tmp_path, capsys):
    assert main(["import", str(dutch("dutch-2300007-n10-r5.trf")), "-o", str(tmp_path / "e.toml"),
                 "--rounds", "3"]) == 2
    one_line(capsys, "swisstui import: --rounds 3")


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """A folder where nothing can be created (as root, permissions do not stop writes: refuse it here)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    real_open = os.open

    def refusing_open(path, flags, *args, **kwargs):
        if str(path).startswith(str(folder)) and flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *args, **kwargs)

    real_mkdir = os.mkdir

    def refusing_mkdir(path, *args, **kwargs):
        if str(path).startswith(str(folder)):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)
    monkeypatch.setattr(os, "mkdir", refusing_mkdir)
    return folder


@pytest.fixture
def full_disk(monkeypatch):
    """A disk with no room: every write fails with 'No space left on device'."""

    def no_room(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", no_room)


def _create(kind: str, target: Path) -> int:
    if kind == "new":
        return main(["new", str(target), "--name", "Club", "--rounds", "5"])
    return main(["import", str(dutch("dutch-2300007-n10-r5.trf")), "-o", str(target)])


@pytest.mark.parametrize("kind", ["new", "import"])
def test_into_a_read_only_folder(read_only_folder, capsys, kind):
    target = read_only_folder / "e.toml"
    assert _create(kind, target) == 5
    line = one_line(capsys, f"swisstui {kind}: ")
    assert "Permission denied" in line and str(read_only_folder) in line
    assert list(read_only_folder.iterdir()) == []


@pytest.mark.parametrize("kind", ["new", "import"])
def test_onto_a_full_disk(tmp_path, full_disk, capsys, kind):
    target = tmp_path / "full" / "e.toml"
    target.parent.mkdir()
    assert _create(kind, target) == 5
    assert "No space left on device" in one_line(capsys, f"swisstui {kind}: {target}")
    left = sorted(p.name for p in target.parent.iterdir())
    assert left == [".e.toml.queue", "e.toml.lock"]  # the lock's files; no event, no temporary file


def test_an_unforeseen_error_is_one_line_with_exit_4(tmp_path, capsys, monkeypatch):
    from swisstui.cli import commands as cli_commands

    def broken(args):
        raise KeyError("something nobody foresaw")

    monkeypatch.setattr(cli_commands, "cmd_export", broken)
    assert main(["export", str(SAMPLE), "--trf", str(tmp_path / "x.trf")]) == 4
    line = one_line(capsys, "swisstui export: internal error")
    assert "KeyError" in line and "SWISSTUI_DEBUG=1" in line


@pytest.mark.parametrize("data", [NOT_TEXT["binary"], NOT_TEXT["utf-16-no-bom"], GARBAGE_TRF["prose"]])
def test_through_a_real_process(tmp_path, data):
    """The same as the console script runs it: exit 3, one line, no traceback."""
    path = tmp_path / "in.trf"
    path.write_bytes(data)
    script = Path(sys.executable).parent / "swisstui"
    done = subprocess.run([str(script), "pair", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_generate_writes_the_rounds_played_and_says_why_it_stopped(tmp_path, capsys):
    """Three players cannot play five rounds: round 4 has no legal pairing; rounds 1-3 are written."""
    out = tmp_path / "g.trf"
    assert main(["generate", "--players", "3", "--rounds", "5", "-o", str(out)]) == 1
    line = one_line(capsys, "swisstui generate: stopped: round 4 (seed 1): no legal pairing")
    assert line.endswith(f"rounds 1-3 written to {out}")
    assert main(["import", str(out), "-o", str(tmp_path / "g.toml")]) == 0
    assert store.load(tmp_path / "g.toml").rounds_paired == 3
    capsys.readouterr()
    assert main(["pair", str(out)]) == 1  # and the next round has no legal pairing, as said


@pytest.mark.parametrize("args", [["--players", "1000000", "--rounds", "3"], ["--players", "10", "--rounds", "0"],
                                  ["--players", "10", "--rounds", "3", "--draw-rate", "2"]])
def test_generate_refuses_what_it_cannot_do(tmp_path, capsys, args):
    assert main(["generate", *args, "-o", str(tmp_path / "g.trf")]) == 2
    one_line(capsys, "swisstui generate: ")
