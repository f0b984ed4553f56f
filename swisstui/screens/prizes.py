"""The prize list on a screen, and the standings of each category: ``$`` on the standings screen.

Before the last round is complete the list is provisional and says after which
round; ``[`` and ``]`` step through the rounds as on the standings, ``c`` goes
from the prize list to each category's standings and back. The figures are those
of ``swisstui prizes`` and the published prize list (:mod:`swisstui.views.prize_rows`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from swisstui.language import N_, _
from swisstui.screens.base import AfterRoundScreen
from swisstui.screens.standings import name_width
from swisstui.views.format import clip
from swisstui.views.prize_rows import PrizeView, category_view, prize_view, views
from swisstui.widgets.table import RowTable


class PrizesScreen(AfterRoundScreen):
    SCREEN_NAME = "prizes"
    TITLE_TEXT = N_("prizes")

    BINDINGS = [
        Binding("c", "next_view", N_("categories")),
        Binding("e", "set_up", N_("set up")),
        Binding("escape,s", "back", N_("standings")),
    ]

    DEFAULT_CSS = """
    PrizesScreen DataTable { height: 1fr; scrollbar-gutter: stable; }  /* the name's width counts the bar */
    PrizesScreen #notes-box { height: auto; max-height: 8; }
    PrizesScreen #notes { height: auto; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.view_index = 0  # 0: the prize list; then the categories in the event's order
        self.current: PrizeView | None = None

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="prizes", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="notes-box"):  # many players not eligible: the lines scroll, none is lost
            yield Static("", id="notes", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        if self.set_up:
            self.refresh_all()

    def _view(self) -> PrizeView | None:
        event = self.session.event
        n = self._round()
        if not n:
            return None
        names = views(event)
        self.view_index %= len(names)
        if self.view_index == 0:
            return prize_view(event, n)
        return category_view(event, names[self.view_index], n)

    def header_title(self) -> str:
        # computed here, where each refresh starts, and drawn by refresh_data
        view = self.current = self._view()
        return _("prizes · before round 1") if view is None else view.title

    def refresh_data(self) -> None:
        view = self.current
        table = self.query_one(DataTable)
        table.clear(columns=True)
        notes = self.query_one("#notes", Static)
        if view is None:
            notes.update(_("No round has been played: the prize list starts after round 1."))
            return
        shown = tuple(_(label) for label in view.labels)
        for label, heading in zip(view.labels, shown):
            table.add_column(heading, key=label)
        # the widths of the headings as shown; "Name" found by its key
        name = view.labels.index("Name")
        width = name_width(max(self.size.width, 80), shown[:name] + ("Name",) + shown[name + 1:], view.rows)
        for i, row in enumerate(view.rows):
            table.add_row(*row[:name], clip(row[name], width), *row[name + 1:], key=str(i))
        notes.update("\n".join(view.notes))

    def action_next_view(self) -> None:
        self.view_index += 1
        self.refresh_all()

    def action_set_up(self) -> None:
        """The prize set-up: categories, place and category prizes, the sharing rule (issue 30 item 4)."""
        self.host.action_show("prize_setup")

    def action_back(self) -> None:
        self.host.action_show("standings")
