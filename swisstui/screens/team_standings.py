"""Team standings: match points, then game points (or game points first when the event's primary score is
game points, C.04.6 art. 1.2); teams equal on both share a place until the C.07 team tie-breaks come."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from swisstui.screens.base import AfterRoundScreen
from swisstui.views.format import clip
from swisstui.views.team_rows import share, standing_columns, standing_rows
from swisstui.widgets.table import RowTable


class TeamStandingsScreen(AfterRoundScreen):
    SCREEN_NAME = "team_standings"
    TITLE_TEXT = "team standings"

    DEFAULT_CSS = """
    TeamStandingsScreen #team-standings { height: 1fr; }
    TeamStandingsScreen #legend { height: auto; padding: 0 1; color: $text-muted; }
    """

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="team-standings", cursor_type="row", zebra_stripes=True)
        yield Static(id="legend", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(RowTable).focus()

    def header_title(self) -> str:
        return f"team standings after round {self._round()}"

    def refresh_data(self) -> None:
        event = self.session.event
        table = self.query_one(RowTable)
        primary = self.session.teams.team_tournament().primary
        first, second = standing_columns(primary)
        if not table.columns:
            for label in ("Pl", "No", "Team", first, second, "Pld"):
                table.add_column(label, key=label)
        table.clear()
        width = share(self.app.size.width, [3, 3, 5, 5, 3], 1)[0]
        for place, number, name, a, b, played in standing_rows(event, self._round(), primary):
            table.add_row(place, number, clip(name, width), a, b, played, key=number)
        names = {"MP": "match points", "GP": "game points"}
        self.query_one("#legend", Static).update(
            f"{first} {names[first]}, then {second} {names[second]} · Pld matches played · [ / ] another round")
