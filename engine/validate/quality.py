"""Dutch quality criteria [C5]-[C21] of a finished pairing, compared with a reference.

How the comparison works, and why:

- The brackets are rebuilt from the pairing itself (C.04.3 art. 1.3-1.4). A pair
  belongs to the bracket of its lower pairing score (the resident); the
  higher-scored player of a pair with different scores is a moved-down player
  (MDP) in every bracket from its own score down to that one. The PAB receiver
  is the player left in the lowest bracket. Because MDPs never meet each other
  (art. 3.3), this reading is the only one possible for any complete pairing,
  hand-made ones included, so no whole-round fallback is needed.
- [C5] (score of the PAB receiver) is compared for the whole round first: it
  outranks every bracket criterion.
- Then the brackets are walked from the top score down, as the rules pair them.
  In each bracket the failure vector [C6], [C7], [C8], [C9], [C10]-[C21] of both
  pairings is compared lexicographically. The first bracket where the vectors
  differ decides: if the given pairing is worse there, the first worse criterion
  is reported (QUALITY); if it is better, a NOTE says so (the reference is then
  not optimal, or was made under other rules). Later brackets are not compared:
  they were paired from different inputs.
- What cannot be known from a finished pairing is measured on what happened:
  [C8] uses the next bracket's actual number and scores of downfloaters, and
  only when the two pairings send different players down (otherwise the next
  bracket starts from the same players and answers for itself);
  [C10]-[C13] use the colours C.04.3 art. 5 would allocate to each pair.
- Equal vectors with different pairs mean the reference comes first in the
  generation order (art. 3.8, 4); that is only a NOTE.

Floats follow the 2026 text (art. 1.4.3: every PAB is a downfloat). An MDP that
stays unpaired in a bracket counts as a larger score difference than any paired
one for [C18]/[C20] (TEC commentary).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine.model.terms import Float, Strength
from engine.model.tournament import Points, RoundPairing
from engine.model.wording import _, ngettext
from engine.validate.facts import (
    BLACK,
    WHITE,
    RoundFacts,
    breaks_difference_limit,
    expected_white,
    fmt,
    opponents_in,
    third_in_a_row,
)
from engine.validate.violations import RULE_REFERENCE, Severity, Violation

UNPAIRED = Decimal("Infinity")


@dataclass(frozen=True)
class Bracket:
    """One bracket as the finished pairing shows it."""

    score: Points
    residents: tuple[int, ...]
    mdps: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]  # pairs made in this bracket
    downfloaters: tuple[int, ...]


@dataclass(frozen=True)
class Measure:
    """The failure value of one criterion in one bracket, and the players it concerns."""

    label: str
    value: Any
    players: tuple[int, ...]


def build_brackets(facts: RoundFacts, pairing: RoundPairing) -> list[Bracket]:
    """The brackets of a complete pairing, highest score first (C.04.3 art. 1.3)."""
    opp = opponents_in(pairing)
    players = sorted(set(opp) | ({pairing.bye} if pairing.bye is not None else set()))
    score = {p: facts.score(p) for p in players}
    ranked = sorted(players, key=lambda p: (-score[p], p))  # art. 1.2 order
    result = []
    for s in sorted(set(score.values()), reverse=True):
        residents = tuple(p for p in ranked if score[p] == s)
        mdps = tuple(
            p for p in ranked if score[p] > s and (p == pairing.bye or score[opp[p]] <= s)
        )
        members = mdps + residents
        pairs = tuple(
            (p, opp[p]) for p in members if p in opp and min(score[p], score[opp[p]]) == s and _first(p, opp[p], score)
        )
        downfloaters = tuple(p for p in members if p == pairing.bye or score[opp[p]] < s)
        result.append(Bracket(s, residents, mdps, pairs, downfloaters))
    return result


def _first(a: int, b: int, score: dict[int, Points]) -> bool:
    """True for the higher-ranked player of a pair, so each pair is listed once."""
    return (-score[a], a) < (-score[b], b)


def measure(facts: RoundFacts, pairing: RoundPairing, brackets: list[Bracket], index: int) -> list[Measure]:
    """The failure vector [C6]-[C21] of bracket ``index`` (smaller is better, compared in order)."""
    br = brackets[index]
    opp = opponents_in(pairing)
    score = facts.score
    mdp_set, resident_set = set(br.mdps), set(br.residents)
    out: list[Measure] = []

    # [C6] number of downfloaters; [C7] their scores, highest first.
    out.append(Measure("[C6]", len(br.downfloaters), br.downfloaters))
    out.append(Measure("[C7]", _desc(score(p) for p in br.downfloaters), br.downfloaters))
    # [C8] what the next bracket achieves on [C6]/[C7].
    if index + 1 < len(brackets):
        nxt = brackets[index + 1]
        out.append(Measure("[C8]", (len(nxt.downfloaters), _desc(score(p) for p in nxt.downfloaters)), nxt.downfloaters))
    else:
        out.append(Measure("[C8]", (0, ()), ()))
    # [C9] unplayed rounds of the PAB receiver, in a bracket whose one downfloater gets the PAB.
    if len(br.downfloaters) == 1 and br.downfloaters[0] == pairing.bye:
        out.append(Measure("[C9]", facts.unplayed_rounds(pairing.bye), (pairing.bye,)))
    else:
        out.append(Measure("[C9]", 0, ()))

    # [C10]-[C13] colours, with the colours art. 5 allocates to each pair.
    beyond, third, conflict, strong = [], [], [], []
    for a, b in br.pairs:
        white = expected_white(facts, a, b)[0]
        black = b if white == a else a
        if facts.is_topscorer(a) or facts.is_topscorer(b):
            for pid, colour in ((white, WHITE), (black, BLACK)):
                if breaks_difference_limit(facts.colours(pid), colour):
                    beyond.append(pid)
                if third_in_a_row(facts.colours(pid), colour):
                    third.append(pid)
        pa, pb = facts.preference(a), facts.preference(b)
        if pa.colour is not None and pa.colour is pb.colour:
            conflict += [a, b]
            if min(pa.strength, pb.strength) is Strength.STRONG:
                strong += [a, b]
    out.append(Measure("[C10]", len(beyond), tuple(beyond)))
    out.append(Measure("[C11]", len(third), tuple(third)))
    out.append(Measure("[C12]", len(conflict) // 2, tuple(conflict)))
    out.append(Measure("[C13]", len(strong) // 2, tuple(strong)))

    # [C14]-[C21] floats one and two rounds before.
    mdp_opponents = [p for p in br.residents if p in opp and opp[p] in mdp_set]
    resident_downfloaters = [p for p in br.downfloaters if p in resident_set]
    counts, diffs = [], []
    for back in (1, 2):
        rnd = facts.round - back
        down = [p for p in resident_downfloaters if facts.float_in(p, rnd) is Float.DOWN]
        up = [p for p in mdp_opponents if facts.float_in(p, rnd) is Float.UP]
        counts.append((Measure(f"[C{12 + 2 * back}]", len(down), tuple(down)),
                       Measure(f"[C{13 + 2 * back}]", len(up), tuple(up))))
        mdps_down = [p for p in br.mdps if facts.float_in(p, rnd) is Float.DOWN]
        mdp_diffs = _desc(
            score(p) - score(opp[p]) if p in opp and score(opp[p]) == br.score else UNPAIRED for p in mdps_down
        )
        opp_diffs = _desc(score(opp[p]) - score(p) for p in up)
        diffs.append((Measure(f"[C{16 + 2 * back}]", mdp_diffs, tuple(mdps_down)),
                      Measure(f"[C{17 + 2 * back}]", opp_diffs, tuple(up))))
    out += [counts[0][0], counts[0][1], counts[1][0], counts[1][1]]
    out += [diffs[0][0], diffs[0][1], diffs[1][0], diffs[1][1]]
    return out


def _desc(values: Iterable[Points]) -> tuple[Points, ...]:
    return tuple(sorted(values, reverse=True))


def compare_with_reference(facts: RoundFacts, pairing: RoundPairing, reference: RoundPairing) -> list[Violation]:
    """QUALITY findings where ``pairing`` is worse than ``reference``, then NOTE differences."""
    notes = reference_differences(pairing, reference)
    if _same_pairs(pairing, reference):
        return notes
    if pairing.players() != reference.players() or not _complete(reference):
        notes.append(Violation(Severity.NOTE, RULE_REFERENCE,
                               _("the reference pairs other players; the criteria were not compared")))
        return notes

    # [C5] first, for the whole round.
    if pairing.bye is not None and reference.bye is not None:
        given, ref = facts.score(pairing.bye), facts.score(reference.bye)
        if given != ref:
            bye = {"player": pairing.bye, "score": fmt(given), "possible": fmt(ref)}
            return [_finding(given > ref, "[C5]",
                             _("the pairing-allocated bye goes to {player} with {score} points where a player with "
                               "{possible} can receive it").format(**bye),
                             _("the pairing-allocated bye goes to {player} with {score} points where the reference "
                               "gives it to a player with {possible}").format(**bye),
                             (pairing.bye,))] + notes

    mine, theirs = build_brackets(facts, pairing), build_brackets(facts, reference)
    for index in range(len(mine)):
        a, b = measure(facts, pairing, mine, index), measure(facts, reference, theirs, index)
        same_floaters = set(mine[index].downfloaters) == set(theirs[index].downfloaters)
        for ma, mb in zip(a, b):
            if ma.label == "[C8]" and same_floaters:
                continue  # the next bracket receives the same players: any difference is its own
            if ma.value != mb.value:
                worse = ma.value > mb.value
                told = {"score": fmt(mine[index].score), "have": _words(ma, facts),
                        "possible": _words(mb, facts, short=True)}
                text = _("in the bracket of {score} points {have} where {possible} is possible").format(**told)
                better = _("in the bracket of {score} points {have} where the reference has {possible}").format(**told)
                return [_finding(worse, ma.label, text, better, ma.players if worse else mb.players)] + notes
    notes.append(Violation(Severity.NOTE, RULE_REFERENCE,
                           _("the pairing is as good as the reference on every criterion; the reference comes "
                             "first in the generation order (C.04.3 art. 3.8)")))
    return notes


def _finding(worse: bool, label: str, text: str, better: str, players: tuple[int, ...]) -> Violation:
    if worse:
        return Violation(Severity.QUALITY, f"C.04.3 {label}", text, tuple(players))
    return Violation(Severity.NOTE, f"C.04.3 {label}",
                     _("{finding}; the reference is not optimal under these rules").format(finding=better),
                     tuple(players))


def _same_pairs(x: RoundPairing, y: RoundPairing) -> bool:
    return {frozenset((b.white, b.black)) for b in x.boards} == {frozenset((b.white, b.black)) for b in y.boards} \
        and x.bye == y.bye


def _complete(p: RoundPairing) -> bool:
    ids = [i for b in p.boards for i in (b.white, b.black)] + ([p.bye] if p.bye is not None else [])
    return len(ids) == len(set(ids))


def _points_list(values: Iterable[Points]) -> str:
    return ", ".join(_("unpaired") if v == UNPAIRED else fmt(v) for v in values) or _("none")


_WORDS: dict[str, Callable[[Any, RoundFacts], str]] = {
    "[C6]": lambda v, f: ngettext("{n} downfloater", "{n} downfloaters", v).format(n=v),
    "[C7]": lambda v, f: _("downfloaters scoring {points}").format(points=_points_list(v)),
    "[C8]": lambda v, f: ngettext("the next bracket has {n} downfloater scoring {points}",
                                  "the next bracket has {n} downfloaters scoring {points}", v[0]).format(
        n=v[0], points=_points_list(v[1])),
    "[C9]": lambda v, f: ngettext("the PAB receiver has {n} unplayed round", "the PAB receiver has {n} unplayed rounds",
                                  v).format(n=v),
    "[C10]": lambda v, f: ngettext("{n} player of topscorer pairs pass a colour difference of 2",
                                   "{n} players of topscorer pairs pass a colour difference of 2", v).format(n=v),
    "[C11]": lambda v, f: ngettext("{n} player of topscorer pairs get a colour three times running",
                                   "{n} players of topscorer pairs get a colour three times running", v).format(n=v),
    "[C12]": lambda v, f: ngettext("{n} player miss their colour preference",
                                   "{n} players miss their colour preference", v).format(n=v),
    "[C13]": lambda v, f: ngettext("{n} player miss a strong colour preference",
                                   "{n} players miss a strong colour preference", v).format(n=v),
    "[C14]": lambda v, f: ngettext("{n} resident downfloater also downfloated in round {round}",
                                   "{n} resident downfloaters also downfloated in round {round}", v).format(
        n=v, round=f.round - 1),
    "[C15]": lambda v, f: ngettext("{n} MDP opponent also upfloated in round {round}",
                                   "{n} MDP opponents also upfloated in round {round}", v).format(
        n=v, round=f.round - 1),
    "[C16]": lambda v, f: ngettext("{n} resident downfloater also downfloated in round {round}",
                                   "{n} resident downfloaters also downfloated in round {round}", v).format(
        n=v, round=f.round - 2),
    "[C17]": lambda v, f: ngettext("{n} MDP opponent also upfloated in round {round}",
                                   "{n} MDP opponents also upfloated in round {round}", v).format(
        n=v, round=f.round - 2),
    "[C18]": lambda v, f: _("MDPs who downfloated in round {round} have score differences {points}").format(
        round=f.round - 1, points=_points_list(v)),
    "[C19]": lambda v, f: _("MDP opponents who upfloated in round {round} have score differences {points}").format(
        round=f.round - 1, points=_points_list(v)),
    "[C20]": lambda v, f: _("MDPs who downfloated in round {round} have score differences {points}").format(
        round=f.round - 2, points=_points_list(v)),
    "[C21]": lambda v, f: _("MDP opponents who upfloated in round {round} have score differences {points}").format(
        round=f.round - 2, points=_points_list(v)),
}
"""Each criterion's measure in words, a whole sentence per criterion (the count decides its form)."""


