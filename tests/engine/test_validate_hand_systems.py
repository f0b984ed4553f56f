"""The validator judges Lim and club pairings by their own absolute rules."""

from __future__ import annotations

from engine.model.tournament import Pairing, RoundPairing
from engine.validate.check import validate
from engine.validate.violations import Severity
from tests.engine.handmade import build

# 2 and 3 had Black twice, 1 and 4 White twice; 2-3 and 1-4 have not met
LAST = [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]]
THIRD_COLOURS = RoundPairing(3, (Pairing(2, 3), Pairing(1, 4)))


def absolute(findings):
    return sorted({(v.rule, v.players) for v in findings if v.severity is Severity.ABSOLUTE})


def test_lim_colours_are_absolute_except_in_the_last_round():
    before_last = build(range(1, 5), LAST, total_rounds=5, system="lim")
    assert absolute(validate(before_last, THIRD_COLOURS)) == [
        ("C.04.4.3 art. 2.1, 5.1", (1,)), ("C.04.4.3 art. 2.1, 5.1", (3,))]
    last = build(range(1, 5), LAST, total_rounds=3, system="lim")
    assert absolute(validate(last, THIRD_COLOURS)) == []  # art. 6


def test_club_drops_the_third_colour_only_when_nothing_else_pairs():
    # here every other pair has met: the third colour is allowed (S6.1) ...
    t = build(range(1, 5), LAST, total_rounds=5, system="club")
    assert absolute(validate(t, THIRD_COLOURS)) == []
    # ... but where 1 and 3 (both Black twice) could each have another opponent, it is not
    six = build(range(1, 7), [["2-1 =", "4-3 =", "5-6 ="], ["5-1 =", "6-3 =", "2-4 ="]], total_rounds=5,
                system="club")
    pairing = RoundPairing(3, (Pairing(1, 3), Pairing(6, 2), Pairing(4, 5)))
    assert absolute(validate(six, pairing)) == [("club S6.1", (3,))]


def test_pab_rules_of_each_text():
    # 5 had a requested full-point bye: no PAB under Basic Rules art. 4 (lim-2026), allowed by the seed
    rounds = [["1-3 1-0", "2-4 1-0", "5 full"], ["1-2 1-0", "5-3 0-1", "4 bye"]]
    pairing = RoundPairing(3, (Pairing(4, 1), Pairing(3, 2)), bye=5)
    assert ("C.04.1 art. 4", (5,)) in absolute(validate(build(range(1, 6), rounds, system="lim"), pairing))
    assert absolute(validate(build(range(1, 6), rounds, system="lim-seed"), pairing)) == []
    # the club Swiss bars only a second bye: 4 had one
    club = RoundPairing(3, (Pairing(5, 1), Pairing(3, 2)), bye=4)
    assert ("club S2.3", (4,)) in absolute(validate(build(range(1, 6), rounds, system="club"), club))
