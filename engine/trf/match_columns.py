"""A match of several games in TRF: one round column a game, read back as one entry a match.

TRF-2026 has one opponent, colour and result a player a round, so it cannot hold a
Double-Swiss match (C.04.5: two games, colours alternating, points a game) in one
column. A system whose pairing holds several games (record 192 ``FIDE_DOUBLESWISS``)
writes match ``k`` as the columns of its games, one after another (the writer:
``engine.trf.write._game_blocks``); record 142 still counts matches, the event's rounds.
docs/trf.md says why. Reading folds the columns back into the entry of
:mod:`engine.model.match_entries`, after each column was checked as a round of games:
the same opponent in every game of a match, colours alternating, and a bye or absence,
which applies to the whole match (the preface), the same in every column.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.model.catalogue import UnknownSystem, read_code
from engine.model.match_entries import match_code
from engine.model.tournament import ResultCode, RoundEntry
from engine.trf.errors import TrfError

Blocks = Mapping[int, Sequence[RoundEntry | None]]
Err = Callable[[int, "tuple[int, int] | None", str, str], TrfError]
Cols = Callable[[int], "tuple[int, int]"]


def games_a_round(code: str) -> int:
    """How many games one pairing of the system record 192 names holds: its round columns a round."""
    words = code.split()
    if not words:
        return 1
    try:
        info, baku = read_code(words[0])
    except UnknownSystem:
        return 1
    return 1 if baku and not info.acceleration else info.games  # a code kept as written, never applied


def check_whole_matches(blocks: Blocks, lines: Mapping[int, int], games: int, err: Err, cols: Cols) -> int:
    """The number of round columns paired, which must be whole matches; a :class:`TrfError` otherwise."""
    columns = max((r for row in blocks.values() for r, e in enumerate(row, start=1) if e is not None and e.was_paired),
                  default=0)
    if columns % games:
        pid = next(pid for pid, row in blocks.items() if len(row) >= columns)
        raise err(lines[pid], cols(columns), f"{columns} round columns of games: a match of the pairing system "
                  f"takes {games} columns", f"a multiple of {games} columns")
    return columns


def fold(pid: int, line: int, blocks: Blocks, columns: int, games: int, err: Err, cols: Cols) -> list[RoundEntry | None]:
    """Player ``pid``'s columns (record on ``line``) as one entry a match; after the last match, the
    column of the request for the match to pair is kept as it is."""
    row = blocks[pid]
    entries: list[RoundEntry | None] = []
    for m in range(columns // games):
        cells = [row[c] if c < len(row) else None for c in range(m * games, (m + 1) * games)]
        entries.append(_match_entry(m, cells, blocks, line, games, err, cols))
    entries += row[columns:]
    while entries and entries[-1] is None:
        entries.pop()
    return entries


def _match_entry(m: int, cells: list[RoundEntry | None], blocks: Blocks, line: int, games: int, err: Err,
                 cols: Cols) -> RoundEntry | None:
    first = cells[0]
    where = cols(m * games + 1)
    if all(c is None for c in cells):
        return None
    if first is None or any(c is None for c in cells):
        raise err(line, where, f"match {m + 1}: only some of its {games} round columns are filled in",
                  f"all {games} columns of the match, or none")
    if first.opponent is None:
        if any(c is not None and (c.opponent is not None or c.code is not first.code) for c in cells):
            raise err(line, where, f"match {m + 1}: a bye or absence in one game only",
                      "the same bye code in every column of the match (byes apply to matches)")
        return first
    theirs_row = blocks[first.opponent]
    mine: list[ResultCode] = []
    theirs: list[ResultCode] = []
    for g, cell in enumerate(cells):
        assert cell is not None
        at = cols(m * games + g + 1)
        if cell.opponent != first.opponent:
            raise err(line, at, f"match {m + 1}: game {g + 1} against {cell.opponent} but game 1 against "
                      f"{first.opponent}", "the same opponent in every game of a match")
        if cell.colour is not (first.colour if g % 2 == 0 else first.colour.opposite):
            raise err(line, at, f"match {m + 1}: game {g + 1} does not alternate the colours",
                      "colours alternating game by game (C.04.5 preface)")
        back = theirs_row[m * games + g] if m * games + g < len(theirs_row) else None
        mine.append(cell.code)
        theirs.append(back.code if back is not None else ResultCode.ABSENT)
    return RoundEntry(first.opponent, first.colour, match_code(mine, theirs), tuple(mine))
