"""The one writer: every file swisstui writes goes through swisstui.file_writer, whose promises hold."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from swisstui import file_writer
from swisstui.file_writer import Refused, save_file, write_output

ROOT = Path(__file__).resolve().parents[2]

# What puts a file in place or writes one whole, other than through the writer.
WRITING = re.compile(r"os\.(?:replace|rename)\(|mkstemp|\.write_(?:text|bytes)\(|open\([^)]*[\"'][wax]b?\+?[\"']")
ALLOWED = {
    "swisstui/file_writer.py": "the writer itself",
    "swisstui/store/files.py": "the backup: a hard link of the event renamed to EVENT.toml.bak, no data written",
    "swisstui/store/lock.py": "a lock queue node: an empty file renamed to its place in the queue",
    "swisstui/ratings/download.py": "the FIDE list streamed into a private temporary folder, read by the import, then removed",
}


def test_no_module_writes_a_file_but_through_the_writer():
    found = []
    for path in sorted((ROOT / "swisstui").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if WRITING.search(line) and rel not in ALLOWED:
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "write files through swisstui.file_writer:\n" + "\n".join(found)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("old")

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(file_writer.os, "write", full)
    with pytest.raises(OSError, match="No space"):
        write_output(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_temporary_files_say_whose_they_are_and_which_target(tmp_path):
    tmp = file_writer.temporary_path(tmp_path / "round-1-pairings.html")
    assert re.fullmatch(rf"\.round-1-pairings\.html\.swisstui-{os.getpid()}-[0-9a-f]{{8}}\.tmp", tmp.name)


def test_a_file_the_store_keeps_is_refused_before_anything_is_written(tmp_path):
    event = tmp_path / "cup.toml"
    event.write_text("# swisstui event file\nschema = 1\n")
    for name in ("cup.toml", "cup.toml.bak", "cup.toml.history", "cup.toml.lock"):
        with pytest.raises(Refused, match=r": is (an event file|the (backup|history|lock) of the event cup\.toml)"):
            write_output(tmp_path / name, "TRF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.toml"]


def test_saving_a_kept_file_refuses_what_is_not_a_regular_file(tmp_path):
    with pytest.raises(Refused, match="is a folder"):
        save_file(tmp_path, "x")
