"""The FIDE Berger tables (C.05 Annex 1) for 3 to 24 players, single and double round robin.

The tables are fixed: a round robin has nothing to decide once the pairing
numbers are drawn, so this module only has to get the published tables exactly
right. They are computed, not typed in, by the rule that generates them:

- the table of an even number ``n`` has ``n - 1`` rounds; round 1 pairs
  ``1-n, 2-(n-1), ..., n/2-(n/2+1)`` (the first number has White);
- each next round adds ``n/2`` to every number but ``n``, counted modulo
  ``n - 1`` in 1..n-1, keeping the boards; ``n`` stays on board 1 and changes
  colour every round (Black in odd rounds, White in even ones);
- an odd number of players uses the table of the next even number, whose
  highest number counts as the bye (C.05 Annex 1).

Tests compare every size with Gacrux's schedules and with the tables the
Annex prints (3 to 14 players).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.model.wording import _

BYE = 0
"""The opponent written for the player who has the bye of an odd number (Gacrux's schedules write 0 too)."""

MIN_PLAYERS = 3
MAX_PLAYERS = 24  # C.05 Annex 1 prints the tables up to 14; Gacrux and the Varma tables (Annex 2) go to 24


class Cycles(enum.Enum):
    """How many times each pair meets, and how a double round robin orders its rounds."""

    SINGLE = "single"
    DOUBLE = "double"  # the first cycle as printed, then the same rounds with colours reversed
    # C.05 Annex 1: for a double round robin the order of the last two rounds of the first cycle is
    # reversed (strongly recommended), so that nobody gets the same colour three times in a row at the
    # change of cycle; the second cycle is the printed table with colours reversed
    DOUBLE_FIDE = "double-fide"

    @property
    def count(self) -> int:
        return 1 if self is Cycles.SINGLE else 2


@dataclass(frozen=True, order=True)
class Board:
    """One board of a round: ``white`` against ``black``; ``black`` is :data:`BYE` for the bye."""

    white: int
    black: int

    @property
    def is_bye(self) -> bool:
        return self.black == BYE

    def reversed(self) -> Board:
        """The same game with colours exchanged (the second cycle); a bye stays as it is."""
        return self if self.is_bye else Board(self.black, self.white)


class ScheduleError(ValueError):
    """A schedule asked for outside the tables (a size or a round they do not have)."""


def table_size(players: int) -> int:
    """The even table an event of ``players`` uses: the next even number for an odd field (C.05 Annex 1)."""
    check_players(players)
    return players + players % 2


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ScheduleError(_("a round robin needs {least} to {most} players, not {count}").format(
            least=MIN_PLAYERS, most=MAX_PLAYERS, count=players))


def rounds_per_cycle(players: int) -> int:
    return table_size(players) - 1


def total_rounds(players: int, cycles: Cycles) -> int:
    return rounds_per_cycle(players) * cycles.count


def _table_round(n: int, r: int) -> tuple[tuple[int, int], ...]:
    """Round ``r`` (1-based) of the printed table for ``n`` (even): the boards as (White, Black)."""
    half = n // 2
    # the number on the left of board b in round r: round 1 has b, each round adds n/2 modulo n-1
    shift = (r - 1) * half
    left = [(b + shift - 1) % (n - 1) + 1 for b in range(1, half + 1)]
    right = [(n - b + shift) % (n - 1) + 1 for b in range(2, half + 1)]
    first = (left[0], n) if r % 2 == 1 else (n, left[0])
    return (first, *zip(left[1:], right))


def first_cycle(players: int) -> tuple[tuple[Board, ...], ...]:
    """The single round robin for ``players``: one tuple of boards per round, in the table's board order."""
    n = table_size(players)

    def board(white: int, black: int) -> Board:
        if white > players:  # the highest number of an odd field is the bye (C.05 Annex 1)
            return Board(black, BYE)
        if black > players:
            return Board(white, BYE)
        return Board(white, black)

    return tuple(tuple(board(w, b) for w, b in _table_round(n, r)) for r in range(1, n))


def schedule(players: int, cycles: Cycles = Cycles.SINGLE) -> tuple[tuple[Board, ...], ...]:
    """Every round of the event, in playing order: the whole schedule is known once the numbers are drawn."""
    first = first_cycle(players)
    if cycles is Cycles.SINGLE:
        return first
    second = tuple(tuple(b.reversed() for b in rnd) for rnd in first)
    if cycles is Cycles.DOUBLE_FIDE and len(first) >= 2:
        # C.05 Annex 1: the last two rounds of the first cycle are played in reverse order
        first = (*first[:-2], first[-1], first[-2])
    return first + second


def round_of(players: int, rnd: int, cycles: Cycles = Cycles.SINGLE) -> tuple[Board, ...]:
    """Round ``rnd`` (1-based) of the schedule."""
    every = schedule(players, cycles)
    if not 1 <= rnd <= len(every):
        raise ScheduleError(_("a {cycles} round robin of {count} players has rounds 1 to {last}, not {round}").format(
            cycles=cycles.value, count=players, last=len(every), round=rnd))
    return every[rnd - 1]
