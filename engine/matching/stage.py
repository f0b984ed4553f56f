"""One primal-dual stage of Edmonds' blossom algorithm, and the blossom operations it uses.

Kept apart from :mod:`engine.matching.perfect`, which holds the matcher's state, its
public methods and the warm restarts; this base class holds the part that
grows alternating trees, changes the duals and augments. Its attributes are
set up by :class:`engine.matching.perfect.PerfectMatcher`.
"""

from __future__ import annotations


class NoPerfectMatching(Exception):
    """The active vertices cannot all be matched with the existing edges."""


class PrimalDualStage:
    """The stage of the primal-dual method over the state of a :class:`engine.matching.perfect.PerfectMatcher`."""

    ROOTS = 8  # trees grown at once when many vertices are free (measured best of 1-48)

    n: int
    w: list[list[int]]
    adj: list[list[int]]
    active: list[bool]
    mate: list[int]
    inblossom: list[int]
    bparent: list[int]
    bchilds: list[list[int] | None]
    bendps: list[list[tuple[int, int]] | None]
    bbase: list[int]
    bleaves: list[list[int] | None]
    dual: list[int]
    unused: list[int]
    _free: set[int]
    _roots: list[int]
    tvert: list[int]

    def _leaves(self, b: int) -> list[int]:
        """The vertices inside ``b`` (kept per blossom: a blossom's vertex set never changes)."""
        if b < self.n:
            return [b]
        leaves = self.bleaves[b]
        assert leaves is not None, f"blossom {b} is not in use"
        return leaves

    # A blossom in use has its children, their edges and a labelled vertex its edge; these read them
    # where the algorithm knows they are set (an unused blossom number holds None).

    def _kids(self, b: int) -> list[int]:
        kids = self.bchilds[b]
        assert kids is not None, f"blossom {b} is not in use"
        return kids

    def _ends(self, b: int) -> list[tuple[int, int]]:
        ends = self.bendps[b]
        assert ends is not None, f"blossom {b} is not in use"
        return ends

    def _label_edge(self, b: int) -> tuple[int, int]:
        edge = self.labelend[b]
        assert edge is not None, f"{b} is labelled without the edge that labelled it"
        return edge

    def _to_top_level(self, s: int) -> None:
        """Child ``s`` of a blossom being dissolved stands on its own: its vertices point at it."""
        self.bparent[s] = -1
        if s < self.n:
            self.inblossom[s] = s
        else:
            for x in self._leaves(s):
                self.inblossom[x] = s


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

    def _begin_stage(self) -> None:
        """Fresh labels and best edges for a stage, and a tree rooted at each of the first free vertices."""
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

    def _stage(self) -> None:
        """Grow alternating trees from the roots, changing duals as needed, until a path augments.

        The matcher's hottest loop (every edge scan runs here): its state is
        held in locals and the best-edge bookkeeping is inline, not called.
        """
        self._begin_stage()
        n = self.n
        label, labelend, inblossom, dual, bbase = self.label, self.labelend, self.inblossom, self.dual, self.bbase
        bestedge, bslack, bslack_at, allowed_at = self.bestedge, self.bslack, self.bslack_at, self.allowed
        queue, w, adj, isactive, mate = self.queue, self.w, self.adj, self.active, self.mate
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
                        continue
                    # not tight: the least-slack edge towards an S-blossom (kept per S-blossom) or
                    # towards a free vertex (kept per vertex) sets the next dual change
                    if label[bu] == 1:
                        x = bv
                    elif label[u] == 0:
                        x = u
                    else:
                        continue
                    if bslack_at[x] == epoch:
                        # bestedge[x] is set and its slack cached
                        if kslack < bslack[x]:
                            bestedge[x] = (v, u)
                            bslack[x] = kslack
                    else:
                        be = bestedge[x]
                        if be is None or kslack < dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]:
                            bestedge[x] = (v, u)
                            bslack[x] = kslack
                        else:
                            bslack[x] = dual[be[0]] + dual[be[1]] - 2 * w[be[0]][be[1]]
                        bslack_at[x] = epoch
            if augmented:
                break
            self._dual_step()
        for b in range(n, 2 * n):
            if self.bparent[b] == -1 and self.bbase[b] >= 0 and label[b] == 1 and dual[b] == 0:
                self._expand_blossom(b, True)
        self._free = {v for v in self._act if self.mate[v] == -1}

    def _dual_step(self) -> None:
        """The least dual change that makes an edge tight or a T-blossom's dual zero, and its consequence.

        The new tight edge is allowed and its S end queued for scanning; a
        T-blossom whose dual reached zero is expanded. No possible change left
        means no perfect matching.
        """
        n = self.n
        active, label, inblossom, dual, w = self._act, self.label, self.inblossom, self.dual, self.w
        bestedge, bslack, bslack_at, bparent, bbase = self.bestedge, self.bslack, self.bslack_at, self.bparent, self.bbase
        queue = self.queue
        epoch = self.epoch
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
            assert deltaedge is not None  # a delta of type 2 or 3 comes with its edge
            i, j = deltaedge
            self._allow(i, j)
            if label[inblossom[i]] == 0:
                i, j = j, i
            queue.append(i)
        elif deltatype == 3:
            assert deltaedge is not None
            i, j = deltaedge
            self._allow(i, j)
            queue.append(i)
        else:
            self._expand_blossom(deltablossom, False)

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
                v = self._label_edge(b)[0]
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
            edge = self._label_edge(bv)
            endps.append(edge)
            bv = inb[edge[0]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append((v, w))
        while bw != bb:
            self.bparent[bw] = b
            path.append(bw)
            le = self._label_edge(bw)
            endps.append((le[1], le[0]))
            bw = inb[le[0]]
        self.bchilds[b] = path
        leaves: list[int] = []
        for sub in path:
            if sub < self.n:
                leaves.append(sub)
            else:
                leaves.extend(self._leaves(sub))
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
        self._blossom_best_edges(b, path)

    def _blossom_best_edges(self, b: int, path: list[int]) -> None:
        """The least-slack edge from new blossom ``b`` to each other S-blossom, and the least of them.

        Children that kept their own lists (``bbestedges``) give them; the
        others are read from their vertices, walking either the neighbours or
        the S-vertices, whichever is shorter.
        """
        inb = self.inblossom
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
            kept = self.bbestedges[sub]
            if kept is None:
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
                for (i, j) in kept:
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
        endps = self._ends(b)
        k = len(endps)
        if step == 1:
            return endps[j % k]
        x, y = endps[(j - 1) % k]
        return (y, x)

    def _expand_at_stage_end(self, top: int) -> None:
        """Dissolve ``top`` and every sub-blossom whose dual reached zero, in the order of a
        depth-first walk, without recursion (nesting can exceed Python's recursion limit)."""
        stack = [(top, iter(self._kids(top)))]
        while stack:
            b, rest = stack[-1]
            for s in rest:
                if s >= self.n and self.dual[s] == 0:
                    self.bparent[s] = -1
                    stack.append((s, iter(self._kids(s))))
                    break
                self._to_top_level(s)
            else:
                stack.pop()
                self._retire_blossom(b)

    def _expand_blossom(self, b: int, endstage: bool) -> None:
        if endstage:
            self._expand_at_stage_end(b)
            return
        childs = self._kids(b)
        for s in childs:
            self._to_top_level(s)
        if self.label[b] == 2:
            k = len(childs)
            p = self._label_edge(b)
            entrychild = self.inblossom[p[1]]
            j = childs.index(entrychild)
            step = 1 if j & 1 else -1
            label = self.label
            while j % k != 0:
                local = p[1]
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
            bv = childs[j % k]
            local = p[1]
            label[local] = label[bv] = 2
            self.labelend[local] = self.labelend[bv] = p
            self.bestedge[bv] = None
            self.bslack_at[bv] = -1
            j += step
            while childs[j % k] != entrychild:
                bv = childs[j % k]
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
        self._retire_blossom(b)

    def _retire_blossom(self, b: int) -> None:
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
        """Make ``v`` the base of blossom ``b``, its sub-blossoms first.

        Without recursion: blossoms of a 2000-player bracket nest deeper than
        Python's recursion limit. Sub-blossoms are disjoint, so the order they
        are entered in does not matter; only a blossom's rotation must wait
        for its sub-blossoms' (its base is read from its first child).
        """
        pending = [(b, v)]
        entered: list[tuple[int, int]] = []
        n = self.n
        while pending:
            b, v = pending.pop()
            t = v
            while self.bparent[t] != b:
                t = self.bparent[t]
            if t >= n:
                pending.append((t, v))
            childs = self._kids(b)
            k = len(childs)
            i = j = childs.index(t)
            step = 1 if i & 1 else -1
            while j % k != 0:
                e = self._step_edge(b, j + step, step)
                j += step
                t = childs[j % k]
                if t >= n:
                    pending.append((t, e[0]))
                j += step
                t = childs[j % k]
                if t >= n:
                    pending.append((t, e[1]))
                self.mate[e[0]] = e[1]
                self.mate[e[1]] = e[0]
            entered.append((b, i))
        for b, i in reversed(entered):  # every sub-blossom was entered after its parent
            childs = self._kids(b)
            self.bchilds[b] = childs[i:] + childs[:i]
            endps = self._ends(b)
            self.bendps[b] = endps[i:] + endps[:i]
            self.bbase[b] = self.bbase[childs[i]]  # the new first child

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
                remote, local = self._label_edge(bt)
                if bt >= self.n:
                    self._augment_blossom(bt, local)
                self.mate[local] = remote
                s = remote
                partner = local
