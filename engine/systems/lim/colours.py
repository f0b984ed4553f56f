"""Colours of the Lim system (C.04.4.3 art. 5; round 1: art. 7.2).

Each pair gets its colours once the round is paired. The order of the
reasons, first one that decides: a colour the rules make compulsory (5.1:
never a third same colour in a row, never three more of one colour; 5.3: two
in a row must alternate), the colours both are due when they differ (5.2),
the player further from equal colours gets the equalising one (5.5, 5.6), the
colour histories read back from the last round (5.4, 5.6), and for identical
histories the rank: at or above the median group the higher ranked player
gets the colour due, below it the lower ranked one (5.4).
"""

from __future__ import annotations

from engine.model.tournament import Colour
from engine.model.wording import _
from engine.systems.boards import Allocation
from engine.systems.lim.players import LimPlayer


def _compulsory(p: LimPlayer) -> Colour:
    if p.repeated is not Colour.NONE:
        return p.repeated.opposite
    if p.difference >= 2:
        return Colour.BLACK
    if p.difference <= -2:
        return Colour.WHITE
    return Colour.NONE


def _give(p: LimPlayer, colour: Colour, q: LimPlayer, article: str, reason: str) -> Allocation:
    if colour is Colour.WHITE:
        return Allocation(p.id, q.id, article, reason)
    return Allocation(q.id, p.id, article, reason)


def allocate(a: LimPlayer, b: LimPlayer, above_median: bool, initial: Colour) -> Allocation:
    """The colours of one pair played in a round after the first."""
    for p, q in ((a, b), (b, a)):
        need = _compulsory(p)
        if need is not Colour.NONE and _compulsory(q) is not need:
            told = _("{player} must have white") if need is Colour.WHITE else _("{player} must have black")
            return _give(p, need, q, "C.04.4.3 art. 5.1, 5.3", told.format(player=p.id))
    if a.due is not b.due:
        p, q = (a, b) if a.due is not Colour.NONE else (b, a)
        if p.due is Colour.NONE:
            return _no_history(a, b, initial)
        return _give(p, p.due, q, "C.04.4.3 art. 5.2", _("{player} gets the colour due").format(player=p.id))
    due = a.due
    if abs(a.difference) != abs(b.difference):
        p, q = (a, b) if abs(a.difference) > abs(b.difference) else (b, a)
        return _give(p, due, q, "C.04.4.3 art. 5.5, 5.6",
                     _("{player} is further from equal colours").format(player=p.id))
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca is not cb:
            p, q = (a, b) if ca is due.opposite else (b, a)
            told = (_("going back, {player} had black when {other} had white") if due is Colour.WHITE else
                    _("going back, {player} had white when {other} had black"))
            return _give(p, due, q, "C.04.4.3 art. 5.4", told.format(player=p.id, other=q.id))
    if due is Colour.NONE:
        return _no_history(a, b, initial)
    higher, lower = (a, b) if a.id < b.id else (b, a)
    p, q = (higher, lower) if above_median else (lower, higher)
    told = (_("identical histories: at or above the median group the higher ranked player gets the colour due")
            if above_median else
            _("identical histories: below the median group the lower ranked player gets the colour due"))
    return _give(p, due, q, "C.04.4.3 art. 5.4", told)


def _no_history(a: LimPlayer, b: LimPlayer, initial: Colour) -> Allocation:
    """Neither has played a game: as in round 1, the higher ranked gets the drawn colour if its number is odd."""
    higher, lower = (a, b) if a.id < b.id else (b, a)
    colour = initial if higher.id % 2 else initial.opposite
    return _give(higher, colour, lower, "C.04.4.3 art. 7.2", _("neither has played: the colour of the lot by number"))


def first_round(top: LimPlayer, bottom: LimPlayer, position: int, initial: Colour) -> Allocation:
    """Art. 7.2: #1 gets the colour drawn; the odd-numbered players of the top half get it too."""
    colour = initial if position % 2 else initial.opposite
    told = (_("{player} is number {position} of the top half: the same colour as #1") if position % 2 else
            _("{player} is number {position} of the top half: the other colour than #1"))
    return _give(top, colour, bottom, "C.04.4.3 art. 7.2", told.format(player=top.id, position=position))
