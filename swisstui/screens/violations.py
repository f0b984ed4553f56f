"""The validator's verdict on the pairing as it stands (key v on the review screen)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.views.violations import violations_text
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


class ViolationsScreen(BindingWords, ModalScreen):
    BINDINGS = [Binding("escape,v,q,enter", "dismiss", N_("close"))]

    def __init__(self, violations, title: str) -> None:
        super().__init__()
        self.violations = violations
        self.title_text = title

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = plain(_("{title} · escape closes").format(title=self.title_text))
            yield Static(violations_text(self.violations, limit=40), id="violations", markup=False)
