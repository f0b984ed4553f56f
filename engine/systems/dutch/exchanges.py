"""Art. 4.3 in the matching: the remainder's S1 and S2, the fewest exchanges and which players they move.

The remainder's weights gain the art. 4.3 order in the room below [C21] (the
fewest exchanges, then the smallest BSN differences); the S1 players the
optimum moves to S2, and the S2 players it moves to S1, are then fixed one at
a time by nudges of 1, re-solving after each, as in :mod:`.bracket`.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.systems.dutch.state import BracketState, RoundState


def remainder_order(r: RoundState, b: BracketState) -> tuple[list[int], int]:
    """The remainder (the residents the MDP-pairing left, art. 3.2) and the size of its S1.

    Returns the remainder's positions in ``members`` and the number of pairs
    the optimum forms in it (its S1); their weights now carry the art. 4.3
    order and the optimum is solved again.
    """
    mate, members = r.solver.mate, b.members
    remainder: list[int] = []
    s1_size = 0
    for lo in range(b.mdps, b.size):
        v = members[lo]
        if mate[v] < b.group_start:
            continue  # paired with an MDP
        remainder.append(lo)
        if mate[v] < v:
            s1_size += 1
    _keep_pairs_across_order(r, b, remainder, s1_size)
    set_weight = r.solver.m.change_weight
    for lo_pos, lo in enumerate(remainder):
        for hi_pos in range(lo_pos):
            hi = remainder[hi_pos]
            set_weight(members[hi], members[lo], b.remainder_weight(hi, lo, hi_pos, s1_size))
    r.solver.solve()
    return remainder, s1_size


def _keep_pairs_across_order(r: RoundState, b: BracketState, remainder: list[int], s1_size: int) -> None:
    """Prepare the matcher for the order bits so that the next solve keeps most pairs instead of re-matching them.

    The order bits add ``2 * order(hi)`` to a pair whose higher player is
    ``hi``, with ``order`` large for an S1 player and at most 0 for an S2
    player. Raising each S1 player's dual by ``4 * order`` (the matcher's
    units) keeps every edge feasible and every S1-S2 pair tight, so those
    pairs stay as they are. Among the current optimal matchings (all equally
    good before the order bits) pairs of two S1 players and of two S2
    players are first re-paired along tight edges into S1-S2 pairs where
    possible; blossoms holding remainder players are dissolved for that.
    Only the number of stages of the next solve changes, not its optimum.
    """
    m, members = r.solver.m, b.members
    vertices = [members[lo] for lo in remainder]
    m.leave_blossoms(vertices)
    mate = m.mate
    place = {v: pos for pos, v in enumerate(vertices)}
    s1_pairs: list[tuple[int, int]] = []
    s2_pairs: list[tuple[int, int]] = []
    for v, pos in place.items():
        u = mate[v]
        if u > v and u in place:
            if place[u] < s1_size:
                s1_pairs.append((v, u))
            elif pos >= s1_size:
                s2_pairs.append((v, u))
    for a, c in s1_pairs:
        for k, (x, y) in enumerate(s2_pairs):
            if m.swap_mates(a, c, x, y) or m.swap_mates(a, c, y, x):
                del s2_pairs[k]
                break
    raise_by = 4 << (2 * b.group_bits)  # 4 * (1 << 2 * group_bits): the led_by_s1 unit of the order
    m.raise_duals({v: raise_by - 4 * pos for pos, v in enumerate(vertices[:s1_size])})


def choose_exchanges(r: RoundState, b: BracketState, remainder: list[int], s1_size: int) -> int:
    """Art. 4.3: the fewest exchanges between S1 and S2, and which players they move; returns their number.

    Afterwards the roles are fixed: the weight of a pair that would put a
    player in the other half is 0. The order bits stay on the other pairs:
    every matching the weights now allow has the same leaders, so those bits
    add the same amount to each and the optimum is the one without them (the
    matcher is spared rewriting the pairs it keeps).
    """
    members = b.members
    count = sum(1 for i in remainder[:s1_size] if b.led_or_down(members[i]))
    _s1_to_s2(r, b, remainder, s1_size, count)
    _s2_to_s1(r, b, remainder, s1_size, count)
    r.solver.m.drop_edges(_ruled_out_by_roles(b, remainder))
    return count


def _ruled_out_by_roles(b: BracketState, remainder: list[int]) -> Iterator[tuple[int, int]]:
    """The remainder's pairs whose higher player does not lead or whose lower one does, their weights set to 0.

    A generator: in round 1 a bracket of 2000 players rules out a million
    pairs, which the matcher drops as they come instead of holding them.
    """
    members, weight = b.members, b.weight
    leads = [b.leads_pair(members[a]) for a in remainder]
    for a_pos, a in enumerate(remainder):
        av = members[a]
        leader = leads[a_pos]
        for c_pos in range(a_pos + 1, len(remainder)):
            if leader and not leads[c_pos]:
                continue  # a pair the roles allow: its weight stays
            c = remainder[c_pos]
            row = weight[c]
            if row[a]:
                row[a] = 0
                yield av, members[c]


def _s1_to_s2(r: RoundState, b: BracketState, remainder: list[int], s1_size: int, count: int) -> None:
    """Art. 4.3: the S1 players moving to S2 - the lowest ones the optimum allows."""
    members, solver = b.members, r.solver
    set_weight = solver.m.set_weight
    left = count
    pos = s1_size
    while pos > 0 and left:
        pos -= 1
        hi = remainder[pos]
        hv = members[hi]
        if b.leads_pair(hv):
            # 1 less on every pair it would lead: the optimum moves it down if it can at no real cost
            for lo in remainder[pos + 1:]:
                w = b.remainder_weight(hi, lo, pos, s1_size)
                if w:
                    set_weight(hv, members[lo], w - 1)
            solver.solve()
        moved = b.led_or_down(hv)
        left -= moved
        for lo in remainder[pos + 1:]:
            if moved:
                b.weight[lo][hi] = 0  # moved to S2: it leads no pair
            set_weight(hv, members[lo], b.remainder_weight(hi, lo, pos, s1_size))


def _s2_to_s1(r: RoundState, b: BracketState, remainder: list[int], s1_size: int, count: int) -> None:
    """Art. 4.3: the S2 players moving to S1 - the highest ones the optimum allows."""
    members, solver = b.members, r.solver
    set_weight = solver.m.set_weight
    left = count
    for pos in range(s1_size, len(remainder)):
        if left <= 1:
            break
        lo = remainder[pos]
        lv = members[lo]
        leading = b.leads_pair(lv)
        if not leading:
            # 1 more on every pair it would lead: the optimum moves it up if it can at no real cost
            for other in remainder[pos + 1:]:
                w = b.remainder_weight(lo, other, pos, s1_size)
                if w:
                    set_weight(lv, members[other], w + 1)
            solver.solve()
        if b.leads_pair(lv):
            left -= 1
            # moved to S1: it is led by nobody and floats down with nobody of the next scoregroup
            for hi in remainder[:pos]:
                b.weight[lo][hi] = 0
                set_weight(lv, members[hi], 0)
            for nxt in range(b.size, len(members)):
                b.weight[nxt][lo] = 0
                set_weight(lv, members[nxt], 0)
        if not leading:
            for other in remainder[pos + 1:]:
                set_weight(lv, members[other], b.remainder_weight(lo, other, pos, s1_size))
