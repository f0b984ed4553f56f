"""Brackets of a Double-Swiss round: the upfloaters (C.04.5 art. 3.5) and the bracket's pairing (art. 3.6).

A bracket is the highest scoregroup left (its resident players) and the fewest
players from lower scoregroups (upfloaters) that make it pairable (art. 1.3.2,
3.5). Its pairing is the first legal one in the order of the text's identifiers
(art. 3.6): the pairs' smaller TPNs ("tops") in ascending order, then the matching
larger TPNs ("bottoms") in the same order, compared lexicographically.

Both searches ask "can the rest still be paired?" of a blossom matching
(:mod:`engine.matching.cardinality`) instead of walking dead ends, so the first
legal choice in the text's order is found in polynomial time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from math import comb

from engine.matching.cardinality import maximum_matching
from engine.systems.doubleswiss.history import History

Legal = Callable[[History, History], bool]
"""Whether two players may be paired in this round (C.04.5 [C1]: not met in a played match)."""

ALL_SETS_LIMIT = 20_000
"""Above this many sets of one size, only the sets with the best scores (art. 3.5, [C5]) are tried."""


def can_pair(players: Sequence[History], legal: Legal, role: dict[int, int] | None = None) -> bool:
    """Whether ``players`` can all be paired legally.

    ``role`` fixes some players as a pair's top (+1: paired with a larger TPN) or
    bottom (-1: paired with a smaller TPN), the constraint art. 3.6's search adds.
    """
    if len(players) % 2:
        return False
    if not players:
        return True
    order = sorted(players, key=lambda p: p.tpn)
    role = role or {}
    adj: list[list[int]] = [[] for _ in order]
    for i, a in enumerate(order):
        if role.get(a.tpn) == -1:
            continue
        for j in range(i + 1, len(order)):
            b = order[j]
            if role.get(b.tpn) == 1 or not legal(a, b):
                continue
            adj[i].append(j)
            adj[j].append(i)
    return maximum_matching(adj).size * 2 == len(order)


Pairs = list[tuple[History, History]]


def identifier(pairs: Pairs) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Art. 3.6's identifier: the tops in ascending order, then their bottoms in the same order."""
    ordered = sorted(pairs, key=lambda pr: pr[0].tpn)
    return tuple(a.tpn for a, _ in ordered), tuple(b.tpn for _, b in ordered)


def pair_bracket(
    bracket: Sequence[History], legal: Legal, upfloaters: Sequence[History] = (), count_floated: bool = False
) -> Pairs | None:
    """The bracket's pairing by art. 3.6: no second match, then the fewest upfloaters facing a
    player who floated in the last round ([C8], *restated*, suspended in the last round:
    ``count_floated`` false), then the first in identifier order."""
    avoid = {p.tpn for p in bracket if p.floated_last_round}
    if not count_floated or not upfloaters or not avoid:
        return first_pairing(bracket, legal)
    ups = {p.tpn for p in upfloaters}
    for size in range(len(ups) + 1):
        found: list[Pairs] = []
        for allowed in combinations(sorted(ups), size):
            free = set(allowed)

            def legal_c8(a: History, b: History, free: set[int] = free) -> bool:
                if not legal(a, b):
                    return False
                for u, o in ((a, b), (b, a)):
                    if u.tpn in ups and u.tpn not in free and o.tpn in avoid:
                        return False
                return True

            pairs = first_pairing(bracket, legal_c8)
            if pairs is not None:
                found.append(pairs)
        if found:
            return min(found, key=identifier)
    return None  # pragma: no cover - size len(ups) is the plain legal search


