"""Whether the rest of the round can still be paired: the question the 1997 text never asks.

The 1997 Dubov text has no completion rule; its chapter 9 leaves a round that
cannot be finished to the arbiter, "wisely and impartially". The reading we
follow is the 2026 one (C.04.4.1 art. 1.9, [C4]): every choice the text makes
(the bye, each transfer, each pair) is the first in the text's order that
still leaves the players to pair a complete pairing. This module answers
that question with one maximum matching kept up to date as pairs are made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.matching.cardinality import maximum_matching
from engine.systems.dubov.rules1997 import Player97


class Completion:
    """The players still to pair (indices into ``players``) and a maximum matching of them."""

    def __init__(self, players: Sequence[Player97], ok: Callable[[Player97, Player97], bool]) -> None:
        self.players = list(players)
        n = len(self.players)
        self.adj = [[j for j in range(n) if j != i and ok(self.players[i], self.players[j])] for i in range(n)]
        self.m = maximum_matching(self.adj)
        self.alive = set(range(n))

    def complete(self) -> bool:
        """Every player still to pair has an opponent in the matching."""
        return 2 * self.m.size == len(self.alive)

    def can_leave(self, i: int) -> bool:
        """With an odd number left, whether ``i`` can take the bye and leave the others a complete pairing."""
        done, trial = self.m.without([i], 0)
        return done and 2 * trial.size == len(self.alive) - 1

    def take_bye(self, i: int) -> None:
        _, trial = self.m.without([i], 0)
        self.m.adopt(trial)
        self.alive.discard(i)

    def can_pair(self, i: int, j: int) -> bool:
        """Whether the pair ``i``-``j`` leaves the others a complete pairing."""
        if j not in self.adj[i]:
            return False
        done, _ = self.m.without([i, j], 1)
        return done

    def pair(self, i: int, j: int) -> None:
        done, trial = self.m.without([i, j], 1)
        if not done:  # pragma: no cover - callers ask can_pair first
            raise AssertionError("pair breaks the completion")
        self.m.adopt(trial)
        self.alive.difference_update((i, j))

    def perfect_on(self, members: Iterable[int]) -> bool:
        """Whether ``members`` can all be paired among themselves."""
        ids = sorted(members)
        if len(ids) % 2:
            return False
        if not ids:
            return True
        local = {v: k for k, v in enumerate(ids)}
        adj = [[local[w] for w in self.adj[v] if w in local] for v in ids]
        return 2 * maximum_matching(adj).size == len(ids)
