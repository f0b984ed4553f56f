"""swisstui serve: the app for a browser, on the loopback address unless told otherwise."""

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from swisstui.cli import build_parser

SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml"


def test_serve_binds_to_loopback_by_default():
    args = build_parser().parse_args(["serve", "event.toml"])
    assert args.host == "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_a_browser_on_loopback():
    pytest.importorskip("textual_serve")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "swisstui.cli", "serve", str(SAMPLE), "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        page = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    assert response.status == 200
                    page = response.read().decode()
                    break
            except OSError:
                time.sleep(0.2)
        assert "textual.js" in page
    finally:
        proc.terminate()
        proc.wait(timeout=10)
