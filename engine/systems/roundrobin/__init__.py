"""Round robins by the FIDE tables: Berger (C.05 Annex 1) and the Varma restricted draw (C.05 Annex 2).

Pure Python and no pairing decisions: the schedule is fixed once the pairing
numbers are known (``berger``); the numbers are drawn by lot from a recorded
seed or given by the arbiter (``numbers``), or drawn with the federations kept
apart (``varma``); ``round`` gives the round a Tournament is at (the catalogue's
``berger`` and ``berger-double`` entries).
"""

from __future__ import annotations

from engine.systems.roundrobin.berger import BYE, Board, Cycles, ScheduleError, round_of, schedule, total_rounds
from engine.systems.roundrobin.round import pair, pair_double

__all__ = ["BYE", "Board", "Cycles", "ScheduleError", "pair", "pair_double", "round_of", "schedule", "total_rounds"]
