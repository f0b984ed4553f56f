"""The independent checker of a round pairing.

Every absolute rule of the FIDE Swiss regulations is checked here by code that
shares nothing with the code that makes pairings: the facts it needs (colour
preferences, floats, topscorers, brackets) are recomputed in
:mod:`engine.validate.facts` straight from the articles, and only the model
(:mod:`engine.model`) is used. A pairing proposed by an engine, edited by an
arbiter or read from a file can therefore be checked by the same function.

Three levels of findings:

- ``ABSOLUTE``: a rule that may never be broken (C.04.1, C.04.2, C.04.3 [C1]-[C3]).
- ``QUALITY``: a Dutch criterion or colour-allocation rule that a better pairing
  would satisfy ([C5]-[C21] compared with a reference pairing; art. 5.2 always).
- ``NOTE``: information (a topscorer exception that applied, board order per
  C.04.2 art. 3.6, differences from the reference).

Each check is a small function named after its rule; :func:`validate` runs them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.model.catalogue import HAND_CHECKS, Check
from engine.model.terms import Strength
from engine.model.tournament import Pairing, Points, RoundPairing, Tournament
from engine.model.wording import N_, _, ngettext
from engine.validate.doubleswiss import double_swiss_findings
from engine.validate.dubov1997 import findings_1997
from engine.validate.facts import (
    BLACK,
    WHITE,
    RoundFacts,
    breaks_difference_limit,
    expected_white,
    difference,
    third_in_a_row,
)
from engine.validate.hand import findings as hand_findings
from engine.validate.hand import rules_of
from engine.validate.quality import compare_with_reference, reference_differences
from engine.validate.roundrobin import round_robin_findings, table_idle
from engine.validate.violations import (
    RULE_ABSENT,
    RULE_BOARD_ORDER,
    RULE_COLOUR_DIFFERENCE,
    RULE_COLOUR_REPEAT,
    RULE_FORBIDDEN,
    RULE_PAB,
    RULE_PARTICIPANTS,
    RULE_REMATCH,
    RULE_ROUND,
    RULE_SAME_ABSOLUTE,
    RULE_UNKNOWN,
    RULE_WITHDRAWN,
    Severity,
    Violation,
)

__all__ = ["validate", "absolute_violations"]


def validate(
    tournament: Tournament,
    pairing: RoundPairing,
    *,
    system: str | None = None,
    reference: RoundPairing | None = None,
    fixed_boards: Mapping[int, int] | None = None,
) -> list[Violation]:
    """All findings about ``pairing`` as the pairing of the next round of ``tournament``.

    ``tournament`` is the snapshot before the round (its ``pending`` entries name
    the players known not to play). ``system`` defaults to the tournament's; the
    ``checks`` of its catalogue entry (:class:`engine.model.catalogue.Check`) choose
    the rules of its own that apply, e.g. the Dutch ones ([C3], the topscorer
    exception, art. 5 colours, [C5]-[C21]). ``reference`` is a pairing known to be
    optimal (e.g. the engine's); when given, the pairing is compared with it
    criterion by criterion (see :mod:`engine.validate.quality`). ``fixed_boards``
    (pairing number -> board) are players the arbiter keeps on one board: the board
    order is checked around them (:func:`check_board_order`).

    Dubov's own rules (art. 5.2 colours; art. 3.1 and [C5]-[C10] against a
    reference) are in :mod:`engine.validate.dubov`.

    Absolute findings come first, then quality, then notes.
    """
    system = tournament.settings.system if system is None else system
    facts = RoundFacts(tournament, pairing.round, system)
    checks = facts.checks
    found = absolute_violations(tournament, pairing, facts=facts)
    well_formed = not any(v.rule in _STRUCTURAL for v in found)
    if well_formed and Check.ROUND_ROBIN_TABLE not in checks:  # a round robin's boards keep the table's order
        found += check_board_order(facts, pairing, fixed_boards)
    if well_formed and Check.DUTCH_COLOURS in checks:
        found += check_colour_allocation(facts, pairing)
    if well_formed and Check.DUTCH_CRITERIA in checks and reference is not None:
        found += compare_with_reference(facts, pairing, reference)
    elif well_formed and Check.DUBOV_1997_COLOURS in checks:
        found += findings_1997(facts, pairing)  # Dubov 1997 art. 3
        if reference is not None:
            found += reference_differences(pairing, reference)
    elif well_formed and Check.DUBOV_COLOURS in checks:
        from engine.validate.dubov import dubov_findings

        found += dubov_findings(facts, pairing, reference)
    elif reference is not None:
        found += reference_differences(pairing, reference)
    order = {Severity.ABSOLUTE: 0, Severity.QUALITY: 1, Severity.NOTE: 2}
    return sorted(found, key=lambda v: order[v.severity])  # stable: keeps each check's order


def absolute_violations(tournament: Tournament, pairing: RoundPairing, *, facts: RoundFacts) -> list[Violation]:
    """The rule checks that may never fail, plus the NOTEs of exceptions that applied."""
    found = check_round_number(tournament, pairing)
    idle = table_idle(tournament, pairing.round) if Check.ROUND_ROBIN_TABLE in facts.checks else None
    found += check_participants(tournament, pairing, idle)
    known = [
        (number, board)
        for number, board in enumerate(pairing.boards, start=1)
        if board.white in tournament.by_id and board.black in tournament.by_id and board.white != board.black
    ]
    checks = facts.checks
    round_robin = Check.ROUND_ROBIN_TABLE in checks
    for number, board in known:
        if not round_robin:  # C.05 Annex 1: a double round robin's pairs meet again; the table check counts cycles
            found += check_no_rematch(facts, number, board.white, board.black)
        found += check_forbidden_pair(tournament, pairing.round, number, board.white, board.black)
        if Check.COLOUR_LIMITS in checks:
            found += check_colour_limits(facts, number, board.white, board.black)
        if Check.SAME_ABSOLUTE in checks:
            found += check_same_absolute_preference(facts, number, board.white, board.black)
    if checks & HAND_CHECKS:  # Lim and the club Swiss have colour and bye rules of their own
        found += check_hand_system_rules(tournament, pairing, facts.system)
    if Check.PAB in checks and pairing.bye is not None and pairing.bye in tournament.by_id:
        found += check_pab_eligibility(facts, pairing.bye)
    if Check.DOUBLE_SWISS_RULES in checks:
        found += double_swiss_findings(tournament, pairing)  # C.04.5: the two games of each match, [C1], [C2]
    if round_robin:
        found += round_robin_findings(tournament, pairing)  # each pair once a cycle, the table's colours and bye
    return found


def check_hand_system_rules(tournament: Tournament, pairing: RoundPairing, system: str) -> list[Violation]:
    """Lim (C.04.4.3 art. 2.1, 5.1, 6; the PAB of art. 1.1) and the club Swiss (seed 003): their
    colour and bye rules, as :mod:`engine.validate.hand` reads them."""
    own = rules_of(system)
    if own is None:  # not a hand-pairing system: C.04.1's colour and bye rules are checked instead
        return []
    rule = {
        Check.LIM_RULES: {"colour": "C.04.4.3 art. 2.1, 5.1", "pab": RULE_PAB},
        Check.LIM_SEED_RULES: {"colour": "C.04.4.3 art. 2.1, 5.1", "pab": "Lim (seed) section 8.2"},
        Check.CLUB_RULES: {"colour": "club S6.1", "pab": "club S2.3"},
    }[own]
    board_of = {pid: n for n, b in enumerate(pairing.boards, start=1) for pid in (b.white, b.black)}
    return [Violation(Severity.ABSOLUTE, rule[f.rule], f.text, f.players, board_of.get(f.players[0]))
            for f in hand_findings(tournament, pairing, system) if f.rule in rule]


_STRUCTURAL = {RULE_PARTICIPANTS, RULE_UNKNOWN, RULE_WITHDRAWN, RULE_ABSENT, RULE_ROUND}


# -- who is paired ------------------------------------------------------------


def check_round_number(tournament: Tournament, pairing: RoundPairing) -> list[Violation]:
    """The pairing must be for the round after the last one recorded."""
    if pairing.round == tournament.next_round:
        return []
    return [
        Violation(
            Severity.ABSOLUTE,
            RULE_ROUND,
            _("the pairing is for round {round} but the next round of the tournament is {next}").format(
                round=pairing.round, next=tournament.next_round),
        )
    ]


def check_participants(tournament: Tournament, pairing: RoundPairing,
                       idle: frozenset[int] | None = None) -> list[Violation]:
    """C.04.1 art. 3 with C.04.2 art. 3.2-3.3: everybody to be paired appears exactly once,
    nobody else appears, and the PAB is given exactly when the number to pair is odd.

    ``idle`` is given for a round robin (C.05: the schedule never changes): the players whose
    table opponent is withdrawn or absent this round, who are not paired; the table, not the
    count, says who has the bye there (``round_robin_findings``).
    """
    found: list[Violation] = []
    to_pair = [p.id for p in tournament.to_pair() if idle is None or p.id not in idle]
    board_of: dict[int, int | None] = {}
    seen: Counter[int] = Counter()
    for number, board in enumerate(pairing.boards, start=1):
        if board.white == board.black:
            found.append(
                Violation(Severity.ABSOLUTE, RULE_PARTICIPANTS,
                          _("{player} is paired against themselves").format(player=board.white),
                          (board.white,), number)
            )
        for pid in (board.white, board.black):
            seen[pid] += 1
            board_of.setdefault(pid, number)
    if pairing.bye is not None:
        seen[pairing.bye] += 1
        board_of.setdefault(pairing.bye, None)

    for pid in sorted(seen):
        at = board_of[pid]
        if seen[pid] > 1:
            found.append(
                Violation(Severity.ABSOLUTE, RULE_PARTICIPANTS,
                          ngettext("{player} appears {count} time in the pairing",
                                   "{player} appears {count} times in the pairing", seen[pid]).format(
                              player=pid, count=seen[pid]), (pid,), at)
            )
        if pid not in tournament.by_id:
            found.append(
                Violation(Severity.ABSOLUTE, RULE_UNKNOWN,
                          _("{player} is not a pairing number of this tournament").format(player=pid), (pid,), at)
            )
        elif tournament.player(pid).withdrawn:
            found.append(
                Violation(Severity.ABSOLUTE, RULE_WITHDRAWN,
                          _("{player} has withdrawn and may not be paired").format(player=pid), (pid,), at)
            )
        elif pid in tournament.pending:
            what = _pending_words(tournament, pid)
            found.append(
                Violation(Severity.ABSOLUTE, RULE_ABSENT,
                          _("{player} is known not to play this round ({what}) and may not be paired").format(
                              player=pid, what=what), (pid,), at)
            )
    for pid in to_pair:
        if pid not in seen:
            found.append(Violation(Severity.ABSOLUTE, RULE_PARTICIPANTS,
                                   _("{player} is not paired").format(player=pid), (pid,)))

    if idle is not None:
        return found
    odd = len(to_pair) % 2 == 1
    if pairing.bye is not None and not odd:
        found.append(
            Violation(Severity.ABSOLUTE, RULE_PARTICIPANTS,
                      _("{player} receives the pairing-allocated bye although {count} players (an even number) are "
                        "to be paired").format(player=pairing.bye, count=len(to_pair)), (pairing.bye,))
        )
    if pairing.bye is None and odd:
        found.append(
            Violation(Severity.ABSOLUTE, RULE_PARTICIPANTS,
                      ngettext("nobody receives the pairing-allocated bye although {count} player (an odd number) "
                               "is to be paired",
                               "nobody receives the pairing-allocated bye although {count} players (an odd number) "
                               "are to be paired", len(to_pair)).format(count=len(to_pair)))
        )
    return found


def _pending_words(tournament: Tournament, pid: int) -> str:
    code = tournament.pending[pid].code
    words = {"H": N_("half-point bye"), "F": N_("full-point bye"), "Z": N_("zero-point bye"), " ": N_("absent")}
    if code.value in words:
        return _(words[code.value])
    return _("result {code}").format(code=repr(code.value))


# -- pairs ----------------------------------------------------------------------


def check_no_rematch(facts: RoundFacts, board: int, a: int, b: int) -> list[Violation]:
    """C.04.1 art. 2 / C.04.3 [C1]: two players meet at most once; forfeits do not count (C.04.2 art. 3.5)."""
    rounds = facts.played_rounds_against(a, b)
    if not rounds:
        return []
    when = ", ".join(str(r) for r in rounds)
    text = ngettext("{first} and {second} already met in round {rounds}",
                    "{first} and {second} already met in rounds {rounds}", len(rounds)).format(
        first=a, second=b, rounds=when)
    return [Violation(Severity.ABSOLUTE, RULE_REMATCH, text, (a, b), board)]


def check_forbidden_pair(tournament: Tournament, round_number: int, board: int, a: int, b: int) -> list[Violation]:
    """Pairs the tournament regulations forbid (TRF record 260 / XXP)."""
    if not tournament.is_forbidden(a, b, round_number):
        return []
    return [
        Violation(Severity.ABSOLUTE, RULE_FORBIDDEN,
                  _("{first} and {second} are a forbidden pair in round {round}").format(
                      first=a, second=b, round=round_number), (a, b), board)
    ]


def check_pab_eligibility(facts: RoundFacts, player: int) -> list[Violation]:
    """C.04.1 art. 4 / C.04.3 [C2]: no second PAB, none after a round scored at win value without playing."""
    blocker = facts.pab_blocker(player)
    if blocker is None:
        return []
    rnd, why = blocker
    return [
        Violation(Severity.ABSOLUTE, RULE_PAB,
                  _("{player} may not receive the pairing-allocated bye: {why} in round {round}").format(
                      player=player, why=why, round=rnd), (player,))
    ]


def topscorer_pair(facts: RoundFacts, a: int, b: int) -> bool:
    """The Dutch exception to C.04.1 art. 6-7: a pair with a topscorer in the final round (C.04.3 art. 1.8, [C10]-[C11])."""
    return facts.is_topscorer(a) or facts.is_topscorer(b)


def check_colour_limits(facts: RoundFacts, board: int, white: int, black: int) -> list[Violation]:
    """C.04.1 art. 6-7: after this round the colour difference stays within -2..+2 and
    nobody has the same colour three times running (played games, C.04.2 art. 3.4).

    Dutch makes an exception for pairs with a topscorer in the final round; such a
    case is reported as a NOTE ([C10]/[C11] weigh it as a quality criterion).
    """
    found = []
    excused = topscorer_pair(facts, white, black)
    severity = Severity.NOTE if excused else Severity.ABSOLUTE
    for pid, colour in ((white, WHITE), (black, BLACK)):
        seq = facts.colours(pid)
        if breaks_difference_limit(seq, colour):
            after = difference(seq + (colour,))
            found.append(
                Violation(severity, RULE_COLOUR_DIFFERENCE,
                          _excused(_("{player} gets White and reaches a colour difference of {difference}")
                                   if colour is WHITE else
                                   _("{player} gets Black and reaches a colour difference of {difference}"),
                                   excused).format(player=pid, difference=f"{after:+d}"), (pid,), board)
            )
        if third_in_a_row(seq, colour):
            found.append(
                Violation(severity, RULE_COLOUR_REPEAT,
                          _excused(_("{player} gets White for the third game in a row") if colour is WHITE else
                                   _("{player} gets Black for the third game in a row"), excused).format(player=pid),
                          (pid,), board)
            )
    return found


def check_same_absolute_preference(facts: RoundFacts, board: int, a: int, b: int) -> list[Violation]:
    """C.04.3 [C3], C.04.4.2 [C3], C.04.4.1 [C3]: two players with the same absolute colour preference never meet.

    Dutch exempts topscorers; Burstein and Dubov have no exception (there are no topscorers outside Dutch).
    """
    pa, pb = facts.preference(a), facts.preference(b)
    if not (pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE and pa.colour is pb.colour):
        return []
    if facts.is_topscorer(a) or facts.is_topscorer(b):
        return []
    return [
        Violation(Severity.ABSOLUTE, RULE_SAME_ABSOLUTE if facts.dutch else "C.04.4.2 [C3]" if facts.burstein
                  else "C.04.4.1 [C3]",
                  _same_absolute(pa.colour is WHITE, facts.dutch).format(first=a, second=b), (a, b), board)
    ]


def _excused(text: str, excused: bool) -> str:
    """``text``, and for a topscorer pair in the final round that the Dutch system allows it."""
    if not excused:
        return text
    return _("{finding}, allowed for a topscorer pair in the final round (C.04.3 art. 1.8)").format(finding=text)


def _same_absolute(white: bool, dutch: bool) -> str:
    """[C3]'s finding for two players who both must have White (or Black); Dutch adds that no topscorer is there."""
    if dutch:
        return (_("{first} and {second} both have an absolute preference for White and neither is a topscorer")
                if white else
                _("{first} and {second} both have an absolute preference for Black and neither is a topscorer"))
    return (_("{first} and {second} both have an absolute preference for White") if white
            else _("{first} and {second} both have an absolute preference for Black"))


