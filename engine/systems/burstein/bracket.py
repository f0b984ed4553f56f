"""Pairing the brackets of a Burstein round, from the top (C.04.4.2 art. 3.2 and 4).

A bracket is the incoming floaters plus the residents of the next score,
ranked together by the Index (art. 1.8) into BSNs 1..n (art. 4.1). The pairing
kept is the first, in the order of art. 4.3, among those best on [C4]-[C8]
(art. 3.2.2). One matching over every player still to pair finds the best on
the criteria: the pairs of this bracket and of the next carry them
(:mod:`weights`), everybody below only has to stay pairable, which the solver
checks without handing the matcher all their pairs. The order of art. 4.3
then picks among the best pairings player by player (:mod:`order`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from engine.matching.perfect import PerfectMatcher
from engine.matching.solver import Solver
from engine.model.explain import PlayerFacts, Step, TraceEvent, points_text
from engine.model.wording import N_, _, ngettext
from engine.systems.brackets import PlayerView
from engine.systems.burstein.index import Index
from engine.systems.burstein.order import Decider, Optimum
from engine.systems.burstein.weights import IN_BRACKET, IN_NEXT, Layout

RULE = "C.04.4.2"

_CRITERIA = {
    "[C5]": N_("the bracket would have fewer pairs"),
    "[C6]": N_("the outgoing floaters would have higher scores"),
    "[C7]": N_("the next bracket would pair fewer players, or higher floaters less"),
    "[C8]": N_("more players would not get their colour preference"),
}


@dataclass
class Brackets:
    """The state of the round while its brackets are paired, top down."""

    players: Sequence[PlayerView]  # vertex order: pairing score descending, then art. 1.8
    index: dict[int, Index]
    compat: list[bytearray]
    solver: Solver
    why_not: Callable[[PlayerView, PlayerView], tuple[str, str]]  # (reason, rule) of an incompatible pair
    pairs: list[tuple[int, int]] = field(default_factory=list)  # vertex pairs, bracket by bracket
    trace: list[TraceEvent] = field(default_factory=list)
    _floated: dict[int, int] = field(default_factory=dict)  # vertex -> the bracket it floated from
    _held: tuple[int, int, int] | None = None  # (v, u, weight) of a pair the explanation holds with a bonus

    @property
    def m(self) -> PerfectMatcher:
        return self.solver.m

    def _total(self) -> int:
        """The criteria and order carried by the current matching (each edge's base 1 left out)."""
        m = self.m
        w, mate, active = m.w, m.mate, m.active
        return sum(w[x][mate[x]] - 1 for x in range(m.n) if active[x] and x < mate[x] < self.solver.count)

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
        order = sorted(bracket, key=lambda v: self.index[p[v].id].key(p[v].rank))  # art. 4.1
        bsn = {v: k + 1 for k, v in enumerate(order)}
        layout = Layout([p[v] for v in order], [p[v] for v in following])
        self._set_weights(layout, order, bsn, following)
        self.solver.solve()
        optimum = Optimum(self.solver)
        pairs = Decider(self.solver, optimum, layout.tie_bits).pairs(order)
        mate = {v: -1 for v in order}
        for v, u in pairs:
            mate[v], mate[u] = u, v
        floaters = [v for v in order if mate[v] < 0]
        self._open(number, residents, incoming, order)
        self._propose(number, order, len(pairs))
        self._explain(number, layout, order, bsn, mate, optimum)
        for v, u in pairs:
            self.solver.fix(v, u)
            self.pairs.append((v, u))
            self.trace.append(TraceEvent(
                Step.PAIRED,
                _("BSN {bsn} ({player}) - BSN {other_bsn} ({other})").format(bsn=bsn[v], player=p[v].id,
                                                                             other_bsn=bsn[u], other=p[u].id),
                f"{RULE} art. 4.3",
                bracket=number,
                players=(p[v].id, p[u].id),
                data={"pairs": [(p[v].id, p[u].id)], "bsn": [bsn[v], bsn[u]]},
            ))
        for v in floaters:
            self._floated[v] = number
            self.trace.append(TraceEvent(
                Step.FLOATER,
                _("{player} ({score}) floats down to the next bracket").format(player=p[v].id,
                                                                               score=points_text(p[v].score)),
                f"{RULE} art. 4.2",
                bracket=number,
                players=(p[v].id,),
                data={"score": str(p[v].score), "bsn": bsn[v]},
            ))
        return floaters

    def _set_weights(self, layout: Layout, order: list[int], bsn: dict[int, int], following: list[int]) -> None:
        """Every pair of this bracket and the next gets its weight; everybody below stays at 1 (sparse)."""
        p = self.players
        role = {v: IN_BRACKET for v in order}
        role.update({v: IN_NEXT for v in following})
        below = [v for v in range(len(p)) if self.m.active[v] and v not in role]
        self.solver.set_low(min(below, default=len(p)), rewritten=True)
        mset = self.m.set_weight
        members = order + following
        floated = self._floated
        for x, u in enumerate(members):
            cu = self.compat[u]
            fu = floated.get(u)
            for v in members[:x]:
                if not cu[v] or (fu is not None and fu == floated.get(v)):
                    mset(u, v, 0)  # [C1]-[C3]; or both left the same bracket unpaired
                    continue
                mset(u, v, layout.weight(p[u], role[u], p[v], role[v]))

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
        members = incoming + residents
        self.trace.append(TraceEvent(
            Step.BRACKET,
            _("Bracket {bracket}, score {score}: ranked by the Index: {ranked}").format(
                bracket=number, score=points_text(score), ranked=ranked),
            f"{RULE} art. 1.8, 4.1",
            bracket=number,
            players=tuple(p[v].id for v in members),
            data={
                "score": str(score),
                "residents": [p[v].id for v in residents],
                "mdps": [p[v].id for v in incoming],
                "index": table,
            },
            facts=tuple(self._facts(v, order.index(v) + 1) for v in members),
        ))

    def _facts(self, v: int, bsn: int) -> PlayerFacts:
        """``v`` as this bracket ranks it: pairing score, colours, and the Index behind its BSN (art. 1.8, 4.1)."""
        p = self.players[v]
        ix = self.index[p.id]
        extra: dict[str, Decimal | int | str] = {"BSN": bsn, "BH": ix.buchholz, "SB": ix.sonneborn_berger}
        c = p.colours
        return PlayerFacts(p.id, p.score, c.history, c.preference, c.strength, (), extra,
                           virtual=p.score - p.real_score)

    def _propose(self, number: int, order: list[int], pairs: int) -> None:
        """Art. 3.2.1 and 4.2: P pairs and F floaters; the first candidate of art. 4.3 is the fold."""
        p = self.players
        floats = len(order) - 2 * pairs
        first = [(order[k], order[len(order) - 1 - k]) for k in range(pairs)]
        down = order[pairs:len(order) - pairs]
        text = ", ".join(f"{p[a].id}-{p[b].id}" for a, b in first) or _("no pair")
        if down:
            text = _("{pairs}; {floaters} against BSN 0 (floating)").format(
                pairs=text, floaters=", ".join(str(p[v].id) for v in down))
        counts = (ngettext("{pairs} pair", "{pairs} pairs", pairs).format(pairs=pairs) + ", "
                  + ngettext("{floaters} floater", "{floaters} floaters", floats).format(floaters=floats))
        self.trace.append(TraceEvent(
            Step.PROPOSAL,
            _("{counts}; first candidate (high BSN against low): {candidate}").format(counts=counts, candidate=text),
            f"{RULE} art. 3.2.1, 4.3",
            bracket=number,
            data={"pairs": [(p[a].id, p[b].id) for a, b in first], "floaters": [p[v].id for v in down]},
        ))

    def _explain(self, number: int, layout: Layout, order: list[int], bsn: dict[int, int],
                 mate: dict[int, int], optimum: Optimum) -> None:
        """A REJECTED event for each higher-BSN opponent a player did not get, with what stops it.

        Art. 4.3 tries the opponents of BSN 1 from the highest BSN down, then those
        of the lowest BSN not yet placed, and so on. An opponent passed over is
        either one the player may not meet ([C1]-[C3]), named at once, or one with
        whom the best pairing is worse on a criterion: the highest such opponent of
        each player is tried to name that criterion (from the duals of the
        bracket's solve where they show that pairing, else one solve).
        """
        p = self.players
        placed: set[int] = set()
        best = None
        for v in order:
            if v in placed:
                continue
            placed.add(v)
            partner = mate[v] if mate[v] in bsn else None
            limit = bsn[partner] if partner is not None else 0
            skipped = [u for u in reversed(order) if u not in placed and bsn[u] > max(limit, bsn[v])]
            told = False
            for u in skipped:
                if not self.m.w[v][u]:
                    reason, rule = self.why_not(p[v], p[u])
                elif told:
                    continue
                else:
                    if best is None:
                        best = layout.fields(self._total())
                    reason, rule = self._criterion_against(layout, best, v, u, optimum)
                    told = True
                self.trace.append(TraceEvent(
                    Step.REJECTED,
                    _("{pair} (BSN {bsn}) not possible: {reason}").format(
                        pair=f"{p[v].id}-{p[u].id}", bsn=f"{bsn[v]}-{bsn[u]}", reason=reason),
                    rule,
                    bracket=number,
                    players=(p[v].id, p[u].id),
                    data={"bsn": [bsn[v], bsn[u]], "reason": reason},
                ))
            if partner is not None:
                placed.add(partner)
        if self._release():
            self.solver.solve()

    def _criterion_against(self, layout: Layout, best: dict[str, int], v: int, u: int,
                           optimum: Optimum) -> tuple[str, str]:
        """The first criterion on which the best pairing holding ``v``-``u`` is worse than the one kept.

        Where the duals of the bracket's solve show that best pairing (:meth:`Optimum.forced`),
        no solve is needed.
        """
        weight = optimum.forced(v, u)
        if weight is not None:
            return self._worse_on(layout.fields(weight - optimum.pairs), best)  # the base 1 of each pair off
        m = self.m
        self._release()  # the pair held before is let go in the same solve
        plain = m.w[v][u]
        bonus = 1 << (layout.top + 1)
        m.set_weight(v, u, plain + bonus)
        self._held = (v, u, plain)
        self.solver.solve()
        held = m.mate[v] == u
        forced = layout.fields(self._total() - (bonus if held else 0))
        if not held:
            return _("the players left could not all be paired"), f"{RULE} [C4]"
        return self._worse_on(forced, best)

    @staticmethod
    def _worse_on(forced: dict[str, int], best: dict[str, int]) -> tuple[str, str]:
        for name, text in _CRITERIA.items():
            if forced[name] != best[name]:
                return _(text), f"{RULE} {name}"
        return _("the pairing kept comes first in the order of art. 4.3"), f"{RULE} art. 4.3"

    def _release(self) -> bool:
        """Give the pair held by :meth:`_criterion_against` its own weight back; True if there was one.

        The optimum of a set of weights does not depend on the solves before it,
        so letting a held pair go in the next solve gives what a solve of its own would.
        """
        if self._held is None:
            return False
        v, u, plain = self._held
        self.m.set_weight(v, u, plain)
        self._held = None
        return True
