"""The review of a proposed team round (C.04.6): the steps of the explanation with their articles, the matches.

``n`` in a team event proposes the next round (``session.teams.propose``: nothing stored); this screen walks
the engine's explanation step by step, each step with the article of C.04.6 that caused it, beside the
matches with the colours of board 1. ``c`` confirms (asked, as in the individual review) and stores the round
as proposed; ``escape`` discards it. A proposal the event changed under is refused on confirm and the screen
offers to pair again.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from swisstui.language import N_, _, ngettext
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.team_round import MATCH_COLUMNS, TeamRoundScreen
from swisstui.session.action_errors import ProposalStale
from swisstui.session.team_proposal import TeamProposal
from swisstui.views.format import clip
from swisstui.views.team_rows import proposed_colours, share, team_label
from swisstui.widgets.table import RowTable


class TeamReviewScreen(BaseScreen):
    SCREEN_NAME = "team_review"
    TITLE_TEXT = N_("team pairing review")

    BINDINGS = [
        Binding("left", "step(-1)", N_("step"), key_display="←/→"),
        Binding("right", "step(1)", N_("step"), show=False),
        Binding("shift+up", "scroll_step(-1)", N_("scroll step"), show=False),
        Binding("shift+down", "scroll_step(1)", N_("scroll step"), show=False),
        Binding("c", "confirm", N_("confirm")),
        Binding("escape", "discard", N_("discard")),
    ]

    DEFAULT_CSS = """
    TeamReviewScreen #team-step-box { height: 9; border: round $accent; padding: 0 1; }
    TeamReviewScreen #team-matches { height: 1fr; }
    TeamReviewScreen #team-review-notes { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.index = 0

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="team-step-box"):
            yield Static(id="team-step", markup=False)
        yield RowTable(id="team-matches", cursor_type="row", zebra_stripes=True)
        yield Static(id="team-review-notes", markup=False)

    @property
    def proposal(self) -> TeamProposal | None:
        return self.session.teams.proposed

    def on_mount(self) -> None:
        table = self.query_one(RowTable)
        for label in MATCH_COLUMNS:
            table.add_column(_(label), key=label)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def header_title(self) -> str:
        proposal = self.proposal
        if proposal is None:
            return _("no team round proposed")
        return _("round {round} proposed").format(round=proposal.round)

    def refresh_data(self) -> None:
        proposal = self.proposal
        table = self.query_one(RowTable)
        table.clear()
        if proposal is None:
            self.query_one("#team-step", Static).update(_("no team round is proposed: n pairs the next round"))
            return
        event = self.session.event
        self.index = max(0, min(self.index, len(proposal.steps) - 1))
        size = event.team.size if event.team is not None else 0
        numbers = max(2, len(str(len(proposal.matches))))
        first, second = share(self.app.size.width, [numbers, max(len(_("Colours")), 2 * size - 1)], 2)
        for n, (white, black) in enumerate(proposal.matches, start=1):  # as the round screen shows them once stored
            table.add_row(str(n), clip(team_label(event, white), first), clip(team_label(event, black), second),
                          proposed_colours(white, black, size, event.team.board_colours if event.team else ""), key=str(n))
        self.query_one("#team-step", Static).update(self.step_text(proposal))
        notes = []
        if proposal.bye is not None:
            notes.append(_("bye: {team}").format(team=team_label(event, proposal.bye)))
        if proposal.inputs.absent_next:
            notes.append(_("absent: {teams}").format(
                teams=", ".join(team_label(event, t) for t in sorted(proposal.inputs.absent_next))))
        notes.append(_("Colours: the first team's, board 1 first · ←/→ steps · c confirm and store · escape discard"))
        self.query_one("#team-review-notes", Static).update(" · ".join(notes))

    def step_text(self, proposal: TeamProposal) -> Text:
        """The current step: its place among the steps, what happened, and the C.04.6 article that decided."""
        text = Text()
        if not proposal.steps:
            text.append(_("the engine gave no explanation for this round"))
            return text
        step = proposal.steps[self.index]
        text.append(_("step {step}/{steps}:").format(step=self.index + 1, steps=len(proposal.steps)) + " ",
                    style="bold")
        text.append(step.text + "\n")
        if step.rule:
            text.append(_("rule:") + " ", style="bold")
            text.append(step.rule)
        return text

    def action_step(self, delta: int) -> None:
        proposal = self.proposal
        if proposal is None or not proposal.steps:
            return
        self.index = max(0, min(self.index + delta, len(proposal.steps) - 1))
        self.query_one("#team-step", Static).update(self.step_text(proposal))
        self.query_one("#team-step-box", VerticalScroll).scroll_home(animate=False)

    def action_scroll_step(self, delta: int) -> None:
        """A step longer than its box (a bracket of many teams) is read by scrolling it."""
        box = self.query_one("#team-step-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + delta * 3, animate=False)

    def action_confirm(self) -> None:
        proposal = self.proposal
        if proposal is None:
            return
        number = proposal.round
        question = ngettext("Store round {round} as proposed ({count} match) and publish it?",
                            "Store round {round} as proposed ({count} matches) and publish it?",
                            len(proposal.matches)).format(round=number, count=len(proposal.matches))

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                stored = self.host.act(self.session.teams.confirm,
                                       done=_("round {round} published").format(round=number))
            except ProposalStale as stale:
                self.offer_to_pair_again(stale)
                return
            if stored:
                self.app.switch_screen(TeamRoundScreen(number))

        self.app.push_screen(ConfirmScreen(question, _("Confirm pairing")), done)

    def offer_to_pair_again(self, stale: ProposalStale) -> None:
        """The event changed under the proposal: say what changed, and offer to pair the round again."""
        lines = [_("Round {round} was not stored: the event changed since it was paired:").format(round=stale.round),
                 *(f"  {line}" for line in stale.changes[:6]),
                 _("Pair round {round} again?").format(round=stale.round)]

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            if self.host.act(self.session.teams.propose):
                self.index = 0
                self.refresh_all()

        self.app.push_screen(ConfirmScreen("\n".join(lines), _("Pair again")), answered)

    def action_discard(self) -> None:
        """Drop the proposal (nothing was stored) and go home."""
        self.session.teams.discard()
        self.host.action_show("home")
