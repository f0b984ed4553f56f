"""A round robin's published lists: the square cross-table as its standings, and the whole schedule.

The events are played through the session (tests/publish/round_robin_event.py); every expectation
is read from the event file's rounds or the engine's tables, never from the lists checked.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from engine.systems.roundrobin import Cycles, schedule
from swisstui import store
from swisstui.outputs import round_robin_notes
from swisstui.outputs.publish import crosstable, publish
from swisstui.outputs.round_robin import DIAGONAL, square_table
from swisstui.outputs.round_robin_publish import publish_schedule
from tests.publish.round_robin_event import played_round_robin

SYMBOL = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("½", "½")}


@pytest.fixture(scope="module")
def double_eight(tmp_path_factory) -> Path:
    """Eight players, two cycles, nine of the fourteen rounds played."""
    return played_round_robin(tmp_path_factory.mktemp("d8") / "d8.toml", 8, "berger-double", 9)


@pytest.fixture(scope="module")
def odd_seven(tmp_path_factory) -> Path:
    """Seven players, one cycle (the table of eight, number 8 the bye), every round played."""
    return played_round_robin(tmp_path_factory.mktemp("s7") / "s7.toml", 7, "berger", 7)


def games_in_file(event: store.Event) -> dict[tuple[int, int], list[tuple[int, str, str]]]:
    """(player, opponent) -> [(round, colour, result from the player's side)], from the event's boards."""
    games: dict[tuple[int, int], list[tuple[int, str, str]]] = {}
    for rnd in event.rounds:
        for b in rnd.boards:
            white, black = SYMBOL.get(b.result, ("·", "·"))
            games.setdefault((b.white, b.black), []).append((rnd.number, "w", white))
            games.setdefault((b.black, b.white), []).append((rnd.number, "b", black))
    return games


def test_every_cell_holds_the_two_players_games_round_colour_and_result(double_eight):
    event = store.load(double_eight)
    table = square_table(event)
    games = games_in_file(event)
    player_of = {line.line: line.player for line in table.lines}
    assert table.after_round == 9 and table.cycles == 2 and len(table.lines) == 8
    for line in table.lines:
        for column in range(1, 9):
            cell = line.cells[column - 1]
            if column == line.line:
                assert cell is None and table.cell_text(line, column) == DIAGONAL
                continue
            want = games.get((line.player, player_of[column]), [])
            assert [(g.round, g.colour, g.symbol) for g in cell] == want, (line.name, column)
        assert sum(len(c) for c in line.cells if c) == 9  # eight players: a game every round, no bye


def test_the_lines_are_the_standings_with_points_computed_from_the_boards(double_eight):
    event = store.load(double_eight)
    table = square_table(event)
    half = {p.id: 0 for p in event.players}
    for rnd in event.rounds:
        for b in rnd.boards:
            white, black = {"1-0": (2, 0), "0-1": (0, 2), "1/2-1/2": (1, 1)}[b.result]
            half[b.white] += white
            half[b.black] += black
    points = [half[line.player] for line in table.lines]
    assert points == sorted(points, reverse=True)
    assert [line.points_plain for line in table.lines] == [str(h / 2).removesuffix(".0") for h in points]
    assert table.tiebreaks == ["DE", "WIN", "SB", "KS"] and all(len(line.values) == 4 for line in table.lines)
    assert [line.line for line in table.lines] == list(range(1, 9))


def test_an_odd_field_shows_no_game_for_the_bye(odd_seven):
    event = store.load(odd_seven)
    table = square_table(event)
    assert len(table.lines) == 7
    for line in table.lines:
        assert sum(len(c) for c in line.cells if c) == 6  # six opponents; the seventh round is the bye
        assert all(len(c) == 1 for j, c in enumerate(line.cells, start=1) if j != line.line)


def test_the_published_cross_table_of_a_round_robin_is_the_square_one(double_eight, tmp_path):
    event = store.load(double_eight)
    out = tmp_path / "pub"
    publish(event, out, 9)
    html = (out / "round-9-crosstable.html").read_text(encoding="utf-8")
    assert '<body class="crosstable square">' in html
    assert "double round robin cross-table after round 9" in html
    rows = list(csv.reader(io.StringIO((out / "round-9-crosstable.csv").read_text(encoding="utf-8"))))
    assert rows[0] == ["#", "No", "Name", *map(str, range(1, 9)), "Pts", "Rk", "DE", "WIN", "SB", "KS"]
    table = square_table(event)
    for line, row in zip(table.lines, rows[1:]):
        assert row[1] == str(line.player) and event.player(line.player).name == row[2] == line.name
        assert row[2 + line.line] == DIAGONAL and row[11] == line.points_plain
    text = (out / "round-9-crosstable.txt").read_text(encoding="utf-8")
    assert "Cell: round, colour (w/b), result" in text


def test_a_swiss_keeps_its_round_by_round_cross_table(tmp_path):
    from tests.publish.conftest import finished_event

    sheet = crosstable(finished_event(), 5)
    assert sheet.style == "" and sheet.columns[:5] == ["#", "Rk", "No", "Name", "Pts"]


def test_the_notes_under_the_table_are_the_events_own_lines_in_order(double_eight, tmp_path, monkeypatch):
    """The place left for how withdrawals were handled: lines a source gives appear under the table as given."""
    lines = ["Withdrawn after round 3: Dahl, Dagny; games kept as played (regulations art. 5)", "Second note"]
    monkeypatch.setattr(round_robin_notes, "SOURCES", [lambda event, after_round: list(lines)])
    out = tmp_path / "pub"
    publish(store.load(double_eight), out, 9)
    text = (out / "round-9-crosstable.txt").read_text(encoding="utf-8")
    assert text.rstrip("\n").split("\n")[-2:] == lines
    html = (out / "round-9-crosstable.html").read_text(encoding="utf-8")
    assert html.index("Second note") > html.index(lines[0]) > html.index("Cell: round")


def test_the_whole_schedule_is_published_once_the_numbers_are_drawn(double_eight, tmp_path):
    event = store.load(double_eight)
    out = tmp_path / "pub"
    written = publish_schedule(event, out)
    table = schedule(8, Cycles.DOUBLE_FIDE)
    assert sorted(p.name for p in written) == sorted(["index.html", *(f"schedule.{e}" for e in ("html", "txt", "csv")),
                                                      *(f"schedule-round-{r}.{e}" for r in range(1, 15)
                                                        for e in ("html", "txt", "csv"))])
    rows = list(csv.reader(io.StringIO((out / "schedule.csv").read_text(encoding="utf-8"))))
    assert rows[0] == ["Rd", "Bd", "No", "White", "Result", "Black", "No"]
    want = [[str(r), str(bd), str(b.white), str(b.black)] for r, row in enumerate(table, start=1)
            for bd, b in enumerate(row, start=1)]
    assert [[row[0], row[1], row[2], row[6]] for row in rows[1:]] == want
    results = {(int(row[0]), int(row[1])): row[4] for row in rows[1:]}
    for rnd in event.rounds:  # the rounds played carry their results, the rest none yet
        for b in rnd.boards:
            assert results[(rnd.number, b.number)] == b.result.replace("1/2", "½")
    assert all(results[(r, bd)] == "" for r in range(10, 15) for bd in range(1, 5))
    page = (out / "schedule-round-12.txt").read_text(encoding="utf-8")
    assert "round 12 · schedule (by the table, not paired yet)" in page
    for name in ("schedule.html", "schedule-round-3.html"):  # each page leads back, on a phone too
        html = (out / name).read_text(encoding="utf-8")
        assert '<a href="index.html">' in html and '<a href="schedule.html">' in html
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="schedule.html"' in index and 'href="schedule-round-14.html"' in index


def test_an_odd_fields_schedule_names_the_bye_of_every_round(odd_seven, tmp_path):
    out = tmp_path / "pub"
    publish_schedule(store.load(odd_seven), out)
    event = store.load(odd_seven)
    for rnd in event.rounds:
        page = (out / f"schedule-round-{rnd.number}.txt").read_text(encoding="utf-8")
        name = event.player(rnd.bye).name
        assert re.search(rf"\b{rnd.bye}\s+{re.escape(name)}\s+bye\b", page), page


def test_a_swiss_has_no_schedule_to_publish(tmp_path):
    from tests.publish.conftest import finished_event

    with pytest.raises(ValueError, match="is not a round robin"):
        publish_schedule(finished_event(), tmp_path / "pub")
