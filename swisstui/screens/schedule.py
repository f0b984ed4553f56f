"""A round robin's whole schedule: every round's boards, colours and bye, known once the numbers are drawn.

``S`` on a round robin's cross-table (or the command palette's "Schedule") opens it. The rounds paired are shown as the event holds them (with their results), the later ones as the
table will pair them (C.05 Annex 1); ``P`` publishes it all, one page with every round and a page a
round. Results are still entered a round at a time (``r``), as in a Swiss event.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from swisstui.language import N_, _, ngettext
from swisstui.screens.base import BaseScreen
from swisstui.session.actions import ActionError
from swisstui.widgets.table import RowTable

NOT_A_ROUND_ROBIN = N_("The whole schedule is a round robin's: a Swiss event is paired a round at a time (n).")
COLUMNS = (N_("Rd"), N_("Bd"), N_("White"), N_("Result"), N_("Black"))
"""The schedule's columns (the keys the table finds them by; shown through the catalogue)."""


class ScheduleScreen(BaseScreen):
    SCREEN_NAME = "schedule"
    TITLE_TEXT = N_("schedule")

    BINDINGS = [Binding("P", "publish", N_("publish"))]

    DEFAULT_CSS = """
    ScheduleScreen DataTable { height: 1fr; }
    ScheduleScreen #legend { height: auto; color: $text-muted; padding: 0 1; }
    """

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="schedule", cursor_type="row", zebra_stripes=True)
        yield Static("", id="legend", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def refresh_data(self) -> None:
        s = self.session
        widget = self.query_one(DataTable)
        row = widget.cursor_row
        widget.clear(columns=True)
        legend = self.query_one("#legend", Static)
        if not s.round_robin.active:
            legend.update(_(NOT_A_ROUND_ROBIN))
            return
        try:
            rounds = s.round_robin.schedule()
        except ActionError as err:
            legend.update(str(err))
            return
        players = {p.id: p.name for p in s.event.players}
        number = len(str(max(players, default=1)))

        def who(pid: int) -> str:
            return f"{pid:>{number}} {players[pid]}"

        rows: list[tuple[str, ...]] = []
        for rnd in rounds:
            mark = "" if rnd.paired else "*"
            for i, b in enumerate(rnd.boards):
                rows.append((f"{rnd.number}{mark}" if i == 0 else "", str(b.board), who(b.white),
                             b.result.replace("1/2", "½") if b.result else "", who(b.black)))
            if rnd.bye is not None:
                rows.append(("" if rnd.boards else str(rnd.number), "", who(rnd.bye), _("bye"), ""))
        for n, label in enumerate(COLUMNS):
            heading = _(label)
            widget.add_column(heading, key=label, width=max(len(heading), *(len(r[n]) for r in rows)))
        for i, r in enumerate(rows):
            widget.add_row(*r, key=str(i))
        if widget.row_count:
            widget.move_cursor(row=min(max(row, 0), widget.row_count - 1))
        legend.update(ngettext("{count} round · * not paired yet: as the table (FIDE C.05) will pair it · "
                               "P publishes every round",
                               "{count} rounds · * not paired yet: as the table (FIDE C.05) will pair it · "
                               "P publishes every round", len(rounds)).format(count=len(rounds)))

    def action_publish(self) -> None:
        """Write the whole schedule and a page a round beside the event file (``EVENT-published/``)."""
        try:
            target, written = self.session.round_robin.publish_schedule()
        except ActionError as err:
            self.notify(str(err), severity="error", timeout=8)
            return
        self.notify(ngettext("schedule published: {count} file in {folder}",
                             "schedule published: {count} files in {folder}", len(written)).format(
            count=len(written), folder=target), timeout=6)
