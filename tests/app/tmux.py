"""Driving the app in a real terminal: tmux runs it, send-keys types, capture-pane reads the screen.

These tests need tmux; without it they fail (``.ci/run`` installs it), they are never skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest


def require_tmux() -> str:
    path = shutil.which("tmux")
    if path is None:
        pytest.fail("tmux is not installed: the real-terminal tests need it (apt-get install tmux; .ci/run does)")
    return path


class Terminal:
    """One tmux session at 80x24 running ``swisstui EVENT``, on a tmux server of its own.

    The server is started by this test (``tmux -S``: its own socket), so the app in it has the
    test's environment (its home, preferences, rating database); a server shared with other
    tests or other users has the environment of whoever started it, and ``kill-server`` here
    ends nobody else's sessions.
    """

    def __init__(self, event: Path, width: int = 80, height: int = 24) -> None:
        require_tmux()
        self.name = f"swisstui-test-{uuid.uuid4().hex[:8]}"
        self.folder = tempfile.mkdtemp(prefix="swisstui-tmux-")  # short: a socket's path has a limit
        self.socket = os.path.join(self.folder, "socket")
        self.event = Path(event)
        config = self.event.parent / "preferences.toml"
        command = (f"SWISSTUI_CONFIG={config} {sys.executable} -m swisstui.cli {self.event}; "
                   "sleep 30")  # keep the pane after the app ends, so a crash can be read
        self.tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), command)

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def type(self, *keys: str) -> None:
        """Send keys in one write: literal text, or tmux key names such as ``Tab``, ``Enter``, ``Escape``."""
        self.tmux("send-keys", "-t", self.name, *keys)

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        """The screen once every one of ``texts`` is on it; fails with the screen shown otherwise."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            time.sleep(0.1)
        missing = [t for t in texts if t not in screen]
        raise AssertionError(f"{missing!r} never appeared; the screen was:\n{screen}")

    def wait_gone(self, text: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = self.screen()
        while text in screen and time.monotonic() < deadline:
            time.sleep(0.1)
            screen = self.screen()
        assert text not in screen, f"{text!r} stayed on the screen:\n{screen}"
        return screen

    def app_running(self) -> bool:
        command = self.tmux("display-message", "-p", "-t", self.name, "#{pane_current_command}").strip()
        return command != "sleep"

    def close(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)  # tmux leaves its socket behind

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
