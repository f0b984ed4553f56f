"""The 8-player double round robin of issue 32's "done when", with a withdrawal after round 3, through the app.

Everything by keys at 80x24: the players typed in, the numbers drawn by lot from a typed seed, the
settings screen's line "Games a withdrawn player played: kept" chosen with the arrow keys and enter
(FIDE Tournament Rules art. 5.4.2's choice rather than the usual annulment of art. 5.4.1), number 5
withdrawn on the players screen after round 3 (asked, then answered y), the 14 rounds paired by the
table (the withdrawn player's game left off, C.05: the schedule never changes), results typed, and the
square cross-table read on the screen, its notes opened with o, then published.

The standings are counted here from the keys typed and the settings chosen: every result typed counts
(kept), and each of the 11 games number 5 no longer plays is a forfeit, a point for the table opponent
(``left-games`` left at its default, art. 5.4). Places are checked against those points.
"""

from __future__ import annotations

from html import unescape

import pytest

from engine.systems.roundrobin import Cycles, schedule
from engine.systems.roundrobin.numbers import draw_by_lot
from swisstui import store
from swisstui.cli import main
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.review import ReviewScreen
from swisstui.screens.round_robin_table import RoundRobinTableScreen
from swisstui.screens.standings import PlayerCardScreen
from tests.app.screen_text import burst, downs_to_setting, screen_text, wait_until
from tests.app.test_round_robin_evening import NAMES, POINTS, RESULT_KEYS, SIZE, points_text, published_rows

SEED = 4711
WITHDRAWN = 5  # pairing number, withdrawn after round 3
KEPT = "A withdrawn player's games count (the regulations)."


def _flat(text: str) -> str:
    """The screen's words in order, line breaks and box borders taken out (a wrapped note reads whole)."""
    return " ".join(" ".join(line.strip(" │╭╮╰╯─▊▎▔▁") for line in text.splitlines()).split())


@pytest.mark.slow
async def test_a_withdrawal_after_round_3_counted_as_the_settings_screen_chose(tmp_path):
    from swisstui.app import SwissApp

    path = tmp_path / "final.toml"
    assert main(["new", str(path), "--name", "Club final", "--rounds", "7", "--system", "berger-double"]) == 0
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p")
        for n, name in enumerate(NAMES):
            await burst(pilot, "a", *name, "tab", *str(2300 - 25 * n), "enter")
            await wait_until(pilot, lambda: len(app.session.event.players) == n + 1, f"player {name} saved")
        registered = {p.id: p.name for p in store.load(path).players}
        await burst(pilot, "D", "l", "ctrl+u", *str(SEED), "enter")
        drawn = draw_by_lot(list(registered), SEED)
        name_of = {drawn[old]: name for old, name in registered.items()}
        assert {p.id: p.name for p in store.load(path).players} == name_of

        downs = await downs_to_setting(pilot, "option:withdrawn-games:kept")
        await burst(pilot, "t", *["down"] * downs, "enter")
        assert store.load(path).settings.options.get("withdrawn-games") == "kept"

        table = schedule(8, Cycles.DOUBLE_FIDE)
        half_points = {pid: 0 for pid in name_of}
        for number, row in enumerate(table, start=1):
            if number == 4:  # after round 3: number 5 withdraws, found by name on the players screen
                await burst(pilot, "p", "slash", *name_of[WITHDRAWN], "enter", "w")
                assert isinstance(app.screen, ConfirmScreen) and name_of[WITHDRAWN] in screen_text(app)
                assert "Games a withdrawn player played: kept" in _flat(screen_text(app))  # what will count
                await burst(pilot, "y", "escape")
                assert store.load(path).player(WITHDRAWN).withdrawn
            await burst(pilot, "n")
            await app.workers.wait_for_complete()
            await burst(pilot)
            assert isinstance(app.screen, ReviewScreen), screen_text(app)
            await burst(pilot, "c", "y")
            await wait_until(pilot, lambda: app.session.current_round == number, f"round {number} published")
            played = [b for b in row if number < 4 or WITHDRAWN not in (b.white, b.black)]
            paired = app.session.event.recorded_round(number)
            assert [(b.white, b.black) for b in paired.boards] == [(b.white, b.black) for b in played]
            keys = (RESULT_KEYS * 3)[number % 3:number % 3 + len(played)]
            await burst(pilot, *keys)
            assert all(b.result for b in paired.boards), number
            for board, key in zip(paired.boards, keys):
                white, black = POINTS[key]
                half_points[board.white] += white
                half_points[board.black] += black
            if len(played) < len(row):  # the withdrawn player's table game: a forfeit won by the opponent
                gone = next(b for b in row if WITHDRAWN in (b.white, b.black))
                half_points[gone.black if gone.white == WITHDRAWN else gone.white] += 2

        await burst(pilot, "x")
        assert isinstance(app.screen, RoundRobinTableScreen)
        text = screen_text(app)
        assert all(name in text for name in NAMES)  # all eight lines, names whole
        assert "Notes: 4 lines on how withdrawals and absences count · o shows them" in text
        await burst(pilot, "o")
        assert isinstance(app.screen, PlayerCardScreen)
        said = f"5 {name_of[WITHDRAWN]} withdrew after round 3, 3 of 14 games played: their games are counted."
        shown = _flat(screen_text(app))
        assert KEPT in shown and said in shown
        await burst(pilot, "escape", "P")

    published = tmp_path / "final-published"
    page = (published / "round-14-crosstable.html").read_text(encoding="utf-8")
    assert unescape(page).index(KEPT) < unescape(page).index(said)
    rows = published_rows(page)
    assert len(rows) == 8
    for row in rows:
        pid, points, place = int(row[1]), row[11], row[12]
        assert points == points_text(half_points[pid]), (row, half_points[pid])
        above = sum(1 for h in half_points.values() if h > half_points[pid])
        level = sum(1 for h in half_points.values() if h == half_points[pid])
        assert above < int(place.rstrip("=")) <= above + level, (row, half_points)
    games = [g for row in rows for cell in row[3:11] if cell != "X" for g in cell.split()]
    # every game played over the board seen from both sides, and the 11 forfeits number 5's withdrawal left
    assert len(games) == 2 * (3 * 4 + 11 * 3) + 2 * 11
    gone = next(row for row in rows if int(row[1]) == WITHDRAWN)
    assert sorted(g[-1] for cell in gone[3:11] if cell != "X" for g in cell.split()).count("-") == 11
    assert sum(g.endswith("+") for g in games) == 11
    assert f"{name_of[WITHDRAWN]} (withdrawn)" in unescape(page)
