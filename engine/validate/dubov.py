"""The Dubov system's own checks of a finished pairing (C.04.4.1, 2026 edition).

Like the rest of the validator this shares nothing with the pairing code: the
Dubov colour preference (art. 1.6, a player without a game mildly prefers
Black), upfloats and the maximum upfloater (art. 1.8) are recomputed here
from :class:`engine.validate.facts.RoundFacts`.

- ABSOLUTE: nothing of its own: [C1], [C2], [C3] (no topscorer exception)
  and the colour limits of C.04.1 art. 6-7 are the common checks of
  :mod:`engine.validate.check`.
- QUALITY: the colours of each pair (art. 5.2) always; with a reference
  pairing, the PAB (art. 3.1.3-3.1.5) and then the brackets from the top
  score down, each judged on [C5]-[C10] (art. 2.3). The brackets are read off
  the pairing itself: the residents of a bracket are the players of its score
  not taken higher as upfloaters, its upfloaters the lower players paired with
  them. The first bracket where the two pairings differ decides, as in
  :mod:`engine.validate.quality`; later brackets were paired from other
  players and are not compared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.model.catalogue import Check
from engine.model.terms import Float, Strength
from engine.model.tournament import Points, RoundPairing
from engine.model.wording import _, ngettext
from engine.validate.facts import BLACK, WHITE, Preference, RoundFacts, fmt, opponents_in
from engine.validate.quality import reference_differences
from engine.validate.violations import RULE_REFERENCE, Severity, Violation

RULE = "C.04.4.1"


def dubov_preference(facts: RoundFacts, pid: int) -> Preference:
    """Art. 1.6: the Dutch-style preference; a player without any game mildly prefers Black (art. 1.6.4)."""
    pref = facts.preference(pid)
    if pref.colour is None:
        return Preference(BLACK, Strength.MILD)
    return pref


@dataclass(frozen=True)
class DubovTpns:
    """The TPN of every player of the round as the Dubov checks rank them (art. 1.2.2).

    Computed once per round by :func:`dubov_tpns` and handed to each check that
    ranks players: colours (art. 5.2.1), upfloaters' order, the PAB (art. 3.1.5).
    """

    by_player: Mapping[int, int]

    def __call__(self, pid: int) -> int:
        return self.by_player[pid]


def dubov_tpns(facts: RoundFacts) -> DubovTpns:
    """Art. 1.2.2: until round 4 is paired the TPNs follow the ratings (the list's order among equals).

    From round 5 on they are the list's own (:meth:`RoundFacts.counted_tpn`), as are the numbers
    of players not yet taken into account (late entries not arrived, absent since round 1).
    """
    t = facts.t
    numbers = {p.id: facts.counted_tpn(p.id) for p in t.players}
    if facts.round <= 4:
        counted = [p for p in t.players if (p.id not in t.pending and not p.withdrawn)
                   or any(p.entry(r).was_paired for r in range(1, facts.round))]
        counted.sort(key=lambda p: (-p.rating, numbers[p.id]))
        numbers.update((p.id, n) for n, p in enumerate(counted, start=1))
    return DubovTpns(numbers)


# -- colours (art. 5.2) ---------------------------------------------------------------


def _higher(facts: RoundFacts, tpn: DubovTpns, a: int, b: int) -> tuple[int, int]:
    """(higher, lower) ranked: more points, then the smaller TPN (art. 5.2.1)."""
    high, low = sorted((a, b), key=lambda p: (-facts.score(p), tpn(p)))
    return high, low


def expected_white(facts: RoundFacts, tpn: DubovTpns, a: int, b: int) -> tuple[int, str]:
    """Who gets White when ``a`` meets ``b``, and the sub-article of art. 5.2 that decides."""
    high, low = _higher(facts, tpn, a, b)
    if not facts.colours(a) and not facts.colours(b):
        # 5.2.1: the higher ranked player gets the initial colour with an odd TPN
        initial = facts.t.settings.initial_colour
        colour = initial if tpn(high) % 2 == 1 else initial.opposite
        return (high if colour is WHITE else low), "5.2.1"
    pa, pb = dubov_preference(facts, a), dubov_preference(facts, b)
    if pa.colour is not pb.colour:  # 5.2.2: both preferences
        return (a if pa.colour is WHITE else b), "5.2.2"
    if pa.strength != pb.strength:  # 5.2.3: the stronger preference
        winner = a if pa.strength > pb.strength else b
        return (winner if pa.colour is WHITE else (b if winner == a else a)), "5.2.3"
    for ca, cb in zip(reversed(facts.colours(a)), reversed(facts.colours(b))):
        if ca is not cb:  # 5.2.4: alternate from the latest round in which they differed
            return (a if ca is BLACK else b), "5.2.4"
    pref = dubov_preference(facts, high)  # 5.2.5: the higher ranked player's preference
    return (high if pref.colour is WHITE else low), "5.2.5"


def check_colours(facts: RoundFacts, tpn: DubovTpns, pairing: RoundPairing) -> list[Violation]:
    return colour_findings(pairing, partial(expected_white, facts, tpn), RULE)


def colour_findings(pairing: RoundPairing, expected: Callable[[int, int], tuple[int, str]],
                    text: str) -> list[Violation]:
    """Each board whose White is not the player ``expected`` names, under the article it gives (of ``text``)."""
    found = []
    for number, board in enumerate(pairing.boards, start=1):
        white, rule = expected(board.white, board.black)
        if white != board.white:
            found.append(Violation(Severity.QUALITY, f"{text} art. {rule}",
                                   _("{player} should have White against {opponent}").format(player=white,
                                                                                       opponent=board.white),
                                   (board.white, board.black), number))
    return found


# -- brackets and criteria (art. 2.3) --------------------------------------------------------


@dataclass(frozen=True)
class Bracket:
    score: Points
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]


def build_brackets(facts: RoundFacts, tpn: DubovTpns, pairing: RoundPairing) -> list[Bracket]:
    """The brackets of a complete pairing, highest score first (art. 1.3, no downfloaters)."""
    opp = opponents_in(pairing)
    score = {p: facts.score(p) for p in opp}
    taken: set[int] = set()
    out = []
    for s in sorted(set(score.values()), reverse=True):
        residents = tuple(sorted(p for p in opp if score[p] == s and p not in taken))
        ups = tuple(sorted((opp[p] for p in residents if score[opp[p]] < s),
                           key=lambda p: (-score[p], tpn(p))))
        pairs = tuple((p, opp[p]) for p in residents if score[opp[p]] < s or p < opp[p])
        taken.update(residents)
        taken.update(ups)
        if residents:
            out.append(Bracket(s, residents, ups, pairs))
    return out


def upfloats(facts: RoundFacts, pid: int) -> list[int]:
    """The earlier rounds in which ``pid`` played a higher-scored opponent (art. 1.8)."""
    return [r for r in range(1, facts.round) if facts.float_in(pid, r) is Float.UP]


@dataclass(frozen=True)
class Measure:
    label: str
    value: Any  # smaller is better
    players: tuple[int, ...]


def measure(facts: RoundFacts, br: Bracket) -> list[Measure]:
    """The failure vector [C5]-[C10] of one bracket (art. 2.3; [C8]-[C10] not in the last round)."""
    ups = br.upfloaters
    # [C6]: the differences smallest first, compared in that order (the highest-scored upfloater first)
    out = [Measure("[C5]", len(ups), ups),
           Measure("[C6]", tuple(sorted((br.score - facts.score(p) for p in ups))), ups)]
    missed = [pid for a, b in br.pairs for pid in (a, b)
              if dubov_preference(facts, a).colour is dubov_preference(facts, b).colour]
    out.append(Measure("[C7]", len(missed) // 2, tuple(missed)))
    if facts.is_final_round:
        return out
    max_t = 2 + facts.t.settings.rounds // 5
    floated = {p: upfloats(facts, p) for p in ups}
    maxed = tuple(p for p in ups if len(floated[p]) >= max_t)
    out.append(Measure("[C8]", len(maxed), maxed))
    out.append(Measure("[C9]", sum(len(floated[p]) for p in maxed), maxed))
    again = tuple(p for p in ups if facts.round - 1 in floated[p])
    out.append(Measure("[C10]", len(again), again))
    return out


_WORDS: dict[str, Callable[[Any], str]] = {
    "[C5]": lambda v: ngettext("{n} upfloater", "{n} upfloaters", v).format(n=v),
    "[C6]": lambda v: (_("upfloaters {points} points below the residents").format(points=", ".join(fmt(d) for d in v))
                       if v else _("upfloaters no points below the residents")),
    "[C7]": lambda v: ngettext("{n} pair where a player misses the colour preference",
                               "{n} pairs where a player misses the colour preference", v).format(n=v),
    "[C8]": lambda v: ngettext("{n} maximum upfloater upfloated", "{n} maximum upfloaters upfloated", v).format(n=v),
    "[C9]": lambda v: _("maximum upfloaters with {n} upfloats in all").format(n=v),
    "[C10]": lambda v: ngettext("{n} upfloater who also upfloated in the previous round",
                                "{n} upfloaters who also upfloated in the previous round", v).format(n=v),
}
"""Each criterion's measure in words, a whole sentence per criterion (the count decides its form)."""


def _pab_key(facts: RoundFacts, tpn: DubovTpns, pid: int) -> tuple[Points, int, int]:
    """Art. 3.1.3-3.1.5: lowest score, then most games played, then largest TPN (smaller key is better)."""
    games = facts.round - 1 - facts.unplayed_rounds(pid)
    return facts.score(pid), -games, -tpn(pid)


def compare_with_reference(facts: RoundFacts, tpn: DubovTpns, pairing: RoundPairing,
                           reference: RoundPairing) -> list[Violation]:
    """QUALITY findings where ``pairing`` is worse than ``reference`` on art. 3.1 or [C5]-[C10], then NOTEs."""
    notes = reference_differences(pairing, reference)
    same = {frozenset((b.white, b.black)) for b in pairing.boards} == \
        {frozenset((b.white, b.black)) for b in reference.boards} and pairing.bye == reference.bye
    if same:
        return notes
    if pairing.players() != reference.players():
        notes.append(Violation(Severity.NOTE, RULE_REFERENCE,
                               _("the reference pairs other players; the criteria were not compared")))
        return notes
    if pairing.bye is not None and reference.bye is not None and pairing.bye != reference.bye:
        mine, theirs = _pab_key(facts, tpn, pairing.bye), _pab_key(facts, tpn, reference.bye)
        if mine != theirs:
            label = ("3.1.3", "3.1.4", "3.1.5")[next(i for i in range(3) if mine[i] != theirs[i])]
            text = {"3.1.3": _("the pairing-allocated bye goes to {player} where {other} has a lower score"),
                    "3.1.4": _("the pairing-allocated bye goes to {player} where {other} has more games played"),
                    "3.1.5": _("the pairing-allocated bye goes to {player} where {other} has a larger TPN")}[
                label].format(player=pairing.bye, other=reference.bye)
            return [_finding(mine > theirs, f"art. {label}", text, text, (pairing.bye, reference.bye))] + notes
    mine_b, theirs_b = build_brackets(facts, tpn, pairing), build_brackets(facts, tpn, reference)
    for a, b in zip(mine_b, theirs_b):
        if a.residents != b.residents:
            break
        for ma, mb in zip(measure(facts, a), measure(facts, b)):
            if ma.value != mb.value:
                told = {"score": fmt(a.score), "have": _WORDS[ma.label](ma.value),
                        "possible": _WORDS[mb.label](mb.value)}
                text = _("in the bracket of {score} points: {have} where {possible} is possible").format(**told)
                better = _("in the bracket of {score} points: {have} where {possible} in the reference").format(**told)
                worse = ma.value > mb.value
                return [_finding(worse, ma.label, text, better, ma.players if worse else mb.players)] + notes
    notes.append(Violation(Severity.NOTE, RULE_REFERENCE,
                           _("the pairing is as good as the reference on every criterion; the reference comes "
                             "first in the generation order (art. 4)")))
    return notes


def _finding(worse: bool, label: str, text: str, better: str, players: tuple[int, ...]) -> Violation:
    """A QUALITY finding where the pairing is worse; else a NOTE that the reference is (``better`` says how)."""
    if worse:
        return Violation(Severity.QUALITY, f"{RULE} {label}", text, tuple(players))
    return Violation(Severity.NOTE, f"{RULE} {label}",
                     _("{finding}; the reference is not optimal under these rules").format(finding=better),
                     tuple(players))


def dubov_findings(facts: RoundFacts, pairing: RoundPairing, reference: RoundPairing | None) -> list[Violation]:
    """Everything Dubov-specific about a well-formed pairing: colours, then the comparison with a reference."""
    tpn = dubov_tpns(facts)
    found = check_colours(facts, tpn, pairing)
    if reference is not None and Check.DUBOV_CRITERIA in facts.checks:  # the 2026 text's criteria
        found += compare_with_reference(facts, tpn, pairing, reference)
    elif reference is not None:
        found += reference_differences(pairing, reference)
    return found

