"""Event details: what the rating report and the TRF header need (city, dates, arbiters, round dates)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.widgets import Input, Label, Static

from swisstui.language import N_, _
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ConfirmScreen

DATE = N_("YYYY-MM-DD")
"""A date is typed as ISO 8601 in every language; the placeholder names its parts in the arbiter's letters."""
FIELDS = (
    ("name", N_("Name"), N_("the event's name")),
    ("city", N_("City"), "TRF 022"),
    ("federation", N_("Federation"), N_("3 letters, TRF 032")),
    ("start", N_("Start"), DATE),
    ("end", N_("End"), DATE),
    ("chief_arbiter", N_("Chief arbiter"), N_("e.g. IA Roe, Jane")),
    ("deputy_arbiters", N_("Deputies"), N_("separated by ;")),
    ("time_control", N_("Time control"), N_("e.g. 90 min + 30 s/move")),
    ("bye_limit", N_("Bye limit"), N_("half/full-point byes a player may have; empty: none")),
)
"""The event file's key, the label and the placeholder of each field (label and placeholder looked up when shown)."""


class EventDetailsScreen(BaseScreen):
    """One field a line; enter (or ctrl+s) saves them all, escape leaves (asking when something changed)."""

    SCREEN_NAME = "details"
    TITLE_TEXT = N_("event details")

    BINDINGS = [
        Binding("ctrl+s", "save", N_("save")),
        Binding("escape", "leave", N_("back")),
    ]

    DEFAULT_CSS = """
    EventDetailsScreen #details { height: 1fr; padding: 0 1; }
    EventDetailsScreen Grid { grid-size: 2; grid-columns: 20 1fr; grid-rows: 1; grid-gutter: 0 1; height: auto; }
    EventDetailsScreen #details-error { color: $error; height: auto; padding: 0 1; }
    EventDetailsScreen #details-hint { color: $text-muted; height: auto; padding: 0 1; }
    """

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="details"):
            with Grid(id="details-grid"):
                for key, label, placeholder in FIELDS:
                    yield Label(_(label), markup=False)
                    yield Input(placeholder=_(placeholder), id=f"d-{key}", compact=True)
                for n in range(1, self.session.total_rounds + 1):
                    yield Label(_("Round {round} date").format(round=n), markup=False)
                    yield Input(placeholder=_(DATE), id=f"d-round-{n}", compact=True)
        yield Static("", id="details-error", markup=False)
        yield Static(_("tab next field · enter save · escape back · kept in the event and written to TRF "
                       "records 012-132"), id="details-hint", markup=False)

    def on_mount(self) -> None:
        for key, value in self.session.settings.event_details().items():
            self.query_one(f"#d-{key}", Input).value = value
        self.saved_values = self.values()
        self.set_up = True
        self.refresh_all()
        self.query_one("#d-name", Input).focus()

    def values(self) -> dict[str, str]:
        return {widget.id.removeprefix("d-"): widget.value for widget in self.query(Input) if widget.id}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        error = self.query_one("#details-error", Static)
        values = self.values()
        if self.host.act(lambda: self.session.settings.set_event_details(values), done=_("event details saved")):
            self.saved_values = values
            error.update("")

    def action_leave(self) -> None:
        if self.values() == self.saved_values:
            self.host.action_show("home")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.action_show("home")

        self.app.push_screen(ConfirmScreen(_("Leave the event details without saving the changes typed?"),
                                           _("Unsaved details")), answered)
