"""The round a round robin pairs from a Tournament: the table's row for the round, whatever was played."""

from __future__ import annotations

import pytest

from engine.model.tournament import Colour, Pairing, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems.roundrobin import Cycles, ScheduleError, schedule
from engine.systems.roundrobin.round import pair


def _played(players: int, rounds_played: int, option: str, rounds: int) -> Tournament:
    """An event of ``players`` whose first rounds were played as the table says, every game drawn."""
    cycles = {"double": Cycles.DOUBLE_FIDE, "double-plain": Cycles.DOUBLE}.get(option, Cycles.SINGLE)
    history: dict[int, list[RoundEntry]] = {p: [] for p in range(1, players + 1)}
    for rnd in schedule(players, cycles)[:rounds_played]:
        for b in rnd:
            if b.is_bye:
                history[b.white].append(RoundEntry(None, Colour.NONE, ResultCode.PAB))
            else:
                history[b.white].append(RoundEntry(b.black, Colour.WHITE, ResultCode.DRAW))
                history[b.black].append(RoundEntry(b.white, Colour.BLACK, ResultCode.DRAW))
    settings = Settings(rounds=rounds, system="berger", options={"cycles": option})
    return Tournament(settings, tuple(Player(p, f"P{p}", history=tuple(h)) for p, h in history.items()))


@pytest.mark.parametrize(("players", "option", "cycles"), [(8, "double", Cycles.DOUBLE_FIDE), (7, "single", Cycles.SINGLE),
                                                           (6, "double-plain", Cycles.DOUBLE)])
def test_each_round_is_the_tables_row(players: int, option: str, cycles: Cycles) -> None:
    table = schedule(players, cycles)
    for played, row in enumerate(table):
        result = pair(_played(players, played, option, len(table)))
        assert result.round == played + 1
        assert result.boards == tuple(Pairing(b.white, b.black) for b in row if not b.is_bye)
        assert result.bye == next((b.white for b in row if b.is_bye), None)


def test_an_event_that_does_not_fit_the_table_is_refused_with_what_differs() -> None:
    with pytest.raises(ScheduleError, match="a double-fide round robin of 8 players has 14 rounds; the event announces 7"):
        pair(_played(8, 0, "double", 7))
    with pytest.raises(ScheduleError, match="option cycles: 'triple'"):
        pair(_played(8, 0, "triple", 7))
    t = _played(4, 0, "single", 3)
    gap = Tournament(t.settings, (*t.players[:3], Player(9, "P9")))
    with pytest.raises(ScheduleError, match="pairing numbers are 1 to 4, each once; the event has 1, 2, 3, 9"):
        pair(gap)
