"""Random tournaments paired by Burstein and by accelerated Dutch break no absolute rule.

Each seed plays a whole event (engine.systems.generate: varied sizes and lengths, requested
byes, forfeits, retirements) and every round is checked by the independent
validator. ``scripts/rtg_validate.py --system burstein-2026 --accelerate mixed
--count 1000`` (and ``--system dutch-2026 --accelerate always``) runs the same
check on a thousand events; the suite runs a fixed handful.
"""

from __future__ import annotations

import random

import pytest

from engine.systems.generate import generate
from engine.validate.check import validate
from engine.validate.violations import Severity

SEEDS = range(1, 13)


def _play(system: str, seed: int, accelerate: bool) -> tuple[int, list[str]]:
    shape = random.Random(seed)
    players, rounds = shape.randint(7, 60), shape.randint(5, 11)
    found: list[str] = []
    checked = 0

    def check(snapshot, pairing) -> None:
        nonlocal checked
        checked += 1
        for v in validate(snapshot, pairing):
            if v.severity is Severity.ABSOLUTE:
                found.append(f"round {pairing.round}: {v}")

    generate(players, rounds, seed, system=system, forfeit_rate=0.04, half_bye_rate=0.03, zero_bye_rate=0.02,
             retire_rate=0.01, accelerate=accelerate, on_round=check)
    return checked, found


@pytest.mark.parametrize("seed", SEEDS)
def test_burstein_events_break_no_absolute_rule(seed: int) -> None:
    checked, found = _play("burstein-2026", seed, accelerate=seed % 3 == 0)
    assert checked >= 5 and found == []


@pytest.mark.parametrize("seed", SEEDS)
def test_accelerated_dutch_events_break_no_absolute_rule(seed: int) -> None:
    checked, found = _play("dutch-2026", seed, accelerate=True)
    assert checked >= 5 and found == []
