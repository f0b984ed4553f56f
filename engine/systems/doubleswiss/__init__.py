"""The FIDE Double-Swiss system (C.04.5, 2026): every pairing a match of two games with reversed colours.

:func:`engine.systems.doubleswiss.pairer.pair_matches` pairs one round from the model's
matches (:mod:`engine.model.matches`); :func:`pair`, the catalogue's entry
(``double-swiss-2026``), pairs the next round of a Tournament whose entries keep the
matches (:mod:`engine.model.match_entries`). docs/systems.md, "Double-Swiss", says which
readings of the text are restated.
"""

from engine.systems.doubleswiss.pairer import DoubleSwissPairing, DoubleSwissError, pair_matches
from engine.systems.doubleswiss.tournament_pairing import pair

__all__ = ["DoubleSwissError", "DoubleSwissPairing", "pair", "pair_matches"]
