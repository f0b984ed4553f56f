"""One published list as plain rows, before it is written as HTML, text or CSV (:mod:`swisstui.outputs.publish`).

A module of its own so that lists built elsewhere (the prize list, :mod:`swisstui.outputs.prize_sheets`) are
published by :mod:`swisstui.outputs.publish` without the two importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
