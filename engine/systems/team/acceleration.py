"""Baku acceleration (C.04.7, 2026, art. 1) for a C.04.6 team event: the table of virtual points.

C.04.6 says nothing of acceleration; C.04.7 says each method it describes applies to any
Swiss system unless stated otherwise, and its own Baku example (art. 1.4) is a team
event: 11 rounds, match points primary (2 for a won match), the GA teams get 2 virtual
match points before rounds 1-3 and 1 before rounds 4-6. Its note to that example (art.
1.4.4) rules the method out when game points are the primary score. As for individuals
(:mod:`engine.model.acceleration`), the method only writes the table; the pairing reads
the table (:attr:`TeamTournament.virtual`), so a table from elsewhere pairs the same way.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from engine.model.team_tournament import Score, TeamTournament


class TeamAccelerationNotAllowed(ValueError):
    """The event's scoring rules the method out (the message names the article)."""


def baku(event: TeamTournament) -> dict[int, tuple[Fraction, ...]]:
    """The virtual match points of C.04.7 art. 1 for ``event`` before its first round.

    Art. 1.2: the teams to be paired in round 1 (not ``absent_next``), in TPN order, are
    split into GA, the first half rounded up to an even number (2 x ceil(N/4)), and GB;
    a team absent from round 1 is placed as a late entry is (art. 1.3: the last GA team
    stays the same), so GA is every team up to that TPN. Art. 1.4: the accelerated rounds
    are the first half of the rounds, rounded up; before the first half of them (rounded
    up) each GA team gets the points of a won match, before the others half of that.
    """
    if event.primary is Score.GAME:
        raise TeamAccelerationNotAllowed(
            "Baku acceleration needs match points as the primary score (C.04.7 art. 1.4.4)")
    present = sorted(t for t in event.teams if t not in event.absent_next)
    if not present:
        return {}
    last_ga = present[min(2 * ceil(len(present) / 4), len(present)) - 1]
    accelerated = ceil(event.total_rounds / 2)
    full = ceil(accelerated / 2)
    win = Fraction(2)                      # art. 1.1: a win is worth twice a draw (2-1-0 match points)
    table = tuple(win if r <= full else win / 2 for r in range(1, accelerated + 1))
    return {t: table for t in sorted(event.teams) if t <= last_ga}
