"""A round robin's whole schedule and its square cross-table, as plain data for the screens and the pages.

C.05 fixes a round robin's schedule once the pairing numbers are drawn (Annex 1,
the Berger tables), so every round can be shown and published before it is
played; the rounds already paired are shown as the event recorded them, the
later ones as the table gives them (the engine's ``schedule``; nothing is
decided here). The cross-table of a round robin is its standings: the square
table, one line and one column a player, the diagonal blank, each cell the
games of the two players (round, colour, result), then points, place and the
event's tie-breaks (C.07, the order from the engine's standings).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import systems
from engine.awards.roundrobin_results import regulated
from engine.awards.standings import Standings
from engine.model.explain import points_text
from engine.model.tournament import Colour
from engine.systems.roundrobin import Cycles, ScheduleError, schedule
from swisstui.outputs.names import told_apart
from swisstui.language import N_, _
from swisstui.language.formats import score_text
from swisstui.outputs.ranking import CROSS_SYMBOL, colour_letter
from swisstui.outputs.standings_view import standings_or_untied, value_text
from swisstui.store.event import Event

DIAGONAL = "X"
"""The cell where a player's line crosses their own column: nobody plays themself."""

PENDING = "·"
"""A game paired whose result is not in yet (as on the Swiss cross-table)."""

CELL_NOTE = N_("Cell: round, colour (w/b), result (1 ½ 0, + - forfeit, · not in yet); "
               "X: the player's own column")


def cycles(event: Event) -> int:
    """How often each pair meets in the event's system (the catalogue's ``cycles``); 0 for a Swiss."""
    info = systems.find(event.settings.system)
    return 0 if info is None else info.cycles


def is_round_robin(event: Event) -> bool:
    return cycles(event) > 0


@dataclass(frozen=True)
class ScheduledBoard:
    board: int
    white: int
    black: int
    result: str = ""  # the event file's text, once the round is played


@dataclass(frozen=True)
class ScheduledRound:
    """One round of the schedule: ``paired`` when the event holds it, else as the table will pair it."""

    number: int
    boards: tuple[ScheduledBoard, ...]
    bye: int | None
    paired: bool


class NotDrawn(ValueError):
    """A schedule asked of an event that is not a round robin the tables cover."""


def event_schedule(event: Event) -> list[ScheduledRound]:
    """Every round of the event in playing order: the rounds paired as recorded, the rest from the table.

    The table's order for two cycles is the one C.05 Annex 1 recommends (the last two rounds of
    the first cycle exchanged, the second cycle with colours reversed), which the catalogue's
    double round robin pairs; the player's id is the pairing number.
    """
    count = cycles(event)
    if count == 0:
        raise NotDrawn(f"{event.settings.system} is not a round robin: its rounds are paired one at a time")
    try:
        table = schedule(len(event.players), Cycles.SINGLE if count == 1 else Cycles.DOUBLE_FIDE)
    except ScheduleError as err:
        raise NotDrawn(str(err)) from None
    rounds = []
    for number, row in enumerate(table, start=1):
        recorded = event.round(number)
        if recorded is not None and recorded.paired:
            rounds.append(ScheduledRound(number, tuple(ScheduledBoard(b.number, b.white, b.black, b.result)
                                                       for b in recorded.boards), recorded.bye, True))
            continue
        boards = tuple(ScheduledBoard(i, b.white, b.black)
                       for i, b in enumerate((b for b in row if not b.is_bye), start=1))
        bye = next((b.white for b in row if b.is_bye), None)
        rounds.append(ScheduledRound(number, boards, bye, False))
    return rounds


@dataclass(frozen=True)
class Game:
    """One game of a cell: the round it was paired in, the row player's colour, the result from their side."""

    round: int
    colour: str  # "w" or "b"
    symbol: str  # 1 ½ 0 + -, or PENDING

    def letter(self, plain: bool = False) -> str:
        """The colour as the language in force abbreviates it in a cell (``plain``: English, for the CSV)."""
        return colour_letter(Colour.WHITE if self.colour == "w" else Colour.BLACK, plain)

    def text(self, plain: bool = False) -> str:
        """``3w½``: round 3, White, a draw (the published cell)."""
        return f"{self.round}{self.letter(plain)}{self.symbol}"

    def short(self) -> str:
        """``w½``: the colour and result alone, for a terminal of 80 columns (the round is said for the cell
        under the cursor, :func:`games_said`)."""
        return f"{self.letter()}{self.symbol}"


