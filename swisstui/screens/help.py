"""The help screen: every key, rendered from :mod:`swisstui.help_data`."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from swisstui import help_data


def help_table() -> Text:
    """Every section of the key table: a heading, then one ``key  description`` line per key."""
    width = max(len(k.key) for _, k in help_data.all_keys()) + 2
    text = Text()
    for section, keys in help_data.SECTIONS.items():
        text.append(section + "\n", style="underline bold")
        for k in keys:
            text.append("  " + k.key.ljust(width), style="bold")
            text.append(k.description + "\n")
        text.append("\n")
    return text


class HelpScreen(ModalScreen):
    """Every key of every screen; escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "Keys · escape closes"
            yield Static(help_table(), id="help-keys")

    def action_dismiss(self) -> None:
        self.dismiss()
