"""What a caller who knows its weights can tell the matcher, so that a re-solve keeps what is still optimal.

Kept apart from :mod:`engine.matching.perfect`, which holds the matcher's state, its
public methods and the generic warm restarts; this base class holds the
operations a caller steers (the Dutch brackets): duals to start from or to
raise ahead of heavier weights, weight changes the duals still certify (no
re-check at the next solve), edges ruled out in one pass, and pairs
exchanged along tight edges. Each keeps the matching a maximum-weight
perfect matching once solved; only the work of the next solve changes. Its
attributes are set up by :class:`engine.matching.perfect.PerfectMatcher`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable


class MatcherHints:
    """Steering operations over the state of a :class:`engine.matching.perfect.PerfectMatcher`."""

    n: int
    w: list[list[int]]
    adj: list[list[int]]
    active: list[bool]
    mate: list[int]
    inblossom: list[int]
    dual: list[int]
    _fresh: bool
    _dirty: set[int]
    _raised: set[int]
    _free: set[int]
    _start: list[int] | None
    set_weight: Callable[[int, int, int], None]  # PerfectMatcher's
    _make_trivial: Callable[[int], None]  # PerfectMatcher's: v leaves every blossom

    def change_weight(self, u: int, v: int, weight: int) -> None:
        """:meth:`set_weight`, sparing the next solve a check of ``u`` when the duals still certify the matching.

        That is when the edge stays an edge and stays feasible, a matched edge
        stays tight, and no blossom holds both ends: by LP duality the matching
        is then still optimal, so nothing needs re-checking. A caller changing
        many weights in step with :meth:`raise_duals` uses it.
        """
        old = self.w[u][v]
        if old == weight:
            return
        if self._fresh or old <= 0 or weight <= 0:
            self.set_weight(u, v, weight)
            return
        inb = self.inblossom
        slack = self.dual[u] + self.dual[v] - 2 * weight
        if slack < 0 or inb[u] == inb[v] or (slack and self.mate[u] == v):
            self.set_weight(u, v, weight)
            return
        self.w[u][v] = weight
        self.w[v][u] = weight

    def change_weights(self, u: int, vs: list[int], weights: list[int]) -> None:
        """:meth:`change_weight` for the edges from ``u`` to each of ``vs`` (``weights`` in step), in one call.

        For a caller rewriting whole rows of the graph (a Dutch bracket's
        weights): ``u`` is checked at the next solve only if one of the edges
        fails the test of :meth:`change_weight` (an edge removed counts as
        failing when matched or inside a blossom).
        """
        w = self.w
        row = w[u]
        dual, mate, inb, adj = self.dual, self.mate, self.inblossom, self.adj
        du, mu, bu = dual[u], mate[u], inb[u]
        suspect = self._fresh  # no certificate to keep before the first solve
        added: list[int] = []
        dropped: list[int] = []
        for v, x in zip(vs, weights):
            old = row[v]
            if old == x:
                continue
            row[v] = x
            w[v][u] = x
            if x <= 0:
                dropped.append(v)
                if not suspect and (mu == v or bu == inb[v]):
                    suspect = True
                continue
            if old <= 0:
                added.append(v)
            if not suspect:
                slack = du + dual[v] - 2 * x
                if slack < 0 or bu == inb[v] or (slack and mu == v):
                    suspect = True
        if added or dropped:
            for v in added:
                insort(adj[v], u)
            for v in dropped:
                adj[v].remove(u)
            adj[u] = [x for x in sorted(set(adj[u]).union(added)) if row[x] > 0]
        if suspect and not self._fresh:
            self._dirty.add(u)

    def drop_edges(self, pairs: Iterable[tuple[int, int]]) -> None:
        """``set_weight(u, v, 0)`` for every ``(u, v)`` of ``pairs``, each neighbour list filtered once.

        Removing many edges one by one costs a scan of a neighbour list per
        edge; a caller ruling out a whole class of pairs at once (the Dutch
        roles after art. 4.3) uses this instead. Removing an unmatched edge
        that no blossom holds leaves the matching optimal: only the others
        are checked at the next solve.
        """
        w, dirty, fresh, mate, inb = self.w, self._dirty, self._fresh, self.mate, self.inblossom
        touched = set()
        for u, v in pairs:
            if w[u][v]:
                w[u][v] = w[v][u] = 0
                touched.add(u)
                touched.add(v)
                if not fresh and (mate[u] == v or inb[u] == inb[v]):
                    dirty.add(u)
        adj = self.adj
        for x in touched:
            row = w[x]
            adj[x] = [y for y in adj[x] if row[y] > 0]

    def raise_duals(self, raises: dict[int, int]) -> None:
        """Add ``raises[v]`` (>= 0, in the units of the duals) to the dual of each ``v``, ahead of weight changes.

        For a caller that knows how the weights are about to grow: duals raised
        to match keep the matched edges tight, so the next :meth:`solve` keeps
        those pairs instead of re-matching them. A raised dual keeps every edge
        feasible; the next solve checks that each ``v``'s matched edge is
        tight again (else ``v`` is re-matched like a vertex whose weights
        changed). A free vertex, or one inside a blossom, is re-checked in
        full.
        """
        if self._fresh:
            return
        dual, dirty, raised, mate, inb = self.dual, self._dirty, self._raised, self.mate, self.inblossom
        for v, d in raises.items():
            if d:
                dual[v] += d
                (dirty if mate[v] == -1 or inb[v] != v else raised).add(v)

    def _check_raised(self) -> None:
        """Every vertex raised by :meth:`raise_duals` whose matched edge is no longer tight is re-checked in full."""
        dual, mate, inb, w, active, dirty = self.dual, self.mate, self.inblossom, self.w, self.active, self._dirty
        for v in self._raised:
            m = mate[v]
            if active[v] and (m == -1 or inb[v] != v or dual[v] + dual[m] != 2 * w[v][m]):
                dirty.add(v)
        self._raised.clear()

    def start_duals(self, duals: list[int]) -> None:
        """The duals the first :meth:`solve` starts from, instead of the heaviest edge at each vertex.

        For a caller that knows a dual solution making most edges tight (the
        Dutch weights below the brackets split as ``base + part[u] +
        part[v]``: ``base + 2 * part[v]`` makes every such edge tight), so the
        greedy start matches nearly everybody and few stages remain. Any
        guess will do: a vertex whose dual leaves an edge infeasible is
        raised until it is not.
        """
        if self._fresh:
            self._start = list(duals)

    def reset_duals(self, duals: list[int]) -> None:
        """Start again from ``duals`` after every weight changed, keeping the pairs they leave tight.

        For a caller that rewrote the whole graph in a form whose duals it
        knows (:meth:`start_duals`): every blossom is dissolved, a vertex
        whose dual leaves an edge infeasible is raised until it is not, and a
        matched pair whose edge is not tight comes apart; the next
        :meth:`solve` matches what is free, instead of re-checking every
        vertex and re-matching most of them.
        """
        if self._fresh:
            self.start_duals(duals)
            return
        n, active, mate, w, adj = self.n, self.active, self.mate, self.w, self.adj
        for v in range(n):
            if active[v]:
                self._make_trivial(v)
        dual = self.dual
        dual[:n] = duals
        for v in range(n):
            if active[v]:
                row = w[v]
                need = max((2 * row[u] - dual[u] for u in adj[v] if active[u]), default=dual[v])
                if need > dual[v]:
                    dual[v] = need
        free = self._free
        for v in range(n):
            if not active[v]:
                continue
            m = mate[v]
            if m == -1:
                free.add(v)
            elif not active[m] or w[v][m] <= 0 or dual[v] + dual[m] != 2 * w[v][m]:
                mate[v] = mate[m] = -1
                free.add(v)
        self._dirty.clear()
        self._raised.clear()

    def leave_blossoms(self, vertices: Iterable[int]) -> None:
        """Dissolve every blossom holding one of ``vertices``, ahead of weight changes around them.

        The duals stay feasible and the pairs inside stay matched (their edges
        stay tight); only the pair leaving a blossom's base comes apart. A
        caller about to re-pair those vertices along tight edges
        (:meth:`swap_mates`) needs them outside blossoms.
        """
        if not self._fresh:
            for v in vertices:
                self._make_trivial(v)

    def swap_mates(self, a: int, b: int, c: int, d: int) -> bool:
        """Re-pair the matched pairs ``a-b`` and ``c-d`` as ``a-c`` and ``b-d`` when both are tight; say whether done.

        A tight edge between two vertices outside blossoms may be matched at no
        cost: the duals certify the new matching exactly as the old one, so it
        is just as optimal. A caller uses it to pick, among the optimal
        matchings, one that its next weight change (:meth:`raise_duals`) keeps.
        """
        mate, inb, dual, w = self.mate, self.inblossom, self.dual, self.w
        if mate[a] != b or mate[c] != d or self._dirty or self._raised:
            return False
        for x in (a, b, c, d):
            if inb[x] != x:
                return False
        wac, wbd = w[a][c], w[b][d]
        if wac <= 0 or wbd <= 0 or dual[a] + dual[c] != 2 * wac or dual[b] + dual[d] != 2 * wbd:
            return False
        mate[a], mate[c], mate[b], mate[d] = c, a, d, b
        return True
