"""The 1997 Dubov text in the app: offered when an event is created, explained in the review by its articles."""

from __future__ import annotations

from dataclasses import replace

from engine.model.explain import Step
from swisstui import store
from swisstui.app import SwissApp
from tests.app.conftest import ROUND_ONE, write_event, write_round
from tests.app.screen_text import screen_text
from tests.app.test_review import SIZE, confirm, pair
from tests.app.test_review_dubov import step_to


async def test_the_new_event_dialog_offers_and_creates_a_dubov_1997_event(tmp_path):
    path = tmp_path / "club.toml"
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "dubov-1997" in screen_text(app)  # the list of systems that pair
        await pilot.press(*"Club Night", "tab", "ctrl+u", "5", "tab", "ctrl+u", *"dubov97", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert " · Dubov 1997 · round 0 of 5" in screen_text(app)  # the header names the older text
    assert store.load(path).settings.system == "dubov-1997"  # the alias is stored as the system's id


def dubov_1997_event(tmp_path):
    path = write_event(tmp_path / "dubov97.toml")
    event = store.load(path)
    event.settings = replace(event.settings, system="dubov-1997")
    store.save(event, path)
    # round 1 as art. 5 pairs it: the upper half against the lower half, colours alternating, 9 the bye
    return write_round(path, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "1-0"))


async def test_a_dubov_1997_round_is_explained_by_its_articles_and_published(tmp_path):
    # Round 2 by hand: 0 points 4, 5, 6: the lowest R, 6, has the bye (art. 4). 1 point: 2 due White,
    # 1 and 8 due Black, 9 without a game stands with the Blacks and moves to White (7.4): 9-1, 2-8.
    # ½ point: 3 and 7 have met. 3 can meet nobody of the group: 4 (the highest R below) is transferred
    # and joins it (7.1); 7 can meet 4, so takes nobody. Three players: 5 is transferred (7.2). Whites 7,
    # 4, 5 against Black 3: 4, the lowest ARO, moves to Black (7.3). 6.2: Whites 7 (2311), 5 (2402)
    # by ARO, Blacks 3 (2311), 4 (2250) by R; 7-3 have met: 7-4, then 5-3 (6.3).
    path = dubov_1997_event(tmp_path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pair(pilot)
        result = app.session.proposal.result
        trace = result.trace
        assert result.bye == 6
        assert {frozenset((b.white, b.black)) for b in result.boards} == {
            frozenset(p) for p in [(9, 1), (2, 8), (7, 4), (5, 3)]}

        await step_to(pilot, screen, 0)
        assert "ARO and due colour" in screen_text(app) and "rule: Dubov 1997 art. 1" in screen_text(app)

        bye = next(i for i, e in enumerate(trace) if e.step is Step.BYE)
        await step_to(pilot, screen, bye)
        assert "6 gets the bye" in screen_text(app) and "rule: Dubov 1997 art. 4" in screen_text(app)

        moved = next(i for i, e in enumerate(trace) if e.step is Step.EXCHANGE)
        await step_to(pilot, screen, moved)
        assert "9 moved to the White column" in screen_text(app) and "art. 7.4" in screen_text(app)

        proposal = next(i for i, e in enumerate(trace) if e.step is Step.PROPOSAL)
        await step_to(pilot, screen, proposal)
        assert "White column by ARO" in screen_text(app) and "art. 6.2" in screen_text(app)

        transfer = next(i for i, e in enumerate(trace) if "7.1" in e.rule)
        await step_to(pilot, screen, transfer)
        assert "4 is transferred from" in screen_text(app) and "joins it" in screen_text(app)
        assert "rule: Dubov 1997 art. 7.1" in screen_text(app)

        colour = next(i for i, e in enumerate(trace) if e.step is Step.COLOUR)
        await step_to(pilot, screen, colour)
        assert "rule: Dubov 1997 art. 3" in screen_text(app)
        assert "C.04.4.1" not in screen_text(app)

        await confirm(pilot)
    published = store.load(path).rounds[1]
    assert published.published and published.bye == 6
    assert [(b.white, b.black) for b in published.boards] == [(b.white, b.black) for b in result.boards]