def _words(m: Measure, facts: RoundFacts, short: bool = False) -> str:
    """The measure as words; ``short`` gives just the figure, to follow the full phrase ("where 2 is possible")."""
    if not short:
        return _WORDS[m.label](m.value, facts)
    if m.label == "[C8]":
        return _("{n} scoring {points}").format(n=m.value[0], points=_points_list(m.value[1]))
    if isinstance(m.value, tuple):
        return _points_list(m.value)
    return str(m.value)


# -- plain differences from a reference --------------------------------------------


def reference_differences(pairing: RoundPairing, reference: RoundPairing) -> list[Violation]:
    """NOTE-level differences: pairs not in the reference, reversed colours, another bye, board order."""
    found = []
    ref_pairs = {frozenset((b.white, b.black)): (n, b) for n, b in enumerate(reference.boards, start=1)}
    for number, board in enumerate(pairing.boards, start=1):
        key = frozenset((board.white, board.black))
        if key not in ref_pairs:
            found.append(
                Violation(Severity.NOTE, RULE_REFERENCE,
                          _("{pair} on board {board} is not a pair of the reference pairing").format(
                              pair=f"{board.white}-{board.black}", board=number),
                          (board.white, board.black), number)
            )
            continue
        ref_number, ref_board = ref_pairs[key]
        if ref_board.white != board.white:
            found.append(
                Violation(Severity.NOTE, RULE_REFERENCE,
                          _("{pair} has the reverse colours of the reference ({reference})").format(
                              pair=f"{board.white}-{board.black}", reference=f"{ref_board.white}-{ref_board.black}"),
                          (board.white, board.black), number)
            )
        if ref_number != number:
            found.append(
                Violation(Severity.NOTE, RULE_REFERENCE,
                          _("{pair} is on board {board}, the reference has it on board {reference}").format(
                              pair=f"{board.white}-{board.black}", board=number, reference=ref_number),
                          (board.white, board.black), number)
            )
    if pairing.bye != reference.bye:
        given = _("nobody") if pairing.bye is None else str(pairing.bye)
        ref = _("nobody") if reference.bye is None else str(reference.bye)
        found.append(
            Violation(Severity.NOTE, RULE_REFERENCE,
                      _("the pairing-allocated bye goes to {player}, the reference gives it to {reference}").format(
                          player=given, reference=ref),
                      tuple(p for p in (pairing.bye, reference.bye) if p is not None))
        )
    return found
