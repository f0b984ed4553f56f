"""Colour allocation of the 1997 Dubov text (arts. 3 and 5), within the limits of arts. 2.3-2.4.

Art. 3, first rule that decides: both due colours, equalise the numbers of
Whites and Blacks, alternate from the latest game in which the two differed,
White to the higher ARO, White to the lower rating. The limits of arts.
2.3-2.4 are pairing limitations and come before all of them. Two players who
have not played yet get the colours of art. 5 (the lot for the first pair,
then alternating), which the higher player's list number gives in any round.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.tournament import Colour
from engine.model.wording import N_
from engine.systems.dubov.rules1997 import Player97

# Art. 3 is one list of priorities without numbered articles: "3.n" is its n-th line (3.6, the list
# order, is the reading of docs/systems.md where ARO and R are equal); :func:`article` cites the text.
REASONS = {
    "2.3-2.4": N_("the colour limits leave only one way"),
    "3.1": N_("both due colours granted (first priority)"),
    "3.2": N_("the colours that equalise Whites and Blacks (second priority)"),
    "3.3": N_("colours alternate from the last game in which they differed (third priority)"),
    "3.4": N_("White to the higher ARO (fourth priority)"),
    "3.5": N_("White to the lower rating (fifth priority)"),
    "3.6": N_("White to the lower placed player in the list (equal ARO and rating)"),
    "5": N_("neither has played: the lot's colour alternates down the list"),
}


def article(rule: str) -> str:
    """The article of the 1997 text a rule key of :data:`REASONS` cites ("3.4" is a line of art. 3)."""
    return "3" if rule.startswith("3.") else rule


@dataclass(frozen=True)
class Colours97:
    white: int
    black: int
    rule: str  # a key of REASONS


def allocate_1997(a: Player97, b: Player97, initial: Colour) -> Colours97:
    """White and Black for ``a`` against ``b``, and the rule that decided."""

    def give(white_to_a: bool, rule: str) -> Colours97:
        return Colours97(a.id, b.id, rule) if white_to_a else Colours97(b.id, a.id, rule)

    if a.must is not Colour.NONE or b.must is not Colour.NONE:  # Dubov 1997 art. 2.3, 2.4
        forced = a.must if a.must is not Colour.NONE else b.must.opposite
        return give(forced is Colour.WHITE, "2.3-2.4")
    if not a.history and not b.history:  # Dubov 1997 art. 5: the lot, alternating down the list
        high = a if a.rank < b.rank else b
        colour = initial if high.tpn % 2 == 1 else initial.opposite
        return give((high is a) == (colour is Colour.WHITE), "5")
    if a.due is not b.due:  # Dubov 1997 art. 3: give both their due colour
        if a.due is Colour.NONE:
            return give(b.due is Colour.BLACK, "3.1")
        return give(a.due is Colour.WHITE, "3.1")
    da, db = _imbalance(a), _imbalance(b)
    if da != db:  # Dubov 1997 art. 3: equalise; the player further from equal gets the due colour
        further = a if da > db else b
        return give((further is a) == (further.due is Colour.WHITE), "3.2")
    for ca, cb in zip(reversed(a.history), reversed(b.history)):
        if ca is not cb:  # Dubov 1997 art. 3: alternate from the first difference going back
            return give(ca is Colour.BLACK, "3.3")
    if a.aro != b.aro:  # Dubov 1997 art. 3: White to the higher ARO
        return give(a.aro > b.aro, "3.4")
    if a.rating != b.rating:  # Dubov 1997 art. 3: White to the lower R
        return give(a.rating < b.rating, "3.5")
    return give(a.rank > b.rank, "3.6")


def _imbalance(p: Player97) -> int:
    whites = sum(1 for c in p.history if c is Colour.WHITE)
    return abs(2 * whites - len(p.history))
