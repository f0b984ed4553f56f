"""What the venue display shows: the current round's pairings and the standings, written for a hall.

A round robin's standings are its cross-table (issue 32: "the cross-table is the standings"): the
square table, a line a player, a cell each pair's games (round, colour, result), then points, place
and tie-breaks, as published (:func:`swisstui.outputs.publish.crosstable`), with the notes on
withdrawals and absences under it.

The rows come from :mod:`swisstui.outputs.publish` (same order, same players), and
are rewritten for reading from across a room: draws and half points as ``½``
(``2½``, ``½-½``: one glyph, never split over two lines), a game not yet
finished as an empty cell. Each column says how it behaves on a screen:
numbers keep their width, names give up width first (an ellipsis rather than
a second line), and the player numbers, rating and federation are the first
to go when a narrow screen cannot hold every column.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.model.explain import points_text
from swisstui.language import _
from swisstui.outputs.sheet import heading
from swisstui.store.event import Event
from swisstui.outputs.publish import Sheet, crosstable, pairings, standings_sheet
from swisstui.outputs.round_robin import CELL_NOTE, is_round_robin
from swisstui.outputs.round_robin_notes import round_robin_notes
from swisstui.outputs.team_publish import team_pairings_for_a_hall, team_standings_sheet

# Columns given up when names would be cut or numbers do not fit: level 1 first, then 2, then 3 (the
# standings' tie-breaks after the first).
OPTIONAL = {"pairings": {"No": 1, "Pts": 2}, "standings": {"No": 1, "Rtg": 2, "Fed": 2}, "crosstable": {"No": 1}}
RANKED = {"standings", "crosstable"}  # the lists ranked by points: Pts in bold, the tie-breaks after the first go last
LAST_LEVEL = 3
NAMES = {"White", "Black", "Name", "Team"}
POINTS = {"Pts"}
KEY_COLUMNS = ("Pts", "MP")  # what the standings rank by: a player's points, a team's match points


@dataclass
class Column:
    title: str  # the list's column key (English: the layout is decided by it)
    kind: str  # "num" (kept whole, right-aligned), "name" (takes what is left), "res" (a result)
    optional: int = 0  # 0: always shown; 1 to LAST_LEVEL: hidden from that level of compactness on
    key: bool = False  # the column the list is about (the standings' points): in bold

    @property
    def shown(self) -> str:
        """The heading the hall reads, in the language in force (:func:`swisstui.outputs.sheet.heading`)."""
        return heading(self.title)

    @property
    def css(self) -> str:
        return " ".join([self.kind] + [f"opt{self.optional}"] * bool(self.optional) + ["key"] * self.key)


@dataclass
class DisplayList:
    """One list on the screen: its title, columns and rows of text, a line of notes under it."""

    kind: str
    title: str
    columns: list[Column]
    rows: list[list[str]]
    notes: str = ""


@dataclass
class Screen:
    """Everything the display shows for one version of the event file."""

    name: str
    round_text: str
    updated: str  # when the event file was last saved, HH:MM local time
    lists: list[DisplayList] = field(default_factory=list)


def result_text(result: str) -> str:
    """``1/2-1/2`` as ``½-½``; no result yet as an empty cell."""
    return result.replace("1/2", "½") if result and result != "-" else ""


def _column(sheet: Sheet, i: int, title: str) -> Column:
    level = OPTIONAL.get(sheet.kind, {}).get(title, 0)
    key = next((c for c in KEY_COLUMNS if c in sheet.columns), "")
    if sheet.kind in RANKED and key and i > sheet.columns.index(key) + 1 + (sheet.kind == "crosstable"):
        level = LAST_LEVEL  # the square table's place (Rk) stays beside its points
    if title in NAMES:
        kind = "name"
    elif title == "Result":
        kind = "res"
    else:
        kind = "num" if i in sheet.numeric else "text"
    return Column(title, kind, level, sheet.kind in RANKED and title == key)


def _cell(title: str, text: str) -> str:
    if title in POINTS:
        return points_text(text)
    if title == "Result":
        return result_text(text)
    return text


def _display_list(sheet: Sheet, title: str) -> DisplayList:
    columns = [_column(sheet, i, c) for i, c in enumerate(sheet.columns)]
    rows = [[_cell(c, text) for c, text in zip(sheet.columns, row)] for row in sheet.rows]
    if sheet.csv_rows is not None:  # a shared rank on every row: a page may begin inside a tie
        for row, full in zip(rows, sheet.csv_rows):
            row[0] = full[0]
    return DisplayList(sheet.kind, title, columns, rows, footer_notes(sheet.notes))


def footer_notes(notes: list[str]) -> str:
    """The notes in one footer line, a label said once: "Not paired: A (3), half bye; B (5), absent"
    rather than "Not paired:" before every player (the display has one line for them, read from afar)."""
    groups: dict[str, list[str]] = {}
    for note in notes:
        label, colon, rest = note.partition(": ")
        key = label if colon else note
        groups.setdefault(key, []).append(rest if colon else "")
    return " · ".join(f"{label}: {'; '.join(items)}" if any(items) else label for label, items in groups.items())


def standings_round(event: Event) -> int:
    """The last round whose every game has its result (0 for none): a round still being played would
    rank half its games, so the hall sees the standings of the round before until the last result is in."""
    n = event.rounds_paired
    current = event.round(n) if n else None
    if current is not None and (any(not b.result for b in current.boards)
                                or any(not m.finished for m in current.team.matches)):
        return n - 1
    return n


def screen(event: Event, path: Path) -> Screen:
    """The screen for ``event`` as last saved at ``path``: the last paired round, the last finished standings."""
    n = event.rounds_paired
    updated = time.strftime("%H:%M", time.localtime(os.stat(path).st_mtime))
    if not n:
        round_text = _("No round paired yet")
    elif event.settings.rounds:
        round_text = _("Round {round} of {rounds}").format(round=n, rounds=event.settings.rounds)
    else:
        round_text = _("Round {round}").format(round=n)
    out = Screen(event.name, round_text, updated)
    team = event.team is not None  # a team event shows its matches board by board and the team standings
    if n:
        out.lists = [_display_list((team_pairings_for_a_hall if team else pairings)(event, n),
                                   _("Pairings round {round}").format(round=n))]
    done = standings_round(event)
    if done and is_round_robin(event):
        out.lists.append(_square_list(event, done))
    elif done:
        out.lists.append(_display_list((team_standings_sheet if team else standings_sheet)(event, done),
                                       _("Standings after round {round}").format(round=done)))
    return out


def _square_list(event: Event, done: int) -> DisplayList:
    """A round robin's standings: the square cross-table after round ``done``; under it the cell's legend
    in a line and the event's notes (how withdrawals and absences count), the published page's other
    legends (line numbers, tie-break order) left to the page, since the hall reads the table from afar."""
    sheet = crosstable(event, done)
    shown = _display_list(sheet, _("Cross-table after round {round}").format(round=done))
    shown.notes = " · ".join([_(CELL_NOTE), *round_robin_notes(event, done)])
    return shown
