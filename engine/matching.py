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
from collections.abc import Iterable


class NoPerfectMatching(Exception):
    """The active vertices cannot all be matched with the existing edges."""


class PerfectMatcher:
    """A maximum-weight perfect matching that can be re-solved after local weight changes.

    Vertices are ``0 .. n-1``; blossoms use ids ``n .. 2n-1``. Vertices can be
    retired (``remove``): they leave the graph with whatever they were matched to
    becoming free again.
    """

    ROOTS = 8  # trees grown at once when many vertices are free (measured best of 1-48)

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
        self._free: set[int] = set()
        self._roots: list[int] = []
        self.tvert: list[int] = []
        # the neighbour that set each free vertex's least dual in _match_tight_free
        self._argmax: dict[int, int] = {}

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
        for v in act:
            row = w[v]
            dual[v] = max((row[u] for u in adj[v] if active[u]), default=0)
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

    def _leaves(self, b: int) -> list[int]:
        """The vertices inside ``b`` (kept per blossom: a blossom's vertex set never changes)."""
        if b < self.n:
            return [b]
        return self.bleaves[b]  # type: ignore[return-value]

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
        for s in self.bchilds[b]:  # type: ignore[union-attr]
            self.bparent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            else:
                for x in self._leaves(s):
                    self.inblossom[x] = s
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

    # -- one primal-dual stage ---------------------------------------------------

    def _slack(self, u: int, v: int) -> int:
        return self.dual[u] + self.dual[v] - 2 * self.w[u][v]

    def _allow(self, i: int, j: int) -> None:
        """Mark edge ``(i, j)`` usable in this stage (kept per vertex: most lookups miss)."""
        al = self.allowed
        s = al[i]
        if s is None:
            al[i] = {j}
        else:
            s.add(j)
        s = al[j]
        if s is None:
            al[j] = {i}
        else:
            s.add(i)

    def _stage(self) -> None:
        n = self.n
        self.label = [0] * (2 * n)
        self.labelend: list[tuple[int, int] | None] = [None] * (2 * n)
        self.bestedge: list[tuple[int, int] | None] = [None] * (2 * n)
        # slack of bestedge[x] as last computed, valid while bslack_at[x] == self.epoch
        # (the epoch moves on at every dual change)
        self.bslack: list[int] = [0] * (2 * n)
        self.bslack_at: list[int] = [-1] * (2 * n)
        self.epoch = 0
        self.bbestedges: list[list[tuple[int, int]] | None] = [None] * (2 * n)
        self.allowed: list[set[int] | None] = [None] * n
        self.queue: list[int] = []
        self.svert: list[int] = []  # every vertex labelled S in this stage
        active = [v for v in range(n) if self.active[v]]
        self._act = active
        # The lowest ROOTS free vertices each root a tree - free vertices share the parity
        # of their dual, so every dual change stays integral - and one dual change serves
        # all those trees at once; more trees would make each stage scan more than it saves.
        # With two free vertices (one decision changed) both trees grow towards each other.
        mate = self.mate
        roots = sorted(v for v in self._free if mate[v] == -1 and self.active[v])
        roots = roots[: self.ROOTS]
        self._roots = roots
        self.tvert: list[int] = []  # every vertex labelled T in this stage
        for root in roots:
            if self.label[self.inblossom[root]] == 0:
                self._assign_label(root, 1, None)
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        dual = self.dual
        bbase = self.bbase
        bparent = self.bparent
        bestedge = self.bestedge
        bslack = self.bslack
        bslack_at = self.bslack_at
        allowed_at = self.allowed
        queue = self.queue
        w = self.w
        adj = self.adj
        isactive = self.active
        while True:
            augmented = False
            epoch = self.epoch
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                wv = w[v]
                dv = dual[v]
                allowed = allowed_at[v]
                for u in adj[v]:
                    if not isactive[u]:
                        continue
                    wt = wv[u]
                    bu = inblossom[u]
                    if bu == bv:
                        continue
                    kslack = dv + dual[u] - 2 * wt
                    if kslack <= 0 or (allowed is not None and u in allowed):
                        lab = label[bu]
                        if lab == 0:
                            if mate[bbase[bu]] == -1:
                                # another free blossom: the path root..v-u augments
                                label[bu] = 1
                                labelend[bu] = None
                                self._augment_matching(v, u)
                                augmented = True
                                break
                            self._assign_label(u, 2, (v, u))
                        elif lab == 1:
                            base = self._scan_blossom(v, u)
                            if base >= 0:
                                self._add_blossom(base, v, u)
                                bv = inblossom[v]
                            else:
                                self._augment_matching(v, u)
                                augmented = True
                                break
                        elif label[u] == 0:
                            label[u] = 2
                            labelend[u] = (v, u)
                    elif label[bu] == 1:
                        if bslack_at[bv] == epoch:
                            # bestedge[bv] is set and its slack cached
                            if kslack < bslack[bv]:
                                bestedge[bv] = (v, u)
                                bslack[bv] = kslack
                        else:
                            be = bestedge[bv]
                            if be is None or kslack < dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]:
                                bestedge[bv] = (v, u)
                                bslack[bv] = kslack
                            else:
                                bslack[bv] = dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]
                            bslack_at[bv] = epoch
                    elif label[u] == 0:
                        if bslack_at[u] == epoch:
                            # bestedge[u] is set and its slack cached
                            if kslack < bslack[u]:
                                bestedge[u] = (v, u)
                                bslack[u] = kslack
                        else:
                            be = bestedge[u]
                            if be is None or kslack < dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]:
                                bestedge[u] = (v, u)
                                bslack[u] = kslack
                            else:
                                bslack[u] = dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]
                            bslack_at[u] = epoch
            if augmented:
                break
            deltatype = -1
            delta = 0
            deltaedge: tuple[int, int] | None = None
            deltablossom = -1
            for v in active:
                be = bestedge[v]
                if be is not None and label[inblossom[v]] == 0:
                    if bslack_at[v] == epoch:
                        d = bslack[v]
                    else:
                        d = dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 2, be
            tops = [v for v in active if bparent[v] == -1]
            tops += [b for b in range(n, 2 * n) if bparent[b] == -1 and bbase[b] >= 0]
            for b in tops:
                be = bestedge[b]
                if be is not None and label[b] == 1:
                    if bslack_at[b] == epoch:
                        d = bslack[b] // 2
                    else:
                        d = (dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]) // 2
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 3, be
            for b in tops:
                if b >= n and label[b] == 2 and (deltatype == -1 or dual[b] < delta):
                    delta, deltatype, deltablossom = dual[b], 4, b
            if deltatype == -1:
                raise NoPerfectMatching("no perfect matching exists")
            self.epoch += 1
            for v in active:
                lab = label[inblossom[v]]
                if lab == 1:
                    dual[v] -= delta
                elif lab == 2:
                    dual[v] += delta
            for b in tops:
                if b >= n:
                    if label[b] == 1:
                        dual[b] += delta
                    elif label[b] == 2:
                        dual[b] -= delta
            if deltatype == 2:
                i, j = deltaedge  # type: ignore[misc]
                self._allow(i, j)
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                i, j = deltaedge  # type: ignore[misc]
                self._allow(i, j)
                queue.append(i)
            else:
                self._expand_blossom(deltablossom, False)
        for b in range(n, 2 * n):
            if self.bparent[b] == -1 and self.bbase[b] >= 0 and label[b] == 1 and dual[b] == 0:
                self._expand_blossom(b, True)
        self._free = {v for v in self._act if self.mate[v] == -1}

    def _is_live(self, b: int) -> bool:
        if b < self.n:
            return self.active[b]
        return self.bbase[b] >= 0

    def _assign_label(self, w: int, t: int, edge: tuple[int, int] | None) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = edge
        self.bestedge[w] = self.bestedge[b] = None
        self.bslack_at[w] = self.bslack_at[b] = -1
        if t == 1:
            leaves = self._leaves(b)
            self.queue.extend(leaves)
            self.svert.extend(leaves)
        else:
            self.tvert.extend(self._leaves(b))
            base = self.bbase[b]
            m = self.mate[base]
            self._assign_label(m, 1, (base, m))

    def _scan_blossom(self, v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.bbase[b]
                break
            path.append(b)
            self.label[b] = 5
            le = self.labelend[b]
            if le is None:
                v = -1
            else:
                v = le[0]
                b = self.inblossom[v]
                v = self.labelend[b][0]  # type: ignore[index]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def _add_blossom(self, base: int, v: int, w: int) -> None:
        inb = self.inblossom
        bb = inb[base]
        bv = inb[v]
        bw = inb[w]
        b = self.unused.pop()
        self.bbase[b] = base
        self.bparent[b] = -1
        self.bparent[bb] = b
        path: list[int] = []
        endps: list[tuple[int, int]] = []
        while bv != bb:
            self.bparent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])  # type: ignore[arg-type]
            bv = inb[self.labelend[bv][0]]  # type: ignore[index]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append((v, w))
        while bw != bb:
            self.bparent[bw] = b
            path.append(bw)
            le = self.labelend[bw]
            endps.append((le[1], le[0]))  # type: ignore[index]
            bw = inb[le[0]]  # type: ignore[index]
        self.bchilds[b] = path
        leaves: list[int] = []
        for sub in path:
            if sub < self.n:
                leaves.append(sub)
            else:
                leaves.extend(self.bleaves[sub])  # type: ignore[arg-type]
        self.bleaves[b] = leaves
        self.bendps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.dual[b] = 0
        for x in self._leaves(b):
            if self.label[inb[x]] == 2:
                self.queue.append(x)
                self.svert.append(x)
            inb[x] = b
        bestedgeto: dict[int, tuple[int, int]] = {}
        bestslack: dict[int, int] = {}
        svert = self.svert
        dual = self.dual
        label = self.label
        wm = self.w
        others: list[tuple[int, int]] | None = None
        adj = self.adj
        active = self.active
        for sub in path:
            if self.bbestedges[sub] is None:
                for i in self._leaves(sub):
                    wi = wm[i]
                    di = dual[i]
                    if len(adj[i]) <= len(svert):
                        # fewer neighbours than S-vertices (many trees at once): walk the neighbours
                        for j in adj[i]:
                            if not active[j]:
                                continue
                            bj = inb[j]
                            if bj != b and label[bj] == 1:
                                sl = di + dual[j] - 2 * wi[j]
                                cur = bestslack.get(bj)
                                if cur is None or sl < cur:
                                    bestslack[bj] = sl
                                    bestedgeto[bj] = (i, j)
                        continue
                    if others is None:
                        # the S-vertices outside the new blossom with their blossoms, in svert order
                        others = []
                        for j in svert:
                            bj = inb[j]
                            if bj != b and label[bj] == 1:
                                others.append((j, bj))
                    for j, bj in others:
                        wt = wi[j]
                        if wt > 0:
                            sl = di + dual[j] - 2 * wt
                            cur = bestslack.get(bj)
                            if cur is None or sl < cur:
                                bestslack[bj] = sl
                                bestedgeto[bj] = (i, j)
            else:
                for (i, j) in self.bbestedges[sub]:  # type: ignore[union-attr]
                    if inb[j] == b:
                        i, j = j, i
                    bj = inb[j]
                    if bj != b and label[bj] == 1:
                        sl = dual[i] + dual[j] - 2 * wm[i][j]
                        cur = bestslack.get(bj)
                        if cur is None or sl < cur:
                            bestslack[bj] = sl
                            bestedgeto[bj] = (i, j)
            self.bbestedges[sub] = None
            self.bestedge[sub] = None
            self.bslack_at[sub] = -1
        self.bbestedges[b] = list(bestedgeto.values())
        best = None
        best_slack = 0
        for bj, e in bestedgeto.items():
            sl = bestslack[bj]
            if best is None or sl < best_slack:
                best = e
                best_slack = sl
        self.bestedge[b] = best
        self.bslack[b] = best_slack
        self.bslack_at[b] = self.epoch if best is not None else -1

    def _step_edge(self, b: int, j: int, step: int) -> tuple[int, int]:
        """The edge from child ``j`` to child ``j + step`` of blossom ``b`` as (in j, in j+step)."""
        endps = self.bendps[b]
        k = len(endps)  # type: ignore[arg-type]
        if step == 1:
            return endps[j % k]  # type: ignore[index]
        x, y = endps[(j - 1) % k]  # type: ignore[index]
        return (y, x)

    def _expand_blossom(self, b: int, endstage: bool) -> None:
        childs = self.bchilds[b]
        for s in childs:  # type: ignore[union-attr]
            self.bparent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self._expand_blossom(s, endstage)
            else:
                for x in self._leaves(s):
                    self.inblossom[x] = s
        if not endstage and self.label[b] == 2:
            k = len(childs)  # type: ignore[arg-type]
            p = self.labelend[b]
            entrychild = self.inblossom[p[1]]  # type: ignore[index]
            j = childs.index(entrychild)  # type: ignore[union-attr]
            step = 1 if j & 1 else -1
            label = self.label
            while j % k != 0:
                local = p[1]  # type: ignore[index]
                e1 = self._step_edge(b, j, step)
                label[local] = 0
                label[e1[1]] = 0
                self._assign_label(local, 2, p)
                self._allow(e1[0], e1[1])
                j += step
                e2 = self._step_edge(b, j, step)
                p = e2
                self._allow(e2[0], e2[1])
                j += step
            bv = childs[j % k]  # type: ignore[index]
            local = p[1]  # type: ignore[index]
            label[local] = label[bv] = 2
            self.labelend[local] = self.labelend[bv] = p
            self.bestedge[bv] = None
            self.bslack_at[bv] = -1
            j += step
            while childs[j % k] != entrychild:  # type: ignore[index]
                bv = childs[j % k]  # type: ignore[index]
                if label[bv] == 1:
                    j += step
                    continue
                found = -1
                for x in self._leaves(bv):
                    if label[x] != 0:
                        found = x
                        break
                if found >= 0:
                    label[found] = 0
                    label[self.mate[self.bbase[bv]]] = 0
                    self._assign_label(found, 2, self.labelend[found])
                j += step
        self.label[b] = 0
        self.labelend[b] = None
        self.bchilds[b] = None
        self.bendps[b] = None
        self.bleaves[b] = None
        self.bbase[b] = -1
        self.bbestedges[b] = None
        self.bestedge[b] = None
        self.bslack_at[b] = -1
        self.dual[b] = 0
        self.unused.append(b)

    def _augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.bparent[t] != b:
            t = self.bparent[t]
        if t >= self.n:
            self._augment_blossom(t, v)
        childs = self.bchilds[b]
        k = len(childs)  # type: ignore[arg-type]
        i = j = childs.index(t)  # type: ignore[union-attr]
        step = 1 if i & 1 else -1
        while j % k != 0:
            e = self._step_edge(b, j + step, step)
            j += step
            t = childs[j % k]  # type: ignore[index]
            if t >= self.n:
                self._augment_blossom(t, e[0])
            j += step
            t = childs[j % k]  # type: ignore[index]
            if t >= self.n:
                self._augment_blossom(t, e[1])
            self.mate[e[0]] = e[1]
            self.mate[e[1]] = e[0]
        self.bchilds[b] = childs[i:] + childs[:i]  # type: ignore[index]
        endps = self.bendps[b]
        self.bendps[b] = endps[i:] + endps[:i]  # type: ignore[index]
        self.bbase[b] = self.bbase[self.bchilds[b][0]]  # type: ignore[index]

    def _augment_matching(self, v: int, w: int) -> None:
        for s, partner in ((v, w), (w, v)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self._augment_blossom(bs, s)
                self.mate[s] = partner
                le = self.labelend[bs]
                if le is None:
                    break
                t = le[0]
                bt = self.inblossom[t]
                remote, local = self.labelend[bt]  # type: ignore[misc]
                if bt >= self.n:
                    self._augment_blossom(bt, local)
                self.mate[local] = remote
                s = remote
                partner = local


def max_weight_perfect_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """One-shot helper: ``mate`` list of a maximum-weight perfect matching."""
    m = PerfectMatcher(n)
    for u, v, wt in edges:
        m.set_weight(u, v, wt)
    return m.solve()
