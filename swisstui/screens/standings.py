"""Standings after any round: points, then one column per tie-break of the event's list.

``[`` and ``]`` step through the rounds ("after round 3"); enter opens the
player's card, which shows how each tie-break value was computed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from engine.awards.standings import Standings, standings
from engine.model.explain import points_text
from engine.model.tournament import Tournament
from engine.tiebreaks import TieBreakError
from swisstui.language import N_, NC_, _, pgettext
from swisstui.session.actions import ActionError
from swisstui.outputs.prize_report import event_year
from swisstui.screens.base import AfterRoundScreen
from swisstui.outputs.standings_view import card_lines, rank_texts, value_text
from swisstui.views.format import clip
from swisstui.outputs.names import shown_name
from swisstui.widgets.plain import plain
from swisstui.widgets.table import RowTable, share_width
from swisstui.terminal.binding_words import BindingWords


NAME_LEAST = 16  # a name cut shorter than this no longer tells two players apart at a glance
DROPPABLE = ("Fed", "Rtg")  # given up, in this order, before a tie-break would leave the screen


def name_width(total: int, labels: tuple[str, ...], rows: list[tuple[str, ...]]) -> int:
    """The Name column's width: up to 24 cells when the others leave room, the longest name when they leave more."""
    column = labels.index("Name")
    others = _widths(labels, rows, skip=column)
    longest = max((len(row[column]) for row in rows), default=4)
    least = min(24, longest)
    if _needed(others, least) > total:  # the tie-breaks first: the name gives way down to NAME_LEAST
        least = min(NAME_LEAST, longest)
    return share_width(total, others, {"Name": (least, longest)})["Name"]


def fitting_labels(total: int, labels: tuple[str, ...], rows: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The columns shown: the federation, then the rating, leave when the points and every tie-break
    would not fit beside a readable name (a list cut off at the right hides what decides the places)."""
    kept = list(labels)
    for label in DROPPABLE:
        column = kept.index("Name")
        shown = [tuple(row[labels.index(k)] for k in kept) for row in rows]
        if _needed(_widths(tuple(kept), shown, skip=column), min(NAME_LEAST, max(
                (len(row[column]) for row in shown), default=4))) <= total:
            break
        kept.remove(label)
    return tuple(kept)


def _widths(labels: tuple[str, ...], rows: list[tuple[str, ...]], skip: int) -> dict[str, int]:
    return {label: max([len(label), *(len(row[n]) for row in rows)]) for n, label in enumerate(labels) if n != skip}


def _needed(others: dict[str, int], name: int) -> int:
    """Cells the table needs: two of padding a column, one for the scroll bar (as share_width counts)."""
    return sum(others.values()) + name + 2 * (len(others) + 1) + 1


COLUMN_LABELS = {"Rk": NC_("column", "Rk"), "No": NC_("column", "No"), "Name": NC_("column", "Name"),
                 "Rtg": NC_("column", "Rtg"), "Fed": NC_("column", "Fed"), "Pts": NC_("column", "Pts")}
"""The standings' own columns, by the English label the code keeps as their key (the tie-breaks keep
their C.07 names in every language)."""


def column_label(label: str) -> str:
    """A column's heading in the arbiter's language; a tie-break's code as C.07 writes it."""
    return pgettext("column", COLUMN_LABELS[label]) if label in COLUMN_LABELS else label


