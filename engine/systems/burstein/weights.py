"""Edge weights that put the Burstein criteria into one number (C.04.4.2 art. 2.3).

The matching is perfect: everybody still to pair is paired, which is [C4],
and every perfect matching has the same number of edges. Every compatible
pair therefore starts from the same weight, 1, and only pairs that concern
the bracket being paired or the next one carry more: from the most
significant field down, [C5] the pairs of this bracket, [C6] the scores of its
paired players (so the outgoing floaters' scores are as low as they can be,
the highest score first), [C7] the pairs of the next bracket and the scores of
this bracket's floaters paired there (its [C5] and [C6]), [C8] the pairs of
this bracket granting both colour preferences. The lowest bits are left free:
:mod:`order` adds a tie-break there to find, among the best matchings, the
highest opponent a player can have. The base 1 of the edges adds up to the same
number in every perfect matching, so it may share those bits.

The order of art. 4.3 itself is not a field: the weights stay small and tie,
and :mod:`order` picks the first pairing in that order among the best ones.

[C1]-[C3] and forbidden pairs are not fields: such pairs get no edge at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model.tournament import Colour, Points
from engine.systems.brackets import PlayerView

IN_BRACKET = 0
IN_NEXT = 1


def _bits(count: int) -> int:
    return max(1, count.bit_length())


class Layout:
    """Bit positions of the fields for one bracket (``bracket`` in BSN order) and the next one."""

    def __init__(self, bracket: Sequence[PlayerView], following: Sequence[PlayerView]) -> None:
        self.size = len(bracket)
        counts: dict[Points, int] = {}
        for p in bracket:
            counts[p.score] = counts.get(p.score, 0) + 1
        self.slot: dict[Points, int] = {}
        offset = 0
        for score in sorted(counts):  # the lowest score in the lowest bits
            self.slot[score] = offset
            offset += _bits(counts[score])
        sb = offset
        gb = _bits((len(bracket) + len(following)) // 2)
        self.tie_bits = _bits(len(bracket))  # below every field: a tie-break by BSN among the best pairings
        self.c8_at = self.tie_bits
        self.c7_scores_at = self.c8_at + gb
        self.c7_pairs_at = self.c7_scores_at + sb
        self.c6_at = self.c7_pairs_at + gb
        self.c5_at = self.c6_at + sb
        self.top = self.c5_at + gb  # above every field: a bonus here outweighs them all
        self._widths = {"[C5]": (self.c5_at, gb), "[C6]": (self.c6_at, sb),
                        "[C7]": (self.c7_scores_at, gb + sb), "[C8]": (self.c8_at, gb)}

    def weight(self, a: PlayerView, role_a: int, b: PlayerView, role_b: int) -> int:
        """The criteria part of a compatible pair, given where each player stands (1 for a pair of neither bracket)."""
        w = 1
        if role_a == IN_BRACKET and role_b == IN_BRACKET:
            w += 1 << self.c5_at  # [C5]
            w += (1 << (self.c6_at + self.slot[a.score])) + (1 << (self.c6_at + self.slot[b.score]))  # [C6]
            pa, pb = a.colours.preference, b.colours.preference
            if pa is Colour.NONE or pa is not pb:
                w += 1 << self.c8_at  # [C8]
            return w
        if role_a == IN_NEXT and role_b == IN_NEXT:
            return w + (1 << self.c7_pairs_at)  # [C7]: a pair of the next bracket
        if {role_a, role_b} == {IN_BRACKET, IN_NEXT}:
            floater = a if role_a == IN_BRACKET else b
            # [C7]: an outgoing floater paired in the next bracket, its score counted there ([C6] of that bracket)
            return w + (1 << self.c7_pairs_at) + (1 << (self.c7_scores_at + self.slot[floater.score]))
        return w

    def fields(self, total: int) -> dict[str, int]:
        """The sum of a matching's weights split into its criteria (for the explanation)."""
        return {name: (total >> at) & ((1 << width) - 1) for name, (at, width) in self._widths.items()}
