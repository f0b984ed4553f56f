"""Colour allocation of the Burstein system (C.04.4.2 art. 5.2).

The rules are those of the Dutch system in another order of articles, with
one difference: "higher ranked" means earlier in the Index order of art. 1.8
where the players' preferences decide (5.2.5), and more points then the
smaller TPN where neither has played yet (5.2.1). Two absolute preferences
for the same colour never meet in Burstein ([C3] has no topscorer
exception), so the Dutch tie-break between two absolute preferences never
applies. The Dutch function therefore decides, and only the article it cites
is translated.
"""

from __future__ import annotations

from engine.model.tournament import Colour
from engine.systems.boards import COLOUR_ARTICLE
from engine.systems.brackets import PlayerView
from engine.systems.colours import Allocation, allocate


def allocate_colours(a: PlayerView, b: PlayerView, a_before_b: bool, initial: Colour) -> Allocation:
    """White and Black for ``a`` against ``b``; ``a_before_b``: ``a`` comes first in the art. 1.8 order.

    The allocation's ``rule`` is the Burstein article (``"5.2.3"``).
    """
    if not a.colours.history and not b.colours.history:
        # art. 5.2.1: the higher ranked is the one with more points, then the smaller TPN
        first_higher = (a.score, -a.rank) > (b.score, -b.rank)
    else:
        first_higher = a_before_b  # art. 5.2.5: the Index order
    higher = a if first_higher else b
    alloc = allocate(a.id, a.colours, b.id, b.colours, first_higher, higher.rank % 2 == 0, initial)
    rule = COLOUR_ARTICLE[alloc.rule]
    if rule == "5.2.2" and Colour.NONE in (a.colours.preference, b.colours.preference):
        rule = "5.2.3"  # one of them has no preference: the stronger one (the other's) is granted
    return Allocation(alloc.white, alloc.black, rule)
