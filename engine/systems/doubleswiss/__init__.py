"""The FIDE Double-Swiss system (C.04.5, 2026): every pairing a match of two games with reversed colours.

Not in the catalogue yet (docs/systems.md, "Double-Swiss", says what is missing):
:func:`engine.systems.doubleswiss.pairer.pair_matches` pairs one round from the
model's matches (:mod:`engine.model.matches`), and nothing of the application calls it.
"""

from engine.systems.doubleswiss.pairer import DoubleSwissPairing, DoubleSwissError, pair_matches

__all__ = ["DoubleSwissError", "DoubleSwissPairing", "pair_matches"]