@dataclass
class SquareLine:
    """A player's line: its number in the table, place, pairing number, name, a cell per line, points, tie-breaks."""

    line: int
    place: str  # "4=" when players share it
    player: int
    name: str
    cells: list[tuple[Game, ...] | None]  # None: the diagonal
    points: str
    points_plain: str
    values: list[str]  # the tie-breaks as shown (the language's decimal separator)
    withdrawn: bool = False
    values_plain: list[str] = field(default_factory=list)  # the tie-breaks for the CSV (a point)


@dataclass
class SquareTable:
    after_round: int
    tiebreaks: list[str]
    lines: list[SquareLine]
    cycles: int
    notes: list[str] = field(default_factory=list)

    def cell_text(self, line: SquareLine, column: int, plain: bool = False) -> str:
        """The cell of ``line`` in column ``column`` (1-based): the games joined by a space, X on the diagonal."""
        games = line.cells[column - 1]
        return DIAGONAL if games is None else " ".join(g.text(plain) for g in games)


COLOUR_WORD = {"w": N_("White"), "b": N_("Black")}


def games_said(table: SquareTable, line: SquareLine, column: int) -> str:
    """The games of one cell in words: ``round 3: Adams (White) ½ Berg``; the diagonal and a pair yet to
    meet say so."""
    if column == line.line:
        return _("{name}: the player's own column").format(name=line.name)
    other = table.lines[column - 1]
    games = line.cells[column - 1] or ()
    if not games:
        return _("{name} and {other}: not paired yet").format(name=line.name, other=other.name)
    said = [_("round {round}: {name} ({colour}) {result} against {other}").format(
        round=g.round, name=line.name, colour=_(COLOUR_WORD[g.colour]),
        result=_("not in yet") if g.symbol == PENDING else g.symbol, other=other.name) for g in games]
    return " · ".join(said)


def _places(s: Standings) -> list[str]:
    counts: dict[int, int] = {}
    for r in s.rows:
        counts[r.rank] = counts.get(r.rank, 0) + 1
    return [f"{r.rank}=" if counts[r.rank] > 1 else str(r.rank) for r in s.rows]


def square_table(event: Event, after_round: int | None = None, notes: list[str] | None = None) -> SquareTable:
    """The cross-table after round ``after_round`` (default: the last paired), lines in the order of the standings.

    ``notes``: what the event's outputs say under the table (how withdrawals were handled, as the
    regulations chose: :mod:`swisstui.outputs.round_robin_notes`), kept as given after the tie-break
    problems found here.
    """
    n = event.rounds_paired if after_round is None else after_round
    s, problems = standings_or_untied(event, n)
    t = event.to_tournament()
    # A table game nobody played because a player withdrew or was absent is left off the recorded round
    # (C.05: the schedule never changes); the standings count it as the regulations chose (a forfeit,
    # FIDE Tournament Rules art. 5.4, Laws of Chess art. 6.7.1), so its cell shows that forfeit, + and -,
    # and the points can be read off the line. Games played stay as recorded, annulled ones too (the
    # notes say they do not count: they were played, and are rated, C.06 art. 5.4.1).
    counted = regulated(t)
    line_of = {row.player: i for i, row in enumerate(s.rows, start=1)}
    names = told_apart(event.players)
    lines = []
    for i, (place, row) in enumerate(zip(_places(s), s.rows), start=1):
        p = t.player(row.player)
        games: dict[int, list[Game]] = {}
        for r in range(1, n + 1):
            entry = p.entry(r)
            if entry.opponent is None:
                entry = counted.player(p.id).entry(r)
            if entry.opponent is None or entry.opponent not in line_of:
                continue
            colour = "w" if entry.colour is Colour.WHITE else "b"
            games.setdefault(line_of[entry.opponent], []).append(Game(r, colour, CROSS_SYMBOL.get(entry.code, PENDING)))
        cells: list[tuple[Game, ...] | None] = [None if j == i else tuple(games.get(j, ())) for j in range(1, len(s.rows) + 1)]
        lines.append(SquareLine(i, place, p.id, names[p.id], cells, score_text(row.points),
                                points_text(row.points, plain=True),
                                [value_text(tb, v, shown=True) for tb, v in zip(s.tiebreaks, row.values)],
                                withdrawn=event.player(p.id).withdrawn,
                                values_plain=[value_text(tb, v) for tb, v in zip(s.tiebreaks, row.values)]))
    return SquareTable(n, [tb.code for tb in s.tiebreaks], lines, cycles(event), [*problems, *(notes or [])])
