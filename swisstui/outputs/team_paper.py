"""Paper for the hall of a team event: the match list for the wall, a match slip for each match's captains and
a scoresheet for each board of one round, made from the event.

A team event's round is matches of several boards (C.04.6), so its paper is not the individual paper
(:mod:`swisstui.outputs.paper`) of one slip a board: the wall lists each match with its boards, who sits on
each and with which colour; the captains sign one slip for the whole match, with a box per board for its
result and the match score; each board still has its own scoresheet. The paper keeps the individual paper's
paths (``paper/round-N-{slips,scoresheets,wall}.html``, :func:`swisstui.outputs.paper_files.paper_file`), so
the index links it the same way, and its layout: no paper size set, every block within the 190 x 259 mm A4
and Letter share inside 10 mm margins, one ``section.page`` a printed page.

Colours: the team named first in a match is the team "with White", which has White on boards 1, 3, ...
(C.04.6(2026) art. 1.6), or where the event's record 352 sequence puts White
(:meth:`swisstui.store.team_records.TeamMatchRecord.side_of_board`). Each board's players are read from the
event file by colour and placed beside their own team (the rule decides only a board both teams left empty),
so the paper says what the boards hold. Every word is looked up in the language in
force (the event's while the round is published, :func:`swisstui.language.using`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from swisstui.language import _, current_code, pgettext
from swisstui.language.formats import date_text
from swisstui.language.templates import page_environment
from swisstui.outputs.names import told_apart
from swisstui.outputs.paper import SCORESHEET_MOVES
from swisstui.outputs.paper_files import PAPER_KINDS, paper_file
from swisstui.outputs.publish_index import event_line
from swisstui.outputs.qr import qr_svg
from swisstui.store.event import Event
from swisstui.store.lineups import EMPTY
from swisstui.store.team_records import TeamMatchRecord

SLIPS_A_PAGE_UP_TO = 6
"""Matches of at most this many boards get two slips a page (cut along the dashed line); a larger match a page."""


@dataclass
class TeamSide:
    """A team as the paper names it: pairing number, name, short name and captain (may be "")."""

    number: int
    name: str
    short: str
    captain: str


@dataclass
class TeamSeat:
    """One player of a board as the paper names them: pairing number (0 for a board left empty), name, rating,
    whether they have White, the colour's letter and word (in the language in force) and the player's team."""

    number: int
    name: str
    rating: str
    has_white: bool
    colour: str
    colour_word: str
    team: TeamSide


@dataclass
class TeamPaperBoard:
    """One board of a match: its number, the seat of the first-named team's player and of the other's."""

    number: int
    first: TeamSeat
    second: TeamSeat

    @property
    def white(self) -> TeamSeat:
        return self.first if self.first.has_white else self.second

    @property
    def black(self) -> TeamSeat:
        return self.second if self.first.has_white else self.first


@dataclass
class TeamPaperMatch:
    """One match: its number, the team with White on board 1 (``first``), the other, the boards, and what
    stands in place of the boards for a match already lost whole by forfeit (TRF-2026 record 330)."""

    number: int
    first: TeamSide
    second: TeamSide
    boards: list[TeamPaperBoard]
    forfeit: str = ""


@dataclass
class TeamPaperRound:
    """What every paper of round ``round`` of a team event is made of, taken from the event once."""

    event: str
    subtitle: str
    round: int
    date: str
    matches: list[TeamPaperMatch]
    by_team: list[tuple[str, str, str, str]]  # team (number), match, colour on board 1, opponent (number)
    notes: list[str] = field(default_factory=list)
    url: str = ""
    qr_svg: str = ""


def _side(event: Event, team: int) -> TeamSide:
    record = event.team_record(team)
    return TeamSide(team, record.name, record.short or record.name, record.captain)


def _forfeit_text(match: TeamMatchRecord, first: TeamSide, second: TeamSide) -> str:
    if match.forfeit == "white":
        return _("Match forfeited by {team}").format(team=first.name)
    if match.forfeit == "black":
        return _("Match forfeited by {team}").format(team=second.name)
    if match.forfeit == "both":
        return _("Match forfeited by both teams")
    return ""


def team_paper_round(event: Event, n: int, url: str = "") -> TeamPaperRound:
    """Round ``n``'s matches in the order they were paired, each board with its players by colour."""
    assert event.team is not None, "the paper of a team event"
    rnd = event.recorded_round(n)
    names = told_apart(event.players)
    colours = event.team.board_colours
    letters = {"white": pgettext("colour letter", "W"), "black": pgettext("colour letter", "B")}
    words = {"white": _("White"), "black": _("Black")}

    def seat(pid: int, colour: str, team: TeamSide) -> TeamSeat:
        if pid == EMPTY:
            return TeamSeat(0, _("(empty board)"), "", colour == "white", letters[colour], words[colour], team)
        p = event.player(pid)
        return TeamSeat(pid, names[pid], str(p.rating) if p.rating else "", colour == "white", letters[colour],
                        words[colour], team)

    matches = []
    by_team: list[tuple[str, str, str, str]] = []
    for match in rnd.team.matches:
        first, second = _side(event, match.white), _side(event, match.black)
        boards = []
        first_players = set(event.team_record(match.white).board_order)
        for b in match.boards:
            if b.white != EMPTY:  # the board's players as the file holds them, each with its own team
                first_white = b.white in first_players
            elif b.black != EMPTY:
                first_white = b.black not in first_players
            else:  # both left empty: the event's rule (C.04.6(2026) art. 1.6, record 352)
                first_white = match.side_of_board(b.board, colours)[0] == match.white
            if first_white:
                boards.append(TeamPaperBoard(b.board, seat(b.white, "white", first), seat(b.black, "black", second)))
            else:
                boards.append(TeamPaperBoard(b.board, seat(b.black, "black", first), seat(b.white, "white", second)))
        matches.append(TeamPaperMatch(match.number, first, second, boards, _forfeit_text(match, first, second)))
        by_team.append((f"{first.name} ({first.number})", str(match.number), words["white"],
                        f"{second.name} ({second.number})"))
        by_team.append((f"{second.name} ({second.number})", str(match.number), words["black"],
                        f"{first.name} ({first.number})"))
    notes = []
    if rnd.team.bye is not None:
        bye = _side(event, rnd.team.bye)
        notes.append(_("Pairing-allocated bye: {team} ({number})").format(team=bye.name, number=bye.number))
        by_team.append((f"{bye.name} ({bye.number})", "", "", _("pairing-allocated bye")))
    for team in rnd.team.absent:
        side = _side(event, team)
        notes.append(_("Not paired: {team} ({number}), absent").format(team=side.name, number=side.number))
        by_team.append((f"{side.name} ({side.number})", "", "", pgettext("team", "absent")))
    by_team.sort(key=lambda row: row[0].casefold())
    date = date_text(rnd.date) if rnd.date else ""
    return TeamPaperRound(event.name, event_line(event), n, date, matches, by_team, notes, url,
                          qr_svg(url) if url else "")


