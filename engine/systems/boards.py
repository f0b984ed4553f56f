"""The boards of a round in publishing order, each with the colour rule that decided it.

Shared by the systems that do not pair by the Dutch engine (Lim, the club
Swiss, Dubov, Burstein): C.04.2 art. 3.6 orders the boards by the score of
the higher player, then the sum of the scores, then the higher player's rank;
the explanation ends with one colour step per board.

Dubov (C.04.4.1 art. 5.2) and Burstein (C.04.4.2 art. 5.2) allocate colours
by the same five rules, which are the Dutch rules of C.04.3 art. 5.2 with the
"neither has played" rule moved first: :data:`COLOUR_ARTICLE` translates the
article the shared Dutch allocation cites, :data:`COLOUR_REASONS` says each in
words.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.explain import Step, TraceEvent
from engine.model.tournament import Colour, Pairing, Points, Tournament
from engine.model.wording import N_, _

# the Dutch article (C.04.3 art. 5.2.x) that decided -> the same rule in Dubov and Burstein (art. 5.2.y)
COLOUR_ARTICLE = {"5.2.5": "5.2.1", "5.2.1": "5.2.2", "5.2.2": "5.2.3", "5.2.3": "5.2.4", "5.2.4": "5.2.5"}

# Dubov and Burstein art. 5.2.y in words
COLOUR_REASONS = {
    "5.2.1": N_("neither has played: the higher ranked player's TPN parity decides"),
    "5.2.2": N_("both colour preferences granted"),
    "5.2.3": N_("the stronger colour preference granted"),
    "5.2.4": N_("colours alternate from the last round in which they differed"),
    "5.2.5": N_("the higher ranked player's preference granted"),
}


@dataclass(frozen=True)
class Allocation:
    """One pair's colours: who has White, and the rule (article) and words that decided it (marked for the
    catalogue, looked up when the step is written)."""

    white: int
    black: int
    rule: str
    reason: str


def initial_colour(t: Tournament) -> Colour:
    """The colour drawn by lot before round 1 (C.04.3 art. 5.1, an input); White where the event names none."""
    drawn = t.settings.initial_colour
    return Colour.WHITE if drawn is Colour.NONE else drawn


def publish(t: Tournament, allocations: list[Allocation], trace: list[TraceEvent]) -> tuple[Pairing, ...]:
    def key(a: Allocation) -> tuple[Points, Points, int]:
        sw, sb = t.score(a.white), t.score(a.black)
        hi = a.white if (sw, -a.white) > (sb, -a.black) else a.black
        return (-t.score(hi), -(sw + sb), hi)
    ordered = sorted(allocations, key=key)
    for no, a in enumerate(ordered, 1):
        trace.append(TraceEvent(Step.COLOUR, _("board {board}: {white} (White) - {black} (Black): {reason}").format(
                                    board=no, white=a.white, black=a.black, reason=_(a.reason)),
                                a.rule, players=(a.white, a.black),
                                data={"board": no, "white": a.white, "black": a.black, "rule": a.rule}))
    return tuple(Pairing(a.white, a.black) for a in ordered)
