"""The square cross-table shows the forfeits the regulations make of games nobody played (issue 32, section 2).

A withdrawn or absent player's table game is left off the recorded round (C.05: the schedule never
changes); the standings count it as the settings chose: an absence lost by forfeit (Laws of Chess art.
6.7.1), the games a withdrawal leaves forfeited (FIDE Tournament Rules art. 5.4) or not played, an
annulled player's games out of everybody's score (art. 5.4.1). Its cell says so, so that the points can
be read off the line. The event is tests/store/test_roundrobin_withdrawal_session.py's (number 5 withdrawn
after round 3); the table's boards come from the engine's Berger table of 8 in two cycles.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.systems.roundrobin import Cycles, schedule
from swisstui.outputs.round_robin import SquareTable
from tests.store.test_roundrobin_withdrawal_session import WITHDRAWN, play_event

TABLE = schedule(8, Cycles.DOUBLE_FIDE)


def cell_games(table: SquareTable, player: int, opponent: int) -> list[str]:
    """The games in ``player``'s line, ``opponent``'s column, as published (``6b-``)."""
    lines = {line.player: line for line in table.lines}
    return [g.text() for g in lines[player].cells[lines[opponent].line - 1] or ()]


def table_game(rnd: int, player: int) -> tuple[int, str]:
    """``player``'s table opponent in round ``rnd`` and their colour (w/b)."""
    board = next(b for b in TABLE[rnd - 1] if player in (b.white, b.black))
    return (board.black, "w") if board.white == player else (board.white, "b")


@pytest.mark.slow
def test_an_absence_shows_a_forfeit_and_an_annulled_player_none(tmp_path: Path) -> None:
    session = play_event(tmp_path / "final.toml", {}, last_round=6, absent=(2, 6))
    table = session.round_robin.table()
    opponent, colour = table_game(6, 2)
    other = "b" if colour == "w" else "w"
    assert f"6{colour}-" in cell_games(table, 2, opponent) and f"6{other}+" in cell_games(table, opponent, 2)
    # number 5 played 3 of 14 games: annulled, so no forfeit is made of rounds 4-6 (nothing counts)
    for rnd in (4, 5, 6):
        opp, _ = table_game(rnd, WITHDRAWN)
        assert not [g for g in cell_games(table, WITHDRAWN, opp) if g.startswith(str(rnd))]


@pytest.mark.slow
def test_games_a_withdrawal_leaves_are_forfeits_when_kept_and_blank_when_not_played(tmp_path: Path) -> None:
    kept = play_event(tmp_path / "kept.toml", {"withdrawn-games": "kept"}, last_round=5).round_robin.table()
    blank = play_event(tmp_path / "blank.toml", {"withdrawn-games": "kept", "left-games": "not-played"},
                       last_round=5).round_robin.table()
    for rnd in (4, 5):
        opp, colour = table_game(rnd, WITHDRAWN)
        other = "b" if colour == "w" else "w"
        assert f"{rnd}{colour}-" in cell_games(kept, WITHDRAWN, opp)
        assert f"{rnd}{other}+" in cell_games(kept, opp, WITHDRAWN)
        assert not [g for g in cell_games(blank, WITHDRAWN, opp) if g.startswith(str(rnd))]
