"""A round the 1997 Dubov text cannot pair within its limitations: the pairing that breaks the fewest.

The text has no completion rule; its chapter 9 leaves such a round to the arbiter, who
"should proceed wisely and impartially in the spirit of the basic principles". An event
cannot stop at a board, so the engine proposes, for the arbiter to confirm (C.04.2
leaves it to the arbiter), the pairing that breaks the fewest limitations, the lightest
first: a colour limit (arts. 2.3-2.4) before a bye to a player who had a point without
playing (2.2), that before a second game (2.1). Players kept apart by the arbiter are
never paired. The procedure of the text then pairs the round with exactly the broken
pairs that minimum needs allowed, so everything else still follows the text, and each
broken limitation is named with its article.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.tournament import Colour
from engine.systems import relax
from engine.systems.dubov.rules1997 import Player97
from engine.systems.relax import BYE_LIMIT, COLOUR_LIMIT, REMATCH


def pair_cost(a: Player97, b: Player97, forbidden: frozenset[frozenset[int]]) -> int | None:
    """What pairing ``a`` with ``b`` breaks (0 when nothing); None when they may never meet (kept apart)."""
    if frozenset((a.id, b.id)) in forbidden:
        return None
    cost = REMATCH if b.id in a.opponents else 0
    if a.must is not Colour.NONE and a.must is b.must:
        cost += COLOUR_LIMIT
    return cost


def fewest_breaks(players: list[Player97], forbidden: frozenset[frozenset[int]]
                  ) -> tuple[set[frozenset[int]], int | None]:
    """The broken pairs and the bye of a pairing that breaks the fewest limitations (lightest first).

    Returns the illegal pairs the minimum uses and the player whose bye breaks art. 2.2 (or None).
    :class:`NoLegalPairing` when even that finds no pairing (players kept apart by the arbiter).
    """
    by_id = {p.id: p for p in players}
    broken, bye, _ = relax.fewest_breaks(
        [p.id for p in players], lambda a, b: pair_cost(by_id[a], by_id[b], forbidden),
        lambda pid: 0 if by_id[pid].bye_ok else BYE_LIMIT)
    return broken, (None if bye is None or by_id[bye].bye_ok else bye)


def allow_bye(players: list[Player97], bye: int | None) -> list[Player97]:
    """The players, the one whose bye the minimum needs made eligible for it."""
    return [replace(p, bye_ok=True) if p.id == bye else p for p in players]


def broken_lines(pairs: list[tuple[Player97, Player97]], bye: Player97 | None, original: dict[int, Player97],
                 forbidden: frozenset[frozenset[int]]) -> list[tuple[str, str]]:
    """(article, text) for every limitation the pairing breaks."""
    out = []
    for a, b in pairs:
        if b.id in a.opponents:
            out.append(("2.1", f"{a.id}-{b.id} meet a second time"))
        if a.must is not Colour.NONE and a.must is b.must:
            word = "White" if a.must is Colour.WHITE else "Black"
            out.append(("2.3-2.4", f"{a.id}-{b.id}: both may only have {word}; one of them breaks the colour "
                                   "limits"))
    if bye is not None and not original[bye.id].bye_ok:
        out.append(("2.2", f"{bye.id} gets the bye after a point without playing"))
    return out
