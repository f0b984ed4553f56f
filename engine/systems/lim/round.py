"""One round of the Lim system: the bye, the order of work, the blocked median group, colours.

C.04.4.3 art. 1 (the PAB), 2.2 (from the top group down to just above the
median group, from the bottom group up to just below it, the median group
last and downward), 2.6 (a blocked median group takes in the nearest pairs of
its neighbours until it can be paired), 5 (colours), 6 (last round), 7 (round 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from engine.matching.cardinality import maximum_matching
from engine.model.explain import Step, TraceEvent, points_text
from engine.model.result import NoLegalPairing, PairingResult
from engine.model.tournament import Colour, Pairing, Tournament
from engine.model.wording import _
from engine.systems.boards import publish
from engine.systems.lim.citations import for_seed, in_seed_numbers
from engine.systems.lim.colours import allocate, first_round
from engine.systems.lim.floaters import DOWN, UP
from engine.systems.lim.group import Context, Group, Outcome
from engine.systems.lim.players import Compatibility, LimPlayer, lim_players, median_score
from engine.systems.lim.relaxed import allowing, broken_lines, least_broken


@dataclass(frozen=True)
class Options:
    """``seed_rules``: the 1999 text of seed 000 (lim-seed) instead of the 2026 one; ``maxi``: a Maxi-tournament."""

    seed_rules: bool = False
    maxi: bool = False


def _swap(mask: int) -> int:
    return ((mask & 1) << 1) | ((mask & 2) >> 1)


def _compatibility(t: Tournament, players: dict[int, LimPlayer], last_round: bool) -> Compatibility:
    """Art. 2.1 (art. 6 in the last round): the yes/no test, fast, and the reason in words."""
    forbidden = {frozenset(f.players) for f in t.settings.forbidden if f.applies(t.next_round)}
    masks = {pid: (3 if last_round else p.colour_mask) for pid, p in players.items()}

    def compatible(a: int, b: int) -> bool:
        if b in players[a].opponents or masks[a] & _swap(masks[b]) == 0:
            return False
        return not forbidden or not any(frozenset((a, b)) <= f for f in forbidden)

    def why_not(a: int, b: int) -> str:
        if b in players[a].opponents:
            return _("rematch")
        if forbidden and any(frozenset((a, b)) <= f for f in forbidden):
            return _("kept apart by the arbiter")
        if masks[a] & _swap(masks[b]) == 0:
            told = _("colour: no colours possible without a third in a row or a difference of three ({article})")
            return told.format(article="art. 2.1")
        return ""
    return compatible, why_not


@dataclass
class _Side:
    """The groups paired on one side of the median: their pairs, newest last (what 2.6 cracks first)."""

    pairs: list[tuple[Decimal, tuple[int, int]]] = field(default_factory=list)
    floaters: list[int] = field(default_factory=list)


def _bye_candidates(t: Tournament, players: dict[int, LimPlayer], opts: Options,
                    trace: list[TraceEvent]) -> tuple[list[int | None], str]:
    """Art. 1.1 (lowest ranked of the lowest group), 7.1 (2026: round 1, the lowest rated), Basic Rules art. 4.

    The eligible players in the order they are asked; [None] for an even field.
    """
    if len(players) % 2 == 0:
        return [None], ""
    if t.next_round == 1 and not opts.seed_rules:
        order = sorted(players.values(), key=lambda p: (p.rating, -p.id))
        rule = "C.04.4.3 art. 7.1"
    else:
        order = sorted(players.values(), key=lambda p: (p.score, -p.id))
        rule = "C.04.4.3 art. 1.1" if not opts.seed_rules else "Lim (seed) section 8.1"
    for p in order:
        if p.pab_eligible:
            break
        trace.append(TraceEvent(Step.NOTE, _("{player} may not have the bye: already had a bye or a win without "
                                             "playing").format(player=p.id),
                                "C.04.1 art. 4" if not opts.seed_rules else "Lim (seed) section 8.2", players=(p.id,)))
    eligible: list[int | None] = [p.id for p in order if p.pab_eligible]
    if not eligible:
        raise NoLegalPairing(_("nobody may receive the pairing-allocated bye (C.04.1 art. 4)"))
    return eligible, rule


def pair_round(t: Tournament, opts: Options) -> PairingResult:
    """The round by the text; a round no pairing within its limits exists for, by :mod:`.relaxed`."""
    players = lim_players(t, opts.seed_rules)
    last = t.is_last_round and t.next_round > 1
    try:
        result = pair_within(t, players, opts, _compatibility(t, players, last))
    except NoLegalPairing as stuck:
        result = relaxed_round(t, players, opts, last, stuck)
    if opts.seed_rules:  # every citation in the 1999 text's numbers
        result = replace(result, trace=for_seed(result.trace),
                         relaxed=tuple(in_seed_numbers(line) for line in result.relaxed))
    return result


def relaxed_round(t: Tournament, players: dict[int, LimPlayer], opts: Options, last: bool,
                  stuck: NoLegalPairing) -> PairingResult:
    """No pairing keeps the text's limits: the one that breaks the fewest, each break named (:mod:`.relaxed`)."""
    broken, allowed = least_broken(t, players, last)
    tests = allowing(_compatibility(t, allowed, last), broken)
    notes = (TraceEvent(Step.NOTE, _("no pairing keeps every limitation of the text ({refusal}); the pairing that "
                                     "breaks the fewest is proposed for the arbiter to confirm").format(refusal=stuck),
                        "C.04.4.3 art. 2.1"),)
    result = pair_within(t, allowed, opts, tests, notes)
    lines = broken_lines(result, players, last, opts.seed_rules)
    named = tuple(TraceEvent(Step.NOTE, "not kept: " + line.split(": ", 1)[1], line.split(": ", 1)[0])
                  for line in lines)
    return replace(result, trace=result.trace[:2] + named + result.trace[2:], relaxed=lines)


