"""``n`` in a team event opens the review of the proposed round (issue 31, section 2), driven with keys at 80x24.

The review shows the steps of the engine's explanation with their C.04.6 articles and every match with the
team that has White on board 1; ``c`` (asked) stores the round as proposed, ``escape`` discards it, and
quitting with a round proposed and not stored asks first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.session.actions import Session
from tests.app.screen_text import burst, screen_lines, screen_text, wait_until
from tests.app.team_league import make_league, play_round

SIZE = (80, 24)


def screen_name(app: SwissApp) -> str:
    return type(app.screen).__name__


@pytest.mark.slow
async def test_n_reviews_the_steps_and_c_stores_the_proposal(tmp_path: Path) -> None:
    path = make_league(tmp_path)
    session = Session.open(path)
    session.teams.pair()
    play_round(session, 1, seed=7)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        await wait_until(pilot, lambda: screen_name(app) == "TeamReviewScreen", "the team review")
        proposal = app.session.teams.proposed  # type: ignore[union-attr]
        assert proposal is not None and proposal.round == 2
        assert store.load(path).rounds_paired == 1  # nothing stored yet
        shown = screen_text(app)
        assert f"step 1/{len(proposal.steps)}: {proposal.steps[0].text[:40]}" in shown
        assert f"rule: {proposal.steps[0].rule}" in shown
        for white, black in proposal.matches:  # every match whole at 80x24, White on board 1 first
            assert any(f"{white} Club {white:02d}" in line and f"{black} Club {black:02d}" in line
                       for line in screen_lines(app)), (white, black)
        assert "c confirm and store" in shown
        last = len(proposal.steps) - 1
        await burst(pilot, *["right"] * (last + 3))  # past the last step: it stays on the last
        await wait_until(pilot, lambda: f"step {last + 1}/{last + 1}:" in screen_text(app), "the last step")
        assert proposal.steps[last].rule in screen_text(app)
        await burst(pilot, "left")
        await wait_until(pilot, lambda: f"step {last}/{last + 1}:" in screen_text(app), "one step back")
        await burst(pilot, "c", "y")  # a burst: the question and its answer
        await wait_until(pilot, lambda: screen_name(app) == "TeamRoundScreen" and store.load(path).rounds_paired == 2,
                         "round 2 stored")
        stored = store.load(path).recorded_round(2)
        assert stored is not None
        assert tuple((m.white, m.black) for m in stored.team.matches) == proposal.matches
        assert app.session.teams.proposed is None  # type: ignore[union-attr]


@pytest.mark.slow
async def test_escape_discards_and_n_in_a_burst_pairs_every_round(tmp_path: Path) -> None:
    path = make_league(tmp_path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", "escape")
        await wait_until(pilot, lambda: screen_name(app) == "HomeScreen", "home again")
        assert app.session.teams.proposed is None  # type: ignore[union-attr]
        assert store.load(path).rounds_paired == 0
        await burst(pilot, "n", "right", "right", "c", "y")
        await wait_until(pilot, lambda: store.load(path).rounds_paired == 1 and screen_name(app) == "TeamRoundScreen",
                         "round 1 stored")


@pytest.mark.slow
async def test_quitting_with_a_team_round_proposed_asks_first(tmp_path: Path) -> None:
    path = make_league(tmp_path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        await wait_until(pilot, lambda: screen_name(app) == "TeamReviewScreen", "the team review")
        await burst(pilot, "q")
        await wait_until(pilot, lambda: "Team round 1 is proposed but not stored" in screen_text(app), "the question")
        await burst(pilot, "n")  # no: the review stays, the proposal with it
        await wait_until(pilot, lambda: screen_name(app) == "TeamReviewScreen", "back on the review")
        assert app.session.teams.proposed is not None  # type: ignore[union-attr]
        assert app.is_running
        await burst(pilot, "q", "y")
        await wait_until(pilot, lambda: not app.is_running, "the app closed")
    assert store.load(path).rounds_paired == 0
