"""Changing one board of the proposed pairing by hand: validated first, then a reason is asked."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from swisstui.session.actions import ActionError, Proposal, Session
from swisstui.screens.base import event_app
from swisstui.views.violations import violations_text
from swisstui.language import N_, _
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


NUMBER_NEEDED = {"board": N_("board: a number"), "white": N_("white: a number"), "black": N_("black: a number")}
"""What a field that is not a number is told, by the field."""


class BoardEditScreen(BindingWords, ModalScreen[bool]):
    """Board, White and Black numbers; enter checks the change, then the reason applies it."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, session: Session, board: int) -> None:
        super().__init__()
        self.session = session
        self.board = board
        self.checked: tuple[int, int, int] | None = None

    @property
    def proposal(self) -> Proposal:
        """The pairing the board is changed in: the review opens this dialog only once there is one."""
        proposal = self.session.proposal
        if proposal is None:
            raise RuntimeError("no pairing under review")
        return proposal

    def compose(self) -> ComposeResult:
        proposal = self.proposal
        current = proposal.boards[self.board - 1]
        with Vertical() as box:
            box.border_title = plain(_("Edit board · round {round}").format(round=proposal.round))
            with Horizontal():
                yield Label(_("Board"), markup=False)
                yield Input(str(self.board), id="board", compact=True)
                yield Label(_("White"), markup=False)
                yield Input(str(current.white), id="white", compact=True)
                yield Label(_("Black"), markup=False)
                yield Input(str(current.black), id="black", compact=True)
            yield Static(_("Displaced players take the places the new pair left."), id="findings", markup=False)
            with Horizontal():
                yield Label(_("Reason"), markup=False)
                yield Input(placeholder=_("why (kept in the event)"), id="reason", disabled=True, compact=True)
            yield Static(_("enter: check the change · then a reason and enter: apply · escape: cancel"),
                         classes="hint", markup=False)

    def _numbers(self) -> tuple[int, int, int]:
        values = []
        for field in ("board", "white", "black"):
            text = self.query_one(f"#{field}", Input).value.strip()
            if not text.isdigit():
                raise ActionError(_(NUMBER_NEEDED[field]))
            values.append(int(text))
        return values[0], values[1], values[2]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "reason":
            self.apply()
        else:
            self.check()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "reason" and self.checked is not None:
            self.checked = None
            self.query_one("#reason", Input).disabled = True

    def check(self) -> None:
        """Show what the change would break, before a reason is asked: the session's own checks
        (:meth:`PairingService.check_board`), so the dialog accepts exactly what ``change_board`` will."""
        findings = self.query_one("#findings", Static)
        reason = self.query_one("#reason", Input)
        try:
            board, white, black = self._numbers()
            checked = self.session.pairing.check_board(board, white, black)
        except ActionError as err:
            findings.update(str(err))
            return
        text = violations_text(checked.violations, limit=8)
        if checked.refusal:
            text.append(_("{refusal} (leave FIDE mode in settings to force it)").format(refusal=checked.refusal),
                        style="bold red")
            findings.update(text)
            reason.disabled = True
            self.checked = None
            return
        findings.update(text)
        self.checked = (board, white, black)
        reason.disabled = False
        reason.focus()

    def apply(self) -> None:
        if self.checked is None:
            self.check()
            return
        reason = self.query_one("#reason", Input).value.strip()
        if not reason:
            self.notify(_("a manual change needs a reason"), severity="warning")
            return
        board, white, black = self.checked
        if event_app(self).act(lambda: self.session.pairing.change_board(board, white, black, reason)):
            self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
