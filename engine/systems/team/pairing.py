"""C.04.6(2026), the FIDE Swiss system for teams: one round's pairing.

The process of art. 3.3.2: (1) the pairing-allocated bye (art. 3.4); (2) the
top-scoregroup with the set of upfloaters art. 3.5 selects for it is paired (art. 3.6);
(3) repeated until every team is paired; (4) the colours (art. 4). There are no
downfloaters: every team of the top-scoregroup is paired in its own bracket, and a
bracket that cannot be paired takes more upfloaters.

Criteria (art. 2): absolute [C1] no second meeting, [C2] no second bye (nor a bye after
a forfeit win); completion [C3]: the teams left can always be paired; quality, in
descending priority, [C4] fewest upfloaters, [C5] highest upfloater scores, [C6] the
next scoregroup stays pairable with its fewest upfloaters, [C7] fewest upfloaters that
floated last round, [C8] fewest pairs of equal colour preference, [C9] (type B) fewest
pairs of equal strong preference, [C10] fewest upfloaters' opponents that floated last
round. [C7] and [C10] do not apply in the last two rounds.

[C5] compares the upfloaters' scores in ascending order (the text's own "i.e." of art.
2.3.2), and art. 3.5.5's [C6]/[C7] choose among the sets of one score profile ([C4] and
[C5] come first by art. 2.3's priority). Where the text leaves a reading open, this
follows the FIDE technical commission's engine (Gacrux, ``fideteam``): [C6] is tested
with no or one upfloater for the next scoregroup (what "complies with [C4]" there means
is not written), and [C7] "complied with" is the fewest any set of the profile reaches.
docs/systems.md lists each reading beside the article it reads.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from engine.matching.cardinality import maximum_matching
from engine.matching.perfect import NoPerfectMatching, PerfectMatcher
from engine.model.team_tournament import ColourType, TeamTournament
from engine.model.wording import _
from engine.systems.team.colours import allocate
from engine.systems.team.criteria import pair_failures
from engine.systems.team.facts import TeamFacts, team_facts


class NoTeamPairing(ValueError):
    """Art. 3.3.3: the round cannot be paired; the Chief Arbiter decides."""


@dataclass(frozen=True)
class TeamMatch:
    """A pair of the round: ``white`` has White on board 1; ``black`` 0 is the bye."""

    white: int
    black: int
    colour_rule: str = ""


@dataclass(frozen=True)
class TeamBracket:
    """One bracket as art. 3.5 chose it, for the review: the top-scoregroup's score,
    its teams, the upfloaters, whether [C6] was kept, the [C7] count, and its pairs."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    c6_kept: bool
    c7_floaters: int
    pairs: tuple[tuple[int, int], ...]
    # for the review: the score profiles (art. 3.5.2: how many upfloaters, of which scores)
    # tried before this one, best first, each with why none of its sets would do ("C1": no
    # legal pairing in the bracket, "C3": the rest unpairable, "C1/C3": some of each); and
    # the sets of the chosen profile that come before the chosen one in art. 3.5.4's order,
    # each with the criterion that set it aside: "C1", "C3", "C6" or "C7"
    failed_profiles: tuple[tuple[tuple[Fraction, ...], str], ...] = ()
    passed_over: tuple[tuple[tuple[int, ...], str], ...] = ()


@dataclass(frozen=True)
class TeamPairing:
    """A round's pairing: the matches (bye last), the round number, and the brackets in
    the order they were paired (art. 3.3.2)."""

    round: int
    matches: tuple[TeamMatch, ...]
    brackets: tuple[TeamBracket, ...] = ()
    # for the review: the teams art. 3.4.2-3.4.4 put before the bye's team, each passed
    # over because the others could not all be paired without it (art. 3.4.1)
    bye_passed_over: tuple[int, ...] = ()


class _Round:
    """The state of one round's search: facts, score levels, compatibility."""

    def __init__(self, event: TeamTournament) -> None:
        self.event = event
        self.rnd = event.rounds_played + 1
        self.facts: dict[int, TeamFacts] = team_facts(event, self.rnd)
        self.present = sorted(t for t in event.teams if t not in event.absent_next)
        scores = sorted({self.facts[t].score for t in self.present})      # C.04.7 art. 1.5: pairing scores
        # score levels: 1 for the lowest score; 0 would be the bye's
        self.level = {t: 1 + scores.index(self.facts[t].score) for t in self.present}
        self.score_of_level = {1 + i: score for i, score in enumerate(scores)}
        self.last_two = self.rnd > event.total_rounds - 2
        self.type_b = event.colour_type is ColourType.B
        self._perfect: dict[frozenset[int], bool] = {}

    def can_meet(self, a: int, b: int) -> bool:
        """[C1] art. 2.1.1: two teams meet once (a forfeited match is no meeting)."""
        return b not in self.facts[a].met and a not in self.facts[b].met

    def pairable(self, teams: Sequence[int] | frozenset[int]) -> bool:
        """[C3] art. 2.2.1: the teams have a pairing that complies with [C1]."""
        key = frozenset(teams)
        known = self._perfect.get(key)
        if known is not None:
            return known
        members = sorted(key)
        ok = len(members) % 2 == 0
        if ok and members:
            adj = [[j for j, b in enumerate(members) if j != i and self.can_meet(a, b)]
                   for i, a in enumerate(members)]
            ok = maximum_matching(adj).size * 2 == len(members)
        self._perfect[key] = ok
        return ok


