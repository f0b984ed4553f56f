"""The basic trace of a Dutch bracket: its players with their facts, the pairs, the exchanges, the floaters and why."""

from __future__ import annotations

from engine.model.explain import PlayerFacts, Step, TraceEvent
from engine.model.terms import Float
from engine.model.wording import _, ngettext
from engine.systems.brackets import PlayerView
from engine.systems.dutch.state import BracketState, Pair, RoundState


BYE_RULE = "C.04.3 [C5]"
"""The rule of a player left unpaired for the pairing-allocated bye (the others float down)."""


def floater_reason(r: RoundState, b: BracketState, v: int, floaters: list[int], more: bool,
                    c9_here: bool) -> tuple[str, str]:
    """Why ``v`` is left unpaired by its bracket, and the rule: (text, rule).

    The text is in the reader's language; whether the player stays unpaired for the bye (rather than
    floating down) is told by the rule, :data:`BYE_RULE`, never by the words."""
    players = r.players
    if not more:
        return _("left for the pairing-allocated bye"), BYE_RULE + (" [C9]" if c9_here else "")
    if b.size == 1:
        return _("alone in the bracket"), "C.04.3 [C6]"
    if not any(r.weights.compatible(players[v], players[u]) for u in b.members[:b.size] if u != v):
        return _("no compatible opponent in the bracket"), "C.04.3 [C1] [C3]"
    if b.size % 2 == 1 and len(floaters) == 1:
        return _("odd number of players in the bracket"), "C.04.3 [C6] [C7]"
    return _("fewest and lowest downfloaters keeping the round complete"), "C.04.3 [C4]-[C8]"


def _facts(p: PlayerView, rnd: int) -> PlayerFacts:
    """``p`` as this engine pairs round ``rnd``: pairing score, colours and floats of art. 1.4-1.7."""
    c = p.colours
    floats = tuple((r, f) for r, f in ((rnd - 2, p.float2), (rnd - 1, p.float1)) if f is not Float.NONE)
    return PlayerFacts(p.id, p.score, c.history, c.preference, c.strength, floats, virtual=p.score - p.real_score)


def _pairs_event(players: list[PlayerView], pairs: list[Pair], label: str, rule: str, bracket_no: int) -> TraceEvent:
    """The pairs a bracket made by one rule (the MDP-pairing of art. 4.4, the remainder of art. 4.2);
    ``label`` is the whole sentence, translated, with a ``{pairs}`` field."""
    ids = [(players[a].id, players[b].id) for a, b in pairs]
    return TraceEvent(Step.PAIRED, label.format(pairs=", ".join(f"{a}-{b}" for a, b in ids)), rule,
                      bracket=bracket_no, data={"pairs": ids})


def trace_bracket(trace: list[TraceEvent], b: BracketState, players: list[PlayerView], mdp_pairs: list[Pair],
                   rem_final: list[Pair], s1: list[int], s2: list[int], exchanges: int, floaters: list[int],
                   reasons: dict[int, tuple[str, str]], rnd: int) -> None:
    """The basic trace of one bracket: its players (with their facts), pairs, exchanges and floaters."""
    bracket_no, cur, size, mdp_count = b.no, b.members, b.size, b.mdps
    ids = [players[v].id for v in cur[:size]]
    mdps = ids[:mdp_count]
    residents = ids[mdp_count:]
    score = players[cur[mdp_count]].score if mdp_count < size else players[cur[0]].score
    trace.append(TraceEvent(
        Step.BRACKET,
        (_("bracket {bracket} (score {score}): residents {residents}, moved down {mdps}") if mdps
         else _("bracket {bracket} (score {score}): residents {residents}")).format(
            bracket=bracket_no, score=score, residents=residents, mdps=mdps),
        "C.04.3 art. 1.3",
        bracket=bracket_no,
        players=tuple(ids),
        data={"score": str(score), "residents": residents, "mdps": mdps, "heterogeneous": bool(mdps)},
        facts=tuple(_facts(players[v], rnd) for v in cur[:size]),
    ))
    if mdp_pairs:
        trace.append(_pairs_event(players, mdp_pairs, _("MDP-pairing: {pairs}"), "C.04.3 art. 4.4", bracket_no))
    trace.append(TraceEvent(
        Step.PROPOSAL,
        _("S1 {s1}, S2 {s2}").format(s1=s1, s2=s2),
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
            ngettext("{count} exchange between S1 and S2: {down} to S2, {up} to S1",
                     "{count} exchanges between S1 and S2: {down} to S2, {up} to S1",
                     exchanges).format(count=exchanges, down=down, up=up),
            "C.04.3 art. 4.3",
            bracket=bracket_no,
            data={"count": exchanges, "s1_to_s2": down, "s2_to_s1": up},
        ))
    if rem_final:
        trace.append(_pairs_event(players, rem_final, _("pairs: {pairs}"), "C.04.3 art. 4.2", bracket_no))
    for v in floaters:
        p = players[v]
        why, rule = reasons[v]
        trace.append(TraceEvent(
            Step.FLOATER,
            (_("{player} ({score}) stays unpaired: {reason}") if rule.startswith(BYE_RULE)
             else _("{player} ({score}) floats down: {reason}")).format(player=p.id, score=p.score, reason=why),
            rule,
            bracket=bracket_no,
            players=(p.id,),
            data={"score": str(p.score), "reason": why, "for_bye": rule.startswith(BYE_RULE)},
        ))
