"""The event's history: every change with its time and who made it; undo and un-publish from here."""

from __future__ import annotations


from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from swisstui.language import N_, NC_, _, ngettext, pgettext
from swisstui.session.actions import HistoryLine, HistoryPages
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.widgets.table import RowTable, share_width


def when(line: HistoryLine) -> str:
    """The change's time in this computer's time zone, as people read it."""
    if line.at is None:
        return ""
    at = line.at.astimezone()
    return f"{at.day:02d} {month_short(at.month)} {at:%H:%M:%S}"


def month_short(month: int) -> str:
    """The month's abbreviation in the arbiter's language (strftime's %b follows the C locale, not it)."""
    return pgettext("month, short", MONTHS_SHORT[month - 1])


MONTHS_SHORT = (NC_("month, short", "Jan"), NC_("month, short", "Feb"), NC_("month, short", "Mar"),
                NC_("month, short", "Apr"), NC_("month, short", "May"), NC_("month, short", "Jun"),
                NC_("month, short", "Jul"), NC_("month, short", "Aug"), NC_("month, short", "Sep"),
                NC_("month, short", "Oct"), NC_("month, short", "Nov"), NC_("month, short", "Dec"))
"""Three letters each in every language: the When column is 15 cells ("29 Nov 14:03:05")."""


PAGE = 100  # history entries read at a time: a few screenfuls
MARGIN = 25  # rows from the end of those read at which more are read
WINDOW = 3 * PAGE  # rows kept when going back up from the oldest
COLUMNS = ("When", "Who", "What", "Rd", "Change")
COLUMN_LABELS = {"When": NC_("column", "When"), "Who": NC_("column", "Who"), "What": NC_("column", "What"),
                 "Rd": NC_("column", "Rd"), "Change": NC_("column", "Change")}
"""The columns by the English label the code keys them by, shown in the arbiter's language. The history's
own lines (who, what, the change) are the history file's records, shown as recorded."""
FIXED_WIDTHS = {"When": 15, "Rd": 2}
LEAST_CHANGE = 16  # the Change column's width on a terminal too narrow to give it more


class HistoryTable(RowTable):
    """The rows of a stretch of the history: the screen reads more as the cursor nears either end
    of it, or the view its last row. Home goes to the newest change and End to the oldest.

    A row is one line, its Change cut to the width left (a correction's reason, a details
    save naming every field, run past any terminal); the highlighted row's change is shown
    whole, wrapped, in the line under the table.
    """

    WHOLE_TEXT = ("Change", "#history-detail")  # the column shown whole, and where (tests/app/clipping.py)

    @property
    def history(self) -> HistoryScreen:
        """The screen that reads the history in as this table scrolls."""
        screen = self.screen
        if not isinstance(screen, HistoryScreen):
            raise RuntimeError("the history table is shown on the history screen only")
        return screen

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value > old_value:  # scrolled down (the wheel): read on below, once the view is drawn
            self.call_after_refresh(self.history.read_around)

    def action_first_row(self) -> None:
        self.history.show_stretch(0, PAGE, row=0)

    def action_last_row(self) -> None:
        total = self.history.pages.total if self.history.pages is not None else 0
        self.history.show_stretch(total - PAGE, total, row=-1)


