"""Round 1 on a list out of rating order (C.04.2 art. 2): refused in FIDE mode, said first outside it.

Reproduces issue 30 item 1: a list imported in the order 1200, 1600, 2200, 2400 was paired with
board 1 1200 against 2200, the review saying "no rule broken" and the confirmation nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.review import ReviewScreen
from tests.app.conftest import write_event
from tests.app.screen_text import notifications, screen_text

SIZE = (80, 24)
RISING = (("Low, A.", 1200, "", "ENG"), ("Mid, B.", 1600, "", "ENG"),
          ("High, C.", 2200, "", "ENG"), ("Top, D.", 2400, "", "ENG"))


def rising_list(tmp_path: Path, fide_mode: bool) -> Path:
    path = write_event(tmp_path / "rising.toml", players=RISING)
    event = store.load(path)
    event.fide_mode = fide_mode
    store.save(event, path)
    return path


async def test_fide_mode_refuses_round_one_on_an_unsorted_list_and_says_how_to_sort(tmp_path):
    path = rising_list(tmp_path, fide_mode=True)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        said = notifications(app)
        assert any("not in rating order" in m and "#" in m and "C.04.2" in m for m in said), said
        await pilot.press("p", "number_sign")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.session.players.numbers_in_order(), notifications(app)
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.has_class("ready")
    assert store.load(path).rounds_paired == 0  # nothing published by the review alone


@pytest.mark.parametrize("fide_mode", [True, False])
def test_the_session_refuses_only_in_fide_mode(tmp_path, fide_mode):
    from swisstui.session.actions import ActionError, Session

    session = Session.open(rising_list(tmp_path, fide_mode))
    if fide_mode:
        with pytest.raises(ActionError, match="not in rating order"):
            session.pairing.propose()
    else:
        assert session.pairing.propose().round == 1


async def test_outside_fide_mode_the_review_and_the_confirmation_say_so_first(tmp_path):
    path = rising_list(tmp_path, fide_mode=False)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.has_class("ready")
        assert any("not in rating order" in m for m in notifications(app)), notifications(app)
        await pilot.press("a")  # the boards view
        await pilot.pause()
        text = screen_text(app)
        assert "numbers not in rating order" in text and "no rule broken" not in text, text
        await pilot.press("c")
        await pilot.pause()
        question = app.screen.question
        assert "WARNING" in question and "not in rating order" in question, question
        await pilot.press("y")
        await pilot.pause()
    assert store.load(path).rounds_paired == 1  # warned, not refused