class PlayerCardScreen(BindingWords, ModalScreen[None]):
    """A player's tie-break card: opponents, their scores, what counted as unplayed, what was cut."""

    BINDINGS = [Binding("escape,enter,q", "close", N_("close"))]

    def __init__(self, lines: list[str], title: str) -> None:
        super().__init__()
        self.lines = lines
        self.title_text = title

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = plain(self.title_text)
            box.border_subtitle = _("escape close")
            yield Static("\n".join(self.lines), id="card", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class StandingsScreen(AfterRoundScreen):
    SCREEN_NAME = "standings"
    TITLE_TEXT = N_("standings")

    BINDINGS = [
        Binding("enter", "card", N_("player card")),
        Binding("P", "publish", N_("publish")),
        Binding("H", "paper", N_("paper for the hall"), show=False),  # in the help and the command palette
        Binding("dollar_sign", "prizes", N_("prizes")),
    ]

    DEFAULT_CSS = """
    StandingsScreen DataTable { height: 1fr; }
    StandingsScreen #problem { height: auto; color: $warning; padding: 0 1; display: none; }
    StandingsScreen #problem.visible { display: block; }
    StandingsScreen #legend { height: auto; color: $text-muted; padding: 0 1; display: none; }
    StandingsScreen #legend.visible { display: block; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.current: tuple[Tournament, Standings] | None = None

    def compose_body(self) -> ComposeResult:
        yield Static("", id="problem", markup=False)
        yield RowTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield Static("", id="legend", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        if self.set_up:
            self.refresh_all()  # the names take the room the new width leaves

    def header_title(self) -> str:
        k = self._round()
        if not k:
            return _("standings · before round 1")
        done, total = self.session.results_in(k)
        if done == total:
            return _("standings after round {round}").format(round=k)
        return _("standings after round {round} ({done}/{total} in)").format(round=k, done=done, total=total)

    def _compute(self) -> tuple[Tournament, Standings]:
        t = self.session.tournament()
        problem = self.query_one("#problem", Static)
        try:
            s = standings(t, self._round())
            problem.remove_class("visible")
        except TieBreakError as exc:
            s = standings(t, self._round(), tiebreaks=())
            problem.update(_("tie-breaks not applied: {problem}").format(problem=exc))
            problem.add_class("visible")
        return t, s

    def refresh_data(self) -> None:
        t, s = self._compute()
        self.current = (t, s)
        table = self.query_one(DataTable)
        table.clear(columns=True)
        labels = ("Rk", "No", "Name", "Rtg", "Fed", "Pts", *(tb.code for tb in s.tiebreaks))
        rows = []
        for rank, row in zip(rank_texts(s), s.rows):
            p = t.player(row.player)
            rows.append((rank, str(p.id), shown_name(t, p.id) + (" " + _("(w/d)") if p.withdrawn else ""), str(p.rating or ""),
                         p.federation, points_text(row.points), *(value_text(tb, v, shown=True)
                                                                  for tb, v in zip(s.tiebreaks, row.values))))
        total = max(self.size.width, 80)
        shown = fitting_labels(total, labels, rows)
        rows = [tuple(row[labels.index(label)] for label in shown) for row in rows]
        for label in shown:  # the English label stays the column's key; the arbiter reads it translated
            table.add_column(column_label(label), key=label)
        width = name_width(total, shown, rows)
        name = shown.index("Name")
        for cells in rows:
            table.add_row(*cells[:name], clip(cells[name], width), *cells[name + 1:], key=cells[1])
        # A blank DE cell is not a missing value: the published lists carry the same note under the table.
        de_shown = any(tb.acronym == "DE" and tb.code in shown for tb in s.tiebreaks)
        legend = self.query_one("#legend", Static)
        legend.update(_("DE: place among those tied when it applied; blank: it did not separate them")
                      if de_shown else "")  # outputs.standings_view's DE_NOTE_SHORT, as the screen says it
        legend.set_class(de_shown, "visible")

    def action_prizes(self) -> None:
        self.host.action_show("prizes")

    def action_publish(self) -> None:
        """Write the lists of the round shown beside the event file (``EVENT-published/``)."""
        self.publish_round(self._round())

    def action_paper(self) -> None:
        """Publish the round shown and open its paper for the hall in the browser, to print from there.

        Publishing first makes the slips, scoresheets and wall lists from the event as it is now; the
        browser opens the index at the round, whose paper links are beside its lists.
        """
        n = self._round()
        try:
            target, _written = self.session.results.publish(n)
        except ActionError as err:
            self.notify(str(err), severity="error", timeout=8)
            return
        self.app.open_url(f"{(target / 'index.html').resolve().as_uri()}#round-{n}")
        self.notify(_("round {round}: result slips, scoresheets and wall lists in {folder}, "
                      "opened in the browser to print").format(round=n, folder=target / "paper"), timeout=8)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        # the table takes enter for itself and reports the row: that is the card key
        event.stop()
        self.action_card()

    def action_card(self) -> None:
        if self.current is None:
            return
        t, s = self.current
        table = self.query_one(DataTable)
        if not s.rows or table.cursor_row is None:
            return
        row = s.rows[table.cursor_row]
        lines = card_lines(s, t, row.player, year=event_year(self.session.event))
        self.app.push_screen(PlayerCardScreen(lines, _("card · {name}").format(name=t.player(row.player).name)))
