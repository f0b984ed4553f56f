"""The Dutch engine tells how far it is (bracket k of n) without changing what it pairs."""

from __future__ import annotations

from engine import trf
from engine.systems import dutch
from engine.systems.brackets import player_views
from engine.systems.replay import before_round
from engine import systems
from tests.data_paths import dutch as dutch_fixture


def test_one_report_per_bracket_in_order_and_the_same_pairing():
    full = trf.load(dutch_fixture("dutch-2300009-n63-r9.trf")).pairing_tournament()
    for rnd in (2, 5, 9):
        t = before_round(full, rnd)
        seen: list[tuple[int, int]] = []
        told = dutch.pair(t, progress=lambda k, n: seen.append((k, n)))
        groups = len({p.score for p in player_views(t)})
        assert groups > 1
        # one bracket per scoregroup, but a last one left with the PAB's player alone is not paired
        assert seen == [(k, groups) for k in range(1, len(seen) + 1)]
        assert len(seen) in (groups - 1, groups)
        plain = dutch.pair(before_round(full, rnd))
        assert (told.boards, told.bye, told.trace) == (plain.boards, plain.bye, plain.trace)


def test_the_registry_passes_progress_to_a_system_that_takes_it():
    full = trf.load(dutch_fixture("dutch-2300009-n63-r9.trf")).pairing_tournament()
    seen: list[tuple[int, int]] = []
    systems.pair(before_round(full, 3), lambda k, n: seen.append((k, n)))
    assert seen and seen[0][0] == 1 and seen[-1][0] == seen[-1][1]
