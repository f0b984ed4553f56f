"""Two players of one name are told apart wherever names are listed (issue 30 item 5).

Two "Smith, J" (one English, one Scottish) in a club event: the pairings, the list by name,
the standings, the cross-table, the paper for the hall and the venue display each name them
"Smith, J (ENG)" and "Smith, J (SCO)"; a name that does not repeat is shown as it is.
"""

from __future__ import annotations

from types import SimpleNamespace

from swisstui.outputs.names import told_apart
from swisstui.outputs.paper import paper_round
from swisstui.outputs.publish import alphabetical, crosstable, pairings, standings_sheet
from swisstui.store import event as ev
from swisstui.web.display_lists import screen

APART = {"Smith, J (ENG)", "Smith, J (SCO)"}


def two_smiths() -> ev.Event:
    event = ev.new_event("Club night", 5, "dutch-2026")
    event.players = [
        ev.PlayerRecord(id=1, name="Smith, J", rating=2100, federation="ENG"),
        ev.PlayerRecord(id=2, name="Jones, A", rating=2000, federation="WLS"),
        ev.PlayerRecord(id=3, name="Smith, J", rating=1900, federation="SCO"),
        ev.PlayerRecord(id=4, name="Brown, K", rating=1800, federation="ENG"),
    ]
    rnd = event.ensure_round(1)
    rnd.boards = [ev.Board(1, 1, 3, "1-0"), ev.Board(2, 4, 2, "1/2-1/2")]
    rnd.published = True
    return event


def _names_in(rows: list[list[str]], column: int) -> set[str]:
    return {row[column] for row in rows}


def test_the_helper_uses_federation_then_rating_then_number():
    def p(pid: int, name: str, fed: str = "", rating: int = 0) -> SimpleNamespace:
        return SimpleNamespace(id=pid, name=name, federation=fed, rating=rating)

    assert told_apart([p(1, "Smith, J", "ENG"), p(2, "smith, j ", "SCO"), p(3, "Jones, A", "ENG")]) == \
        {1: "Smith, J (ENG)", 2: "smith, j  (SCO)", 3: "Jones, A"}
    assert told_apart([p(1, "Smith, J", "ENG", 2100), p(2, "Smith, J", "ENG", 1900)]) == \
        {1: "Smith, J (2100)", 2: "Smith, J (1900)"}
    assert told_apart([p(1, "Smith, J", "ENG", 1900), p(2, "Smith, J", "ENG", 1900), p(3, "Smith, J")]) == \
        {1: "Smith, J (No 1)", 2: "Smith, J (No 2)", 3: "Smith, J (No 3)"}


def test_every_published_list_tells_the_two_apart(tmp_path):
    event = two_smiths()
    board = pairings(event, 1).rows[0]
    assert (board[2], board[6]) == ("Smith, J (ENG)", "Smith, J (SCO)"), board
    assert _names_in(alphabetical(event, 1).rows, 0) >= APART
    assert _names_in(standings_sheet(event, 1).rows, 2) >= APART
    assert _names_in(crosstable(event, 1).rows, 3) >= APART
    assert "Jones, A" in _names_in(standings_sheet(event, 1).rows, 2), "a name that does not repeat stays as it is"
    paper = paper_round(event, 1, [], [])
    assert (paper.boards[0].white.name, paper.boards[0].black.name) == ("Smith, J (ENG)", "Smith, J (SCO)")
    path = tmp_path / "club.toml"
    path.write_text("", encoding="utf-8")
    shown = screen(event, path)
    assert any(APART <= {c for row in lst.rows for c in row} for lst in shown.lists), shown.lists
