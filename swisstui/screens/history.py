"""The event's history: every change with its time and who made it; undo and un-publish from here."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from swisstui.actions import HistoryLine
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.widgets.table import RowTable


def when(line: HistoryLine) -> str:
    """The change's time in this computer's time zone, as people read it."""
    if line.at is None:
        return ""
    return line.at.astimezone().strftime("%d %b %H:%M:%S")


class HistoryScreen(BaseScreen):
    """Newest first; a change taken back by an undo is struck through. u undoes the last change
    (back to the last published round), U un-publishes the latest round while none of its results is in."""

    SCREEN_NAME = "history"
    TITLE_TEXT = "history"

    BINDINGS = [
        Binding("u", "undo", "undo last"),
        Binding("U", "unpublish", "un-publish round"),
    ]

    DEFAULT_CSS = """
    HistoryScreen DataTable { height: 1fr; }
    HistoryScreen #history-note { height: auto; color: $text-muted; padding: 0 1; }
    """

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Static("", id="history-note", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in (("When", 15), ("Who", 16), ("What", 14), ("Rd", 3), ("Change", None)):
            table.add_column(label, width=width)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def refresh_data(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        lines, last = self.session.history_view()
        for line in lines:
            style = "strike dim" if line.undone else ""
            cells = (when(line), line.by, line.action, str(line.round or ""), line.text)
            table.add_row(*(Text(c, style=style) for c in cells), key=str(line.revision))
        note = [f"{len(lines)} change(s) recorded"]
        note.append(f"u undoes: {line_said(last)}" if last else "nothing to undo since the last published round")
        self.query_one("#history-note", Static).update(" · ".join(note))

    def action_undo(self) -> None:
        last = self.session.undo_candidate()
        if last is None:
            self.notify("nothing to undo since the last published round", severity="warning")
            return
        question = f"Undo {line_said(last)}, made {when(last)} by {last.by or 'someone'}?"

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.run_session_action(self.session.undo, last.revision, done=f"undone: {line_said(last)}")

        self.app.push_screen(ConfirmScreen(question, "Undo"), answered)

    def action_unpublish(self) -> None:
        refusal = self.session.can_unpublish()
        if refusal:
            self.notify(refusal, severity="warning", timeout=6)
            return
        k = self.session.current_round
        question = (f"Un-publish round {k}? Its pairing is taken back (no result is in) and the round can be "
                    "paired again; the log keeps that it was.")

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.run_session_action(self.session.unpublish, done=f"round {k} un-published")

        self.app.push_screen(ConfirmScreen(question, "Un-publish"), answered)


def line_said(line: HistoryLine) -> str:
    return f"{line.action} ({line.text})" if line.text else line.action