def _find_bye(state: _Round) -> tuple[int | None, tuple[int, ...]]:
    """Art. 3.4: the bye goes to the team that leaves a legal pairing (3.4.1) and has the
    lowest score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4);
    never to a team [C2] art. 2.1.2 bars. Returns the team and those passed over (3.4.1)."""
    if len(state.present) % 2 == 0:
        return None, ()
    candidates = sorted(
        (t for t in state.present if not state.facts[t].bye_barred),
        key=lambda t: (state.level[t], -state.facts[t].matches_played, -t),
    )
    everyone = frozenset(state.present)
    for i, team in enumerate(candidates):
        if state.pairable(everyone - {team}):
            return team, tuple(candidates[:i])
    raise NoTeamPairing(_("no team can receive the pairing-allocated bye and leave a legal pairing for the others "
                          "(C.04.6 art. 3.4.1, art. 3.3.3)"))


def _profiles(state: _Round, lower: Sequence[int], count: int) -> list[tuple[int, ...]]:
    """[C4]/[C5] art. 2.3.1-2.3.2: the score profiles of ``count`` upfloaters, best first
    (their score levels taken in ascending order, the highest first)."""
    sizes: dict[int, int] = {}
    for t in lower:
        sizes[state.level[t]] = sizes.get(state.level[t], 0) + 1
    found = [p for p in combinations_with_replacement(sorted(sizes, reverse=True), count)
             if all(p.count(lv) <= sizes[lv] for lv in set(p))]
    return sorted(found, key=sorted, reverse=True)


def _upfloater_sets(state: _Round, lower: Sequence[int], profile: tuple[int, ...]) -> Iterator[list[int]]:
    """Art. 3.5.3-3.5.4: the sets of one profile, each by descending score then ascending
    TPN, the sets in the lexicographic order of those TPN sequences."""
    levels = sorted(set(profile), reverse=True)
    pools = [sorted(t for t in lower if state.level[t] == lv) for lv in levels]
    counts = [profile.count(lv) for lv in levels]

    def from_level(i: int) -> Iterator[list[int]]:
        if i == len(levels):
            yield []
            return
        for chosen in combinations(pools[i], counts[i]):
            for rest in from_level(i + 1):
                yield list(chosen) + rest

    return from_level(0)


def _pair_bracket(state: _Round, top: int, teams: Sequence[int]) -> list[tuple[int, int]] | None:
    """Art. 3.6: the bracket's pairing. Of the pairings that comply with [C1], the one
    with fewest [C8], then [C9], then [C10] failures, then the first in the order of the
    identifiers of art. 3.6.2 (top members, the teams in TPN order, as early as possible;
    then the bottom members in the order of their top members). One exact
    minimum-weight perfect matching answers it, the order written into the weights."""
    order = sorted(teams)
    bsn = {t: i + 1 for i, t in enumerate(order)}                  # art. 3.6.1
    size = len(order)
    base = size + 1
    w_top = base ** size
    w_c10 = w_top * 2 ** size
    w_c9 = w_c10 * base
    w_c8 = w_c9 * base
    weights: dict[tuple[int, int], int] = {}
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if not state.can_meet(a, b):
                continue
            # [C8] art. 2.3.5, [C9] art. 2.3.6, [C10] art. 2.3.7
            c8, c9, c10 = pair_failures(state.facts[a], state.facts[b], a_upfloats=state.level[a] < top,
                                        b_upfloats=state.level[b] < top, type_b=state.type_b,
                                        last_two=state.last_two)
            t, btm = (a, b) if bsn[a] < bsn[b] else (b, a)
            weights[(a, b)] = (c8 * w_c8 + c9 * w_c9 + c10 * w_c10
                               + w_top * 2 ** (size - bsn[btm])
                               + bsn[btm] * base ** (size - bsn[t]))
    if not weights:
        return None
    ceiling = max(weights.values()) + 1
    index = {t: i for i, t in enumerate(order)}
    matcher = PerfectMatcher(size)
    for (a, b), w in weights.items():
        matcher.set_weight(index[a], index[b], ceiling - w)         # maximum of ceiling - w
    try:
        mate = matcher.solve()
    except NoPerfectMatching:
        return None
    if any(m < 0 for m in mate):
        return None
    return sorted((order[i], order[m]) for i, m in enumerate(mate) if i < m)


def _c6(state: _Round, top: int, rest: frozenset[int]) -> bool:
    """[C6] art. 2.3.3: what is left of the next scoregroup can still be paired with its
    fewest upfloaters (none when even, one when odd), the rest staying pairable."""
    following = [t for t in rest if state.level[t] == top - 1]
    if not following:
        return True
    lower = [t for t in rest if state.level[t] < top - 1]
    options: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in lower]
    for extra in options:
        bracket = frozenset(following + extra)
        if state.pairable(bracket) and state.pairable(rest - bracket):
            return True
    return False


