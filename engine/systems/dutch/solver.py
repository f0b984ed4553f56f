"""The matching of every player still to pair, kept sparse where the weights allow it."""

from __future__ import annotations

from engine.matching import NoPerfectMatching, PerfectMatcher
from engine.result import NoLegalPairing


class Solver:
    """The matching over every player still to pair, plus a dummy vertex for the PAB.

    Players below the brackets being paired ("lower" vertices, from ``low`` on)
    are joined by edges that carry only the completion and PAB fields, and those
    weights split as ``base + part[u] + part[v]``: among them any perfect
    matching is as good as another, only [C4] completability and the PAB matter.
    The matcher is therefore given only the lower-lower edges between players
    within ``BAND`` places of each other (and any edge found to be needed); the
    others stay out. After each solve the omitted edges are checked against the
    duals (LP duality: the matching is optimal on the whole graph when every
    omitted edge has non-negative reduced cost; blossom duals are non-negative,
    so ignoring them only makes the test stricter). Edges failing the test are
    added and the matching re-solved, so the result is a maximum-weight perfect
    matching of the whole graph, exactly.
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

    def build_sparse(self, low: int, base: int, part: list[int], compat: list[bytearray], upper) -> None:
        """Give the matcher its first weights, already thinned.

        Pairs of two players above ``low`` weigh ``upper(i, j)`` (``i > j``); every
        other pair weighs ``base + part[i] + part[j]`` when ``compat`` allows it,
        and only those within ``BAND`` places enter the matcher (the others are
        checked against the duals after each solve).
        """
        assert not self.extra and self.low == self.count
        self.base, self.part, self.compat = base, part, compat
        self.sparse = True
        self.low = low
        band = self.BAND
        m = self.m
        for i in range(self.count):
            ci = compat[i]
            if i < low:
                for j in range(i):
                    if ci[j]:
                        m.set_weight(i, j, upper(i, j))
            else:
                pi = part[i] + base
                for j in range(max(0, i - band), i):
                    if ci[j]:
                        m.set_weight(i, j, pi + part[j])

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

    def _smooth_duals(self) -> None:
        """Move the duals of lower pairs to the middle of their matched edge where that stays feasible.

        A sparse lower part lets the two ends of a matched lower-lower edge drift
        apart (one dual high, one low); the low ends would then fail the test of
        the omitted edges although a dual solution passing it exists. Setting both
        ends to ``2*part + base`` keeps the matched edge tight; it is kept only if
        every edge of the matcher at both ends stays non-negative (blossom members
        are left alone), so the duals remain a certificate for the kept graph.
        """
        m = self.m
        dual, mate, inb, adj, w, active = m.dual, m.mate, m.inblossom, m.adj, m.w, m.active
        part = self.part
        base = self.base
        count = self.count
        for u in range(self.low, count):
            v = mate[u]
            if v <= u or v >= count or inb[u] != u or inb[v] != v:
                continue
            nu = 2 * part[u] + base
            nv = 2 * part[v] + base
            ou, ov = dual[u], dual[v]
            if nu == ou:
                continue
            dual[u], dual[v] = nu, nv
            ok = True
            for x, dx in ((u, nu), (v, nv)):
                wx = w[x]
                for y in adj[x]:
                    if active[y] and dx + dual[y] < 2 * wx[y]:
                        ok = False
                        break
                if not ok:
                    break
            if not ok:
                dual[u], dual[v] = ou, ov

    def _violations(self) -> list[tuple[int, int]]:
        """Omitted edges (one end or both lower) whose reduced cost under the current duals is negative.

        The reduced cost of ``(u, v)`` is ``y[u] + y[v] - 2w + 2*Z`` with ``Z`` the
        sum of the duals of the blossoms holding both ends (matcher units). With
        ``r[x] = y[x] - 2*part[x]`` it is ``r[u] + r[v] - 2*base + 2*Z``. Pairs are
        grouped by their smallest common blossom (``Z`` is then fixed); a group is
        enumerated only when its cheapest children could fail the test.
        """
        self._smooth_duals()
        m = self.m
        dual, bparent, bchilds, nverts, active = m.dual, m.bparent, m.bchilds, m.n, m.active
        inblossom = m.inblossom
        part = self.part
        two_base = 2 * self.base
        low, count = self.low, self.count
        red = {x: dual[x] - 2 * part[x] for x in range(count) if active[x]}
        # least r over the lower leaves and over all player leaves of every node (None: no leaf)
        least_all: list[int | None] = [None] * (2 * nverts)
        least_low: list[int | None] = [None] * (2 * nverts)
        tops = []
        blossom_tops = set()
        for x, r in red.items():
            least_all[x] = r
            if x >= low:
                least_low[x] = r
            if bparent[x] == -1:
                tops.append(x)
                continue
            b = inblossom[x]  # the top-level blossom holding x
            if b not in blossom_tops:
                blossom_tops.add(b)
                tops.append(b)
        stack = [(b, False) for b in blossom_tops]
        while stack:
            node, done = stack.pop()
            if node < nverts:
                continue
            if not done:
                stack.append((node, True))
                stack.extend((c, False) for c in bchilds[node])  # type: ignore[union-attr]
                continue
            kids = bchilds[node]  # type: ignore[assignment]
            vals = [least_all[c] for c in kids if least_all[c] is not None]
            least_all[node] = min(vals) if vals else None  # type: ignore[type-var]
            vals = [least_low[c] for c in kids if least_low[c] is not None]
            least_low[node] = min(vals) if vals else None  # type: ignore[type-var]
        out: list[tuple[int, int]] = []
        # (children of a node, Z of the blossoms holding them); the root stands for "no blossom"
        todo: list[tuple[list[int], int]] = [(tops, 0)]
        while todo:
            children, z = todo.pop()
            limit = two_base - 2 * z
            # the two least r over the children (first = the earliest child holding the least)
            first = second = None
            first_at = -1
            for i, c in enumerate(children):
                v = least_all[c]
                if v is None:
                    continue
                if first is None or v < first:
                    second, first, first_at = first, v, i
                elif second is None or v < second:
                    second = v
            if second is not None:
                for i, c in enumerate(children):
                    lo = least_low[c]
                    if lo is not None and lo + (second if i == first_at else first) < limit:
                        self._enumerate(children, limit, red, out)
                        break
            for c in children:
                if c >= nverts and least_low[c] is not None:
                    todo.append((bchilds[c], z + dual[c]))  # type: ignore[arg-type]
        return out

    def _enumerate(self, children: list[int], limit: int, red: dict[int, int], out: list[tuple[int, int]]) -> None:
        """Omitted compatible pairs from different ``children`` whose ``r`` sum is below ``limit``."""
        nverts = self.m.n
        bleaves = self.m.bleaves
        low = self.low
        items = []
        for ci, c in enumerate(children):
            for x in (bleaves[c] if c >= nverts else (c,)):  # type: ignore[union-attr]
                r = red.get(x)
                if r is not None:
                    items.append((r, ci, x))
        items.sort()
        compat = self.compat
        for i in range(len(items) - 1):
            ri, ci, u = items[i]
            if ri + items[i + 1][0] >= limit:
                break
            cu = compat[u]
            for j in range(i + 1, len(items)):
                rj, cj, v = items[j]
                if ri + rj >= limit:
                    break
                if cj != ci and (u >= low or v >= low) and cu[v] and self._omitted(u, v):
                    out.append((u, v) if u < v else (v, u))

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
            bad = self._violations()
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

    def fix(self, u: int, v: int) -> None:
        """Take a decided pair out of the graph (it stays reported as matched)."""
        self.fixed[u] = v
        self.fixed[v] = u
        self.m.remove((u, v))
