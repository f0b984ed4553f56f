"""A round robin's cross-table, which is its standings: the square table, points, place and tie-breaks.

``x`` opens it for a round robin (the Swiss cross-table otherwise); ``S`` there shows the whole schedule. Line and name stay on the left,
points, place and every tie-break on the right; the columns of the opponents between them are paged
with ←/→ when they do not all fit, whole, never cut, so a name is never shortened and no tie-break
leaves the screen. A double round robin's row is two lines high, one a cycle.

Under the table, the notes of the event (how withdrawals and absences count, as the regulations chose:
FIDE Tournament Rules art. 5.4, Laws of Chess art. 6.7.1; :mod:`swisstui.outputs.round_robin_notes`):
whole when the screen holds them beside every line of the table, else one line saying how many there
are; ``o`` shows them whole in either case, so a short terminal never loses a line of the table to them.
"""

from __future__ import annotations

from math import ceil

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from swisstui.outputs.round_robin import DIAGONAL, SquareLine, SquareTable, games_said
from swisstui.language import N_, _, ngettext
from swisstui.screens.base import BaseScreen
from swisstui.screens.standings import PlayerCardScreen
from swisstui.views.format import colour_letter
from swisstui.widgets.table import RowTable

LEGEND = N_("#: line (column) · No: pairing number · cell: colour ({white}/{black}), result (1 ½ 0, + - forfeit, "
            "· not in yet)")
"""The legend under the table (looked up where shown; the colour letters are the arbiter's language's)."""


def legend() -> str:
    white, black = colour_letter(True).lower(), colour_letter(False).lower()
    return _(LEGEND).format(white=white, black=black)


def cell_lines(table: SquareTable, line: SquareLine, column: int) -> str:
    """The cell as the terminal shows it: a game a line (``w1``; a double round robin's two cycles, two lines)."""
    games = line.cells[column - 1]
    if games is None:
        return DIAGONAL
    return "\n".join(colour_letter(g.colour == "w").lower() + g.symbol for g in games)


def wrapped_lines(text: str, width: int) -> int:
    """The terminal lines ``text`` takes at ``width`` cells (each of its lines wrapped, at least one)."""
    room = max(1, width)
    return sum(max(1, ceil(len(line) / room)) for line in text.split("\n"))


def notes_text(notes: list[str], width: int, room: int) -> str:
    """The notes under the table: whole when they fit in ``room`` lines at ``width``, else a line that
    says they are there and how to read them (``o``)."""
    if not notes:
        return ""
    whole = "\n".join(notes)
    if wrapped_lines(whole, width) <= room:
        return whole
    return ngettext("Notes: {count} line on how withdrawals and absences count · o shows them",
                    "Notes: {count} lines on how withdrawals and absences count · o shows them", len(notes)).format(
        count=len(notes))


