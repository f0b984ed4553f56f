"""The teams of a team event: pairing number, names, federation or club, captain, and the highlighted team's
players in board order with its reserves; a team added through a form, a team withdrawn or absent.

Every change is one operation of ``session.teams`` (registration, absence, withdrawal); the screen keeps
nothing of its own but the cursor.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from swisstui.language import N_, _, ngettext
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.team_form import TeamFormScreen
from swisstui.session.team_actions import NewTeam
from swisstui.views.format import clip
from swisstui.views.team_rows import roster_lines, share, team_status
from swisstui.widgets.table import RowTable


class TeamsScreen(BaseScreen):
    SCREEN_NAME = "teams"
    TITLE_TEXT = N_("teams")

    BINDINGS = [
        Binding("a", "add", N_("add a team")),
        Binding("minus", "absent", N_("absent next round")),
        Binding("w", "withdraw", N_("withdraw")),
        Binding("D", "draw", N_("draw numbers")),
    ]

    DEFAULT_CSS = """
    TeamsScreen #teams { height: 1fr; }
    TeamsScreen #roster { height: auto; max-height: 12; padding: 0 1; background: $panel; }
    """

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="teams", cursor_type="row", zebra_stripes=True)
        yield Static(id="roster", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in (N_("No"), N_("Team"), N_("Short"), N_("Status")):
            table.add_column(_(label), key=label)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def header_title(self) -> str:
        count = len(self.session.event.teams)
        return ngettext("teams · {count} registered", "teams · {count} registered", count).format(count=count)

    def refresh_data(self) -> None:
        event = self.session.event
        table = self.query_one(RowTable)
        row = table.cursor_row
        table.clear()
        upcoming = event.round(event.rounds_paired + 1)
        absent = upcoming.team.absent if upcoming is not None else []
        for t in event.teams:
            table.add_row(str(t.id), clip(t.name, share(self.app.size.width, [3, 8, 18], 1)[0]), t.short,
                          team_status(t, event.rounds_paired + 1, absent), key=str(t.id))
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self.show_roster()

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self.show_roster()

    def current(self) -> int | None:
        """The pairing number of the team under the cursor."""
        teams = self.session.event.teams
        table = self.query_one(RowTable)
        if not teams or not table.row_count:
            return None
        return teams[min(table.cursor_row, len(teams) - 1)].id

    def show_roster(self) -> None:
        tid = self.current()
        roster = self.query_one("#roster", Static)
        if tid is None:
            roster.update(_("No team yet: a adds one (its players in board order, then its reserves)."))
            return
        roster.update("\n".join(roster_lines(self.session.event, self.session.event.team_record(tid))))

    def action_add(self) -> None:
        team = self.session.event.team
        if team is None:
            self.notify(_("not a team event"), severity="warning")
            return

        def done(new: NewTeam | None) -> None:
            if new is None:
                return
            number = self.host.act_value(lambda: self.session.teams.add(
                new.name, new.roster, new.reserves, new.short, new.federation, new.club, new.captain))
            if number is not None:
                self.notify(_("team {number} {name} registered").format(number=number.value, name=new.name), timeout=3)
                self.query_one(RowTable).move_cursor(row=len(self.session.event.teams) - 1)

        self.app.push_screen(TeamFormScreen(team.size), done)

    def action_absent(self) -> None:
        """-: the team will not play the next round (C.04.6 pairs the teams present; an absent team scores nothing)."""
        tid = self.current()
        if tid is None:
            return
        k = self.session.current_round + 1
        self.host.act(lambda: self.session.teams.absent(k, tid),
                      done=_("team {number} absent from round {round}").format(number=tid, round=k))

    def action_withdraw(self) -> None:
        tid = self.current()
        if tid is None:
            return
        name = self.session.event.team_record(tid).name

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.teams.withdraw(tid),
                              done=_("team {number} withdrawn").format(number=tid))

        self.app.push_screen(ConfirmScreen(_("Withdraw team {number} {name}? It plays no more rounds.").format(
            number=tid, name=name), _("Withdraw")), answered)

    def action_draw(self) -> None:
        """D: a team round robin's numbers drawn by lot before round 1 (C.05), from a fresh seed shown here and
        kept in the event's log with the numbers it gave; the session refuses it in a team Swiss."""
        seed = self.session.round_robin.new_seed()

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.team_round_robin.draw_numbers(seed),
                              done=_("team numbers drawn with seed {seed}").format(seed=seed))

        self.app.push_screen(ConfirmScreen(_("Draw the teams' numbers by lot with seed {seed}? The schedule "
                                             "follows them; the seed goes into the log.").format(seed=seed),
                                           _("Draw")), answered)

