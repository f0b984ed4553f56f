"""Every screen of the bundled samples at 80x24: no text cut off without a scroll bar to reach it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.systems import generate
from swisstui import store
from swisstui.app import SwissApp
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst

SIZE = (80, 24)
SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
SCREEN_KEYS = ("h", "p", "g", "r", "s", "x", "t", "d", "question_mark")


@pytest.mark.slow
@pytest.mark.parametrize("sample", ["club-rapid", "weekend-open", "open-300"])
async def test_every_screen_of_a_sample_fits_80x24(sample, tmp_path):
    path = tmp_path / f"{sample}.toml"
    shutil.copyfile(SAMPLES / f"{sample}.toml", path)
    app = SwissApp(path, pair_in_child=False)
    problems = []
    async with app.run_test(size=SIZE) as pilot:
        for key in SCREEN_KEYS:
            await burst(pilot, key)
            problems += [f"{key}: {p}" for p in clipped(app) + drawn_cut(app)]
            if key == "question_mark":
                await burst(pilot, "escape")
        if sample == "weekend-open":  # the sample whose next round can be paired: every pane of the review
            await burst(pilot, "n")
            await app.workers.wait_for_complete()
            await burst(pilot)
            review = app.screen
            steps = len(app.session.proposal.result.trace)
            await burst(pilot, *["left"] * review.index)
            for step in range(steps):  # every step of the explanation, each bracket's box with it
                assert review.index == step
                problems += [f"review step {step + 1}: {p}" for p in clipped(app) + drawn_cut(app)]
                await burst(pilot, "right")
            for key in ("a", "c"):  # the boards view, the confirm dialog
                await burst(pilot, key)
                problems += [f"review {key}: {p}" for p in clipped(app) + drawn_cut(app)]
    assert not problems, "\n".join(problems)


async def test_a_nine_round_cross_table_shows_which_rounds_and_pages(tmp_path):
    t = generate.generate(30, 9, 5)
    path = tmp_path / "nine.toml"
    store.save(store.Event.from_tournament(t, name="Nine rounds"), path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "x")
        assert not clipped(app)
        legend = app.screen.query_one("#legend").render()
        assert "rounds 1-7 of 9" in str(legend)
        await burst(pilot, "right")
        assert "rounds 3-9 of 9" in str(app.screen.query_one("#legend").render())
        headings = [c.label.plain for c in app.screen.query_one("#crosstable").columns.values()]
        assert headings == ["Rk", "Name", "Pts", "R3", "R4", "R5", "R6", "R7", "R8", "R9"]


async def test_a_notification_covers_neither_the_byes_nor_the_result_keys(round_one):
    """A warning while results are typed sits over the header line, not over the lines read while typing."""
    from textual.widgets._toast import Toast

    app = SwissApp(round_one)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await burst(pilot, "r", "j", *"Nobody", "enter")  # a warning: no such board or player
        await pilot.pause()
        toasts = [t.region for t in app.screen.query(Toast)]
        assert toasts, "the warning was not shown"
        for name in ("#byes", "#keys-hint"):
            widget = app.screen.query_one(name)
            assert widget.region.area
            covered = [t for t in toasts if t.overlaps(widget.region)]
            assert not covered, f"a notification at {covered[0]} covers {name} at {widget.region}"


async def test_at_120_columns_no_name_is_cut_while_there_is_room(tmp_path):
    """Long names (as FIDE lists them) stay whole where the screen has the room, boards view included."""
    from tests.app.conftest import NINE, ROUND_ONE, write_event, write_round

    players = tuple((f"{name.split(',')[0]}, {given}", rating, title, fed) for (name, rating, title, fed), given in
                    zip(NINE, ("Jonathan Alexander", "Erik Magnus", "Andras Peter", "Nnamdi Chukwuemeka",
                               "Kentaro Hiroshi", "Pablo Fernando", "Tomasz Krzysztof", "Lars Henrik",
                               "Charles Emmanuel")))
    path = write_round(write_event(tmp_path / "long.toml", players=players), 1, ROUND_ONE, bye=9,
                       results=("1-0", "0-1", "1/2-1/2", "1-0"))
    app = SwissApp(path, pair_in_child=False)
    problems = []
    async with app.run_test(size=SIZE) as pilot:
        for key in ("g", "s", "x"):  # opened at 80 columns, then the terminal grows
            await burst(pilot, key)
            await pilot.resize_terminal(120, 30)
            await burst(pilot)
            problems += [f"{key} resized: {p}" for p in clipped(app)]
            await pilot.resize_terminal(*SIZE)
        await pilot.resize_terminal(120, 30)
        for key in ("p", "g", "r", "s", "x"):
            await burst(pilot, key)
            problems += [f"{key}: {p}" for p in clipped(app)]
        await burst(pilot, "n")
        await app.workers.wait_for_complete()
        await burst(pilot, "a")  # the boards view of the review
        assert type(app.screen).__name__ == "ReviewScreen" and app.screen.has_class("boards-view")
        problems += [f"review boards: {p}" for p in clipped(app)]
    assert not problems, "\n".join(problems)


async def test_the_standings_show_every_tiebreak_of_the_list_at_80_columns(tmp_path):
    """Seven tie-breaks (FIDE's list for an individual Swiss) beside the names: each is on the screen whole,
    the federation and then the rating giving way, never a column that decides a place."""
    from tests.app.screen_text import screen_lines

    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    event = store.load(path)
    assert len(event.settings.tiebreaks) == 7
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s")
        table = app.screen.query_one("#standings")
        labels = [c.label.plain for c in table.ordered_columns]
        assert labels[-7:] == list(event.settings.tiebreaks) and "Pts" in labels
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no sideways scroll
        heading = screen_lines(app)[table.region.y]
        for code in event.settings.tiebreaks:
            assert f" {code}" in heading, (code, heading)
        assert not clipped(app) and not drawn_cut(app)


async def test_the_fide_mode_setting_reads_on_one_line_at_80_columns(tmp_path):
    """Its text ended on a line of its own ("twice)") under the next setting's column at 80x24."""
    from tests.app.screen_text import screen_lines

    path = tmp_path / "club.toml"
    shutil.copyfile(SAMPLES / "club-rapid.toml", path)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "t")
        line = next(x for x in screen_lines(app) if "FIDE mode" in x)
        assert "asks twice)" in line, line
