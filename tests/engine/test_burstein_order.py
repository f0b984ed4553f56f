"""The order of art. 4.3 decided player by player (engine.systems.burstein.order) against every perfect matching.

C.04.4.2 art. 3.2.2: the pairing kept is the first in the order of art. 4.3
among those best on the criteria. Small random graphs with many equal weights
(ties are where the order decides, and where blossoms form) are solved the
way a bracket is, and the pairs the Decider picks are compared with the best
of all perfect matchings, enumerated.
"""

from __future__ import annotations

import random

import pytest

from engine.matching.solver import Solver
from engine.model.result import NoLegalPairing
from engine.systems.burstein.order import Decider, Optimum

TIE_BITS = 4


def _perfect_matchings(vertices: list[int], w: list[list[int]]):
    if not vertices:
        yield []
        return
    a, rest = vertices[0], vertices[1:]
    for k, b in enumerate(rest):
        if w[a][b]:
            for tail in _perfect_matchings(rest[:k] + rest[k + 1:], w):
                yield [(a, b), *tail]


def _first_best(n: int, bracket: list[int], w: list[list[int]]) -> list[tuple[int, int]] | None:
    """Art. 4.3 by brute force: the best weight, then the lexicographically highest opponents in BSN order."""
    bsn = {v: k + 1 for k, v in enumerate(bracket)}
    best = None
    for matching in _perfect_matchings(list(range(n)), w):
        mate = {}
        for a, b in matching:
            mate[a], mate[b] = b, a
        total = sum(w[a][b] for a, b in matching)
        placed: set[int] = set()
        key = []
        for v in bracket:  # the opponent of the lowest BSN not yet placed, a float (0) last
            if v in placed:
                continue
            placed.add(v)
            u = mate[v]
            if u in bsn:
                placed.add(u)
                key.append(bsn[u])
            else:
                key.append(0)
        if best is None or (total, key) > best[0]:
            pairs = [(v, mate[v]) for v in bracket if mate[v] in bsn and bsn[v] < bsn[mate[v]]]
            best = ((total, key), pairs)
    return None if best is None else best[1]


@pytest.mark.parametrize("seed", range(80))
def test_the_decider_keeps_the_first_best_pairing_of_art_4_3(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice((6, 8, 10))
    size = rng.randint(3, n)
    bracket = rng.sample(range(n), size)  # the BSN order is not the vertex order
    w = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a):
            if rng.random() < 0.8:
                # few distinct criteria values, in steps above the tie-break bits
                w[a][b] = w[b][a] = 1 + (rng.choice((0, 0, 1, 1, 2, 3)) << TIE_BITS)
    expected = _first_best(n, bracket, w)
    solver = Solver(n)
    solver.build_sparse(n, 1, [0] * n, [bytearray(b"\x01") * n for _ in range(n)], lambda i, j: w[i][j])
    if expected is None:  # no perfect matching: the solver says so before any bracket is paired
        with pytest.raises(NoLegalPairing):
            solver.solve()
        return
    solver.solve()
    decider = Decider(solver, Optimum(solver), TIE_BITS)
    assert decider.pairs(bracket) == expected


def test_a_pair_swapped_in_along_tight_pairs_weighs_what_the_best_matching_holding_it_weighs() -> None:
    """Optimum.forced: the explanation's "what would pairing these two cost" without a solve, when the duals show it."""
    shown = 0
    for seed in range(40):
        shown += _forced_against_every_matching(random.Random(1000 + seed))
    assert shown > 100  # the duals show most pairs: this is what saves the explanation its solves


def _forced_against_every_matching(rng: random.Random) -> int:
    n = rng.choice((6, 8, 10))
    w = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a):
            if rng.random() < 0.8:
                w[a][b] = w[b][a] = 1 + (rng.choice((0, 0, 1, 1, 2, 3)) << TIE_BITS)
    matchings = list(_perfect_matchings(list(range(n)), w))
    if not matchings:
        return 0
    solver = Solver(n)
    solver.build_sparse(n, 1, [0] * n, [bytearray(b"\x01") * n for _ in range(n)], lambda i, j: w[i][j])
    solver.solve()
    optimum = Optimum(solver)
    assert optimum.total == max(sum(w[a][b] for a, b in m) for m in matchings)
    shown = 0
    for v in range(n):
        for u in range(v):
            weight = optimum.forced(v, u) if w[v][u] and optimum.mate[v] != u else None
            if weight is not None:
                shown += 1
                assert weight == max(sum(w[a][b] for a, b in m) for m in matchings if (v, u) in m or (u, v) in m)
    return shown
