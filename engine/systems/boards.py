"""The boards of a round in publishing order, each with the colour rule that decided it.

Shared by the hand-pairing systems (Lim, the club Swiss): C.04.2 art. 3.6
orders the boards by the score of the higher player, then the sum of the
scores, then the higher player's rank; the explanation ends with one colour
step per board.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.explain import Step, TraceEvent
from engine.model import Pairing, Tournament


@dataclass(frozen=True)
class Allocation:
    """One pair's colours: who has White, and the rule (article) and words that decided it."""

    white: int
    black: int
    rule: str
    reason: str


def publish(t: Tournament, allocations: list[Allocation], trace: list[TraceEvent]) -> tuple[Pairing, ...]:
    def key(a: Allocation) -> tuple:
        sw, sb = t.score(a.white), t.score(a.black)
        hi = a.white if (sw, -a.white) > (sb, -a.black) else a.black
        return (-t.score(hi), -(sw + sb), hi)
    ordered = sorted(allocations, key=key)
    for no, a in enumerate(ordered, 1):
        trace.append(TraceEvent(Step.COLOUR, f"board {no}: {a.white} (White) - {a.black} (Black): {a.reason}",
                                a.rule, players=(a.white, a.black),
                                data={"board": no, "white": a.white, "black": a.black, "rule": a.rule}))
    return tuple(Pairing(a.white, a.black) for a in ordered)
