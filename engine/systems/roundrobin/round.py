"""A round of a round robin from the Tournament: the Berger table's row, pairing numbers as player ids.

The player's id is the pairing number (``engine.model.tournament.Player``), so
round ``r`` of the event is row ``r`` of the table for the whole field: C.05
fixes the schedule once the numbers are drawn. ``pair`` plays one cycle,
``pair_double`` two in the order C.05 Annex 1 recommends (the last two rounds of
the first cycle exchanged, the second cycle with colours reversed).

What a withdrawn or absent player's game becomes is the event regulations'
choice (issue 32, section 2) and not made yet: such a round is refused with
the players named, as is an event that does not fit the table.
"""

from __future__ import annotations

from engine.model.result import NoLegalPairing, PairingResult, Progress
from engine.model.tournament import Pairing, Tournament
from engine.systems.roundrobin.berger import Cycles, ScheduleError, round_of, total_rounds


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Round ``tournament.next_round`` of a single round robin (C.05 Annex 1)."""
    return pair_round(tournament, Cycles.SINGLE)


def pair_double(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Round ``tournament.next_round`` of a double round robin in the order C.05 Annex 1 recommends."""
    return pair_round(tournament, Cycles.DOUBLE_FIDE)


def pair_round(tournament: Tournament, cycles: Cycles) -> PairingResult:
    """The table's row for the next round; :class:`NoLegalPairing` naming what does not fit the table."""
    players = len(tournament.players)
    ids = [p.id for p in tournament.players]
    if ids != list(range(1, players + 1)):
        raise NoLegalPairing(f"a round robin's pairing numbers are 1 to {players}, each once; the event has "
                             f"{', '.join(map(str, ids))}")
    try:
        rounds = total_rounds(players, cycles)
        if tournament.settings.rounds != rounds:
            raise ScheduleError(f"a {cycles.value} round robin of {players} players has {rounds} rounds; "
                                f"the event announces {tournament.settings.rounds}")
        rnd = tournament.next_round
        boards = round_of(players, rnd, cycles)
    except ScheduleError as err:
        raise NoLegalPairing(str(err)) from None
    away = sorted(p.id for p in tournament.players if p.withdrawn or p.id in tournament.pending)
    if away:
        raise NoLegalPairing(f"round {rnd}: {', '.join(map(str, away))} will not play; what their games become "
                             "is the regulations' choice, which swisstui does not make for round robins yet")
    bye = next((b.white for b in boards if b.is_bye), None)
    return PairingResult(rnd, tuple(Pairing(b.white, b.black) for b in boards if not b.is_bye), bye)
