"""The order of art. 4.3 decided one player at a time on the criteria-only matching (C.04.4.2 art. 3.2.2, 4.3).

The pairing kept is the first, in the order of art. 4.3, among those best on
[C4]-[C8]. That order is lexicographic: the opponent of BSN 1 first (highest
BSN first, a float last), then the opponent of the lowest BSN not yet placed,
and so on. So the pairing can be built player by player: with a maximum-weight
matching on the criteria alone (few distinct weights, a cheap solve), each
player takes the highest opponent some matching best on the criteria still
pairs it with, given the pairs already decided; a player with none floats.

Most questions are answered without a solve. The current matching answers
for its own partner; an edge that is not tight under the optimal duals is in
no optimal matching (complementary slackness); a tight one is confirmed when
the matcher can swap the pair in along tight edges
(:meth:`engine.systems.dutch.solver.Solver.first_optimal_partner`). Only the
rest is asked with a solve: the pair gets a bonus outweighing every
criterion, and it belongs to a best pairing when the matching then holds it
and its criteria are as good as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.matching import PerfectMatcher
from engine.systems.dutch.solver import Solver

_MUTABLE = (list, set, dict, bytearray)


def copy_solver(solver: Solver) -> Solver:
    """An independent copy of ``solver`` and its matcher, to ask questions of and throw away.

    Every attribute is copied two levels deep (the matcher's state is lists of
    numbers, lists of lists and sets); numbers and tuples are shared.
    """
    return _copy(solver)


def _copy(obj):
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


class Decider:
    """Decides a bracket's pairs in the order of art. 4.3 on a solved criteria-only matching (which it changes)."""

    def __init__(self, solver: Solver, bonus: int) -> None:
        self.solver = solver
        self.m = solver.m
        self.bonus = bonus  # outweighs every criterion
        self.solves = 0

    def _total(self) -> int:
        m = self.m
        w, mate, active, count = m.w, m.mate, m.active, self.solver.count
        return sum(w[x][mate[x]] for x in range(m.n) if active[x] and x < mate[x] < count)

    def pairs(self, order: Sequence[int]) -> list[tuple[int, int]]:
        """The bracket's pairs (lower BSN first, in BSN order of it); ``order`` lists its vertices by BSN."""
        placed: set[int] = set()
        out: list[tuple[int, int]] = []
        for k, v in enumerate(order):
            if v in placed:
                continue
            placed.add(v)
            for u in reversed(order[k + 1:]):
                if u in placed or not self.m.w[v][u]:
                    continue
                if self._possible(v, u):
                    placed.add(u)
                    out.append((v, u))
                    self.solver.fix(v, u)
                    if self.m._free:  # a blossom around the pair dissolved
                        self.solver.solve()
                        self.solves += 1
                    break
        return out

    def _slack(self, v: int, u: int) -> int:
        """The reduced cost of ``(v, u)`` under the current duals, the blossoms holding both counted."""
        m = self.m
        dual, parent = m.dual, m.bparent
        around = set()
        b = parent[v]
        while b != -1:
            around.add(b)
            b = parent[b]
        z = 0
        b = parent[u]
        while b != -1:
            if b in around:
                z += dual[b]
            b = parent[b]
        return dual[v] + dual[u] - 2 * m.w[v][u] + 2 * z

    def _possible(self, v: int, u: int) -> bool:
        """Whether some matching best on the criteria, holding the pairs decided, pairs ``v`` with ``u``."""
        m = self.m
        if m.mate[v] == u:
            return True
        if not m._free and not m._dirty:
            if self._slack(v, u):
                return False  # not tight: in no optimal matching
            if m.inblossom[v] == v and self.solver.first_optimal_partner(v, [u]) == u:
                return True
        before = self._total()
        plain = m.w[v][u]
        m.set_weight(v, u, plain + self.bonus)
        self.solver.solve()
        self.solves += 1
        held = m.mate[v] == u and self._total() - self.bonus == before
        m.set_weight(v, u, plain)
        if held:
            return True
        self.solver.solve()
        self.solves += 1
        return False

