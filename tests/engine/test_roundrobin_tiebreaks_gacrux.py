"""Round robins with withdrawals, absences, forfeits and draws: our DE, WIN, SB, KS and ranks beside
Gacrux's tie-break checker (test-only), on a fixed set of generated events chosen before any run."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.awards.roundrobin_results import annulled, regulated
from engine.awards.standings import standings
from engine.model.catalogue import LEFT_GAMES, WITHDRAWN_GAMES
from engine.model.tournament import ResultCode
from oracles.roundrobin_tiebreaks import random_round_robin, unlike_gacrux

KEPT = {WITHDRAWN_GAMES.id: "kept"}
NOT_PLAYED = {LEFT_GAMES.id: "not-played"}
# (players, double, seed, options): single cycles, every choice of the two options
SINGLE = [(5, False, 0, {}), (6, False, 1, KEPT), (8, False, 0, NOT_PLAYED), (9, False, 1, {**KEPT, **NOT_PLAYED}),
          (12, False, 0, {}), (11, False, 1, KEPT), (16, False, 0, {}), (3, False, 1, KEPT)]


@pytest.mark.parametrize(("players", "double", "seed", "options"), SINGLE)
def test_gacrux_computes_our_values_on_round_robins_with_withdrawals(players: int, double: bool, seed: int,
                                                                     options: dict[str, str]) -> None:
    t = random_round_robin(players, double=double, seed=seed, withdrawals=2, options=options)
    assert any(p.withdrawn for p in t.players)
    assert unlike_gacrux(t) == []


def test_the_set_holds_what_it_is_meant_to() -> None:
    events = [random_round_robin(n, double=d, seed=s, withdrawals=2, options=o) for n, d, s, o in SINGLE]
    codes = {e.code for t in events for p in t.players for e in p.history}
    assert {ResultCode.DRAW, ResultCode.FORFEIT_WIN, ResultCode.ZERO_BYE, ResultCode.PAB} <= codes
    assert sum(len(annulled(t)) for t in events) >= 2  # withdrawals before half the games, annulled
    assert any(p.withdrawn and p.id not in annulled(t) for t in events for p in t.players)  # and kept


def test_gacrux_differs_only_on_koya_where_a_double_round_robin_annuls_a_player() -> None:
    # C.07 art. 9.2 with the FIDE Tournament Rules art. 5.4.1: the annulled player's games, two with each
    # opponent, leave everybody's maximum score; Gacrux takes one game a player out (docs/tiebreaks.md)
    t = random_round_robin(8, double=True, seed=4, withdrawals=1)
    assert len(annulled(t)) == 1 and not any(all(e.opponent is None for e in p.history) for p in t.players)
    assert all(e.opponent is None for e in regulated(t).player(next(iter(annulled(t)))).history)
    differences = unlike_gacrux(t)
    assert differences and all(" KS " in line for line in differences)
    ks = standings(t, tiebreaks=("KS",)).rows[0].values[0]
    assert ks.note == f"threshold {Decimal(12) / 2}"  # 14 rounds, 2 games against the annulled player out
