"""Paper for the hall: result slips, scoresheets and wall lists of one round, made from the event.

What an arbiter prints at every round, beside the published lists
(:mod:`swisstui.outputs.publish`) and written with them into the publication
folder's ``paper/`` folder, so the index links them and any browser prints them.

One layout serves A4 and Letter: the pages set no paper size (``@page`` gives
only the margins), and every block is sized to the area the two papers share
(190 x 259 mm inside 10 mm margins), so the print dialog's paper is used as it
is and a page holds the same slips on either. Each printed page is one
``section.page`` that breaks after itself, so the number of pages is known:
:data:`SLIPS_PER_PAGE` slips a page, one scoresheet a board, the wall list by
board and by name each starting a page of their own.

The wall lists and the index carry a QR code of the published pages' address
(``publish --url``), made by ``segno`` (pure Python, no dependencies).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from swisstui.language import _
from swisstui.language.formats import date_text, score_text
from swisstui.outputs.paper_files import PAPER_KINDS, paper_file
from swisstui.outputs.publish_index import environment, event_line
from swisstui.outputs.names import told_apart
from swisstui.outputs.qr import qr_svg
from swisstui.store.event import Event

SLIPS_PER_PAGE = 4
"""Result slips a printed page holds, one board a slip, cut apart along the dashed lines."""

SCORESHEET_MOVES = 60
"""Moves a scoresheet has lines for, in two columns of 30."""


@dataclass
class Seat:
    """One player at one board, as the paper names them: number, name, rating, points before the round."""

    number: int
    name: str
    rating: str
    points: str


@dataclass
class PaperBoard:
    """One board of the round: its number and the two players with their colours."""

    number: int
    white: Seat
    black: Seat


@dataclass
class PaperRound:
    """What every paper of round ``round`` is made of, taken from the event once."""

    event: str
    subtitle: str
    round: int
    date: str
    boards: list[PaperBoard]
    by_name: list[list[str]]  # name, number, board, colour, opponent
    notes: list[str] = field(default_factory=list)
    url: str = ""
    qr_svg: str = ""


def paper_round(event: Event, n: int, by_name: list[list[str]], notes: list[str], url: str = "") -> PaperRound:
    """Round ``n``'s boards in their published order (C.04.2 art. 3.6, fixed boards kept).

    ``by_name`` and ``notes`` are the published list of players by name and the pairings' notes (byes,
    players not paired), which :mod:`swisstui.outputs.publish` makes: the wall says what the screens say.
    """
    t = event.to_tournament()
    rnd = event.recorded_round(n)
    names = told_apart(event.players)

    def seat(pid: int) -> Seat:
        p = event.player(pid)
        return Seat(pid, names[pid], str(p.rating) if p.rating else "", score_text(t.score(pid, n - 1)))

    boards = [PaperBoard(b.number, seat(b.white), seat(b.black)) for b in rnd.boards]
    date = date_text(rnd.date) if rnd.date else ""  # as the event's language writes a day
    return PaperRound(event.name, event_line(event), n, date, boards, by_name, notes, url, qr_svg(url) if url else "")


def paper_html(kind: str, paper: PaperRound) -> str:
    """The page of paper ``kind`` (:data:`PAPER_KINDS`) of one round."""
    pages: list[list[PaperBoard]] = [paper.boards[i:i + SLIPS_PER_PAGE]
                                     for i in range(0, len(paper.boards), SLIPS_PER_PAGE)]
    half = SCORESHEET_MOVES // 2
    return environment().get_template(f"paper_{kind}.html").render(
        paper=paper, title=_(PAPER_KINDS[kind]), slip_pages=pages,
        move_rows=[(m, m + half) for m in range(1, half + 1)])


def paper_pages(paper: PaperRound, out: Path) -> dict[Path, str]:
    """Every paper of the round, by the path it takes in ``out/paper/``: the publication checks each
    target with its lists before it writes any (the folder ``paper/`` is made then)."""
    return {out / paper_file(paper.round, kind): paper_html(kind, paper) for kind in PAPER_KINDS}