def pair_within(t: Tournament, players: dict[int, LimPlayer], opts: Options, tests: Compatibility,
                notes: tuple[TraceEvent, ...] = ()) -> PairingResult:
    """The bye goes to the first eligible player with whom the others can all be paired (our reading of 1.1).

    ``tests``: the compatibility test and its reason in words (art. 2.1); ``notes`` follow the opening.
    """
    compatible, why_not = tests
    last = t.is_last_round and t.next_round > 1
    if opts.seed_rules:
        told = (_("Lim system (the seed's text (sections 7-13)); round {round}; last round: colours give way to equal "
                  "scores ({article})") if last else _("Lim system (the seed's text (sections 7-13)); round {round}"))
    else:
        told = (_("Lim system (C.04.4.3, 2026); round {round}; last round: colours give way to equal scores "
                  "({article})") if last else _("Lim system (C.04.4.3, 2026); round {round}"))
    opening = [TraceEvent(Step.NOTE, told.format(round=t.next_round, article="art. 6"), "C.04.4.3"), *notes]
    candidates, rule = _bye_candidates(t, players, opts, opening)
    failed: list[str] = []
    while candidates:
        bye = candidates.pop(0)
        trace = list(opening)
        for other in failed:
            trace.append(TraceEvent(Step.NOTE, _("with the bye to {players} the others could not all be paired").format(
                                        players=other), rule,
                                    players=(int(other),)))
        if bye is not None:
            trace.append(TraceEvent(Step.BYE, _("{player} gets the pairing-allocated bye").format(player=bye), rule,
                                    players=(bye,),
                                    data={"player": bye}))
        rest = {k: v for k, v in players.items() if k != bye}
        try:
            boards = _pair_players(t, Context(rest, why_not, compatible, opts.maxi, t.next_round), trace)
        except NoLegalPairing:
            if not candidates or bye is None:
                raise
            if not failed:  # from now on ask a maximum matching first: most byes can be ruled out at once
                candidates = _possible_byes(players, compatible, candidates)
            failed.append(str(bye))
            continue
        return PairingResult(t.next_round, boards, bye, tuple(trace))
    raise NoLegalPairing(_("no pairing of every player exists (C.04.4.3 art. 2.1)"))


def _possible_byes(players: dict[int, LimPlayer], compatible: Callable[[int, int], bool], candidates: list[int | None]) -> list[int | None]:
    """The candidates with whom the others have a complete compatible pairing, in the same order."""
    ids = list(players)
    index = {q: i for i, q in enumerate(ids)}
    everyone = maximum_matching([[index[r] for r in ids if r != q and compatible(q, r)] for q in ids])
    return [c for c in candidates if c is not None and 2 * everyone.without([index[c]], 0)[1].size == len(ids) - 1]


def _pair_players(t: Tournament, ctx: Context, trace: list[TraceEvent]) -> tuple[Pairing, ...]:
    players = ctx.players
    if t.next_round == 1:
        made = _round_one(ctx, players, trace)
        allocations = [first_round(players[a], players[b], pos, t.settings.initial_colour)
                       for pos, (a, b) in made]
    else:
        made_pairs = _later_round(ctx, players, median_score(t), trace)
        initial = t.settings.initial_colour if t.settings.initial_colour is not Colour.NONE else Colour.WHITE
        allocations = [allocate(players[a], players[b], above, initial) for (a, b), above in made_pairs]
    return publish(t, allocations, trace)


