"""A real-terminal smoke test: the app in tmux at 80x24, driven with send-keys, read with capture-pane."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid

import pytest

from swisstui import store
from tests.app.conftest import write_event

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def wait_for(session: str, text: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")


def test_open_navigate_and_enter_a_result_in_a_real_terminal(tmp_path):
    path = write_event(tmp_path / "open.toml")
    session = f"swisstui-test-{uuid.uuid4().hex[:8]}"
    command = f"{sys.executable} -m swisstui.cli {path}"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen = wait_for(session, "Next: Round 1: 9 players registered")
        assert "Spring Open · Dutch · round 0 of 5" in screen
        tmux("send-keys", "-t", session, "p")
        screen = wait_for(session, "Dubois, C.")
        assert "Rating" in screen and "Status" in screen
        tmux("send-keys", "-t", session, "n")
        screen = wait_for(session, "round 1 proposed")
        assert "Brackets" in screen
        tmux("send-keys", "-t", session, "c")
        wait_for(session, "Publish round 1")
        tmux("send-keys", "-t", session, "y")
        wait_for(session, "0 of 4 in")
        tmux("send-keys", "-t", session, "=")
        wait_for(session, "1 of 4 in · saved")
        tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 10
        while _session_alive(session) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _session_alive(session), "q did not quit the app"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    rnd = store.load(path).round(1)
    assert rnd.boards[0].result == "1/2-1/2" and all(b.result == "" for b in rnd.boards[1:])


def _session_alive(session: str) -> bool:
    return subprocess.run(["tmux", "has-session", "-t", session], capture_output=True).returncode == 0
