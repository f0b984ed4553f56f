"""A new event, when the file named on the command line does not exist yet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from engine.model.tournament import DEFAULT_SYSTEM
from swisstui.language import N_, _
from swisstui.session.actions import ActionError, Session, create_event
from swisstui.screens.base import event_app
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


class NewEventScreen(BindingWords, Screen):
    """Name, number of rounds and pairing system; enter creates the file and opens it."""

    BINDINGS = [Binding("escape", "app.quit", N_("quit"))]

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        available = ", ".join(Session.available_systems()) or DEFAULT_SYSTEM
        with Vertical() as box:
            box.border_title = plain(_("New event"))
            yield Static(_("{path} does not exist yet: describe the event to create it.").format(path=self.path), markup=False)
            with Grid():
                yield Label(_("Name"), markup=False)
                yield Input(id="name", compact=True)
                yield Label(_("Rounds"), markup=False)
                yield Input("7", id="rounds", compact=True)
                yield Label(_("System"), markup=False)
                yield Input("dutch", id="system", compact=True)
            yield Static("", id="new-error", markup=False)
            yield Static(_("systems that pair: {systems}").format(systems=available), classes="hint", markup=False)
            yield Static(_("tab next field · enter create · escape quit"), classes="hint", markup=False)
        yield Footer(compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = self.query_one("#name", Input).value.strip()
        rounds = self.query_one("#rounds", Input).value.strip()
        system = self.query_one("#system", Input).value.strip() or "dutch"
        error = self.query_one("#new-error", Static)
        if not name:
            error.update(_("Name: the event needs a name"))
            return
        if not rounds.isdigit() or not 1 <= int(rounds) <= 99:
            error.update(_("Rounds: a number from 1 to 99"))
            return
        try:
            create_event(event_app(self).path, name, int(rounds), system)
        except ActionError as err:
            error.update(str(err))
            return
        event_app(self).open_event()
