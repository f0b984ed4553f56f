"""The round, bracket by bracket (C.04.3 art. 1.9.2), decided by weighted matching.

One matching over every player still to pair (see :mod:`.weights` and
:mod:`.solver`) first says whether the round can be completed and where the
PAB lands ([C5]). The brackets are then paired from the top; in each, the
decisions a person pairing by hand makes are fixed one at a time in the
art. 3-4 order - which MDPs are paired (art. 4.4), their opponents, the fewest
and smallest resident exchanges (art. 4.3), then the S2 partner of each S1
player (art. 4.2) - re-solving after each, so the candidate kept is the first
one in generation order among those with the best criteria vector (art. 3.8).
What is left moves down to the next bracket. The decision sequence follows the
reference engine (bbpPairings v6) so that the result is identical to it, ties
included.
"""

from __future__ import annotations

from decimal import Decimal

from engine.brackets import Float, PlayerView, player_views, topscorer_threshold
from engine.colours import allocate
from engine.explain import PlayerFacts, Step, TraceEvent
from engine.model import Colour, Pairing, Tournament
from engine.result import NoLegalPairing, PairingResult
from engine.systems.dutch.solver import Solver
from engine.systems.dutch.weights import RoundWeights, bits


def pair_unexplained(tournament: Tournament) -> PairingResult:
    """The pairing with the engine's own basic trace: brackets, pairs, floaters, bye, colours."""
    t = tournament
    rnd = t.next_round
    players = player_views(t)
    trace: list[TraceEvent] = []
    n = len(players)
    if n == 0:
        return PairingResult(rnd, (), None, ())
    if n == 1:
        only = players[0]
        if not only.pab_eligible:
            raise NoLegalPairing("the only player to pair may not receive the pairing-allocated bye (C.04.1 art. 4)")
        trace.append(TraceEvent(Step.BYE, f"{only.id} is the only player to pair", "C.04.1 art. 3", players=(only.id,)))
        return PairingResult(rnd, (), only.id, tuple(trace))

    # score slots: lowest score in the lowest bits, each wide enough to count its players
    counts: dict[Decimal, int] = {}
    for p in players:
        counts[p.score] = counts.get(p.score, 0) + 1
    shift: dict[Decimal, int] = {}
    total = 0
    for s in sorted(counts):
        shift[s] = total
        total += bits(counts[s])
    ctx = RoundWeights(t, players, bits(max(counts.values())), shift, total, topscorer_threshold(t))

    solver = Solver(n)
    gb = ctx.group_bits
    top_score = players[0].score

    # -- is a complete pairing possible, and at which score does the PAB land ([C5]) ------
    compat = ctx.compat_rows()
    if n & 1:
        # below the top scoregroup these weights split as base + part[u] + part[v]
        # (the last bit is set only for two topscorers), so the solver may thin them out
        first_below_top = next((v for v in range(n) if players[v].score < top_score), n)
        sb = ctx.score_bits
        pab_shift = sb + gb
        pab_base = 1 << pab_shift
        pab_part = [((not p.pab_eligible) << pab_shift) + (shift[p.score] << gb) for p in players]

        def top_pair(i: int, j: int) -> int:
            lo, hi = players[i], players[j]
            w = 1 + (not lo.pab_eligible) + (not hi.pab_eligible)
            w = ((w << sb) | (shift[lo.score] + shift[hi.score])) << gb
            return w | (lo.score >= top_score)

        solver.build_sparse(first_below_top, pab_base, pab_part, compat, top_pair)
    else:
        base, part = ctx.outside_parts()
        solver.build_sparse(0, base, part, compat, None)
    solver.solve()
    mate = solver.mate
    unpaired = [v for v in range(n) if mate[v] == v]
    if len(unpaired) > 1 or any(not players[v].pab_eligible for v in unpaired):
        raise NoLegalPairing("no pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)")
    if n & 1:
        ctx.bye_score = players[unpaired[0]].score
        if ctx.bye_score >= top_score:
            ctx.c9_active = all(players[mate[v]].score >= top_score for v in range(n) if players[v].score >= top_score)
        counts_played = sorted((p.played_games for p in players if p.score == ctx.bye_score), reverse=True)
        for r, g in enumerate(counts_played):
            ctx.played_rank[g] = r
        solver.rebase(*ctx.outside_parts())
        trace.append(TraceEvent(
            Step.NOTE,
            f"odd number of players: the PAB will go to a player with {ctx.bye_score} points",
            "C.04.3 [C5]",
            data={"bye_score": str(ctx.bye_score)},
        ))

    matched = [False] * n
    pairs: list[tuple[int, int]] = []
    cur: list[int] = []
    nxt = 0
    while nxt < n and players[nxt].score >= top_score:
        cur.append(nxt)
        nxt += 1
    mdp_count = 0
    group_start = 0  # first vertex of the current scoregroup
    bracket_no = 0

    def inside(v: int, lo: int, hi: int) -> bool:
        return lo <= v < hi

    while len(cur) > 1 or nxt < n:
        bracket_no += 1
        size = len(cur)  # players of the bracket (MDPs + residents)
        next_start = group_start + (size - mdp_count)  # first vertex of the next scoregroup
        group_iter = nxt
        while nxt < n and players[nxt].score >= players[group_iter].score:
            cur.append(nxt)
            nxt += 1
        # every pair of cur except MDP-MDP ones (set at an earlier bracket) gets its weight below
        solver.set_low(nxt, rewritten=True)
        # every player of cur is above the boundary, where a weight goes straight to the matcher
        mset = solver.m.set_weight
        c9_here = ctx.c9_active

        # base weights: every pair whose lower player is a resident or in the next scoregroup
        base: list[list[int]] = [[] for _ in cur]
        weight = ctx.weight
        for li in range(mdp_count, len(cur)):
            lv = cur[li]
            lo = players[lv]
            crow = compat[lv]
            row = base[li]
            here, there = li < size, li >= size
            for si in range(li):
                sv = cur[si]
                w = weight(players[sv], lo, here, there, True) if crow[sv] else 0
                row.append(w)
                mset(lv, sv, w)

        def rem_weight(si: int, li: int, s_pos: int, pairs_: int) -> int:
            w = base[li][si]
            if w:
                add = 1 if s_pos < pairs_ else 0  # art. 4.3: fewest exchanges
                add = (add << (2 * gb)) - s_pos  # then the smallest BSN differences
                w += add << 1
            return w

        solver.solve()
        mate = solver.mate
        residents_in = lambda v: inside(solver.mate[v], group_start, next_start)  # noqa: E731

        # -- art. 4.4: which MDPs are paired (highest scores first, then by BSN) -----------
        md_score = None
        remaining = remaining_matched = 0
        for pi in range(mdp_count):
            pscore = players[cur[pi]].score
            if pi == 0 or pscore < md_score:
                md_score = pscore
                remaining = remaining_matched = 0
                mi = pi
                while players[cur[mi]].score >= md_score:
                    remaining += 1
                    if residents_in(cur[mi]):
                        remaining_matched += 1
                    mi += 1
            if not remaining_matched:
                continue
            pv = cur[pi]
            if remaining <= remaining_matched:
                matched[pv] = True
                continue
            remaining -= 1
            if not residents_in(pv):
                for oi in range(mdp_count, size):
                    w = base[oi][pi]
                    if w:
                        mset(pv, cur[oi], w | 1)
                solver.solve()
            if residents_in(pv):
                matched[pv] = True
                remaining_matched -= 1
                for oi in range(mdp_count, size):
                    w = base[oi][pi]
                    if w:
                        mset(pv, cur[oi], (w | (size - mdp_count)) + 1)

        # -- the opponent of each paired MDP: the highest resident that keeps the optimum ----
        mdp_pairs: list[tuple[int, int]] = []
        for pi in range(mdp_count):
            pv = cur[pi]
            if not matched[pv]:
                continue
            add = len(cur)
            for oi in range(size - 1, mdp_count - 1, -1):
                ov = cur[oi]
                if matched[ov]:
                    continue
                w = base[oi][pi]
                if w:
                    mset(pv, ov, w + add)
                    add += 1
            solver.solve()
            mv = solver.mate[pv]
            matched[mv] = True
            mdp_pairs.append((pv, mv))
            solver.fix(pv, mv)

        # -- the remainder (homogeneous part): S1 and S2 -----------------------------------
        mate = solver.mate
        remainder: list[int] = []  # indices into cur
        rem_pairs = 0
        for li in range(mdp_count, size):
            v = cur[li]
            if mate[v] < group_start:
                continue
            remainder.append(li)
            if mate[v] < v:
                rem_pairs += 1
        s1_original = [players[cur[i]].id for i in remainder[:rem_pairs]]
        s2_original = [players[cur[i]].id for i in remainder[rem_pairs:]]

        for oi_pos, oi in enumerate(remainder):
            for pi_pos in range(oi_pos):
                si = remainder[pi_pos]
                mset(cur[si], cur[oi], rem_weight(si, oi, pi_pos, rem_pairs))
        solver.solve()

        def exchanged_down(v: int) -> bool:
            m = solver.mate[v]
            return m <= v or m >= next_start

        def leads_pair(v: int) -> bool:
            m = solver.mate[v]
            return v < m < next_start

        exchange_count = sum(1 for i in remainder[:rem_pairs] if exchanged_down(cur[i]))

        # art. 4.3: which S1 players move down - the lowest ones if possible
        left = exchange_count
        pos = rem_pairs
        while pos > 0 and left:
            pos -= 1
            si = remainder[pos]
            pv = cur[si]
            if leads_pair(pv):
                for oi in remainder[pos + 1:]:
                    w = rem_weight(si, oi, pos, rem_pairs)
                    if w:
                        mset(pv, cur[oi], w - 1)
                solver.solve()
            moved = exchanged_down(pv)
            left -= moved
            for oi in remainder[pos + 1:]:
                if moved:
                    base[oi][si] = 0
                mset(pv, cur[oi], rem_weight(si, oi, pos, rem_pairs))

        # art. 4.3: which S2 players move up - the highest ones if possible
        left = exchange_count
        for pos in range(rem_pairs, len(remainder)):
            if left <= 1:
                break
            li = remainder[pos]
            pv = cur[li]
            already = leads_pair(pv)
            if not already:
                for oi in remainder[pos + 1:]:
                    w = rem_weight(li, oi, pos, rem_pairs)
                    if w:
                        mset(pv, cur[oi], w + 1)
                solver.solve()
            if leads_pair(pv):
                left -= 1
                for oi in remainder[:pos]:
                    base[li][oi] = 0
                    mset(pv, cur[oi], 0)
                for oi in range(size, len(cur)):
                    base[oi][li] = 0
                    mset(pv, cur[oi], 0)
            if not already:
                for oi in remainder[pos + 1:]:
                    mset(pv, cur[oi], rem_weight(li, oi, pos, rem_pairs))

        # fix the roles found (who leads a pair, who is led) and drop the ordering bits
        for a_pos, ai in enumerate(remainder):
            av = cur[ai]
            for bi in remainder[a_pos + 1:]:
                bv = cur[bi]
                if not leads_pair(av) or leads_pair(bv):
                    base[bi][ai] = 0
                mset(av, bv, base[bi][ai])

        # art. 4.2: each S1 player takes the first S2 player that keeps the optimum
        rem_final: list[tuple[int, int]] = []
        for ai in remainder:
            av = cur[ai]
            if not leads_pair(av):
                continue
            add = 0
            for oi in reversed(remainder):
                ov = cur[oi]
                if oi <= ai or matched[ov]:
                    continue
                w = base[oi][ai]
                if w:
                    mset(av, ov, w + add)
                add += 1
            solver.solve()
            mv = solver.mate[av]
            matched[av] = matched[mv] = True
            rem_final.append((av, mv))
            solver.fix(av, mv)

        # -- what moves on to the next bracket -------------------------------------------------
        mate = solver.mate
        new_cur: list[int] = []
        new_mdp = 0
        c9_next = bool(n & 1) and group_iter < n and ctx.bye_score >= players[group_iter].score
        floaters: list[int] = []
        for i, v in enumerate(cur):
            if i < size and matched[v]:
                continue
            new_cur.append(v)
            if i < size:
                new_mdp += 1
                floaters.append(v)
            if c9_next and players[mate[v]].score < players[group_iter].score:
                c9_next = False

        for a, b in mdp_pairs + rem_final:
            pairs.append((a, b))
        more = nxt < n or len(new_cur) > 1
        reasons = {}
        for v in floaters:
            if not more:
                reasons[v] = ("left for the pairing-allocated bye", "C.04.3 [C5]" + (" [C9]" if c9_here else ""))
            elif size == 1:
                reasons[v] = ("alone in the bracket", "C.04.3 [C6]")
            elif not any(ctx.compatible(players[v], players[u]) for u in cur[:size] if u != v):
                reasons[v] = ("no compatible opponent in the bracket", "C.04.3 [C1] [C3]")
            elif size % 2 == 1 and len(floaters) == 1:
                reasons[v] = ("odd number of players in the bracket", "C.04.3 [C6] [C7]")
            else:
                reasons[v] = ("fewest and lowest downfloaters keeping the round complete", "C.04.3 [C4]-[C8]")
        _trace_bracket(trace, bracket_no, players, cur, size, mdp_count, mdp_pairs, rem_final,
                       s1_original, s2_original, exchange_count, floaters, reasons, rnd)

        ctx.c9_active = c9_next
        cur = new_cur
        mdp_count = new_mdp
        group_start = next_start

    paired_vertices = {v for pr in pairs for v in pr}
    bye_vertex = [v for v in range(n) if v not in paired_vertices]
    if len(bye_vertex) > 1:
        raise NoLegalPairing("no pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)")
    bye = players[bye_vertex[0]].id if bye_vertex else None
    if bye is not None:
        bp = players[bye_vertex[0]]
        trace.append(TraceEvent(
            Step.BYE,
            f"{bye} receives the pairing-allocated bye ({bp.score} points, {bp.played_games} games played)",
            "C.04.3 [C5]" + (" [C9]" if ctx.bye_score == bp.score else ""),
            players=(bye,),
            data={"score": str(bp.score), "played_games": bp.played_games},
        ))

    boards = _colours_and_order(t, players, pairs, trace)
    return PairingResult(rnd, boards, bye, tuple(trace))


