"""The simplified club Swiss (seed 003: Roman Vincze's simplification of the 1986 FIDE Swiss rules).

Not a FIDE system. Pairing top down with a fixed search order and backing up
from dead ends (``search``), the bye moved up when needed, colours given after
the pairing (``colours``). Our section numbers S1-S8 are those of
``docs/systems.md``.
"""

from __future__ import annotations

from engine.model.result import PairingResult, Progress
from engine.model.tournament import Tournament
from engine.systems.club.round import pair_round


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the simplified club Swiss."""
    return pair_round(tournament)


__all__ = ["pair"]
