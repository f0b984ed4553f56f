"""The Lim system (FIDE C.04.4.3): scoregroups paired by hand-style proposals, exchanges and floaters.

Two editions: ``lim-2026`` (C.04.4.3 as applied from 1 February 2026) and
``lim-seed`` (the 1999 text as published in 2002-2003, seed 000), which
differ only where ``docs/systems.md`` lists it. A Maxi-tournament (art. 3.2.3,
3.8, 5.7) is an event setting.
"""

from __future__ import annotations

from engine.model import Tournament
from engine.result import PairingResult
from engine.systems.lim.round import Options, pair_round


def options_for(tournament: Tournament) -> Options:
    """The edition named by the event's system id, and its Maxi-tournament setting."""
    settings = tournament.settings
    return Options(seed_rules=settings.system.strip().lower() == "lim-seed",
                   maxi=bool(getattr(settings, "maxi", False)))


def pair(tournament: Tournament) -> PairingResult:
    """Pair the next round of ``tournament`` by the Lim system."""
    return pair_round(tournament, options_for(tournament))


def pair_with(tournament: Tournament, options: Options) -> PairingResult:
    return pair_round(tournament, options)


__all__ = ["Options", "pair", "pair_with"]