class HistoryScreen(BaseScreen):
    """Newest first; a change taken back by an undo is struck through. u undoes the last change
    (back to the last published round), U un-publishes the latest round while none of its results is in.

    An event's history grows by an entry per result key, to thousands: the table holds a stretch
    of a few pages, parsed as it is shown (more as the arbiter scrolls, the oldest page on End),
    and the history is read again only when it changed.
    """

    SCREEN_NAME = "history"
    TITLE_TEXT = N_("history")

    BINDINGS = [
        Binding("u", "undo", N_("undo last")),
        Binding("U", "unpublish", N_("un-publish round")),
    ]

    DEFAULT_CSS = """
    HistoryScreen DataTable { height: 1fr; }
    HistoryScreen #history-detail { height: auto; padding: 0 1; border-top: solid $primary; }
    HistoryScreen #history-note { height: auto; color: $text-muted; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.pages: HistoryPages | None = None
        self.start = self.stop = 0  # the entries in the table (0 the newest)
        self._read = False
        self._stamp: object = None  # the history file when it was read
        self._lines: dict[str, HistoryLine] = {}  # the table's rows by key

    def compose_body(self) -> ComposeResult:
        yield HistoryTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Static("", id="history-detail", markup=False)
        yield Static("", id="history-note", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self.set_columns(table)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def widths(self) -> dict[str, int]:
        """Who and What as wide as the names and actions read so far; Change takes the rest."""
        lines = self._lines.values()
        who = max((len(line.by) for line in lines), default=3)
        what = max((len(line.action) for line in lines), default=4)
        return share_width(max(self.size.width, 40), FIXED_WIDTHS,
                           {"Who": (3, who), "What": (4, what), "Change": (LEAST_CHANGE, 10_000)})

    def set_columns(self, table: DataTable) -> bool:
        """Lay the columns out again where their widths changed (which empties the table); whether it did."""
        widths = self.widths()
        if [c.width for c in table.columns.values()] == [widths[label] for label in COLUMNS]:
            return False
        table.clear(columns=True)
        for label in COLUMNS:
            table.add_column(pgettext("column", COLUMN_LABELS[label]), key=label, width=widths[label])
        return True

    def on_resize(self) -> None:
        if self.set_up:
            self._add([])

    def refresh_data(self) -> None:
        stamp = self.session.history.stamp()
        if self._read and stamp == self._stamp:
            return  # nothing recorded since: the rows shown are the history
        self._read, self._stamp = True, stamp
        self.pages = self.session.history.pages()
        self.show_stretch(0, PAGE, row=0)
        last = self.session.history.undo_candidate()
        note = [ngettext("{count} change(s) recorded", "{count} change(s) recorded", self.pages.total).format(
            count=self.pages.total)]
        note.append(_("u undoes: {change}").format(change=line_said(last)) if last
                    else _("nothing to undo since the last published round"))
        self.query_one("#history-note", Static).update(" · ".join(note))

    def show_stretch(self, start: int, stop: int, row: int) -> None:
        """Fill the table with entries ``start`` to ``stop``, the cursor on ``row`` (-1: the last)."""
        if self.pages is None:
            return
        table = self.query_one(HistoryTable)
        self.start, self.stop = max(0, start), min(stop, self.pages.total)
        table.clear()
        self._lines = {}
        self._add(self.pages.lines(self.start, self.stop))
        if table.row_count:
            table.move_cursor(row=row % table.row_count, animate=False)
        self.show_detail()

    def _add(self, lines: list[HistoryLine]) -> None:
        """Add rows for ``lines``; every row again where a longer name or action widened its column."""
        table = self.query_one(HistoryTable)
        new = []
        for line in lines:
            new.append(str(len(self._lines)))
            self._lines[new[-1]] = line
        row = table.cursor_row
        if self.set_columns(table):
            new = list(self._lines)
        for key in new:
            line = self._lines[key]
            style = "strike dim" if line.undone else ""
            cells = (when(line), line.by, line.action, str(line.round or ""), line.text)
            table.add_row(*(Text(c, style=style, overflow="ellipsis", no_wrap=True) for c in cells), key=key)
        if len(new) == len(self._lines) and table.row_count and row > 0:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)  # where it was before

    def highlighted(self) -> HistoryLine | None:
        table = self.query_one(HistoryTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return self._lines.get(key) if key is not None else None

    def show_detail(self) -> None:
        """The highlighted change in full (the Change column cuts what is wider than it)."""
        line = self.highlighted()
        text = "" if line is None else line.text or _("{action}: nothing more recorded").format(action=line.action)
        if line is not None and line.undone:
            text = _("{change} · undone").format(change=text)
        self.query_one("#history-detail", Static).update(text)

    def read_around(self) -> None:
        """Read on where the cursor nears an end of the rows read, or the view their last row."""
        if self.pages is None:
            return
        table = self.query_one(HistoryTable)
        row = table.cursor_row
        if max(row, int(table.scroll_y) + table.size.height) >= table.row_count - MARGIN \
                and self.stop < self.pages.total:
            stop = min(self.stop + PAGE, self.pages.total)
            self._add(self.pages.lines(self.stop, stop))
            self.stop = stop
        elif row < MARGIN and self.start > 0:
            # Newer changes above the first row (after End): fill the table again a page higher,
            # the cursor staying on its change.
            start = max(0, self.start - PAGE)
            above = len(self.pages.lines(start, self.start))
            self.show_stretch(start, min(self.stop, start + WINDOW), row=row + above)

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self.read_around()  # where the cursor is now (clearing the table moved it to the top meanwhile)
        self.show_detail()

    def action_undo(self) -> None:
        last = self.session.history.undo_candidate()
        if last is None:
            self.notify(_("nothing to undo since the last published round"), severity="warning")
            return
        question = (_("Undo {change}, made {when} by {who}?").format(change=line_said(last), when=when(last), who=last.by)
                    if last.by else _("Undo {change}, made {when} by someone?").format(change=line_said(last),
                                                                                       when=when(last)))

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.history.undo(last.revision), done=_("undone: {change}").format(change=line_said(last)))

        self.app.push_screen(ConfirmScreen(question, _("Undo")), answered)

    def action_unpublish(self) -> None:
        refusal = self.session.history.can_unpublish()
        if refusal:
            self.notify(refusal, severity="warning", timeout=6)
            return
        k = self.session.current_round
        question = _("Un-publish round {round}? Its pairing is taken back (no result is in) and the round can be "
                     "paired again; the log keeps that it was.").format(round=k)

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(self.session.history.unpublish, done=_("round {round} un-published").format(round=k))

        self.app.push_screen(ConfirmScreen(question, _("Un-publish")), answered)


def line_said(line: HistoryLine) -> str:
    return f"{line.action} ({line.text})" if line.text else line.action
