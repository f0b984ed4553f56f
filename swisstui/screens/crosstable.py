"""The cross-table: for every player, each round's opponent (by rank), colour and result."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from engine.explain import points_text
from swisstui.screens.base import BaseScreen
from swisstui.views.format import clip
from swisstui.views.ranking import cross_cell, ranking
from swisstui.widgets.table import RowTable


class CrossTableScreen(BaseScreen):
    SCREEN_NAME = "crosstable"
    TITLE_TEXT = "cross-table"

    DEFAULT_CSS = """
    CrossTableScreen DataTable { height: 1fr; }
    CrossTableScreen #legend { height: 1; color: $text-muted; padding: 0 1; }
    """

    def compose_body(self) -> ComposeResult:
        # Rank, name and points stay in view while the rounds scroll sideways.
        yield RowTable(id="crosstable", cursor_type="row", zebra_stripes=True, fixed_columns=3)
        yield Static("cell: opponent's rank, colour (w/b), result (1 ½ 0, + - forfeit, · not in)",
                     id="legend")

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def refresh_data(self) -> None:
        t = self.session.tournament()
        rounds = self.session.current_round
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for label, width in (("Rk", 3), ("Name", 16), ("Pts", 3)):
            table.add_column(label, key=label, width=width)
        for r in range(1, rounds + 1):
            table.add_column(f"R{r}", key=f"R{r}", width=5)
        order = ranking(t)
        rank_of = {pid: rank for rank, pid in order}
        for rank, pid in order:
            p = t.player(pid)
            cells = [cross_cell(p.entry(r), rank_of) for r in range(1, rounds + 1)]
            table.add_row(str(rank), clip(p.name, 16), points_text(t.score(pid)), *cells, key=str(pid))
