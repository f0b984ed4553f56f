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
A second matching, every compatible pair weighing 1 and the dummy joined to
the PAB player only, is where the brackets start from.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.matching.solver import Solver
from engine.model.result import NoLegalPairing
from engine.model.wording import _
from engine.systems.brackets import PlayerView


def preference_order(players: Sequence[PlayerView], index_place: dict[int, int]) -> list[int]:
    """Positions in ``players`` of the PAB candidates, most preferred first (art. 3.1.3-3.1.5).

    ``index_place`` is each player's place in the art. 1.8 order over the whole round.
    """
    eligible = [i for i, p in enumerate(players) if p.pab_eligible]  # art. 3.1.1, [C2]
    return sorted(eligible, key=lambda i: (players[i].score, -players[i].played_games, -index_place[players[i].id]))


def complete_pairing(
    players: Sequence[PlayerView], index_place: dict[int, int], compat: list[bytearray]
) -> tuple[Solver, int | None]:
    """A complete pairing of the round and the position of the PAB player, if any.

    The returned solver holds the players only (the PAB player and the dummy are
    taken out), every compatible pair weighing 1, solved. Raises
    :class:`NoLegalPairing` when no complete pairing exists ([C1]-[C4]).
    """
    n = len(players)
    bye = _choose_bye(players, index_place, compat) if n % 2 else None
    solver = Solver(n)
    if bye is not None:
        for v in range(n):
            solver.m.set_weight(v, solver.dummy, 1 if v == bye else 0)
    # every pair of players weighs the same: any complete pairing is as good as another
    _solve(solver, 1, compat)
    if bye is not None:
        solver.fix(bye, solver.dummy)
    return solver, bye


def _choose_bye(players: Sequence[PlayerView], index_place: dict[int, int], compat: list[bytearray]) -> int:
    """The PAB player: the dummy vertex's edge weighs each candidate's place in the order of preference.

    Every pair of players weighs more than any of those edges (``top``): the
    greedy start of the matcher then pairs the players along their own edges
    at once, and since every perfect matching holds the same number of pairs
    the best one still gives the dummy the most preferred player that leaves
    a complete pairing.
    """
    n = len(players)
    ranked = preference_order(players, index_place)
    if not ranked:
        raise NoLegalPairing(_("nobody may receive the pairing-allocated bye (C.04.1 art. 4, C.04.4.2 [C2])"))
    top = len(ranked) + 1
    solver = Solver(n)
    for v in range(n):
        solver.m.set_weight(v, solver.dummy, 0)
    for place, i in enumerate(ranked):
        solver.m.set_weight(i, solver.dummy, len(ranked) - place)  # art. 3.1.3-3.1.5: the first is worth most
    _solve(solver, top, compat)
    return next(v for v in range(n) if solver.mate[v] == v)


def _solve(solver: Solver, weight: int, compat: list[bytearray]) -> None:
    solver.build_sparse(0, weight, [0] * solver.count, compat, None)
    try:
        solver.solve()
    except NoLegalPairing as exc:
        raise NoLegalPairing(_("no pairing satisfies the absolute criteria (C.04.4.2 [C1]-[C4], art. 3.1.2)")) from exc
