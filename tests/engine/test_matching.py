"""Our exact maximum-weight perfect matching against networkx on seeded random graphs."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from engine.matching.perfect import NoPerfectMatching, PerfectMatcher


def _reference(n: int, w: list[list[int]]) -> int | None:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for u in range(n):
        for v in range(u + 1, n):
            if w[u][v] > 0:
                g.add_edge(u, v, weight=w[u][v])
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) < n:
        return None
    return sum(w[u][v] for u, v in m)


def _value(mate: list[int], w: list[list[int]], active: set[int]) -> int:
    total = 0
    for u in active:
        v = mate[u]
        assert v in active and mate[v] == u and w[u][v] > 0
        if u < v:
            total += w[u][v]
    return total


def _solve(m: PerfectMatcher, w, active) -> int | None:
    try:
        return _value(m.solve(), w, active)
    except NoPerfectMatching:
        return None


@pytest.mark.parametrize("seed", range(6))
def test_random_graphs_fresh_and_warm(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        n = rng.choice([2, 4, 6, 8, 10, 14, 18])
        density = rng.random()
        top = rng.choice([7, 1000, 2**90])
        w = [[0] * n for _ in range(n)]
        m = PerfectMatcher(n)
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < density:
                    w[u][v] = w[v][u] = rng.randint(1, top)
                    m.set_weight(u, v, w[u][v])
        active = set(range(n))
        assert _solve(m, w, active) == _reference(n, w)
        if _reference(n, w) is None:
            continue
        # warm restarts: change the edges around one vertex, small and large steps
        for _ in range(8):
            v = rng.randrange(n)
            for u in range(n):
                if u == v or rng.random() < 0.5:
                    continue
                new = w[u][v] + rng.choice([-1, 1]) if (w[u][v] > 1 and rng.random() < 0.3) else (
                    rng.randint(1, top) if rng.random() < density else 0)
                w[u][v] = w[v][u] = new
                m.set_weight(v, u, new)
            ref = _reference(n, w)
            if ref is None:
                break
            assert _solve(m, w, active) == ref


def test_removing_a_matched_pair_keeps_the_rest_optimal() -> None:
    rng = random.Random(99)
    n = 12
    w = [[0] * n for _ in range(n)]
    m = PerfectMatcher(n)
    for u in range(n):
        for v in range(u + 1, n):
            w[u][v] = w[v][u] = rng.randint(1, 10**12)
            m.set_weight(u, v, w[u][v])
    mate = m.solve()
    a, b = 0, mate[0]
    m.remove((a, b))
    rest = [x for x in range(n) if x not in (a, b)]
    sub = [[w[x][y] if x in rest and y in rest else 0 for y in range(n)] for x in range(n)]
    g = nx.Graph()
    for i, x in enumerate(rest):
        for y in rest[i + 1:]:
            g.add_edge(x, y, weight=w[x][y])
    ref = sum(w[x][y] for x, y in nx.max_weight_matching(g, maxcardinality=True))
    assert _value(m.solve(), sub, set(rest)) == ref


def test_no_perfect_matching_is_reported() -> None:
    m = PerfectMatcher(4)
    m.set_weight(0, 1, 5)
    m.set_weight(0, 2, 5)
    m.set_weight(0, 3, 5)
    with pytest.raises(NoPerfectMatching):
        m.solve()


def test_retiring_pairs_one_by_one_stays_optimal() -> None:
    # retiring more than an eighth of the vertices rebuilds the adjacency lists without them
    rng = random.Random(7)
    n = 30
    w = [[0] * n for _ in range(n)]
    m = PerfectMatcher(n)
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.6:
                w[u][v] = w[v][u] = rng.randint(1, 2**70)
                m.set_weight(u, v, w[u][v])
    active = set(range(n))
    while len(active) > 2:
        ref = _reference_on(active, w)
        got = _solve(m, w, active)
        assert got == ref
        if got is None:
            break
        mate = m.matching()
        a = min(active)
        b = mate[a]
        m.remove((a, b))
        active -= {a, b}


def _reference_on(active: set[int], w: list[list[int]]) -> int | None:
    g = nx.Graph()
    g.add_nodes_from(active)
    for u in active:
        for v in active:
            if u < v and w[u][v] > 0:
                g.add_edge(u, v, weight=w[u][v])
    mm = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(mm) < len(active):
        return None
    return sum(w[u][v] for u, v in mm)


@pytest.mark.parametrize("seed", range(4))
def test_warm_restart_after_many_vertices_change(seed: int) -> None:
    """A whole group of vertices gets a heavier tier of edges at once, as when a bracket's weights are set."""
    rng = random.Random(100 + seed)
    for _ in range(25):
        n = rng.choice([8, 12, 16, 20, 24])
        w = [[0] * n for _ in range(n)]
        m = PerfectMatcher(n)
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < 0.8:
                    w[u][v] = w[v][u] = rng.randint(1, 4)
                    m.set_weight(u, v, w[u][v])
        active = set(range(n))
        if _solve(m, w, active) is None:
            continue
        for _ in range(3):
            group = rng.sample(range(n), rng.randint(2, n))
            tier = rng.choice([1 << 10, 1 << 70])
            for i, u in enumerate(group):
                for v in group[i + 1:]:
                    if w[u][v]:
                        w[u][v] = w[v][u] = w[u][v] + tier * rng.randint(0, 3)
                        m.set_weight(u, v, w[u][v])
            assert _solve(m, w, active) == _reference(n, w)


