"""The round graph: who gets the PAB (art. 3.1) and which upfloaters join each bracket (art. 3.2.1-3.2.2).

One maximum-weight perfect matching over every player still to pair answers
both questions. Every legal pair weighs at least ``base``, so the best
matching always pairs everybody that can be paired: that is the completion
criterion [C4] for the whole round. Below ``base`` the weights say what the
text prefers, most important first:

* the PAB (a dummy vertex joined to each eligible player): art. 3.1.3-3.1.5;
* a bracket's pairs: [C5] pairs between residents, [C6] the scores of
  the upfloaters (the highest first), [C7] pairs that grant
  both colour preferences, [C8]-[C10] the upfloat history, and last the
  order of art. 4.2 (score, then TPN), so that among equally good sets the
  first one wins (art. 3.2.2).

The matcher is warm-started from one bracket to the next: only the new
residents' edges change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.matching import NoPerfectMatching, PerfectMatcher
from engine.result import NoLegalPairing
from engine.systems.dubov.players import DubovPlayer, legal


@dataclass(frozen=True)
class BracketChoice:
    """The players of one bracket: residents and the upfloaters chosen for them."""

    residents: tuple[int, ...]  # indices into the round's player list
    upfloaters: tuple[int, ...]  # in the order of art. 4.2


class RoundGraph:
    """The players still to pair and the best complete pairing of them."""

    def __init__(self, players: Sequence[DubovPlayer], forbidden: frozenset[frozenset[int]],
                 last_round: bool) -> None:
        self.players = list(players)
        self.last_round = last_round
        n = len(self.players)
        self.n = n
        self.cw = n.bit_length() + 1
        scores = {p.score for p in self.players}
        self.base = 1 << (n + 2 + self.cw * (len(scores) + 10) + max((p.upfloats for p in self.players), default=0))
        self.dummy = n if n % 2 else -1
        self.m = PerfectMatcher(n + (1 if n % 2 else 0))
        self.compat = [bytearray(n) for _ in range(n)]
        for i in range(n):
            pi = self.players[i]
            row = self.compat[i]
            for j in range(i + 1, n):
                if legal(pi, self.players[j], forbidden):
                    row[j] = 1
                    self.compat[j][i] = 1
                    self.m.set_weight(i, j, self.base)
        self.alive = set(range(n))

    # -- art. 3.1: the PAB --------------------------------------------------------

    def choose_bye(self) -> int | None:
        """The index of the PAB, or ``None`` for an even number of players.

        Art. 3.1: eligible ([C2]), leaving the others completely pairable ([C4]),
        then the lowest score, the most games played, the largest TPN.
        """
        if self.dummy < 0:
            self._solve()
            return None
        order = sorted((i for i in range(self.n) if self.players[i].pab_eligible),
                       key=lambda i: (self.players[i].score, -self.players[i].games, -self.players[i].rank))
        for k, i in enumerate(order):
            self.m.set_weight(i, self.dummy, self.base + len(order) - k)
        mate = self._solve()
        bye = mate[self.dummy]
        self.m.remove([self.dummy, bye])
        self.alive.discard(bye)
        return bye

    def _solve(self) -> list[int]:
        try:
            return self.m.solve()
        except NoPerfectMatching:
            raise NoLegalPairing("no pairing satisfies the absolute criteria (C.04.4.1 art. 1.9)") from None

    # -- art. 3.2.1-3.2.2: the upfloaters of a bracket -----------------------------------

    def choose_bracket(self, residents: Sequence[int]) -> BracketChoice:
        """The residents and the first best set of upfloaters for them."""
        res = set(residents)
        lower = sorted((i for i in self.alive if i not in res),
                       key=lambda i: (-self.players[i].score, self.players[i].rank))
        if not lower:
            self.m.solve()
            return BracketChoice(tuple(residents), ())
        top = self.players[residents[0]].score
        diffs = sorted({top - self.players[i].score for i in lower})
        cw = self.cw
        # [C6]: the smallest difference (the highest-scored upfloater) counts most
        slot = {d: cw * (len(diffs) - 1 - j) for j, d in enumerate(diffs)}
        max_ups = max(self.players[i].upfloats for i in lower) + 1
        w_lex = len(lower) + 1
        w_c9 = cw + max_ups.bit_length()
        # field offsets, lowest first
        o_lex = 0
        o_c10 = o_lex + w_lex
        o_c9 = o_c10 + cw
        o_c8 = o_c9 + w_c9
        o_c7 = o_c8 + cw
        o_c6 = o_c7 + cw
        o_c5 = o_c6 + cw * len(diffs)
        soft = not self.last_round
        for a in residents:
            pa = self.players[a]
            row = self.compat[a]
            for b in residents:
                if b > a and row[b]:
                    w = (1 << o_c5) | (self._no_conflict(a, b) << o_c7)
                    self.m.set_weight(a, b, self.base + w)
            for k, b in enumerate(lower):
                if not row[b]:
                    continue
                pb = self.players[b]
                w = 1 << (o_c6 + slot[pa.score - pb.score])
                w |= self._no_conflict(a, b) << o_c7
                if soft:
                    w |= (not pb.max_upfloater) << o_c8
                    if pb.max_upfloater:
                        w += (max_ups - pb.upfloats) << o_c9
                    w |= (not pb.upfloated_last) << o_c10
                w |= 1 << (o_lex + len(lower) - k)
                self.m.set_weight(a, b, self.base + w)
        mate = self._solve()
        ups = tuple(b for b in lower if mate[b] in res)
        return BracketChoice(tuple(residents), ups)

    def _no_conflict(self, a: int, b: int) -> int:
        """[C7]: both players can have their colour preference."""
        return int(self.players[a].preference is not self.players[b].preference)

    def close(self, members: Sequence[int]) -> None:
        """The bracket is paired: its players leave the graph."""
        self.m.remove(members)
        self.alive.difference_update(members)