def fitting_columns(total: int, fixed: list[int], cell: int, players: int, first: int) -> range:
    """The opponents' columns shown from ``first``: as many as fit beside the fixed ones, at least one.

    ``fixed``: the widths of the columns always shown; every column costs two cells of padding and the
    vertical scroll bar one (as :func:`swisstui.widgets.table.share_width` counts).
    """
    room = total - sum(fixed) - 2 * len(fixed) - 1
    fit = max(1, room // (cell + 2))
    first = max(1, min(first, players - fit + 1))
    return range(first, min(players, first + fit - 1) + 1)


def met_in(line: int, rounds: list[int]) -> str:
    """``3 in round 2``, ``3 in round 2 and 9`` (a double round robin's two cycles): where two players met."""
    if len(rounds) == 1:
        return _("{line} in round {round}").format(line=line, round=rounds[0])
    if len(rounds) == 2:
        return _("{line} in round {first} and {second}").format(line=line, first=rounds[0], second=rounds[1])
    return _("{line} in round {rounds}").format(line=line, rounds=", ".join(map(str, rounds)))


class RoundRobinTableScreen(BaseScreen):
    """The square cross-table after the latest round; enter or the cursor on a cell says its games' rounds."""

    SCREEN_NAME = "crosstable"
    TITLE_TEXT = N_("cross-table (standings)")

    BINDINGS = [
        Binding("left", "columns(-1)", N_("earlier columns"), show=False),
        Binding("right", "columns(1)", N_("later columns"), show=False),
        Binding("P", "publish", N_("publish")),
        Binding("S", "schedule", N_("schedule")),
        Binding("o", "notes", N_("notes"), show=False),
        Binding("dollar_sign", "prizes", N_("prizes"), show=False),
    ]

    DEFAULT_CSS = """
    RoundRobinTableScreen DataTable { height: 1fr; }
    RoundRobinTableScreen #legend { height: auto; color: $text-muted; padding: 0 1; }
    RoundRobinTableScreen #cell { height: auto; padding: 0 1; }
    RoundRobinTableScreen #notes { height: auto; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.first_column = 1
        self.table: SquareTable | None = None
        self.shown = range(1, 1)

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="rr-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="cell", markup=False)
        yield Static("", id="legend", markup=False)
        yield Static("", id="notes", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        if self.set_up:
            self.refresh_all()

    def action_columns(self, step: int) -> None:
        self.first_column = max(1, self.first_column + step * max(1, len(self.shown)))
        self.refresh_all()

    def refresh_data(self) -> None:
        table = self.table = self.session.round_robin.table()
        widget = self.query_one(DataTable)
        row = widget.cursor_row
        widget.clear(columns=True)
        players = len(table.lines)
        name = max((len(line.name) for line in table.lines), default=4)
        right = [("Pts", [line.points for line in table.lines]), ("Rk", [line.place for line in table.lines]),
                 *((tb, [line.values[i] for line in table.lines]) for i, tb in enumerate(table.tiebreaks))]
        # the words in the arbiter's language, the tie-breaks' short names as C.07 writes them
        headings = {"Pts": _("Pts"), "Rk": _("Rk"), "No": _("No"), "Name": _("Name")}
        right_widths = [max(len(headings.get(label, label)), *(len(v) for v in values)) if values
                        else len(headings.get(label, label)) for label, values in right]
        cell = max([2, *(len(g.short()) for line in table.lines for games in line.cells if games for g in games)])
        cell = max(cell, len(str(players)))
        number = max([2, *(len(str(line.player)) for line in table.lines)])
        number = max(number, len(headings["No"]))
        fixed = [len(str(players)), number, max(4, name, len(headings["Name"])), *right_widths]
        self.shown = fitting_columns(max(self.size.width, 80), fixed, cell, players, self.first_column)
        self.first_column = self.shown.start
        widget.add_column("#", key="#", width=fixed[0])
        widget.add_column(headings["No"], key="No", width=fixed[1])  # the pairing number, the schedule's
        widget.add_column(headings["Name"], key="Name", width=fixed[2])
        for j in self.shown:
            widget.add_column(str(j), key=f"c{j}", width=cell)
        for (label, _values), width in zip(right, right_widths):
            widget.add_column(headings.get(label, label), key=label, width=width)
        height = max(1, table.cycles)
        for line in table.lines:
            widget.add_row(str(line.line), str(line.player), line.name, *(cell_lines(table, line, j) for j in self.shown),
                           *(values[line.line - 1] for _label, values in right), key=str(line.player), height=height)
        if widget.row_count:
            widget.move_cursor(row=min(max(row, 0), widget.row_count - 1))
        more = ""
        if players and len(self.shown) < players:
            more = _("columns {first}-{last} of {count} · ←/→ the others").format(
                first=self.shown.start, last=self.shown.stop - 1, count=players) + " · "
        said = more + legend()
        self.query_one("#legend", Static).update(said)
        width = max(self.size.width, 80) - 2  # the padding of the lines under the table
        used = 2 + (1 + players * height) + 2 + wrapped_lines(said, width)  # title, footer, table, cell line
        self.query_one("#notes", Static).update(notes_text(table.notes, width, self.size.height - used))
        self.say_cell()

    def say_cell(self) -> None:
        """Under the table: the rounds of the games of the highlighted player against each opponent shown."""
        table, widget = self.table, self.query_one(DataTable)
        if table is None or not table.lines or widget.row_count == 0:
            self.query_one("#cell", Static).update("")
            return
        line = table.lines[min(widget.cursor_row, len(table.lines) - 1)]
        rounds = []
        for j in self.shown:
            games = line.cells[j - 1]
            if games:
                rounds.append(met_in(j, [g.round for g in games]))
        if rounds:
            said = _("{line} {name} met {opponents}").format(line=line.line, name=line.name, opponents=", ".join(rounds))
        else:
            said = _("{line} {name} met none of {first}-{last} yet").format(
                line=line.line, name=line.name, first=self.shown.start, last=self.shown.stop - 1)
        self.query_one("#cell", Static).update(said)

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.say_cell()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a line: every game of the player, round by round, in a notice."""
        table = self.table
        if table is None or event.cursor_row >= len(table.lines):
            return
        line = table.lines[event.cursor_row]
        said = [games_said(table, line, j) for j in range(1, len(table.lines) + 1) if j != line.line]
        self.notify("\n".join(said), title=f"{line.line} {line.name}", timeout=12)

    def action_notes(self) -> None:
        """The notes whole, in a window of their own: how withdrawals and absences count, and what each became."""
        table = self.table
        if table is None or not table.notes:
            self.notify(_("no notes: nobody withdrew or was absent, and the event is not a round robin by the table"),
                        timeout=6)
            return
        self.app.push_screen(PlayerCardScreen(table.notes, _("notes · after round {round}").format(
            round=table.after_round)))

    def action_prizes(self) -> None:
        """The prize list, as from the standings (a round robin's cross-table is its standings)."""
        self.host.action_show("prizes")

    def action_schedule(self) -> None:
        self.host.action_show("schedule")

    def action_publish(self) -> None:
        """Write the latest round's lists, this cross-table among them, beside the event file."""
        self.publish_round(self.session.current_round)