_KEPT_FOR_REVIEW = 12   # the review lists at most this many passed-over sets and profiles


def _passed_over(seen: list[tuple[tuple[int, ...], str | tuple[int, int]]],
                 chosen: tuple[int, int]) -> tuple[tuple[tuple[int, ...], str], ...]:
    """The sets before the chosen one, each with the criterion that set it aside: its own
    ("C1", "C3") or, for a legal set, the first of [C6], [C7] it fared worse on."""
    out: list[tuple[tuple[int, ...], str]] = []
    for ups, why in seen[:_KEPT_FOR_REVIEW]:
        if isinstance(why, tuple):
            why = "C6" if why[0] > chosen[0] else "C7"
        out.append((ups, why))
    return tuple(out)


def _select(state: _Round, top: int, residents: list[int], nodes: frozenset[int]) -> TeamBracket:
    """Art. 3.5: the upfloaters of the top-scoregroup. Fewest ([C4]), best profile
    ([C5]); within a profile the first set in art. 3.5.4's order that pairs legally and
    leaves the rest pairable ([C3]), preferring [C6] kept, then fewest [C7] (art. 3.5.5)."""
    lower = sorted(t for t in nodes if state.level[t] < top)
    failed: list[tuple[tuple[Fraction, ...], str]] = []
    for count in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in _profiles(state, lower, count):
            best: tuple[tuple[int, int, int], list[int], list[tuple[int, int]]] | None = None
            seen: list[tuple[tuple[int, ...], str | tuple[int, int]]] = []   # for the review only
            for index, ups in enumerate(_upfloater_sets(state, lower, profile)):
                bracket = residents + ups
                rest = nodes - frozenset(bracket)
                if not state.pairable(bracket):
                    seen.append((tuple(ups), "C1"))
                    continue
                if not state.pairable(rest):
                    seen.append((tuple(ups), "C3"))
                    continue
                c6 = _c6(state, top, rest)
                c7 = 0 if state.last_two else sum(1 for t in ups if state.facts[t].floated)  # [C7] art. 2.3.4
                key = (0 if c6 else 1, c7, index)
                seen.append((tuple(ups), key[:2]))
                if best is not None and key >= best[0]:
                    continue
                pairs = _pair_bracket(state, top, bracket)
                if pairs is None:
                    seen[-1] = (tuple(ups), "C1")
                    continue
                best = (key, ups, pairs)
                if key[0] == 0 and key[1] == 0:
                    break
            if best is not None:
                (c6_failed, c7, chosen), ups, pairs = best
                return TeamBracket(state.facts[residents[0]].score, tuple(residents), tuple(ups),
                                   c6_failed == 0, c7, tuple(pairs), tuple(failed),
                                   _passed_over(seen[:chosen], (c6_failed, c7)))
            if len(failed) < _KEPT_FOR_REVIEW:
                reasons = {why for _, why in seen if isinstance(why, str)}
                failed.append((tuple(state.score_of_level[lv] for lv in profile), "/".join(sorted(reasons))))
    raise NoTeamPairing(_("the top-scoregroup of score {score} has no legal pairing with any set of upfloaters "
                          "(C.04.6 art. 3.3.3)").format(score=state.facts[residents[0]].score))


def pair_team(event: TeamTournament) -> TeamPairing:
    """Pair the next round of ``event`` by C.04.6(2026)."""
    state = _Round(event)
    nodes = frozenset(state.present)
    bye, bye_passed_over = _find_bye(state)
    if bye is not None:
        nodes = nodes - {bye}
    elif not state.pairable(nodes):
        # said of the whole round, not of the first bracket that would find no set of upfloaters
        raise NoTeamPairing(_("the {count} teams to pair have no pairing in which no two of them meet again ([C1] "
                              "art. 2.1.1; C.04.6 art. 3.3.3: the Chief Arbiter decides)").format(count=len(nodes)))
    pairs: list[tuple[int, int]] = []
    brackets: list[TeamBracket] = []
    while nodes:
        top = max(state.level[t] for t in nodes)
        residents = sorted(t for t in nodes if state.level[t] == top)
        bracket = _select(state, top, residents, nodes)
        brackets.append(bracket)
        pairs.extend(bracket.pairs)
        nodes = nodes - frozenset(residents) - frozenset(bracket.upfloaters)
    matches = []
    for a, b in pairs:
        white, black, rule = allocate(state.facts[a], state.facts[b],
                                      secondary_used=event.secondary_used, type_b=state.type_b,
                                      initial_white=event.initial_colour_white)
        matches.append(TeamMatch(white, black, rule))
    if bye is not None:
        matches.append(TeamMatch(bye, 0, "bye"))
    return TeamPairing(state.rnd, tuple(matches), tuple(brackets), bye_passed_over)
