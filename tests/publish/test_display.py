"""The venue display in Debian's Chromium: standings on the page, and a result saved by another process
appears without anybody reloading the page."""

from __future__ import annotations

import subprocess
import sys
import threading
import urllib.error
import urllib.request

import pytest

from swisstui import store
from swisstui.display import make_server
from tests.publish.conftest import finished_event
from tests.publish.test_browser import browser  # noqa: F401 - the shared browser fixture

SAVE_RESULT = """
import sys
from swisstui import store
event = store.load(sys.argv[1])
event.round(5).boards[0].result = "1-0"
store.save(event, sys.argv[1], expected_revision=event.revision)
"""


@pytest.fixture
def live(tmp_path):
    event = finished_event()
    event.round(5).boards[0].result = ""  # the game on board 1 is still being played
    path = tmp_path / "event.toml"
    store.save(event, path)
    server = make_server(path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield path, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(5)


def test_display_follows_the_event_file(browser, live):  # noqa: F811
    path, url = live
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url)
    text = page.inner_text("body")
    assert "standings after round 5" in text and "Test0001 Player0001" in text
    first_board = page.locator("section.pairings tbody tr").first
    assert first_board.locator("td").nth(4).inner_text() == "-"
    subprocess.run([sys.executable, "-c", SAVE_RESULT, str(path)], check=True)
    page.wait_for_function(
        "document.querySelector('section.pairings tbody tr td:nth-child(5)').textContent === '1-0'", timeout=10_000)
    page.close()


def test_display_changes_nothing(live):
    path, url = live
    before = path.read_bytes()
    for method in ("POST", "PUT", "DELETE"):
        req = urllib.request.Request(url, data=b"x", method=method)
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(req, timeout=5)
        assert exc.value.code == 405
    assert path.read_bytes() == before


def test_serve_display_from_the_command_line(tmp_path):
    """``swisstui serve EVENT.toml --display`` starts the display and answers a browser."""
    import socket
    import time

    path = tmp_path / "event.toml"
    store.save(finished_event(), path)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "swisstui.cli", "serve", str(path), "--display", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read().decode()
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.poll() else ""
                time.sleep(0.2)
        assert "standings after round 5" in page
    finally:
        proc.terminate()
        proc.wait(10)