def _round_one(ctx: Context, players: dict[int, LimPlayer], trace: list[TraceEvent]) -> list[tuple[int, tuple[int, int]]]:
    """Art. 7.2 with 2.4: one group, top half against bottom half (exchanges only for forbidden pairs)."""
    out = Group(ctx, 1, Decimal(0), sorted(players), [], set(), DOWN, []).pair()
    trace.extend(out.events)
    if out.floaters:
        raise NoLegalPairing(_("round 1 cannot be paired with the pairs the arbiter keeps apart"))
    order = sorted(players)
    return [(order.index(min(a, b)) + 1, (min(a, b), max(a, b))) for a, b in out.pairs]


def _later_round(ctx: Context, players: dict[int, LimPlayer], median: Decimal,
                 trace: list[TraceEvent]) -> list[tuple[tuple[int, int], bool]]:
    groups: dict[Decimal, list[int]] = {}
    for pid, p in players.items():
        groups.setdefault(p.score, []).append(pid)
    above = sorted((s for s in groups if s > median), reverse=True)
    below = sorted(s for s in groups if s < median)
    down = " ".join(points_text(s) for s in above) or _("none")
    up = " ".join(points_text(s) for s in below) or _("none")
    trace.append(TraceEvent(Step.NOTE, _("median score {score}: groups {down} downward, {up} upward, then the median "
                                         "group").format(score=points_text(median), down=down, up=up),
                            "C.04.4.3 art. 2.2"))
    number = [0]
    upper = _pair_side(ctx, groups, above, DOWN, median, below, number, trace)
    lower = _pair_side(ctx, groups, below, UP, median, above, number, trace)
    number[0] += 1
    median_pairs = _pair_median(ctx, groups.get(median, []), median, upper, lower, number[0], trace)
    made = [(pair, True) for _, pair in upper.pairs] + [(pair, False) for _, pair in lower.pairs]
    return made + [(pair, True) for pair in median_pairs]


def _pair_side(ctx: Context, groups: dict[Decimal, list[int]], scores: list[Decimal], direction: str, median: Decimal,
               beyond: list[Decimal], number: list[int], trace: list[TraceEvent]) -> _Side:
    side = _Side()
    incoming: list[int] = []
    for i, score in enumerate(scores):
        if i + 1 < len(scores):
            adjacent = groups[scores[i + 1]]
        elif groups.get(median):
            adjacent = groups[median]
        else:  # empty median group: the nearest group on the other side is next door
            adjacent = groups[beyond[-1]] if beyond else []
        number[0] += 1
        out = Group(ctx, number[0], score, list(groups[score]), incoming,
                    set(incoming) if direction == DOWN else set(), direction, list(adjacent)).pair()
        trace.extend(out.events)
        side.pairs.extend((score, pair) for pair in out.pairs)
        incoming = [f.player for f in out.floaters]
    side.floaters = incoming
    return side


def _pair_median(ctx: Context, residents: list[int], median: Decimal, upper: _Side, lower: _Side, number: int,
                 trace: list[TraceEvent]) -> list[tuple[int, int]]:
    """Art. 2.6: while the median group cannot be paired, crack the nearest pair of a neighbour."""
    from_above, from_below = list(upper.floaters), list(lower.floaters)
    while True:
        out: Outcome = Group(ctx, number, median, list(residents), from_above + from_below, set(from_above), DOWN,
                             [], median=True).pair()
        if not out.blocked:
            trace.extend(out.events)
            return out.pairs
        crack_lower = len(from_above) > len(from_below)
        side, article = (lower, "C.04.4.3 art. 2.6.1") if crack_lower else (upper, "C.04.4.3 art. 2.6.2")
        if not side.pairs:
            side, crack_lower = (upper, False) if crack_lower else (lower, True)
        if not side.pairs:
            raise NoLegalPairing(_("the median group cannot be paired: {reason} (C.04.4.3 art. 2.6)").format(
                reason=out.blocked))
        score, (a, b) = side.pairs.pop()
        (from_below if crack_lower else from_above).extend([a, b])
        trace.append(TraceEvent(Step.NOTE, _("median group blocked ({reason}): the pair {pair} of group {score} is "
                                             "cracked, both join the median group").format(
                                    reason=out.blocked, pair=f"{a}-{b}", score=points_text(score)), article,
                                bracket=number, players=(a, b), data={"cracked": (a, b)}))
