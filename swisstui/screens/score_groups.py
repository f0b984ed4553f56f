"""Score groups of the next round: the pairing cards, bracket by bracket."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey

from engine.model.explain import points_text
from swisstui.language import N_, NC_, _, pgettext
from swisstui.screens.base import BaseScreen
from swisstui.views.cards import cards
from swisstui.views.format import clip
from swisstui.widgets.table import RowTable, share_width

COLUMNS = (("Score", 5), ("No", 4), ("Name", 16), ("Rtg", 4), ("Colours", 8), ("Due", 3),
           ("Floats", 6), ("PAB", 3), ("Opp.", 14))
"""The columns by the English label the code keys them by, with their widths."""
COLUMN_LABELS = {"Score": NC_("column", "Score"), "No": NC_("column", "No"), "Name": NC_("column", "Name"),
                 "Rtg": NC_("column", "Rtg"), "Colours": NC_("column", "Colours"), "Due": NC_("column", "Due"),
                 "Floats": NC_("column", "Floats"), "PAB": NC_("column", "PAB"), "Opp.": NC_("column", "Opp."),
                 "VP": NC_("column", "VP")}
LEGEND = N_("Due W/B strong, W!/B! absolute, w/b mild · ↓ down ↑ up float (round)")


class ScoreGroupsScreen(BaseScreen):
    SCREEN_NAME = "groups"
    TITLE_TEXT = N_("score groups")

    DEFAULT_CSS = """
    ScoreGroupsScreen DataTable { height: 1fr; }
    ScoreGroupsScreen #legend { height: auto; color: $text-muted; padding: 0 1; }
    """

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="cards", cursor_type="row", zebra_stripes=True)
        yield Static(_(LEGEND), id="legend", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # an accelerated round: the virtual points inside each pairing score, beside it (C.04.7)
        self.accelerated = any(c.virtual for c in cards(self.session.tournament()))
        columns = list(COLUMNS)
        if self.accelerated:
            columns.insert(1, ("VP", 3))
        for label, width in columns:
            if label == "PAB":  # the cell a player no longer eligible shows: "no" is "nein" in German
                width = max(width, len(_("no")))
            table.add_column(pgettext("column", COLUMN_LABELS[label]), key=label, width=width)
        if self.accelerated:
            legend = self.query_one("#legend", Static)
            legend.update(_(LEGEND) + " · " + _("VP virtual points (C.04.7): in the score, never in the standings"))
        self.set_up = True
        self.refresh_all()
        table.focus()

    def on_resize(self) -> None:
        if self.set_up:
            self.refresh_all()  # the names take the room the new width leaves

    def header_title(self) -> str:
        t = self.session.tournament()
        return _("r{round} score groups · {count} to pair").format(round=t.next_round, count=len(t.to_pair()))

    def refresh_data(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        rows = cards(self.session.tournament())
        # Opponents take the width they need (the table scrolls sideways, with its scroll bar): cut, they
        # would hide exactly the pairings the arbiter checks for rematches.
        wanted = max((len(c.opponents) for c in rows), default=4)
        opponents = table.columns.get(ColumnKey("Opp."))
        if opponents is not None and opponents.width != max(wanted, 4):
            opponents.width = max(wanted, 4)
            table.refresh(layout=True)
        # Names take what the other columns leave (at least 16 cells): cut only when the screen is full.
        others = {str(key.value): column.width for key, column in table.columns.items() if key.value != "Name"}
        longest = max((len(c.name) for c in rows), default=4)
        name_width = share_width(max(self.size.width, 80), others, {"Name": (16, max(16, longest))})["Name"]
        names = table.columns.get(ColumnKey("Name"))
        if names is not None and names.width != name_width:
            names.width = name_width
            table.refresh(layout=True)
        previous = None
        for c in rows:
            score = points_text(c.score) if c.score != previous else ""
            previous = c.score
            row = [score, str(c.id), clip(c.name, name_width), str(c.rating or ""), c.colours[-8:], c.due,
                   c.floats, c.bye, c.opponents]
            if self.accelerated:
                row.insert(1, f"+{points_text(c.virtual)}" if c.virtual else "")
            table.add_row(*row, key=str(c.id))
