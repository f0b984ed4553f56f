"""Small modal dialogs: a yes/no question and a one-line answer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class ConfirmScreen(ModalScreen[bool]):
    """A question answered with y (yes) or n / escape (no)."""

    BINDINGS = [
        Binding("y", "answer(True)", "yes"),
        Binding("n,escape", "answer(False)", "no"),
    ]

    def __init__(self, question: str, title: str = "Confirm") -> None:
        super().__init__()
        self.question = question
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            with VerticalScroll(can_focus=False):  # a long question scrolls, with its scroll bar shown
                yield Static(self.question, id="question", markup=False)
            yield Static("y yes · n no", classes="hint")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class AskScreen(ModalScreen[str | None]):
    """One line of text (a reason, a number); enter accepts, escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, prompt: str, title: str = "", value: str = "", required: bool = True) -> None:
        super().__init__()
        self.prompt = prompt
        self.title_text = title
        self.value = value
        self.required = required

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield Static(self.prompt, markup=False)
            yield Input(value=self.value, id="answer")
            yield Static("enter accept · escape cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if self.required and not text:
            self.notify("an answer is needed (escape cancels)", severity="warning")
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
