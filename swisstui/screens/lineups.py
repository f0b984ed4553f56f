"""The lineups of a team round, a team at a time: who sits on each board, changed from the keyboard.

The lineup starts as the session gave it when the round was paired (the first players of the board
order who are present). shift+up / shift+down move the player under the cursor a board up or down;
``e`` brings in a player of the team who is not playing (a reserve) for the one under the cursor, the
lineup then put in the team's board order. Each change is ``session.teams.set_lineup``: a lineup the
team may not field is refused with the rule named (swisstui/store/lineups.py, the rules the event
file's reader keeps too), and the refusal stays on the screen until the next change.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ChoiceScreen
from swisstui.session.actions import ActionError
from swisstui.session.team_actions import EMPTY, TeamMatchRecord
from swisstui.views.format import colour_letter
from swisstui.views.team_rows import player_label, team_label
from swisstui.widgets.table import RowTable


class LineupsScreen(BaseScreen):
    SCREEN_NAME = "lineups"
    TITLE_TEXT = N_("lineups")

    BINDINGS = [
        Binding("left", "team(-1)", N_("prev team"), priority=True),
        Binding("right", "team(1)", N_("next team"), priority=True),
        Binding("shift+up", "move(-1)", N_("move up")),
        Binding("shift+down", "move(1)", N_("move down")),
        Binding("e", "swap", N_("swap in")),
        Binding("left_square_bracket", "round(-1)", N_("prev round"), show=False),
        Binding("right_square_bracket", "round(1)", N_("next round"), show=False),
    ]

    DEFAULT_CSS = """
    LineupsScreen #lineup-head { height: auto; padding: 0 1; text-style: bold; }
    LineupsScreen #lineup { height: auto; max-height: 12; }
    LineupsScreen #bench { height: 1fr; padding: 0 1; }
    LineupsScreen #said { height: auto; padding: 0 1; color: $warning; }
    """

    def __init__(self, round_number: int | None = None) -> None:
        super().__init__()
        self.round_number = round_number
        self.index = 0  # the team shown: its place among the teams playing the round
        self.said = ""

    def compose_body(self) -> ComposeResult:
        yield Static(id="lineup-head", markup=False)
        yield RowTable(id="lineup", cursor_type="row")
        yield Static(id="bench", markup=False)
        yield Static(id="said", markup=False)

    def on_mount(self) -> None:
        if self.round_number is None:
            self.round_number = self.session.current_round
        table = self.query_one(RowTable)
        for label in (N_("Bd"), N_("Col"), N_("Player")):
            table.add_column(_(label), key=label)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def header_title(self) -> str:
        return _("round {round} lineups").format(round=self.round_number or 0)

    def playing(self) -> list[tuple[int, TeamMatchRecord]]:
        """(team, its match) for every team with a match in the round, by pairing number."""
        rnd = self.session.round_record(self.round_number or 0)
        if rnd is None:
            return []
        return sorted((t, m) for m in rnd.team.matches for t in m.teams)

    def current(self) -> tuple[int, TeamMatchRecord] | None:
        found = self.playing()
        if not found:
            return None
        self.index = max(0, min(self.index, len(found) - 1))
        return found[self.index]

    def refresh_data(self) -> None:
        event = self.session.event
        table = self.query_one(RowTable)
        row = table.cursor_row
        table.clear()
        shown = self.current()
        if shown is None:
            self.query_one("#lineup-head", Static).update(_("No team round paired yet: pair one with n."))
            self.query_one("#bench", Static).update("")
            return
        tid, match = shown
        other = match.black if tid == match.white else match.white
        head = _("{team} ({number} of {count}) · match {match} v {opponent}").format(
            team=team_label(event, tid), number=self.index + 1, count=len(self.playing()), match=match.number,
            opponent=team_label(event, other))
        if match.forfeit or any(b.result for b in match.boards):
            head += " · " + _("results in: fixed")
        self.query_one("#lineup-head", Static).update(head)
        lineup = match.lineup(tid, event.team.board_colours if event.team else "")
        for board, pid in enumerate(lineup, start=1):
            colour = colour_letter(match.side_of_board(board, event.team.board_colours if event.team else "")[0] == tid)
            table.add_row(str(board), colour, player_label(event, pid), key=str(board))
        table.move_cursor(row=min(row, table.row_count - 1))
        record = event.team_record(tid)
        bench = [p for p in record.board_order if p not in lineup]
        self.query_one("#bench", Static).update(_("Not playing: {players}").format(
            players=", ".join(player_label(event, p) for p in bench) if bench else _("nobody")))
        # a lineup the event's regulations allow with a warning (settings.team.lineup = warn): the rule it breaks
        warned = [_("accepted with a warning: {rule}").format(rule=w)
                  for w in self.session.teams.lineup_warnings(self.round_number or 0, tid)]
        self.query_one("#said", Static).update(self.said or "\n".join(warned))

    def action_team(self, delta: int) -> None:
        target = self.index + delta
        if 0 <= target < len(self.playing()):
            self.index, self.said = target, ""
            self.refresh_all()

    def action_round(self, delta: int) -> None:
        target = (self.round_number or 0) + delta
        if 1 <= target <= self.session.current_round:
            self.round_number, self.said = target, ""
            self.refresh_all()

    def change(self, tid: int, lineup: list[int], cursor: int) -> None:
        """Ask the session for ``lineup``; what it refuses stays on the screen, the rule named."""
        k = self.round_number or 0
        self.said = ""

        def change() -> object:
            try:
                return self.session.teams.set_lineup(k, tid, lineup)
            except ActionError as err:  # the session's refusal, the rule named: kept on the screen
                self.said = _("refused: {reason}").format(reason=err)
                raise

        if self.host.act(change):
            self.said = ""
            self.refresh_all()
            self.query_one(RowTable).move_cursor(row=cursor)
        else:
            self.refresh_all()

    def action_move(self, delta: int) -> None:
        """shift+up / shift+down: the player under the cursor changes boards with the one above or below."""
        shown = self.current()
        if shown is None:
            return
        tid, match = shown
        event = self.session.event
        lineup = match.lineup(tid, event.team.board_colours if event.team else "")
        row = self.query_one(RowTable).cursor_row
        target = row + delta
        if not 0 <= target < len(lineup):
            return
        lineup[row], lineup[target] = lineup[target], lineup[row]
        self.change(tid, lineup, target)

    def action_swap(self) -> None:
        """e: a player of the team who is not playing comes in for the one under the cursor."""
        shown = self.current()
        if shown is None:
            return
        tid, match = shown
        event = self.session.event
        record = event.team_record(tid)
        lineup = match.lineup(tid, event.team.board_colours if event.team else "")
        row = self.query_one(RowTable).cursor_row
        bench = [p for p in record.board_order if p not in lineup]
        if not bench:
            self.notify(_("team {number} has no player who is not playing").format(number=tid), severity="warning")
            return
        keys = "123456789"
        choices = {keys[i]: (str(p), player_label(event, p)) for i, p in enumerate(bench[:9])}
        out = player_label(event, lineup[row])
        question = _("Board {board}: {player} makes way for {choices} (the lineup is then put in the team's board "
                     "order)").format(board=row + 1, player=out,
                                      choices="; ".join(f"{k} {what}" for k, (_key, what) in choices.items()))

        def chosen(answer: str | None) -> None:
            if answer is None:
                return
            players = [p for p in lineup if p not in (EMPTY, lineup[row])] + [int(answer)]
            ordered = sorted(players, key=record.board_order.index)
            full = ordered + [EMPTY] * (len(lineup) - len(ordered))
            self.change(tid, full, full.index(int(answer)))

        self.app.push_screen(ChoiceScreen(question, _("Swap in a player"), choices, hint=_("escape: leave it")), chosen)
