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
from engine.systems.dubov.players import DubovPlayer, legal_partners


@dataclass(frozen=True)
class BracketChoice:
    """The players of one bracket: residents and the upfloaters chosen for them."""

    residents: tuple[int, ...]  # indices into the round's player list
    upfloaters: tuple[int, ...]  # in the order of art. 4.2
    pairs: tuple[tuple[int, int], ...] = ()  # a pairing of the bracket best on [C7] (indices)


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
        base = self.base
        set_weight = self.m.set_weight
        for i, partners in enumerate(legal_partners(self.players, forbidden)):
            row = self.compat[i]
            for j in partners:  # ascending, so the matcher's neighbour lists only grow at the end
                row[j] = 1
                self.compat[j][i] = 1
                set_weight(i, j, base)
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
        # first any complete pairing (all weights equal: the greedy start matches almost everybody),
        # then the preference order on the PAB edges alone, which re-solves around the dummy only
        # (the matcher re-solves around the first vertex named in a change: the dummy)
        for i in order:
            self.m.set_weight(self.dummy, i, self.base)
        self._solve()
        for k, i in enumerate(order):
            self.m.set_weight(self.dummy, i, self.base + len(order) - k)
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
        if not lower:  # the last bracket: [C7] alone
            for a in residents:
                for b in residents:
                    if b > a and self.compat[a][b]:
                        conflict = self.players[a].preference is self.players[b].preference
                        self.m.set_weight(a, b, self.base + (0 if conflict else 1))
            mate = self._solve()
            return BracketChoice(tuple(residents), (), tuple((a, mate[a]) for a in residents if mate[a] > a))
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
        # the part of an edge's weight that depends on the lower player alone ([C6], [C8]-[C10], art. 4.2)
        part = {}
        for k, b in enumerate(lower):
            pb = self.players[b]
            w = self.base + (1 << (o_c6 + slot[top - pb.score])) + (1 << (o_lex + len(lower) - k))
            if soft:
                w += (not pb.max_upfloater) << o_c8
                if pb.max_upfloater:
                    w += (max_ups - pb.upfloats) << o_c9
                w += (not pb.upfloated_last) << o_c10
            part[b] = w
        c5, c7 = 1 << o_c5, 1 << o_c7
        set_weight = self.m.set_weight
        players = self.players
        for a in residents:
            pref = players[a].preference
            row = self.compat[a]
            for b in residents:
                if b > a and row[b]:
                    set_weight(a, b, self.base + c5 + (c7 if players[b].preference is not pref else 0))
        # Only the lower players of the first few scoregroups get their full weights at first; the
        # others keep the bare ``base``. If the best matching then pairs no resident outside that
        # window it is the best one with every weight in place too: a farther upfloater would
        # only score lower on [C5]-[C6] (see docs/systems.md). Otherwise the window grows.
        weighted, want = 0, 2 + len(residents) % 2
        while True:
            end = min(want, len(lower))
            while end < len(lower) and players[lower[end]].score == players[lower[end - 1]].score:
                end += 1
            for b in lower[weighted:end]:
                wb, pref_b = part[b], players[b].preference
                for a in residents:
                    if self.compat[a][b]:
                        set_weight(a, b, wb + (c7 if players[a].preference is not pref_b else 0))
            weighted = end
            mate = self._solve()
            window = set(lower[:weighted])
            if all(mate[a] in res or mate[a] in window for a in residents):
                break
            want = 4 * want
        ups = tuple(b for b in lower if mate[b] in res)
        return BracketChoice(tuple(residents), ups, tuple((a, mate[a]) for a in residents if mate[a] > a or mate[a] not in res))

    def close(self, members: Sequence[int]) -> None:
        """The bracket is paired: its players leave the graph."""
        self.m.remove(members)
        self.alive.difference_update(members)
