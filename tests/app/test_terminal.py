"""The app in a real terminal (tmux at 80x24): driven with send-keys, read with capture-pane."""

from __future__ import annotations

import os
import time

from swisstui import store
from tests.app.conftest import write_event
from tests.app.tmux import Terminal


def test_open_navigate_and_enter_a_result_in_a_real_terminal(tmp_path):
    path = write_event(tmp_path / "open.toml")
    with Terminal(path) as term:
        screen = term.wait_for("Next: Round 1: 9 players registered")
        assert "Spring Open · Dutch · round 0 of 5" in screen
        # the app runs with this test's home and rating database, on a tmux server of the test's own
        for name in ("HOME", "SWISSTUI_RATINGS_DB"):
            assert term.tmux("show-environment", "-g", name).strip() == f"{name}={os.environ[name]}"
        term.type("p")
        screen = term.wait_for("Dubois, C.")
        assert "Rating" in screen and "Status" in screen
        term.type("n")
        screen = term.wait_for("round 1 proposed")
        assert "Brackets" in screen
        term.type("c")
        term.wait_for("Publish round 1")
        term.type("y")
        term.wait_for("0 of 4 in")
        term.type("=")
        term.wait_for("1 of 4 in · saved")
        term.type("q")
        deadline = time.monotonic() + 10
        while term.app_running() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not term.app_running(), "q did not quit the app"
    rnd = store.load(path).round(1)
    assert rnd.boards[0].result == "1/2-1/2" and all(b.result == "" for b in rnd.boards[1:])


def test_keys_in_one_burst_reach_the_widget_they_would_reach_typed_slowly(tmp_path):
    """A paste or a slow SSH link delivers several keys in one read (issue: '/wyatt' withdrew a player)."""
    path = write_event(tmp_path / "burst.toml")
    with Terminal(path) as term:
        term.wait_for("Next: Round 1")
        term.type("p")
        term.wait_for("Dubois, C.")
        term.type("/wyatt")  # one write: search, then the text
        screen = term.wait_for("wyatt")
        assert "Withdraw" not in screen and "Add player" not in screen
        term.type("Escape")
        term.wait_gone("wyatt")
        term.type("a", "Andersen, Lars", "Tab", "2150", "Tab", "FM", "Tab", "NOR", "Enter")
        term.wait_for("Andersen, Lars")
        term.type("/sato", "Enter", "w", "y")
        term.wait_for("withdrawn after r0")
    event = store.load(path)
    andersen = next(p for p in event.players if p.name.startswith("Andersen"))
    assert (andersen.name, andersen.rating, andersen.title, andersen.federation) == ("Andersen, Lars", 2150, "FM", "NOR")
    assert [p.name for p in event.players if p.withdrawn] == ["Sato, K."]
