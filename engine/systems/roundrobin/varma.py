"""The Varma tables (C.05 Annex 2): a restricted draw that keeps players of one federation apart.

Annex 2 art. 5 splits the pairing numbers of 9 to 24 players into four sets
A, B, C and D; players of one federation draw from one set. In the Berger
table every pair within A or within B meets by round n-4 (n the even table),
so compatriots never meet in the last three rounds (measured on the printed
sets; ``tests/engine/test_roundrobin_numbers.py``). The draw itself (art. 1-4):

- art. 2: the contingents draw in order: the federation with most players
  first; equal sizes by the alphabetical order of the FIDE code; within a
  federation by the alphabetical order of the names;
- art. 3: the first player of a contingent chooses an envelope holding at
  least enough numbers for the whole contingent, and every player of it draws
  from that envelope; the numbers left stay available to the others;
- art. 4: the next contingent does the same, until every player has a number.

Where the Annex has the players choose (an envelope, a number), this module
draws by lot with a recorded seed, so the draw can be repeated and shown. An
odd field uses the sets of the next even number without its highest number,
which is the bye (C.05 Annex 1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.model.wording import _

MIN_VARMA = 9
MAX_VARMA = 24

# C.05 Annex 2 art. 5: the sets A, B, C, D for each even size (an odd size uses the next even one).
# 9/10 to 19/20 and 21/22's A and B checked against the Handbook page (C05Annex2); 21/22's C and D and
# 23/24 against a copy of the Annex only, the page's readable text stopping there
# (tests/data/varma/c05_annex2_sets.txt names the source of each row; docs/systems.md).
_SETS: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17), (12, 18, 23), (5, 24)),
}
LABELS = ("A", "B", "C", "D")


class VarmaError(ValueError):
    """A restricted draw the Annex does not provide for (a size outside 9-24, a contingent too large)."""


@dataclass(frozen=True)
class Entrant:
    """Who draws: an id the caller knows the player by, the name and the federation (FIDE code)."""

    id: int
    name: str
    federation: str


@dataclass(frozen=True)
class VarmaDraw:
    """The outcome of a restricted draw: each entrant's pairing number and the set it came from."""

    seed: int
    numbers: dict[int, int]  # entrant id -> pairing number
    sets: dict[int, str]  # entrant id -> "A".."D"
    order: tuple[int, ...]  # entrant ids in the order they drew (art. 2)


def sets_for(players: int) -> dict[str, tuple[int, ...]]:
    """The sets A-D for ``players`` (9 to 24); an odd field loses the highest number, the bye."""
    if not MIN_VARMA <= players <= MAX_VARMA:
        raise VarmaError(_("the Varma tables (C.05 Annex 2) cover {least} to {most} players, not {count}").format(
            least=MIN_VARMA, most=MAX_VARMA, count=players))
    even = players + players % 2
    return {label: tuple(n for n in numbers if n <= players) for label, numbers in zip(LABELS, _SETS[even])}


def drawing_order(entrants: Sequence[Entrant]) -> list[list[Entrant]]:
    """The contingents in the order they draw, each in its players' order (C.05 Annex 2 art. 2)."""
    by_federation: dict[str, list[Entrant]] = {}
    for e in entrants:
        by_federation.setdefault(e.federation.strip().upper(), []).append(e)
    ordered = sorted(by_federation.items(), key=lambda item: (-len(item[1]), item[0]))
    return [sorted(group, key=lambda e: (e.name.casefold(), e.id)) for _, group in ordered]


def draw(entrants: Sequence[Entrant], seed: int) -> VarmaDraw:
    """The restricted draw of C.05 Annex 2 art. 1-4, the players' choices made by lot from ``seed``.

    Raises :class:`VarmaError` when a federation has more players than any envelope still holds:
    the Annex then gives no way to keep them apart, and the arbiter decides (a plain draw, or numbers
    given by hand).
    """
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise VarmaError(_("two entrants share an id"))
    envelopes = {label: list(numbers) for label, numbers in sets_for(len(entrants)).items()}
    rng = random.Random(seed)
    numbers: dict[int, int] = {}
    sets: dict[int, str] = {}
    order: list[int] = []
    for contingent in drawing_order(entrants):
        # art. 3: an envelope holding at least enough numbers for the whole contingent
        fitting = [label for label in LABELS if len(envelopes[label]) >= len(contingent)]
        if not fitting:
            room = max(len(left) for left in envelopes.values())
            raise VarmaError(_("federation {federation} has {count} players but the largest envelope left holds {room} "
                               "numbers (C.05 Annex 2 art. 3)").format(federation=contingent[0].federation,
                                                                      count=len(contingent), room=room))
        label = rng.choice(fitting)
        for entrant in contingent:
            number = rng.choice(envelopes[label])
            envelopes[label].remove(number)
            numbers[entrant.id] = number
            sets[entrant.id] = label
            order.append(entrant.id)
    return VarmaDraw(seed, numbers, sets, tuple(order))
