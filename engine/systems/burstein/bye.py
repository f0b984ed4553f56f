"""The pairing-allocated bye of the Burstein system, assigned before any bracket (C.04.4.2 art. 3.1).

Of the players who may receive it ([C2], C.04.1 art. 4) and whose removal
leaves everybody else pairable ([C4]), the PAB goes to the one with the lowest
score (the pairing score: virtual points count, C.04.7 art. 1.5), then the
most games played, then the lowest place in the Index order of art. 1.8.

One maximum-weight perfect matching decides it: the players plus one dummy
vertex, every compatible pair of players weighing the same, and each eligible
player's edge to the dummy weighing their place in that order of preference.
Every perfect matching holds the same number of real pairs, so the best one
gives the dummy to the most preferred player that leaves a complete pairing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.brackets import PlayerView
from engine.matching import NoPerfectMatching, PerfectMatcher
from engine.result import NoLegalPairing


def preference_order(players: Sequence[PlayerView], index_place: dict[int, int]) -> list[int]:
    """Positions in ``players`` of the PAB candidates, most preferred first (art. 3.1.3-3.1.5).

    ``index_place`` is each player's place in the art. 1.8 order over the whole round.
    """
    eligible = [i for i, p in enumerate(players) if p.pab_eligible]  # art. 3.1.1, [C2]
    return sorted(eligible, key=lambda i: (players[i].score, -players[i].played_games, -index_place[players[i].id]))


def choose_bye(
    players: Sequence[PlayerView], index_place: dict[int, int], compat: list[bytearray], base: int
) -> tuple[PerfectMatcher, int]:
    """The position of the PAB player, and the solved matcher (player edges at ``base``) to go on with.

    The matcher has one vertex per player plus the dummy (the last vertex);
    both the PAB player and the dummy are removed from it before it is returned.
    Raises :class:`NoLegalPairing` when no eligible player leaves a complete pairing.
    """
    n = len(players)
    ranked = preference_order(players, index_place)
    if not ranked:
        raise NoLegalPairing("nobody may receive the pairing-allocated bye (C.04.1 art. 4, C.04.4.2 [C2])")
    m = PerfectMatcher(n + 1)
    fill(m, compat, base)
    dummy = n
    for place, i in enumerate(ranked):
        m.set_weight(i, dummy, len(ranked) - place)  # art. 3.1.3-3.1.5: the first is worth most
    try:
        mate = m.solve()
    except NoPerfectMatching as exc:
        raise NoLegalPairing(
            "no player can receive the pairing-allocated bye and leave the others pairable (C.04.4.2 art. 3.1.2)"
        ) from exc
    bye = mate[dummy]
    m.remove((bye, dummy))
    return m, bye


def fill(m: PerfectMatcher, compat: list[bytearray], base: int) -> None:
    """Every compatible pair of players weighs ``base``."""
    for i, row in enumerate(compat):
        for j in range(i):
            if row[j]:
                m.set_weight(i, j, base)
