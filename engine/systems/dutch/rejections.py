"""Why a proposed pair of a Dutch bracket was not kept, with the rule that decided.

Absolute reasons (a rematch, a forbidden pair, [C3]) are facts and are stated
as such. Quality reasons come from comparing candidates of the bracket on the
criteria that depend on the bracket alone ([C10]-[C21], read through
:class:`RoundCriteria` from engine.systems.brackets and engine.systems.colours): the proposed
candidate with the one kept, or every candidate keeping the pair when the
bracket is small. Criteria that depend on the rest of the round ([C4], [C5],
[C8], [C9]) are not recomputed; where they must have decided, the text says
so instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from math import comb

from engine.model.explain import Step, TraceEvent, points_text
from engine.model.terms import Float
from engine.model.tournament import Colour, Tournament
from engine.model.wording import _, ngettext
from engine.systems.dutch.criteria_words import Failure, Fields, amount, too_few_pairs, wording
from engine.systems.brackets import PlayerView
from engine.systems.colours import compatible_preferences

Pair = tuple[int, int]
Vector = dict[str, Failure]

# criteria compared on a bracket's candidate, in their order of priority (art. 2)
_CRITERIA = ("C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17", "C19", "C21")



@dataclass
class RoundCriteria:
    t: Tournament
    views: dict[int, PlayerView]
    order: dict[int, int]  # art. 1.2 position
    top: Decimal | None  # topscorer threshold (final round only)
    bye: int | None = None  # the pairing-allocated bye of the result being told

    def topscorer(self, pid: int) -> bool:
        return self.top is not None and self.views[pid].score > self.top

    def met_in(self, a: int, b: int) -> int | None:
        """The round in which ``a`` and ``b`` played each other ([C1]), if any."""
        if b not in self.views[a].opponents:
            return None
        player = self.t.player(a)
        for r in range(1, self.t.rounds_played + 1):
            e = player.entry(r)
            if e.is_game and e.opponent == b:
                return r
        return None

    def legal(self, a: int, b: int) -> bool:
        key = (a, b) if a < b else (b, a)
        cache: dict[Pair, bool] = self.__dict__.setdefault("_legal", {})
        if key not in cache:
            cache[key] = self.absolute_reason(a, b) is None
        return cache[key]

    def absolute_reason(self, a: int, b: int) -> tuple[str, str] | None:
        """Why ``a`` and ``b`` may not meet at all: (text, rule), or None."""
        rnd = self.met_in(a, b)
        if rnd is not None:
            return _("they met in round {round}").format(round=rnd), "C.04.3 [C1]"
        if self.t.is_forbidden(a, b):
            return _("forbidden pair (they must not meet in this event)"), "C.04.2 forbidden pairs"
        ca, cb = self.views[a].colours, self.views[b].colours
        if ca.absolute and cb.absolute and ca.preference is cb.preference:
            if not (self.topscorer(a) or self.topscorer(b)):
                told = _("both must have White") if ca.preference is Colour.WHITE else _("both must have Black")
                return told, "C.04.3 [C3]"
        return None

    # -- failures of one pair on the colour and float criteria -------------------------

    def pair_failures(self, a: int, b: int) -> dict[str, int]:
        key = (a, b) if a < b else (b, a)
        cache: dict[Pair, dict[str, int]] = self.__dict__.setdefault("_failures", {})
        if key not in cache:
            cache[key] = self._pair_failures(a, b)
        return cache[key]

    def _pair_failures(self, a: int, b: int) -> dict[str, int]:
        x, y = self.views[a], self.views[b]
        h, low = (x, y) if self.order[a] < self.order[b] else (y, x)
        ca, cb = low.colours, h.colours
        out: dict[str, int] = {}
        same = ca.preference is cb.preference and ca.preference is not Colour.NONE
        if same and ca.absolute_imbalance and cb.absolute_imbalance:
            out["C10"] = 1
        if same and ca.absolute and cb.absolute:
            if ca.imbalance == cb.imbalance:
                ok = ca.repeated is Colour.NONE or ca.repeated is not cb.repeated
            else:
                yielding = cb if ca.imbalance > cb.imbalance else ca
                ok = yielding.repeated is not ca.preference.opposite
            if not ok:
                out["C11"] = 1
        if not compatible_preferences(ca, cb):
            out["C12"] = 1
            weak = (not ca.strong and not ca.absolute) or (not cb.strong and not cb.absolute)
            if not weak and not (ca.absolute and cb.absolute):
                out["C13"] = 1
        if h.score > low.score:  # an MDP pair
            if low.float1 is Float.UP:
                out["C15"] = 1
            if low.float2 is Float.UP:
                out["C17"] = 1
        return out

    def vector(self, pairs: list[Pair], floaters: list[int], residents: set[int]) -> Vector:
        """The failure values of a (partial) candidate on the criteria this module compares."""
        counts = {c: 0 for c in _CRITERIA}
        c19: list[Decimal] = []
        c21: list[Decimal] = []
        for a, b in pairs:
            for c, n in self.pair_failures(a, b).items():
                counts[c] += n
            x, y = self.views[a], self.views[b]
            h, low = (x, y) if self.order[a] < self.order[b] else (y, x)
            if h.score > low.score:
                if low.float1 is Float.UP:
                    c19.append(h.score - low.score)
                if low.float2 is Float.UP:
                    c21.append(h.score - low.score)
        for f in floaters:
            if f in residents:
                counts["C14"] += self.views[f].float1 is Float.DOWN
                counts["C16"] += self.views[f].float2 is Float.DOWN
        vec: Vector = {c: n for c, n in counts.items()}
        vec["C19"] = sorted(c19, reverse=True)
        vec["C21"] = sorted(c21, reverse=True)
        return vec

    def pair_text(self, p: Pair) -> str:
        a, b = sorted(p, key=self.order.__getitem__)
        return f"{a}-{b}"


def _first_difference(worse: Vector, better: Vector) -> str | None:
    for c in _CRITERIA:
        if worse[c] != better[c]:
            return c
    return None


def _exceeds(a: Failure, b: Failure) -> bool:
    """``a > b`` for two values of one criterion (counts, or differences highest first, compared in turn)."""
    if isinstance(a, int) and isinstance(b, int):
        return a > b
    if isinstance(a, list) and isinstance(b, list):
        return a > b
    raise TypeError(f"failures of different kinds compared: {a!r} and {b!r}")


def first_candidate(ctx: RoundCriteria, s1: list[int], s2: list[int]) -> tuple[list[Pair], list[int]]:
    """The candidate S1[i]-S2[i] of art. 3.3 and the players it leaves unpaired."""
    return list(zip(s1, s2)), list(s2[len(s1):])


def explain_stage(ctx: RoundCriteria, bracket: int | None, stage: str, s1: list[int], s2: list[int],
                   kept_pairs: list[Pair], whole_proposal: tuple[list[Pair], list[int]] | None,
                   whole_final: tuple[list[Pair], list[int]], residents: set[int],
                   remainder_short: tuple[list[int], int, int] | None = None,
                   search: tuple[list[Pair], list[int], set[int], list[int], list[int]] | None = None,
                   ) -> list[TraceEvent]:
    """REJECTED, EXCHANGE and TRANSPOSITION events for one S1/S2 proposal (MDP-pairing or remainder).

    ``whole_proposal`` / ``whole_final``: (pairs, unpaired players) of the
    whole proposed and kept candidates of the bracket, which are what the
    criteria compare (art. 2); ``None`` when the proposal cannot be completed
    into a legal candidate by art. 3.3 alone.
    """
    events: list[TraceEvent] = []
    proposal, _left = first_candidate(ctx, s1, s2)
    kept = {frozenset(p) for p in kept_pairs}
    pending = [p for p in proposal if frozenset(p) not in kept]
    rejected_absolute: list[Pair] = []
    for a, b in pending:
        why = ctx.absolute_reason(a, b)
        if why is not None:
            rejected_absolute.append((a, b))
            events.append(TraceEvent(
                Step.REJECTED, _("{pair} rejected: {reason}").format(pair=f"{a}-{b}", reason=why[0]), why[1],
                bracket=bracket, players=(a, b),
                data={"pair": (a, b), "criterion": why[1].split()[-1].strip("[]"), "certain": True,
                      "stage": stage},
            ))
    others = [p for p in pending if p not in rejected_absolute]
    if others and search is not None and len(search[1]) <= _SMALL_SEARCH:
        unresolved = []
        for a, b in others:
            ev = _searched_rejection(ctx, bracket, stage, (a, b), search, whole_final, residents)
            if ev is None:
                ev = _searched_other_leftovers(ctx, bracket, stage, (a, b), search, whole_final, residents)
            if ev is None:
                unresolved.append((a, b))
            else:
                events.append(ev)
        others = unresolved
    if others and search is not None:
        unresolved = []
        for p in others:
            ev = _swap_tie(ctx, bracket, stage, p, search[2], whole_final, residents)
            if ev is None:
                unresolved.append(p)
            else:
                events.append(ev)
        others = unresolved
    if others:
        if rejected_absolute:
            names = ", ".join(ctx.pair_text(p) for p in rejected_absolute)
            for a, b in others:
                events.append(TraceEvent(
                    Step.REJECTED,
                    _("{pair} not kept: the best pairing that replaces {pairs} (the first such in the order of "
                      "art. 4) pairs {first} and {second} otherwise").format(pair=f"{a}-{b}", pairs=names, first=a,
                                                                              second=b),
                    "C.04.3 art. 3.8", bracket=bracket, players=(a, b),
                    data={"pair": (a, b), "criterion": "", "certain": True, "stage": stage},
                ))
        else:
            events.extend(_quality_rejections(ctx, bracket, stage, others, whole_proposal, whole_final, residents,
                                              remainder_short))
    if kept_pairs:
        events.extend(_exchange_and_transposition(ctx, bracket, stage, s1, s2, kept_pairs))
    return events



def _exchange_and_transposition(ctx: RoundCriteria, bracket: int | None, stage: str, s1: list[int], s2: list[int],
                                kept_pairs: list[Pair]) -> list[TraceEvent]:
    """How S1/S2 became the pairs kept: the exchange (remainder only, art. 4.3), then the transposition of S2."""
    events: list[TraceEvent] = []
    leaders = sorted((min(p, key=ctx.order.__getitem__) for p in kept_pairs), key=ctx.order.__getitem__)
    new_s2 = list(s2)
    if stage == "remainder":
        down = [x for x in s1 if x not in leaders]
        up = [x for x in leaders if x not in s1]
        if down or up:
            events.append(TraceEvent(
                Step.EXCHANGE,
                _("exchange between S1 and S2: {down} to S2, {up} to S1").format(
                    down=" ".join(map(str, down)), up=" ".join(map(str, up))),
                "C.04.3 art. 4.3", bracket=bracket, players=tuple(down + up),
                data={"count": len(down), "s1_to_s2": down, "s2_to_s1": up, "stage": stage},
            ))
        new_s2 = sorted((set(s2) | set(down)) - set(up), key=ctx.order.__getitem__)
    partner = {}
    for a, b in kept_pairs:
        partner[a] = b
        partner[b] = a
    order = [partner[x] for x in leaders]
    rest = [x for x in new_s2 if x not in order]
    if order != new_s2[: len(order)]:
        events.append(TraceEvent(
            Step.TRANSPOSITION,
            (_("S2 reordered: {order} (then {rest})") if rest else _("S2 reordered: {order}")).format(
                order=" ".join(map(str, order)), rest=" ".join(map(str, rest))),
            "C.04.3 art. 4.2", bracket=bracket, players=tuple(order),
            data={"s1": leaders, "s2": order + rest, "stage": stage},
        ))
    return events


_SMALL_SEARCH = 10  # players to match at most for an exhaustive look at the candidates keeping a pair


def _matchings(ctx: RoundCriteria, players: list[int], mdps: set[int]) -> list[list[Pair]]:
    """Every legal perfect pairing of ``players`` in which no two MDPs meet (art. 3.3)."""
    out: list[list[Pair]] = []

    def walk(left: list[int], made: list[Pair]) -> None:
        if not left:
            out.append(list(made))
            return
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if first in mdps and other in mdps:
                continue
            if ctx.legal(first, other):
                made.append((first, other))
                walk(rest[:i] + rest[i + 1:], made)
                made.pop()

    walk(sorted(players, key=ctx.order.__getitem__), [])
    return out


def _searched_rejection(ctx: RoundCriteria, bracket: int | None, stage: str, pair_: Pair,
                        search: tuple[list[Pair], list[int], set[int], list[int], list[int]],
                        whole_final: tuple[list[Pair], list[int]], residents: set[int]) -> TraceEvent | None:
    """Why ``pair_`` is not kept, from every candidate of the bracket that keeps it.

    Only candidates leaving the same players unpaired as the pairing kept are
    compared: for them the rest of the round is identical, so [C4]-[C9] tie
    and [C10]-[C21] decide, or the order of art. 4 when those tie too.
    """
    fixed, players, mdps = search[0], search[1], search[2]
    a, b = pair_
    floaters = whole_final[1]
    data: dict[str, object] = {"pair": pair_, "stage": stage}
    if a not in players or b not in players:
        return None
    rest = [x for x in players if x not in pair_]
    if a in mdps and b in mdps:
        return None
    best: Vector | None = None
    best_key: tuple[Failure, ...] | None = None
    for m in _matchings(ctx, rest, mdps):
        cand = fixed + [pair_] + m
        vec = ctx.vector(cand, floaters, residents)
        key = tuple(vec[c] for c in _CRITERIA)
        if best_key is None or key < best_key:
            best, best_key = vec, key
    over = " ".join(map(str, floaters))
    if best is None:
        if floaters:
            return None  # leaving other players over might have worked: not determined here
        text = _("{pair} not kept: keeping it, the other players of the bracket cannot all be paired").format(
            pair=f"{a}-{b}")
        data.update({"criterion": "C6", "certain": True})
        return TraceEvent(Step.REJECTED, text, "C.04.3 [C6]", bracket=bracket, players=pair_, data=data)
    final_vec = ctx.vector(whole_final[0], floaters, residents)
    c = _first_difference(best, final_vec)
    if c is None:
        text = (_("{pair} not kept: keeping it with {left} left over is as good on every criterion, but the "
                  "pairing kept comes first in the order of art. 4") if floaters
                else _("{pair} not kept: keeping it is as good on every criterion, but the pairing kept comes first "
                       "in the order of art. 4")).format(pair=f"{a}-{b}", left=over)
        data.update({"criterion": "", "certain": True})
        return TraceEvent(Step.REJECTED, text, "C.04.3 art. 3.8, 4", bracket=bracket, players=pair_, data=data)
    if not _exceeds(best[c], final_vec[c]):
        return None  # our reading of the criteria disagrees with the engine: say nothing certain
    have = wording(c, best[c])
    text = (_("{pair} rejected: keeping it with {left} left over, the best pairing of the bracket leaves {have} "
              "where {possible} is possible") if floaters
            else _("{pair} rejected: keeping it, the best pairing of the bracket leaves {have} where {possible} is "
                   "possible")).format(pair=f"{a}-{b}", left=over, have=have, possible=amount(c, final_vec[c]))
    data.update({"criterion": c, "certain": True, "proposed": best[c], "possible": final_vec[c]})
    return TraceEvent(Step.REJECTED, text, f"C.04.3 [{c}]", bracket=bracket, players=pair_, data=data)


def _swap_tie(ctx: RoundCriteria, bracket: int | None, stage: str, pair_: Pair, mdps: set[int],
              whole_final: tuple[list[Pair], list[int]], residents: set[int]) -> TraceEvent | None:
    """A large bracket's pair that could be kept at no cost: pair it, and pair its two partners together.

    If that candidate is exactly as good as the one kept (same players left
    over, same values on every criterion), only the order of art. 4 put the
    kept pairing first. Anything else is left to the coarser reasons.
    """
    a, b = pair_
    partner = {}
    for x, y in whole_final[0]:
        partner[x], partner[y] = y, x
    pa, pb = partner.get(a), partner.get(b)
    if pa is None or pb is None or pa == b:
        return None
    if (pa in mdps and pb in mdps) or (a in mdps and b in mdps) or not ctx.legal(pa, pb):
        return None
    gone = {frozenset((a, pa)), frozenset((b, pb))}
    cand = [p for p in whole_final[0] if frozenset(p) not in gone] + [pair_, (pa, pb)]
    vec = ctx.vector(cand, whole_final[1], residents)
    if vec != ctx.vector(whole_final[0], whole_final[1], residents):
        return None
    text = _("{pair} not kept: keeping it (with {other}) is as good on every criterion, but the pairing kept comes "
             "first in the order of art. 4").format(pair=f"{a}-{b}", other=f"{pa}-{pb}")
    return TraceEvent(Step.REJECTED, text, "C.04.3 art. 3.8, 4", bracket=bracket, players=pair_,
                      data={"pair": pair_, "stage": stage, "criterion": "", "certain": True})


_MAX_CANDIDATES = 400  # candidates examined at most per rejected pair when the leftovers vary


def _double_factorial(n: int) -> int:
    out = 1
    while n > 1:
        out *= n
        n -= 2
    return out


def _bye_reason(ctx: RoundCriteria, lefts: set[tuple[int, ...]], kept_left: set[int]) -> tuple[str, str] | None:
    """In the last bracket the one player left over gets the bye: [C2], [C5], [C9] compare them exactly.

    Returns the whole sentence (translated, its fields ``{pair}``, ``{player}``, ``{score}``, ``{bye}``,
    ``{bye_score}``, ``{unplayed}``, ``{bye_unplayed}`` still to fill) and the criterion."""
    if ctx.bye is None or kept_left != {ctx.bye} or not lefts or any(len(x) != 1 for x in lefts):
        return None
    bye = ctx.views[ctx.bye]
    played = ctx.t.rounds_played
    worst = None
    for (x,) in lefts:
        v = ctx.views[x]
        if not v.pab_eligible:
            why = (_("{pair} rejected: keeping it leaves {player} for the bye, who may not receive it"), "C2")
        elif v.score > bye.score:
            why = (_("{pair} rejected: keeping it leaves {player} ({score}) for the bye where {bye} ({bye_score}) "
                     "can have it"), "C5")
        elif v.score == bye.score and v.played_games < bye.played_games:
            mine = played - v.played_games
            why = (ngettext("{pair} rejected: keeping it leaves {player} for the bye, with {unplayed} unplayed game "
                            "where {bye} has {bye_unplayed}",
                            "{pair} rejected: keeping it leaves {player} for the bye, with {unplayed} unplayed games "
                            "where {bye} has {bye_unplayed}", mine), "C9")
        else:
            return None  # some way of keeping it leaves a bye as good: not this rule
        rank = {"C2": 0, "C5": 1, "C9": 2}[why[1]]
        if worst is None or rank > worst[0]:
            worst = (rank, why, x)  # the mildest failure among all ways of keeping it decides
    if worst is None:
        return None
    text, criterion = worst[1]
    return text.format_map(Fields(player=worst[2], score=points_text(ctx.views[worst[2]].score), bye=ctx.bye,
                                   bye_score=points_text(bye.score),
                                   unplayed=played - ctx.views[worst[2]].played_games,
                                   bye_unplayed=played - bye.played_games)), criterion


def _searched_other_leftovers(ctx: RoundCriteria, bracket: int | None, stage: str, pair_: Pair,
                              search: tuple[list[Pair], list[int], set[int], list[int], list[int]],
                              whole_final: tuple[list[Pair], list[int]],
                              residents: set[int]) -> TraceEvent | None:
    """Why ``pair_`` is not kept when keeping it must leave other players unpaired than the pairing kept.

    Every candidate with as many pairs that keeps it is examined (all leftovers
    are residents of one score, so [C6]-[C7] tie). Inside the bracket the
    comparison is exact, but the rest of the round differs, so [C4], [C5],
    [C8] or [C9] may have ruled it out first: the text says so.
    """
    fixed, players, mdps, stage_all, outside = search
    a, b = pair_
    if a not in stage_all or b not in stage_all or (a in mdps and b in mdps):
        return None
    pairs_needed = len(players) // 2
    rest = [x for x in stage_all if x not in pair_]
    skips = len(rest) - 2 * (pairs_needed - 1)
    if skips < 0 or skips > len(rest):
        return None
    if comb(len(rest), skips) * _double_factorial(len(rest) - skips - 1) > _MAX_CANDIDATES:
        return None
    final_left = set(whole_final[1])
    best: tuple[tuple[Failure, ...], Vector, list[int]] | None = None  # (key, failures, players left over)
    rest.sort(key=ctx.order.__getitem__)

    def walk(left: list[int], made: list[Pair], skipped: list[int]) -> None:
        nonlocal best
        if not left:
            if len(skipped) != skips:
                return
            left_over = outside + skipped
            lefts.add(tuple(skipped))
            vec = ctx.vector(fixed + [pair_] + made, left_over, residents)
            key = tuple(vec[c] for c in _CRITERIA)
            if best is None or key < best[0]:
                best = (key, vec, list(skipped))
            return
        first, tail = left[0], left[1:]
        if len(skipped) < skips and first not in mdps:
            walk(tail, made, skipped + [first])
        for i, other in enumerate(tail):
            if first in mdps and other in mdps:
                continue
            if ctx.legal(first, other):
                made.append((first, other))
                walk(tail[:i] + tail[i + 1:], made, skipped)
                made.pop()

    lefts: set[tuple[int, ...]] = set()
    walk(rest, [], [])
    data: dict[str, object] = {"pair": pair_, "stage": stage}
    bye_reason = _bye_reason(ctx, lefts, final_left - set(outside))
    if bye_reason is not None:
        data.update({"criterion": bye_reason[1], "certain": True})
        return TraceEvent(Step.REJECTED, bye_reason[0].format(pair=f"{a}-{b}"), f"C.04.3 [{bye_reason[1]}]",
                          bracket=bracket, players=pair_, data=data)
    if best is None:
        data.update({"criterion": "C6", "certain": True})
        return TraceEvent(Step.REJECTED, too_few_pairs(f"{a}-{b}", pairs_needed), "C.04.3 [C6]", bracket=bracket,
                          players=pair_, data=data)
    _best_key, best_vec, best_left = best
    if set(best_left) == final_left - set(outside):
        return None  # handled by the comparison with the same leftovers
    final_vec = ctx.vector(whole_final[0], whole_final[1], residents)
    c = _first_difference(best_vec, final_vec)
    instead = " ".join(map(str, best_left)) or _("nobody")
    kept_over = " ".join(map(str, sorted(final_left - set(outside), key=ctx.order.__getitem__))) or _("nobody")
    if c is None or not _exceeds(best_vec[c], final_vec[c]):
        text = _("{pair} not kept: keeping it leaves {instead} unpaired instead of {kept}; it is as good inside the "
                 "bracket, so the rest of the round decided (completion, the bye or the next bracket; which one is "
                 "not determined here)").format(pair=f"{a}-{b}", instead=instead, kept=kept_over)
        data.update({"criterion": "", "certain": False})
        return TraceEvent(Step.REJECTED, text, "C.04.3 [C4]-[C9]", bracket=bracket, players=pair_, data=data)
    text = _("{pair} rejected: keeping it (with {instead} unpaired instead of {kept}), the best pairing of the "
             "bracket leaves {have} where {possible} is possible; the rest of the round differs too, so [C4]-[C9] "
             "may have decided first").format(pair=f"{a}-{b}", instead=instead, kept=kept_over,
                                               have=wording(c, best_vec[c]), possible=amount(c, final_vec[c]))
    data.update({"criterion": c, "certain": False, "proposed": best_vec[c], "possible": final_vec[c]})
    return TraceEvent(Step.REJECTED, text, f"C.04.3 [{c}]", bracket=bracket, players=pair_, data=data)


def _quality_rejections(ctx: RoundCriteria, bracket: int | None, stage: str, others: list[Pair],
                        whole_proposal: tuple[list[Pair], list[int]] | None,
                        whole_final: tuple[list[Pair], list[int]], residents: set[int],
                        remainder_short: tuple[list[int], int, int] | None = None) -> list[TraceEvent]:
    """Reasons for proposed pairs that are legal but not kept.

    When the proposal leaves the same players unpaired as the pairing kept,
    the rest of the round is the same for both, so [C4]-[C9] tie and the
    first of [C10]-[C21] on which they differ is the deciding criterion. When
    the unpaired players differ, the rest of the round may have decided
    first; the text says so.
    """
    events = []
    vp = vf = None
    c = None
    if whole_proposal is not None:
        vp = ctx.vector(whole_proposal[0], whole_proposal[1], residents)
        vf = ctx.vector(whole_final[0], whole_final[1], residents)
        c = _first_difference(vp, vf)
        if c is not None and not _exceeds(vp[c], vf[c]):
            c = None  # better inside the bracket: the rest of the round decided
    same_floaters = whole_proposal is not None and set(whole_proposal[1]) == set(whole_final[1])
    for a, b in others:
        data = {"pair": (a, b), "criterion": "", "certain": False, "stage": stage}
        if c is not None and vp is not None and vf is not None and whole_proposal is not None:
            have = wording(c, vp[c])
            can = amount(c, vf[c])
            own = c not in ("C14", "C16") and ctx.pair_failures(a, b).get(c)
            if c in ("C14", "C16"):
                field = "float1" if c == "C14" else "float2"
                who = [f for f in whole_proposal[1] if f in residents and
                       getattr(ctx.views[f], field) is Float.DOWN]
                told = (_("{pair} not kept: the proposal makes {players} float down for the second round running "
                          "({have} where {possible} is possible)") if c == "C14"
                        else _("{pair} not kept: the proposal makes {players} float down as two rounds ago ({have} "
                               "where {possible} is possible)"))
            elif own:
                told = _("{pair} rejected: keeping it leaves {have} where {possible} is possible")
            else:
                told = _("{pair} not kept: the proposal leaves {have} where {possible} is possible, and mending that "
                         "moves {first} or {second}")
            text = told.format_map(Fields(pair=f"{a}-{b}", have=have, possible=can, first=a, second=b,
                                           players=" ".join(map(str, who)) if c in ("C14", "C16") else ""))
            if not same_floaters:
                text = _("{reason}; the players left unpaired differ too, so [C4]-[C9] may have decided "
                         "first").format(reason=text)
            data.update({"criterion": c, "certain": same_floaters, "proposed": vp[c], "possible": vf[c]})
            rule = f"C.04.3 [{c}]"
        elif whole_proposal is not None and not same_floaters:
            fp = " ".join(map(str, whole_proposal[1])) or _("nobody")
            ff = " ".join(map(str, whole_final[1])) or _("nobody")
            text = _("{pair} not kept: the proposal would leave {instead} unpaired instead of {kept}; it is as good "
                     "inside the bracket, so the rest of the round decided (completion, the bye or the next bracket; "
                     "which one is not determined here)").format(pair=f"{a}-{b}", instead=fp, kept=ff)
            rule = "C.04.3 [C4]-[C9]"
        elif stage == "mdp" and remainder_short is not None:
            rest, need, most = remainder_short
            text = ngettext("{pair} not kept: with the MDP-pairing proposed, the remainder {players} can make only "
                            "{most} legal pair where {possible} are possible",
                            "{pair} not kept: with the MDP-pairing proposed, the remainder {players} can make only "
                            "{most} legal pairs where {possible} are possible", most).format(
                pair=f"{a}-{b}", players=" ".join(map(str, rest)), most=most, possible=need)
            rule = "C.04.3 [C6]"
            data.update({"criterion": "C6", "certain": True})
        else:
            text = _("{pair} not kept: a better pairing exists on a lower criterion (not determined here)").format(
                pair=f"{a}-{b}")
            rule = "C.04.3 art. 3.8"
        events.append(TraceEvent(Step.REJECTED, text, rule, bracket=bracket, players=(a, b), data=data))
    return events
