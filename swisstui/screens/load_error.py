"""Shown instead of a crash when the event file does not load."""

from __future__ import annotations

import os

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from swisstui.language import N_, _, ngettext
from swisstui.screens.base import event_app
from swisstui.terminal.binding_words import BindingWords


def within_folder(path: str, lines: list[str]) -> tuple[str, list[str]]:
    """The event's folder, and the problem lines with that folder taken off the front of each.

    A problem line starts with the file's path. An arbiter's events can live deep in folders;
    a path wider than the screen wraps mid-name, and the file's name (what the arbiter looks
    for) is cut in two. Named once above the lines, the folder can wrap as it likes while each
    line still begins with the whole file name.
    """
    folder = os.path.dirname(path)
    shown = os.path.dirname(os.path.abspath(path))
    if not folder:
        return shown, list(lines)
    prefix = folder.rstrip(os.sep) + os.sep
    return shown, [line[len(prefix):] if line.startswith(prefix) else line for line in lines]


class LoadErrorScreen(BindingWords, Screen):
    """The file's problems, one ``file:line: field: message`` line each under its folder, and how to go on."""

    BINDINGS = [
        Binding("q,escape", "app.quit", N_("quit")),
        Binding("r", "retry", N_("reload the file")),
    ]

    DEFAULT_CSS = """
    LoadErrorScreen #title { height: auto; color: $error; text-style: bold; padding: 0 1; }
    LoadErrorScreen #folder { height: auto; padding: 0 1; color: $text-muted; }
    LoadErrorScreen #folder-label { width: auto; }
    LoadErrorScreen #folder-path { width: 1fr; height: auto; }
    LoadErrorScreen #errors { padding: 0 1; }
    LoadErrorScreen #hint { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, path: str, lines: list[str]) -> None:
        super().__init__()
        self.path = path
        self.lines = lines

    def compose(self) -> ComposeResult:
        count = len(self.lines)
        folder, shown = within_folder(self.path, self.lines)
        yield Static(ngettext("The event file does not load: {count} problem",
                              "The event file does not load: {count} problems", count).format(count=count), id="title",
                     markup=False)
        with Horizontal(id="folder"):  # a long folder wraps beside "in", under itself
            yield Static(_("in") + " ", id="folder-label", markup=False)
            yield Static(os.path.join(folder, ""), id="folder-path", markup=False)
        with VerticalScroll(id="errors"):
            yield Static("\n".join(shown), id="error-lines", markup=False)
        yield Static(_("Fix the file in an editor, then press r to reload it, or q to quit."), id="hint", markup=False)
        yield Footer(compact=True)

    def action_retry(self) -> None:
        event_app(self).open_event()
