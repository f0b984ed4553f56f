"""Random tournaments played with a hand-pairing system, every round checked independently.

Shared by the property tests (a fixed handful) and ``scripts/hand_systems_property.py``
(a thousand and more, with figures). Each round the engine's pairing is checked by
:mod:`engine.validate_hand`; when the engine finds no pairing, the same module must
agree that the system's own rules allow none.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.generate import GenerationError, generate
from engine.model import RoundPairing, Tournament
from engine.result import NoLegalPairing
from engine.systems import get
from engine.validate_hand import findings, pairing_exists


@dataclass
class Tally:
    tournaments: int = 0
    rounds: int = 0
    stopped: int = 0  # tournaments ended early: no pairing exists under the system's rules
    problems: list[str] = field(default_factory=list)


def play(system: str, seed: int, tally: Tally, *, max_players: int = 200) -> None:
    """One tournament of 4..max_players players (seeded), checked round by round into ``tally``."""
    rng = random.Random(seed)
    players = rng.randint(4, max_players)
    rounds = rng.randint(3, 11)
    pairer = get(system).pairer()

    def pair(t: Tournament):
        try:
            return pairer(t)
        except NoLegalPairing:
            if pairing_exists(t, system):
                tally.problems.append(f"{system} seed {seed} round {t.next_round}: no pairing found, one exists")
            raise

    def check(t: Tournament, pairing: RoundPairing) -> None:
        tally.rounds += 1
        for f in findings(t, pairing, system):
            tally.problems.append(f"{system} seed {seed} round {pairing.round}: {f.rule}: {f.text}")

    tally.tournaments += 1
    try:
        generate(players, rounds, seed, system=system, pair=pair, on_round=check, forfeit_rate=0.05,
                 half_bye_rate=0.02, zero_bye_rate=0.01, retire_rate=0.01)
    except GenerationError as e:
        if isinstance(e.__cause__, NoLegalPairing):
            tally.stopped += 1
        else:
            tally.problems.append(f"{system} seed {seed}: {e}")
