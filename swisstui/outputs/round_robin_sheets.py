"""A round robin's published lists: the square cross-table (its standings) and the whole schedule.

Built as :class:`Sheet` rows like every other list, so they are written as HTML, text and CSV by
:mod:`swisstui.outputs.publish`. The cross-table replaces the Swiss cross-table of the round's pages
(``round-N-crosstable``); the schedule is one page with every round and a page a round
(:mod:`swisstui.outputs.round_robin_publish`).
"""

from __future__ import annotations

from swisstui.language import N_, _
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
        name = _("{name} (withdrawn)").format(name=line.name) if line.withdrawn else line.name
        cells = [table.cell_text(line, j) for j in range(1, size + 1)]
        rows.append([str(line.line), str(line.player), name, *cells, line.points, line.place, *line.values])
        csv_rows.append([str(line.line), str(line.player), line.name + (" (withdrawn)" if line.withdrawn else ""),
                         *(table.cell_text(line, j, plain=True) for j in range(1, size + 1)), line.points_plain,
                         line.place.rstrip("="), *line.values_plain])
    legend = [_(CELL_NOTE), _("#: line number, the column of the same number is the player's · No: pairing number "
                              "(the schedule's) · Rk: place, = when shared")]
    if "DE" in table.tiebreaks:
        legend.append(_(DE_NOTE))
    if table.tiebreaks:
        legend.append(_("Tie-breaks in order: {tiebreaks} (FIDE C.07)").format(tiebreaks=", ".join(table.tiebreaks)))
    columns = ["#", "No", "Name", *(str(j) for j in range(1, size + 1)), "Pts", "Rk", *table.tiebreaks]
    widest = max((len(c) for r in rows for c in r[3:3 + size]), default=1)
    title = (_("{event} · double round robin cross-table after round {round}") if table.cycles == 2
             else _("{event} · round robin cross-table after round {round}")).format(event=event.name, round=n)
    return Sheet("crosstable", title, columns, rows,
                 [*legend, *table.notes], landscape=size * (widest + 1) > PORTRAIT_CELLS,
                 numeric={0, 1, *range(3 + size, len(columns))}, csv_rows=csv_rows, round=n,
                 subtitle=event_line(event), style="square", parts=set(range(3, 3 + size)))


def _board_row(names: dict[int, str], board: int, white: int, black: int, result: str) -> list[str]:
    return [str(board), str(white), names[white], result.replace("1/2", "½") if result else "", names[black], str(black)]


def _round_rows(names: dict[int, str], rnd: ScheduledRound, plain: bool = False) -> list[list[str]]:
    """The round's boards, the bye last; ``plain``: the CSV's, the bye said in English."""
    rows = [_board_row(names, b.board, b.white, b.black, b.result) for b in rnd.boards]
    if rnd.bye is not None:
        rows.append(["", str(rnd.bye), names[rnd.bye], "bye" if plain else _("bye"), "", ""])
    return rows


SCHEDULE_NOTE = N_("The whole schedule follows the pairing numbers drawn (FIDE C.05, Annex 1: the Berger tables); "
                   "results are entered round by round.")


def schedule_sheet(event: Event) -> Sheet:
    """Every round's boards in one list: round, board, White, result, Black, the bye last in its round."""
    names = told_apart(event.players)
    schedule = event_schedule(event)
    rows = [[str(rnd.number), *row] for rnd in schedule for row in _round_rows(names, rnd)]
    csv_rows = [[str(rnd.number), *row] for rnd in schedule for row in _round_rows(names, rnd, plain=True)]
    return Sheet("schedule", _("{event} · schedule, every round").format(event=event.name),
                 ["Rd", "Bd", "No", "White", "Result", "Black", "No"], rows, [_(SCHEDULE_NOTE)],
                 numeric={0, 1, 2, 6}, csv_rows=csv_rows, subtitle=event_line(event))


def schedule_round_sheet(event: Event, number: int) -> Sheet:
    """Round ``number`` of the schedule: its boards and the bye (paired or still to be paired by the table)."""
    names = told_apart(event.players)
    rnd = event_schedule(event)[number - 1]
    title = (_("{event} · round {round} · schedule") if rnd.paired
             else _("{event} · round {round} · schedule (by the table, not paired yet)"))
    return Sheet("schedule", title.format(event=event.name, round=number),
                 ["Bd", "No", "White", "Result", "Black", "No"], _round_rows(names, rnd), [_(SCHEDULE_NOTE)],
                 numeric={0, 1, 5}, csv_rows=_round_rows(names, rnd, plain=True), subtitle=event_line(event))
