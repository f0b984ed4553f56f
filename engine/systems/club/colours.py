"""Colours of the simplified club Swiss, given after the pairing (seed 003; docs/systems.md S6).

Round 1 (S6.2): player 1's colour is drawn; in the upper half odd starting
numbers get that colour, even ones the other. Later rounds (S6.3), the first
rule that decides: two games running with one colour -> the other; the larger
colour imbalance is reduced; the lower starting number reduces its imbalance;
the higher starting number reduces its imbalance; the lower starting number
alternates. Only played games count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.model.explain import PlayerFacts
from engine.model.terms import Strength
from engine.model.tournament import Colour, Points, Settings
from engine.model.wording import _
from engine.systems.boards import Allocation


@dataclass(frozen=True)
class ClubColours:
    id: int
    colours: tuple[Colour, ...]  # played games, oldest first

    @property
    def difference(self) -> int:
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def repeated(self) -> Colour:
        if len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]:
            return self.colours[-1]
        return Colour.NONE

    @property
    def reducing(self) -> Colour:
        """The colour that brings Whites and Blacks closer (NONE when they are equal)."""
        d = self.difference
        return Colour.BLACK if d > 0 else Colour.WHITE if d < 0 else Colour.NONE


def drawn_colour(settings: Settings) -> Colour:
    """S6.2: player 1's colour, drawn once from the seed stored in the event (else the event's initial colour)."""
    seed = getattr(settings, "colour_seed", None)
    if seed is None:
        return settings.initial_colour if settings.initial_colour is not Colour.NONE else Colour.WHITE
    return random.Random(seed).choice((Colour.WHITE, Colour.BLACK))


def _give(p: int, colour: Colour, q: int, rule: str, reason: str) -> Allocation:
    return Allocation(p, q, rule, reason) if colour is Colour.WHITE else Allocation(q, p, rule, reason)


def by_number(lower: int, higher: int, drawn: Colour, rule: str = "club S6.2") -> Allocation:
    """S6.2: odd starting numbers get player 1's drawn colour, even ones the other."""
    colour = drawn if lower % 2 else drawn.opposite
    told = _("{player} has an odd starting number") if lower % 2 else _("{player} has an even starting number")
    return _give(lower, colour, higher, rule, told.format(player=lower))


def allocate(a: ClubColours, b: ClubColours, drawn: Colour) -> Allocation:
    """S6.3 for a round after the first."""
    lower, higher = (a, b) if a.id < b.id else (b, a)
    ra, rb = lower.repeated, higher.repeated
    if ra is not Colour.NONE and ra is not rb:
        return _give(lower.id, ra.opposite, higher.id, "club S6.3.1", _twice(lower.id, ra))
    if rb is not Colour.NONE and rb is not ra:
        return _give(higher.id, rb.opposite, lower.id, "club S6.3.1", _twice(higher.id, rb))
    dl, dh = abs(lower.difference), abs(higher.difference)
    if dl != dh:
        p, q = (lower, higher) if dl > dh else (higher, lower)
        return _give(p.id, p.reducing, q.id, "club S6.3.2",
                     _("{player} has the larger colour imbalance").format(player=p.id))
    if lower.reducing is not Colour.NONE:
        return _give(lower.id, lower.reducing, higher.id, "club S6.3.3",
                     _("{player}, the lower starting number, evens out its colours").format(player=lower.id))
    if higher.reducing is not Colour.NONE:
        return _give(higher.id, higher.reducing, lower.id, "club S6.3.4",
                     _("{player}, the higher starting number, evens out its colours").format(player=higher.id))
    if lower.colours:
        return _give(lower.id, lower.colours[-1].opposite, higher.id, "club S6.3.5",
                     _("{player}, the lower starting number, alternates").format(player=lower.id))
    if higher.colours:  # our reading: the one who has played alternates
        return _give(higher.id, higher.colours[-1].opposite, lower.id, "club S6.3.5",
                     _("{player} has not played yet: {other} alternates").format(player=lower.id, other=higher.id))
    return by_number(lower.id, higher.id, drawn, "club S6.2")


def _twice(player: int, colour: Colour) -> str:
    """S6.3.1's reason: ``player`` had ``colour`` in the last two rounds."""
    told = _("{player} had white twice running") if colour is Colour.WHITE else _("{player} had black twice running")
    return told.format(player=player)


def shown(p: ClubColours, score: Points) -> PlayerFacts:
    """The player as the review shows it: a colour S6.3.1 imposes is absolute, one that evens the
    colours strong, the alternating one mild."""
    if p.repeated is not Colour.NONE:
        due, strength = p.repeated.opposite, Strength.ABSOLUTE
    elif p.reducing is not Colour.NONE:
        due, strength = p.reducing, Strength.STRONG
    elif p.colours:
        due, strength = p.colours[-1].opposite, Strength.MILD
    else:
        due, strength = Colour.NONE, Strength.NONE
    return PlayerFacts(p.id, score, p.colours, due, strength)
