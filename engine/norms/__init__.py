"""FIDE title norms (B.01 Title Regulations): the regulations' tables and each player's norms round by round.

Pure and typed, on the awards' floor (it reads the model and the rating tables of
:mod:`engine.tiebreaks.rating`): :mod:`engine.norms.rules` holds the requirements of
each norm as the text states them, :mod:`engine.norms.opponents` the opponents a norm
counts, :mod:`engine.norms.verdict` a player's norms after a round (made, still
reachable with the score needed, out of reach with the condition that failed) and
:mod:`engine.norms.certificate` the data of FIDE's norm report form for a norm made.
"""

from engine.norms.rules import NORMS, NormRules, norms_sought
from engine.norms.verdict import Condition, NormEvent, NormVerdict, Status, event_norms, player_norms

__all__ = [
    "NORMS", "Condition", "NormEvent", "NormRules", "NormVerdict", "Status", "event_norms", "norms_sought",
    "player_norms",
]
