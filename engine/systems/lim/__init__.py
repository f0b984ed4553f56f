"""The Lim system (FIDE C.04.4.3): scoregroups paired by hand-style proposals, exchanges and floaters.

Two editions: ``lim-2026`` (C.04.4.3 as applied from 1 February 2026) and
``lim-seed`` (the 1999 text as published in 2002-2003, seed 000), which
differ only where ``docs/systems.md`` lists it. A Maxi-tournament (art. 3.2.3,
3.8, 5.7) is the entries' option ``catalogue.MAXI``.
"""

from __future__ import annotations

from engine.model.catalogue import MAXI
from engine.model.result import PairingResult, Progress
from engine.model.tournament import Tournament
from engine.systems.lim.round import Options, pair_round


def options_for(tournament: Tournament, *, seed_rules: bool) -> Options:
    """The edition the catalogue chose, and the event's Maxi-tournament setting."""
    return Options(seed_rules=seed_rules, maxi=MAXI.on(tournament.settings))


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the Lim system, 2026 edition (``lim-2026``)."""
    return pair_round(tournament, options_for(tournament, seed_rules=False))


def pair_seed(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the Lim system's 1999 text (``lim-seed``)."""
    return pair_round(tournament, options_for(tournament, seed_rules=True))


def pair_with(tournament: Tournament, options: Options) -> PairingResult:
    return pair_round(tournament, options)


__all__ = ["Options", "pair", "pair_seed", "pair_with"]
