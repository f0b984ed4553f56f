"""A round of a round robin from the Tournament: the Berger table's round, pairing numbers as player ids.

The player's id is the pairing number (``engine.model.tournament.Player``), so
round ``r`` of the event is row ``r`` of the table for the whole field,
withdrawn players included: C.05 fixes the schedule once the numbers are drawn,
and a withdrawal changes results, not pairings. The cycles are the event's
option ``cycles`` (``single``, ``double``: C.05 Annex 1's recommended order,
``double-plain``: the table repeated with colours reversed).

Not yet in the catalogue: what a withdrawn or absent player's game becomes (the
regulations' choice, issue 32 section 2) is left to the session.
"""

from __future__ import annotations

from engine.model.result import PairingResult, Progress
from engine.model.tournament import Pairing, Tournament
from engine.systems.roundrobin.berger import Cycles, ScheduleError, round_of, total_rounds

CYCLES_OPTION = "cycles"
CYCLES = {"single": Cycles.SINGLE, "double": Cycles.DOUBLE_FIDE, "double-plain": Cycles.DOUBLE}


def cycles_of(tournament: Tournament) -> Cycles:
    """The event's cycles (option ``cycles``; a single round robin when left out)."""
    value = tournament.settings.options.get(CYCLES_OPTION, "single")
    try:
        return CYCLES[value]
    except KeyError:
        raise ScheduleError(f"option {CYCLES_OPTION}: {value!r} is not one of {', '.join(CYCLES)}") from None


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Round ``tournament.next_round`` of the Berger table (C.05 Annex 1) for its players."""
    players = len(tournament.players)
    ids = [p.id for p in tournament.players]
    if ids != list(range(1, players + 1)):
        raise ScheduleError(f"a round robin's pairing numbers are 1 to {players}, each once; the event has "
                            f"{', '.join(map(str, ids))}")
    cycles = cycles_of(tournament)
    rounds = total_rounds(players, cycles)
    if tournament.settings.rounds != rounds:
        raise ScheduleError(f"a {cycles.value} round robin of {players} players has {rounds} rounds; "
                            f"the event announces {tournament.settings.rounds}")
    rnd = tournament.next_round
    boards = round_of(players, rnd, cycles)
    bye = next((b.white for b in boards if b.is_bye), None)
    return PairingResult(rnd, tuple(Pairing(b.white, b.black) for b in boards if not b.is_bye), bye)
