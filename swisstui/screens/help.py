"""The help screen: every key, rendered from :mod:`swisstui.terminal.help_data`."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.terminal import help_data
from swisstui.widgets.plain import PlainTable, plain
from swisstui.terminal.binding_words import BindingWords


def help_table() -> Group:
    """Every section of the key table: a heading, then one row per key.

    Keys and descriptions are two columns, so a description that wraps stays
    indented under its own text instead of running back under the keys.
    """
    width = max(len(k.key) for _section, k in help_data.all_keys())
    parts: list = []
    for section, keys in help_data.SECTIONS.items():
        parts.append(Text(_(section), style="underline bold"))
        table = PlainTable.grid(padding=(0, 2))
        table.add_column(min_width=width, style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for k in keys:
            table.add_row(Text(k.key), Text(_(k.description)))
        parts.extend([Padding(table, (0, 0, 0, 2)), Text("")])
    return Group(*parts)


class HelpScreen(BindingWords, ModalScreen):
    """Every key of every screen; escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", N_("close")),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = plain(_("Keys · escape closes"))
            yield Static(help_table(), id="help-keys", markup=False)
