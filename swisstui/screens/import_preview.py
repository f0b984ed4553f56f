"""Importing players: what the file holds and what is wrong with it, before anything is saved."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from engine.awards.categories import birth_year
from swisstui.session.actions import ImportPreview
from swisstui.language import N_, NC_, _, ngettext, pgettext
from swisstui.views.format import clip
from swisstui.widgets.plain import plain
from swisstui.widgets.table import RowTable
from swisstui.terminal.binding_words import BindingWords


COLUMNS = (("Name", 24), ("Rtg", 4), ("Title", 5), ("Fed", 3), ("FIDE id", 10), ("Sex", 3), ("Born", 4), ("List", 4))
"""Within the dialog's 74 columns at 80x24, a scroll bar included; sex and the year of birth decide categories."""
MORE_FIELDS = (("club", N_("club")), ("national_id", N_("national ID")), ("national_rating", N_("national rating")),
               ("k_factor", "K"))
COLUMN_LABELS = {"Name": NC_("column", "Name"), "Rtg": NC_("column", "Rtg"), "Title": NC_("column", "Title"),
                 "Fed": NC_("column", "Fed"), "FIDE id": NC_("column", "FIDE id"), "Sex": NC_("column", "Sex"),
                 "Born": NC_("column", "Born"), "List": NC_("column", "List")}


class ImportPreviewScreen(BindingWords, ModalScreen[bool]):
    """y imports the players listed, n / escape cancels."""

    BINDINGS = [Binding("y", "answer(True)", N_("import")), Binding("n,escape", "answer(False)", N_("cancel"))]

    def __init__(self, preview: ImportPreview, registered: set[str]) -> None:
        super().__init__()
        self.preview = preview
        where = preview.where if len(preview.where) == len(preview.players) else [""] * len(preview.players)
        rows = list(zip(preview.players, where))
        for p, _where in rows:
            if str(p["name"]).casefold() in registered:
                preview.problems.append(_("{name}: already registered, left out").format(name=p["name"]))
        kept = [(p, w) for p, w in rows if str(p["name"]).casefold() not in registered]
        self.players = [p for p, _where in kept]
        self.marks = ["✓" if w in preview.filled else "" for _player, w in kept]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(ngettext("Import {count} player · {file}", "Import {count} players · {file}",
                                              len(self.players)).format(count=len(self.players),
                                                                        file=clip(self.preview.source, 40)))
            table = RowTable(cursor_type="row", zebra_stripes=True)
            yield table
            problems = self.preview.problems
            text = Text("\n".join(problems[:5]) + ("\n" + _("… and {count} more").format(count=len(problems) - 5)
                                                   if len(problems) > 5 else ""))
            yield Static(text, id="problems", markup=False)
            more = self.more_fields()
            if more:
                yield Static(more, id="more", markup=False)
            if self.preview.completed:
                done = sum(1 for mark in self.marks if mark)
                yield Static("✓ " + ngettext("{count} row completed from the {list} FIDE list ({type} ratings)",
                                             "{count} rows completed from the {list} FIDE list ({type} ratings)",
                                             done).format(count=done, list=self.preview.rating_list,
                                                          type=self.preview.rating_type), id="completed", markup=False)
            yield Static(_("y import these players · n cancel (problem lines are left out)"), classes="hint",
                         markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in COLUMNS:
            table.add_column(pgettext("column", COLUMN_LABELS[label]), width=width)
        for p, mark in zip(self.players, self.marks):
            year = birth_year(str(p["birth"]))  # as the categories read it
            table.add_row(clip(str(p["name"]), 24), str(p["rating"] or ""), str(p["title"]), str(p["federation"]),
                          str(p["fide_id"] or ""), str(p["sex"]), str(year) if year else clip(str(p["birth"]), 4),
                          mark)

    def more_fields(self) -> str:
        """The fields read that have no column here, with how many players have them: the file was understood."""
        counts = [(label, sum(1 for p in self.players if p[key])) for key, label in MORE_FIELDS]
        said = [ngettext("{field} ({count} player)", "{field} ({count} players)", n).format(
            field=_(label) if label != "K" else label, count=n) for label, n in counts if n]
        return _("also read: {fields}").format(fields=" · ".join(said)) if said else ""

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
