"""The cross-table: for every player, each round's opponent (by rank), colour and result."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from engine.model.explain import points_text
from swisstui.language import N_, NC_, _, pgettext
from swisstui.screens.base import BaseScreen
from swisstui.views.format import clip
from swisstui.outputs.names import shown_name, told_apart
from swisstui.outputs.ranking import cross_cell, first_round_entered, ranking
from swisstui.widgets.table import RowTable


COLUMN_LABELS = {"Rk": NC_("column", "Rk"), "Name": NC_("column", "Name"), "Pts": NC_("column", "Pts")}
"""The columns by the English label the code keys them by; shown in the arbiter's language."""
ROUND_WIDTH = 5  # "12w½" and room for a three-digit rank


class CrossTableScreen(BaseScreen):
    """As many rounds as the screen holds; ←/→ show earlier or later ones (the legend says which are shown).

    Whole rounds are paged in and out rather than scrolled sideways, so no
    column is ever shown cut in half and rank, name and points stay in view.
    """

    SCREEN_NAME = "crosstable"
    TITLE_TEXT = N_("cross-table")

    BINDINGS = [
        Binding("left", "rounds(-1)", N_("earlier rounds"), show=False),
        Binding("right", "rounds(1)", N_("later rounds"), show=False),
    ]

    DEFAULT_CSS = """
    CrossTableScreen DataTable { height: 1fr; }
    CrossTableScreen #legend { height: auto; color: $text-muted; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.first_round = 1

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="crosstable", cursor_type="row", zebra_stripes=True)
        yield Static("", id="legend", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        if self.set_up:
            self.refresh_all()

    def shown_rounds(self, name_width: int) -> range:
        """The rounds that fit beside rank, name and points, starting at :attr:`first_round`."""
        rounds = self.session.current_round
        fixed = 3 + name_width + 3 + 2 * 3 + 1  # rank, name, points, their padding, the scroll bar
        fit = max(1, (max(self.size.width, 80) - fixed) // (ROUND_WIDTH + 2))
        self.first_round = max(1, min(self.first_round, rounds - fit + 1))
        return range(self.first_round, min(rounds, self.first_round + fit - 1) + 1)

    def action_rounds(self, step: int) -> None:
        shown = self.shown_rounds(self.name_width())
        self.first_round = max(1, self.first_round + step * max(1, len(shown)))
        self.refresh_all()

    def name_width(self) -> int:
        """Names up to 24 cells beside as many rounds as fit; once every round fits, longer names take the rest."""
        names = max((len(name) for name in told_apart(self.session.event.players).values()), default=4)
        base = max(12, min(names, 24))
        rounds = self.session.current_round
        spare = max(self.size.width, 80) - (3 + base + 3 + 2 * 3 + 1) - rounds * (ROUND_WIDTH + 2)
        return base + max(0, min(names - base, spare))

    def refresh_data(self) -> None:
        t = self.session.tournament()
        rounds = self.session.current_round
        width = self.name_width()
        shown = self.shown_rounds(width)
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        for label, size in (("Rk", 3), ("Name", width), ("Pts", 3)):
            table.add_column(pgettext("column", COLUMN_LABELS[label]), key=label, width=size)
        for r in shown:
            table.add_column(_("R{round}").format(round=r), key=f"R{r}", width=ROUND_WIDTH)
        order = ranking(t)
        rank_of = {pid: rank for rank, pid in order}
        late = ""
        for rank, pid in order:
            p = t.player(pid)
            entered = first_round_entered(p, rounds)
            if entered > shown.start:
                late = " · " + _("-: not in the event yet (a late entry's rounds before it joined, 0 points)")
            cells = [cross_cell(p.entry(r), rank_of, entered=r >= entered) for r in shown]
            table.add_row(str(rank), clip(shown_name(t, pid), width), points_text(t.score(pid)), *cells, key=str(pid))
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        more = ""
        if rounds and len(shown) < rounds:
            more = _("rounds {first}-{last} of {rounds} · ←/→ other rounds · ").format(
                first=shown.start, last=shown.stop - 1, rounds=rounds)
        self.query_one("#legend", Static).update(
            more + _("cell: opponent's rank, colour (w/b), result (1 ½ 0, + - forfeit, · not in)") + late)
