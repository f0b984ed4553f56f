"""Pairing one scoregroup of the Lim system (C.04.4.3 art. 2.3-2.5, 3, 4, 5.2).

The order of a person pairing by hand: the players with no suitable opponent
leave first (2.3.1-2.3.3), an odd group gives up one more (2.3.4, art. 3), the
incoming floaters are paired first (3.6-3.8), the others get the proposed
pairing 1 v n/2+1 (2.4) and exchanges until every pair is compatible (art. 4),
then a second scrutiny exchanges opponents for colours where it can (5.2).
Only pairs the group can keep without losing a pairing are ever written down:
a maximum matching of the group answers that question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from engine.matching.cardinality import Matching
from engine.model.explain import Step, TraceEvent, points_text
from engine.model.tournament import Colour
from engine.model.wording import _, ngettext
from engine.systems.lim.citations import cite
from engine.systems.lim.exchanges import Exchange, GroupSearch, Pair, candidates, perfect_possible, proposal
from engine.systems.lim.floaters import (
    DOWN,
    MAXI_BAND,
    TYPE_WORDS,
    Floater,
    choose_evenness_floater,
    evenness_why,
    floater_type,
    forced_reason,
    incoming_order,
    opponent_preference,
    rank_order,
)
from engine.systems.lim.players import LimPlayer, facts


@dataclass
class Context:
    """What every group of the round shares."""

    players: dict[int, LimPlayer]
    why_not: Callable[[int, int], str]  # "" when compatible (art. 2.1; art. 6 in the last round)
    compatible: Callable[[int, int], bool]  # the same test without the words
    maxi: bool
    round: int = 0  # the round being paired (for the facts shown in the review)

    def proper(self, a: int, b: int) -> bool:
        """Art. 5.2: both can have the colour they are due."""
        da, db = self.players[a].due, self.players[b].due
        return da is Colour.NONE or db is Colour.NONE or da is not db


@dataclass
class Outcome:
    pairs: list[Pair] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)
    events: list[TraceEvent] = field(default_factory=list)
    blocked: str = ""  # the median group could not be paired: why (art. 2.6)


@dataclass
class Group:
    """One scoregroup being paired; ``incoming`` floated in, ``adjacent`` is the next group's residents."""

    ctx: Context
    number: int
    score: Decimal
    residents: list[int]
    incoming: list[int]
    downfloaters: set[int]
    direction: str
    adjacent: list[int]
    median: bool = False
    out: Outcome = field(default_factory=Outcome)
    evenness: int | None = None  # the player floated to make the group even (art. 2.3.4), who may come back (4.4.1)
    text_floater: bool = True  # 2.3.4 floats the player art. 3 names; False: only one whose leaving costs no pair

    def event(self, step: Step, text: str, rule: str = "", players: tuple[int, ...] = (), **data: object) -> None:
        shown = tuple(facts(self.ctx.players[pid], self.ctx.round) for pid in players) if step is Step.BRACKET else ()
        self.out.events.append(TraceEvent(step, text, rule, bracket=self.number, players=players, data=data,
                                          facts=shown))

    def float_out(self, pid: int, article: str, reason: str) -> None:
        kind = floater_type(pid, set(self.incoming), self.adjacent, self.ctx.compatible)
        f = Floater(pid, self.direction, kind, article, reason)
        self.out.floaters.append(f)
        told = (_("{player} floats down ({type}): {reason}") if self.direction == DOWN else
                _("{player} floats up ({type}): {reason}"))
        self.event(Step.FLOATER, told.format(player=pid, type=_(TYPE_WORDS[kind]), reason=reason), article, (pid,),
                   type=kind, direction=self.direction, reason=reason)

    def pair(self) -> Outcome:
        members = rank_order(self.residents + self.incoming, DOWN if self.median else self.direction)
        if not members:
            return self.out
        told = (_("Scoregroup {score} (median group)") if self.median else
                _("Scoregroup {score} (paired downward)") if self.direction == DOWN else
                _("Scoregroup {score} (paired upward)"))
        self.event(Step.BRACKET, told.format(score=points_text(self.score)), "C.04.4.3 art. 2.2",
                   tuple(members), score=str(self.score), residents=list(self.residents),
                   mdps=list(self.incoming), direction=self.direction, median=self.median)
        members = self._forced(members)
        if self.out.blocked:
            return self.out
        matching, index = perfect_possible(members, self.ctx.compatible)
        if self.median and 2 * matching.size < len(members):
            self.out.blocked = _("only {possible} of {pairs} pairs are possible").format(possible=matching.size,
                                                                                          pairs=len(members) // 2)
            return self.out
        most = matching.size
        odd = len(members) % 2 == 1
        if odd:
            members = self._make_even(members, matching, index)
        members = self._floaters_first(members, matching, index)
        self._residents(members, matching, index)
        if odd and self.text_floater and len(self.out.pairs) < most:
            # the text's floater, even brought back by 4.4.1, costs the group a pair: our reading
            # (docs/systems.md) then floats the first player art. 3 names whose leaving costs none
            return replace(self, out=Outcome(), evenness=None, text_floater=False).pair()
        return self.out

    def _forced(self, members: list[int]) -> list[int]:
        """Art. 2.3.1-2.3.3: players without a compatible opponent in the group leave it first."""
        changed = True
        while changed:
            changed = False
            for pid in list(members):
                others = [q for q in members if q != pid]
                if others and any(self.ctx.compatible(pid, q) for q in others):
                    continue
                if len(members) == 1 and not self.median:
                    break  # a lone player simply makes the group odd (2.3.4)
                article, reason = forced_reason(self.ctx.players[pid], others)
                if self.median:
                    self.out.blocked = reason
                    return members
                self.float_out(pid, article, reason)
                members.remove(pid)
                changed = True
        return members

    def _make_even(self, members: list[int], matching: Matching, index: dict[int, int]) -> list[int]:
        """Art. 2.3.4 and 3: one player leaves an odd group, the one art. 3 names.

        Should that player be needed for a pair, art. 4.4.1 brings it back in place of the
        player left without an opponent. Only when even that leaves the group a pair short
        (``text_floater`` off) is the first player named whose leaving costs no pair taken.
        """
        types = {q: floater_type(q, set(self.incoming), self.adjacent, self.ctx.compatible) for q in members}
        named, article = choose_evenness_floater(members, types, self.ctx.players, self.direction, self.ctx.maxi,
                                                 lambda q: True)
        reason = _("the group must be even")
        chosen = named
        if not self.text_floater:
            chosen, article = choose_evenness_floater(members, types, self.ctx.players, self.direction,
                                                      self.ctx.maxi, lambda q: matching.without([index[q]], 0)[0])
        if chosen == named:
            reason += "; " + evenness_why(chosen, article, members, types, self.ctx.players, self.direction)
        if not self.text_floater:
            if chosen != named:
                reason += "; " + _("{player}, whom {article} names first, is passed over: the group would be a pair "
                                   "short without {player}, even with {player} brought back by {back}").format(
                    player=named, article=cite(article), back=cite("4.4.1"))
        self.float_out(chosen, article, reason)  # the article that chose the player; 2.3.4 only when alone
        ok, repaired = matching.without([index[chosen]], 0)
        matching.adopt(repaired)
        self.evenness = chosen
        return [q for q in members if q != chosen]

    def _floaters_first(self, members: list[int], matching: Matching, index: dict[int, int]) -> list[int]:
        """Art. 3.6-3.8: incoming floaters are paired before the others, with a player due the other colour."""
        rest = list(members)
        for f in incoming_order([q for q in self.incoming if q in rest], self.ctx.players, self.downfloaters,
                                self.direction):
            if f not in rest:
                continue
            available = [q for q in rest if q != f]
            chosen = None
            for q in opponent_preference(self.ctx.players[f], available, self.ctx.players, self.direction,
                                         self.ctx.maxi):
                if self.ctx.compatible(f, q):
                    ok, repaired = matching.without([index[f], index[q]], 1)
                    if ok:
                        chosen = q
                        matching.adopt(repaired)
                        break
            if chosen is None:
                ok, repaired = matching.without([index[f]], 0)
                matching.adopt(repaired)
                self.float_out(f, "C.04.4.3 art. 3.5",
                               _("{player} has no compatible opponent that leaves the group paired").format(player=f))
                rest.remove(f)
                continue
            due = self.ctx.players[chosen].due is self.ctx.players[f].due.opposite
            told = (_("floater {player} paired with {other}, due the other colour") if due else
                    _("floater {player} paired with {other}, the first compatible player"))
            self.event(Step.PAIRED, told.format(player=f, other=chosen), "C.04.4.3 art. 3.8", (f, chosen),
                       pairs=[(f, chosen)])
            self.out.pairs.append((f, chosen))
            rest = [q for q in rest if q not in (f, chosen)]
        return rest

    def _residents(self, members: list[int], matching: Matching, index: dict[int, int]) -> None:
        """Art. 2.4, 4: the proposed pairing and its exchanges; art. 5.2: the colour scrutiny."""
        order = rank_order(members, DOWN if self.median else self.direction)
        if len(order) < 2:
            for pid in order:
                self.float_out(pid, "C.04.4.3 art. 2.3.4", _("{player} is left without an opponent").format(player=pid))
            return
        half = len(order) // 2
        proposed = ", ".join(f"{a}-{b}" for a, b in proposal(order))
        self.event(Step.PROPOSAL, _("proposed: {pairs}").format(pairs=proposed),
                   "C.04.4.3 art. 2.4", tuple(order), s1=order[:half], s2=order[half:], pairs=proposal(order))
        search = GroupSearch(order, self.ctx.why_not)
        pairs = search.plain() if 2 * matching.size == len(order) else None
        if pairs is None:
            universe = order + ([self.evenness] if self.evenness is not None else [])
            sub, sub_index = perfect_possible(universe, self.ctx.compatible)
            if self.evenness is not None:
                partner = sub.remove(sub_index[self.evenness])
                if partner != -1:
                    sub.augment_from(partner)
            told = len(self.out.events)
            pairs, floated = search.lookahead(sub, sub_index, self._stuck_handler(sub, sub_index))
            gone = {f.player for f in self.out.floaters}
            for pid in floated:
                if pid not in gone:
                    self.float_out(pid, "C.04.4.3 art. 4.4",
                                   _("{player} is left without a compatible opponent").format(player=pid))
            after = self.out.events[told:]  # who floated is told after the exchanges that failed them
            del self.out.events[told:]
        else:
            after = []
        for ex in search.exchanges:  # 4.2 tables the first player's exchanges, 4.3 those of the players after it
            self._exchange_event(ex, "C.04.4.3 art. 4.2" if ex.player == order[0] else "C.04.4.3 art. 4.3")
        self.out.events.extend(after)
        pairs = self._colour_scrutiny(pairs)
        self.out.pairs.extend(pairs)
        if pairs:
            self.event(Step.PAIRED, _("kept: {pairs}").format(pairs=", ".join(f"{a}-{b}" for a, b in pairs)),
                       "C.04.4.3 art. 4",
                       tuple(x for p in pairs for x in p), pairs=list(pairs))

    def _stuck_handler(self, matching: Matching, index: dict[int, int]) -> Callable[[int, list[int]], list[int]]:
        """Art. 4.4: a player who cannot be paired floats; the group is made even again."""
        state = {"returned": False}

        def on_stuck(pid: int, rest: list[int]) -> list[int]:
            partner = matching.remove(index[pid])
            if partner != -1:
                matching.augment_from(partner)
            self.float_out(pid, "C.04.4.3 art. 4.4",
                           _("{player} has no compatible opponent left in the group").format(player=pid))
            rest = [q for q in rest if q != pid]
            if self.evenness is not None and not state["returned"] and self.evenness in index:
                state["returned"] = True  # 4.4.1: the player floated to make the group even comes back
                e = self.evenness
                self.out.floaters = [f for f in self.out.floaters if f.player != e]
                self.event(Step.NOTE, _("{player}, floated to make the group even, is exchanged with {other}: {player} "
                                        "comes back into the group, {other} floats").format(player=e, other=pid),
                           "C.04.4.3 art. 4.4.1", (e, pid))
                matching.active[index[e]] = True
                matching.augment_from(index[e])
                return rank_order(rest + [e], DOWN if self.median else self.direction)
            passed: list[int] = []
            for q in reversed(rest):  # 4.4.2: the lowest ranked player left floats with it
                ok, repaired = matching.without([index[q]], 0)
                if ok:
                    matching.adopt(repaired)
                    told = (_("{player} floats with {other} to keep the group even") if not passed else
                            ngettext("{player} floats with {other} to keep the group even ({passed} passed over: the "
                                     "group would be a pair short without that player)",
                                     "{player} floats with {other} to keep the group even ({passed} passed over: the "
                                     "group would be a pair short without them)", len(passed)))
                    self.float_out(q, "C.04.4.3 art. 4.4.2", told.format(player=q, other=pid,
                                                                         passed=", ".join(map(str, passed))))
                    return [x for x in rest if x != q]
                passed.append(q)
            return rest
        return on_stuck

    def _exchange_event(self, ex: Exchange, rule: str = "C.04.4.3 art. 4.2") -> None:
        fields = {"player": ex.player, "ordinal": _ordinal(ex.number + 1), "reason": ex.reason,
                  "arrangement": ", ".join(f"{a}-{b}" for a, b in ex.arrangement)}
        told = (_("{player}'s opponent exchanged ({player}'s {ordinal} candidate) because {reason}: {arrangement}")
                if ex.reason else
                _("{player}'s opponent exchanged ({player}'s {ordinal} candidate): {arrangement}"))
        self.event(Step.EXCHANGE, told.format(**fields), rule,
                   tuple(x for p in ex.arrangement for x in p), number=ex.number, player=ex.player,
                   pairs=list(ex.arrangement), reason=ex.reason, failed=ex.failed)

    def _colour_scrutiny(self, pairs: list[Pair]) -> list[Pair]:
        """Art. 5.2 (5.7 in a Maxi-tournament): exchanges that give both players the colour they are due.

        The pairs are scrutinised in the order they were made; a pair whose players are due the
        same colour takes, if it can, the first opponent in the art. 4 order who is due the other
        colour and leaves the players after it a compatible pairing (the pairs before it stay).
        """
        direction = DOWN if self.median else self.direction
        i = 0
        while i < len(pairs):
            p, q = pairs[i]
            if not self.ctx.proper(p, q):
                rest = rank_order([x for pair in pairs[i:] for x in pair], direction)
                replaced = self._colour_exchange(p, q, rest)
                if replaced is not None:
                    pairs = pairs[:i] + replaced
            i += 1
        return pairs

    def _colour_exchange(self, p: int, q: int, rest: list[int]) -> list[Pair] | None:
        ctx = self.ctx
        for number, r in enumerate(candidates(rest)):
            if r == q or not ctx.compatible(p, r) or not ctx.proper(p, r):
                continue
            if ctx.maxi and abs(ctx.players[r].rating - ctx.players[q].rating) > MAXI_BAND:
                continue
            others = [x for x in rest if x not in (p, r)]
            found = complete_pairing(others, ctx)
            if found is None:
                continue
            told = (_("{player} and {other} are both due white") if ctx.players[p].due is Colour.WHITE else
                    _("{player} and {other} are both due black"))
            arrangement = [(p, r)] + found
            self._exchange_event(Exchange(p, number, tuple(arrangement), told.format(player=p, other=q), None),
                                 "C.04.4.3 art. 5.2")
            return arrangement
        return None



def complete_pairing(order: list[int], ctx: Context) -> list[Pair] | None:
    """The first compatible pairing of ``order`` in art. 4 order, or None when there is none.

    Tries the arbiter's search briefly (it nearly always pairs at the first attempt), then
    looks ahead with a maximum matching.
    """
    quick = GroupSearch(order, ctx.why_not, record=False, budget=2 * len(order) + 20).plain()
    if quick is not None:
        return quick
    matching, index = perfect_possible(order, ctx.compatible)
    if 2 * matching.size < len(order):
        return None
    found, _floated = GroupSearch(order, ctx.why_not, record=False).lookahead(matching, index, lambda pid, left: left)
    return found


def _ordinal(n: int) -> str:
    """``n`` as an ordinal ("2nd"), its ending in the reader's language."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return _("{n}th").format(n=n)
    return {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}[n % 10].format(n=n)
