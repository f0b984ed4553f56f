"""``swisstui ratings import --download``: fetched over HTTP, then imported; never from FIDE in the tests.

A local ``http.server`` on 127.0.0.1 serves a generated ZIP in FIDE's layout, and
SWISSTUI_FIDE_LIST_URL points the command at it (the variable is there for mirrors too).
"""

from __future__ import annotations

import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from swisstui.ratings.db import RatingsDb
from swisstui.ratings.download import FIDE_URL
from oracles import fide_lists as F


@pytest.fixture
def server(tmp_path):
    """A web server on 127.0.0.1 serving tmp_path/site; yields its address."""
    site = tmp_path / "site"
    site.mkdir()
    F.write_zip(site / "players_list.zip", "players_list_foa.txt", F.txt("combined"))
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def run(url: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SWISSTUI_FIDE_LIST_URL": url}
    return subprocess.run([sys.executable, "-m", "swisstui.cli", "ratings", "import", "--download", *args],
                          capture_output=True, text=True, env=env, timeout=120)


def test_the_list_is_downloaded_then_imported(server):
    proc = run(f"{server}/players_list.zip", "--month", "2026-12")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.startswith(f"downloaded {server}/players_list.zip (0.0 MB)")
    assert proc.stdout == (f"imported the 2026-12 list (standard, rapid, blitz) from players_list.zip:players_list_foa.txt: "
                           f"6 players into {os.environ['SWISSTUI_RATINGS_DB']}\n")
    db = RatingsDb()
    assert db.by_id(1503014).standard == 2831 and db.list_info().month == "2026-12"


def test_without_month_the_list_is_this_months(server):
    import datetime as dt

    proc = run(f"{server}/players_list.zip")
    assert proc.returncode == 0, proc.stderr
    assert RatingsDb().list_info().month == dt.datetime.now(dt.timezone.utc).strftime("%Y-%m")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nobody listens there


def test_no_network_names_the_address_and_the_reason_and_changes_nothing(server, tmp_path):
    assert run(f"{server}/players_list.zip", "--month", "2026-11").returncode == 0
    db_file = Path(os.environ["SWISSTUI_RATINGS_DB"])
    before = db_file.read_bytes()
    url = f"http://127.0.0.1:{_closed_port()}/players_list.zip"
    refused = run(url)
    assert refused.returncode == 5
    assert refused.stderr == (f"swisstui ratings: {url}: cannot connect (Connection refused) "
                              "(the database is unchanged)\n")
    missing = run(f"{server}/nothing.zip")
    assert missing.returncode == 5
    assert missing.stderr == (f"swisstui ratings: {server}/nothing.zip: the server answered 404 File not found "
                              "(the database is unchanged)\n")
    unknown = run("http://no-such-host.invalid/players_list.zip")
    assert unknown.returncode == 5
    assert unknown.stderr.startswith("swisstui ratings: http://no-such-host.invalid/players_list.zip: cannot connect "
                                     "(the name cannot be resolved: ")
    assert db_file.read_bytes() == before


def test_a_download_that_is_not_a_list_changes_nothing(server, tmp_path):
    (tmp_path / "site" / "page.zip").write_text("<html>maintenance</html>\n")
    proc = run(f"{server}/page.zip", "--month", "2026-11")
    assert proc.returncode == 3
    assert "not a FIDE rating list" in proc.stderr and proc.stderr.rstrip().endswith("(the database is unchanged)")
    assert not Path(os.environ["SWISSTUI_RATINGS_DB"]).exists()


def test_fide_s_address_is_the_default_and_a_file_is_not_taken_with_download(tmp_path, monkeypatch):
    from swisstui.ratings.download import list_url

    monkeypatch.delenv("SWISSTUI_FIDE_LIST_URL", raising=False)
    assert list_url() == FIDE_URL == "https://ratings.fide.com/download/players_list.zip"
    monkeypatch.setenv("SWISSTUI_FIDE_LIST_URL", "https://mirror.example/players_list.zip")
    assert list_url() == "https://mirror.example/players_list.zip"
    both = subprocess.run([sys.executable, "-m", "swisstui.cli", "ratings", "import", "x.zip", "--download"],
                          capture_output=True, text=True)
    assert (both.returncode, both.stderr) == (2, "swisstui ratings: give a FILE or --download, not both\n")
    neither = subprocess.run([sys.executable, "-m", "swisstui.cli", "ratings", "import"], capture_output=True, text=True)
    assert neither.returncode == 2 and "--download" in neither.stderr


def test_progress_counts_the_bytes_and_a_download_cut_short_is_refused(server, tmp_path):
    from swisstui.ratings.download import DownloadFailed, download

    seen: list[tuple[int, int | None]] = []
    got = download(f"{server}/players_list.zip", tmp_path, lambda done, total: seen.append((done, total)))
    size = (tmp_path / "site" / "players_list.zip").stat().st_size
    assert got.read_bytes() == (tmp_path / "site" / "players_list.zip").read_bytes()
    assert seen[-1] == (size, size) and all(total == size for _, total in seen)

    class Short(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # announces 1000 bytes, sends 10, closes
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"PK" + b"\0" * 8)
            self.wfile.flush()
            self.close_connection = True

        def log_message(self, *args) -> None:
            pass

    httpd = http.server.HTTPServer(("127.0.0.1", 0), Short)
    thread = threading.Thread(target=httpd.handle_request, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/players_list.zip"
    with pytest.raises(DownloadFailed) as err:
        download(url, tmp_path / "site")
    httpd.server_close()
    assert str(err.value) == f"{url}: the download stopped after 10 of 1,000 bytes"


class Trickle(http.server.BaseHTTPRequestHandler):
    """Sends a byte every 20 ms, for ever: in the body (``/body``) or in the headers (``/headers``)."""

    def do_GET(self) -> None:
        try:
            if self.path == "/headers":
                self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                body = False
            else:
                self.send_response(200)
                self.send_header("Content-Length", str(40 << 20))
                self.end_headers()
                body = True
            while True:
                self.wfile.write(b"P" if body else b"x")
                self.wfile.flush()
                threading.Event().wait(0.02)
        except OSError:  # the client gave up: the test is over
            self.close_connection = True

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def trickle():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Trickle)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _limited(url: str, **variables: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SWISSTUI_FIDE_LIST_URL": url, **variables}
    return subprocess.run([sys.executable, "-m", "swisstui.cli", "ratings", "import", "--download", "--month", "2026-11"],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("where", ["body", "headers"])
def test_a_server_that_trickles_is_given_up_at_the_deadline_named_in_the_error(trickle, where):
    proc = _limited(f"{trickle}/{where}", SWISSTUI_DOWNLOAD_DEADLINE="0.5", SWISSTUI_DOWNLOAD_MIN_RATE="0")
    assert proc.returncode == 5, proc.stderr
    assert proc.stderr.startswith(f"swisstui ratings: {trickle}/{where}: not done within the deadline of 0.5 s (")
    assert proc.stderr.endswith("SWISSTUI_DOWNLOAD_DEADLINE sets another) (the database is unchanged)\n")
    assert not Path(os.environ["SWISSTUI_RATINGS_DB"]).exists()


def test_a_server_below_the_minimum_rate_is_given_up_with_the_rate_named(trickle):
    proc = _limited(f"{trickle}/body", SWISSTUI_DOWNLOAD_MIN_RATE="1000000", SWISSTUI_DOWNLOAD_GRACE="0.3")
    assert proc.returncode == 5, proc.stderr
    assert proc.stderr.startswith(f"swisstui ratings: {trickle}/body: slower than the minimum rate of 1,000,000 bytes "
                                  "a second (")
    assert proc.stderr.endswith("SWISSTUI_DOWNLOAD_MIN_RATE sets another) (the database is unchanged)\n")


def test_the_limits_read_from_the_environment(monkeypatch):
    from swisstui.ratings.download import DEADLINE, DownloadFailed, Limits

    assert Limits.from_environment() == Limits() and Limits().deadline == DEADLINE
    monkeypatch.setenv("SWISSTUI_DOWNLOAD_DEADLINE", "90")
    monkeypatch.setenv("SWISSTUI_DOWNLOAD_MIN_RATE", "0")
    assert Limits.from_environment() == Limits(deadline=90, min_rate=0)
    monkeypatch.setenv("SWISSTUI_DOWNLOAD_DEADLINE", "soon")
    with pytest.raises(DownloadFailed, match="SWISSTUI_DOWNLOAD_DEADLINE: 'soon' is not a number of seconds"):
        Limits.from_environment()


def test_a_database_path_over_a_kept_file_is_refused_before_anything_is_fetched(tmp_path):
    from swisstui import store

    event = tmp_path / "ev.toml"
    store.save(store.new_event("Open", 5), event)
    lock = tmp_path / "ev.toml.lock"
    lock.write_bytes(b"")
    url = f"http://127.0.0.1:{_closed_port()}/players_list.zip"  # never asked: nobody listens there
    proc = run(url, "--db", str(lock))
    assert proc.returncode == 2
    assert proc.stderr == (f"swisstui ratings: {lock}: is the lock of the event ev.toml: swisstui keeps it as it is; "
                           "name another file for the rating database (nothing written)\n")
    assert lock.read_bytes() == b""
