"""The square cross-table screen says how withdrawals and absences count (issue 32, section 2).

The event is tests/store/test_roundrobin_withdrawal_session.py's 8-player double round robin, number 5
withdrawn after round 3 (3 of 14 games: annulled, FIDE Tournament Rules art. 5.4.1) and number 2 absent
in round 6, played through round 6. At 80x24 the sixteen lines of the table leave no room for the notes:
one line says they are there and ``o`` shows them whole; on a taller terminal they are under the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui.screens.round_robin_table import RoundRobinTableScreen
from swisstui.screens.standings import PlayerCardScreen
from tests.app.screen_text import burst, screen_text
from tests.store.test_roundrobin_withdrawal_session import play_event

ANNULLED = "A withdrawn player who completed fewer than half of their games has them annulled"


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    path = tmp_path / "final.toml"
    play_event(path, {}, last_round=6, absent=(2, 6))
    return path


def _flat(text: str) -> str:
    """The screen's text with its line breaks and borders taken out, so that a wrapped note reads whole."""
    return " ".join(line.strip(" │╭╮╰╯─") for line in text.splitlines())


@pytest.mark.slow
async def test_at_80x24_the_table_keeps_every_line_and_o_shows_the_notes_whole(event_path: Path) -> None:
    from swisstui.app import SwissApp

    app = SwissApp(event_path, pair_in_child=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "x")
        assert isinstance(app.screen, RoundRobinTableScreen)
        names = {p.id: p.name for p in app.session.event.players}
        text = screen_text(app)
        assert all(name in text for name in names.values())  # the eight lines of the table, none pushed off
        assert "Notes: 5 lines on how withdrawals and absences count · o shows them" in text
        await burst(pilot, "o")
        assert isinstance(app.screen, PlayerCardScreen)
        shown = _flat(screen_text(app))
        assert ANNULLED in " ".join(shown.split())
        assert f"5 {names[5]} withdrew after round 3, 3 of 14 games played" in " ".join(shown.split())
        assert f"2 {names[2]} was absent in round 6: the game is forfeited." in " ".join(shown.split())
        await burst(pilot, "escape")
        assert isinstance(app.screen, RoundRobinTableScreen)


@pytest.mark.slow
async def test_a_taller_terminal_shows_the_notes_under_the_table(event_path: Path) -> None:
    from swisstui.app import SwissApp

    app = SwissApp(event_path, pair_in_child=False)
    async with app.run_test(size=(120, 44)) as pilot:
        await burst(pilot, "x")
        names = {p.id: p.name for p in app.session.event.players}
        shown = " ".join(_flat(screen_text(app)).split())
        assert ANNULLED in shown and "(Laws of Chess art. 6.7.1)" in shown
        assert f"5 {names[5]} withdrew after round 3" in shown and "o shows them" not in shown
