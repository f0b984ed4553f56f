"""A club round no complete pairing exists for: the text ends the tournament (S5.3); the event goes on.

An arbiter at a board cannot stop the event, so the pairing that breaks the fewest of the
text's limitations is proposed for the arbiter to confirm (:mod:`engine.systems.relax`):
keeping the third-colour rule where it can (S4.3, which S6.1 drops anyway when nothing keeps
it), then a second bye (S2.3), then a second game (S2.1). Players kept apart by the arbiter
are never paired. The search of S4-S5 then pairs the round with exactly those pairs allowed.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.model.tournament import Colour, Tournament
from engine.systems.club.colours import ClubColours
from engine.systems.relax import BYE_LIMIT, COLOUR_LIMIT, REMATCH, fewest_breaks


def least_broken(t: Tournament, ids: list[int], colours: dict[int, ClubColours],
                 had_bye: Callable[[int], bool]) -> tuple[set[frozenset[int]], int | None]:
    """The pairs the minimum breaks (a rematch, or a third colour S4.3 would avoid) and its bye."""
    met = {pid: t.opponents(pid) for pid in ids}
    forbidden = {frozenset(f.players) for f in t.settings.forbidden if f.applies(t.next_round)}

    def pair_cost(a: int, b: int) -> int | None:
        if any(frozenset((a, b)) <= f for f in forbidden):
            return None
        rep = colours[a].repeated
        colour = COLOUR_LIMIT if rep is not Colour.NONE and rep is colours[b].repeated else 0
        return (REMATCH if b in met[a] else 0) + colour

    broken, bye, _ = fewest_breaks(ids, pair_cost, lambda p: BYE_LIMIT if had_bye(p) else 0)
    return broken, bye


def broken_lines(t: Tournament, pairs: list[tuple[int, int]], bye: int | None,
                 had_bye: Callable[[int], bool]) -> tuple[str, ...]:
    """``club SN: what`` for every limitation of the text the round breaks."""
    out = [f"club S2.1: {a}-{b} meet a second time" for a, b in pairs if b in t.opponents(a)]
    if bye is not None and had_bye(bye):
        out.append(f"club S2.3: {bye} gets the bye a second time")
    return tuple(out)
