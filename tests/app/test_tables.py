"""Standings, cross-table and score groups after a hand-checked round 1.

Round 1: 1-5 1-0, 6-2 0-1, 3-7 ½-½, 8-4 black wins by forfeit, 9 the pairing-allocated bye.
Scores: 1, 2, 4 and 9 have 1; 3 and 7 ½; 5, 6 and 8 nothing.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from swisstui.app import SwissApp
from tests.app.conftest import ROUND_ONE, write_round

SIZE = (80, 24)


@pytest.fixture
def played(round_one):
    return write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))


def rows(app) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_standings_by_score_then_pairing_number(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = rows(app)
        assert [r[1] for r in table] == ["1", "2", "4", "9", "3", "7", "5", "6", "8"]
        assert [r[5] for r in table] == ["1", "1", "1", "1", "½", "½", "0", "0", "0"]
        # no tie-break list: players on equal points share the rank, written once
        assert [r[0] for r in table] == ["1", "", "", "", "5", "", "7", "", ""]


def _with_tiebreaks(path, codes: str):
    text = path.read_text(encoding="utf-8").replace("tiebreaks = []", f"tiebreaks = {codes}")
    path.write_text(text, encoding="utf-8")
    return path


async def test_standings_show_one_column_per_tiebreak_and_a_card(played):
    app = SwissApp(_with_tiebreaks(played, '["BH", "WIN"]'))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][-2:] == ["BH", "WIN"]
        by_no = {r[1]: r for r in rows(app)}
        # 1 beat 5 (0 points); 9 had the PAB: a dummy with its own score, 1, capped at a draw (0.5) after one round
        assert by_no["1"][-2:] == ["0.0", "1"]
        assert by_no["9"][-2:] == ["0.5", "1"]
        assert by_no["4"][-2:] == ["0.0", "1"]  # forfeit win: dummy capped at opponent 8's score, 0
        await pilot.press("enter")
        await pilot.pause()
        card = str(app.screen.query_one("#card").render())
        # the cursor is on the leader: 9, ahead of 1, 2 and 4 on Buchholz
        assert card.startswith("Dubois, C. (No 9), rank 1")
        assert "BH = 0.5" in card and "capped at a draw per round, 0.5 (16.4.2)" in card
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one(DataTable) is table


async def test_cross_table_cells(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        by_name = {r[1]: r for r in rows(app)}
        assert by_name["Amber, J."][3] == "7w1"  # beat player 5, ranked 7th
        assert by_name["Sato, K."][3] == "1b0"
        assert by_name["Okafor, N."][3] == "9b+"  # forfeit win against player 8, ranked 9th
        assert by_name["Berg, L."][3] == "3w-"
        assert by_name["Kovacs, A."][3] == "6w½"
        assert by_name["Dubois, C."][3] == "bye"


async def test_score_groups_pairing_cards(played):
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        cards = {r[1]: r for r in rows(app)}
        assert [r[1] for r in rows(app)] == ["1", "2", "4", "9", "3", "7", "5", "6", "8"]
        assert [r[0] for r in rows(app)] == ["1", "", "", "", "½", "", "0", "", ""]
        # colours: one letter a round, = when no game was played
        assert (cards["1"][4], cards["2"][4], cards["4"][4], cards["9"][4]) == ("W", "B", "=", "=")
        # due colour after one game: colour difference ±1 is a strong preference (C.04.3 art. 1.7)
        assert (cards["1"][5], cards["2"][5], cards["4"][5]) == ("B", "W", "-")
        # the PAB and a forfeit win are downfloats (C.04.3 art. 1.4); equal-score games are not floats
        assert (cards["9"][6], cards["4"][6], cards["1"][6]) == ("↓1", "↓1", "·")
        # a win's points without playing ends PAB eligibility (C.04.1 art. 4)
        assert (cards["9"][7], cards["4"][7], cards["1"][7]) == ("no", "no", "")
        assert cards["1"][8] == "5"


async def test_withdrawn_player_leaves_the_score_groups(played):
    from swisstui.session.actions import Session

    Session.open(played).players.withdraw(6)
    app = SwissApp(played)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert "6" not in [r[1] for r in rows(app)]
        await pilot.press("s")
        await pilot.pause()
        assert any(r[2] == "Ruiz, P. (w/d)" for r in rows(app))
