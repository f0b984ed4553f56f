"""A team round as paired: each match, the team with White on board 1 first, its colours board by board, the
bye and the absent teams. The pairing is the catalogue's entry run by ``session.teams.pair`` (checked by
the validator before it is stored); the explanation of the team pairing is not shown here yet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.screens.base import BaseScreen
from swisstui.views.format import clip
from swisstui.views.team_rows import colours_text, share, team_label
from swisstui.widgets.table import RowTable

MATCH_COLUMNS = (N_("No"), N_("White on bd 1"), N_("Team"), N_("Colours"))
"""The matches' columns (the keys the table finds them by; shown through the catalogue)."""


class TeamRoundScreen(BaseScreen):
    SCREEN_NAME = "team_round"
    TITLE_TEXT = N_("team pairing")

    DEFAULT_CSS = """
    TeamRoundScreen #pairs { height: 1fr; }
    TeamRoundScreen #round-notes { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, round_number: int | None = None) -> None:
        super().__init__()
        self.round_number = round_number

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="pairs", cursor_type="row", zebra_stripes=True)
        yield Static(id="round-notes", markup=False)

    def on_mount(self) -> None:
        if self.round_number is None:
            self.round_number = self.session.current_round
        table = self.query_one(RowTable)
        for label in MATCH_COLUMNS:
            table.add_column(_(label), key=label)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def header_title(self) -> str:
        return _("round {round} pairing").format(round=self.round_number or 0)

    def refresh_data(self) -> None:
        event = self.session.event
        table = self.query_one(RowTable)
        table.clear()
        rnd = self.session.round_record(self.round_number or 0)
        size = event.team.size if event.team is not None else 0
        notes = []
        numbers = max(2, len(str(len(rnd.team.matches)))) if rnd is not None else 2
        first, second = share(self.app.size.width, [numbers, max(len(_("Colours")), 2 * size - 1)], 2)
        for m in rnd.team.matches if rnd is not None else ():
            table.add_row(str(m.number), clip(team_label(event, m.white), first),
                          clip(team_label(event, m.black), second), colours_text(m, size, event.team.board_colours if event.team else ""), key=str(m.number))
        if rnd is not None and rnd.team.bye is not None:
            notes.append(_("bye: {team}").format(team=team_label(event, rnd.team.bye)))
        if rnd is not None and rnd.team.absent:
            notes.append(_("absent: {teams}").format(teams=", ".join(team_label(event, t) for t in rnd.team.absent)))
        notes.append(_("Colours: the first team's, board 1 first · r enter results · g lineups"))
        self.query_one("#round-notes", Static).update("\n".join(notes))
