"""The title norms screen (``N``): each player's FIDE title norms after a round (B.01 1.4).

The norms made first, then those still reachable (with the points the remaining
rounds need), then those out of reach; below the table, the conditions of the norm
under the cursor, each with its article, which say what is met, what the remaining
rounds must still bring and what failed. ``[`` and ``]`` step through the rounds.
The figures are those of ``swisstui norms`` (:mod:`swisstui.outputs.norms_report`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from engine.norms import NormVerdict, Status
from swisstui.language import N_, _
from swisstui.outputs.norms_report import points, verdicts
from swisstui.screens.base import AfterRoundScreen
from swisstui.views.format import clip
from swisstui.widgets.table import RowTable

LABELS = (N_("No"), N_("Name"), N_("Fed"), N_("Norm"), N_("Status"), N_("Pts"), N_("Ra"), N_("Rp"))
"""The columns (the keys the table finds them by; shown through the catalogue)."""
STATUS_WORDS = {Status.MADE: N_("made"), Status.REACHABLE: N_("reachable"), Status.OUT: N_("out")}
"""A norm's status in its column (``swisstui norms`` writes its own, in English, for scripts)."""
STATUS_SAID = {Status.MADE: N_("made"), Status.REACHABLE: N_("reachable"), Status.OUT: N_("out of reach")}
"""A norm's status in the sentence under the table."""
NAME_WIDTH = 22  # with the other columns, the table fits 80 columns beside its scroll bar
STATE_MARK = {"ok": "✓", "pending": "○", "failed": "✗"}  # met, still to come, failed


def status_text(v: NormVerdict) -> str:
    """``made``, ``needs 1½/2`` or ``out``: the status column, in the arbiter's language."""
    if v.status is Status.REACHABLE and v.needed is not None:
        return _("needs {points}/{rounds}").format(points=points(v.needed), rounds=v.remaining)
    return _(STATUS_WORDS[v.status])


class NormsScreen(AfterRoundScreen):
    SCREEN_NAME = "norms"
    TITLE_TEXT = N_("title norms")

    BINDINGS = [Binding("escape", "back", N_("home"))]

    DEFAULT_CSS = """
    NormsScreen #headline { height: 1; padding: 0 1; text-style: bold; }
    NormsScreen DataTable { height: 1fr; scrollbar-gutter: stable; }
    NormsScreen #conditions-box { height: auto; max-height: 11; }
    NormsScreen #conditions { height: auto; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[NormVerdict] = []

    def compose_body(self) -> ComposeResult:
        yield Static("", id="headline", markup=False)
        yield RowTable(id="norms", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="conditions-box"):
            yield Static("", id="conditions", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def header_title(self) -> str:
        n = self._round()
        return _("title norms · after round {round}").format(round=n) if n else _("title norms · before round 1")

    def refresh_data(self) -> None:
        event = self.session.event
        n = self._round()
        table = self.query_one(DataTable)
        table.clear(columns=True)
        head = self.query_one("#headline", Static)
        if not n:
            self.rows = []
            head.update(_("No round has been played: norms start after round 1."))
            self.query_one("#conditions", Static).update("")
            return
        t = self.session.tournament()
        self.rows = verdicts(event, t, n)
        made = sum(1 for v in self.rows if v.status.value == "made")
        reachable = sum(1 for v in self.rows if v.status.value == "reachable")
        host = event.info.federation.strip().upper() or _("not set")  # the details screen (d) sets it
        head.update(clip(_("after round {round} of {rounds} · host federation {host} · {made} made, {reachable} "
                           "reachable").format(round=n, rounds=event.settings.rounds, host=host, made=made,
                                               reachable=reachable), max(self.size.width, 80) - 2))
        for label in LABELS:
            table.add_column(_(label), key=label)
        for i, v in enumerate(self.rows):
            p = t.player(v.player)
            table.add_row(str(v.player), clip(p.name, NAME_WIDTH), p.federation, v.norm, status_text(v),
                          f"{points(v.score)}/{len(v.games)}", str(v.ratings.average or "-"),
                          str(v.performance or "-"), key=str(i))
        self._show_conditions(table.cursor_row)

    def on_data_table_row_highlighted(self, message: DataTable.RowHighlighted) -> None:
        self._show_conditions(message.cursor_row)

    def _show_conditions(self, row: int) -> None:
        text = self.query_one("#conditions", Static)
        if not 0 <= row < len(self.rows):
            text.update("")
            return
        v = self.rows[row]
        name = self.session.tournament().player(v.player).name
        width = max(self.size.width, 80) - 2
        said = v.reason.split("; ")[0] if v.status.value == "reachable" else v.reason  # the rest is listed below
        lines = [clip(_("{number} {name}, {norm} norm {status}: {reason}").format(
            number=v.player, name=name, norm=v.norm, status=_(STATUS_SAID[v.status]), reason=said), width)]
        lines += [clip(f"{STATE_MARK[c.state.value]} {c.article} {c.shown_name}: {c.text}", width) for c in v.conditions]
        text.update("\n".join(lines))

    def action_back(self) -> None:
        self.host.action_show("home")
