"""Board standings of a team event: for each board, the players who sat on it, in the engine's order for board
prizes (performance, then games, then percentage: :mod:`engine.tiebreaks.board_standings`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from swisstui.outputs.board_lines import BOARD_COLUMNS, board_rows
from swisstui.language import N_, _
from swisstui.screens.base import AfterRoundScreen
from swisstui.views.format import clip
from swisstui.views.team_rows import share
from swisstui.widgets.table import RowTable

COLUMN_WORDS = (N_("Bd"), N_("Rk"), N_("Name"), N_("Team"), N_("Pts"), N_("Rds"), N_("Rtd"), N_("Perf"))
"""The board standings' columns (:data:`BOARD_COLUMNS`, the published page's keys), marked here for the
catalogue: the screen shows each through it."""


class BoardStandingsScreen(AfterRoundScreen):
    SCREEN_NAME = "board_standings"
    TITLE_TEXT = N_("board standings")

    BINDINGS = [Binding("escape", "back", N_("back"))]

    DEFAULT_CSS = """
    BoardStandingsScreen #board-standings { height: 1fr; }
    BoardStandingsScreen #board-legend { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, after: int | None = None) -> None:
        super().__init__()
        self.after = after

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="board-standings", cursor_type="row", zebra_stripes=True)
        yield Static(id="board-legend", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(RowTable).focus()

    def header_title(self) -> str:
        return _("board standings after round {round}").format(round=self._round())

    def refresh_data(self) -> None:
        table = self.query_one(RowTable)
        if not table.columns:
            for label in BOARD_COLUMNS:
                table.add_column(_(label), key=label)
        table.clear()
        rows = board_rows(self.session.event, self._round(), short=True)
        fixed = [max([len(_(label)), *(len(r[i]) for r in rows)]) for i, label in enumerate(BOARD_COLUMNS)
                 if i not in (2, 3)]
        name, team = share(self.app.size.width, fixed, 2)  # the names take what the figures leave
        widest_team = max([4, *(len(r[3]) for r in rows)])
        if widest_team < team:  # short team names: the player's name takes the rest
            team = widest_team
            name = share(self.app.size.width, [*fixed, team], 1)[0]
        for i, row in enumerate(rows):
            table.add_row(row[0], row[1], clip(row[2], name), clip(row[3], team), *row[4:], key=str(i))
        self.query_one("#board-legend", Static).update(
            _("{rds} rounds on the board · {rtd} rated games · {perf} performance (C.07 10.2) · [ / ] round · "
              "escape back").format(rds=_("Rds"), rtd=_("Rtd"), perf=_("Perf")))

    def action_back(self) -> None:
        self.app.pop_screen()
