"""Team standings: match points, then game points (or game points first when the event's primary score is
game points, C.04.6 art. 1.2), then the event's C.07 team tie-breaks, one column each; ranks and order are the
engine's (:func:`swisstui.outputs.team_standings.team_tiebreaks`). ``b`` opens the board standings; ``P`` publishes
the round shown, through the session (:meth:`swisstui.session.actions.ResultsService.publish`), as ``P`` on the
individual standings does: the screen only says what was written or why not."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.outputs.standings_view import shown_value
from swisstui.outputs.team_standings import team_table, tiebreak_cells
from swisstui.screens.base import AfterRoundScreen
from swisstui.screens.board_standings import BoardStandingsScreen
from swisstui.views.format import clip
from swisstui.views.team_rows import SCORE_NAMES, share, standing_columns, standing_rows
from swisstui.widgets.table import RowTable


class TeamStandingsScreen(AfterRoundScreen):
    SCREEN_NAME = "team_standings"
    TITLE_TEXT = N_("team standings")

    BINDINGS = [Binding("b", "boards", N_("board standings")), Binding("P", "publish", N_("publish"))]

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
        return _("team standings after round {round}").format(round=self._round())

    def refresh_data(self) -> None:
        event = self.session.event
        table = self.query_one(RowTable)
        built = team_table(event, self._round())  # one team tournament for the scores, the order and the tie-breaks
        primary = built.tournament.primary
        first, second = standing_columns(primary)
        standings = built.standings
        codes = [tb.code for tb in standings.tiebreaks]
        labels = [N_("Pl"), N_("No"), N_("Team"), first, second, N_("Pld"), *codes]
        # the scores' and tie-breaks' short names stay as C.07 writes them; the others are words
        shown = [_(label) if i in (0, 1, 2, 5) else label for i, label in enumerate(labels)]
        if [str(c.label) for c in table.columns.values()] != shown:  # the list or the language changed
            table.clear(columns=True)
            for label, heading in zip(labels, shown):
                table.add_column(heading, key=label)
        table.clear()
        rows = [(*row, *(shown_value(c) for c in tiebreak_cells(standings, int(row[1]))))  # 13,5 in French
                for row in standing_rows(built.rows, primary)]
        fixed = [max([len(label), *(len(r[i]) for r in rows)]) for i, label in enumerate(shown) if i != 2]
        width = share(self.app.size.width, fixed, 1)[0]  # the name takes what the other columns leave
        for row in rows:
            table.add_row(*row[:2], clip(row[2], width), *row[3:], key=row[1])
        parts = [_("{first} {first_name}, then {second} {second_name}").format(
                     first=first, first_name=_(SCORE_NAMES[first]), second=second, second_name=_(SCORE_NAMES[second])),
                 _("{pld} matches played").format(pld=_("Pld"))]
        if any(tb.group for tb in standings.tiebreaks):
            parts.append(_("EDE/TBR/BBE/DE: place in the tied group"))
        elif not codes:
            parts.append(_("no tie-breaks: ties share a place"))
        parts.append(_("[ / ] another round · b board standings · P publish"))
        self.query_one("#legend", Static).update(" · ".join(parts))

    def action_boards(self) -> None:
        self.app.push_screen(BoardStandingsScreen(self.after))

    def action_publish(self) -> None:
        """Write the team lists of the round shown beside the event file (``EVENT-published/``): matches,
        results, team and board standings, cross-table, and the index that links them. An arbiter steps
        back with ``[`` to publish an earlier round; a refusal (a folder that cannot be written) is shown."""
        self.publish_round(self._round())
