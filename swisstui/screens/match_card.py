"""One team match on a card: the two teams, each board's players with their ratings and colours, the results
and the match score (as a match card the captains sign)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.screens.base import BaseScreen
from swisstui.views.format import colour_letter
from swisstui.views.team_rows import card_lines, colours_text, match_heading, team_label


class MatchCardScreen(BaseScreen):
    SCREEN_NAME = "match_card"
    TITLE_TEXT = N_("match card")

    BINDINGS = [Binding("escape", "back", N_("back"))]

    DEFAULT_CSS = """
    MatchCardScreen #card-head { height: auto; padding: 0 1; }
    MatchCardScreen #card-scroll { height: 1fr; }
    MatchCardScreen #card { height: auto; padding: 0 1; }
    """

    def __init__(self, round_number: int = 0, match: int = 1) -> None:
        super().__init__()
        self.round_number = round_number
        self.match = match

    def compose_body(self) -> ComposeResult:
        yield Static(id="card-head", markup=False)
        with VerticalScroll(id="card-scroll"):
            yield Static(id="card", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one("#card-scroll").focus()

    def header_title(self) -> str:
        return _("round {round} · match {match} card").format(round=self.round_number, match=self.match)

    def refresh_data(self) -> None:
        event = self.session.event
        rnd = self.session.round_record(self.round_number or self.session.current_round)
        if rnd is None or not 1 <= self.match <= len(rnd.team.matches):
            self.query_one("#card-head", Static).update(_("No such match."))
            self.query_one("#card", Static).update("")
            return
        match = rnd.team.matches[self.match - 1]
        size = len(match.boards)
        colours = event.team.board_colours if event.team else ""
        self.query_one("#card-head", Static).update("\n".join([
            match_heading(event, match),
            _("{team}: {colours} (White on board 1)").format(team=team_label(event, match.white),
                                                             colours=colours_text(match, size, colours)),
            _("{team}: {colours}").format(team=team_label(event, match.black), colours=" ".join(
                colour_letter(match.side_of_board(b, colours)[0] == match.black) for b in range(1, size + 1))),
        ]))
        self.query_one("#card", Static).update("\n".join(card_lines(event, match)))

    def action_back(self) -> None:
        self.app.pop_screen()