@pytest.mark.parametrize("seed", range(4))
def test_tight_swaps_and_raised_duals_keep_the_optimum(seed: int) -> None:
    """Re-pairing along tight edges keeps the optimum; raised duals ahead of heavier edges still solve exactly.

    The shape of the Dutch order step: many tied weights (so blossoms and
    alternative optima), then the edges led by a "top" half gain a bonus and
    those vertices' duals are raised by as much.
    """
    rng = random.Random(300 + seed)
    for _ in range(25):
        n = rng.choice([8, 12, 16, 20])
        w = [[0] * n for _ in range(n)]
        m = PerfectMatcher(n)
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < 0.7:
                    w[u][v] = w[v][u] = 8 * rng.randint(1, 2)
                    m.set_weight(u, v, w[u][v])
        active = set(range(n))
        best = _solve(m, w, active)
        if best is None:
            continue
        part = sorted(rng.sample(range(n), rng.randint(2, n)))
        m.leave_blossoms(part)
        assert all(m.inblossom[v] == v for v in part)
        swapped = 0
        for _ in range(20):
            a, c = rng.sample(range(n), 2)
            b, d = m.mate[a], m.mate[c]
            if -1 in (b, d) or len({a, b, c, d}) < 4:
                continue
            if m.swap_mates(a, b, c, d):
                swapped += 1
                assert m.mate[a] == c and m.mate[b] == d and m.mate[c] == a and m.mate[d] == b
        assert _solve(m, w, active) == best
        top = part[: len(part) // 2]
        bonus = {v: 2 * (len(part) - i) for i, v in enumerate(top)}
        for u in top:
            for v in range(u + 1, n):
                if w[u][v]:
                    w[u][v] = w[v][u] = w[u][v] + bonus[u]
        m.raise_duals({v: 2 * b for v, b in bonus.items()})
        for i, u in enumerate(top):
            others = list(range(u + 1, n))
            if i % 2:
                m.change_weights(u, others, [w[u][v] for v in others])
            else:
                for v in others:
                    m.change_weight(u, v, w[u][v])
        assert _solve(m, w, active) == _reference(n, w)
        # rows rewritten at random: some edges certified by the duals, some not, some added or removed
        for u in rng.sample(range(n), 3):
            others = [v for v in range(n) if v != u]
            for v in others:
                w[u][v] = w[v][u] = rng.choice([0, w[u][v], w[u][v] + 1, max(0, w[u][v] - 1), 8])
            m.change_weights(u, others, [w[u][v] for v in others])
            assert all(m.adj[x] == [y for y in range(n) if w[x][y] > 0] for x in range(n))
            ref = _reference(n, w)
            if ref is None:
                break
            assert _solve(m, w, active) == ref
        # a class of pairs ruled out at once, as the roles after the exchanges
        dropped = [(u, v) for u in top for v in top if u < v]
        for u, v in dropped:
            w[u][v] = w[v][u] = 0
        m.drop_edges(dropped)
        assert all(m.adj[u] == [v for v in range(n) if w[u][v] > 0] for u in range(n))
        ref = _reference(n, w)
        if ref is not None:
            assert _solve(m, w, active) == ref


@pytest.mark.parametrize("seed", range(3))
def test_a_first_solve_from_given_duals_is_exact(seed: int) -> None:
    """start_duals is a guess: good (every edge tight), short or wild, the first solve is still exact."""
    rng = random.Random(500 + seed)
    for _ in range(30):
        n = rng.choice([4, 8, 12, 16])
        part = [rng.choice([0, 4, 8]) for _ in range(n)]
        w = [[0] * n for _ in range(n)]
        m = PerfectMatcher(n)
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < 0.6:
                    w[u][v] = w[v][u] = 100 + part[u] + part[v] + rng.choice([0, 0, 0, 1, 5])
                    m.set_weight(u, v, w[u][v])
        guess = rng.choice(["tight", "short", "wild"])
        if guess == "tight":
            m.start_duals([100 + 2 * p for p in part])
        elif guess == "short":
            m.start_duals([0] * n)
        else:
            m.start_duals([rng.randint(-50, 400) for _ in range(n)])
        assert _solve(m, w, set(range(n))) == _reference(n, w)


@pytest.mark.parametrize("seed", range(3))
def test_starting_again_from_given_duals_after_every_weight_changed_is_exact(seed: int) -> None:
    """reset_duals keeps the pairs the new duals leave tight and re-matches the rest, blossoms or not."""
    rng = random.Random(700 + seed)
    for _ in range(30):
        n = rng.choice([4, 8, 12, 16])
        w = [[0] * n for _ in range(n)]
        m = PerfectMatcher(n)
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < 0.6:
                    w[u][v] = w[v][u] = rng.randint(1, 3)
                    m.set_weight(u, v, w[u][v])
        active = set(range(n))
        if _solve(m, w, active) is None:
            continue
        part = [rng.choice([0, 4, 8]) for _ in range(n)]
        for u in range(n):
            for v in range(u + 1, n):
                if w[u][v]:
                    w[u][v] = w[v][u] = 100 + part[u] + part[v] + rng.choice([0, 0, 0, 1])
                    m.set_weight(u, v, w[u][v])
        m.reset_duals([100 + 2 * p for p in part] if rng.random() < 0.7 else [0] * n)
        assert _solve(m, w, active) == _reference(n, w)


def test_the_blossom_walks_do_not_recurse() -> None:
    # Blossoms nest as deep as the bracket allows (a 2000-player round went past Python's
    # recursion limit of 1000 in the augmentation): the walks through nested blossoms are loops.
    import ast
    from pathlib import Path

    import engine.matching.stage as stage

    tree = ast.parse(Path(stage.__file__).read_text())
    recursive = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == node.name:
                    recursive.add(node.name)
    # A T-label gives its base's mate one S-label, which recurses no further.
    assert recursive <= {"_assign_label"}, recursive
