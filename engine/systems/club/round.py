"""One round of the simplified club Swiss: the bye, the search, the colours, the boards.

The bye (S2.3, S5.2, S8): the last player of the lowest score group who has
not had one; if the others cannot then be paired, the one before, and so on
up through the groups. The third-colour rule (S4.3, S6.1) is kept whenever
some complete pairing keeps it, with any bye; only when none does is it
dropped for the round, and the story says so.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from engine.matching.cardinality import maximum_matching
from engine.model.explain import Step, TraceEvent, points_text
from engine.model.result import NoLegalPairing, PairingResult
from engine.model.tournament import Colour, ResultCode, Tournament
from engine.model.wording import N_, _, ngettext
from engine.systems.boards import publish
from engine.systems.club.colours import ClubColours, allocate, by_number, drawn_colour, shown
from engine.systems.club.relaxed import broken_lines, least_broken
from engine.systems.club.search import Search

# why two players may not meet (S2.1, S4.3, the arbiter's forbidden pairs); "" when they may
Permitted = Callable[[int, int], str]


MET, KEPT_APART = N_("met before (S2.1)"), N_("kept apart by the arbiter")
BOTH_WHITE = N_("both had white twice running: one would get it a third time (S4.3)")
BOTH_BLACK = N_("both had black twice running: one would get it a third time (S4.3)")
"""Why two players may not meet, in English: the search keeps it as the step's verdict (and reads its first
word), the explanation shows it looked up in the reader's language."""


def _permitted(t: Tournament, colours: dict[int, ClubColours], keep_colours: bool) -> Permitted:
    met = {pid: t.opponents(pid) for pid in colours}
    forbidden = {frozenset(f.players) for f in t.settings.forbidden if f.applies(t.next_round)}

    def permitted(a: int, b: int) -> str:
        if b in met[a]:
            return MET
        if forbidden and any(frozenset((a, b)) <= f for f in forbidden):
            return KEPT_APART
        rep = colours[a].repeated
        if keep_colours and rep is not Colour.NONE and rep is colours[b].repeated:
            return BOTH_WHITE if rep is Colour.WHITE else BOTH_BLACK
        return ""
    return permitted


def _had_bye(t: Tournament, pid: int) -> bool:
    return any(e.code is ResultCode.PAB for e in t.player(pid).history[: t.rounds_played])


def _bye_and_rule(t: Tournament, ids: list[int], score: dict[int, Decimal], colours: dict[int, ClubColours],
                  trace: list[TraceEvent]) -> tuple[int | None, bool]:
    """The bye (None for an even field) and whether the third-colour rule could be kept."""
    candidates = sorted((q for q in ids if not _had_bye(t, q)), key=lambda q: (score[q], -q))
    first = candidates[0] if len(ids) % 2 and candidates else None
    if len(ids) % 2 == 0 or first is not None:  # the usual case, settled by the search itself
        rest = [q for q in ids if q != first]
        if Search(rest, score, _permitted(t, colours, True)).run() is not None:
            return first, True
    for keep in (True, False):
        permitted = _permitted(t, colours, keep)
        index = {q: i for i, q in enumerate(ids)}
        matching = maximum_matching([[index[r] for r in ids if r != q and not permitted(q, r)] for q in ids])
        if len(ids) % 2 == 0:
            if 2 * matching.size == len(ids):
                return None, keep
            continue
        for pid in candidates:
            _size, others = matching.without([index[pid]], 0)
            if 2 * others.size == len(ids) - 1:
                return pid, keep
    if len(ids) % 2 and not candidates:
        raise NoLegalPairing(_("everybody has had the bye already (club S2.3)"))
    raise NoLegalPairing(_("no complete pairing exists: the tournament cannot continue (club S5.3)"))


def pair_round(t: Tournament) -> PairingResult:
    ids = [p.id for p in t.to_pair()]
    score = {q: t.pairing_score(q) for q in ids}
    colours = {q: ClubColours(q, t.colours(q)) for q in ids}
    trace = [TraceEvent(Step.NOTE, _("Simplified club Swiss (seed 003); round {round}").format(round=t.next_round),
                        "club S4")]
    try:
        bye, keep = _bye_and_rule(t, ids, score, colours, trace)
        permitted, broken = _permitted(t, colours, keep), set[frozenset[int]]()
    except NoLegalPairing as stuck:
        if len(ids) < 2:
            raise
        broken, bye = least_broken(t, ids, colours, lambda q: _had_bye(t, q))
        keep, strict = True, _permitted(t, colours, True)

        def permitted(a: int, b: int) -> str:
            return "" if frozenset((a, b)) in broken else strict(a, b)
        trace.append(TraceEvent(Step.NOTE, _("{refusal}; the pairing that breaks the fewest of the text's limitations "
                                             "is proposed for the arbiter to confirm").format(refusal=stuck),
                                "club S5.3"))
    if bye is not None:
        trace.append(_bye_event(t, bye, ids, score, permitted))
        ids.remove(bye)
    if not keep:
        trace.append(TraceEvent(Step.NOTE, _("no complete pairing avoids a third same colour in a row: the rule is "
                                             "dropped for this round"), "club S6.1"))
    search = Search(ids, score, permitted)
    pairs = search.run()
    if pairs is None:
        raise NoLegalPairing(_("no complete pairing exists: the tournament cannot continue (club S5.3)"))
    lines = broken_lines(t, pairs, bye, lambda q: _had_bye(t, q)) if broken or bye is not None else ()
    trace.extend(TraceEvent(Step.NOTE, "not kept: " + line.split(": ", 1)[1], line.split(": ", 1)[0])
                 for line in lines)
    _trace_search(search, score, colours, ids, trace)
    drawn = drawn_colour(t.settings)
    if t.next_round == 1:
        allocations = [by_number(min(a, b), max(a, b), drawn) for a, b in pairs]
    else:
        allocations = [allocate(colours[a], colours[b], drawn) for a, b in pairs]
    boards = publish(t, allocations, trace)
    return PairingResult(t.next_round, boards, bye, tuple(trace), relaxed=lines)


