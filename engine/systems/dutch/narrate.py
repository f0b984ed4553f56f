"""The *why* of a Dutch pairing, told the way an arbiter pairs by hand.

The Dutch engine finds each bracket's pairing by weighted matching, which
never walks through the candidates of C.04.3 art. 3-4. The arbiter still
expects that story: the first candidate (S1[i] against S2[i], art. 3.2-3.3),
each proposed pair that could not stand and the rule it broke, the exchange
and transposition that lead to the pairs kept. :func:`narrate` rebuilds it
after the fact from the tournament and the engine's basic trace, so the
engine stays fast and this module can never change a pairing.

Why each proposed pair not kept was rejected is found in
:mod:`.rejections`; this module tells the bracket's story around it and the
reasons of the bye.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.model.explain import Step, TraceEvent, points_text
from engine.model.result import PairingResult
from engine.model.tournament import Tournament
from engine.model.wording import _, ngettext
from engine.systems.brackets import player_views, topscorer_threshold
from engine.systems.dutch.rejections import Pair, RoundCriteria, explain_stage, first_candidate


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
        note = TraceEvent(Step.NOTE, _("the detailed explanation could not be built ({error}); the pairing is "
                                       "unaffected").format(error=f"{type(err).__name__}: {err}"),
                          data={"explanation_error": True})
        return replace(result, trace=(*result.trace, note))


def _narrate(tournament: Tournament, result: PairingResult) -> PairingResult:
    trace = list(result.trace)
    if not any(e.step is Step.BRACKET for e in trace):
        return replace(result, trace=tuple(_bye_events(tournament, result, trace)))
    views_list = player_views(tournament)
    views = {v.id: v for v in views_list}
    ctx = RoundCriteria(tournament, views, {v.id: i for i, v in enumerate(views_list)}, topscorer_threshold(tournament),
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

    members: list[tuple[int, set[int]]] = []
    for g in groups:
        opened = g[0]
        if opened.bracket is None:
            raise ValueError(f"a bracket opened without its number: {opened}")
        d = opened.data
        members.append((opened.bracket, set(d.get("mdps", [])) | set(d.get("residents", []))))
    all_pairs = [(b.white, b.black) for b in result.boards]
    formed = _bracket_pairs(members, all_pairs)

    out: list[TraceEvent] = []
    for e in head:
        if "bye_score" in e.data:
            e = replace(e, text=_("odd number of players: the pairing-allocated bye will go to a player with "
                                  "{score} points").format(score=points_text(e.data['bye_score'])))
        out.append(e)
    for g, (number, _members) in zip(groups, members):
        out.extend(_narrate_bracket(ctx, g, formed.get(number, [])))
    out.extend(_bye_events(tournament, result, tail, ctx))
    return replace(result, trace=tuple(out))


def _ordered(ctx: RoundCriteria, pairs: list[Pair]) -> list[Pair]:
    """Pairs as (higher, lower) in art. 1.2 order, the highest pair first."""
    out = [(min(p, key=ctx.order.__getitem__), max(p, key=ctx.order.__getitem__)) for p in pairs]
    return sorted(out, key=lambda p: ctx.order[p[0]])


def _legal(ctx: RoundCriteria, pairs: list[Pair]) -> bool:
    return all(ctx.absolute_reason(a, b) is None for a, b in pairs)


_SMALL_REMAINDER = 10  # remainders searched exhaustively for their most legal pairs


def _most_pairs(ctx: RoundCriteria, players: list[int]) -> int:
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


@dataclass
class _Bracket:
    """One bracket as the basic trace and the boards tell it."""

    no: int | None
    mdps: list[int]
    residents: list[int]
    paired: set[int]  # the players of the bracket paired in it
    mdp_pairs: list[Pair]  # (higher, lower), highest first
    rem_pairs: list[Pair]
    limbo: list[int]  # MDPs not paired here

    @property
    def whole_final(self) -> tuple[list[Pair], list[int]]:
        """The candidate kept: its pairs and the players it leaves unpaired."""
        floaters = [x for x in self.mdps + self.residents if x not in self.paired]
        return self.mdp_pairs + self.rem_pairs, floaters


def _narrate_bracket(ctx: RoundCriteria, events: list[TraceEvent], formed: list[Pair]) -> list[TraceEvent]:
    opening = events[0]
    mdps: list[int] = list(opening.data.get("mdps", []))
    residents: list[int] = list(opening.data.get("residents", []))
    paired = {x for p in formed for x in p}
    mdp_set = set(mdps)
    b = _Bracket(opening.bracket, mdps, residents, paired,
                 _ordered(ctx, [p for p in formed if p[0] in mdp_set or p[1] in mdp_set]),
                 _ordered(ctx, [p for p in formed if p[0] not in mdp_set and p[1] not in mdp_set]),
                 [x for x in mdps if x not in paired])
    proposal_ev = next((e for e in events if e.step is Step.PROPOSAL), None)
    out: list[TraceEvent] = [opening]
    if mdps:
        out.extend(_narrate_mdp_pairing(ctx, b))
    # the engine's own events, its remainder proposal explained right after it
    for e in events[1:]:
        if e.step in (Step.FLOATER, Step.EXCHANGE):
            continue  # floaters are told after the pairs; the exchange is told with the proposal
        if e is proposal_ev:
            out.extend(_narrate_remainder(ctx, b, e))
            continue
        out.append(e)
    for e in events[1:]:
        if e.step is Step.FLOATER:
            pid = e.players[0] if e.players else None
            if pid is not None and pid in ctx.views:
                why = e.data.get("reason", "")
                told = (_("{player} ({score}) stays unpaired: {reason}") if e.data.get("for_bye")
                        else _("{player} ({score}) floats down: {reason}"))
                e = replace(e, text=told.format(player=pid, score=points_text(ctx.views[pid].score), reason=why))
            out.append(e)
    if formed:
        final = _ordered(ctx, formed)
        out.append(TraceEvent(
            Step.NOTE, _("pairs kept: {pairs}").format(pairs=" · ".join(f"{a}-{b}" for a, b in final)),
            "C.04.3 art. 3.8", bracket=b.no, players=tuple(x for p in final for x in p),
            data={"pairs": final, "final": True},
        ))
    return out


def _narrate_mdp_pairing(ctx: RoundCriteria, b: _Bracket) -> list[TraceEvent]:
    """A heterogeneous bracket's MDP-pairing: S1 = the MDPs paired, S2 = all residents (art. 3.2), and the limbo."""
    no, mdps, residents, paired, limbo = b.no, b.mdps, b.residents, b.paired, b.limbo
    out: list[TraceEvent] = []
    paired_mdps = sorted((x for x in mdps if x in paired), key=ctx.order.__getitem__)
    m1 = len(paired_mdps)
    if m1:
        out.append(TraceEvent(
            Step.PROPOSAL,
            _("MDP-pairing: S1 {s1} against S2 {s2}: {pairs}").format(
                s1=" ".join(map(str, paired_mdps)), s2=" ".join(map(str, residents)),
                pairs=" · ".join(f"{x}-{y}" for x, y in zip(paired_mdps, residents))),
            "C.04.3 art. 3.2", bracket=no, players=tuple(paired_mdps + residents),
            data={"s1": paired_mdps, "s2": residents, "stage": "mdp",
                  "pairs": [(x, y) for x, y in zip(paired_mdps, residents)]},
        ))
    for x in limbo:
        if not any(ctx.legal(x, r) for r in residents):
            why, rule = _("may meet none of the residents (met them, or the same absolute colour)"), \
                "C.04.3 [C1] [C3], art. 4.4.1"
        elif len(mdps) > len(residents):
            why = ngettext("{residents} resident for {mdps} moved-down players",
                           "{residents} residents for {mdps} moved-down players",
                           len(residents)).format(residents=len(residents), mdps=len(mdps))
            rule = "C.04.3 art. 3.1, 4.4"
        else:
            why, rule = _("the moved-down players paired are the first valid set (art. 4.4); which criterion "
                          "ruled this one out is not determined here"), "C.04.3 [C4]-[C8], art. 4.4"
        out.append(TraceEvent(
            Step.NOTE, _("limbo: {player} ({score}) is not paired here: {reason}").format(
                player=x, score=points_text(ctx.views[x].score), reason=why),
            rule, bracket=no, players=(x,), data={"limbo": limbo, "reason": why},
        ))
    # the whole first candidate: the MDP-pairing, then the remainder's own S1R/S2R (art. 3.3)
    rest = residents[m1:]
    mdp_prop, _left = first_candidate(ctx, paired_mdps, residents)
    rem_prop, rem_left = first_candidate(ctx, rest[: len(b.rem_pairs)], rest[len(b.rem_pairs):])
    whole = mdp_prop + rem_prop
    whole_proposal = (whole, limbo + rem_left) if _legal(ctx, whole) else None
    short = None
    if whole_proposal is None and len(rest) <= _SMALL_REMAINDER:
        most = _most_pairs(ctx, rest)
        if most < len(b.rem_pairs):
            short = (rest, len(b.rem_pairs), most)
    to_match = paired_mdps + [x for x in residents if x in paired]
    out.extend(explain_stage(ctx, no, "mdp", paired_mdps, residents, b.mdp_pairs, whole_proposal,
                             b.whole_final, set(residents), short,
                             ([], to_match, set(mdps), paired_mdps + residents, limbo)))
    return out


