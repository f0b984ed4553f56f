"""Pairing a Dubov round in the app (C.04.4.1): the review steps through the Dubov explanation."""

from __future__ import annotations

from dataclasses import replace

from engine.model.explain import Step
from swisstui import store
from swisstui.app import SwissApp
from tests.app.conftest import ROUND_ONE, write_event, write_round
from tests.app.screen_text import screen_lines, screen_text
from tests.app.test_review import SIZE, confirm, pair


def event_of(tmp_path, system: str):
    """The nine players of conftest's event, paired by ``system``, before round 1."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = write_event(tmp_path / f"{system}.toml")
    event = store.load(path)
    event.settings = replace(event.settings, system=system)
    store.save(event, path)
    return path


def dubov_event(tmp_path, system: str = "dubov-2026"):
    # round 1 as the Dubov system pairs it (the halves by TPN, 9 with the PAB)
    return write_round(event_of(tmp_path, system), 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "1-0"))


async def step_to(pilot, screen, index: int) -> None:
    while screen.index < index:
        await pilot.press("right")
    while screen.index > index:
        await pilot.press("left")
    await pilot.pause()


async def test_a_dubov_round_is_explained_step_by_step_and_published(tmp_path):
    path = dubov_event(tmp_path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        result = app.session.proposal.result
        trace = result.trace
        assert "round 2 proposed" in screen_lines(app)[0]

        await step_to(pilot, screen, 0)
        assert "ARO of the 9 players" in screen_text(app) and "rule: C.04.4.1 art. 1.7" in screen_text(app)

        bye = next(i for i, e in enumerate(trace) if e.step is Step.BYE)
        await step_to(pilot, screen, bye)
        assert "pairing-allocated bye" in screen_text(app) and "rule: C.04.4.1 art. 3.1" in screen_text(app)

        bracket = next(i for i, e in enumerate(trace) if e.step is Step.BRACKET)
        await step_to(pilot, screen, bracket)
        assert "rule: C.04.4.1 art. 1.3" in screen_text(app)

        seekers = next(i for i, e in enumerate(trace) if "White seekers G1" in e.text)
        await step_to(pilot, screen, seekers)
        assert "White seekers G1" in screen_text(app) and "art. 3.2.3" in screen_text(app)

        proposal = next(i for i, e in enumerate(trace) if e.step is Step.PROPOSAL)
        await step_to(pilot, screen, proposal)
        assert "S1 by ARO" in screen_text(app)

        colour = next(i for i, e in enumerate(trace) if e.step is Step.COLOUR)
        await step_to(pilot, screen, colour)
        assert "rule: C.04.4.1 art. 5.2." in screen_text(app)

        await confirm(pilot)
    event = store.load(path)
    published = event.rounds[1]
    assert published.published and published.bye == result.bye
    assert [(b.white, b.black) for b in published.boards] == [(b.white, b.black) for b in result.boards]


async def test_the_bracket_table_keeps_each_player_on_one_line_at_80_columns(tmp_path):
    """Dubov's bracket table adds ARO, rating and upfloats: at 80x24 a name is cut short with an ellipsis,
    never wrapped onto a second line ("Kovac…" over "A."), and every player keeps one row."""
    for system in ("dubov-2026", "dubov-1997"):
        path = dubov_event(tmp_path / system, system)
        app = SwissApp(path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await pair(pilot)
            trace = app.session.proposal.result.trace
            for index in [i for i, e in enumerate(trace) if e.step is Step.BRACKET]:
                await step_to(pilot, screen, index)
                lines = [line for line in _pane(app) if line.strip()]
                rows = lines[1:]  # under the headings
                members = len(trace[index].players)
                assert len(rows) == members, (system, index, rows)


async def test_no_due_colour_is_shown_before_a_player_has_played(tmp_path):
    """Round 1 of a Dubov event: nobody has a colour history, so nobody is due a colour yet."""
    app = SwissApp(event_of(tmp_path, "dubov-2026"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        trace = app.session.proposal.result.trace
        bracket = next(i for i, e in enumerate(trace) if e.step is Step.BRACKET)
        await step_to(pilot, screen, bracket)
        table = _pane(app)
        heading = next(line for line in table if "Due" in line)
        column = heading.index("Due")
        dues = {line[column:column + 3].strip() for line in table[table.index(heading) + 1:]
                if line.strip() and "─" not in line}
        assert dues == {"·"}, dues


def _pane(app) -> list[str]:
    """The bracket pane's table as drawn, line by line."""
    r = app.screen.query_one("#bracket-body").region
    return [line.ljust(r.right)[r.x:r.right].rstrip() for line in screen_lines(app)[r.y:r.bottom]]
