"""A round a hand-pairing text cannot pair within its limitations: the pairing that breaks the fewest.

The Lim texts and the club Swiss (like the 1997 Dubov text, :mod:`engine.systems.dubov.relax1997`)
have no rule for a round that no pairing within their limits exists for; the club text even
says the tournament ends. An arbiter at a board cannot stop the event, so the engine proposes,
for the arbiter to confirm, the pairing that breaks the fewest limitations, the lightest first:
a colour limit, then a bye to a player who may not have one, then a second game between two
players. Players kept apart by the arbiter are never paired. The system then pairs the round by
its own procedure with exactly the broken pairs (and bye) this minimum needs allowed, so
everything else still follows its text, and each broken limitation is named with its article.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.matching.perfect import NoPerfectMatching, PerfectMatcher
from engine.model.result import NoLegalPairing

# What breaking one limitation costs: the order in which the arbiter gives them up.
COLOUR_LIMIT, BYE_LIMIT, REMATCH = 1, 8, 64
_BASE = 1 << 12  # above the cost of a round's breaks together (a pair costs at most 65)


def fewest_breaks(ids: Sequence[int], pair_cost: Callable[[int, int], int | None],
                  bye_cost: Callable[[int], int]) -> tuple[set[frozenset[int]], int | None, int]:
    """The broken pairs and the bye of a pairing of ``ids`` that breaks the fewest limitations.

    ``pair_cost(a, b)``: what pairing them breaks (0 nothing, None never: kept apart);
    ``bye_cost(p)``: what a bye for ``p`` breaks. Returns the pairs with a cost, the bye
    (None for an even number) and the total cost. :class:`NoLegalPairing` when not even that
    pairs everyone (players kept apart leave someone without an opponent).
    """
    n = len(ids)
    m = PerfectMatcher(n + n % 2)  # the bye as one more vertex
    top = _BASE * (n + 2)  # every edge outweighs any sum of costs: a perfect matching first
    costs: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            cost = pair_cost(ids[i], ids[j])
            if cost is not None:
                costs[(i, j)] = cost
                m.set_weight(i, j, top - cost)
        if n % 2:
            m.set_weight(i, n, top - bye_cost(ids[i]))
    try:
        mate = m.solve()
    except NoPerfectMatching:
        raise NoLegalPairing("no pairing exists even with the text's limitations relaxed: players kept "
                             "apart by the arbiter leave someone without an opponent") from None
    if any(x == -1 for x in mate):
        raise NoLegalPairing("no pairing exists even with the text's limitations relaxed: players kept "
                             "apart by the arbiter leave someone without an opponent")
    broken: set[frozenset[int]] = set()
    bye, total = None, 0
    for i in range(n):
        j = mate[i]
        if j == n:
            bye = ids[i]
            total += bye_cost(ids[i])
        elif i < j and costs[(i, j)]:
            broken.add(frozenset((ids[i], ids[j])))
            total += costs[(i, j)]
    return broken, bye, total
