"""The history beside an event: what each change changed, written so that it reads back exactly and can be taken back."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from swisstui import store
from swisstui.store.event import Board, LogEntry, PlayerRecord, RoundRecord, new_event
from swisstui.session.pairing_numbers import renumber
from swisstui.store import history
from swisstui.store.history import ABSENT, Change, Record, UndoConflict
from swisstui.store.write import render


def event_with_round():
    event = new_event("History", 5)
    event.players = [PlayerRecord(i, f"Player {i}", 2000 + 10 * i) for i in range(1, 7)]  # numbers not in order
    event.rounds = [RoundRecord(1, [Board(1, 1, 2), Board(2, 3, 4), Board(3, 5, 6)], published=True)]
    return event


def changed(fn):
    event = event_with_round()
    before = store.document(event)
    fn(event)
    return before, store.document(event)


def test_a_result_is_one_change_found_by_round_and_board_numbers():
    before, after = changed(lambda e: setattr(e.rounds[0].boards[1], "result", "1-0"))
    changes = history.diff(before, after)
    assert changes == [Change(("rounds", ("number", 1), "boards", ("board", 2), "result"), "", "1-0")]
    assert history.describe_path(changes[0].path) == "round 1, board 2, result"
    assert history.revert(after, changes) == before


def test_renumbering_is_found_by_entry_numbers_and_taken_back_whole():
    before, after = changed(renumber)
    changes = history.diff(before, after)
    assert Change(("players", ("entry", 6), "id"), 6, 1) in changes
    assert Change(("players", ("entry", 6), "entry"), ABSENT, 6) in changes
    reverted = history.revert(after, changes)
    assert reverted == before
    assert store.loads(render(reverted)) == store.loads(render(before))


def test_a_player_and_a_round_added_are_removed_again_and_removed_ones_come_back_in_place():
    def grow(event):
        event.players.append(PlayerRecord(7, "Player 7", 1500))
        event.rounds.append(RoundRecord(2, requests={}, published=False))
        event.rounds[0].boards[2].result = "0-1"

    before, after = changed(grow)
    changes = history.diff(before, after)
    assert history.revert(after, changes) == before
    shrink = history.diff(after, before)  # the other way: a player and a round removed
    assert history.revert(before, shrink) == after


def test_undo_refuses_when_the_value_changed_since():
    before, after = changed(lambda e: setattr(e.rounds[0].boards[0], "result", "1-0"))
    changes = history.diff(before, after)
    corrected = [Change(changes[0].path, "1-0", "0-1")]  # another arbiter corrected it since
    later = history.revert(after, [Change(changes[0].path, "0-1", "1-0")])
    assert history.diff(after, later) == corrected
    with pytest.raises(UndoConflict, match='round 1, board 1, result is now "0-1", not "1-0" as this change left it'):
        history.revert(later, changes)


def test_the_revision_and_the_log_are_not_changes():
    def log(event):
        event.revision += 1
        event.log.append(LogEntry("withdrawal", "3 Player 3"))

    assert history.diff(*changed(log)) == []


AWKWARD = 'quote " backslash \\ tab \t newline \n \u2028 \U0001f600 é'


def test_records_read_back_exactly_newest_first(tmp_path):
    path = tmp_path / "EVENT.toml"
    when = dt.datetime(2026, 3, 15, 13, 5, tzinfo=dt.timezone.utc)
    first = Record(LogEntry("result", "board 2: 1-0", 1, "olga", when), 4,
                   [Change(("rounds", ("number", 1), "boards", ("board", 2), "result"), "", "1-0")])
    second = Record(LogEntry("edit", AWKWARD, None, AWKWARD, when), 5,
                    [Change(("players", ("entry", 3)), ABSENT, {"id": 3, "name": AWKWARD, "rating": 0}),
                     Change(("settings", "scoring", "win"), Decimal("1.0"), Decimal("3.0")),
                     Change(("event", "start"), dt.date(2026, 3, 14), ABSENT),
                     Change(("settings", "tiebreaks"), [], ["BH/C1", "SB"])])
    third = Record(LogEntry("undo", "undone: board 2: 1-0", 1, "olga", when), 6,
                   [Change(first.changes[0].path, "1-0", "")], undoes=4)
    for record in (first, second, third):
        history.append(path, record)
    assert list(history.read(path)) == [third, second, first]
    assert history.history_path(path).read_text(encoding="utf-8").startswith("# swisstui event history")


def test_an_entry_cut_short_is_skipped_and_removed_before_the_next(tmp_path):
    path = tmp_path / "EVENT.toml"
    record = Record(LogEntry("result", "board 1"), 2, [Change(("event", "name"), "a", "b")])
    history.append(path, record)
    history.append(path, Record(LogEntry("result", "board 2"), 3, [Change(("event", "name"), "b", "c")]))
    file = history.history_path(path)
    data = file.read_bytes()
    file.write_bytes(data[: len(data) - 20])  # the second write was cut short by a crash
    assert list(history.read(path)) == [record]
    later = Record(LogEntry("result", "board 3"), 4, [Change(("event", "name"), "b", "d")])
    history.append(path, later)
    assert list(history.read(path)) == [later, record]


def test_a_listing_gives_any_entry_newest_first_without_its_changes(tmp_path):
    path = tmp_path / "EVENT.toml"
    when = dt.datetime(2026, 3, 15, 13, 5, tzinfo=dt.timezone.utc)
    records = [Record(LogEntry("result", f"board {i}", 1, AWKWARD, when), i + 1,
                      [Change(("event", "name"), AWKWARD, f"changes = [\n{i}]")]) for i in range(1, 6)]
    records.append(Record(LogEntry("undo", "board 2", 1, "olga", when), 7, [], undoes=3))
    for record in records:
        history.append(path, record)
    listing = history.Listing(path)
    assert len(listing) == 6
    assert [listing.entry(i) for i in range(6)] == [
        Record(r.log, r.revision, [], r.undoes) for r in reversed(records)]
    assert listing.undone == {3}


def test_a_listing_leaves_out_an_entry_cut_short_as_reading_does(tmp_path):
    path = tmp_path / "EVENT.toml"
    kept = Record(LogEntry("result", "board 1"), 2, [Change(("event", "name"), "a", "b")])
    history.append(path, kept)
    history.append(path, Record(LogEntry("result", "board 2"), 3, [Change(("event", "name"), "b", "c")]))
    file = history.history_path(path)
    data = file.read_bytes()
    file.write_bytes(data[: len(data) - 5])  # the changes of the second entry cut short by a crash
    listing = history.Listing(path)
    assert len(listing) == 2 and listing.entry(0) is None
    assert listing.entry(1) == Record(kept.log, 2, [])
    assert history.Listing(tmp_path / "none.toml").undone == set() and not len(history.Listing(tmp_path / "none.toml"))