def _slip_pages(paper: TeamPaperRound) -> list[list[TeamPaperMatch]]:
    """The match slips a page each printed page holds: two small matches, or one larger (in paired order)."""
    pages: list[list[TeamPaperMatch]] = []
    for match in paper.matches:
        small = len(match.boards) <= SLIPS_A_PAGE_UP_TO
        if pages and small and len(pages[-1]) == 1 and len(pages[-1][0].boards) <= SLIPS_A_PAGE_UP_TO:
            pages[-1].append(match)
        else:
            pages.append([match])
    return pages


def team_paper_html(kind: str, paper: TeamPaperRound) -> str:
    """The page of paper ``kind`` (:data:`PAPER_KINDS`) of one round of a team event."""
    half = SCORESHEET_MOVES // 2
    titles = {  # each paper's title on its own pages (the index names its link by PAPER_KINDS)
        "slips": _("Match slips"), "scoresheets": _("Scoresheets"), "wall": _("Match list")}
    return page_environment(trim_blocks=True, lstrip_blocks=True).get_template(f"team_paper_{kind}.html").render(
        paper=paper, title=titles[kind], lang=current_code(), slip_pages=_slip_pages(paper),
        move_rows=[(m, m + half) for m in range(1, half + 1)])


def team_paper_pages(paper: TeamPaperRound, out: Path) -> dict[Path, str]:
    """Every paper of the round, by the path it takes in ``out/paper/`` (the individual paper's paths)."""
    return {out / paper_file(paper.round, kind): team_paper_html(kind, paper) for kind in PAPER_KINDS}
