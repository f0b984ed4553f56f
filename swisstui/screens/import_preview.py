"""Importing players: what the file holds and what is wrong with it, before anything is saved."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from swisstui.player_import import ImportPreview
from swisstui.views.format import clip
from swisstui.widgets.plain import plain
from swisstui.widgets.table import RowTable


class ImportPreviewScreen(ModalScreen[bool]):
    """y imports the players listed, n / escape cancels."""

    BINDINGS = [Binding("y", "answer(True)", "import"), Binding("n,escape", "answer(False)", "cancel")]

    def __init__(self, preview: ImportPreview, registered: set[str]) -> None:
        super().__init__()
        self.preview = preview
        duplicates = [p for p in preview.players if str(p["name"]).casefold() in registered]
        for p in duplicates:
            preview.problems.append(f"{p['name']}: already registered, left out")
        self.players = [p for p in preview.players if p not in duplicates]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(f"Import {len(self.players)} players · {clip(self.preview.source, 40)}")
            table = RowTable(cursor_type="row", zebra_stripes=True)
            yield table
            problems = self.preview.problems
            text = Text("\n".join(problems[:5]) + (f"\n… and {len(problems) - 5} more" if len(problems) > 5 else ""))
            yield Static(text, id="problems", markup=False)
            yield Static("y import these players · n cancel (problem lines are left out)", classes="hint",
                         markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in (("Name", 24), ("Rating", 6), ("Title", 5), ("Fed", 4), ("FIDE id", 10)):
            table.add_column(label, width=width)
        for p in self.players:
            table.add_row(clip(str(p["name"]), 24), str(p["rating"] or ""), str(p["title"]), str(p["federation"]),
                          str(p["fide_id"] or ""))

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
