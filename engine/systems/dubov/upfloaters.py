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

from engine.matching.perfect import NoPerfectMatching, PerfectMatcher
from engine.model.result import NoLegalPairing
from engine.model.wording import _
from engine.systems.dubov.players import DubovPlayer, legal_partners


SPARSE = 12  # legal partners each player starts with in the round graph


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
        self.present: list[set[int]] = [set() for _ in range(n + 1)]
        base = self.base
        for i, partners in enumerate(legal_partners(self.players, forbidden)):
            row = self.compat[i]
            for j in partners:
                row[j] = 1
                self.compat[j][i] = 1
            # a sparse start: each player's next few legal partners in score order; any other
            # pair weighs ``base`` and joins the graph only if the duals show it could help
            for j in partners[:SPARSE]:  # ascending, so the matcher's neighbour lists grow at the end
                self._add(i, j, base)
        self.sparse = True
        self.alive = set(range(n))
        self.res: set[int] = set()  # the residents of the bracket being chosen
        self.part: dict[int, int] = {}  # the window: lower players weighing as upfloaters
        self.lower_part: dict[int, int] = {}
        self.c5 = self.c7 = 0

    def _add(self, u: int, v: int, weight: int) -> None:
        """Put edge ``(u, v)`` in the matcher with ``weight``; the matcher re-solves around ``u``."""
        self.m.set_weight(u, v, weight)
        self.present[u].add(v)
        self.present[v].add(u)

    def _solve(self) -> list[int]:
        """The best perfect matching of the whole graph, though only part of its edges are in the matcher.

        Every edge left out weighs ``base``. By LP duality the matching is optimal for
        the whole graph when no left-out edge has negative slack under the final
        duals (blossom duals only add to a slack, so vertex duals are a safe test);
        otherwise the offending edges join and the matcher re-solves from there.
        """
        while True:
            try:
                mate = self.m.solve()
            except NoPerfectMatching:
                if not self.sparse:
                    raise NoLegalPairing(_("no pairing satisfies the absolute criteria (C.04.4.1 art. 1.9)")) from None
                self._densify()
                continue
            bad = self._violations()
            if not bad:
                return mate
            for u, v in bad:
                self._add(u, v, self._true(u, v))

    def _violations(self) -> list[tuple[int, int]]:
        """Left-out legal pairs with a negative slack ``y[u] + y[v] - 2 * w(u, v)``.

        Most left-out pairs weigh ``base``: sorting the duals finds those quickly.
        The bracket's own pairs (residents with residents and with the window)
        weigh more and are checked one by one.
        """
        dual = self.m.dual
        out = []
        for a in self.res:
            da, row, present = dual[a], self.compat[a], self.present[a]
            for b in (*self.res, *self.part):
                if b != a and row[b] and b not in present and da + dual[b] < 2 * self._true(a, b):
                    out.append((a, b) if a < b or b not in self.res else (b, a))
        if not self.sparse:
            return list(set(out))
        limit = 2 * self.base
        low = sorted((dual[v], v) for v in self.alive)
        for i in range(len(low) - 1):
            du, u = low[i]
            if du + low[i + 1][0] >= limit:
                break
            row, present = self.compat[u], self.present[u]
            for dv, v in low[i + 1:]:
                if du + dv >= limit:
                    break
                if row[v] and v not in present:
                    out.append((u, v))
        return list(set(out))

    def _densify(self) -> None:
        """Every legal pair of the players still to pair joins the graph (weight ``base``)."""
        self.sparse = False
        alive = sorted(self.alive)
        for u in alive:
            row, present = self.compat[u], self.present[u]
            for v in alive:
                if v > u and row[v] and v not in present:
                    self._add(u, v, self._true(u, v))

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
            self._add(self.dummy, i, self.base)
        self._solve()
        for k, i in enumerate(order):
            self._add(self.dummy, i, self.base + len(order) - k)
        mate = self._solve()
        bye = mate[self.dummy]
        self.m.remove([self.dummy, bye])
        self.alive.discard(bye)
        return bye

    # -- art. 3.2.1-3.2.2: the upfloaters of a bracket -----------------------------------

    def choose_bracket(self, residents: Sequence[int]) -> BracketChoice:
        """The residents and the first best set of upfloaters for them."""
        res = set(residents)
        players = self.players
        mate = self.m.mate
        if all(mate[a] in res for a in residents):
            # the complete pairing in hand already pairs the residents among themselves: no
            # upfloater is needed ([C5]) and [C6]-[C10] have nothing to judge
            return BracketChoice(tuple(residents), ())
        lower = sorted((i for i in self.alive if i not in res), key=lambda i: (-players[i].score, players[i].rank))
        self._weigh(residents, lower)
        # Only the lower players of the first scoregroups (the window) weigh as upfloaters at
        # first; the others keep the bare ``base``. If the best matching then pairs no resident
        # outside the window it is the best one with every weight in place too: a farther
        # upfloater could only score lower on [C5]-[C6]. Otherwise the window grows.
        weighted, want = 0, 2 + len(residents) % 2
        while True:
            end = min(want, len(lower))
            while end < len(lower) and players[lower[end]].score == players[lower[end - 1]].score:
                end += 1
            self._open_window(residents, lower[weighted:end])
            weighted = end
            mate = self._solve()
            if all(mate[a] in res or mate[a] in self.part for a in residents):
                break
            want = 4 * want
        ups = tuple(b for b in lower if mate[b] in res)
        pairs = tuple((a, mate[a]) for a in residents if mate[a] > a or mate[a] not in res)
        self.res, self.part = set(), {}
        return BracketChoice(tuple(residents), ups, pairs)

    def _weigh(self, residents: Sequence[int], lower: list[int]) -> None:
        """The weights of the bracket's pairs (the module docstring lists the fields)."""
        players = self.players
        self.res = set(residents)
        self.part = {}
        cw = self.cw
        top = players[residents[0]].score
        diffs = sorted({top - players[i].score for i in lower})
        # [C6]: the smallest difference (the highest-scored upfloater) counts most
        slot = {d: cw * (len(diffs) - 1 - j) for j, d in enumerate(diffs)}
        max_ups = max((players[i].upfloats for i in lower), default=0) + 1
        o_c10 = len(lower) + 1  # below it: art. 4.2, one bit per lower player
        o_c9 = o_c10 + cw
        o_c8 = o_c9 + cw + max_ups.bit_length()
        o_c7 = o_c8 + cw
        o_c6 = o_c7 + cw
        o_c5 = o_c6 + cw * len(diffs)
        self.c5, self.c7 = 1 << o_c5, 1 << o_c7
        soft = not self.last_round
        self.lower_part = {}
        for k, b in enumerate(lower):
            pb = players[b]
            w = self.base + (1 << (o_c6 + slot[top - pb.score])) + (1 << (len(lower) - k))
            if soft:
                w += (not pb.max_upfloater) << o_c8
                if pb.max_upfloater:
                    w += (max_ups - pb.upfloats) << o_c9
                w += (not pb.upfloated_last) << o_c10
            self.lower_part[b] = w
        # the residents' edges already in the matcher take their new weights; a few more join
        for a in residents:
            for v in sorted(self.present[a]):
                if v in self.alive:
                    self.m.set_weight(a, v, self._true(a, v))
            mates = [b for b in residents if b != a and self.compat[a][b] and b not in self.present[a]]
            for b in mates[:SPARSE]:
                self._add(a, b, self._true(a, b))

    def _open_window(self, residents: Sequence[int], new: list[int]) -> None:
        """Lower players ``new`` weigh as upfloaters from now on."""
        for b in new:
            self.part[b] = self.lower_part[b]
        for a in residents:
            row, present = self.compat[a], self.present[a]
            seeded = 0
            for b in new:
                if not row[b]:
                    continue
                if b in present:
                    self.m.set_weight(a, b, self._true(a, b))
                elif seeded < SPARSE:
                    self._add(a, b, self._true(a, b))
                    seeded += 1

    def _true(self, u: int, v: int) -> int:
        """The weight of the pair in the current bracket (``base`` for any pair without a resident)."""
        if v in self.res and u not in self.res:
            u, v = v, u
        if u not in self.res:
            return self.base
        differ = self.players[u].preference is not self.players[v].preference
        if v in self.res:
            return self.base + self.c5 + (self.c7 if differ else 0)
        part = self.part.get(v)
        if part is None:
            return self.base
        return part + (self.c7 if differ else 0)

    def close(self, members: Sequence[int]) -> None:
        """The bracket is paired: its players leave the graph."""
        self.m.remove(members)
        self.alive.difference_update(members)
