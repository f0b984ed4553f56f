"""The one writer: every file swisstui writes goes through swisstui.store.file_writer, whose promises hold."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from swisstui.store import file_writer
from swisstui.store.file_writer import Refused, save_file, write_output

ROOT = Path(__file__).resolve().parents[2]

# What puts a file in place or writes one whole, other than through the writer.
WRITING = re.compile(r"os\.(?:replace|rename)\(|mkstemp|\.write_(?:text|bytes)\(|open\([^)]*[\"'][wax]b?\+?[\"']")
ALLOWED = {
    "swisstui/store/file_writer.py": "the writer itself",
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
    assert not found, "write files through swisstui.store.file_writer:\n" + "\n".join(found)


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


def durable_steps(monkeypatch) -> list[tuple]:
    """Record, in order, each ``fsync`` (what it synced: a file or a folder, by inode) and each rename."""
    steps: list[tuple] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        steps.append(("fsync", "folder" if stat.S_ISDIR(st.st_mode) else "file", (st.st_dev, st.st_ino)))
        real_fsync(fd)

    def replace(src, dst, **kwargs) -> None:
        steps.append(("rename", Path(dst).name))
        real_replace(src, dst, **kwargs)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return steps


def inode(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_dev, st.st_ino


def assert_durable(steps: list[tuple], target: Path) -> None:
    """The new data was on disk before it took the target's name, and the folder after: a power cut
    at any moment leaves the old file or the new one, and the rename is not lost once saved."""
    renamed = steps.index(("rename", target.name))
    assert ("fsync", "file", inode(target)) in steps[:renamed], steps  # the data, before the rename
    assert steps[renamed + 1:] == [("fsync", "folder", inode(target.parent))], steps  # the folder, after it


@pytest.mark.parametrize("kind", ["output", "kept file"])
def test_the_data_is_synced_before_the_rename_and_the_folder_after(tmp_path, monkeypatch, kind):
    target = tmp_path / "out" / "standings.txt"
    target.parent.mkdir()
    target.write_text("old")
    steps = durable_steps(monkeypatch)
    (write_output if kind == "output" else save_file)(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "new"
    assert_durable(steps, target)


def test_an_event_save_syncs_its_folder_after_the_rename(tmp_path, monkeypatch):
    """The event file too: its backup is renamed into place first, then the event, then the folder synced."""
    from swisstui import store

    path = tmp_path / "events" / "club.toml"
    path.parent.mkdir()
    event = store.new_event("Club", 5)
    store.save(event, path)
    steps = durable_steps(monkeypatch)
    event.name = "Club championship"
    store.save(event, path)
    monkeypatch.undo()
    assert store.load(path).name == "Club championship"
    assert [s for s in steps if s[0] == "rename"] == [("rename", "club.toml.bak"), ("rename", "club.toml")]
    assert_durable(steps, path)
