"""Maximum-weight perfect matching on a dense general graph, exact integers, warm restarts.

Why perfect matching: the Dutch weights put a completion field at the top of
every edge weight, so the best matching of the pairing graph always pairs
everybody (one player is left for the bye; the caller adds a dummy vertex for
that). A perfect-matching primal-dual solver has no sign constraint on vertex
duals, which is what makes cheap warm restarts possible: when the weights
around a vertex change, only that vertex (and whatever it was matched to) must
be re-matched, the rest of the optimal solution and its duals stay valid.

The algorithm is Edmonds' blossom method in its primal-dual form (one
augmentation per stage, blossoms kept between stages while their dual is
positive). Weights are integers of any size; vertex duals are kept in units
where the slack of edge ``(u, v)`` is ``y[u] + y[v] - 2*w(u, v)`` so every
quantity stays integral as long as all free vertices share the parity of
their dual (restored on every restart).

When many vertices change at once (a bracket's weights are set), they get
new duals together, every free vertex takes its least feasible dual and is
matched at once along a tight edge to another free vertex where one exists,
and each stage grows several trees, after which the pairs its dual change
made tight are matched the same way. Only the number of stages changes; the
result is a maximum-weight perfect matching either way.

``w == 0`` means "no edge" (an incompatible pair).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable

from engine.matching.hints import MatcherHints
from engine.matching.stage import NoPerfectMatching, PrimalDualStage

__all__ = ["NoPerfectMatching", "PerfectMatcher"]


class PerfectMatcher(MatcherHints, PrimalDualStage):
    """A maximum-weight perfect matching that can be re-solved after local weight changes.

    Vertices are ``0 .. n-1``; blossoms use ids ``n .. 2n-1``. Vertices can be
    retired (``remove``): they leave the graph with whatever they were matched to
    becoming free again; ``active[v]`` (read-only for callers) says whether
    ``v`` is still in the graph. A caller that keeps the graph sparse checks the
    edges it left out with :meth:`uncovered_edges`. Everything else (duals,
    blossoms, labels) is internal: the stage itself is in
    :mod:`engine.matching.stage`, and what a caller who knows its weights
    may tell the matcher (duals to start from or raise, certified weight
    changes) in :mod:`engine.matching.hints`.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.w = [[0] * n for _ in range(n)]
        # the neighbours of each vertex (positive weight), ascending: scans visit only edges,
        # in the order a scan of the whole row would; retired vertices are dropped in batches
        self.adj: list[list[int]] = [[] for _ in range(n)]
        self._retired_since_purge = 0
        self.active = [True] * n
        self.mate = [-1] * n
        nb = 2 * n
        self.inblossom = list(range(n))
        self.bparent = [-1] * nb
        self.bchilds: list[list[int] | None] = [None] * nb
        self.bendps: list[list[tuple[int, int]] | None] = [None] * nb
        self.bbase = list(range(n)) + [-1] * n
        self.bleaves: list[list[int] | None] = [None] * nb
        self.dual = [0] * nb
        self.unused = list(range(nb - 1, n - 1, -1))
        self._fresh = True
        self._dirty: set[int] = set()
        self._raised: set[int] = set()  # duals raised since the last solve: their matched edge to check
        self._free: set[int] = set()
        self._roots: list[int] = []
        self.tvert: list[int] = []
        # the neighbour that set each free vertex's least dual in _match_tight_free
        self._argmax: dict[int, int] = {}
        self._start: list[int] | None = None  # the caller's first duals (start_duals)

    # -- building and changing the graph ---------------------------------------

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Set ``w(u, v)``; the change takes effect at the next :meth:`solve`."""
        old = self.w[u][v]
        if old == weight:
            return
        self.w[u][v] = weight
        self.w[v][u] = weight
        if (old > 0) != (weight > 0):
            if weight > 0:
                insort(self.adj[u], v)
                insort(self.adj[v], u)
            else:
                self.adj[u].remove(v)
                self.adj[v].remove(u)
        if not self._fresh:
            self._dirty.add(u)

    def remove(self, vertices: Iterable[int]) -> None:
        """Take vertices out of the graph for good (e.g. a pair that is now fixed)."""
        for v in vertices:
            if not self._fresh:
                self._isolate(v)
            if self.active[v]:
                self._retired_since_purge += 1
            self.active[v] = False
            self._free.discard(v)
            self._dirty.discard(v)

    def matching(self) -> list[int]:
        """``mate[v]`` for every vertex (-1 for inactive ones)."""
        return [self.mate[v] if self.active[v] else -1 for v in range(self.n)]

    # -- solving --------------------------------------------------------------

    def _purge(self) -> None:
        active = self.active
        self.adj = [[u for u in nb if active[u]] if active[v] else [] for v, nb in enumerate(self.adj)]
        self._retired_since_purge = 0

    def solve(self) -> list[int]:
        """Re-optimise after the changes made since the last call; returns :meth:`matching`."""
        if self._retired_since_purge * 8 > self.n:
            self._purge()
        if self._fresh:
            self._fresh = False
            self._greedy_start()
        else:
            if self._raised:
                self._check_raised()
            reset = []
            for v in sorted(self._dirty):
                if self.active[v] and not self._still_optimal_at(v):
                    self._isolate(v)
                    reset.append(v)
            self._dirty.clear()
            if reset:
                self._restore_feasibility(reset)
            self._match_tight_free()
            self._align_free_parity()
        while self._free:
            self._stage()
            if len(self._free) > 2:
                # the stage's dual changes may have made edges tight between free vertices:
                # only its remaining roots (down) and the free vertices whose heaviest need
                # came from one of its T-vertices (up) can have a new least dual or partner
                free = self._free
                tset = set(self.tvert)
                argmax = self._argmax
                cand = {r for r in self._roots if r in free}
                cand.update(u for u in free if argmax.get(u, -1) in tset)
                self._match_tight_free(sorted(cand))
            if self._free:
                # a tree's root and a free vertex outside the trees may now differ in parity;
                # the next stage roots a tree at each of them, which needs them equal
                self._align_free_parity()
        return self.matching()

    def _greedy_start(self) -> None:
        """A feasible start: ``y[v]`` = the heaviest edge at ``v``, and every edge tight at both ends matched.

        Both are valid starting points of the primal-dual method and save most of
        the stages of a cold start on the structured Dutch graphs.
        """
        n = self.n
        act = [v for v in range(n) if self.active[v]]
        w = self.w
        dual = self.dual
        active = self.active
        adj = self.adj
        if self._start is None:
            for v in act:
                row = w[v]
                dual[v] = max((row[u] for u in adj[v] if active[u]), default=0)
        else:
            dual[:n] = self._start
            self._start = None
            for v in act:  # raising v makes its own edges feasible and no other edge less so: one pass
                row = w[v]
                dv = dual[v]
                need = max((2 * row[u] - dual[u] for u in adj[v] if active[u]), default=dv)
                if need > dv:
                    dual[v] = need
        for v in act:
            if self.mate[v] != -1:
                continue
            row = w[v]
            dv = dual[v]
            for u in adj[v]:
                if active[u] and self.mate[u] == -1 and dv + dual[u] == 2 * row[u]:
                    self.mate[v] = u
                    self.mate[u] = v
                    break
        self._free = {v for v in act if self.mate[v] == -1}
        self._align_free_parity()

    # -- warm restart helpers ----------------------------------------------------

    def _dissolve(self, b: int) -> None:
        """Undo top-level blossom ``b`` keeping the duals feasible (its dual moves to its vertices)."""
        d = self.dual[b]
        if d:
            for x in self._leaves(b):
                self.dual[x] += d
            self.dual[b] = 0
            base = self.bbase[b]
            m = self.mate[base]
            if m != -1:
                # the matched edge leaving the blossom is no longer tight
                self.mate[base] = -1
                self.mate[m] = -1
                self._free.add(base)
                self._free.add(m)
        kids = self.bchilds[b]
        assert kids is not None, f"blossom {b} is not in use"
        for s in kids:
            self._to_top_level(s)
        self.bchilds[b] = None
        self.bendps[b] = None
        self.bleaves[b] = None
        self.bbase[b] = -1
        self.unused.append(b)

    def _make_trivial(self, v: int) -> None:
        while self.inblossom[v] != v:
            self._dissolve(self.inblossom[v])

    def _isolate(self, v: int) -> None:
        """Make ``v`` a free vertex outside any blossom."""
        self._make_trivial(v)
        m = self.mate[v]
        if m != -1:
            self.mate[v] = -1
            self.mate[m] = -1
            self._free.add(m)
        self._free.add(v)

    def _still_optimal_at(self, v: int) -> bool:
        """After the weights around ``v`` changed: shift ``y[v]`` so its least slack is 0, if that
        keeps its matched edge tight the solution is still optimal and nothing else moves.

        Only for a vertex outside every blossom (inside one, the blossom's own tight
        edges could be broken by the change).
        """
        if self.inblossom[v] != v:
            return False
        w = self.w[v]
        dual = self.dual
        dv = dual[v]
        least = None
        active = self.active
        for u in self.adj[v]:
            wt = w[u]
            if active[u]:
                s = dv + dual[u] - 2 * wt
                if least is None or s < least:
                    least = s
        if least is None:
            return False
        m = self.mate[v]
        if m == -1:
            dual[v] = dv - least
            self._free.add(v)
            return True
        if w[m] <= 0 or dv + dual[m] - 2 * w[m] != least:
            return False
        dual[v] = dv - least
        return True

    def _restore_feasibility(self, reset: list[int]) -> None:
        """New duals for the isolated vertices ``reset``, feasible on every edge.

        An edge to a vertex that keeps its dual is covered by this end alone; an
        edge between two reset vertices is covered half by each end (the greedy
        start's rule), so that the heaviest edges among them come out tight and
        can be matched without a stage.
        """
        dual = self.dual
        active = self.active
        adj = self.adj
        wm = self.w
        inset = set(reset)
        for v in reset:
            w = wm[v]
            best = None
            for u in adj[v]:
                if active[u]:
                    need = w[u] if u in inset else 2 * w[u] - dual[u]
                    if best is None or need > best:
                        best = need
            dual[v] = 0 if best is None else best

    def _align_free_parity(self) -> None:
        free = [v for v in self._free if self.active[v]]
        self._free = set(free)
        for v in free:
            self._make_trivial(v)
        # making a free vertex trivial never frees another vertex (its blossom had no matched exit)
        if not free:
            return
        parity = self.dual[free[0]] & 1
        for v in free:
            if self.dual[v] & 1 != parity:
                self.dual[v] += 1

    def _match_tight_free(self, only: list[int] | None = None) -> None:
        """Lower the dual of each free vertex to the least feasible value and match it along the edge that makes tight.

        After a bracket's weights are set most of its players are free again.
        A free vertex outside any blossom may take any feasible dual; at the
        least one some edge is tight, and when the vertex at its other end is
        free too the two are matched. Every invariant (feasible duals, tight
        matched edges) is kept, and each pair matched here saves a stage.
        """
        free = self._free
        if len(free) < 2:
            return
        mate, dual, wm, adj, active, inb = self.mate, self.dual, self.w, self.adj, self.active, self.inblossom
        argmax = self._argmax
        arg = -1
        for v in sorted(free) if only is None else only:
            if mate[v] != -1 or inb[v] != v:
                continue
            row = wm[v]
            best = None
            pick = -1
            for u in adj[v]:
                if not active[u]:
                    continue
                need = 2 * row[u] - dual[u]
                if best is None or need > best:
                    best = need
                    arg = u
                    pick = u if mate[u] == -1 and inb[u] == u and u in free else -1
                elif need == best and pick < 0 and mate[u] == -1 and inb[u] == u and u in free:
                    pick = u
            if best is None:
                continue
            dual[v] = best
            argmax[v] = arg
            if pick >= 0:
                mate[v] = pick
                mate[pick] = v
        self._free = {v for v in free if mate[v] == -1}

    # -- choosing among the optimal matchings ---------------------------------------

    def first_optimal_partner(self, a: int, candidates: Iterable[int]) -> list[tuple[int, int]] | None:
        """Match ``a`` to the first of ``candidates`` that some maximum-weight matching pairs with it.

        Returns the pairs that changed, ``a``'s first.

        Only right after :meth:`solve` (nothing changed since, nobody free). For
        ``a`` outside every blossom an edge at ``a`` is in an optimal matching
        only if it is tight (complementary slackness holds between every optimal
        matching and the current duals), so no candidate before the first tight
        one can be the answer, and the first tight one, ``b``, is when the
        matching can be changed to pair ``a`` with ``b`` along tight edges: an
        alternating path from ``b``'s mate to ``a``'s mate. The path is searched
        among vertices outside blossoms only, so every blossom keeps its
        matching and the duals still certify the result. Returns None when
        this cannot show the answer (the caller then asks :meth:`solve`, with
        the candidates' order in the weights).
        """
        inb, dual, active, mate = self.inblossom, self.dual, self.active, self.mate
        if self._fresh or self._dirty or self._raised or self._free or inb[a] != a or not active[a]:
            return None
        row = self.w[a]
        da = dual[a]
        first = -1
        for b in candidates:
            wt = row[b]
            if wt > 0 and active[b] and da + dual[b] == 2 * wt:
                first = b
                break
        if first < 0 or inb[first] != first:
            return None
        if mate[a] == first:
            return [(a, first)]
        path = self._tight_path(mate[first], mate[a], (a, first))
        if path is None:
            return None
        path.insert(0, (a, first))
        for x, y in path:
            mate[x] = y
            mate[y] = x
        return path

    def _tight_path(self, start: int, goal: int, taken: tuple[int, int]) -> list[tuple[int, int]] | None:
        """New pairs along tight edges that give ``start`` a partner and take ``goal``, or None.

        ``start`` and ``goal`` are about to lose their mates (the two vertices of
        ``taken``). An alternating path start - u1 = m1 - u2 = m2 ... - goal, its
        odd edges tight and unmatched, its even ones matched, re-pairs
        (start, u1), (m1, u2), ..., (mk, goal). Depth first, each vertex at most
        once, blossom members skipped: a path found is valid; one not found may
        exist (through a blossom), hence None rather than a proof.
        """
        inb, dual, active, mate, adj, w = self.inblossom, self.dual, self.active, self.mate, self.adj, self.w
        if inb[start] != start or inb[goal] != goal:
            return None
        seen = {taken[0], taken[1], start}
        came_from: dict[int, tuple[int, int]] = {}  # m -> (x, u): x takes u, whose mate m needs a partner
        stack = [start]
        while stack:
            x = stack.pop()
            row = w[x]
            dx = dual[x]
            for u in adj[x]:
                if u in seen or not active[u] or inb[u] != u or dx + dual[u] != 2 * row[u]:
                    continue
                if u == goal:
                    pairs = [(x, u)]
                    while x != start:
                        x, u = came_from[x]
                        pairs.append((x, u))
                    return pairs
                m = mate[u]
                if m in seen or inb[m] != m:
                    continue
                seen.add(u)
                seen.add(m)
                came_from[m] = (x, u)
                stack.append(m)
        return None

    # -- certifying a matching found on part of the graph ----------------------------

    def uncovered_edges(self, low: int, count: int, base: int, part: list[int], compat: list[bytearray],
                        omitted: Callable[[int, int], bool]) -> list[tuple[int, int]]:
        """The edges left out of the graph that the current duals do not cover, as ``(u, v)`` with ``u < v``.

        For a caller that gives the matcher only part of a graph: among the
        vertices below ``count``, an edge with an end at ``low`` or above weighs
        ``base + part[u] + part[v]`` when ``compat[u][v]``, and ``omitted(u, v)``
        says whether it was left out. The matching is a maximum-weight perfect
        matching of the whole graph when every omitted edge has a non-negative
        reduced cost under the duals (LP duality; blossom duals are
        non-negative, so ignoring them only makes the test stricter): an empty
        answer certifies it. Otherwise the caller adds the edges returned and
        solves again. Call it right after :meth:`solve`.
        """
        self._smooth_duals(low, count, base, part)
        return self._uncovered(low, count, base, part, compat, omitted)

    def _smooth_duals(self, low: int, count: int, base: int, part: list[int]) -> None:
        """Move the duals of lower pairs to the middle of their matched edge where that stays feasible.

        A sparse lower part lets the two ends of a matched lower-lower edge drift
        apart (one dual high, one low); the low ends would then fail the test of
        the omitted edges although a dual solution passing it exists. Setting both
        ends to ``2*part + base`` keeps the matched edge tight; it is kept only if
        every edge of the matcher at both ends stays non-negative (blossom members
        are left alone), so the duals remain a certificate for the kept graph.
        """
        dual, mate, inb, adj, w, active = self.dual, self.mate, self.inblossom, self.adj, self.w, self.active
        for u in range(low, count):
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

    def _uncovered(self, low: int, count: int, base: int, part: list[int], compat: list[bytearray],
                   omitted: Callable[[int, int], bool]) -> list[tuple[int, int]]:
        """Omitted edges (one end or both lower) whose reduced cost under the current duals is negative.

        The reduced cost of ``(u, v)`` is ``y[u] + y[v] - 2w + 2*Z`` with ``Z`` the
        sum of the duals of the blossoms holding both ends (matcher units). With
        ``r[x] = y[x] - 2*part[x]`` it is ``r[u] + r[v] - 2*base + 2*Z``. Pairs are
        grouped by their smallest common blossom (``Z`` is then fixed); a group is
        enumerated only when its cheapest children could fail the test.
        """
        dual, bparent, bchilds, nverts, active = self.dual, self.bparent, self.bchilds, self.n, self.active
        inblossom = self.inblossom
        two_base = 2 * base
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
            kids = bchilds[node]
            assert kids is not None, f"blossom {node} is not in use"
            if not done:
                stack.append((node, True))
                stack.extend((c, False) for c in kids)
                continue
            vals = [v for c in kids if (v := least_all[c]) is not None]
            least_all[node] = min(vals) if vals else None
            vals = [v for c in kids if (v := least_low[c]) is not None]
            least_low[node] = min(vals) if vals else None
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
            if first is not None and second is not None:  # a second implies a first
                for i, c in enumerate(children):
                    lo = least_low[c]
                    if lo is not None and lo + (second if i == first_at else first) < limit:
                        self._enumerate(children, limit, red, low, compat, omitted, out)
                        break
            for c in children:
                kids = bchilds[c] if c >= nverts else None
                if kids is not None and least_low[c] is not None:
                    todo.append((kids, z + dual[c]))
        return out

    def _enumerate(self, children: list[int], limit: int, red: dict[int, int], low: int, compat: list[bytearray],
                   omitted: Callable[[int, int], bool], out: list[tuple[int, int]]) -> None:
        """Omitted compatible pairs from different ``children`` whose ``r`` sum is below ``limit``."""
        nverts = self.n
        bleaves = self.bleaves
        items = []
        for ci, c in enumerate(children):
            leaves = bleaves[c] if c >= nverts else (c,)
            assert leaves is not None, f"blossom {c} is not in use"
            for x in leaves:
                r = red.get(x)
                if r is not None:
                    items.append((r, ci, x))
        items.sort()
        for i in range(len(items) - 1):
            ri, ci, u = items[i]
            if ri + items[i + 1][0] >= limit:
                break
            cu = compat[u]
            for j in range(i + 1, len(items)):
                rj, cj, v = items[j]
                if ri + rj >= limit:
                    break
                if cj != ci and (u >= low or v >= low) and cu[v] and omitted(u, v):
                    out.append((u, v) if u < v else (v, u))