def _facts(p: PlayerView, rnd: int) -> PlayerFacts:
    """``p`` as this engine pairs round ``rnd``: pairing score, colours and floats of art. 1.4-1.7."""
    c = p.colours
    floats = tuple((r, f) for r, f in ((rnd - 2, p.float2), (rnd - 1, p.float1)) if f is not Float.NONE)
    return PlayerFacts(p.id, p.score, c.history, c.preference, c.strength, floats)


def _trace_bracket(trace, bracket_no, players, cur, size, mdp_count, mdp_pairs, rem_final,
                   s1, s2, exchanges, floaters, reasons, rnd) -> None:
    ids = [players[v].id for v in cur[:size]]
    mdps = ids[:mdp_count]
    residents = ids[mdp_count:]
    score = players[cur[mdp_count]].score if mdp_count < size else players[cur[0]].score
    trace.append(TraceEvent(
        Step.BRACKET,
        f"bracket {bracket_no} (score {score}): residents {residents}" + (f", moved down {mdps}" if mdps else ""),
        "C.04.3 art. 1.3",
        bracket=bracket_no,
        players=tuple(ids),
        data={"score": str(score), "residents": residents, "mdps": mdps, "heterogeneous": bool(mdps)},
        facts=tuple(_facts(players[v], rnd) for v in cur[:size]),
    ))
    if mdp_pairs:
        trace.append(TraceEvent(
            Step.PAIRED,
            "MDP-pairing: " + ", ".join(f"{players[a].id}-{players[b].id}" for a, b in mdp_pairs),
            "C.04.3 art. 4.4",
            bracket=bracket_no,
            data={"pairs": [(players[a].id, players[b].id) for a, b in mdp_pairs]},
        ))
    trace.append(TraceEvent(
        Step.PROPOSAL,
        f"S1 {s1}, S2 {s2}",
        "C.04.3 art. 3.2",
        bracket=bracket_no,
        data={"s1": s1, "s2": s2},
    ))
    if exchanges:
        leaders = [players[a].id for a, _ in rem_final]
        down = [x for x in s1 if x not in leaders]
        up = [x for x in leaders if x in s2]
        trace.append(TraceEvent(
            Step.EXCHANGE,
            f"{exchanges} exchange(s) between S1 and S2: {down} to S2, {up} to S1",
            "C.04.3 art. 4.3",
            bracket=bracket_no,
            data={"count": exchanges, "s1_to_s2": down, "s2_to_s1": up},
        ))
    if rem_final:
        trace.append(TraceEvent(
            Step.PAIRED,
            "pairs: " + ", ".join(f"{players[a].id}-{players[b].id}" for a, b in rem_final),
            "C.04.3 art. 4.2",
            bracket=bracket_no,
            data={"pairs": [(players[a].id, players[b].id) for a, b in rem_final]},
        ))
    for v in floaters:
        p = players[v]
        why, rule = reasons[v]
        trace.append(TraceEvent(
            Step.FLOATER,
            f"{p.id} ({p.score}) " + ("stays unpaired" if why.startswith("left") else "floats down") + f": {why}",
            rule,
            bracket=bracket_no,
            players=(p.id,),
            data={"score": str(p.score), "reason": why},
        ))