def _narrate_remainder(ctx: RoundCriteria, b: _Bracket, e: TraceEvent) -> list[TraceEvent]:
    """The engine's remainder proposal (S1 against S2, art. 3.2) in words, then why it changed."""
    s1 = list(e.data.get("s1", []))
    s2 = list(e.data.get("s2", []))
    if not s1 and not s2:
        return [replace(e, text=_("remainder: nobody left to pair"))]
    pairs_text = " · ".join(f"{x}-{y}" for x, y in zip(s1, s2))
    left = s2[len(s1):]
    fields = {"s1": " ".join(map(str, s1)) or "-", "s2": " ".join(map(str, s2)) or "-", "pairs": pairs_text,
              "left": " ".join(map(str, left))}
    if b.mdps:
        told = (_("remainder: S1 {s1} against S2 {s2}: {pairs}; {left} left over") if pairs_text and left
                else _("remainder: S1 {s1} against S2 {s2}: {pairs}") if pairs_text
                else _("remainder: S1 {s1} against S2 {s2}; {left} left over") if left
                else _("remainder: S1 {s1} against S2 {s2}"))
    else:
        told = (_("S1 {s1} against S2 {s2}: {pairs}; {left} left over") if pairs_text and left
                else _("S1 {s1} against S2 {s2}: {pairs}") if pairs_text
                else _("S1 {s1} against S2 {s2}; {left} left over") if left
                else _("S1 {s1} against S2 {s2}"))
    out = [replace(e, text=told.format(**fields))]
    rem_prop, rem_left = first_candidate(ctx, s1, s2)
    whole_proposal = (b.mdp_pairs + rem_prop, b.limbo + rem_left)
    to_match = [x for x in s1 + s2 if x in b.paired]
    out.extend(explain_stage(ctx, b.no, "remainder", s1, s2, b.rem_pairs, whole_proposal,
                             b.whole_final, set(b.residents), None, (b.mdp_pairs, to_match, set(), s1 + s2, b.limbo)))
    return out


