"""A round robin in the app: the draw before round 1 (asked first), the whole schedule, the square cross-table.

The screens are read at 80x24 (and 120x40): a name cut short or a column of points, place or
tie-breaks lost fails, and so does an opponent's column that ←/→ cannot bring in.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from engine.systems.roundrobin import Cycles, schedule
from engine.systems.roundrobin.numbers import draw_by_lot
from engine.systems.roundrobin.varma import sets_for
from swisstui import store
from swisstui.session.actions import Next, Session, create_event
from swisstui.screens.dialogs import AskScreen, ChoiceScreen
from swisstui.screens.round_robin_table import RoundRobinTableScreen
from swisstui.screens.schedule import ScheduleScreen
from tests.app.clipping import clipped
from tests.app.screen_text import burst, notifications, screen_text
from tests.publish.round_robin_event import NAMES, played_round_robin

SIZE = (80, 24)


def registered(path: Path, players: int, system: str = "berger-double", federations: tuple[str, ...] = ()) -> Path:
    """A round robin with its players registered (numbered as they came), nothing drawn yet."""
    create_event(path, "Club final", 7, system)
    session = Session.open(path, arbiter="Anna")
    for i in range(players):
        session.players.add(NAMES[i], federation=federations[i] if federations else "")
    return path


async def test_d_asks_before_renumbering_and_escape_changes_nothing(tmp_path):
    from swisstui.app import SwissApp

    path = registered(tmp_path / "rr.toml", 6)
    before = store.load(path)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "D")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "every number changes" in text and "keep the numbers" in text
        assert not clipped(app), clipped(app)  # the question whole at 80x24
        await burst(pilot, "escape")
        assert "numbers unchanged" in notifications(app)
    after = store.load(path)
    assert [(p.id, p.name) for p in after.players] == [(p.id, p.name) for p in before.players]
    assert after.log == before.log and after.settings.rounds == 7


async def test_a_draw_by_lot_with_the_seed_typed_is_the_command_lines_draw(tmp_path):
    from swisstui.app import SwissApp

    path = registered(tmp_path / "rr.toml", 6)
    names = {p.id: p.name for p in store.load(path).players}
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "D", "l")
        assert isinstance(app.screen, AskScreen)
        assert not clipped(app), clipped(app)
        await burst(pilot, "ctrl+u", *"77", "enter")
        assert any("seed 77 (kept in the log)" in n for n in notifications(app))
    event = store.load(path)
    drawn = draw_by_lot(list(names), 77)
    assert {p.id: p.name for p in event.players} == {drawn[old]: name for old, name in names.items()}
    assert event.settings.rounds == 10  # six players, two cycles
    assert [e.text.split(":")[0] for e in event.log if e.action == "draw"] == ["seed 77"]


async def test_k_keeps_the_numbers_given_and_makes_the_rounds_the_tables(tmp_path):
    from swisstui.app import SwissApp

    path = registered(tmp_path / "rr.toml", 7, "berger")
    assert Session.open(path).next_step().what is Next.DRAW_FIRST
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "D", "k")
    event = store.load(path)
    assert [p.name for p in event.players] == list(NAMES[:7])  # nobody renumbered
    assert event.settings.rounds == 7  # seven players: the table of eight, a bye each round
    (entry,) = [e for e in event.log if e.action == "numbers"]
    assert entry.text == "given by the arbiter, kept: 1-7" and entry.round == 1
    session = Session.open(path)
    assert session.next_step().what is Next.PAIR_FIRST
    session.players.add("Late, Lena")  # eight players play the same seven rounds: the numbers stand
    assert session.next_step().what is Next.PAIR_FIRST
    session.players.add("Later, Leo")  # nine play nine rounds: the draw is to be made again
    assert session.next_step().what is Next.DRAW_FIRST


async def test_a_varma_draw_from_the_app_keeps_each_federation_in_one_set(tmp_path):
    from swisstui.app import SwissApp

    federations = ("GER", "GER", "GER", "ENG", "ENG", "FRA", "FRA", "HUN", "ESP", "NOR")
    path = registered(tmp_path / "norm.toml", 10, "berger", federations)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "D", "v", "ctrl+u", *"11", "enter")
    event = store.load(path)
    sets = sets_for(10)
    for federation in ("GER", "ENG", "FRA"):
        numbers = {p.id for p in event.players if p.federation == federation}
        assert any(numbers <= set(s) for s in sets.values()), (federation, numbers)
    assert "seed 11 (Varma, C.05 Annex 2)" in [e.text for e in event.log if e.action == "draw"][0]


async def test_d_on_a_swiss_says_what_numbers_a_swiss_by_and_changes_nothing(tmp_path):
    from swisstui.app import SwissApp

    path = registered(tmp_path / "open.toml", 6, "dutch")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "D")
        assert not isinstance(app.screen, ChoiceScreen)
        assert any("a Swiss numbers its players by rating" in n for n in notifications(app))
    assert not store.load(path).log


def test_fide_mode_pairs_round_one_on_the_numbers_drawn(tmp_path):
    """C.05: a round robin's numbers come from the draw, not the ratings; FIDE mode refused the draw's order."""
    path = played_round_robin(tmp_path / "rr.toml", 6, "berger", 0)
    session = Session.open(path)
    assert session.fide_mode and not session.players.numbers_in_order()
    session.pairing.propose()
    session.pairing.confirm()
    assert [(b.white, b.black) for b in store.load(path).recorded_round(1).boards] == [(1, 6), (2, 5), (3, 4)]


async def test_the_schedule_shows_every_round_whole_at_80x24(tmp_path):
    from swisstui.app import SwissApp

    path = played_round_robin(tmp_path / "rr.toml", 7, "berger", 2)
    event = store.load(path)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "x", "S")
        assert isinstance(app.screen, ScheduleScreen)
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        problems = clipped(app)
    assert not problems, problems
    name = {p.id: p.name for p in event.players}
    want = []
    for number, row in enumerate(schedule(7, Cycles.SINGLE), start=1):
        mark = "" if number <= 2 else "*"
        boards = [b for b in row if not b.is_bye]
        for i, b in enumerate(boards, start=1):
            want.append([f"{number}{mark}" if i == 1 else "", str(i), f"{b.white} {name[b.white]}",
                         f"{b.black} {name[b.black]}"])
        bye = next(b.white for b in row if b.is_bye)
        want.append(["", "", f"{bye} {name[bye]}", ""])
    assert [[r[0], r[1], r[2], r[4]] for r in rows] == want
    assert rows[0][3] in ("1-0", "½-½", "0-1") and rows[-2][3] == ""  # round 1 played, round 7 not yet


async def test_twenty_players_cross_table_whole_at_80x24_every_column_reached(tmp_path):
    from swisstui.app import SwissApp

    path = played_round_robin(tmp_path / "rr.toml", 20, "berger", 6)
    app = SwissApp(path, pair_in_child=False)
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "x")
        assert isinstance(app.screen, RoundRobinTableScreen)
        first = screen_text(app)
        for _ in range(8):
            table = app.screen.query_one(DataTable)
            labels = [c.label.plain for c in table.ordered_columns]
            assert labels[:3] == ["#", "No", "Name"] and labels[-6:] == ["Pts", "Rk", "DE", "WIN", "SB", "KS"], labels
            seen.update(labels[3:-6])
            problems = clipped(app)
            assert not problems, problems
            header = screen_text(app).splitlines()[1]
            assert header.split()[-6:] == ["Pts", "Rk", "DE", "WIN", "SB", "KS"], header  # drawn, not cut
            await burst(pilot, "right")
        names = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]
        await burst(pilot, "end")  # the list scrolls to its last line
        last = screen_text(app)
    assert seen == {str(n) for n in range(1, 21)}
    assert sorted(names) == sorted(NAMES[:20])
    assert any(line.split()[:1] == ["20"] and names[-1] in line for line in last.splitlines()), last
    assert "Tornqvist-Wallenberg, Tove" in first  # the longest name whole, on the first line (the leader)


async def test_a_double_round_robin_shows_both_cycles_and_every_column_at_120x40(tmp_path):
    from swisstui.app import SwissApp

    path = played_round_robin(tmp_path / "rr.toml", 8, "berger-double", 9)
    event = store.load(path)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "x")
        table = app.screen.query_one(DataTable)
        labels = [c.label.plain for c in table.ordered_columns]
        rows = {str(k.value): [str(c) for c in table.get_row(k)] for k in table.rows}
        problems = clipped(app)
        text = screen_text(app)
        said = str(app.screen.query_one("#cell").render())
    assert not problems, problems
    assert labels == ["#", "No", "Name", *map(str, range(1, 9)), "Pts", "Rk", "DE", "WIN", "SB", "KS"]
    line_of = {int(pid): int(row[0]) for pid, row in rows.items()}
    assert all(row[1] == pid for pid, row in rows.items())  # the pairing number beside the line
    leader = next(pid for pid, line in line_of.items() if line == 1)
    met: dict[int, list[str]] = {}
    for rnd in event.rounds:
        for b in rnd.boards:
            if leader in (b.white, b.black):
                other = b.black if b.white == leader else b.white
                met.setdefault(line_of[other], []).append(str(rnd.number))
    want = ", ".join(f"{line} in round {' and '.join(met[line])}" for line in sorted(met))
    assert said == f"1 {event.player(leader).name} met {want}", said  # the highlighted line's rounds
    for rnd in event.rounds:  # each game in both players' cells, the colour and result on the cycle's line
        for b in rnd.boards:
            white = rows[str(b.white)][2 + line_of[b.black]].split("\n")
            black = rows[str(b.black)][2 + line_of[b.white]].split("\n")
            cycle = 0 if rnd.number <= 7 else 1
            result = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("½", "½")}[b.result]
            assert white[cycle] == f"w{result[0]}" and black[cycle] == f"b{result[1]}", (rnd.number, white, black)
    for name in (p.name for p in event.players):
        assert name in text
