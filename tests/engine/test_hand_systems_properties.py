"""Random tournaments with the Lim and club systems: every round passes the independent checker.

A fixed handful here (small fields, so the suite stays fast); the thousand-tournament
run with figures is ``scripts/hand_systems_property.py``.
"""

from __future__ import annotations

import pytest

from oracles.hand_property import Tally, play


@pytest.mark.parametrize("system", ["lim-2026", "lim-seed", "club"])
def test_random_tournaments_keep_the_absolute_rules(system):
    tally = Tally()
    for seed in range(25):
        play(system, seed, tally, max_players=40)
    assert tally.problems == []
    assert tally.rounds > 100


def test_the_checker_finds_a_rematch_and_a_third_colour():
    from engine.model.tournament import Pairing, RoundPairing
    from engine.validate.hand import findings
    from tests.engine.handmade import build

    # 2 and 3 had Black twice, 1-2 have met: 2-1 repeats a game, 3 with Black gets a third in a row
    t = build(range(1, 5), [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]], total_rounds=5)
    bad = RoundPairing(3, (Pairing(2, 1), Pairing(4, 3)))
    assert {f.rule for f in findings(t, bad, "lim-2026")} == {"rematch", "colour"}
    # in the last round Lim's colour limits give way (art. 6): only the rematch is left
    last = build(range(1, 5), [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]], total_rounds=3)
    assert {f.rule for f in findings(last, bad, "lim-2026")} == {"rematch"}
