"""swisstui restore: the backup back as the event, as a change of the history, never a step back in revisions."""

from __future__ import annotations

from swisstui import store
from swisstui.session.actions import RESULT_KINDS, Session
from swisstui.cli import main
from swisstui.store import history
from tests.app.conftest import ROUND_ONE, write_event, write_round


def results(path, *stored: str) -> None:
    session = Session.open(path, arbiter="Anna")
    for board, result in enumerate(stored, start=1):
        session.results.set_result(1, board, next(k for k in RESULT_KINDS if k.stored == result), seen="")


def test_restore_brings_the_backup_back_as_a_new_revision_with_its_history_entry(tmp_path, capsys):
    path = write_round(write_event(tmp_path / "ev.toml"), 1, ROUND_ONE, bye=9)
    results(path, "1-0", "0-1")
    results_before = [b.result for b in store.load(path).round(1).boards]
    session = Session.open(path, arbiter="Anna")
    session.results.set_result(1, 3, next(k for k in RESULT_KINDS if k.stored == "1/2-1/2"), seen="")  # the save to take back
    revision = store.load(path).revision
    assert main(["restore", str(path), "--arbiter", "Bo"]) == 0
    assert "revision" in capsys.readouterr().out
    event = store.load(path)
    assert [b.result for b in event.round(1).boards] == results_before  # board 3 empty again
    assert event.revision == revision + 1  # on from the file's, never back
    records = list(history.read(path))
    revisions = [r.revision for r in records]
    assert len(revisions) == len(set(revisions)), revisions  # no revision twice
    last = records[0]  # newest first
    assert last.log.action == "restore" and last.log.by == "Bo" and last.revision == revision + 1
    assert any(c.path[-1] == "result" for c in last.changes)  # what it changed, value by value


def test_a_restore_is_undone_like_any_change(tmp_path):
    path = write_round(write_event(tmp_path / "ev.toml"), 1, ROUND_ONE, bye=9)
    results(path, "1-0", "0-1", "1/2-1/2")
    assert main(["restore", str(path)]) == 0
    assert store.load(path).round(1).boards[2].result == ""
    session = Session.open(path, arbiter="Anna")
    candidate = session.history.undo_candidate()
    assert candidate is not None and candidate.action == "restore"
    session.history.undo(candidate.revision)
    assert store.load(path).round(1).boards[2].result == "1/2-1/2"


def test_restore_without_a_backup_or_with_nothing_to_restore_changes_nothing(tmp_path, capsys):
    path = write_event(tmp_path / "ev.toml")
    store.backup_path(path).unlink(missing_ok=True)
    before = path.read_bytes()
    assert main(["restore", str(path)]) == 2
    assert "no backup" in capsys.readouterr().err
    assert path.read_bytes() == before
