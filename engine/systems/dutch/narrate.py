"""The *why* of a Dutch pairing, told the way an arbiter pairs by hand.

The Dutch engine finds each bracket's pairing by weighted matching, which
never walks through the candidates of C.04.3 art. 3-4. The arbiter still
expects that story: the first candidate (S1[i] against S2[i], art. 3.2-3.3),
each proposed pair that could not stand and the rule it broke, the exchange
and transposition that lead to the pairs kept. :func:`narrate` rebuilds it
after the fact from the tournament and the engine's basic trace, so the
engine stays fast and this module can never change a pairing.

Absolute reasons (a rematch, a forbidden pair, [C3]) are facts and are stated
as such. Quality reasons are found by comparing the proposed candidate of
the bracket with the kept one on the criteria that depend on the bracket
alone ([C10]-[C21], colour preferences and floats from engine.brackets and
engine.colours). Criteria that depend on the rest of the round ([C4], [C5],
[C8], [C9]) are not recomputed here; where they must have decided, the text
says so instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from engine.brackets import Float, PlayerView, player_views, topscorer_threshold
from engine.colours import compatible_preferences
from engine.explain import Step, TraceEvent, points_text
from engine.model import Colour, Tournament
from engine.result import PairingResult

Pair = tuple[int, int]

# criteria compared on a bracket's candidate, in their order of priority (art. 2)
_CRITERIA = ("C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17", "C19", "C21")

_WORDING = {
    "C10": "{n} topscorer{s} with a colour difference beyond 2",
    "C11": "{n} topscorer{s} with the same colour three times running",
    "C12": "{n} player{s} without their colour preference",
    "C13": "{n} player{s} without their strong colour preference",
    "C14": "{n} resident{s} floating down for the second round running",
    "C15": "{n} opponent{s} of moved-down players who also floated up last round",
    "C16": "{n} resident{s} floating down as they did two rounds ago",
    "C17": "{n} opponent{s} of moved-down players who also floated up two rounds ago",
    "C19": "score differences {n} for opponents of moved-down players who floated up last round",
    "C21": "score differences {n} for opponents of moved-down players who floated up two rounds ago",
}


@dataclass
class _Context:
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
        cache = self.__dict__.setdefault("_legal", {})
        if key not in cache:
            cache[key] = self.absolute_reason(a, b) is None
        return cache[key]

    def absolute_reason(self, a: int, b: int) -> tuple[str, str] | None:
        """Why ``a`` and ``b`` may not meet at all: (text, rule), or None."""
        rnd = self.met_in(a, b)
        if rnd is not None:
            return f"they met in round {rnd}", "C.04.3 [C1]"
        if self.t.is_forbidden(a, b):
            return "forbidden pair (they must not meet in this event)", "C.04.2 forbidden pairs"
        ca, cb = self.views[a].colours, self.views[b].colours
        if ca.absolute and cb.absolute and ca.preference is cb.preference:
            if not (self.topscorer(a) or self.topscorer(b)):
                colour = "White" if ca.preference is Colour.WHITE else "Black"
                return f"both must have {colour}", "C.04.3 [C3]"
        return None

    # -- failures of one pair on the colour and float criteria -------------------------

    def pair_failures(self, a: int, b: int) -> dict[str, int]:
        key = (a, b) if a < b else (b, a)
        cache = self.__dict__.setdefault("_failures", {})
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

    def vector(self, pairs: list[Pair], floaters: list[int], residents: set[int]) -> dict[str, object]:
        """The failure values of a (partial) candidate on the criteria this module compares."""
        vec: dict[str, object] = {c: 0 for c in _CRITERIA}
        c19: list[Decimal] = []
        c21: list[Decimal] = []
        for a, b in pairs:
            for c, n in self.pair_failures(a, b).items():
                vec[c] += n  # type: ignore[operator]
            x, y = self.views[a], self.views[b]
            h, low = (x, y) if self.order[a] < self.order[b] else (y, x)
            if h.score > low.score:
                if low.float1 is Float.UP:
                    c19.append(h.score - low.score)
                if low.float2 is Float.UP:
                    c21.append(h.score - low.score)
        for f in floaters:
            if f in residents:
                vec["C14"] += self.views[f].float1 is Float.DOWN  # type: ignore[operator]
                vec["C16"] += self.views[f].float2 is Float.DOWN  # type: ignore[operator]
        vec["C19"] = sorted(c19, reverse=True)
        vec["C21"] = sorted(c21, reverse=True)
        return vec

    def pair_text(self, p: Pair) -> str:
        a, b = sorted(p, key=self.order.__getitem__)
        return f"{a}-{b}"


def _first_difference(worse: dict[str, object], better: dict[str, object]) -> str | None:
    for c in _CRITERIA:
        if worse[c] != better[c]:
            return c
    return None


def _wording(c: str, value: object) -> str:
    return _WORDING[c].format(n=_amount(c, value), s="" if value == 1 else "s")


def _amount(c: str, value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(points_text(v) for v in value) + "]" if value else "none"
    return str(value)


def _split(ctx: _Context, s1: list[int], s2: list[int]) -> tuple[list[Pair], list[int]]:
    """The candidate S1[i]-S2[i] of art. 3.3 and the players it leaves unpaired."""
    return list(zip(s1, s2)), list(s2[len(s1):])


def _explain_stage(ctx: _Context, bracket: int | None, stage: str, s1: list[int], s2: list[int],
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
    proposal, _ = _split(ctx, s1, s2)
    kept = {frozenset(p) for p in kept_pairs}
    pending = [p for p in proposal if frozenset(p) not in kept]
    rejected_absolute: list[Pair] = []
    for a, b in pending:
        why = ctx.absolute_reason(a, b)
        if why is not None:
            rejected_absolute.append((a, b))
            events.append(TraceEvent(
                Step.REJECTED, f"{a}-{b} rejected: {why[0]}", why[1], bracket=bracket, players=(a, b),
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
                    f"{a}-{b} not kept: the best pairing that replaces {names} "
                    f"(the first such in the order of art. 4) pairs {a} and {b} otherwise",
                    "C.04.3 art. 3.8", bracket=bracket, players=(a, b),
                    data={"pair": (a, b), "criterion": "", "certain": True, "stage": stage},
                ))
        else:
            events.extend(_quality_rejections(ctx, bracket, stage, others, whole_proposal, whole_final, residents,
                                              remainder_short))
    # how S1/S2 became the pairs kept: exchanges, then the transposition of S2
    if kept_pairs:
        leaders = sorted((min(p, key=ctx.order.__getitem__) for p in kept_pairs), key=ctx.order.__getitem__)
        new_s2 = list(s2)
        if stage == "remainder":
            down = [x for x in s1 if x not in leaders]
            up = [x for x in leaders if x not in s1]
            if down or up:
                events.append(TraceEvent(
                    Step.EXCHANGE,
                    f"exchange between S1 and S2: {' '.join(map(str, down))} to S2, "
                    f"{' '.join(map(str, up))} to S1",
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
                f"S2 reordered: {' '.join(map(str, order))}" + (f" (then {' '.join(map(str, rest))})" if rest else ""),
                "C.04.3 art. 4.2", bracket=bracket, players=tuple(order),
                data={"s1": leaders, "s2": order + rest, "stage": stage},
            ))
    return events


_SMALL_SEARCH = 10  # players to match at most for an exhaustive look at the candidates keeping a pair


def _matchings(ctx: _Context, players: list[int], mdps: set[int]) -> list[list[Pair]]:
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


def _searched_rejection(ctx: _Context, bracket: int | None, stage: str, pair_: Pair,
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
    best = None
    best_key = None
    for m in _matchings(ctx, rest, mdps):
        cand = fixed + [pair_] + m
        vec = ctx.vector(cand, floaters, residents)
        key = tuple(vec[c] for c in _CRITERIA)
        if best_key is None or key < best_key:  # type: ignore[operator]
            best, best_key = vec, key
    over = " ".join(map(str, floaters))
    if best is None:
        if floaters:
            return None  # leaving other players over might have worked: not determined here
        text = f"{a}-{b} not kept: keeping it, the other players of the bracket cannot all be paired"
        data.update({"criterion": "C6", "certain": True})
        return TraceEvent(Step.REJECTED, text, "C.04.3 [C6]", bracket=bracket, players=pair_, data=data)
    final_vec = ctx.vector(whole_final[0], floaters, residents)
    c = _first_difference(best, final_vec)
    same = f" with {over} left over" if floaters else ""
    if c is None:
        text = (f"{a}-{b} not kept: keeping it{same} is as good on every criterion, "
                f"but the pairing kept comes first in the order of art. 4")
        data.update({"criterion": "", "certain": True})
        return TraceEvent(Step.REJECTED, text, "C.04.3 art. 3.8, 4", bracket=bracket, players=pair_, data=data)
    if not best[c] > final_vec[c]:  # type: ignore[operator]
        return None  # our reading of the criteria disagrees with the engine: say nothing certain
    have = _wording(c, best[c])
    text = f"{a}-{b} rejected: keeping it{same}, the best pairing of the bracket leaves {have} " \
           f"where {_amount(c, final_vec[c])} is possible"
    data.update({"criterion": c, "certain": True, "proposed": best[c], "possible": final_vec[c]})
    return TraceEvent(Step.REJECTED, text, f"C.04.3 [{c}]", bracket=bracket, players=pair_, data=data)


def _swap_tie(ctx: _Context, bracket: int | None, stage: str, pair_: Pair, mdps: set[int],
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
    text = (f"{a}-{b} not kept: keeping it (with {pa}-{pb}) is as good on every criterion, "
            f"but the pairing kept comes first in the order of art. 4")
    return TraceEvent(Step.REJECTED, text, "C.04.3 art. 3.8, 4", bracket=bracket, players=pair_,
                      data={"pair": pair_, "stage": stage, "criterion": "", "certain": True})


_MAX_CANDIDATES = 400  # candidates examined at most per rejected pair when the leftovers vary


def _double_factorial(n: int) -> int:
    out = 1
    while n > 1:
        out *= n
        n -= 2
    return out


def _bye_reason(ctx: _Context, lefts: set[tuple[int, ...]], kept_left: set[int]) -> tuple[str, str] | None:
    """In the last bracket the one player left over gets the bye: [C2], [C5], [C9] compare them exactly."""
    if ctx.bye is None or kept_left != {ctx.bye} or not lefts or any(len(x) != 1 for x in lefts):
        return None
    bye = ctx.views[ctx.bye]
    played = ctx.t.rounds_played
    worst = None
    for (x,) in lefts:
        v = ctx.views[x]
        if not v.pab_eligible:
            why = (f"leaves {x} for the bye, who may not receive it", "C2")
        elif v.score > bye.score:
            why = (f"leaves {x} ({points_text(v.score)}) for the bye where {ctx.bye} "
                   f"({points_text(bye.score)}) can have it", "C5")
        elif v.score == bye.score and v.played_games < bye.played_games:
            mine, theirs = played - v.played_games, played - bye.played_games
            why = (f"leaves {x} for the bye, with {mine} unplayed game{'s' if mine != 1 else ''} where "
                   f"{ctx.bye} has {theirs}", "C9")
        else:
            return None  # some way of keeping it leaves a bye as good: not this rule
        rank = {"C2": 0, "C5": 1, "C9": 2}[why[1]]
        if worst is None or rank > worst[0]:
            worst = (rank, why)  # the mildest failure among all ways of keeping it decides
    return worst[1] if worst else None


def _searched_other_leftovers(ctx: _Context, bracket: int | None, stage: str, pair_: Pair,
                              search: tuple[list[Pair], list[int], set[int], list[int], list[int]],
                              whole_final: tuple[list[Pair], list[int]],
                              residents: set[int]) -> TraceEvent | None:
    """Why ``pair_`` is not kept when keeping it must leave other players unpaired than the pairing kept.

    Every candidate with as many pairs that keeps it is examined (all leftovers
    are residents of one score, so [C6]-[C7] tie). Inside the bracket the
    comparison is exact, but the rest of the round differs, so [C4], [C5],
    [C8] or [C9] may have ruled it out first: the text says so.
    """
    from math import comb

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
    best = best_key = best_left = None
    rest.sort(key=ctx.order.__getitem__)

    def walk(left: list[int], made: list[Pair], skipped: list[int]) -> None:
        nonlocal best, best_key, best_left
        if not left:
            if len(skipped) != skips:
                return
            left_over = outside + skipped
            lefts.add(tuple(skipped))
            vec = ctx.vector(fixed + [pair_] + made, left_over, residents)
            key = tuple(vec[c] for c in _CRITERIA)
            if best_key is None or key < best_key:  # type: ignore[operator]
                best, best_key, best_left = vec, key, list(skipped)
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
        text, c = bye_reason
        data.update({"criterion": c, "certain": True})
        return TraceEvent(Step.REJECTED, f"{a}-{b} rejected: keeping it {text}", f"C.04.3 [{c}]",
                          bracket=bracket, players=pair_, data=data)
    if best is None:
        text = f"{a}-{b} not kept: keeping it, the bracket cannot make {pairs_needed} legal pairs"
        data.update({"criterion": "C6", "certain": True})
        return TraceEvent(Step.REJECTED, text, "C.04.3 [C6]", bracket=bracket, players=pair_, data=data)
    if set(best_left or ()) == final_left - set(outside):
        return None  # handled by the comparison with the same leftovers
    final_vec = ctx.vector(whole_final[0], whole_final[1], residents)
    c = _first_difference(best, final_vec)
    instead = " ".join(map(str, best_left or [])) or "nobody"
    kept_over = " ".join(map(str, sorted(final_left - set(outside), key=ctx.order.__getitem__))) or "nobody"
    if c is None or not best[c] > final_vec[c]:  # type: ignore[operator]
        text = (f"{a}-{b} not kept: keeping it leaves {instead} unpaired instead of {kept_over}; it is as good "
                f"inside the bracket, so the rest of the round decided (completion, the bye or the next "
                f"bracket; which one is not determined here)")
        data.update({"criterion": "", "certain": False})
        return TraceEvent(Step.REJECTED, text, "C.04.3 [C4]-[C9]", bracket=bracket, players=pair_, data=data)
    text = (f"{a}-{b} rejected: keeping it (with {instead} unpaired instead of {kept_over}), the best pairing "
            f"of the bracket leaves {_wording(c, best[c])} where {_amount(c, final_vec[c])} is possible; "
            f"the rest of the round differs too, so [C4]-[C9] may have decided first")
    data.update({"criterion": c, "certain": False, "proposed": best[c], "possible": final_vec[c]})
    return TraceEvent(Step.REJECTED, text, f"C.04.3 [{c}]", bracket=bracket, players=pair_, data=data)


def _quality_rejections(ctx: _Context, bracket: int | None, stage: str, others: list[Pair],
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
        if c is not None and not vp[c] > vf[c]:  # type: ignore[operator]
            c = None  # better inside the bracket: the rest of the round decided
    same_floaters = whole_proposal is not None and set(whole_proposal[1]) == set(whole_final[1])
    for a, b in others:
        data = {"pair": (a, b), "criterion": "", "certain": False, "stage": stage}
        if c is not None and vp is not None and vf is not None:
            have = _wording(c, vp[c])
            can = _amount(c, vf[c])
            own = c not in ("C14", "C16") and ctx.pair_failures(a, b).get(c)
            if c in ("C14", "C16"):
                field = "float1" if c == "C14" else "float2"
                who = [f for f in whole_proposal[1] if f in residents and  # type: ignore[index]
                       getattr(ctx.views[f], field) is Float.DOWN]
                when = "for the second round running" if c == "C14" else "as two rounds ago"
                text = f"{a}-{b} not kept: the proposal makes {' '.join(map(str, who))} float down {when}"
                text += f" ({have} where {can} is possible)"
            elif own:
                text = f"{a}-{b} rejected: keeping it leaves {have} where {can} is possible"
            else:
                text = (f"{a}-{b} not kept: the proposal leaves {have} where {can} is possible, "
                        f"and mending that moves {a} or {b}")
            if not same_floaters:
                text += "; the players left unpaired differ too, so [C4]-[C9] may have decided first"
            data.update({"criterion": c, "certain": same_floaters, "proposed": vp[c], "possible": vf[c]})
            rule = f"C.04.3 [{c}]"
        elif whole_proposal is not None and not same_floaters:
            fp = " ".join(map(str, whole_proposal[1])) or "nobody"
            ff = " ".join(map(str, whole_final[1])) or "nobody"
            text = (f"{a}-{b} not kept: the proposal would leave {fp} unpaired instead of {ff}; it is as good "
                    f"inside the bracket, so the rest of the round decided (completion, the bye or the next "
                    f"bracket; which one is not determined here)")
            rule = "C.04.3 [C4]-[C9]"
        elif stage == "mdp" and remainder_short is not None:
            rest, need, most = remainder_short
            text = (f"{a}-{b} not kept: with the MDP-pairing proposed, the remainder {' '.join(map(str, rest))} "
                    f"can make only {most} legal pair(s) where {need} are possible")
            rule = "C.04.3 [C6]"
            data.update({"criterion": "C6", "certain": True})
        else:
            text = f"{a}-{b} not kept: a better pairing exists on a lower criterion (not determined here)"
            rule = "C.04.3 art. 3.8"
        events.append(TraceEvent(Step.REJECTED, text, rule, bracket=bracket, players=(a, b), data=data))
    return events


def _bracket_pairs(brackets: list[tuple[int, set[int]]], pairs: list[Pair]) -> dict[int, list[Pair]]:
    """The pairs formed in each bracket: a pair is formed in the last bracket that holds both players."""
    out: dict[int, list[Pair]] = {no: [] for no, _ in brackets}
    for a, b in pairs:
        home = None
        for no, members in brackets:
            if a in members and b in members:
                home = no
        if home is not None:
            out[home].append((a, b))
    return out


def narrate(tournament: Tournament, result: PairingResult) -> PairingResult:
    """``result`` with the same boards and bye and a trace that says why, bracket by bracket.

    Adds, per bracket: the MDP-pairing proposal (heterogeneous brackets), a
    REJECTED event for every proposed pair not kept (with the rule), the
    EXCHANGE and TRANSPOSITION that lead to the pairs kept, and a NOTE with
    the bracket's final pairs; the bye event says which of [C2], [C5], [C9]
    put it where it is. Events of the basic trace keep their data.
    """
    if any(e.step is Step.REJECTED or e.data.get("final") for e in result.trace):
        return result  # already narrated
    try:
        return _narrate(tournament, result)
    except (KeyError, ValueError, TypeError, IndexError, StopIteration) as err:
        # the explanation must never cost the arbiter the pairing itself
        note = TraceEvent(Step.NOTE, f"the detailed explanation could not be built ({type(err).__name__}: {err}); "
                                     "the pairing is unaffected", data={"explanation_error": True})
        return replace(result, trace=(*result.trace, note))


def _narrate(tournament: Tournament, result: PairingResult) -> PairingResult:
    trace = list(result.trace)
    if not any(e.step is Step.BRACKET for e in trace):
        return replace(result, trace=tuple(_bye_events(tournament, result, trace)))
    views_list = player_views(tournament)
    views = {v.id: v for v in views_list}
    ctx = _Context(tournament, views, {v.id: i for i, v in enumerate(views_list)}, topscorer_threshold(tournament),
                   result.bye)

    # group the events by bracket
    head: list[TraceEvent] = []
    groups: list[list[TraceEvent]] = []
    tail: list[TraceEvent] = []
    for e in trace:
        if e.step is Step.BRACKET:
            groups.append([e])
        elif e.bracket is not None and groups:
            groups[-1].append(e)
        elif groups:
            tail.append(e)
        else:
            head.append(e)

    members = []
    for g in groups:
        d = g[0].data
        members.append((g[0].bracket, set(d.get("mdps", [])) | set(d.get("residents", []))))
    all_pairs = [(b.white, b.black) for b in result.boards]
    formed = _bracket_pairs(members, all_pairs)

    out: list[TraceEvent] = []
    for e in head:
        if "bye_score" in e.data:
            e = replace(e, text=f"odd number of players: the pairing-allocated bye will go to a player with "
                                f"{points_text(e.data['bye_score'])} points")
        out.append(e)
    for g in groups:
        out.extend(_narrate_bracket(ctx, g, formed.get(g[0].bracket, [])))
    out.extend(_bye_events(tournament, result, tail, ctx))
    return replace(result, trace=tuple(out))


def _ordered(ctx: _Context, pairs: list[Pair]) -> list[Pair]:
    """Pairs as (higher, lower) in art. 1.2 order, the highest pair first."""
    out = [(min(p, key=ctx.order.__getitem__), max(p, key=ctx.order.__getitem__)) for p in pairs]
    return sorted(out, key=lambda p: ctx.order[p[0]])


def _legal(ctx: _Context, pairs: list[Pair]) -> bool:
    return all(ctx.absolute_reason(a, b) is None for a, b in pairs)


_SMALL_REMAINDER = 10  # remainders searched exhaustively for their most legal pairs


def _most_pairs(ctx: _Context, players: list[int]) -> int:
    """The most pairs [C1], [C3] and forbidden pairs allow among ``players`` (small sets only)."""
    best = 0

    def walk(left: list[int], made: int) -> None:
        nonlocal best
        if made + len(left) // 2 <= best:
            return
        if len(left) < 2:
            best = max(best, made)
            return
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if ctx.absolute_reason(first, other) is None:
                walk(rest[:i] + rest[i + 1:], made + 1)
        walk(rest, made)

    walk(list(players), 0)
    return best


def _narrate_bracket(ctx: _Context, events: list[TraceEvent], formed: list[Pair]) -> list[TraceEvent]:
    opening = events[0]
    no = opening.bracket
    mdps: list[int] = list(opening.data.get("mdps", []))
    residents: list[int] = list(opening.data.get("residents", []))
    res_set = set(residents)
    paired = {x for p in formed for x in p}
    floaters = [x for x in mdps + residents if x not in paired]
    mdp_set = set(mdps)
    mdp_pairs = _ordered(ctx, [p for p in formed if p[0] in mdp_set or p[1] in mdp_set])
    rem_pairs = _ordered(ctx, [p for p in formed if p[0] not in mdp_set and p[1] not in mdp_set])
    whole_final = (mdp_pairs + rem_pairs, floaters)
    limbo = [x for x in mdps if x not in paired]
    proposal_ev = next((e for e in events if e.step is Step.PROPOSAL), None)
    out: list[TraceEvent] = [opening]

    # -- heterogeneous: the MDP-pairing, S1 = the MDPs paired, S2 = all residents (art. 3.2) ------
    if mdps:
        paired_mdps = sorted((x for x in mdps if x in paired), key=ctx.order.__getitem__)
        m1 = len(paired_mdps)
        if m1:
            out.append(TraceEvent(
                Step.PROPOSAL,
                f"MDP-pairing: S1 {' '.join(map(str, paired_mdps))} against S2 {' '.join(map(str, residents))}: "
                + " · ".join(f"{a}-{b}" for a, b in zip(paired_mdps, residents)),
                "C.04.3 art. 3.2", bracket=no, players=tuple(paired_mdps + residents),
                data={"s1": paired_mdps, "s2": residents, "stage": "mdp",
                      "pairs": [(a, b) for a, b in zip(paired_mdps, residents)]},
            ))
        for x in limbo:
            if not any(ctx.legal(x, r) for r in residents):
                why, rule = "may meet none of the residents (met them, or the same absolute colour)", \
                    "C.04.3 [C1] [C3], art. 4.4.1"
            elif len(mdps) > len(residents):
                plural = "s" if len(residents) != 1 else ""
                why = f"{len(residents)} resident{plural} for {len(mdps)} moved-down players"
                rule = "C.04.3 art. 3.1, 4.4"
            else:
                why, rule = ("the moved-down players paired are the first valid set (art. 4.4); which criterion "
                             "ruled this one out is not determined here"), "C.04.3 [C4]-[C8], art. 4.4"
            out.append(TraceEvent(
                Step.NOTE, f"limbo: {x} ({points_text(ctx.views[x].score)}) is not paired here: {why}",
                rule, bracket=no, players=(x,), data={"limbo": limbo, "reason": why},
            ))
        # the whole first candidate: the MDP-pairing, then the remainder's own S1R/S2R (art. 3.3)
        rest = residents[m1:]
        mdp_prop, _ = _split(ctx, paired_mdps, residents)
        rem_prop, rem_left = _split(ctx, rest[: len(rem_pairs)], rest[len(rem_pairs):])
        whole = mdp_prop + rem_prop
        whole_proposal = (whole, limbo + rem_left) if _legal(ctx, whole) else None
        short = None
        if whole_proposal is None and len(rest) <= _SMALL_REMAINDER:
            most = _most_pairs(ctx, rest)
            if most < len(rem_pairs):
                short = (rest, len(rem_pairs), most)
        to_match = paired_mdps + [x for x in residents if x in paired]
        out.extend(_explain_stage(ctx, no, "mdp", paired_mdps, residents, mdp_pairs, whole_proposal,
                                  whole_final, res_set, short,
                                  ([], to_match, mdp_set, paired_mdps + residents, limbo)))
    # the engine's own events, its remainder proposal explained right after it
    for e in events[1:]:
        if e.step in (Step.FLOATER, Step.EXCHANGE):
            continue  # floaters are told after the pairs; the exchange is told with the proposal
        if e is proposal_ev:
            s1 = list(e.data.get("s1", []))
            s2 = list(e.data.get("s2", []))
            if not s1 and not s2:
                out.append(replace(e, text="remainder: nobody left to pair"))
                continue
            what = "remainder: " if mdps else ""
            pairs_text = " · ".join(f"{a}-{b}" for a, b in zip(s1, s2))
            left = s2[len(s1):]
            text = f"{what}S1 {' '.join(map(str, s1)) or '-'} against S2 {' '.join(map(str, s2)) or '-'}"
            if pairs_text:
                text += f": {pairs_text}"
            if left:
                text += f"; {' '.join(map(str, left))} left over"
            out.append(replace(e, text=text))
            rem_prop, rem_left = _split(ctx, s1, s2)
            whole_proposal = (mdp_pairs + rem_prop, limbo + rem_left)
            to_match = [x for x in s1 + s2 if x in paired]
            out.extend(_explain_stage(ctx, no, "remainder", s1, s2, rem_pairs, whole_proposal,
                                      whole_final, res_set, None, (mdp_pairs, to_match, set(), s1 + s2, limbo)))
            continue
        out.append(e)
    for e in events[1:]:
        if e.step is Step.FLOATER:
            pid = e.players[0] if e.players else None
            if pid is not None and pid in ctx.views:
                why = e.data.get("reason", "")
                verb = "stays unpaired" if why.startswith("left") else "floats down"
                e = replace(e, text=f"{pid} ({points_text(ctx.views[pid].score)}) {verb}: {why}")
            out.append(e)
    if formed:
        final = _ordered(ctx, formed)
        out.append(TraceEvent(
            Step.NOTE, "pairs kept: " + " · ".join(f"{a}-{b}" for a, b in final),
            "C.04.3 art. 3.8", bracket=no, players=tuple(x for p in final for x in p),
            data={"pairs": final, "final": True},
        ))
    return out


def _ids(ids: list[int], most: int = 8) -> str:
    """A list of pairing numbers, shortened for a long one."""
    head = ", ".join(map(str, ids[:most]))
    return head + (f" and {len(ids) - most} more" if len(ids) > most else "")


def _bye_events(t: Tournament, result: PairingResult, tail: list[TraceEvent],
                ctx: _Context | None = None) -> list[TraceEvent]:
    """The tail of the trace (bye, colours) with the bye's reasons spelled out ([C2], [C5], [C9])."""
    if result.bye is None or ctx is None:
        return list(tail)
    bye = result.bye
    v = ctx.views.get(bye)
    if v is None:
        return list(tail)
    others = [w for w in ctx.views.values() if w.id != bye]
    lower_ineligible = sorted((w.id for w in others if w.score <= v.score and not w.pab_eligible),
                              key=ctx.order.__getitem__)
    lower_eligible = sorted((w.id for w in others if w.score < v.score and w.pab_eligible),
                            key=ctx.order.__getitem__)
    same = [w for w in others if w.score == v.score and w.pab_eligible]
    unplayed = t.rounds_played - v.played_games
    parts = [f"{bye} ({points_text(v.score)}) receives the pairing-allocated bye"]
    rules = ["C.04.3 [C2]"]
    if lower_ineligible:
        parts.append(f"{_ids(lower_ineligible)} may not receive it "
                     f"(a bye or a win without playing already) [C2]")
    if lower_eligible:
        parts.append(f"{_ids(lower_eligible)} score less but the round cannot be completed "
                     f"without pairing them [C4]")
    parts.append(f"{points_text(v.score)} is the lowest score the bye can go to [C5]")
    rules.append("[C5]")
    if same:
        more = sorted((w.id for w in same if t.rounds_played - w.played_games > unplayed), key=ctx.order.__getitem__)
        fewer = [w.id for w in same if t.rounds_played - w.played_games < unplayed]
        if more and not fewer:
            parts.append(f"of the eligible players on {points_text(v.score)}, {bye} has the fewest unplayed "
                         f"games ({unplayed}); {', '.join(map(str, more))} "
                         f"{'has' if len(more) == 1 else 'have'} more [C9]")
            rules.append("[C9]")
        elif not fewer:
            parts.append(f"{len(same)} other eligible player(s) on {points_text(v.score)} have as many unplayed "
                         f"games; the pairing of their brackets decided (art. 3.8)")
        else:
            parts.append(f"{', '.join(map(str, fewer))} have fewer unplayed games but are needed for the "
                         f"pairing of their bracket")
    out = []
    for e in tail:
        if e.step is Step.BYE and bye in e.players:
            data = dict(e.data)
            data.update({"ineligible": lower_ineligible, "unplayed": unplayed})
            e = replace(e, text="; ".join(parts), rule=" ".join(rules), data=data)
        out.append(e)
    return out
