"""A round robin's published lists: the square cross-table (its standings) and the whole schedule.

Built as :class:`Sheet` rows like every other list, so they are written as HTML, text and CSV by
:mod:`swisstui.outputs.publish`. The cross-table replaces the Swiss cross-table of the round's pages
(``round-N-crosstable``); the schedule is one page with every round and a page a round
(:mod:`swisstui.outputs.round_robin_publish`).
"""

from __future__ import annotations

from swisstui.outputs.names import told_apart
from swisstui.outputs.publish_index import event_line
from swisstui.outputs.round_robin import CELL_NOTE, ScheduledRound, event_schedule, square_table
from swisstui.outputs.sheet import Sheet
from swisstui.outputs.standings_view import DE_NOTE
from swisstui.store.event import Event

PORTRAIT_CELLS = 30  # characters of cells an A4 portrait line holds at 11 pt beside number and name (publish.py)


def square_sheet(event: Event, n: int, notes: list[str]) -> Sheet:
    """The cross-table after round ``n`` as the standings: line, name, one column a line, points, place, tie-breaks.

    ``notes``: the event's own lines for under the table (how withdrawals were handled), kept after
    the legend, in the order given.
    """
    table = square_table(event, n, notes)
    size = len(table.lines)
    rows, csv_rows = [], []
    for line in table.lines:
        name = line.name + (" (withdrawn)" if line.withdrawn else "")
        cells = [table.cell_text(line, j) for j in range(1, size + 1)]
        rows.append([str(line.line), str(line.player), name, *cells, line.points, line.place, *line.values])
        csv_rows.append([str(line.line), str(line.player), name, *cells, line.points_plain, line.place.rstrip("="),
                         *line.values])
    legend = [CELL_NOTE, "#: line number, the column of the same number is the player's · No: pairing number "
              "(the schedule's) · Rk: place, = when shared"]
    if "DE" in table.tiebreaks:
        legend.append(DE_NOTE)
    if table.tiebreaks:
        legend.append(f"Tie-breaks in order: {', '.join(table.tiebreaks)} (FIDE C.07)")
    columns = ["#", "No", "Name", *(str(j) for j in range(1, size + 1)), "Pts", "Rk", *table.tiebreaks]
    widest = max((len(c) for r in rows for c in r[3:3 + size]), default=1)
    cycle = "double round robin" if table.cycles == 2 else "round robin"
    return Sheet("crosstable", f"{event.name} · {cycle} cross-table after round {n}", columns, rows,
                 [*legend, *table.notes], landscape=size * (widest + 1) > PORTRAIT_CELLS,
                 numeric={0, 1, *range(3 + size, len(columns))}, csv_rows=csv_rows, round=n,
                 subtitle=event_line(event), style="square", parts=set(range(3, 3 + size)))


def _board_row(event: Event, names: dict[int, str], board: int, white: int, black: int, result: str) -> list[str]:
    return [str(board), str(white), names[white], result.replace("1/2", "½") if result else "", names[black], str(black)]


def _round_rows(event: Event, names: dict[int, str], rnd: ScheduledRound) -> list[list[str]]:
    rows = [_board_row(event, names, b.board, b.white, b.black, b.result) for b in rnd.boards]
    if rnd.bye is not None:
        rows.append(["", str(rnd.bye), names[rnd.bye], "bye", "", ""])
    return rows


SCHEDULE_NOTE = ("The whole schedule follows the pairing numbers drawn (FIDE C.05, Annex 1: the Berger tables); "
                 "results are entered round by round.")


def schedule_sheet(event: Event) -> Sheet:
    """Every round's boards in one list: round, board, White, result, Black, the bye last in its round."""
    names = told_apart(event.players)
    rows = [[str(rnd.number), *row] for rnd in event_schedule(event) for row in _round_rows(event, names, rnd)]
    return Sheet("schedule", f"{event.name} · schedule, every round", ["Rd", "Bd", "No", "White", "Result",
                 "Black", "No"], rows, [SCHEDULE_NOTE], numeric={0, 1, 2, 6}, subtitle=event_line(event))


def schedule_round_sheet(event: Event, number: int) -> Sheet:
    """Round ``number`` of the schedule: its boards and the bye (paired or still to be paired by the table)."""
    names = told_apart(event.players)
    rnd = event_schedule(event)[number - 1]
    state = "" if rnd.paired else " (by the table, not paired yet)"
    return Sheet("schedule", f"{event.name} · round {number} · schedule{state}", ["Bd", "No", "White", "Result",
                 "Black", "No"], _round_rows(event, names, rnd), [SCHEDULE_NOTE], numeric={0, 1, 5},
                 subtitle=event_line(event))
