"""Random Dubov tournaments (engine.systems.generate), every round checked by the independent validator.

A fixed set of seeds: fields of 7 to 40 players, 5 to 11 rounds, with
forfeits, requested half- and zero-point byes and withdrawals more frequent
than in real events, one in three with Baku acceleration (C.04.7: the
brackets are built on pairing scores with virtual points). No round may break an absolute rule or get colours other
than art. 5.2 gives. Where the engine finds no legal pairing (possible in late
rounds: Dubov's [C3] has no topscorer exception), networkx must agree that
the legal pairs admit no complete pairing. ``scripts/rtg_validate.py
--system dubov-2026 --count 1000`` runs the long version.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest

from engine.model.terms import Strength
from engine.model.tournament import Tournament
from engine.systems.dubov import pair
from engine.systems.generate import GenerationError, generate
from engine.validate.check import validate
from engine.validate.facts import RoundFacts
from engine.validate.violations import Severity

SEEDS = range(1, 41)


def legal_pairing_exists(t: Tournament) -> bool:
    """A complete pairing of the players to pair under [C1], [C2], [C3] and the forbidden pairs."""
    facts = RoundFacts(t, t.next_round, t.settings.system)
    ids = [p.id for p in t.to_pair()]
    g = nx.Graph()
    g.add_nodes_from(ids)
    for i, a in enumerate(ids):
        pa = facts.preference(a)
        for b in ids[i + 1:]:
            pb = facts.preference(b)
            same_absolute = pa.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE \
                and pa.colour is pb.colour
            if not facts.played_rounds_against(a, b) and not same_absolute and not t.is_forbidden(a, b):
                g.add_edge(a, b)
    if len(ids) % 2:
        g.add_edges_from(("PAB", a) for a in ids if facts.pab_blocker(a) is None)
    size = len(ids) + len(ids) % 2
    return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == size


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tournament(seed: int) -> None:
    shape = random.Random(f"dubov-{seed}")
    players, rounds = shape.randint(7, 40), shape.randint(5, 11)
    asked: list[Tournament] = []

    def paired(t: Tournament):
        asked.append(t)
        return pair(t)

    def check(snapshot: Tournament, pairing) -> None:
        bad = [v for v in validate(snapshot, pairing) if v.severity is not Severity.NOTE]
        assert bad == [], f"seed {seed} round {pairing.round}: {bad}"

    try:
        generate(players, rounds, seed, system="dubov-2026", forfeit_rate=0.04, half_bye_rate=0.03,
                 zero_bye_rate=0.02, retire_rate=0.01, accelerate=seed % 3 == 0, pair=paired, on_round=check)
    except GenerationError:
        assert not legal_pairing_exists(asked[-1]), f"seed {seed}: the engine missed a legal pairing"
