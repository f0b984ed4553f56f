"""EventFile: a session's view of its event file, so that a change costs one write and others' changes are seen."""

from __future__ import annotations

import pytest

from swisstui import store
from swisstui.store.event import LogEntry, PlayerRecord, new_event
from swisstui.store import EventFile


def fresh(path):
    event = new_event("View", 5)
    event.players = [PlayerRecord(i, f"Player {i}", 2000 - i) for i in range(1, 11)]
    store.save(event, path, expected_revision=0)
    return path


def counting_loads(monkeypatch) -> list[str]:
    calls: list[str] = []
    real = store.files.loads

    def loads(text, *, path="<string>"):
        calls.append(path)
        return real(text, path=path)

    monkeypatch.setattr(store.files, "loads", loads)
    return calls


def test_a_change_after_its_own_starts_from_memory_and_one_after_anothers_reads_the_file(tmp_path, monkeypatch):
    path = fresh(tmp_path / "EVENT.toml")
    mine = EventFile(path)
    mine.load()
    calls = counting_loads(monkeypatch)
    mine.update(lambda e: setattr(e.players[0], "rating", 2500))
    mine.update(lambda e: setattr(e.players[1], "rating", 2400))
    assert calls == [f"{path} (unsaved)"] * 2  # only the check of what was written
    store.update(path, lambda e: setattr(e.players[2], "rating", 2300))  # another writer
    calls.clear()
    saved = mine.update(lambda e: setattr(e.players[3], "rating", 2200))
    assert calls == [str(path), f"{path} (unsaved)"]
    assert [p.rating for p in saved.players[:4]] == [2500, 2400, 2300, 2200]
    assert store.load(path) == saved


def test_changed_sees_others_changes_not_its_own(tmp_path):
    path = fresh(tmp_path / "EVENT.toml")
    mine = EventFile(path)
    mine.load()
    assert not mine.changed()
    mine.update(lambda e: setattr(e, "name", "Mine"))
    assert not mine.changed()
    store.update(path, lambda e: setattr(e, "name", "Theirs"))
    assert mine.changed()
    assert mine.load().name == "Theirs" and not mine.changed()
    path.touch()  # a new time, the same text
    assert not mine.changed()


def test_a_change_that_fails_half_way_leaves_no_trace(tmp_path):
    path = fresh(tmp_path / "EVENT.toml")
    mine = EventFile(path)
    mine.load()
    before = path.read_bytes()

    def half(event):
        event.players[0].name = "Half done"
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        mine.update(half)
    assert path.read_bytes() == before
    saved = mine.update(lambda e: setattr(e.players[1], "rating", 1))
    assert saved.players[0].name == "Player 1" and store.load(path).players[0].name == "Player 1"


def test_a_change_that_returns_its_log_entry_is_in_the_history(tmp_path):
    path = fresh(tmp_path / "EVENT.toml")

    def rate(event):
        event.players[4].rating = 2345
        return LogEntry("edit", "5 Player 5: rating 1995 -> 2345", by="olga")

    saved = store.update(path, rate)
    store.update(path, lambda e: setattr(e, "name", "Not recorded"))  # returns nothing: no entry
    (record,) = store.history.read(path)
    assert (record.log.action, record.log.by, record.revision) == ("edit", "olga", saved.revision)
    assert record.changes == [store.history.Change(("players", ("entry", 5), "rating"), 1995, 2345)]


def with_round_one(path, published=True):
    """``fresh`` with round 1 paired (five boards, no result yet), published or not."""
    from swisstui.store.event import Board

    fresh(path)
    event = store.load(path)
    rnd = event.ensure_round(1)
    rnd.boards = [Board(n, 2 * n - 1, 2 * n) for n in range(1, 6)]
    rnd.published = published
    store.save(event, path)
    return path


def counting_reads(monkeypatch) -> list[str]:
    calls: list[str] = []
    real = store.files.read_text

    def read_text(path):
        calls.append(str(path))
        return real(path)

    monkeypatch.setattr(store.files, "read_text", read_text)
    return calls


def test_result_keys_after_its_own_neither_read_nor_parse_the_file(tmp_path, monkeypatch):
    path = with_round_one(tmp_path / "EVENT.toml")
    mine = EventFile(path)
    mine.load()
    parsed, read = counting_loads(monkeypatch), counting_reads(monkeypatch)

    def result(board, text):
        def apply(event):
            event.round(1).boards[board - 1].result = text
            return LogEntry("result", f"board {board}: {text}")
        return apply

    for board, text in ((1, "1-0"), (2, "1/2-1/2"), (3, "0-1"), (1, "")):
        saved = mine.update(result(board, text))
    assert (parsed, read) == ([], [])
    assert store.load(path) == saved  # the event in memory is the one the file holds
    assert [b.result for b in saved.round(1).boards] == ["", "1/2-1/2", "0-1", "", ""]
    entries = list(store.history.read(path))
    assert [(r.revision, r.changes[0].new) for r in entries] == [(saved.revision - k, new)
                                                                 for k, new in enumerate(("", "0-1", "1/2-1/2", "1-0"))]
    saved = mine.update(lambda e: setattr(e.players[0], "rating", 2600))  # not a result: read back and checked
    assert parsed == [f"{path} (unsaved)"] and read == []
    assert store.load(path) == saved


def test_a_result_in_a_round_not_published_is_still_checked_and_refused(tmp_path):
    path = with_round_one(tmp_path / "EVENT.toml", published=False)
    mine = EventFile(path)
    mine.load()
    before = path.read_bytes()
    with pytest.raises(store.EventFileError, match="round 1 is not published, so it cannot have results yet"):
        mine.update(lambda e: setattr(e.round(1).boards[0], "result", "1-0"))
    assert path.read_bytes() == before
