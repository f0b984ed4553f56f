"""Edge weights that put the Burstein criteria in their order of priority (C.04.4.2 art. 2).

Every pair of players still to pair gets one exact integer whose bit fields,
from the most significant down, are: a base bit every compatible pair has
(with a perfect matching this is [C4]: everybody left stays pairable), then
for the bracket being paired [C5] its pairs, [C6] the scores of its paired
players (so the outgoing floaters' scores are as low as they can be, the
highest score first), [C7] the pairs and the scores of the incoming floaters
paired in the next bracket, [C8] its pairs granting both colour preferences,
and at the bottom room for the generation order of art. 4.3. The layout is
fixed for the whole round, so a pair of players below the next bracket always
weighs just the base bit and never has to be written again.

[C1]-[C3] and forbidden pairs are not fields: such pairs get no edge at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.brackets import PlayerView
from engine.model import Colour, Points

IN_BRACKET = 0
IN_NEXT = 1
BELOW = 2


def _bits(count: int) -> int:
    return max(1, count.bit_length())


@dataclass
class Layout:
    """Bit positions of the fields; built once per round from the players' pairing scores."""

    players: Sequence[PlayerView]
    gb: int = 0  # width of a counting field
    slot: dict[Points, int] = field(default_factory=dict)  # offset of each score inside a score field
    sb: int = 0  # width of a score field

    def __post_init__(self) -> None:
        counts: dict[Points, int] = {}
        for p in self.players:
            counts[p.score] = counts.get(p.score, 0) + 1
        self.gb = _bits(len(self.players))
        offset = 0
        for score in sorted(counts):  # the lowest score in the lowest bits
            self.slot[score] = offset
            offset += _bits(counts[score])
        self.sb = offset
        gb, sb = self.gb, self.sb
        self.order_at = 0  # art. 4.3 room
        self.c8_at = gb
        self.c7_scores_at = 2 * gb
        self.c7_pairs_at = 2 * gb + sb
        self.c6_at = 3 * gb + sb
        self.c5_at = 3 * gb + 2 * sb
        self.base_at = 4 * gb + 2 * sb
        self.base = 1 << self.base_at

    def weight(self, a: PlayerView, role_a: int, b: PlayerView, role_b: int) -> int:
        """The weight of a compatible pair, given where each player stands in this bracket's view."""
        w = self.base
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
        gb, sb = self.gb, self.sb

        def take(at: int, width: int) -> int:
            return (total >> at) & ((1 << width) - 1)

        return {
            "[C4]": total >> self.base_at,
            "[C5]": take(self.c5_at, gb),
            "[C6]": take(self.c6_at, sb),
            "[C7]": take(self.c7_scores_at, gb + sb),
            "[C8]": take(self.c8_at, gb),
        }
