"""Maximum-cardinality matching on a general graph, with one-path repairs.

The hand-pairing systems (Lim, the club Swiss) pair by trying opponents in a
fixed order and backing up from dead ends. Backing up blindly is exponential;
these helpers answer the question a careful arbiter asks before writing a pair
down - "can the rest of the group still be paired if I keep this one?" - in
polynomial time, so the engines take the same first complete pairing the hand
procedure finds without walking every dead end.

Edmonds' blossom algorithm, one augmenting path per search (breadth first,
blossoms contracted by relabelling their base). Vertices are ``0 .. n-1``;
``adj[v]`` lists the neighbours of ``v``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


class Matching:
    """A matching of ``adj`` that can be grown, and repaired after vertices leave.

    ``active[v]`` is False for a vertex that has left the graph (it is paired
    elsewhere or floats away); a left vertex is never matched.
    """

    def __init__(self, adj: Sequence[Sequence[int]]) -> None:
        self.adj = adj
        self.n = len(adj)
        self.mate = [-1] * self.n
        self.active = [True] * self.n
        self.size = 0  # pairs in the matching

    def copy(self) -> Matching:
        other = Matching(self.adj)
        other.mate = list(self.mate)
        other.active = list(self.active)
        other.size = self.size
        return other

    def adopt(self, other: Matching) -> None:
        """Take over the state of a repaired copy."""
        self.mate, self.active, self.size = other.mate, other.active, other.size

    def greedy(self, order: Sequence[int]) -> None:
        """Match each free vertex of ``order`` to its first free neighbour: most of the work, cheaply."""
        for v in order:
            if self.mate[v] != -1 or not self.active[v]:
                continue
            for w in self.adj[v]:
                if self.active[w] and self.mate[w] == -1 and w != v:
                    self.mate[v], self.mate[w] = w, v
                    self.size += 1
                    break

    def maximise(self) -> int:
        """Augment from every free vertex; the matching is then maximum. Returns its size."""
        for v in range(self.n):
            if self.active[v] and self.mate[v] == -1:
                self.augment_from(v)
        return self.size

    def remove(self, v: int) -> int:
        """Take ``v`` out of the graph; returns the vertex it was matched to (now free), or -1."""
        partner = self.mate[v]
        if partner != -1:
            self.mate[partner] = -1
            self.mate[v] = -1
            self.size -= 1
        self.active[v] = False
        return partner

    def augment_from(self, root: int) -> bool:
        """Find an augmenting path from the free vertex ``root`` and flip it; False if none exists."""
        if not self.active[root] or self.mate[root] != -1:
            return False
        end, parent = self._search(root)
        if end == -1:
            return False
        v = end
        while v != -1:
            pv = parent[v]
            nxt = self.mate[pv]
            self.mate[v] = pv
            self.mate[pv] = v
            v = nxt
        self.size += 1
        return True

    def _search(self, root: int) -> tuple[int, list[int]]:
        n, mate, active, adj = self.n, self.mate, self.active, self.adj
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if not active[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to, parent
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1, parent

    def without(self, vertices: Sequence[int], pairs_kept: int) -> tuple[bool, Matching]:
        """Whether ``vertices`` can leave while the rest keeps ``size - pairs_kept`` pairs.

        On a maximum matching: ``without([p], 0)`` asks whether ``p`` can float without the
        group losing a pair; ``without([p, q], 1)`` whether the pair p-q can be kept with the
        rest as fully paired as before. Returns the answer and the repaired matching of the rest
        (only an augmenting path from a freed vertex can restore a lost pair).
        """
        trial = self.copy()
        wanted = trial.size - pairs_kept
        freed = [trial.remove(v) for v in vertices]
        for w in freed:
            if trial.size >= wanted:
                break
            if w != -1 and trial.active[w]:
                trial.augment_from(w)
        return trial.size >= wanted, trial


def maximum_matching(adj: Sequence[Sequence[int]], order: Sequence[int] | None = None) -> Matching:
    """A maximum matching of ``adj``, started greedily in ``order``."""
    m = Matching(adj)
    m.greedy(range(len(adj)) if order is None else order)
    m.maximise()
    return m
