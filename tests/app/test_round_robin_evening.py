"""An 8-player double round robin driven through the app at 80x24, from registration to the published cross-table.

Players typed in on the players screen, the numbers drawn by lot with a seed typed over the one offered
(asked first), the whole schedule shown and published, every one of the 14 rounds paired by the table,
confirmed and its results typed (a burst one round, a key at a time the next), then the square cross-table read on the screen and in the
published files. Every value checked is computed here from the results typed, not read back from the app.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from engine.systems.roundrobin import Cycles, schedule
from engine.systems.roundrobin.numbers import draw_by_lot
from swisstui import store
from swisstui.cli import main
from swisstui.screens.dialogs import AskScreen, ChoiceScreen
from swisstui.screens.review import ReviewScreen
from swisstui.screens.round_robin_table import RoundRobinTableScreen
from tests.app.screen_text import burst, screen_text, wait_until

SIZE = (80, 24)
NAMES = ("Adams, Michael", "Berg, Bettina", "Carlsen, Carl", "Dahl, Dagny", "Eklund, Erik", "Falk, Frida",
         "Gustafsson, Gunnar", "Hansen, Helga")
SEED = 2026
RESULT_KEYS = "1=0"  # white wins, draw, black wins, in turn over the boards
POINTS = {"1": (2, 0), "=": (1, 1), "0": (0, 2)}  # half points of White and Black


class Cells(HTMLParser):
    """The body cells of the published table, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.body = self.cell = False

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "tbody":
            self.body = True
        elif tag == "tr" and self.body:
            self.rows.append([])
        elif tag == "td" and self.body:
            self.cell = True
            self.rows[-1].append("")

    def handle_endtag(self, tag) -> None:
        if tag == "td":
            self.cell = False
        elif tag == "tbody":
            self.body = False

    def handle_data(self, data) -> None:
        if self.cell:
            self.rows[-1][-1] += data


def points_text(half_points: int) -> str:
    """``10½``, ``½``, ``3``: points as the lists print them."""
    whole, half = divmod(half_points, 2)
    return ("" if whole == 0 and half else str(whole)) + ("½" if half else "")


def published_rows(text: str) -> list[list[str]]:
    parser = Cells()
    parser.feed(text)
    return parser.rows


@pytest.mark.slow
async def test_a_double_round_robin_from_registration_to_the_published_cross_table(tmp_path):
    from swisstui.app import SwissApp

    path = tmp_path / "final.toml"
    assert main(["new", str(path), "--name", "Club final", "--rounds", "7", "--system", "berger-double"]) == 0
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p")
        for n, name in enumerate(NAMES):  # each player typed as one burst: name, rating, enter
            await burst(pilot, "a", *name, "tab", *str(2300 - 25 * n), "enter")
            await wait_until(pilot, lambda: len(app.session.event.players) == n + 1, f"player {name} saved")
        registered = {p.id: p.name for p in store.load(path).players}
        assert sorted(registered.values()) == sorted(NAMES)

        await burst(pilot, "h")
        assert "Draw the pairing numbers with D" in screen_text(app)
        await burst(pilot, "p", "D")  # asks before renumbering anybody
        assert isinstance(app.screen, ChoiceScreen) and "Draw the numbers" in screen_text(app)
        await burst(pilot, "l")
        assert isinstance(app.screen, AskScreen)
        offered = app.screen.query_one("#answer").value
        assert offered.isdigit() and offered in screen_text(app)  # the seed is shown before it is used
        await burst(pilot, "ctrl+u", *str(SEED), "enter")
        event = store.load(path)
        drawn = draw_by_lot(list(registered), SEED)
        name_of = {drawn[old]: name for old, name in registered.items()}
        assert {p.id: p.name for p in event.players} == name_of
        assert event.settings.rounds == 14
        assert any(e.action == "draw" and e.text.startswith(f"seed {SEED}: ") for e in event.log)

        table = schedule(8, Cycles.DOUBLE_FIDE)
        await burst(pilot, "x", "S")  # the whole schedule, before round 1 is paired
        shown = screen_text(app)
        assert f"1 {name_of[table[0][0].white]}" in shown and f"{table[0][0].black} {name_of[table[0][0].black]}" in shown
        assert "14 rounds" in shown
        await burst(pilot, "P")
        published = tmp_path / "final-published"
        every = (published / "schedule.txt").read_text(encoding="utf-8")
        for number, row in enumerate(table, start=1):
            page = (published / f"schedule-round-{number}.txt").read_text(encoding="utf-8")
            for board in row:
                assert re.search(rf"\b{board.white}\s+{re.escape(name_of[board.white])}\s+"
                                 rf"{re.escape(name_of[board.black])}\s+{board.black}\b", page), (number, page)
                assert re.search(rf"\b{number}\s+\d+\s+{board.white}\s+{re.escape(name_of[board.white])}", every)

        half_points = {pid: 0 for pid in name_of}
        for number, row in enumerate(table, start=1):
            await burst(pilot, "n")
            await app.workers.wait_for_complete()
            await burst(pilot)
            assert isinstance(app.screen, ReviewScreen), screen_text(app)
            await burst(pilot, "c")
            assert f"Publish round {number}" in screen_text(app)
            await burst(pilot, "y")
            await wait_until(pilot, lambda: app.session.current_round == number, f"round {number} published")
            keys = (RESULT_KEYS * 2)[number % 3:number % 3 + len(row)]
            if number % 2:
                await burst(pilot, *keys)  # the round's results in one burst, a key a board
            else:
                await pilot.press(*keys)  # typed a key at a time
                await burst(pilot)
            paired = app.session.event.recorded_round(number)
            assert [(b.white, b.black) for b in paired.boards] == [(b.white, b.black) for b in row]
            assert all(b.result for b in paired.boards), (number, [b.result for b in paired.boards])
            for board, key in zip(paired.boards, keys):
                white, black = POINTS[key]
                half_points[board.white] += white
                half_points[board.black] += black

        await burst(pilot, "x")
        assert isinstance(app.screen, RoundRobinTableScreen)
        text = screen_text(app)
        for name in NAMES:
            assert name in text  # whole at 80 columns
        header = next(line for line in text.splitlines() if "Name" in line)
        assert header.split()[-6:] == ["Pts", "Rk", "DE", "WIN", "SB", "KS"], header
        await burst(pilot, "P")

    rows = published_rows((published / "round-14-crosstable.html").read_text(encoding="utf-8"))
    assert len(rows) == 8
    best = max(half_points.values())
    for i, row in enumerate(rows, start=1):
        pid = int(row[1])
        assert row[0] == str(i) and row[2] == name_of[pid] and row[2 + i] == "X"
        games = [g for cell in row[3:11] if cell != "X" for g in cell.split()]
        assert len(games) == 14 and sorted(int(re.match(r"\d+", g).group()) for g in games) == list(range(1, 15))
        assert row[11] == points_text(half_points[pid]), (row, half_points[pid])
    first = int(rows[0][1])
    assert half_points[first] == best