def _colours_and_order(t: Tournament, players: list[PlayerView], pairs, trace) -> tuple[Pairing, ...]:
    initial = t.settings.initial_colour
    if initial is Colour.NONE:
        initial = Colour.WHITE
    rows = []
    for a, b in pairs:
        pa, pb = players[a], players[b]
        first, second = (pa, pb) if pa.id < pb.id else (pb, pa)
        first_higher = (first.score, -first.rank) > (second.score, -second.rank)
        higher = first if first_higher else second
        alloc = allocate(first.id, first.colours, second.id, second.colours, first_higher,
                         higher.rank % 2 == 0, initial)
        # C.04.2 art. 3.6: score of the higher ranked, then the sum, then the higher one's TPN
        hi, lo = (pa, pb) if (pa.real_score, -pa.rank) > (pb.real_score, -pb.rank) else (pb, pa)
        rows.append(((-hi.real_score, -(hi.real_score + lo.real_score), hi.rank), alloc))
    rows.sort(key=lambda r: r[0])
    boards = []
    for no, (_, alloc) in enumerate(rows, 1):
        boards.append(Pairing(alloc.white, alloc.black))
        trace.append(TraceEvent(
            Step.COLOUR,
            f"board {no}: {alloc.white} (White) - {alloc.black} (Black)",
            f"C.04.3 art. {alloc.rule}",
            players=(alloc.white, alloc.black),
            data={"board": no, "white": alloc.white, "black": alloc.black, "rule": alloc.rule},
        ))
    return tuple(boards)