def first_pairing(bracket: Sequence[History], legal: Legal) -> Pairs | None:
    """The first legal pairing of ``bracket`` in art. 3.6's identifier order, as (top, bottom) pairs."""
    order = sorted(bracket, key=lambda p: p.tpn)
    n = len(order)
    half = n // 2
    natural = list(zip(order[:half], order[half:]))
    if all(legal(a, b) for a, b in natural):
        return natural  # the identifier 1..n/2 then n/2+1..n: the first of all
    if not can_pair(order, legal):
        return None
    role: dict[int, int] = {}
    last = -1
    tops: list[History] = []
    while len(tops) < half:
        for c in range(last + 1, n):
            trial = dict(role)
            for skipped in range(last + 1, c):
                trial[order[skipped].tpn] = -1
            trial[order[c].tpn] = 1
            if can_pair(order, legal, trial):
                role, last = trial, c
                tops.append(order[c])
                break
        else:  # pragma: no cover - can_pair above guarantees a candidate
            return None
    for p in order:
        role.setdefault(p.tpn, -1)
    bottoms_left = [p for p in order if role[p.tpn] == -1]
    pairs: list[tuple[History, History]] = []
    for top in tops:
        for bottom in bottoms_left:
            if bottom.tpn < top.tpn or not legal(top, bottom):
                continue
            taken = {top.tpn, bottom.tpn} | {q.tpn for pr in pairs for q in pr}
            rest = [p for p in order if p.tpn not in taken]
            if can_pair(rest, legal, role):
                pairs.append((top, bottom))
                bottoms_left.remove(bottom)
                break
        else:  # pragma: no cover
            return None
    return pairs


def _inner_key(players: Sequence[History]) -> tuple[int, ...]:
    """Art. 3.5: a set's players by descending score, then ascending TPN; sets compare by these TPNs."""
    return tuple(p.tpn for p in sorted(players, key=lambda p: (-p.score, p.tpn)))


def _profile(players: Sequence[History]) -> tuple[object, ...]:
    return tuple(sorted((p.score for p in players), reverse=True))


def candidate_sets(pool: Sequence[History], k: int) -> Iterator[list[History]]:
    """Sets of ``k`` lower players in art. 3.5's order: best scores first ([C5]), then the TPN order."""
    ranked = sorted(pool, key=lambda p: (-p.score, p.tpn))
    if comb(len(ranked), k) <= ALL_SETS_LIMIT:
        sets = [list(c) for c in combinations(ranked, k)]
        sets.sort(key=lambda s: (tuple(-x for x in _profile(s)), _inner_key(s)))  # type: ignore[operator]
        yield from sets
        return
    # Too many sets to list: those with the best scores, from the group on the boundary.
    boundary = ranked[k - 1].score
    fixed = [p for p in ranked if p.score > boundary]
    group = [p for p in ranked if p.score == boundary]
    for chosen in combinations(group, k - len(fixed)):
        yield fixed + list(chosen)


def choose_upfloaters(
    residents: Sequence[History],
    pool: Sequence[History],
    remaining: Sequence[History],
    legal: Legal,
    count_floated: bool,
) -> list[History] | None:
    """The upfloaters of the bracket of ``residents`` (C.04.5 art. 3.5), from ``pool`` (the lower players).

    Fewest upfloaters first ([C4]), then the best scores ([C5]); among sets of equal
    size and scores, the fewest who floated in the last round ([C7], dropped in the
    last round: ``count_floated`` false), then the first set in art. 3.5's order. A set
    qualifies when its bracket can be paired and the players left after it can still
    all be paired (the completion the text requires of every bracket).
    """
    for k in range(len(residents) % 2, len(pool) + 1, 2):
        best: tuple[tuple[object, ...], int, list[History]] | None = None
        for ups in candidate_sets(pool, k):
            profile = _profile(ups)
            if best is not None and profile != best[0]:
                break
            bracket = list(residents) + ups
            if not can_pair(bracket, legal):
                continue
            taken = {p.tpn for p in bracket}
            rest = [p for p in remaining if p.tpn not in taken]
            if not can_pair(rest, legal):
                continue
            floated = sum(1 for p in ups if p.floated_last_round) if count_floated else 0
            if best is None or floated < best[1]:
                best = (profile, floated, ups)
                if floated == 0:
                    break
        if best is not None:
            return best[2]
    return None
