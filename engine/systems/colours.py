"""Colour preferences (C.04.3 art. 1.6-1.7) and colour allocation (art. 5.2).

Only played games count, in the compressed order of C.04.2 art. 3.4; the
history comes from :meth:`engine.model.tournament.Tournament.colours`, never recomputed
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.model.terms import Strength
from engine.model.tournament import Colour


@dataclass(frozen=True, slots=True)
class ColourState:
    """Everything the Dutch rules ask about one player's colours before a round."""

    history: tuple[Colour, ...]  # played games only, oldest first
    difference: int  # art. 1.6: Whites minus Blacks
    preference: Colour  # Colour.NONE when there is none
    strength: Strength
    repeated: Colour  # the colour of the last two games when they match, else NONE

    @property
    def imbalance(self) -> int:
        return abs(self.difference)

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @property
    def strong(self) -> bool:
        """Exactly the strong level (art. 1.7.2), not absolute."""
        return self.strength is Strength.STRONG

    @property
    def absolute_imbalance(self) -> bool:
        """Colour difference beyond +-1 (the part of art. 1.7.1 that [C10] watches)."""
        return self.imbalance > 1


def colour_state(history: Sequence[Colour]) -> ColourState:
    """The preference of a player from the colours of their played games (art. 1.7)."""
    seq = tuple(c for c in history if c is not Colour.NONE)
    whites = sum(1 for c in seq if c is Colour.WHITE)
    blacks = len(seq) - whites
    diff = whites - blacks
    run = 0
    last = Colour.NONE
    for c in seq:
        run = run + 1 if (run and c is last) else 1
        last = c
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(diff)
    repeated = last if run > 1 else Colour.NONE
    if imbalance > 1:  # art. 1.7.1, colour difference
        pref, strength = lower, Strength.ABSOLUTE
    elif run > 1:  # art. 1.7.1, same colour twice running
        pref, strength = last.opposite, Strength.ABSOLUTE
    elif imbalance > 0:  # art. 1.7.2
        pref, strength = lower, Strength.STRONG
    elif run:  # art. 1.7.3: alternate from the last game
        pref, strength = last.opposite, Strength.MILD
    else:  # art. 1.7.4
        pref, strength = Colour.NONE, Strength.NONE
    return ColourState(seq, diff, pref, strength, repeated)


def compatible_preferences(a: ColourState, b: ColourState) -> bool:
    """Both preferences can be granted at once ([C12] counts the pairs where they cannot)."""
    return a.preference is not b.preference or a.preference is Colour.NONE


@dataclass(frozen=True, slots=True)
class Allocation:
    """The colours of one board and the article that decided them."""

    white: int
    black: int
    rule: str


def allocate(
    first: int,
    first_state: ColourState,
    second: int,
    second_state: ColourState,
    first_is_higher: bool,
    higher_rank_odd: bool,
    initial: Colour,
) -> Allocation:
    """Colours for ``first`` against ``second`` by C.04.3 art. 5.2 (first rule that decides).

    ``first_is_higher`` says whether ``first`` is the higher ranked (art. 1.2:
    pairing score, then TPN); ``higher_rank_odd`` whether that player's TPN
    (counted over the participants taken into account) is odd, for art. 5.2.5.
    """
    a, b = first_state, second_state

    def give(colour_of_first: Colour, rule: str) -> Allocation:
        if colour_of_first is Colour.WHITE:
            return Allocation(first, second, rule)
        return Allocation(second, first, rule)

    if compatible_preferences(a, b):
        if a.preference is not Colour.NONE:
            return give(a.preference, "5.2.1")
        if b.preference is not Colour.NONE:
            return give(b.preference.opposite, "5.2.1")
    else:
        # art. 5.2.2: the stronger preference wins; two absolute ones: the larger imbalance
        if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
            return give(a.preference, "5.2.2")
        if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
            return give(b.preference.opposite, "5.2.2")
        if a.strong and not b.strong:
            return give(a.preference, "5.2.2")
        if b.strong and not a.strong:
            return give(b.preference.opposite, "5.2.2")
        # art. 5.2.3: alternate from the latest game in which their colours differed
        for ca, cb in zip(reversed(a.history), reversed(b.history)):
            if ca is not cb:
                return give(cb, "5.2.3")
        # art. 5.2.4: the higher ranked player's preference
        if first_is_higher:
            return give(a.preference, "5.2.4")
        return give(b.preference.opposite, "5.2.4")
    # art. 5.2.5: neither has a preference; the initial colour goes by TPN parity of the higher ranked
    higher_colour = initial if higher_rank_odd else initial.opposite
    if first_is_higher:
        return give(higher_colour, "5.2.5")
    return give(higher_colour.opposite, "5.2.5")