# -- colour allocation (Dutch art. 5) --------------------------------------------


def check_colour_allocation(facts: RoundFacts, pairing: RoundPairing) -> list[Violation]:
    """C.04.3 art. 5.2: the colours of each pair follow the first rule that decides."""
    found = []
    for number, board in enumerate(pairing.boards, start=1):
        white, rule = expected_white(facts, board.white, board.black)
        if white != board.white:
            found.append(
                Violation(Severity.QUALITY, f"C.04.3 art. {rule}",
                          _("{player} should have White against {opponent}").format(player=white,
                                                                                   opponent=board.white),
                          (board.white, board.black), number)
            )
    return found


# -- board order ------------------------------------------------------------------------


def check_board_order(facts: RoundFacts, pairing: RoundPairing,
                      fixed_boards: Mapping[int, int] | None = None) -> list[Violation]:
    """C.04.2 art. 3.6 (recommended since 2026, hence a NOTE): boards sorted by the score of
    the higher-ranked player, then the sum of both scores, then that player's TPN.

    ``fixed_boards`` (pairing number -> board) are players the arbiter keeps on one board
    (accessibility): their boards are left out of the order, and each such pair should be on
    its player's board (the smaller of two; the last board when the number is past it) unless
    another fixed player's pair holds that board.
    """
    fixed = {p: b for p, b in (fixed_boards or {}).items() if b >= 1}

    def key(board: Pairing) -> tuple[Points, Points, int]:
        high = min((board.white, board.black), key=lambda p: (-facts.score(p), p))
        return (-facts.score(high), -(facts.score(board.white) + facts.score(board.black)), high)

    def wanted(board: Pairing) -> int | None:
        boards = [fixed[p] for p in (board.white, board.black) if p in fixed]
        return min(min(boards), len(pairing.boards)) if boards else None

    found = []
    free = [n for n, b in enumerate(pairing.boards, start=1) if wanted(b) is None]
    for before, number in zip(free, free[1:]):
        if key(pairing.boards[number - 1]) < key(pairing.boards[before - 1]):
            board = pairing.boards[number - 1]
            found.append(Violation(Severity.NOTE, RULE_BOARD_ORDER,
                                   _("{pair} on board {board} should come before board {before}").format(
                                       pair=f"{board.white}-{board.black}", board=number, before=before),
                                   (board.white, board.black), number))
            break
    for number, board in enumerate(pairing.boards, start=1):
        target = wanted(board)
        if target is not None and target != number and wanted(pairing.boards[target - 1]) is None:
            found.append(Violation(Severity.NOTE, RULE_BOARD_ORDER,
                                   _("{pair} on board {board} should be on board {target}, a fixed board").format(
                                       pair=f"{board.white}-{board.black}", board=number, target=target),
                                   (board.white, board.black), number))
    return found
