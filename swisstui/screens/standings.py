"""Live standings: score, then pairing number until the tie-breaks are computed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable

from swisstui.screens.base import BaseScreen
from swisstui.widgets.format import points
from swisstui.widgets.ranking import ranking


class StandingsScreen(BaseScreen):
    SCREEN_NAME = "standings"
    TITLE_TEXT = "standings"

    DEFAULT_CSS = "StandingsScreen DataTable { height: 1fr; }"

    def compose_body(self) -> ComposeResult:
        yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in ("Rk", "No", "Name", "Rtg", "Fed", "Pts", "Games"):
            table.add_column(label, key=label)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def header_title(self) -> str:
        k = self.session.current_round
        if not k:
            return "standings · before round 1"
        done, total = self.session.results_in(k)
        return f"standings after round {k}" + ("" if done == total else f" ({done}/{total} in)")

    def refresh_data(self) -> None:
        t = self.session.tournament()
        table = self.query_one(DataTable)
        table.clear()
        for rank, pid in ranking(t):
            p = t.player(pid)
            games = sum(1 for e in p.history if e.is_game)
            name = p.name + (" (w/d)" if p.withdrawn else "")
            table.add_row(str(rank), str(pid), name, str(p.rating or ""), p.federation,
                          points(t.score(pid)), str(games), key=str(pid))
