"""A round of a round robin from the Tournament: the Berger table's row, pairing numbers as player ids.

The player's id is the pairing number (``engine.model.tournament.Player``), so
round ``r`` of the event is row ``r`` of the table for the whole field: C.05
fixes the schedule once the numbers are drawn. ``pair`` plays one cycle,
``pair_double`` two in the order C.05 Annex 1 recommends (the last two rounds of
the first cycle exchanged, the second cycle with colours reversed).

The schedule never changes (C.05): a withdrawn player's or an absent one's
game of the round is left off the boards, and their table opponent is not
paired that round. What the game becomes (a forfeit, not played, annulled) is
the regulations' choice, read where results are counted
(``engine.awards.roundrobin_results``), not here. An event that does not fit
the table is refused, saying what differs.
"""

from __future__ import annotations

from engine.model.result import NoLegalPairing, PairingResult, Progress
from engine.model.tournament import Pairing, Tournament
from engine.model.wording import _
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
        raise NoLegalPairing(_("a round robin's pairing numbers are 1 to {count}, each once; the event has {numbers}")
                             .format(count=players, numbers=", ".join(map(str, ids))))
    try:
        rounds = total_rounds(players, cycles)
        if tournament.settings.rounds != rounds:
            raise ScheduleError(_("a {cycles} round robin of {count} players has {rounds} rounds; the event announces "
                                  "{announced}").format(cycles=cycles.value, count=players, rounds=rounds,
                                                        announced=tournament.settings.rounds))
        rnd = tournament.next_round
        boards = round_of(players, rnd, cycles)
    except ScheduleError as err:
        raise NoLegalPairing(str(err)) from None
    # withdrawn (C.04.2 art. 3.2's sense: no longer paired) or known to be absent this round
    away = {p.id for p in tournament.players if p.withdrawn or p.id in tournament.pending}
    bye = next((b.white for b in boards if b.is_bye and b.white not in away), None)
    return PairingResult(rnd, tuple(Pairing(b.white, b.black) for b in boards
                                    if not b.is_bye and b.white not in away and b.black not in away), bye)
