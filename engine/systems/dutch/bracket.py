"""The round, bracket by bracket (C.04.3 art. 1.9.2), decided by weighted matching.

One matching over every player still to pair (see :mod:`.weights` and
:mod:`engine.matching.solver`) first says whether the round can be completed and where the
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

from engine.matching.solver import Solver
from engine.model.explain import Step, TraceEvent
from engine.model.result import NoLegalPairing, PairingResult, Progress
from engine.model.tournament import Colour, Pairing, Points, Tournament
from engine.model.wording import _, ngettext
from engine.systems.brackets import PlayerView, player_views
from engine.systems.colours import allocate
from engine.systems.dutch.bracket_trace import floater_reason, trace_bracket
from engine.systems.dutch.exchanges import choose_exchanges, remainder_order
from engine.systems.dutch.state import BracketState, Pair, RoundState
from engine.systems.dutch.weights import RoundWeights


def pair_unexplained(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """The pairing with the engine's own basic trace: brackets, pairs, floaters, bye, colours.

    ``progress(k, n)`` is told as the k-th of the round's n brackets begins,
    for a caller that shows how far it is. n is the number of scoregroups; a
    last scoregroup holding only the PAB's player is never paired as a
    bracket, so the last report can be n - 1.
    """
    t = tournament
    rnd = t.next_round
    players = player_views(t)
    n = len(players)
    if n == 0:
        return PairingResult(rnd, (), None, ())
    if n == 1:
        only = players[0]
        if not only.pab_eligible:
            raise NoLegalPairing(_("the only player to pair may not receive the pairing-allocated bye (C.04.1 art. 4)"))
        event = TraceEvent(Step.BYE, _("{player} is the only player to pair").format(player=only.id), "C.04.1 art. 3",
                           players=(only.id,))
        return PairingResult(rnd, (), only.id, (event,))
    weights = RoundWeights.for_round(t, players)
    r = RoundState(players, weights, Solver(n), weights.compat_rows(), [False] * n)
    trace: list[TraceEvent] = []
    _complete_round(r, trace)
    pairs = _pair_brackets(r, rnd, trace, progress)
    paired_vertices = {v for pr in pairs for v in pr}
    bye_vertex = [v for v in range(n) if v not in paired_vertices]
    if len(bye_vertex) > 1:
        raise NoLegalPairing(_("no pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)"))
    bye = players[bye_vertex[0]].id if bye_vertex else None
    if bye is not None:
        bp = players[bye_vertex[0]]
        trace.append(TraceEvent(
            Step.BYE,
            ngettext("{player} receives the pairing-allocated bye ({score} points, {games} game played)",
                     "{player} receives the pairing-allocated bye ({score} points, {games} games played)",
                     bp.played_games).format(player=bye, score=bp.score, games=bp.played_games),
            "C.04.3 [C5]" + (" [C9]" if weights.bye_score == bp.score else ""),
            players=(bye,),
            data={"score": str(bp.score), "played_games": bp.played_games},
        ))
    boards = _colours_and_order(t, players, pairs, trace)
    return PairingResult(rnd, boards, bye, tuple(trace))


def _complete_round(r: RoundState, trace: list[TraceEvent]) -> None:
    """[C4], [C5]: whether the whole round can be paired, and the score the PAB goes to.

    The first matching weighs completion and the PAB only. With an odd number
    of players, the score of the player it leaves unpaired is the lowest one
    the PAB can reach. The [C9] ranks of that score's players are set, and
    [C9] starts in force when the PAB may land in the top scoregroup; the
    weights of every pair are then those of pairs formed below the brackets.
    """
    players, weights, solver = r.players, r.weights, r.solver
    n = len(players)
    top_score = players[0].score
    if n & 1:
        solver.build_sparse(*weights.bye_parts(), r.compat, weights.bye_pair_in_top_group)
    else:
        base, part = weights.outside_parts()
        solver.build_sparse(0, base, part, r.compat, None)
    solver.solve()
    mate = solver.mate
    unpaired = [v for v in range(n) if mate[v] == v]
    if len(unpaired) > 1 or any(not players[v].pab_eligible for v in unpaired):
        raise NoLegalPairing(_("no pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)"))
    if not n & 1:
        return
    weights.bye_score = bye_score = players[unpaired[0]].score
    if bye_score >= top_score:
        weights.c9_active = all(players[mate[v]].score >= top_score for v in range(n) if players[v].score >= top_score)
    # [C9]: rank 0 for the most games played; pairing a player who played fewer weighs more
    games_played = sorted((p.played_games for p in players if p.score == bye_score), reverse=True)
    for rank, games in enumerate(games_played):
        weights.played_rank[games] = rank
    solver.rebase(*weights.outside_parts())
    trace.append(TraceEvent(
        Step.NOTE,
        _("odd number of players: the PAB will go to a player with {score} points").format(score=bye_score),
        "C.04.3 [C5]",
        data={"bye_score": str(bye_score)},
    ))


def _pair_brackets(r: RoundState, rnd: int, trace: list[TraceEvent], progress: Progress | None) -> list[Pair]:
    """The brackets from the top score down (art. 1.9.2): each pairs what it can, the rest moves down."""
    players, weights, solver = r.players, r.weights, r.solver
    n = len(players)
    brackets = len({p.score for p in players})  # one bracket per scoregroup
    pairs: list[Pair] = []
    members: list[int] = []  # the bracket about to be paired: moved-down players, then residents
    after = 0  # the first vertex not yet in any bracket
    while after < n and players[after].score >= players[0].score:
        members.append(after)
        after += 1
    mdps = 0
    group_start = 0  # first vertex of the residents' scoregroup
    no = 0
    while len(members) > 1 or after < n:
        no += 1
        if progress is not None:
            progress(no, max(no, brackets))
        size = len(members)
        next_start = group_start + (size - mdps)  # == after: the next scoregroup starts here
        while after < n and players[after].score >= players[next_start].score:
            members.append(after)
            after += 1
        # the players from `after` on are below this bracket: the solver may thin their edges out
        solver.set_low(after, rewritten=True)
        c9_here = weights.c9_active
        b = BracketState(no, solver, members, size, mdps, group_start, next_start, weights.group_bits, [])
        _set_weights(r, b)
        solver.solve()
        _choose_mdps(r, b)  # art. 4.4
        mdp_pairs = _pair_mdps(r, b)
        remainder, s1_size = remainder_order(r, b)
        s1 = [players[members[i]].id for i in remainder[:s1_size]]
        s2 = [players[members[i]].id for i in remainder[s1_size:]]
        exchanges = choose_exchanges(r, b, remainder, s1_size)  # art. 4.3
        remainder_pairs = _pair_remainder(r, b, remainder)  # art. 4.2
        members, floaters, c9_next = _move_down(r, b)
        pairs += mdp_pairs + remainder_pairs
        more = after < n or len(members) > 1
        reasons = {v: floater_reason(r, b, v, floaters, more, c9_here) for v in floaters}
        trace_bracket(trace, b, players, mdp_pairs, remainder_pairs, s1, s2, exchanges, floaters, reasons, rnd)
        weights.c9_active = c9_next
        mdps = len(floaters)
        group_start = next_start
    return pairs


def _set_weights(r: RoundState, b: BracketState) -> None:
    """Every pair of the bracket and the next scoregroup gets its weight by [C1]-[C21].

    Pairs of two MDPs are left as the bracket they came from set them.
    """
    players, compat, members, size = r.players, r.compat, b.members, b.size
    change_weights = r.solver.m.change_weights  # every player here is above the sparse part: straight to the matcher
    weight = r.weights.weight
    # players of one weight class weigh alike: one weight per (higher class, lower class, lower's group)
    cls = r.weights.class_ids([players[v] for v in members])
    some = {c: members[i] for i, c in enumerate(cls)}  # a player of each class
    by_lower: dict[int, list[int]] = {}  # (lower class, lower's group) -> weight per higher class
    b.weight = [[] for _ in members]
    _raise_next_duals(r, b)
    for lo in range(b.mdps, len(members)):
        lv = members[lo]
        lower = players[lv]
        may_meet = compat[lv]
        here, there = lo < size, lo >= size  # the lower player is a resident / in the next scoregroup
        key = 2 * cls[lo] + here
        per_class = by_lower.get(key)
        if per_class is None:
            per_class = by_lower[key] = [weight(players[some[c]], lower, here, there, True) for c in range(len(some))]
        higher = members[:lo]
        row = [per_class[c] if may_meet[hv] else 0 for hv, c in zip(higher, cls)]
        b.weight[lo] = row
        change_weights(lv, higher, row)


def _raise_next_duals(r: RoundState, b: BracketState) -> None:
    """Raise the duals of the next scoregroup (and the residents) by what their pairs are about to gain.

    Until now a pair with a player of the next scoregroup weighed as a pair
    formed below the brackets in hand; it gains the [C8] fields
    (:meth:`RoundWeights.next_bracket_gain`, the higher player's score
    deciding the slot). Raising each next-scoregroup player by the gain of a
    pair inside that scoregroup, and each resident by enough to cover its
    pairs with them, keeps every such edge feasible and the pairs inside the
    next scoregroup tight: the solve keeps them instead of re-matching them.
    The residents' own pairs change in every field and are re-solved.
    """
    members, size, players = b.members, b.size, r.players
    if size >= len(members):
        return
    gain = r.weights.next_bracket_gain
    next_gain = gain(players[members[size]].score)
    raises = {v: next_gain for v in members[size:]}
    if b.mdps < size:
        resident_gain = 2 * gain(players[members[b.mdps]].score) - next_gain
        raises.update((v, resident_gain) for v in members[b.mdps:size])
    r.solver.m.raise_duals(raises)


def _choose_mdps(r: RoundState, b: BracketState) -> None:
    """Art. 4.4: which MDPs are paired - as many as the optimum allows, highest scores first, then by BSN.

    An MDP not matched to a resident is tried with a bonus of 1 on its resident
    edges; once known to be paired, its bonus becomes larger than all the
    later MDPs' bonuses together, so no later choice can undo it.
    """
    players, matched, solver, members = r.players, r.matched, r.solver, b.members
    set_weight = solver.m.set_weight
    residents = range(b.mdps, b.size)
    resident_count = b.size - b.mdps
    score: Points | None = None
    undecided = undecided_matched = 0  # MDPs of `score` still undecided, and how many of them have a resident
    for hi in range(b.mdps):
        hv = members[hi]
        if score is None or players[hv].score < score:  # the first MDP, or a lower score
            score = players[hv].score
            undecided = undecided_matched = 0
            i = hi
            while players[members[i]].score >= score:
                undecided += 1
                if b.with_resident(members[i]):
                    undecided_matched += 1
                i += 1
        if not undecided_matched:
            continue
        if undecided <= undecided_matched:
            matched[hv] = True  # every MDP of this score left is paired: no choice to make
            continue
        undecided -= 1
        if not b.with_resident(hv):
            for lo in residents:
                w = b.weight[lo][hi]
                if w:
                    set_weight(hv, members[lo], w | 1)  # the room below [C21] is zero: | 1 adds 1
            solver.solve()
        if b.with_resident(hv):
            matched[hv] = True
            undecided_matched -= 1
            for lo in residents:
                w = b.weight[lo][hi]
                if w:
                    # + resident_count + 1 (the room is zero, resident_count fits in it): more than
                    # the bonus of 1 of every later MDP together
                    set_weight(hv, members[lo], (w | resident_count) + 1)


def _pair_mdps(r: RoundState, b: BracketState) -> list[Pair]:
    """The MDP-pairing: each paired MDP, in order, takes the highest resident that keeps the optimum."""
    matched, solver, members = r.matched, r.solver, b.members
    set_weight = solver.m.set_weight
    pairs: list[Pair] = []
    for hi in range(b.mdps):
        hv = members[hi]
        if not matched[hv]:
            continue
        # a bonus rising from the lowest resident up, starting above the bonus that chose this MDP
        bonus = len(members)
        for lo in range(b.size - 1, b.mdps - 1, -1):
            lv = members[lo]
            if matched[lv]:
                continue
            w = b.weight[lo][hi]
            if w:
                set_weight(hv, lv, w + bonus)
                bonus += 1
        pairs.append(_take_partner(r, hv))
    return pairs


def _take_partner(r: RoundState, v: int, mate: int | None = None) -> Pair:
    """Fix ``v`` with ``mate``, by default the partner the optimum solved again gives it: the pair leaves the graph."""
    if mate is None:
        r.solver.solve()
        mate = r.solver.mate[v]
    r.matched[v] = r.matched[mate] = True
    r.solver.fix(v, mate)
    return v, mate


def _pair_remainder(r: RoundState, b: BracketState, remainder: list[int]) -> list[Pair]:
    """Art. 4.2: each S1 player, in order, takes the first S2 player that keeps the optimum."""
    matched, solver, members = r.matched, r.solver, b.members
    set_weight = solver.m.set_weight
    pairs: list[Pair] = []
    for hi in remainder:
        hv = members[hi]
        if not b.leads_pair(hv):
            continue
        candidates = [members[lo] for lo in remainder if lo > hi and not matched[members[lo]] and b.weight[lo][hi]]
        mate = solver.first_optimal_partner(hv, candidates)  # no solve when the duals already show it
        if mate is not None:
            pairs.append(_take_partner(r, hv, mate))
            continue
        bonus = 0  # rises from the last S2 player up: the first one the optimum allows wins
        for lo in reversed(remainder):
            lv = members[lo]
            if lo <= hi or matched[lv]:
                continue
            w = b.weight[lo][hi]
            if w:
                set_weight(hv, lv, w + bonus)
            bonus += 1
        pairs.append(_take_partner(r, hv))
    return pairs


def _move_down(r: RoundState, b: BracketState) -> tuple[list[int], list[int], bool]:
    """What the next bracket holds (the floaters, then the next scoregroup), the floaters, and [C9] there.

    [C9] stays in force in the next bracket when the PAB may land in it and
    nobody of it is matched below it.
    """
    players, matched, mate, members = r.players, r.matched, r.solver.mate, b.members
    n = len(players)
    weights = r.weights
    nxt = b.next_start
    c9_next = bool(n & 1) and nxt < n and weights.bye_score >= players[nxt].score
    next_members: list[int] = []
    floaters: list[int] = []
    for i, v in enumerate(members):
        if i < b.size and matched[v]:
            continue
        next_members.append(v)
        if i < b.size:
            floaters.append(v)
        if c9_next and players[mate[v]].score < players[nxt].score:
            c9_next = False
    return next_members, floaters, c9_next


def _colours_and_order(t: Tournament, players: list[PlayerView], pairs: list[Pair],
                       trace: list[TraceEvent]) -> tuple[Pairing, ...]:
    """Colours by art. 5.2 and the boards in publishing order (C.04.2 art. 3.6), each told in the trace."""
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
    for no, (_key, alloc) in enumerate(rows, 1):
        boards.append(Pairing(alloc.white, alloc.black))
        trace.append(TraceEvent(
            Step.COLOUR,
            _("board {board}: {white} (White) - {black} (Black)").format(board=no, white=alloc.white,
                                                                        black=alloc.black),
            f"C.04.3 art. {alloc.rule}",
            players=(alloc.white, alloc.black),
            data={"board": no, "white": alloc.white, "black": alloc.black, "rule": alloc.rule},
        ))
    return tuple(boards)
