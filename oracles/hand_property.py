"""Random tournaments played with a hand-pairing system, every round checked independently.

Shared by the property tests (a fixed handful) and ``scripts/hand_systems_property.py``
(a thousand and more, with figures). Each round the engine's pairing is checked by
:mod:`engine.validate.hand`; when the engine finds no pairing, the same module must
agree that the system's own rules allow none.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.model.result import NoLegalPairing
from engine.model.tournament import RoundPairing, Tournament
from engine.systems import get
from engine.systems.generate import GenerationError, generate
from engine.validate.hand import findings, pairing_exists


@dataclass
class Tally:
    tournaments: int = 0
    rounds: int = 0
    stopped: int = 0  # tournaments ended early: no pairing exists under the system's rules
    problems: list[str] = field(default_factory=list)
    relaxed_rounds: int = 0  # rounds no pairing within the text's limits existed for: the fewest broken
    relaxed: Counter[str] = field(default_factory=Counter)  # broken limitations by article


def play(system: str, seed: int, tally: Tally, *, max_players: int = 200) -> None:
    """One tournament of 4..max_players players (seeded), checked round by round into ``tally``."""
    rng = random.Random(seed)
    players = rng.randint(4, max_players)
    rounds = rng.randint(3, 11)
    pairer = get(system).pairer()

    named: list[tuple[str, ...]] = []

    def pair(t: Tournament):
        try:
            result = pairer(t)
        except NoLegalPairing:
            if pairing_exists(t, system):
                tally.problems.append(f"{system} seed {seed} round {t.next_round}: no pairing found, one exists")
            raise
        named.append(result.relaxed)
        return result

    def check(t: Tournament, pairing: RoundPairing) -> None:
        tally.rounds += 1
        found = findings(t, pairing, system)
        relaxed = named[-1] if named else ()
        where = f"{system} seed {seed} round {pairing.round}"
        if relaxed:  # the text's limits were broken: only where no pairing keeps them, each one named
            tally.relaxed_rounds += 1
            tally.relaxed.update(line.split(": ")[0] for line in relaxed)
            if pairing_exists(t, system):
                tally.problems.append(f"{where}: limitations relaxed though a pairing keeps them all")
            if len(found) > len(relaxed):
                tally.problems.append(f"{where}: {len(found)} broken rules, {len(relaxed)} named")
            return
        for f in found:
            tally.problems.append(f"{where}: {f.rule}: {f.text}")

    tally.tournaments += 1
    try:
        generate(players, rounds, seed, system=system, pair=pair, on_round=check, forfeit_rate=0.05,
                 half_bye_rate=0.02, zero_bye_rate=0.01, retire_rate=0.01)
    except GenerationError as e:
        if isinstance(e.__cause__, NoLegalPairing):
            tally.stopped += 1
        else:
            tally.problems.append(f"{system} seed {seed}: {e}")
