"""The order of art. 4.3 decided one player at a time on the criteria-only matching (C.04.4.2 art. 3.2.2, 4.3).

The pairing kept is the first, in the order of art. 4.3, among those best on
[C4]-[C8]. That order is lexicographic: the opponent of BSN 1 first (highest
BSN first, a float last), then the opponent of the lowest BSN not yet placed,
and so on. So the pairing can be built player by player: with a maximum-weight
matching on the criteria alone (few distinct weights, a cheap solve), each
player takes the highest opponent some matching best on the criteria still
pairs it with, given the pairs already decided; a player with none floats.

Every matching best on the criteria, whatever pairs are decided, is a best
matching of the bracket's graph, so the duals of that one solve judge them all
(LP duality, complementary slackness): a matching is best exactly when all its
pairs are tight under those duals and every blossom with a positive dual keeps
exactly one member paired outside it. Most questions are answered from that
alone: a pair that is not tight is in no best matching; a tight one is in one
when a path of tight pairs swaps it in and the blossoms stay full. Only the
players left (the search is not complete in a general graph) are asked with a
solve, on a copy of the matcher: a tie-break below every criterion on their
pairs with the opponents still possible, the higher BSN weighing more, makes
the best matching give them the first of those some best matching allows.
Its duals then join those of the bracket's solve as a test of tightness.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.matching.perfect import PerfectMatcher
from engine.matching.solver import Solver

_MUTABLE = (list, set, dict, bytearray)
_T = TypeVar("_T")


def copy_solver(solver: Solver) -> Solver:
    """An independent copy of ``solver`` and its matcher, to ask questions of and throw away.

    Every attribute is copied two levels deep (the matcher's state is lists of
    numbers, lists of lists and sets); numbers and tuples are shared.
    """
    return _copy(solver)


def _copy(obj: _T) -> _T:
    new = object.__new__(type(obj))
    state = new.__dict__
    for name, value in vars(obj).items():
        if isinstance(value, PerfectMatcher):
            state[name] = _copy(value)
        elif type(value) is list:
            state[name] = [e.copy() if type(e) in _MUTABLE else e for e in value]
        elif type(value) in _MUTABLE:
            state[name] = value.copy()
        else:
            state[name] = value
    return new


class Optimum:
    """A solved matching's duals and pairs, kept while the matcher goes on: they certify every best matching.

    Read right after :meth:`Solver.solve` (the duals then cover every pair,
    those the solver keeps out of the matcher too). ``total`` is the weight of
    the matching; a pair's ``slack`` is its reduced cost in the matcher's units
    (twice the LP's): 0 for the pairs a best matching may hold. ``pairs``
    is the number of pairs of any perfect matching.
    """

    def __init__(self, solver: Solver) -> None:
        m = solver.m
        self.count = solver.count
        self.w = [row.copy() for row in m.w]
        self.adj = [nb.copy() for nb in m.adj]
        self.active = list(m.active)
        self.mate = list(m.mate)
        self.y = list(m.dual)
        # blossoms with a positive dual: the chain around each vertex (innermost first) and their members
        self.chain: dict[int, list[int]] = {}
        self.members: dict[int, set[int]] = {}
        for v in range(m.n):
            if not self.active[v]:
                continue
            b = m.bparent[v]
            while b != -1:
                if m.dual[b] > 0:
                    self.chain.setdefault(v, []).append(b)
                    self.members.setdefault(b, set()).add(v)
                b = m.bparent[b]
        self.total = self.weight(self.mate)
        self.pairs = sum(1 for x in range(m.n) if self.active[x] and x < self.mate[x] < self.count)

    def weight(self, mate: Sequence[int]) -> int:
        w, active, count = self.w, self.active, self.count
        return sum(w[x][mate[x]] for x in range(len(mate)) if active[x] and x < mate[x] < count)

    def slack(self, a: int, b: int) -> int:
        s = self.y[a] + self.y[b] - 2 * self.w[a][b]
        ca = self.chain.get(a)
        if ca:
            cb = self.chain.get(b)
            if cb:
                for x in cb:
                    if x in ca:
                        s += 2 * self.y[x]
        return s

    def swap_in(self, mate: list[int], v: int, u: int, banned: set[int]) -> list[tuple[int, int]] | None:
        """New pairs, ``(v, u)`` first, that re-pair ``mate`` along tight pairs so that it holds ``v``-``u``, or None.

        An alternating path from ``u``'s partner to ``v``'s, its new pairs tight,
        avoiding ``banned``; depth first, each vertex once. The pairs returned
        keep every blossom full: ``mate`` changed by them is a best matching.
        None may also mean that the search missed a way (it is not complete).
        """
        start, goal = mate[u], mate[v]
        w, adj, active = self.w, self.adj, self.active
        seen = {v, u, start} | banned
        came_from: dict[int, tuple[int, int]] = {}
        stack = [start]
        while stack:
            x = stack.pop()
            row = w[x]
            for t in adj[x]:
                if t in seen or not active[t] or not row[t] or self.slack(x, t):
                    continue
                if t == goal:
                    pairs = [(x, t)]
                    while x != start:
                        x, t = came_from[x]
                        pairs.append((x, t))
                    pairs.append((v, u))
                    pairs.reverse()
                    return pairs if self._full(mate, pairs) else None
                n = mate[t]
                if n in seen:
                    continue
                seen.add(t)
                seen.add(n)
                came_from[n] = (x, t)
                stack.append(n)
        return None

    def forced(self, v: int, u: int) -> int | None:
        """The weight of the best matching holding ``v``-``u`` when a path of tight pairs shows it, else None.

        Every pair of that matching but ``v``-``u`` is tight and the blossoms
        stay full, so it weighs ``total`` less the reduced cost of ``v``-``u``:
        no matching holding the pair weighs more (LP duality).
        """
        mate = self.mate
        pairs = self.swap_in(mate, v, u, set())
        if pairs is None:
            return None
        w = self.w
        gone = {(x, mate[x]) if x < mate[x] else (mate[x], x) for a, b in pairs for x in (a, b)}
        return self.total - sum(w[a][b] for a, b in gone) + sum(w[a][b] for a, b in pairs)

    def _full(self, mate: list[int], pairs: list[tuple[int, int]]) -> bool:
        """Whether every blossom touched keeps exactly one member paired outside it once ``pairs`` are made."""
        new = {}
        for a, b in pairs:
            new[a], new[b] = b, a
        touched = {b for x in new for b in self.chain.get(x, ())}
        for b in touched:
            inside = self.members[b]
            if sum(1 for x in inside if new.get(x, mate[x]) not in inside) != 1:
                return False
        return True


class Decider:
    """Decides a bracket's pairs in the order of art. 4.3 from a solved criteria-only matching.

    The solver is left as it is: the questions the duals cannot answer are asked of a copy.
    """

    def __init__(self, solver: Solver, optimum: Optimum, tie_bits: int) -> None:
        self.source = solver
        self.best = optimum
        self.tie_bits = tie_bits  # a tie-break below 1 << tie_bits is outweighed by every criterion
        self.mate = list(optimum.mate)  # a best matching holding the pairs decided
        # duals of best matchings (each with the pairs decided when it was solved): a pair one of
        # them shows not tight is in no best matching then or later (later ones are among them)
        self.duals: list[Optimum | tuple[list[int], dict[int, list[int]]]] = [optimum]
        self.decided: set[int] = set()
        self.fixed_weight = 0
        self.copy: Solver | None = None
        self.pending: list[tuple[int, int]] = []  # decided pairs not yet taken out of the copy

    def pairs(self, order: Sequence[int]) -> list[tuple[int, int]]:
        """The bracket's pairs (lower BSN first, in BSN order of it); ``order`` lists its vertices by BSN."""
        w = self.best.w
        out: list[tuple[int, int]] = []
        for k, v in enumerate(order):
            if v in self.decided:
                continue
            self.decided.add(v)
            candidates = [u for u in reversed(order[k + 1:]) if u not in self.decided and w[v][u]]
            u = self._partner(v, candidates)
            if u is not None:
                self.decided.add(u)
                self.fixed_weight += w[v][u]
                self.pending.append((v, u))
                out.append((v, u))
        return out

    def _partner(self, v: int, candidates: list[int]) -> int | None:
        """The first of ``candidates`` (highest BSN first) some best matching pairs ``v`` with, or None (a float)."""
        best, mate = self.best, self.mate
        for k, u in enumerate(candidates):
            if mate[v] == u:
                return u
            if self._not_tight(v, u):
                continue  # in no best matching
            pairs = best.swap_in(mate, v, u, self.decided)
            if pairs is not None:
                for a, b in pairs:
                    mate[a], mate[b] = b, a
                return u
            return self._solve_for(v, [x for x in candidates[k:] if not self._not_tight(v, x)])
        return None

    def _not_tight(self, v: int, u: int) -> bool:
        w = self.best.w[v][u]
        for d in self.duals:
            if isinstance(d, Optimum):
                if d.slack(v, u):
                    return True
                continue
            y, chain = d
            s = y[v] + y[u] - 2 * w
            cv, cu = chain.get(v), chain.get(u)
            if cv and cu:
                s += 2 * sum(y[b] for b in cu if b in cv)
            if s:
                return True
        return False

    def _solve_for(self, v: int, candidates: list[int]) -> int | None:
        """Ask the copy: the best matching with a tie-break on ``v``'s pairs with ``candidates``, highest first."""
        if self.copy is None:
            self.copy = copy_solver(self.source)
        s = self.copy
        m = s.m
        for a, b in self.pending:
            s.fix(a, b)
        self.pending = []
        rank = {}
        for r, u in enumerate(reversed(candidates), 1):
            rank[u] = r
            m.set_weight(v, u, m.w[v][u] + r)
        assert len(candidates) < 1 << self.tie_bits
        s.solve()
        mate, active = m.mate, m.active
        total = sum(m.w[x][mate[x]] for x in range(m.n) if active[x] and x < mate[x] < s.count)
        partner = mate[v] if mate[v] in rank else None
        if total - (rank[partner] if partner is not None else 0) + self.fixed_weight != self.best.total:
            raise AssertionError("a tie-break changed the criteria of the best matching")
        for x in range(m.n):
            if active[x]:
                self.mate[x] = mate[x]
        chain: dict[int, list[int]] = {}
        for x in range(m.n):
            if active[x]:
                b = m.bparent[x]
                while b != -1:
                    if m.dual[b] > 0:
                        chain.setdefault(x, []).append(b)
                    b = m.bparent[b]
        self.duals.append((list(m.dual), chain))
        return partner
