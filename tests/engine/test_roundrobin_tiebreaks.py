"""A round robin's tie-breaks: the list a new one starts with, and what C.07 bars in one."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems.roundrobin import schedule
from engine.tiebreaks import RECOMMENDED_ROUND_ROBIN, Crosstable, misplaced, parse, parse_list, rank

# the 4-player table (C.05 Annex 1): 1-4 2-3 | 4-3 1-2 | 2-4 3-1; White's result on each board
RESULTS = [["1", "="], ["0", "="], ["1", "1"]]
LOSER = {"1": ResultCode.LOSS, "0": ResultCode.WIN, "=": ResultCode.DRAW}


def _four_player_event() -> Tournament:
    history: dict[int, list[RoundEntry]] = {p: [] for p in range(1, 5)}
    for rnd, results in zip(schedule(4), RESULTS):
        for b, r in zip(rnd, results):
            history[b.white].append(RoundEntry(b.black, Colour.WHITE, ResultCode(r)))
            history[b.black].append(RoundEntry(b.white, Colour.BLACK, LOSER[r]))
    settings = Settings(rounds=3, system="berger", tiebreaks=RECOMMENDED_ROUND_ROBIN)
    return Tournament(settings, tuple(Player(p, f"P{p}", history=tuple(h)) for p, h in history.items()))


def test_the_round_robin_list_is_allowed_in_a_round_robin_and_has_no_buchholz() -> None:
    assert RECOMMENDED_ROUND_ROBIN == ("DE", "WIN", "SB", "KS")
    for tb in parse_list(RECOMMENDED_ROUND_ROBIN):
        assert misplaced(tb, round_robin=True) is None


@pytest.mark.parametrize("code", ["BH", "BH/C1", "AOB", "FB"])
def test_the_buchholz_family_is_refused_in_a_round_robin(code: str) -> None:
    # C.07 art. 8
    assert misplaced(parse(code), round_robin=True) == f"{code} must not be used in round robins (C.07 art. 8)"


def test_the_list_ranks_a_played_round_robin_as_counted_by_hand() -> None:
    # scores: 1: 1.5, 2: 2, 3: 2.5, 4: 0. By hand: SB 1: 1 (draw with 2), 2: 1.25 + 0.75 = 2,
    # 3: 1 + 1.5 = 2.5; Koya (opponents on 50 % or more: 1, 2, 3) 1: 0.5, 2: 1, 3: 1.5
    t = _four_player_event()
    ranked = rank(Crosstable(t, round_robin=True), parse_list(RECOMMENDED_ROUND_ROBIN))
    assert ranked.order == (3, 2, 1, 4)
    sb = {p: ranked.values[p][2].value for p in (1, 2, 3)}
    ks = {p: ranked.values[p][3].value for p in (1, 2, 3)}
    assert sb == {1: Decimal(1), 2: Decimal(2), 3: Decimal("2.5")}
    assert ks == {1: Decimal("0.5"), 2: Decimal(1), 3: Decimal("1.5")}


# generated round robins (forfeits included, no byes asked for, nobody withdrawn): chosen before any run
GENERATED = [(8, "berger", 1), (7, "berger", 2), (6, "berger-double", 3), (9, "berger", 4), (10, "berger", 5)]


@pytest.mark.parametrize(("players", "system", "seed"), GENERATED)
def test_the_round_robin_list_equals_gacrux_on_generated_round_robins(players: int, system: str, seed: int) -> None:
    # Gacrux's checker in its round-robin mode. Not compared: WON, BPG, BWG, where Gacrux leaves forfeit wins
    # out and C.07 (2026) art. 15.2 counts them as games in a round robin, as we do.
    from engine import systems, trf
    from engine.model.tournament import PointSystem
    from engine.systems.generate import generate
    from oracles.tiebreak_values import comparable, gacrux_tiebreaks, same

    rounds = systems.get(system).rounds_for(players)
    assert rounds is not None
    t = generate(players, rounds, seed, system=system, half_bye_rate=0, zero_bye_rate=0, retire_rate=0,
                 forfeit_rate=0.05, points=PointSystem(pab=Decimal(0)))
    ct = Crosstable(t, round_robin=True)
    tbs = parse_list(("PS", *RECOMMENDED_ROUND_ROBIN))
    ours = rank(ct, tbs)
    ranks, theirs = gacrux_tiebreaks(trf.dumps(t, dialect="trf26"), [tb.code for tb in tbs], rounds=ct.after,
                                     round_robin=True)
    diffs = [(p, tb.code, ours.values[p][i].value, theirs[p][i]) for p in ct.ids for i, tb in enumerate(tbs)
             if not same(comparable(tb.acronym, ours.values[p][i], ct.after), theirs[p][i])]
    assert diffs == []
    assert {p: ours.rank[p] for p in ct.ids} == ranks
