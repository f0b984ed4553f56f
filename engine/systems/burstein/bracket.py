"""Pairing the brackets of a Burstein round, from the top (C.04.4.2 art. 3.2 and 4).

A bracket is the incoming floaters plus the residents of the next score,
ranked together by the Index (art. 1.8) into BSNs 1..n (art. 4.1). The pairing
kept is the first, in the order of art. 4.3, among those best on [C4]-[C8]:
BSN 1 gets the highest BSN it can have in such a pairing (an outgoing float,
"BSN 0", comes last), then the lowest BSN not yet placed, and so on.

One matching over every player still to pair carries the criteria
(:mod:`weights`); each decision adds, for one player only, a bonus growing
with the opponent's BSN to the low bits, re-solves, and fixes what that player
got. When the player's partner in the current best matching already is the
highest BSN it could have, the matching is kept as it is: the bonus could not
change it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.brackets import PlayerView
from engine.explain import PlayerFacts, Step, TraceEvent, points_text
from engine.matching import PerfectMatcher
from engine.systems.burstein.index import Index
from engine.systems.burstein.weights import BELOW, IN_BRACKET, IN_NEXT, Layout

RULE = "C.04.4.2"


@dataclass
class Brackets:
    """The state of the round while its brackets are paired, top down."""

    players: Sequence[PlayerView]  # vertex order: pairing score descending, then art. 1.8
    index: dict[int, Index]
    compat: list[bytearray]
    layout: Layout
    m: PerfectMatcher
    why_not: Callable[[PlayerView, PlayerView], tuple[str, str]]  # (reason, rule) of an incompatible pair
    pairs: list[tuple[int, int]] = field(default_factory=list)  # vertex pairs, in the order they were fixed
    trace: list[TraceEvent] = field(default_factory=list)
    _floated: dict[int, int] = field(default_factory=dict)  # vertex -> the bracket it floated from

    # -- weights --------------------------------------------------------------

    def _weight(self, u: int, ru: int, v: int, rv: int) -> int:
        if not self.compat[u][v]:
            return 0
        fu = self._floated.get(u)
        if fu is not None and fu == self._floated.get(v):
            return 0  # both left the same bracket unpaired: they cannot meet now
        return self.layout.weight(self.players[u], ru, self.players[v], rv)

    def _total(self) -> int:
        m = self.m
        w, mate, active = m.w, m.mate, m.active
        return sum(w[x][mate[x]] for x in range(m.n) if active[x] and mate[x] > x)

    # -- the round --------------------------------------------------------------

    def pair_all(self, active: Sequence[int]) -> None:
        """Pair every vertex of ``active`` (their count is even), bracket by bracket."""
        groups: list[list[int]] = []
        for v in active:
            if groups and self.players[groups[-1][0]].score == self.players[v].score:
                groups[-1].append(v)
            else:
                groups.append([v])
        floaters: list[int] = []
        for g, group in enumerate(groups):
            following = groups[g + 1] if g + 1 < len(groups) else []
            floaters = self._bracket(g + 1, floaters, group, following)
        if floaters:  # cannot happen: the matching is perfect
            raise AssertionError("players left unpaired after the last bracket")

    def _bracket(self, number: int, incoming: list[int], residents: list[int], following: list[int]) -> list[int]:
        """Pair one bracket; returns its outgoing floaters."""
        p = self.players
        bracket = incoming + residents
        role = {v: IN_BRACKET for v in bracket}
        role.update({v: IN_NEXT for v in following})
        members = bracket + following
        mset = self.m.set_weight
        for x, u in enumerate(members):
            for v in members[:x]:
                mset(u, v, self._weight(u, role[u], v, role[v]))
        order = sorted(bracket, key=lambda v: self.index[p[v].id].key(p[v].rank))  # art. 4.1
        bsn = {v: k + 1 for k, v in enumerate(order)}
        self.m.solve()
        self._open(number, residents, incoming, order)
        in_pairs = sum(1 for v in bracket if self.m.mate[v] in role and role[self.m.mate[v]] == IN_BRACKET) // 2
        self._propose(number, order, in_pairs)
        undecided = set(order)
        floaters: list[int] = []
        stale = False
        for v in order:
            if v not in undecided:
                continue
            undecided.discard(v)
            later = [u for u in order if u in undecided and bsn[u] > bsn[v]]
            cands = [u for u in later if self.m.w[v][u]]
            if stale:
                self.m.solve()
                stale = False
            mate = self.m.mate[v]
            if cands and mate != cands[-1]:
                mate = self._best_partner(v, cands, bsn)
            taken = mate if mate in undecided else None
            skipped = [u for u in later if taken is None or bsn[u] > bsn[taken]]
            self._explain_skipped(number, v, skipped, bsn, role)
            # the explanation may have moved to another equally good matching: the one in hand
            # must hold the decision before the next player reads their partner from it
            stale = self.m.mate[v] != mate
            if taken is not None:
                undecided.discard(taken)
                self.pairs.append((v, taken))
                self.m.remove((v, taken))
                self.trace.append(TraceEvent(
                    Step.PAIRED,
                    f"BSN {bsn[v]} ({p[v].id}) - BSN {bsn[taken]} ({p[taken].id})",
                    f"{RULE} art. 4.3",
                    bracket=number,
                    players=(p[v].id, p[taken].id),
                    data={"pairs": [(p[v].id, p[taken].id)], "bsn": [bsn[v], bsn[taken]]},
                ))
            else:
                floaters.append(v)
                self._floated[v] = number
                for u in bracket:
                    if u != v and self.m.active[u]:
                        mset(v, u, 0)
        for v in floaters:
            self.trace.append(TraceEvent(
                Step.FLOATER,
                f"{p[v].id} ({points_text(p[v].score)}) floats down to the next bracket",
                f"{RULE} art. 4.2",
                bracket=number,
                players=(p[v].id,),
                data={"score": str(p[v].score), "bsn": bsn[v]},
            ))
        return floaters

    def _best_partner(self, v: int, cands: list[int], bsn: dict[int, int]) -> int:
        """Art. 4.3: the partner of ``v`` in the best pairing that gives it the highest BSN it can have."""
        m = self.m
        at = self.layout.order_at
        plain = {u: m.w[v][u] for u in cands}
        for u in cands:
            m.set_weight(v, u, plain[u] + (bsn[u] << at))
        m.solve()
        mate = m.mate[v]
        for u in cands:
            m.set_weight(v, u, plain[u])
        return mate

    # -- explanation ----------------------------------------------------------------

    def _open(self, number: int, residents: list[int], incoming: list[int], order: list[int]) -> None:
        p = self.players
        score = p[residents[0]].score if residents else p[incoming[0]].score
        table = [
            {
                "bsn": k + 1,
                "id": p[v].id,
                "score": str(p[v].score),
                "buchholz": str(self.index[p[v].id].buchholz),
                "sonneborn_berger": str(self.index[p[v].id].sonneborn_berger),
            }
            for k, v in enumerate(order)
        ]
        ranked = ", ".join(
            f"{row['bsn']}: {row['id']} (BH {points_text(row['buchholz'])}, SB {points_text(row['sonneborn_berger'])})"
            for row in table
        )
        self.trace.append(TraceEvent(
            Step.BRACKET,
            f"Bracket {number}, score {points_text(score)}: ranked by the Index: {ranked}",
            f"{RULE} art. 1.8, 4.1",
            bracket=number,
            players=tuple(p[v].id for v in incoming + residents),
            data={
                "score": str(score),
                "residents": [p[v].id for v in residents],
                "mdps": [p[v].id for v in incoming],
                "index": table,
            },
            facts=tuple(self._facts(v, bsn) for v in incoming + residents for bsn in [order.index(v) + 1]),
        ))

    def _facts(self, v: int, bsn: int) -> PlayerFacts:
        """``v`` as this bracket ranks it: pairing score, colours, and the Index behind its BSN (art. 1.8, 4.1)."""
        p = self.players[v]
        ix = self.index[p.id]
        extra = {"BSN": bsn, "BH": ix.buchholz, "SB": ix.sonneborn_berger}
        c = p.colours
        return PlayerFacts(p.id, p.score, c.history, c.preference, c.strength, (), extra)

    def _propose(self, number: int, order: list[int], pairs: int) -> None:
        """Art. 3.2.1 and 4.2: P pairs and F floaters; the first candidate of art. 4.3 is the fold."""
        p = self.players
        floats = len(order) - 2 * pairs
        first = [(order[k], order[len(order) - 1 - k]) for k in range(pairs)]
        down = order[pairs:len(order) - pairs]
        text = ", ".join(f"{p[a].id}-{p[b].id}" for a, b in first) or "no pair"
        if down:
            text += "; " + ", ".join(str(p[v].id) for v in down) + " against BSN 0 (floating)"
        self.trace.append(TraceEvent(
            Step.PROPOSAL,
            f"{pairs} pair(s), {floats} floater(s); first candidate (high BSN against low): {text}",
            f"{RULE} art. 3.2.1, 4.3",
            bracket=number,
            data={"pairs": [(p[a].id, p[b].id) for a, b in first], "floaters": [p[v].id for v in down]},
        ))

    def _explain_skipped(self, number: int, v: int, skipped: list[int], bsn: dict[int, int],
                         role: dict[int, int]) -> None:
        """A REJECTED event for each higher-BSN opponent ``v`` does not get, with the criterion that stops it."""
        p = self.players
        worse_told = False
        for u in reversed(skipped):  # the order art. 4.3 tries them: highest BSN first
            if not self.m.w[v][u]:
                reason, rule = self.why_not(p[v], p[u])
            elif worse_told:
                continue
            else:
                reason, rule = self._criterion_against(v, u)
                worse_told = True
            self.trace.append(TraceEvent(
                Step.REJECTED,
                f"{p[v].id}-{p[u].id} (BSN {bsn[v]}-{bsn[u]}) not possible: {reason}",
                rule,
                bracket=number,
                players=(p[v].id, p[u].id),
                data={"bsn": [bsn[v], bsn[u]], "reason": reason},
            ))

    def _criterion_against(self, v: int, u: int) -> tuple[str, str]:
        """The first criterion on which the best pairing holding ``v``-``u`` is worse than the one kept."""
        m = self.m
        layout = self.layout
        best = layout.fields(self._total())
        plain = m.w[v][u]
        bonus = 1 << (layout.base_at + layout.gb + 1)
        m.set_weight(v, u, plain + bonus)
        m.solve()
        held = m.mate[v] == u
        forced = layout.fields(self._total() - (bonus if held else 0))
        m.set_weight(v, u, plain)
        m.solve()
        if not held:
            return "the players left could not all be paired", f"{RULE} [C4]"
        words = {
            "[C5]": "the bracket would have fewer pairs",
            "[C6]": "the outgoing floaters would have higher scores",
            "[C7]": "the next bracket would pair worse",
            "[C8]": "more players would not get their colour preference",
        }
        for name, text in words.items():
            if forced[name] < best[name]:
                return text, f"{RULE} {name}"
        return "an equally good pairing comes first in the order of art. 4.3", f"{RULE} art. 4.3"


__all__ = ["Brackets", "BELOW", "IN_BRACKET", "IN_NEXT"]
