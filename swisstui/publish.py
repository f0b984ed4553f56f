"""What leaves the event for players and spectators: pairings, results, standings, cross-table, cards.

Every list is built once as plain rows (:class:`Sheet`) and then written three
ways: self-contained HTML (Jinja2 templates shipped with the package, inline
CSS, no external file; readable on a phone, printable on A4, light and dark),
plain text for notice boards and e-mail, and CSV for other programs. The
order of every list comes from the engine (C.04.2 art. 3.6 boards, C.07
standings), never from here.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from engine.explain import points_text
from engine.standings import Standings, standings
from engine.tiebreaks import TieBreakError
from swisstui.event import Event
from swisstui.file_writer import make_folder, write_output
from swisstui.standings_view import DE_NOTE, card_lines, rank_texts, value_text
from swisstui.views.ranking import cross_cell

KINDS = ("pairings", "alphabetical", "results", "standings", "crosstable", "cards")


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
    csv_rows: list[list[str]] | None = None  # when the CSV differs (a shared rank on every row)


def _name(event: Event, pid: int) -> str:
    return event.player(pid).name


def _points_before(t, pid: int, round_number: int) -> str:
    return points_text(t.score(pid, round_number - 1), plain=True)


def pairings(event: Event, n: int) -> Sheet:
    """Round ``n`` board by board, in the order the round was published (C.04.2 art. 3.6)."""
    t = event.to_tournament()
    rnd = event.round(n)
    rows = []
    for b in rnd.boards:
        rows.append([str(b.number), str(b.white), _name(event, b.white), _points_before(t, b.white, n),
                     b.result or "-", _points_before(t, b.black, n), _name(event, b.black), str(b.black)])
    notes = []
    if rnd.bye is not None:
        notes.append(f"Pairing-allocated bye: {_name(event, rnd.bye)} ({rnd.bye})")
    for pid, code in sorted(rnd.requests.items()):
        notes.append(f"Not paired: {_name(event, pid)} ({pid}), {code.name.lower().replace('_', ' ')}")
    return Sheet("pairings", f"{event.name} · round {n} · pairings", ["Bd", "No", "White", "Pts", "Result", "Pts",
                 "Black", "No"], rows, notes, numeric={0, 1, 3, 5, 7})


def alphabetical(event: Event, n: int) -> Sheet:
    """Every player by name: where and with which colour they play in round ``n``."""
    rnd = event.round(n)
    rows = []
    for p in sorted(event.players, key=lambda p: p.name.casefold()):
        b = rnd.board_of(p.id)
        if b is not None:
            colour, opp = ("White", b.black) if b.white == p.id else ("Black", b.white)
            rows.append([p.name, str(p.id), str(b.number), colour, f"{_name(event, opp)} ({opp})"])
        elif rnd.bye == p.id:
            rows.append([p.name, str(p.id), "", "", "pairing-allocated bye"])
        elif p.id in rnd.requests or not p.plays_in(n):
            rows.append([p.name, str(p.id), "", "", "not paired"])
    return Sheet("alphabetical", f"{event.name} · round {n} · players A-Z", ["Name", "No", "Board", "Colour",
                 "Opponent"], rows, numeric={1, 2})


def results(event: Event, n: int) -> Sheet:
    sheet = pairings(event, n)
    done = sum(1 for b in event.round(n).boards if b.result)
    sheet.kind, sheet.title = "results", f"{event.name} · round {n} · results ({done}/{len(sheet.rows)} in)"
    return sheet


def _standings(event: Event, n: int) -> tuple[Standings, list[str]]:
    t = event.to_tournament()
    try:
        return standings(t, n), []
    except TieBreakError as exc:
        return standings(t, n, tiebreaks=()), [f"tie-breaks not applied: {exc}"]


def standings_sheet(event: Event, n: int) -> Sheet:
    s, notes = _standings(event, n)
    tbs = [tb.code for tb in s.tiebreaks]
    rows, csv_rows = [], []
    for rank, row in zip(rank_texts(s), s.rows):
        p = event.player(row.player)
        cells = [str(p.id), p.name + (" (withdrawn)" if p.withdrawn else ""), str(p.rating or ""),
                 p.federation, points_text(row.points, plain=True),
                 *(value_text(tb, v) for tb, v in zip(s.tiebreaks, row.values))]
        rows.append([rank, *cells])
        csv_rows.append([str(row.rank), *cells])
    if any(tb.acronym == "DE" for tb in s.tiebreaks):
        notes.append(DE_NOTE)
    if tbs:
        notes.append(f"Tie-breaks in order: {', '.join(tbs)} (FIDE C.07, edition {s.edition.value})")
    cols = ["Rk", "No", "Name", "Rtg", "Fed", "Pts", *tbs]
    return Sheet("standings", f"{event.name} · standings after round {n}", cols, rows, notes,
                 numeric={0, 1, 3, 5, *range(6, len(cols))}, csv_rows=csv_rows)


def crosstable(event: Event, n: int) -> Sheet:
    s, notes = _standings(event, n)
    t = s.crosstable.tournament
    rank_of = s.rank_of
    rows = []
    for rank, row in zip(rank_texts(s), s.rows):
        p = t.player(row.player)
        rows.append([rank, str(p.id), p.name, points_text(row.points, plain=True),
                     *(cross_cell(p.entry(r), rank_of) for r in range(1, n + 1))])
    notes.append("Cell: opponent's rank, colour (w/b), result (1 ½ 0, + - forfeit, · not in yet)")
    return Sheet("crosstable", f"{event.name} · cross-table after round {n}",
                 ["Rk", "No", "Name", "Pts", *(f"R{r}" for r in range(1, n + 1))], rows, notes,
                 landscape=n > 9, numeric={0, 1, 3})


def cards(event: Event, n: int) -> Sheet:
    s, notes = _standings(event, n)
    t = s.crosstable.tournament
    sections = []
    for row in s.rows:
        lines = card_lines(s, t, row.player)
        sections.append((lines[0], lines[1:]))
    return Sheet("cards", f"{event.name} · player cards after round {n}", [], [], notes, sections=sections)


BUILDERS = {"pairings": pairings, "alphabetical": alphabetical, "results": results,
            "standings": standings_sheet, "crosstable": crosstable, "cards": cards}


# -- formats ---------------------------------------------------------------------------------


def _env() -> Environment:
    return Environment(loader=PackageLoader("swisstui", "templates"), autoescape=select_autoescape(["html"]),
                       trim_blocks=True, lstrip_blocks=True)


def to_html(sheet: Sheet) -> str:
    return _env().get_template("sheet.html").render(sheet=sheet)


def to_text(sheet: Sheet) -> str:
    """Fixed-width columns, numbers right-aligned, for a notice board or an e-mail."""
    out = [sheet.title, "=" * len(sheet.title), ""]
    if sheet.columns:
        widths = [max(len(c), *(len(r[i]) for r in sheet.rows)) if sheet.rows else len(c)
                  for i, c in enumerate(sheet.columns)]

        def line(cells: Sequence[str]) -> str:
            return "  ".join(c.rjust(w) if i in sheet.numeric else c.ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        out.append(line(sheet.columns))
        out.append(line(["-" * w for w in widths]))
        out.extend(line(r) for r in sheet.rows)
    for heading, lines in sheet.sections:
        out += ["", heading, *lines]
    if sheet.notes:
        out.append("")
        out.extend(sheet.notes)
    return "\n".join(out) + "\n"


def to_csv(sheet: Sheet) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(sheet.columns)
    w.writerows(sheet.rows if sheet.csv_rows is None else sheet.csv_rows)
    return buf.getvalue()


def _write(path: Path, text: str) -> None:
    """Through the one writer: a reader (a browser refreshing, a copy to a web server) never sees half a file."""
    write_output(path, text)


def publish(event: Event, directory: str | os.PathLike, round_number: int | None = None) -> list[Path]:
    """Write every list of round ``round_number`` (default: the last paired) as HTML, text and CSV."""
    n = event.rounds_paired if round_number is None else round_number
    if n < 1 or event.round(n) is None or not event.round(n).paired:
        raise ValueError(f"round {n} is not paired: nothing to publish")
    out = make_folder(directory)
    written = []
    for kind in KINDS:
        sheet = BUILDERS[kind](event, n)
        forms = {"html": to_html(sheet), "txt": to_text(sheet)}
        if kind != "cards":
            forms["csv"] = to_csv(sheet)
        for ext, text in forms.items():
            path = out / f"round-{n}-{kind}.{ext}"
            _write(path, text)
            written.append(path)
    return written
