"""The Dutch solver's thinned lower part gives the optimum of the whole graph (networkx as reference)."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from engine import trf
from engine.matching.solver import Solver
from engine.systems.brackets import player_views, topscorer_threshold
from engine.systems.dutch.weights import RoundWeights
from engine.systems.replay import before_round
from tests.data_paths import dutch


def _build(rng: random.Random, count: int, low: int, compat_rate: float):
    """Weights among upper vertices are arbitrary; at a lower vertex they are ``base + part[u] + part[v]``."""
    base = 1 << 40
    part = [rng.choice([0, base, 2 * base]) + rng.randint(0, 3) * (1 << 20) for _ in range(count)]
    compat = [bytearray(count) for _ in range(count)]
    w = [[0] * count for _ in range(count)]
    for u in range(count):
        for v in range(u + 1, count):
            if rng.random() >= compat_rate:
                continue
            compat[u][v] = compat[v][u] = 1
            if v >= low:
                w[u][v] = base + part[u] + part[v]
            else:
                w[u][v] = rng.randint(1, 8 * base)
            w[v][u] = w[u][v]
    return base, part, compat, w


def _reference(count: int, w) -> int | None:
    g = nx.Graph()
    n = count + (count & 1)
    g.add_nodes_from(range(n))
    for u in range(count):
        for v in range(u + 1, count):
            if w[u][v]:
                g.add_edge(u, v, weight=w[u][v])
        if count & 1:
            g.add_edge(u, count, weight=1)
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) < n:
        return None
    return sum(g[u][v]["weight"] for u, v in m)


def _value(s: Solver, w) -> int:
    total = 0
    for u, m in enumerate(s.mate):
        if m == u:
            total += 1  # the dummy (bye) edge
        elif u < m:
            assert s.mate[m] == u and w[u][m] > 0
            total += w[u][m]
    return total


@pytest.mark.parametrize("seed", range(8))
def test_thinned_lower_part_reaches_the_full_optimum(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        count = rng.randint(24, 44)
        low = rng.randint(2, count // 3)
        base, part, compat, w = _build(rng, count, low, rng.choice([0.35, 0.7, 0.95]))
        ref = _reference(count, w)
        if ref is None:
            continue
        s = Solver(count)
        s.build_sparse(low, base, part, compat, lambda i, j: w[i][j])
        s.solve()
        assert _value(s, w) == ref
        # move the boundary down the field, as the brackets are paired one after another
        while low < count:
            low = min(count, low + rng.randint(3, 9))
            s.set_low(low)
            s.solve()
            assert _value(s, w) == ref


def test_an_edge_outside_the_band_is_found_when_the_round_needs_it() -> None:
    # vertex 10 is compatible only with the last vertex, far outside the band: the thinned graph has
    # no perfect matching at first, the solver must fall back to the omitted edges
    count = 40
    base = 1 << 30
    part = [0] * count
    compat = [bytearray(count) for _ in range(count)]
    w = [[0] * count for _ in range(count)]
    for u in range(count):
        for v in range(u + 1, count):
            if 10 in (u, v) and 39 not in (u, v):
                continue
            compat[u][v] = compat[v][u] = 1
            w[u][v] = w[v][u] = base if v >= 4 else base + 5 * u + v
    s = Solver(count)
    s.build_sparse(4, base, part, compat, lambda i, j: w[i][j])
    s.solve()
    assert s.mate[10] == 39
    assert _value(s, w) == _reference(count, w)


def test_far_edges_that_pay_more_are_added_back() -> None:
    # lower players 20.. split in two classes; pairing within the band alone forces cheap pairs,
    # the optimum pairs the expensive players far apart, which the dual test must detect
    count = 60
    base = 1 << 30
    part = [0] * count
    for v in range(20, count):
        part[v] = base if v >= 50 else 0
    compat = [bytearray(count) for _ in range(count)]
    w = [[0] * count for _ in range(count)]
    for u in range(count):
        for v in range(u + 1, count):
            # the ten expensive players have met each other and their band neighbours
            if u >= 20 and v >= 42 and not (u < 42 and v < 50):
                continue
            compat[u][v] = compat[v][u] = 1
            w[u][v] = w[v][u] = base + part[u] + part[v] if v >= 20 else 3 * base + u * v
    s = Solver(count)
    s.build_sparse(20, base, part, compat, lambda i, j: w[i][j])
    s.solve()
    assert _value(s, w) == _reference(count, w)


@pytest.mark.parametrize("seed", range(4))
def test_rebase_gives_the_optimum_of_the_new_weights(seed: int) -> None:
    # the PAB pass is solved first, then every weight is replaced by new separable ones
    rng = random.Random(50 + seed)
    for _ in range(6):
        count = rng.randint(21, 41)
        low = rng.randint(2, count // 3)
        base, part, compat, w = _build(rng, count, low, rng.choice([0.5, 0.9]))
        if _reference(count, w) is None:
            continue
        s = Solver(count)
        s.build_sparse(low, base, part, compat, lambda i, j: w[i][j])
        s.solve()
        assert _value(s, w) == _reference(count, w)
        base2 = 1 << 50
        part2 = [rng.randint(0, 3) * (1 << 45) + rng.randint(0, 7) for _ in range(count)]
        w2 = [[base2 + part2[u] + part2[v] if compat[u][v] else 0 for v in range(count)] for u in range(count)]
        s.rebase(base2, part2)
        s.solve()
        assert _value(s, w2) == _reference(count, w2)
        s.set_low(count)
        s.solve()
        assert _value(s, w2) == _reference(count, w2)


@pytest.mark.parametrize("name", [
    "dutch-2300082-n17-r11.trf",  # many rounds: absolute colour preferences
    "dutch-2300099-n37-r11.trf",  # 3-1-0 scoring
    "dutch-2300002-n41-r8.trf",
])
def test_compatibility_rows_and_outside_weights_match_the_pair_by_pair_rules(name: str) -> None:
    """The solver is built from per-player parts; they must agree with weight() and compatible() on every pair."""
    doc = trf.load(dutch(name)).pairing_tournament()
    checked = 0
    for rnd in range(2, doc.rounds_played + 1):
        t = before_round(doc, rnd)
        players = player_views(t)
        ctx = RoundWeights(t, players, 5, {p.score: 0 for p in players}, 6, topscorer_threshold(t))
        ctx.bye_score = min(p.score for p in players)
        ctx.c9_active = True
        for r, g in enumerate(sorted({p.played_games for p in players}, reverse=True)):
            ctx.played_rank[g] = r
        rows = ctx.compat_rows()
        base, part = ctx.outside_parts()
        for i, lo in enumerate(players):
            for j in range(i):
                hi = players[j]
                ok = ctx.compatible(hi, lo)
                assert rows[i][j] == rows[j][i] == ok, (rnd, hi.id, lo.id)
                w = ctx.weight(hi, lo, False, False)
                assert w == (base + part[i] + part[j] if ok else 0), (rnd, hi.id, lo.id)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("name", ["dutch-2300099-n37-r11.trf", "dutch-2300002-n41-r8.trf"])
def test_a_pair_formed_in_the_next_bracket_gains_the_c8_fields_only(name: str) -> None:
    """The bracket raises the next scoregroup's duals by next_bracket_gain: it must be weight()'s own difference."""
    doc = trf.load(dutch(name)).pairing_tournament()
    checked = 0
    for rnd in range(2, doc.rounds_played + 1):
        t = before_round(doc, rnd)
        players = player_views(t)
        ctx = RoundWeights.for_round(t, players)
        ctx.bye_score = min(p.score for p in players)
        ctx.c9_active = True
        for r, g in enumerate(sorted({p.played_games for p in players}, reverse=True)):
            ctx.played_rank[g] = r
        for i, lo in enumerate(players):
            for j in range(i):
                hi = players[j]
                if not ctx.compatible(hi, lo):
                    continue
                gain = ctx.weight(hi, lo, False, True) - ctx.weight(hi, lo, False, False)
                assert gain == ctx.next_bracket_gain(hi.score), (rnd, hi.id, lo.id)
                checked += 1
    assert checked > 1000