def _ids(ids: list[int], most: int = 8) -> str:
    """A list of pairing numbers, shortened for a long one."""
    head = ", ".join(map(str, ids[:most]))
    if len(ids) <= most:
        return head
    return _("{players} and {count} more").format(players=head, count=len(ids) - most)


def _bye_events(t: Tournament, result: PairingResult, tail: list[TraceEvent],
                ctx: RoundCriteria | None = None) -> list[TraceEvent]:
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
    parts = [_("{player} ({score}) receives the pairing-allocated bye").format(player=bye,
                                                                                 score=points_text(v.score))]
    rules = ["C.04.3 [C2]"]
    if lower_ineligible:
        parts.append(_("{players} may not receive it (a bye or a win without playing already) [C2]").format(
            players=_ids(lower_ineligible)))
    if lower_eligible:
        parts.append(_("{players} score less but the round cannot be completed without pairing them [C4]").format(
            players=_ids(lower_eligible)))
    parts.append(_("{score} is the lowest score the bye can go to [C5]").format(score=points_text(v.score)))
    rules.append("[C5]")
    if same:
        more = sorted((w.id for w in same if t.rounds_played - w.played_games > unplayed), key=ctx.order.__getitem__)
        fewer = [w.id for w in same if t.rounds_played - w.played_games < unplayed]
        if more and not fewer:
            parts.append(ngettext("of the eligible players on {score}, {player} has the fewest unplayed games "
                                  "({unplayed}); {others} has more [C9]",
                                  "of the eligible players on {score}, {player} has the fewest unplayed games "
                                  "({unplayed}); {others} have more [C9]", len(more)).format(
                score=points_text(v.score), player=bye, unplayed=unplayed, others=", ".join(map(str, more))))
            rules.append("[C9]")
        elif not fewer:
            parts.append(ngettext("{count} other eligible player on {score} has as many unplayed games; the "
                                  "pairing of the brackets decided (art. 3.8)",
                                  "{count} other eligible players on {score} have as many unplayed games; the "
                                  "pairing of their brackets decided (art. 3.8)", len(same)).format(
                count=len(same), score=points_text(v.score)))
        else:
            parts.append(ngettext("{players} has fewer unplayed games but is needed for the pairing of the "
                                  "bracket",
                                  "{players} have fewer unplayed games but are needed for the pairing of their "
                                  "bracket", len(fewer)).format(players=", ".join(map(str, fewer))))
    out = []
    for e in tail:
        if e.step is Step.BYE and bye in e.players:
            data = dict(e.data)
            data.update({"ineligible": lower_ineligible, "unplayed": unplayed})
            e = replace(e, text="; ".join(parts), rule=" ".join(rules), data=data)
        out.append(e)
    return out
