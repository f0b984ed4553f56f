"""Correcting a result already entered: the reason and who corrects it, with a warning about later rounds."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from swisstui.language import N_, _, ngettext
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


class CorrectionScreen(BindingWords, ModalScreen[tuple[str, str] | None]):
    """Returns (reason, arbiter) once both are given; escape cancels and nothing changes."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]

    DEFAULT_CSS = """
    CorrectionScreen { align: center middle; }
    CorrectionScreen > Vertical {
        width: 72; height: auto; max-height: 22; border: round $warning; background: $surface; padding: 0 1;
    }
    CorrectionScreen Grid { grid-size: 2; grid-columns: 8 1fr; grid-rows: 1; grid-gutter: 0 1; height: auto; }
    CorrectionScreen #later { color: $warning; height: auto; }
    CorrectionScreen #correction-error { color: $error; height: auto; }
    CorrectionScreen .hint { color: $text-muted; }
    """

    def __init__(self, change: str, later_rounds: list[int], arbiter: str = "") -> None:
        super().__init__()
        self.change = change
        self.later_rounds = later_rounds
        self.arbiter = arbiter

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(_("Correct a result"))
            yield Static(self.change, markup=False)
            if self.later_rounds:
                rounds = ", ".join(str(r) for r in self.later_rounds)
                yield Static(ngettext(
                    "Round(s) {rounds} were paired on the old result: their pairings stay as "
                    "published (C.04.2 art. 4.3); scores and later pairings use the corrected one.",
                    "Round(s) {rounds} were paired on the old result: their pairings stay as "
                    "published (C.04.2 art. 4.3); scores and later pairings use the corrected one.",
                    len(self.later_rounds)).format(rounds=rounds), id="later", markup=False)
            with Grid():
                yield Label(_("Reason"), markup=False)
                yield Input(placeholder=_("e.g. score sheet misread"), id="reason", compact=True)
                yield Label(_("By"), markup=False)
                yield Input(self.arbiter, placeholder=_("arbiter's name or initials"), id="by", compact=True)
            yield Static("", id="correction-error", markup=False)
            yield Static(_("enter: correct (kept with the round and in the log) · escape: leave it"), classes="hint",
                         markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        reason = self.query_one("#reason", Input).value.strip()
        by = self.query_one("#by", Input).value.strip()
        if not reason:
            self.query_one("#correction-error", Static).update(_("Reason: a correction needs one"))
            self.query_one("#reason", Input).focus()
            return
        if not by:
            if event.input.id == "reason":
                self.query_one("#by", Input).focus()
                return
            self.query_one("#correction-error", Static).update(_("By: who makes the correction"))
            return
        self.dismiss((reason, by))

    def action_cancel(self) -> None:
        self.dismiss(None)
