"""What the brackets of a Dutch round share, and what the bracket being paired holds (:mod:`.bracket` pairs them)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.matching.solver import Solver
from engine.systems.brackets import PlayerView
from engine.systems.dutch.weights import RoundWeights

Pair = tuple[int, int]  # two vertices (positions in art. 1.2 order), the higher first


@dataclass
class RoundState:
    """What the brackets of one round share: the players, their weights, the matching, who is paired."""

    players: list[PlayerView]  # art. 1.2 order: vertex v is players[v]
    weights: RoundWeights
    solver: Solver
    compat: list[bytearray]  # compat[u][v]: u and v may meet ([C1], [C3], forbidden pairs)
    matched: list[bool]  # vertices paired in an earlier bracket, or already bound to be paired in this one


@dataclass
class BracketState:
    """The bracket being paired: its vertices in art. 1.2 order and the weights set for its pairs."""

    no: int
    solver: Solver
    members: list[int]  # vertices: the MDPs, the residents, then the whole next scoregroup
    size: int  # members[:size] is the bracket (MDPs and residents)
    mdps: int  # members[:mdps] are the MDPs
    group_start: int  # the residents are the vertices group_start .. next_start - 1
    next_start: int  # the first vertex of the next scoregroup
    group_bits: int  # width of a counting field of the weights
    # weight[lo][hi] (hi < lo, positions in members): the pair's weight by [C1]-[C21], 0 once ruled out
    weight: list[list[int]]

    def with_resident(self, v: int) -> bool:
        """``v`` is matched to a resident of this bracket."""
        return self.group_start <= self.solver.mate[v] < self.next_start

    def leads_pair(self, v: int) -> bool:
        """``v`` is the higher player of a pair formed in this bracket (it is in S1)."""
        return v < self.solver.mate[v] < self.next_start

    def led_or_down(self, v: int) -> bool:
        """``v`` is the lower player of its pair (in S2), or floats down."""
        m = self.solver.mate[v]
        return m <= v or m >= self.next_start

    def remainder_weight(self, hi: int, lo: int, hi_pos: int, s1_size: int) -> int:
        """The weight of ``members[hi]``-``members[lo]`` with the art. 4.3 order in the room below [C21].

        ``hi_pos`` is the higher player's position in the remainder, whose first
        ``s1_size`` players form S1. The room holds, above a last bit left free
        for the nudges of the exchange search, ``2 * group_bits`` bits of "minus
        the position" (the smallest BSN differences) and above them one unit per
        pair led by an S1 player (the fewest exchanges).
        """
        w = self.weight[lo][hi]
        if w:
            led_by_s1 = 1 if hi_pos < s1_size else 0  # art. 4.3: fewest exchanges
            order = (led_by_s1 << (2 * self.group_bits)) - hi_pos  # then the smallest BSN differences
            w += order << 1  # bit 0 stays free for the +-1 nudges of the exchange search
        return w
