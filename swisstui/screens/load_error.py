"""Shown instead of a crash when the event file does not load."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from swisstui.screens.base import event_app


class LoadErrorScreen(Screen):
    """The file's problems, one ``path:line: field: message`` line each, and how to go on."""

    BINDINGS = [
        Binding("q,escape", "app.quit", "quit"),
        Binding("r", "retry", "reload the file"),
    ]

    DEFAULT_CSS = """
    LoadErrorScreen #title { height: auto; color: $error; text-style: bold; padding: 0 1; }
    LoadErrorScreen #errors { padding: 0 1; }
    LoadErrorScreen #hint { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, path: str, lines: list[str]) -> None:
        super().__init__()
        self.path = path
        self.lines = lines

    def compose(self) -> ComposeResult:
        count = len(self.lines)
        yield Static(f"The event file does not load: {count} problem{'s' if count != 1 else ''}", id="title",
                     markup=False)
        with VerticalScroll(id="errors"):
            yield Static("\n".join(self.lines), id="error-lines", markup=False)
        yield Static("Fix the file in an editor, then press r to reload it, or q to quit.", id="hint", markup=False)
        yield Footer(compact=True)

    def action_retry(self) -> None:
        event_app(self).open_event()
