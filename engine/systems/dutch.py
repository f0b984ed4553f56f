"""FIDE (Dutch) system, C.04.3 2026 edition ("2025 rules").

How it works. Every pair of players gets one exact integer weight whose bit
fields, from the most significant down, encode the criteria in their order of
priority (completion and PAB [C1]-[C5], pairs and scores in this bracket
[C6]-[C7], in the next one [C8], [C9], colours [C10]-[C13], floats
[C14]-[C21], and room at the bottom for the generation order of art. 4). A
maximum-weight matching over all players still to pair therefore finds the best
value any candidate can reach. The brackets are then paired from the top
(art. 1.9.2); in each, the decisions a person pairing by hand makes are fixed
one at a time in the art. 3-4 order - which MDPs are paired, their opponents,
the fewest and smallest resident exchanges, then the S2 partner of each S1
player - re-solving after each, so the candidate kept is the first one in
generation order among those with the best criteria vector (art. 3.8).

The field layout and the decision sequence follow the reference engine
(bbpPairings v6) so that the result is identical to it, ties included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from decimal import Decimal

from engine.brackets import Float, PlayerView, player_views, topscorer_threshold
from engine.colours import allocate
from engine.explain import Step, TraceEvent
from engine.explain_dutch import narrate
from engine.matching import NoPerfectMatching, PerfectMatcher
from engine.model import Colour, Pairing, Tournament
from engine.result import NoLegalPairing, PairingResult


def _bits(count: int) -> int:
    """Bits needed to write ``count`` (the width of a counting field)."""
    return count.bit_length()


@dataclass
class _Round:
    """Fixed data of the round being paired: players in art. 1.2 order and the field widths."""

    t: Tournament
    players: list[PlayerView]
    group_bits: int  # width of a per-bracket counting field
    score_shift: dict[Decimal, int]  # start bit of each score's slot in a score field
    score_bits: int  # width of a score field
    topscore: Decimal | None
    bye_score: Decimal = Decimal(0)
    c9_active: bool = False
    played_rank: dict[int, int] = field(default_factory=dict)
    forbidden: frozenset[frozenset[int]] = frozenset()
    _colours: dict[int, tuple] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # forbidden pairs (C.04.2, TRF 260/XXP) asked once per pair that could be concerned
        ids = {p.id for p in self.players}
        named = sorted({i for f in self.t.settings.forbidden for i in f.players if i in ids})
        pairs = set()
        for i, a in enumerate(named):
            for b in named[i + 1:]:
                if self.t.is_forbidden(a, b):
                    pairs.add(frozenset((a, b)))
        self.forbidden = frozenset(pairs)

    def compatible(self, a: PlayerView, b: PlayerView) -> bool:
        """[C1] no rematch, forbidden pairs, [C3] absolute preferences (topscorers exempt in the last round)."""
        if b.id in a.opponents or (self.forbidden and frozenset((a.id, b.id)) in self.forbidden):
            return False
        ca, cb = a.colours, b.colours
        if not (ca.absolute and cb.absolute and ca.preference is cb.preference):
            return True
        top = self.topscore
        return top is not None and (a.score > top or b.score > top)

    def compat_rows(self) -> list[bytearray]:
        """``rows[i][j]`` is 1 when players ``i`` and ``j`` (art. 1.2 order) may meet: :meth:`compatible` for every pair.

        Built from the few pairs that may not meet (rematches, forbidden pairs,
        two absolute preferences for the same colour) instead of asking every
        pair, which would cost a call per pair at every round.
        """
        players = self.players
        n = len(players)
        index = {p.id: i for i, p in enumerate(players)}
        rows = [bytearray(b"\x01") * n for _ in range(n)]
        for i, p in enumerate(players):
            row = rows[i]
            row[i] = 0
            for o in p.opponents:  # [C1] no rematch
                j = index.get(o)
                if j is not None:
                    row[j] = 0
                    rows[j][i] = 0
        for pair in self.forbidden:
            a, b = (index[x] for x in pair)
            rows[a][b] = rows[b][a] = 0
        # [C3] two absolute preferences for the same colour, unless a topscorer is involved
        top = self.topscore
        groups: dict[Colour, list[int]] = {}
        for i, p in enumerate(players):
            c = p.colours
            if c.absolute and not (top is not None and p.score > top):
                groups.setdefault(c.preference, []).append(i)
        for members in groups.values():
            for i in members:
                row = rows[i]
                for j in members:
                    row[j] = 0
        return rows

    def bye_candidate(self, p: PlayerView) -> bool:
        """[C2] eligible and [C5] at or below the lowest PAB score reachable."""
        return p.pab_eligible and p.score <= self.bye_score

    def _colour_facts(self, p: PlayerView) -> tuple[Colour, bool, bool, int, Colour]:
        """(preference, absolute, strong, imbalance, repeated) of ``p``, read once per round."""
        facts = self._colours.get(p.id)
        if facts is None:
            c = p.colours
            facts = (c.preference, c.absolute, c.strong, c.imbalance, c.repeated)
            self._colours[p.id] = facts
        return facts

    def weight(self, h: PlayerView, l: PlayerView, in_current: bool, in_next: bool,
               may_meet: bool | None = None) -> int:
        """The weight of pairing ``h`` with ``l`` (``h`` ranked higher), 0 when they may not meet.

        ``in_current``: ``l`` belongs to the scoregroup of the bracket being
        paired (so the pair is formed in this bracket); ``in_next``: ``l``
        belongs to the following scoregroup (the pair would be formed there).
        ``may_meet``: :meth:`compatible` when the caller already knows it.
        """
        if not (self.compatible(h, l) if may_meet is None else may_meet):
            return 0
        gb = self.group_bits
        sb = self.score_bits
        shift = self.score_shift
        played = self.t.rounds_played
        # [C1]-[C4] completion, [C2]/[C5] PAB: keep non-candidates paired
        w = 1 + (not self.bye_candidate(h)) + (not self.bye_candidate(l))
        # [C6] pairs in this bracket
        w = (w << gb) | in_current
        # [C7] scores of the paired players (the downfloaters' scores are what is left)
        w <<= sb
        if in_current:
            w |= 1 << shift[h.score]
        # [C8] the same two fields for the next bracket
        w = (w << gb) | in_next
        w <<= sb
        if in_next:
            w |= 1 << shift[h.score]
        # [C9] the PAB goes to the player with most unplayed rounds
        w <<= 2 * gb
        if self.c9_active:
            if h.score == self.bye_score:
                w += self.played_rank[h.played_games]
            if l.score == self.bye_score:
                w += self.played_rank[l.played_games]
        if not in_current:
            # every field below is about pairs formed in this bracket
            return w << self.below_c9
        # [C10]-[C13] colours (pairs formed in this bracket only)
        a_pref, a_abs, a_strong, a_imb, a_rep = self._colour_facts(l)
        b_pref, b_abs, b_strong, b_imb, b_rep = self._colour_facts(h)
        same = a_pref is b_pref
        # [C10] no colour difference beyond +-2 (only topscorers can get here)
        w = (w << gb) | (a_imb <= 1 or b_imb <= 1 or not same)
        # [C11] no third colour in a row
        if not a_abs or not b_abs or not same:
            c11 = True
        elif a_imb == b_imb:
            c11 = a_rep is Colour.NONE or a_rep is not b_rep
        else:
            c11 = (b_rep if a_imb > b_imb else a_rep) is not a_pref.opposite
        w = (w << gb) | c11
        # [C12] both colour preferences granted
        w = (w << gb) | (not same or a_pref is Colour.NONE)
        # [C13] no strong preference overruled (two absolute ones belong to C10/C11)
        weak_a = not a_strong and not a_abs
        weak_b = not b_strong and not b_abs
        w = (w << gb) | (weak_a or weak_b or (a_abs and b_abs) or not same)
        if played >= 1:
            # [C14] resident downfloaters who downfloated in r-1
            w <<= gb
            w += l.float1 is Float.DOWN
            w += h.score <= l.score and h.float1 is Float.DOWN
            # [C15] MDP opponents who upfloated in r-1
            w <<= gb
            w |= not (h.score > l.score and l.float1 is Float.UP)
        if played >= 2:
            # [C16], [C17]: the same for r-2
            w <<= gb
            w += l.float2 is Float.DOWN
            w += h.score <= l.score and h.float2 is Float.DOWN
            w <<= gb
            w |= not (h.score > l.score and l.float2 is Float.UP)
        if played >= 1:
            # [C18] scores of repeated downfloaters (r-1), [C19] of opponents of repeated upfloaters
            w <<= sb
            if l.float1 is Float.DOWN:
                w += 1 << shift[l.score]
            if h.float1 is Float.DOWN:
                w += 1 << shift[h.score]
            w <<= sb
            if not (l.float1 is Float.UP and h.score > l.score):
                w |= 1 << shift[h.score]
        if played >= 2:
            # [C20], [C21]: the same for r-2
            w <<= sb
            if l.float2 is Float.DOWN:
                w += 1 << shift[l.score]
            if h.float2 is Float.DOWN:
                w += 1 << shift[h.score]
            w <<= sb
            if not (l.float2 is Float.UP and h.score > l.score):
                w |= 1 << shift[h.score]
        # room for the generation order (art. 4): exchanges, BSN differences, partners
        w <<= 3 * gb + 1
        return w

    @cached_property
    def below_c9(self) -> int:
        """Width of the fields below [C9] (colours, floats, room for the generation order)."""
        gb, sb, played = self.group_bits, self.score_bits, self.t.rounds_played
        width = 4 * gb + 3 * gb + 1
        if played >= 1:
            width += 2 * gb + 2 * sb
        if played >= 2:
            width += 2 * gb + 2 * sb
        return width

    def outside_parts(self) -> tuple[int, list[int]]:
        """``(base, part)`` with ``weight(h, l, False, False) == base + part[h] + part[l]`` for compatible pairs.

        Only the [C1]-[C5] completion field and the [C9] field are set for a pair
        formed below the brackets in hand, each the sum of one term per player;
        every other field of :meth:`weight` is gated by ``in_current`` or
        ``in_next`` (tests check the identity on real tournaments).
        """
        gb, sb = self.group_bits, self.score_bits
        below_c9 = self.below_c9
        below_c1 = below_c9 + 4 * gb + 2 * sb
        part = []
        for p in self.players:
            c9 = self.played_rank[p.played_games] if self.c9_active and p.score == self.bye_score else 0
            part.append(((not self.bye_candidate(p)) << below_c1) + (c9 << below_c9))
        return 1 << below_c1, part


class _Solver:
    """The matching over every player still to pair, plus a dummy vertex for the PAB.

    Players below the brackets being paired ("lower" vertices, from ``low`` on)
    are joined by edges that carry only the completion and PAB fields, and those
    weights split as ``base + part[u] + part[v]``: among them any perfect
    matching is as good as another, only [C4] completability and the PAB matter.
    The matcher is therefore given only the lower-lower edges between players
    within ``BAND`` places of each other (and any edge found to be needed); the
    others stay out. After each solve the omitted edges are checked against the
    duals (LP duality: the matching is optimal on the whole graph when every
    omitted edge has non-negative reduced cost; blossom duals are non-negative,
    so ignoring them only makes the test stricter). Edges failing the test are
    added and the matching re-solved, so the result is a maximum-weight perfect
    matching of the whole graph, exactly.
    """

    BAND = 8

    def __init__(self, count: int) -> None:
        self.count = count
        self.dummy = count if count & 1 else -1
        self.m = PerfectMatcher(count + (1 if count & 1 else 0))
        if self.dummy >= 0:
            for v in range(count):
                self.m.set_weight(v, self.dummy, 1)
        self.mate: list[int] = []
        self.fixed: dict[int, int] = {}
        self.low = count  # vertices >= low (players only) are lower
        self.sparse = False
        self.base = 0
        self.part: list[int] = []
        self.compat: list[bytearray] = []
        self.extra: set[tuple[int, int]] = set()

    def build_sparse(self, low: int, base: int, part: list[int], compat: list[bytearray], upper) -> None:
        """Give the matcher its first weights, already thinned.

        Pairs of two players above ``low`` weigh ``upper(i, j)`` (``i > j``); every
        other pair weighs ``base + part[i] + part[j]`` when ``compat`` allows it,
        and only those within ``BAND`` places enter the matcher (the others are
        checked against the duals after each solve).
        """
        assert not self.extra and self.low == self.count
        self.base, self.part, self.compat = base, part, compat
        self.sparse = True
        self.low = low
        band = self.BAND
        m = self.m
        for i in range(self.count):
            ci = compat[i]
            if i < low:
                for j in range(i):
                    if ci[j]:
                        m.set_weight(i, j, upper(i, j))
            else:
                pi = part[i] + base
                for j in range(max(0, i - band), i):
                    if ci[j]:
                        m.set_weight(i, j, pi + part[j])

    def rebase(self, base: int, part: list[int]) -> None:
        """Every pair now weighs ``base + part[i] + part[j]`` (same compatibility): reweight the edges in the matcher."""
        self.base, self.part = base, part
        m = self.m
        compat = self.compat
        band = self.BAND
        low = self.low
        for i in range(self.count):
            ci = compat[i]
            pi = part[i] + base
            for j in range(i) if i < low else range(max(0, i - band), i):
                if ci[j]:
                    m.set_weight(i, j, pi + part[j])
        for u, v in self.extra:
            if compat[u][v]:
                m.set_weight(u, v, base + part[u] + part[v])

    def _omitted(self, u: int, v: int) -> bool:
        """Whether the edge is out of the matcher (at least one end must be lower)."""
        return abs(u - v) > self.BAND and ((u, v) if u < v else (v, u)) not in self.extra

    def _true(self, u: int, v: int) -> int:
        return self.base + self.part[u] + self.part[v] if self.compat[u][v] else 0

    def set_low(self, low: int, rewritten: bool = False) -> None:
        """The players from ``low`` on are below every bracket paired so far (``low`` only grows).

        ``rewritten``: the caller sets the weight of every pair of active players
        above ``low`` right after, so the omitted edges among them need not be
        given back first.
        """
        if not self.sparse or low >= self.count:
            if self.low < self.count and not rewritten:
                self._restore(self.count)
            self.low = self.count
            return
        if self.low == self.count:
            # first use: take the far edges of the lower players out of the matcher
            band = self.BAND
            active = self.m.active
            for v in range(low, self.count):
                for u in range(v - band):
                    if active[u]:
                        self.m.set_weight(u, v, 0)
            self.low = low
            return
        if low > self.low:
            if not rewritten:
                self._restore(low)
            self.low = low

    def _restore(self, hi: int) -> None:
        """Give back the omitted edges whose higher end is below ``hi`` (those players leave the lower part)."""
        band = self.BAND
        active = self.m.active
        extra = self.extra
        for v in range(self.low, hi):
            for u in range(v - band):
                if active[u] and (u, v) not in extra:
                    self.m.set_weight(u, v, self._true(u, v))

    def _smooth_duals(self) -> None:
        """Move the duals of lower pairs to the middle of their matched edge where that stays feasible.

        A sparse lower part lets the two ends of a matched lower-lower edge drift
        apart (one dual high, one low); the low ends would then fail the test of
        the omitted edges although a dual solution passing it exists. Setting both
        ends to ``2*part + base`` keeps the matched edge tight; it is kept only if
        every edge of the matcher at both ends stays non-negative (blossom members
        are left alone), so the duals remain a certificate for the kept graph.
        """
        m = self.m
        dual, mate, inb, adj, w, active = m.dual, m.mate, m.inblossom, m.adj, m.w, m.active
        part = self.part
        base = self.base
        count = self.count
        for u in range(self.low, count):
            v = mate[u]
            if v <= u or v >= count or inb[u] != u or inb[v] != v:
                continue
            nu = 2 * part[u] + base
            nv = 2 * part[v] + base
            ou, ov = dual[u], dual[v]
            if nu == ou:
                continue
            dual[u], dual[v] = nu, nv
            ok = True
            for x, dx in ((u, nu), (v, nv)):
                wx = w[x]
                for y in adj[x]:
                    if active[y] and dx + dual[y] < 2 * wx[y]:
                        ok = False
                        break
                if not ok:
                    break
            if not ok:
                dual[u], dual[v] = ou, ov

    def _violations(self) -> list[tuple[int, int]]:
        """Omitted edges (one end or both lower) whose reduced cost under the current duals is negative.

        The reduced cost of ``(u, v)`` is ``y[u] + y[v] - 2w + 2*Z`` with ``Z`` the
        sum of the duals of the blossoms holding both ends (matcher units). With
        ``r[x] = y[x] - 2*part[x]`` it is ``r[u] + r[v] - 2*base + 2*Z``. Pairs are
        grouped by their smallest common blossom (``Z`` is then fixed); a group is
        enumerated only when its cheapest children could fail the test.
        """
        self._smooth_duals()
        m = self.m
        dual, bparent, bchilds, nverts, active = m.dual, m.bparent, m.bchilds, m.n, m.active
        inblossom = m.inblossom
        part = self.part
        two_base = 2 * self.base
        low, count = self.low, self.count
        red = {x: dual[x] - 2 * part[x] for x in range(count) if active[x]}
        # least r over the lower leaves and over all player leaves of every node (None: no leaf)
        least_all: list[int | None] = [None] * (2 * nverts)
        least_low: list[int | None] = [None] * (2 * nverts)
        tops = []
        blossom_tops = set()
        for x, r in red.items():
            least_all[x] = r
            if x >= low:
                least_low[x] = r
            if bparent[x] == -1:
                tops.append(x)
                continue
            b = inblossom[x]  # the top-level blossom holding x
            if b not in blossom_tops:
                blossom_tops.add(b)
                tops.append(b)
        stack = [(b, False) for b in blossom_tops]
        while stack:
            node, done = stack.pop()
            if node < nverts:
                continue
            if not done:
                stack.append((node, True))
                stack.extend((c, False) for c in bchilds[node])  # type: ignore[union-attr]
                continue
            kids = bchilds[node]  # type: ignore[assignment]
            vals = [least_all[c] for c in kids if least_all[c] is not None]
            least_all[node] = min(vals) if vals else None  # type: ignore[type-var]
            vals = [least_low[c] for c in kids if least_low[c] is not None]
            least_low[node] = min(vals) if vals else None  # type: ignore[type-var]
        out: list[tuple[int, int]] = []
        # (children of a node, Z of the blossoms holding them); the root stands for "no blossom"
        todo: list[tuple[list[int], int]] = [(tops, 0)]
        while todo:
            children, z = todo.pop()
            limit = two_base - 2 * z
            # the two least r over the children (first = the earliest child holding the least)
            first = second = None
            first_at = -1
            for i, c in enumerate(children):
                v = least_all[c]
                if v is None:
                    continue
                if first is None or v < first:
                    second, first, first_at = first, v, i
                elif second is None or v < second:
                    second = v
            if second is not None:
                for i, c in enumerate(children):
                    lo = least_low[c]
                    if lo is not None and lo + (second if i == first_at else first) < limit:
                        self._enumerate(children, limit, red, out)
                        break
            for c in children:
                if c >= nverts and least_low[c] is not None:
                    todo.append((bchilds[c], z + dual[c]))  # type: ignore[arg-type]
        return out

    def _enumerate(self, children: list[int], limit: int, red: dict[int, int], out: list[tuple[int, int]]) -> None:
        """Omitted compatible pairs from different ``children`` whose ``r`` sum is below ``limit``."""
        nverts = self.m.n
        bleaves = self.m.bleaves
        low = self.low
        items = []
        for ci, c in enumerate(children):
            for x in (bleaves[c] if c >= nverts else (c,)):  # type: ignore[union-attr]
                r = red.get(x)
                if r is not None:
                    items.append((r, ci, x))
        items.sort()
        compat = self.compat
        for i in range(len(items) - 1):
            ri, ci, u = items[i]
            if ri + items[i + 1][0] >= limit:
                break
            cu = compat[u]
            for j in range(i + 1, len(items)):
                rj, cj, v = items[j]
                if ri + rj >= limit:
                    break
                if cj != ci and (u >= low or v >= low) and cu[v] and self._omitted(u, v):
                    out.append((u, v) if u < v else (v, u))

    def solve(self) -> None:
        while True:
            try:
                mate = self.m.solve()
            except NoPerfectMatching as exc:
                if self.low < self.count:
                    # the sparse lower part could not be completed: give it all its edges
                    self.set_low(self.count)
                    self.sparse = False
                    continue
                raise NoLegalPairing("no pairing satisfies the absolute criteria (C.04.3 art. 1.9.3)") from exc
            if self.low >= self.count:
                break
            bad = self._violations()
            if not bad:
                break
            for u, v in bad:
                self.extra.add((u, v) if u < v else (v, u))
                self.m.set_weight(u, v, self._true(u, v))
        # a player matched to the dummy is unpaired: report them as their own mate
        out = []
        for v, m in enumerate(mate[: self.count]):
            if m < 0:
                m = self.fixed.get(v, v)
            elif m == self.dummy:
                m = v
            out.append(m)
        self.mate = out

    def fix(self, u: int, v: int) -> None:
        """Take a decided pair out of the graph (it stays reported as matched)."""
        self.fixed[u] = v
        self.fixed[v] = u
        self.m.remove((u, v))


def pair(tournament: Tournament) -> PairingResult:
    """Pair the next round of ``tournament`` by the FIDE (Dutch) system, with the full explanation.

    The matching decides (:func:`pair_unexplained`); the explanation then
    retells that decision the way art. 3-4 generate it.
    """
    return narrate(tournament, pair_unexplained(tournament))


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
        total += _bits(counts[s])
    ctx = _Round(t, players, _bits(max(counts.values())), shift, total, topscorer_threshold(t))

    solver = _Solver(n)
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
                       s1_original, s2_original, exchange_count, floaters, reasons)

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


def _trace_bracket(trace, bracket_no, players, cur, size, mdp_count, mdp_pairs, rem_final,
                   s1, s2, exchanges, floaters, reasons) -> None:
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
