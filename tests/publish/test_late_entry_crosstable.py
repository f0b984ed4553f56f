"""A late entry's rounds before it joined are a dash in the cross-table, not a zero-point bye.

Issue 30 item 5: the published cross-table (and the screen's) showed "0bye" in the rounds
before a late entry's registration, as if the player had asked to sit them out. The event
records those rounds as zero-point byes (C.04.2 art. 2.4); a zero-point bye taken after a
round played is an absence and stays "0bye".
"""

from __future__ import annotations

from swisstui.outputs.publish import crosstable
from swisstui.session import entries
from swisstui.store import event as ev
from engine.model.tournament import ResultCode

NOT_ENTERED_NOTE = "-: not in the event yet (a late entry's rounds before it joined, 0 points)"

RATINGS = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]


def late_entry_event() -> ev.Event:
    """Eight players, two rounds played; "Late, Entry" registered after round 2, who plays round 3,
    where player 8 (who played rounds 1 and 2) is absent with a zero-point bye."""
    event = ev.new_event("Club night", 5, "dutch-2026")
    event.players = [ev.PlayerRecord(id=i, name=f"Player {i}", rating=r) for i, r in enumerate(RATINGS, 1)]
    for number in (1, 2):
        rnd = event.ensure_round(number)
        rnd.boards = [ev.Board(b, 2 * b - 1, 2 * b, "1-0") for b in range(1, 5)]
        rnd.published = True
    late, _ = entries.add_player(event, ev.PlayerRecord(id=0, name="Late, Entry", rating=1500), renumber_list=False)
    assert late == 9
    rnd = event.ensure_round(3)
    rnd.boards = [ev.Board(1, 2, 1, "1-0"), ev.Board(2, 4, 3, "1-0"), ev.Board(3, 6, 5, "1-0"),
                  ev.Board(4, 7, 9, "0-1")]
    rnd.requests[8] = ResultCode.ZERO_BYE
    rnd.published = True
    return event


def test_rounds_before_a_late_entry_are_a_dash_with_a_note():
    sheet = crosstable(late_entry_event(), 3)
    by_name = {row[3]: row for row in sheet.rows}
    late = by_name["Late, Entry"][5:]
    assert late[:2] == ["-", "-"], late
    assert late[2].endswith("b1"), late
    assert by_name["Player 8"][5:][2] == "0bye", "an absence after playing is still a zero-point bye"
    assert NOT_ENTERED_NOTE in sheet.notes
    assert all("0bye" not in cell for row in sheet.rows if row[3] != "Player 8" for cell in row[5:])


def test_no_note_without_a_late_entry():
    event = late_entry_event()
    sheet = crosstable(event, 2)  # after round 2 the late entry has played nothing
    assert NOT_ENTERED_NOTE in sheet.notes
    event.players = [p for p in event.players if p.id != 9]
    for rnd in event.rounds:
        rnd.requests.pop(9, None)
    assert NOT_ENTERED_NOTE not in crosstable(event, 2).notes