def _bye_event(t: Tournament, bye: int, ids: list[int], score: dict[int, Decimal], permitted: Permitted) -> TraceEvent:
    """S2.3, S5.2: who gets the bye, and for each player passed over, why."""
    lowest = sorted(ids, key=lambda q: (score[q], -q))
    skipped = lowest[: lowest.index(bye)]
    had = [q for q in skipped if _had_bye(t, q)]
    stuck = [q for q in skipped if q not in had]
    reasons = []
    if had:
        reasons.append(ngettext("{players} had the bye already", "{players} had the bye already", len(had)).format(
            players=_names(had)))
    if stuck:
        reasons.append(_("with the bye to {players} the others could not all be paired").format(
            players=_names(stuck, "or")))
    if skipped:
        told = _("{player} gets the bye: moved up past {players}: {reasons}").format(
            player=bye, players=_names(skipped), reasons="; ".join(reasons))
    else:
        told = _("{player} gets the bye: lowest ranked in the lowest score group").format(player=bye)
    return TraceEvent(Step.BYE, told, "club S2.3, S5.2" if skipped else "club S2.3",
                      players=(bye,), data={"player": bye})


def _group_events(s: Decimal, group: list[int], left: list[int], colours: dict[int, ClubColours],
                  number: int) -> list[TraceEvent]:
    """The score group as its first search begins: the players not yet paired, halved (S3)."""
    members = sorted(left)
    half = len(members) // 2
    if len(members) == 1:
        alone = (_("{player} is alone in the group (the others are paired already): it searches the lower score "
                   "groups") if len(group) > 1 else
                 _("{player} is alone in the group: it searches the lower score groups"))
        halves = (alone.format(player=members[0]), "club S4.5")
    else:
        halves = (_("top half {top}, lower half {lower}").format(top=" ".join(map(str, members[:half])),
                                                               lower=" ".join(map(str, members[half:]))), "club S3")
    return [TraceEvent(Step.BRACKET, _("Score group {score}").format(score=points_text(s)), "club S3", bracket=number,
                       players=tuple(members), data={"score": str(s), "residents": members, "mdps": []},
                       facts=tuple(shown(colours[q], s) for q in members)),
            TraceEvent(Step.PROPOSAL, halves[0], halves[1], bracket=number, players=tuple(members),
                       data={"s1": members[:half], "s2": members[half:]}) if half else
            TraceEvent(Step.NOTE, halves[0], halves[1], bracket=number, players=tuple(members))]


def _names(ids: list[int], last: str = "and") -> str:
    words = [str(q) for q in ids]
    if len(words) == 1:
        return words[0]
    told = _("{players} and {last}") if last == "and" else _("{players} or {last}")
    return told.format(players=", ".join(words[:-1]), last=words[-1])


def _trace_search(search: Search, score: dict[int, Decimal], colours: dict[int, ClubColours], ids: list[int],
                  trace: list[TraceEvent]) -> None:
    """One bracket per score group (opened when its first player is paired), each search step in it."""
    groups = sorted({score[q] for q in ids}, reverse=True)
    number = {s: i + 1 for i, s in enumerate(groups)}
    opened: set[Decimal] = set()
    paired: set[int] = set()  # the pairs standing when each step is taken (S5.1 undoes the last first)
    for step in search.steps:
        s = score[step.player]
        if s not in opened:
            opened.add(s)
            group = [q for q in ids if score[q] == s]
            trace.extend(_group_events(s, group, [q for q in group if q not in paired], colours, number[s]))
        if not step.verdict:
            paired.update((step.player, step.opponent))
        elif step.verdict.startswith("undone"):
            paired.difference_update((step.player, step.opponent))
        pair, from_group = f"{step.player}-{step.opponent}", points_text(score[step.opponent])
        if not step.verdict:
            told = (_("{pair}: opponent {number} in {player}'s search order") if score[step.opponent] == s else
                    _("{pair}: opponent {number} in {player}'s search order (from score group {score})"))
            trace.append(TraceEvent(Step.PAIRED, told.format(pair=pair, number=step.number, player=step.player,
                                                             score=from_group), "club S4.2", bracket=number[s],
                                    players=(step.player, step.opponent),
                                    data={"pairs": [(step.player, step.opponent)], "number": step.number}))
        else:
            kind = Step.EXCHANGE if step.verdict.startswith(("undone", "dead end")) else Step.REJECTED
            told = (_("{pair} not kept: {reason}") if score[step.opponent] == s else
                    _("{pair} (from score group {score}) not kept: {reason}"))
            trace.append(TraceEvent(kind, told.format(pair=pair, score=from_group, reason=_(step.verdict)),
                                    "club S5.1" if kind is Step.EXCHANGE else "club S4.3", bracket=number[s],
                                    players=(step.player, step.opponent),
                                    data={"pair": (step.player, step.opponent), "number": step.number,
                                          "reason": step.verdict}))
