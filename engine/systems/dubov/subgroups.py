"""Pairing one bracket once its players are known (C.04.4.1 art. 3.2.3-3.2.6).

G1 and G2 (art. 3.2.3), the shifts that even them out (art. 3.2.4, sets taken
in the middle-out order of art. 4.3), S1 by ARO (art. 3.2.5) and the first
legal transposition of G2 (art. 3.2.6, order of art. 4.4).

Why one matching finds the shifters: a pair of two White seekers (or two
Black seekers) is exactly a pair where one player misses their colour
preference ([C7]). In a pairing of the bracket that is best on [C7], the
pairs inside the smaller subgroup are the ones that "must unavoidably be
paired together"; one player of each is shifted (art. 3.2.4.1), and then one
player of each pair inside the other subgroup (art. 3.2.4.2), which leaves
both subgroups equal and every pair across them. Giving each pair inside a
subgroup the weight of its better-placed member in the order of art. 4.3
makes the best matching also pick the first set of shifters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from engine.matching.perfect import PerfectMatcher
from engine.model.tournament import Colour
from engine.systems.dubov.players import DubovPlayer


class _Numbered(Protocol):
    @property
    def id(self) -> int: ...


# a player of either text (DubovPlayer, or the 1997 text's Player97): the column search only reads ids
P = TypeVar("P", bound=_Numbered)
Ok = Callable[[DubovPlayer, DubovPlayer], bool]  # whether two players may meet ([C1], [C3])


@dataclass(frozen=True)
class BracketPairing:
    """How a bracket was paired, step by step, for the explanation."""

    g1: tuple[int, ...]  # art. 3.2.3, player ids
    g2: tuple[int, ...]
    first_half: bool  # nobody in the bracket has played: G1 is the first half by TPN
    shifted_first: tuple[int, ...]  # art. 3.2.4.1: from the smaller subgroup to the other
    shifted_second: tuple[int, ...]  # art. 3.2.4.2: to even the sizes
    s1: tuple[int, ...]  # art. 3.2.5
    g2_final: tuple[int, ...]  # G2 after the shifts, by TPN
    t2: tuple[int, ...]  # art. 3.2.6: the chosen transposition
    skipped: tuple[tuple[int, int, str], ...]  # (S1 player, G2 player, why) tried before T2's choice
    pairs: tuple[tuple[int, int], ...]  # (S1 player, T2 player)


def middle_out(count: int) -> list[int]:
    """Art. 4.3.3: positions of a sorted list in sequence-number order, from the middle outwards.

    The upper of two middle players comes first: for seven players A..G the
    order is D, C, E, B, F, A, G.
    """
    mid2 = count - 1  # twice the middle position
    return sorted(range(count), key=lambda i: (abs(2 * i - mid2), i))


def white_order(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """Art. 4.3.2: White seekers by ascending ARO, then TPN."""
    return sorted(players, key=lambda p: (p.aro, p.rank))


def black_order(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """Art. 4.3.2: Black seekers by TPN."""
    return sorted(players, key=lambda p: p.rank)


def pair_bracket(members: Sequence[DubovPlayer], ok: Ok, hint: Sequence[tuple[int, int]] = ()) -> BracketPairing:
    """Pair the bracket ``members``; ``ok(a, b)`` says whether two players may meet ([C1], [C3]).

    ``hint`` may give a legal pairing of the bracket best on [C7] (player ids):
    when none of its pairs is inside a subgroup, no shift is needed.
    """
    first_half = not any(p.has_played for p in members)
    if first_half:  # art. 3.2.3: nobody has played yet
        by_tpn = sorted(members, key=lambda p: p.rank)
        g1 = by_tpn[: len(by_tpn) // 2]
    else:
        g1 = [p for p in members if p.preference is Colour.WHITE]
    g1_ids = {p.id for p in g1}
    g2 = [p for p in members if p.id not in g1_ids]
    g1_sorted, g2_sorted = white_order(g1), black_order(g2)
    # art. 3.2.4.1: the smaller subgroup (G1 when equal) gives first
    if len(g1) <= len(g2):
        small, large = g1_sorted, g2_sorted
    else:
        small, large = g2_sorted, g1_sorted
    first, second = _easy_shifts(small, large, ok, hint) or _shifters(members, small, large, ok)
    first_ids, second_ids = {p.id for p in first}, {p.id for p in second}
    small_final = [p for p in small if p.id not in first_ids] + list(second)
    large_final = [p for p in large if p.id not in second_ids] + list(first)
    if small is g1_sorted:
        new_g1, new_g2 = small_final, large_final
    else:
        new_g1, new_g2 = large_final, small_final
    s1 = white_order(new_g1)  # art. 3.2.5
    g2_final = black_order(new_g2)
    t2, skipped = first_transposition(s1, g2_final, ok)
    return BracketPairing(
        g1=tuple(p.id for p in g1_sorted),
        g2=tuple(p.id for p in g2_sorted),
        first_half=first_half,
        shifted_first=tuple(p.id for p in first),
        shifted_second=tuple(p.id for p in second),
        s1=tuple(p.id for p in s1),
        g2_final=tuple(p.id for p in g2_final),
        t2=tuple(p.id for p in t2),
        skipped=tuple(skipped),
        pairs=tuple((a.id, b.id) for a, b in zip(s1, t2)),
    )


def _easy_shifts(small: list[DubovPlayer], large: list[DubovPlayer], ok: Ok,
                 hint: Sequence[tuple[int, int]]) -> tuple[list[DubovPlayer], list[DubovPlayer]] | None:
    """Art. 3.2.4 when no player of the smaller subgroup must meet another one (the usual case).

    Then the best pairing has just the pairs the size difference forces inside
    the larger subgroup, and the first set of shifters in middle-out order is
    simply the first ``(L - S) / 2`` players of that order, if with them in the
    smaller subgroup every player can be paired across. ``None`` when that
    does not hold: the general search decides.
    """
    side = {p.id: 0 for p in small} | {p.id: 1 for p in large}
    if hint and len(small) == len(large) and all(side[a] != side[b] for a, b in hint):
        return [], []
    count = (len(large) - len(small)) // 2
    shifted = [large[pos] for pos in middle_out(len(large))[:count]]
    moved = {p.id for p in shifted}
    if perfect_across(small + shifted, [p for p in large if p.id not in moved], ok):
        return [], shifted
    return None


def _shifters(members: Sequence[DubovPlayer], small: list[DubovPlayer], large: list[DubovPlayer],
              ok: Ok) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
    """Art. 3.2.4: the players shifted out of the smaller subgroup, then out of the larger one.

    Each list is in the order of art. 4.3 (middle-out sequence numbers).
    """
    idx = {p.id: i for i, p in enumerate(members)}
    n = len(members)
    seq_small = {p.id: s for s, pos in enumerate(middle_out(len(small))) for p in (small[pos],)}
    seq_large = {p.id: s for s, pos in enumerate(middle_out(len(large))) for p in (large[pos],)}
    side = {p.id: 0 for p in small} | {p.id: 1 for p in large}
    cw = n.bit_length() + 1
    w_t = len(large) + 1
    w_s = len(small) + 1
    o_s = w_t
    o_cross = o_s + w_s
    o_c7 = o_cross + cw
    base = 1 << (o_c7 + cw + 1)
    m = PerfectMatcher(n)
    for a in members:
        for b in members:
            if a.id >= b.id or not ok(a, b):
                continue
            w = base | (int(a.preference is not b.preference) << o_c7)
            if side[a.id] != side[b.id]:
                w |= 1 << o_cross
            elif side[a.id] == 0:
                w |= 1 << (o_s + len(small) - min(seq_small[a.id], seq_small[b.id]))
            else:
                w |= 1 << (len(large) - min(seq_large[a.id], seq_large[b.id]))
            m.set_weight(idx[a.id], idx[b.id], w)
    mate = m.solve()
    first, second = [], []
    for a in members:
        b = members[mate[idx[a.id]]]
        if side[a.id] != side[b.id]:
            continue
        if side[a.id] == 0 and seq_small[a.id] < seq_small[b.id]:
            first.append(a)
        elif side[a.id] == 1 and seq_large[a.id] < seq_large[b.id]:
            second.append(a)
    first.sort(key=lambda p: seq_small[p.id])
    second.sort(key=lambda p: seq_large[p.id])
    return first, second


def perfect_across(left: Sequence[P], right: Sequence[P], ok: Callable[[P, P], bool]) -> bool:
    """Every player of ``left`` can meet a different player of ``right`` (equal sizes)."""
    if len(left) != len(right):
        return False
    n = len(left)
    adj = [[j for j in range(n) if ok(left[i], right[j])] for i in range(n)]
    row_of, col_of = [-1] * n, [-1] * n
    return all(_augment(i, adj, row_of, col_of, [False] * n, set()) for i in range(n))


def first_transposition(s1: Sequence[P], g2: Sequence[P],
                        ok: Callable[[P, P], bool]) -> tuple[list[P], list[tuple[int, int, str]]]:
    """Art. 3.2.6: the first transposition of G2 (art. 4.4, TPN order) that pairs every S1 player legally.

    Shared with the 1997 text, whose art. 6.3 improvements search the Black
    column the same way (see :mod:`.columns1997`).

    Greedy on the rows of S1: each takes the first G2 player that still leaves
    a legal pairing of the rows below (checked with an alternating path).
    """
    n = len(s1)
    adj = [[j for j in range(n) if ok(s1[i], g2[j])] for i in range(n)]
    row_of = [-1] * n  # G2 index -> S1 row
    col_of = [-1] * n
    for i in range(n):
        _augment(i, adj, row_of, col_of, [False] * n, set())
    if -1 in col_of:
        raise AssertionError("bracket without a legal pairing")
    fixed: set[int] = set()
    skipped: list[tuple[int, int, str]] = []
    chosen: list[P] = []
    for i in range(n):
        legal_here = set(adj[i])
        for j in range(n):
            if j in fixed:
                continue
            if j not in legal_here:
                skipped.append((s1[i].id, g2[j].id, "illegal"))
                continue
            if col_of[i] == j or _force(i, j, adj, row_of, col_of, fixed):
                fixed.add(j)
                chosen.append(g2[j])
                break
            skipped.append((s1[i].id, g2[j].id, "rest"))
        else:  # pragma: no cover - the matching found above is a legal pairing
            raise AssertionError("no legal transposition")
    return chosen, skipped


def _augment(i: int, adj: list[list[int]], row_of: list[int], col_of: list[int], seen: list[bool],
             fixed: set[int]) -> bool:
    for j in adj[i]:
        if j in fixed or seen[j]:
            continue
        seen[j] = True
        if row_of[j] < 0 or _augment(row_of[j], adj, row_of, col_of, seen, fixed):
            row_of[j] = i
            col_of[i] = j
            return True
    return False


def _force(i: int, j: int, adj: list[list[int]], row_of: list[int], col_of: list[int], fixed: set[int]) -> bool:
    """Re-match row ``i`` to column ``j`` if the rows below can still all be paired."""
    old_j = col_of[i]
    other = row_of[j]
    # free both, tentatively pair (i, j), and look for a new partner for ``other`` avoiding j
    row_of[j] = i
    col_of[i] = j
    row_of[old_j] = -1
    col_of[other] = -1
    seen = [False] * len(row_of)
    seen[j] = True
    if _augment(other, adj, row_of, col_of, seen, fixed):
        return True
    # undo
    row_of[j] = other
    col_of[other] = j
    row_of[old_j] = i
    col_of[i] = old_j
    return False
