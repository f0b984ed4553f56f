"""Small things an arbiter trips over: headers after the last round, Home, sort signs, help layout."""

from __future__ import annotations

from rich.console import Console
from textual.widgets import DataTable

from swisstui.terminal import help_data
from swisstui.app import SwissApp
from swisstui.screens.help import help_table
from tests.app.conftest import NINE, write_event, write_round
from tests.app.screen_text import screen_lines

SIZE = (80, 24)


def column(app, n: int) -> list[str]:
    table = app.screen.query_one(DataTable)
    return [str(table.get_row_at(i)[n]) for i in range(table.row_count)]


async def test_players_header_after_the_last_round_says_so(tmp_path):
    path = write_event(tmp_path / "short.toml", rounds=1)
    write_round(path, 1, ((1, 5), (6, 2), (3, 7), (8, 4)), bye=9, results=("1-0",) * 4)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        header = screen_lines(app)[0]
        assert "all 1 rounds paired" in header and "next round 2" not in header


async def test_home_and_end_go_to_the_first_and_last_row(tmp_path):
    many = tuple((f"Player {n:02d}", 2000 - n, "", "NOR") for n in range(1, 41))
    path = write_event(tmp_path / "many.toml", players=many)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == 39 and "Player 40" in "\n".join(screen_lines(app))
        await pilot.press("home")
        await pilot.pause()
        assert table.cursor_row == 0 and "Player 01" in screen_lines(app)[2]


async def test_the_sorted_column_carries_a_sign_and_untitled_players_sort_last(tmp_path):
    players = (("Amber, J.", 2402, "", "ENG"), ("Berg, L.", 2390, "FM", "SWE"), ("Cruz, A.", 2311, "GM", "HUN"))
    path = write_event(tmp_path / "titles.toml", players=players)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "No▲" in screen_lines(app)[1]
        await pilot.press("o", "o", "o")  # Name, Rating, Title
        await pilot.pause()
        headings = screen_lines(app)[1]
        assert "Title▲" in headings and "No▲" not in headings
        assert column(app, 3) == ["GM", "FM", ""]  # C.04.2 art. 2.2: GM first, untitled last
        await pilot.press("O")
        await pilot.pause()
        assert "Title▼" in screen_lines(app)[1] and column(app, 3) == ["", "FM", "GM"]


async def test_long_names_are_not_cut_while_there_is_room(tmp_path):
    players = (("Vachier-Lagrave, Maxime Pierre", 2750, "GM", "FRA"),) + NINE[1:]
    path = write_event(tmp_path / "long.toml", players=players)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "Vachier-Lagrave, Maxime Pierre" in screen_lines(app)[2]


def test_help_keeps_wrapped_descriptions_indented():
    console = Console(width=60, record=True)
    console.print(help_table())
    lines = console.export_text().splitlines()
    indent = 2 + max(len(k.key) for _, k in help_data.all_keys()) + 2  # margin, key column, gap
    wrapped = 0
    for _, k in help_data.all_keys():
        if len(k.description) > 60 - indent:
            row = next(i for i, line in enumerate(lines) if line.startswith(f"  {k.key} ") and k.description[:10] in line)
            following = lines[row + 1]
            assert following[:indent].strip() == "" and following[indent] != " ", (k.key, following)
            wrapped += 1
    assert wrapped >= 3  # the width makes several descriptions wrap
