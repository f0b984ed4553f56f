"""One published list as plain rows, before it is written as HTML, text or CSV (:mod:`swisstui.outputs.publish`).

A module of its own so that lists built elsewhere (the prize list, :mod:`swisstui.outputs.prize_sheets`) are
published by :mod:`swisstui.outputs.publish` without the two importing each other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from swisstui.language import NC_, pgettext

COLUMN_WORDS = {NC_("column", "Bd"), NC_("column", "No"), NC_("column", "White"), NC_("column", "Pts"),
                NC_("column", "Result"), NC_("column", "Black"), NC_("column", "Name"), NC_("column", "Board"),
                NC_("column", "Colour"), NC_("column", "Opponent"), NC_("column", "Rk"), NC_("column", "Rtg"),
                NC_("column", "Fed"), NC_("column", "Match"), NC_("column", "Game"), NC_("column", "Score"),
                NC_("column", "Colours"), NC_("column", "M"), NC_("column", "Team"), NC_("column", "MP"),
                NC_("column", "GP"), NC_("column", "Pld"), NC_("column", "Rds"), NC_("column", "Rtd"),
                NC_("column", "Perf"), NC_("column", "List"), NC_("column", "Place"), NC_("column", "Prize"),
                NC_("column", "Paid"), NC_("column", "Shared with"), NC_("column", "FIDE ID"), NC_("column", "Norm"),
                NC_("column", "Games"), NC_("column", "Ra"), NC_("column", "Rp"), NC_("column", "Rd"),
                NC_("column", "Cat"), NC_("column", "Born")}
"""Column keys shown translated. A list's ``columns`` stay English: they are the CSV's header, which other
programs read, and the keys the venue display lays its columns out by; only what is shown is looked up."""

_ROUND_COLUMN = re.compile(r"R(\d+)")


def heading(key: str) -> str:
    """A column as shown in the language in force: a word of :data:`COLUMN_WORDS` looked up, ``R3`` (a round
    of the cross-table) as the language abbreviates a round; anything else (a tie-break's C.07 code, a line
    number of the square table) as it is."""
    if key in COLUMN_WORDS:
        return pgettext("column", key)
    if m := _ROUND_COLUMN.fullmatch(key):
        return pgettext("column", "R{round}").format(round=m.group(1))
    return key


@dataclass
class Sheet:
    """One published list: a title, column headers, rows of text cells, notes under it."""

    kind: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)
    landscape: bool = False  # wide lists print across the page
    numeric: set[int] = field(default_factory=set)  # columns aligned right
    sections: list[tuple[str, list[str]]] = field(default_factory=list)  # cards: (heading, lines)
    csv_rows: list[list[str]] | None = None  # when the CSV differs (a shared rank on every row, 2.5 for 2½)
    round: int = 0  # the round the list belongs to: its page links to the round's other pages
    subtitle: str = ""  # city and dates, under the title
    style: str = ""  # a layout of the kind the stylesheet knows (``square``: a round robin's cross-table)
    parts: set[int] = field(default_factory=set)  # columns whose cells are items apart by spaces, each kept whole
    row_classes: list[str] = field(default_factory=list)  # a class per row (a team match's own line); [] for none
    pages: tuple[str, ...] = ()  # the kinds of the round's pages it links to; (): an individual event's lists

    def headings(self) -> list[str]:
        """The columns as the page and the text list show them, in the language in force (:func:`heading`)."""
        return [heading(c) for c in self.columns]
