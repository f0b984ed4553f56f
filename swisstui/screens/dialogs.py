"""Small modal dialogs: a yes/no question and a one-line answer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from swisstui.language import N_, _
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


class ConfirmScreen(BindingWords, ModalScreen[bool]):
    """A question answered with y (yes) or n / escape (no)."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("yes")),
        Binding("n,escape", "answer(False)", N_("no")),
    ]

    def __init__(self, question: str, title: str = "") -> None:
        """``question`` and ``title`` in the arbiter's language (the caller looks them up); no title: "Confirm"."""
        super().__init__()
        self.question = question
        self.title_text = title or _("Confirm")

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(self.title_text)
            with VerticalScroll(can_focus=False):  # a long question scrolls, with its scroll bar shown
                yield Static(self.question, id="question", markup=False)
            yield Static(_("y yes · n no"), classes="hint", markup=False)

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class AskScreen(BindingWords, ModalScreen[str | None]):
    """One line of text (a reason, a number); enter accepts, escape cancels."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, prompt: str, title: str = "", value: str = "", required: bool = True) -> None:
        super().__init__()
        self.prompt = prompt
        self.title_text = title
        self.value = value
        self.required = required

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(self.title_text)
            yield Static(self.prompt, markup=False)
            yield Input(value=self.value, id="answer")
            yield Static(_("enter accept · escape cancel"), classes="hint", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if self.required and not text:
            self.notify(_("an answer is needed (escape cancels)"), severity="warning")
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str | None]):
    """A question with a few answers, one key each; escape cancels (``None``)."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 72; height: auto; max-height: 22; border: round $warning; background: $surface; padding: 0 1;
    }
    ChoiceScreen VerticalScroll { height: auto; max-height: 16; }
    ChoiceScreen .hint { color: $text-muted; }
    """

    def __init__(self, question: str, title: str, choices: dict[str, tuple[str, str]], hint: str = "") -> None:
        """``choices``: key (Textual's name or the character typed) -> (answer returned, what the key does);
        ``hint`` replaces the line listing them when the question lists them already."""
        super().__init__()
        self.question = question
        self.title_text = title
        self.choices = choices
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(self.title_text)
            with VerticalScroll(can_focus=False):
                yield Static(self.question, id="question", markup=False)
            keys = " · ".join(f"{key} {what}" for key, (_answer, what) in self.choices.items())
            yield Static(self.hint or _("{keys} · escape cancel").format(keys=keys), classes="hint", markup=False)

    def on_key(self, event) -> None:
        key = event.key if event.key in self.choices else event.character  # "=" arrives as equals_sign
        if key in self.choices:
            event.stop()
            self.dismiss(self.choices[key][0])
        elif event.key == "escape":
            event.stop()
            self.dismiss(None)
