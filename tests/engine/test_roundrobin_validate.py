"""The validator's round-robin check against the schedules, and against rounds broken by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.model.tournament import Pairing, Player, RoundPairing, Settings, Tournament
from engine.systems.roundrobin import Cycles, schedule
from engine.validate.roundrobin import round_robin_findings


def _event(players: int, rounds: int) -> Tournament:
    # the check reads the field, the announced rounds and the round number: no history needed
    return Tournament(Settings(rounds=rounds, system="FIDE_ROUNDROBIN"),
                      tuple(Player(p, f"P{p}") for p in range(1, players + 1)))


def _as_pairing(players: int, cycles: Cycles, rnd: int) -> RoundPairing:
    row = schedule(players, cycles)[rnd - 1]
    return RoundPairing(rnd, tuple(Pairing(b.white, b.black) for b in row if not b.is_bye),
                        next((b.white for b in row if b.is_bye), None))


@pytest.mark.parametrize("cycles", [Cycles.SINGLE, Cycles.DOUBLE_FIDE], ids=lambda c: c.value)
@pytest.mark.parametrize("players", range(3, 25))
def test_every_round_of_the_schedule_passes(players: int, cycles: Cycles) -> None:
    rounds = len(schedule(players, cycles))
    t = _event(players, rounds)
    for rnd in range(1, rounds + 1):
        assert round_robin_findings(t, _as_pairing(players, cycles, rnd)) == [], rnd


def test_colours_swapped_a_pair_moved_and_a_wrong_bye_are_each_found() -> None:
    t = _event(7, 7)
    good = _as_pairing(7, Cycles.SINGLE, 3)  # 2-bye, 3-1, 4-7, 5-6
    assert good.boards == (Pairing(3, 1), Pairing(4, 7), Pairing(5, 6)) and good.bye == 2
    swapped = RoundPairing(3, (Pairing(1, 3), *good.boards[1:]), 2)
    (v,) = round_robin_findings(t, swapped)
    assert v.text == "3 has White against 1 in the table; the pairing gives White to 1" and v.board == 1
    moved = RoundPairing(3, (Pairing(3, 1), Pairing(4, 5), Pairing(7, 6)), 2)
    texts = [v.text for v in round_robin_findings(t, moved)]
    assert texts == ["4 and 5 meet in round 1 of the table's order, not this one",
                     "7 and 6 meet in round 5 of the table's order, not this one"]
    wrong_bye = RoundPairing(3, (Pairing(2, 1), Pairing(4, 7), Pairing(5, 6)), 3)
    assert [v.text for v in round_robin_findings(t, wrong_bye)][-1] == "the table gives the bye to 2 this round, not 3"


def test_a_double_round_robin_is_checked_in_the_recommended_order() -> None:
    # C.05 Annex 1: the last two rounds of the first cycle exchanged; the plain order is then wrong
    t = _event(8, 14)
    plain_round_6 = _as_pairing(8, Cycles.DOUBLE, 6)
    assert round_robin_findings(t, plain_round_6) != []
    assert round_robin_findings(t, _as_pairing(8, Cycles.DOUBLE_FIDE, 6)) == []
    second_cycle_not_reversed = RoundPairing(8, _as_pairing(8, Cycles.DOUBLE_FIDE, 1).boards)
    assert len(round_robin_findings(t, second_cycle_not_reversed)) == 4


def test_a_pair_that_already_met_in_this_cycle_is_found_even_when_the_table_is_kept() -> None:
    from engine.model.tournament import Colour, ResultCode, RoundEntry

    # round 1 of 4 players edited by hand to 1-2, 3-4; round 2 of the table is 4-3, 1-2
    history = {1: (RoundEntry(2, Colour.WHITE, ResultCode.DRAW),), 2: (RoundEntry(1, Colour.BLACK, ResultCode.DRAW),),
               3: (RoundEntry(4, Colour.WHITE, ResultCode.DRAW),), 4: (RoundEntry(3, Colour.BLACK, ResultCode.DRAW),)}
    t = Tournament(Settings(rounds=3, system="berger"), tuple(Player(p, f"P{p}", history=h) for p, h in history.items()))
    texts = [v.text for v in round_robin_findings(t, _as_pairing(4, Cycles.SINGLE, 2))]
    assert texts == ["4 and 3 already met in round 1 of this cycle", "1 and 2 already met in round 1 of this cycle"]


def test_a_board_with_an_unknown_number_is_left_to_the_participants_check() -> None:
    from engine.validate.check import validate

    t = _event(4, 3)
    broken = RoundPairing(1, (Pairing(1, 9), Pairing(2, 3)))
    assert round_robin_findings(t, broken) == []  # the 2-3 board is the table's; 9 is nobody
    rules = {v.rule for v in validate(replace(t, settings=replace(t.settings, system="berger")), broken)}
    assert "C.04.2 art. 2.3" in rules  # not a pairing number of the tournament
