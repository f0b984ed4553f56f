"""``s`` on a round robin: the standings are the square cross-table (issue 32: "The cross-table is the
standings"), the same screen as ``x``; the prizes stay one key away (``$``), as from a Swiss's standings.

The event: tests/store/test_roundrobin_withdrawal_session.py's 8-player double round robin after round 3.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui.screens.prizes import PrizesScreen
from swisstui.screens.round_robin_table import RoundRobinTableScreen
from tests.app.screen_text import burst, screen_text
from tests.store.test_roundrobin_withdrawal_session import play_event


@pytest.mark.slow
async def test_s_shows_the_square_cross_table_of_a_round_robin(tmp_path: Path) -> None:
    from swisstui.app import SwissApp

    path = tmp_path / "final.toml"
    play_event(path, {}, last_round=3)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "s")
        assert isinstance(app.screen, RoundRobinTableScreen)
        header = next(line for line in screen_text(app).splitlines() if " Name " in line)
        assert header.split() == ["#", "No", "Name", *map(str, range(1, 9)), "Pts", "Rk", "DE", "WIN", "SB", "KS"]
        await burst(pilot, "dollar_sign")
        assert isinstance(app.screen, PrizesScreen)
        await burst(pilot, "s")  # the prizes' way back to the standings: the square table again
        assert isinstance(app.screen, RoundRobinTableScreen)
        await burst(pilot, "x")  # the same screen: x refreshes it
        assert isinstance(app.screen, RoundRobinTableScreen)
