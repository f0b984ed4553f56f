"""The matching of every player still to pair, kept sparse where the weights allow it."""

from __future__ import annotations

from collections.abc import Callable

from engine.matching.perfect import NoPerfectMatching, PerfectMatcher
from engine.model.result import NoLegalPairing


class Solver:
    """The matching over every player still to pair, plus a dummy vertex for the PAB.

    Players below the brackets being paired ("lower" vertices, from ``low`` on)
    are joined by edges that carry only the completion and PAB fields, and those
    weights split as ``base + part[u] + part[v]``: among them any perfect
    matching is as good as another, only [C4] completability and the PAB matter.
    The matcher is therefore given only the lower-lower edges between players
    within ``BAND`` places of each other (and any edge found to be needed); the
    others stay out. After each solve the matcher checks the omitted edges
    against its duals (:meth:`engine.matching.perfect.PerfectMatcher.uncovered_edges`,
    LP duality); edges failing the test are added and the matching re-solved,
    so the result is a maximum-weight perfect matching of the whole graph,
    exactly.
    """

    BAND = 8

    def __init__(self, count: int) -> None:
        self.count = count
        self.dummy = count if count & 1 else -1
        self.m = PerfectMatcher(count + (1 if count & 1 else 0))
        if self.dummy >= 0:
            for v in range(count):
                self.m.set_weight(v, self.dummy, 1)
        self.mate: list[int] = []
        self.fixed: dict[int, int] = {}
        self.low = count  # vertices >= low (players only) are lower
        self.sparse = False
        self.base = 0
        self.part: list[int] = []
        self.compat: list[bytearray] = []
        self.extra: set[tuple[int, int]] = set()

    def build_sparse(self, low: int, base: int, part: list[int], compat: list[bytearray],
                     upper: Callable[[int, int], int] | None) -> None:
        """Give the matcher its first weights, already thinned.

        Pairs of two players above ``low`` weigh ``upper(i, j)`` (``i > j``; None when
        ``low`` is 0); every other pair weighs ``base + part[i] + part[j]`` when ``compat`` allows it,
        and only those within ``BAND`` places enter the matcher (the others are
        checked against the duals after each solve).
        """
        assert not self.extra and self.low == self.count
        if upper is None and low:
            raise ValueError(f"players above {low} need the weights of their pairs")
        self.base, self.part, self.compat = base, part, compat
        self.sparse = True
        self.low = low
        band = self.BAND
        m = self.m
        # first duals: base + 2 * part[v] makes every lower pair tight; an upper player adds the most
        # any of its pairs weighs beyond that form, so its pairs are feasible and its heaviest tight
        excess = [0] * self.count
        # the matcher's neighbour lists keep these numbers: one int object per vertex, not one per
        # pair (numbers past 256 are new objects each time range() yields them: 45 MB at 2000 players)
        vertices = list(range(self.count))
        for i in vertices:
            ci = compat[i]
            if upper is not None and i < low:
                pi = part[i] + base
                for j in vertices[:i]:
                    if ci[j]:
                        w = upper(i, j)
                        m.set_weight(i, j, w)
                        extra = w - pi - part[j]
                        if extra > excess[i]:
                            excess[i] = extra
                        if extra > excess[j]:
                            excess[j] = extra
            else:
                pi = part[i] + base
                for j in vertices[max(0, i - band):i]:
                    if ci[j]:
                        m.set_weight(i, j, pi + part[j])
        start = [base + 2 * part[v] + excess[v] for v in range(self.count)]
        if self.dummy >= 0:
            start.append(2 - min(start))  # the dummy's edges weigh 1: tight with the least of the players
        m.start_duals(start)

    def rebase(self, base: int, part: list[int]) -> None:
        """Every pair now weighs ``base + part[i] + part[j]`` (same compatibility): reweight the edges in the matcher."""
        self.base, self.part = base, part
        m = self.m
        compat = self.compat
        band = self.BAND
        low = self.low
        for i in range(self.count):
            ci = compat[i]
            pi = part[i] + base
            for j in range(i) if i < low else range(max(0, i - band), i):
                if ci[j]:
                    m.set_weight(i, j, pi + part[j])
        for u, v in self.extra:
            if compat[u][v]:
                m.set_weight(u, v, base + part[u] + part[v])
        # every pair now has the form whose duals make it tight: start again from them, keeping the pairs
        duals = [base + 2 * part[v] for v in range(self.count)]
        if self.dummy >= 0:
            duals.append(2 - min(duals))
        m.reset_duals(duals)

    def _omitted(self, u: int, v: int) -> bool:
        """Whether the edge is out of the matcher (at least one end must be lower)."""
        return abs(u - v) > self.BAND and ((u, v) if u < v else (v, u)) not in self.extra

    def _true(self, u: int, v: int) -> int:
        return self.base + self.part[u] + self.part[v] if self.compat[u][v] else 0

    def set_low(self, low: int, rewritten: bool = False) -> None:
        """The players from ``low`` on are below every bracket paired so far (``low`` only grows).

        ``rewritten``: the caller sets the weight of every pair of active players
        above ``low`` right after, so the omitted edges among them need not be
        given back first.
        """
        if not self.sparse or low >= self.count:
            if self.low < self.count and not rewritten:
                self._restore(self.count)
            self.low = self.count
            return
        if self.low == self.count:
            # first use: take the far edges of the lower players out of the matcher
            band = self.BAND
            active = self.m.active
            for v in range(low, self.count):
                for u in range(v - band):
                    if active[u]:
                        self.m.set_weight(u, v, 0)
            self.low = low
            return
        if low > self.low:
            if not rewritten:
                self._restore(low)
            self.low = low

    def _restore(self, hi: int) -> None:
        """Give back the omitted edges whose higher end is below ``hi`` (those players leave the lower part)."""
        band = self.BAND
        active = self.m.active
        extra = self.extra
        for v in range(self.low, hi):
            for u in range(v - band):
                if active[u] and (u, v) not in extra:
                    self.m.set_weight(u, v, self._true(u, v))

    def solve(self) -> None:
        while True:
            try:
                mate = self.m.solve()
            except NoPerfectMatching as exc:
                if self.low < self.count:
                    # the sparse lower part could not be completed: give it all its edges
                    self.set_low(self.count)
                    self.sparse = False
                    continue
                raise NoLegalPairing("no pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)") from exc
            if self.low >= self.count:
                break
            bad = self.m.uncovered_edges(self.low, self.count, self.base, self.part, self.compat, self._omitted)
            if not bad:
                break
            for u, v in bad:
                self.extra.add((u, v) if u < v else (v, u))
                self.m.set_weight(u, v, self._true(u, v))
        # a player matched to the dummy is unpaired: report them as their own mate
        out = []
        for v, m in enumerate(mate[: self.count]):
            if m < 0:
                m = self.fixed.get(v, v)
            elif m == self.dummy:
                m = v
            out.append(m)
        self.mate = out

    def first_optimal_partner(self, a: int, candidates: list[int]) -> int | None:
        """The first of ``candidates`` an optimal matching pairs with ``a`` when the duals show it at once, else None.

        See :meth:`engine.matching.perfect.PerfectMatcher.first_optimal_partner`: no
        weight and no dual changes, so the matching stays optimal on the whole
        graph (the omitted edges included) and no solve is needed.
        """
        changed = self.m.first_optimal_partner(a, candidates)
        if changed is None:
            return None
        mate, dummy = self.mate, self.dummy
        for x, y in changed:
            for u, v in ((x, y), (y, x)):
                if u != dummy:
                    mate[u] = u if v == dummy else v
        return changed[0][1]

    def fix(self, u: int, v: int) -> None:
        """Take a decided pair out of the graph (it stays reported as matched)."""
        self.fixed[u] = v
        self.fixed[v] = u
        self.m.remove((u, v))
