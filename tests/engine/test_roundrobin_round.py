"""The round a round robin pairs from a Tournament: the table's row for the round, whatever was played."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.model.result import NoLegalPairing
from engine.model.tournament import (
    Colour,
    Pairing,
    Player,
    PlayerStatus,
    ResultCode,
    RoundEntry,
    Settings,
    Tournament,
)
from engine.systems.roundrobin import Cycles, pair, pair_double, schedule


def _played(players: int, rounds_played: int, cycles: Cycles, rounds: int) -> Tournament:
    """An event of ``players`` whose first rounds were played as the table says, every game drawn."""
    history: dict[int, list[RoundEntry]] = {p: [] for p in range(1, players + 1)}
    for rnd in schedule(players, cycles)[:rounds_played]:
        for b in rnd:
            if b.is_bye:
                history[b.white].append(RoundEntry(None, Colour.NONE, ResultCode.PAB))
            else:
                history[b.white].append(RoundEntry(b.black, Colour.WHITE, ResultCode.DRAW))
                history[b.black].append(RoundEntry(b.white, Colour.BLACK, ResultCode.DRAW))
    settings = Settings(rounds=rounds, system="berger")
    return Tournament(settings, tuple(Player(p, f"P{p}", history=tuple(h)) for p, h in history.items()))


@pytest.mark.parametrize(("players", "cycles"), [(8, Cycles.DOUBLE_FIDE), (7, Cycles.SINGLE), (7, Cycles.DOUBLE_FIDE)])
def test_each_round_is_the_tables_row(players: int, cycles: Cycles) -> None:
    table = schedule(players, cycles)
    pairer = pair if cycles is Cycles.SINGLE else pair_double
    for played, row in enumerate(table):
        result = pairer(_played(players, played, cycles, len(table)))
        assert result.round == played + 1
        assert result.boards == tuple(Pairing(b.white, b.black) for b in row if not b.is_bye)
        assert result.bye == next((b.white for b in row if b.is_bye), None)


def test_an_event_that_does_not_fit_the_table_is_refused_with_what_differs() -> None:
    with pytest.raises(NoLegalPairing, match="a double-fide round robin of 8 players has 14 rounds; the event "
                                             "announces 7"):
        pair_double(_played(8, 0, Cycles.SINGLE, 7))
    t = _played(4, 0, Cycles.SINGLE, 3)
    gap = Tournament(t.settings, (*t.players[:3], Player(9, "P9")))
    with pytest.raises(NoLegalPairing, match="pairing numbers are 1 to 4, each once; the event has 1, 2, 3, 9"):
        pair(gap)
    done = _played(4, 3, Cycles.SINGLE, 3)
    with pytest.raises(NoLegalPairing, match="rounds 1 to 3, not 4"):
        pair(done)


def test_a_withdrawn_or_absent_players_game_is_left_off_and_the_table_stays() -> None:
    # 6 players, round 3 of the table: 2-6 3-1 4-5; 4 withdrawn, 2 absent: only 3-1 is played, 6 and 5
    # are not paired (C.05: the schedule never changes)
    t = _played(6, 2, Cycles.SINGLE, 5)
    withdrawn = replace(t, players=tuple(replace(p, status=PlayerStatus.WITHDRAWN) if p.id == 4 else p
                                         for p in t.players))
    absent = replace(withdrawn, pending={2: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    result = pair(absent)
    assert (result.round, result.boards, result.bye) == (3, (Pairing(3, 1),), None)


def test_the_bye_of_an_odd_field_is_not_given_to_a_player_who_is_away() -> None:
    t = _played(7, 2, Cycles.SINGLE, 7)  # round 3 of 7: 2 has the bye; 3-1 4-7 5-6
    assert pair(t).bye == 2
    away = replace(t, pending={2: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    assert (pair(away).boards, pair(away).bye) == (pair(t).boards, None)


def test_the_catalogue_pairs_round_robins_by_the_table_with_their_own_traits() -> None:
    from engine import systems
    from engine.model.catalogue import SYSTEMS, Check
    from engine.tiebreaks import RECOMMENDED_ROUND_ROBIN

    tables = {Check.ROUND_ROBIN_TABLE, Check.TEAM_ROUND_ROBIN_TABLE}  # the players' table, the teams'
    for s in SYSTEMS:  # the validator's table check and the round-robin trait go together
        assert s.round_robin == bool(tables & s.checks), s.id
    single, double = systems.get("FIDE_ROUNDROBIN"), systems.get("FIDE_DOUBLEROUNDROBIN")
    assert (single.rounds_for(9), double.rounds_for(9), double.rounds_for(10)) == (9, 18, 18)
    assert single.tiebreaks == double.tiebreaks == RECOMMENDED_ROUND_ROBIN and not single.acceleration
    t = _played(7, 2, Cycles.DOUBLE_FIDE, 14)
    assert systems.pair(replace(t, settings=replace(t.settings, system="berger-double"))) == pair_double(t)

