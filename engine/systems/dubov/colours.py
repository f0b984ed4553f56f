"""Colour allocation (C.04.4.1 art. 5.2) on top of the shared rules of :mod:`engine.systems.colours`.

Art. 5.2.2-5.2.5 of the Dubov text are the Dutch art. 5.2.1-5.2.4 (grant both
preferences, the stronger one, alternate from the last differing round, the
higher ranked player's preference) applied to Dubov preferences, in which a
player without a game mildly prefers Black (art. 1.6.4). Only art. 5.2.1
(neither player has played: the higher ranked player's TPN parity decides)
comes first here; it gives what the Dutch art. 5.2.5 gives to two players
without preferences.
"""

from __future__ import annotations

from engine.model.tournament import Colour
from engine.systems.boards import COLOUR_ARTICLE
from engine.systems.colours import Allocation, allocate, colour_state
from engine.systems.dubov.players import DubovPlayer


def higher_ranked(a: DubovPlayer, b: DubovPlayer) -> bool:
    """Art. 5.2.1: ``a`` ranks higher: more points, or equal points and a smaller TPN."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def allocate_dubov(a: DubovPlayer, b: DubovPlayer, initial: Colour) -> Allocation:
    """White and Black for ``a`` against ``b`` and the article of art. 5.2 that decided."""
    first_higher = higher_ranked(a, b)
    higher = a if first_higher else b
    if not a.has_played and not b.has_played:
        sa, sb = colour_state(()), colour_state(())  # no preference: art. 5.2.1 by TPN parity
    else:
        sa, sb = a.colours, b.colours
    alloc = allocate(a.id, sa, b.id, sb, first_higher, higher.rank % 2 == 0, initial)
    return Allocation(alloc.white, alloc.black, COLOUR_ARTICLE[alloc.rule])
