"""swisstui serve: the application for a browser, behind a token, from its own origin only, a few at a time.

The server runs as the arbiter starts it (the console script) in a folder full
of modules named like ours and the standard library's: nothing there may be
imported, neither by the server nor by the app process each connection starts.
A real websocket client (aiohttp's) checks what is refused.
"""

from __future__ import annotations

import asyncio
import shutil
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from swisstui.web import access
from swisstui.cli import build_parser
from tests.serving import serve_on_a_free_port, stop, trap_folder

SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml"
EVENT_NAME = b"Thursday Club Rapid"


def test_serve_binds_to_loopback_by_default():
    args = build_parser().parse_args(["serve", "event.toml"])
    assert args.host == "127.0.0.1" and args.max_connections == 4


@pytest.mark.parametrize("origin, host, allowed", [
    (None, "127.0.0.1:8000", True),  # a program, not a web page: the token alone decides
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://localhost:9123", "localhost:9123", True),  # through a tunnel on another local port
    ("http://LOCALHOST:9123", "localhost:9123", True),
    ("http://evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),  # another local server is another origin
    ("null", "127.0.0.1:8000", False),
    ("file://", "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000", None, False),
])
def test_origin_rule(origin, host, allowed):
    assert access.origin_allowed(origin, host) is allowed


@pytest.mark.parametrize("host, loopback", [
    ("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("[::1]", True), ("localhost", True),
    ("0.0.0.0", False), ("::", False), ("192.168.1.20", False), ("10.0.0.1", False),
])
def test_loopback_or_not(host, loopback):
    assert access.is_loopback(host) is loopback
    assert (access.exposure_warning(host, 8000) is None) is loopback


def test_tokens_are_fresh_and_compared_whole():
    a, b = access.new_token(), access.new_token()
    assert a != b and len(a) >= 40
    assert access.token_matches(a, a)
    assert not access.token_matches(a[:-1], a) and not access.token_matches("", a)
    assert not access.token_matches(None, a) and not access.token_matches(a + "x", a)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``swisstui serve`` on the club sample, at most 2 connections, started in a folder of traps."""
    folder = tmp_path_factory.mktemp("serve")
    marker = trap_folder(folder)
    shutil.copy(SAMPLE, folder / "club.toml")
    proc, address, port = serve_on_a_free_port(["club.toml", "--max-connections", "2"], cwd=folder)
    yield address, port, marker
    err = stop(proc)
    assert "Traceback" not in err, err


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def test_the_address_printed_carries_a_token(server):
    address, port, _ = server
    parts = urlsplit(address)
    assert (parts.hostname, parts.port, parts.path) == ("127.0.0.1", port, "/")
    assert parts.query.startswith("token=") and len(parts.query) > 40


def test_the_page_needs_the_token(server):
    address, port, _ = server
    assert get(f"http://127.0.0.1:{port}/")[0] == 403
    assert get(f"http://127.0.0.1:{port}/?token=guess")[0] == 403
    status, page = get(address)
    assert status == 200 and "textual.js" in page


def test_the_page_names_no_address(server):
    """Relative addresses only, nothing from the internet: it loads through any tunnel, offline."""
    address, port, _ = server
    page = get(address)[1]
    assert "127.0.0.1" not in page and "localhost" not in page and str(port) not in page
    assert "http://" not in page and "https://" not in page and "//fonts" not in page


async def _session(url: str, origin: str | None, keys: str = "", want: bytes = EVENT_NAME) -> int | bytes:
    """Connect as a browser would; return the refusal's HTTP status, or what the app drew once ``want`` showed."""
    headers = {"Origin": origin} if origin else {}
    async with aiohttp.ClientSession() as client:
        try:
            ws = await client.ws_connect(url, headers=headers)
        except aiohttp.WSServerHandshakeError as err:
            return err.status
        async with ws:
            await ws.send_json(["resize", {"width": 80, "height": 24}])
            drawn = b""
            sent = False
            while want not in drawn or not sent:
                if want in drawn and not sent:
                    for key in keys:
                        await ws.send_json(["stdin", key])
                    sent, want = True, want if not keys else b"players"
                    drawn = b""
                msg = await asyncio.wait_for(ws.receive(), 30)
                assert msg.type == aiohttp.WSMsgType.BINARY, msg
                drawn += msg.data
            return drawn


def ws_url(address: str, token: str | None) -> str:
    parts = urlsplit(address)
    return f"ws://{parts.netloc}/ws/{token}" if token is not None else f"ws://{parts.netloc}/ws/"


def token_of(address: str) -> str:
    return urlsplit(address).query.removeprefix("token=")


def test_websocket_without_token_or_with_a_wrong_one_is_refused(server):
    address, port, marker = server
    own = f"http://127.0.0.1:{port}"
    assert asyncio.run(_session(ws_url(address, None), own)) == 404
    assert asyncio.run(_session(ws_url(address, "guess"), own)) == 403
    assert asyncio.run(_session(ws_url(address, token_of(address)[:-1]), own)) == 403
    assert asyncio.run(_session(ws_url(address, "guess"), None)) == 403


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", "null"])
def test_websocket_from_another_origin_is_refused_even_with_the_token(server, origin):
    address, _, _ = server
    assert asyncio.run(_session(ws_url(address, token_of(address)), origin)) == 403


def test_the_token_and_the_page_origin_get_the_app(server):
    """The app starts, draws the event and takes keys; nothing in the starting folder was imported."""
    address, port, marker = server
    drawn = asyncio.run(_session(ws_url(address, token_of(address)), f"http://127.0.0.1:{port}", keys="p"))
    assert b"players" in drawn
    assert not marker.exists(), marker.read_text()


def test_connections_are_capped(server):
    """Two app processes at most (--max-connections 2): a third connection is refused until one closes."""
    address, port, _ = server
    url, own = ws_url(address, token_of(address)), f"http://127.0.0.1:{port}"

    async def connect_when_free(client):
        for _ in range(100):  # app processes of earlier tests may still be stopping
            try:
                return await client.ws_connect(url, headers={"Origin": own})
            except aiohttp.WSServerHandshakeError as err:
                assert err.status == 503
                await asyncio.sleep(0.2)
        raise AssertionError("the server never freed its connections")

    async def scenario():
        async with aiohttp.ClientSession() as client:
            held = [await connect_when_free(client) for _ in range(2)]
            third = await _session(url, own)
            await held[0].close()
            for _ in range(100):  # the server counts the first one gone once its app process stopped
                fourth = await _session(url, own)
                if fourth != 503:
                    break
                await asyncio.sleep(0.2)
            await held[1].close()
            return third, fourth

    third, fourth = asyncio.run(scenario())
    assert third == 503
    assert isinstance(fourth, bytes) and EVENT_NAME in fourth


def test_any_other_address_gets_a_loud_warning_and_still_needs_the_token(tmp_path):
    shutil.copy(SAMPLE, tmp_path / "club.toml")
    proc, address, port = serve_on_a_free_port(["club.toml", "--host", "0.0.0.0"], cwd=tmp_path)
    try:
        assert get(f"http://127.0.0.1:{port}/")[0] == 403
        assert get(f"http://127.0.0.1:{port}/?{urlsplit(address).query}")[0] == 200
    finally:
        err = stop(proc)
    assert "WARNING: serving on every network interface" in err and "not\nWARNING: encrypted" in err


def test_a_port_in_use_is_one_line(tmp_path):
    import socket
    import subprocess

    from tests.serving import swisstui_command

    shutil.copy(SAMPLE, tmp_path / "club.toml")
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        done = subprocess.run([swisstui_command(), "serve", "club.toml", "--port", str(port)], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 5
    assert done.stderr.strip().splitlines()[-1].startswith(f"swisstui serve: 127.0.0.1:{port}: ")
    assert "Traceback" not in done.stderr


def test_a_test_server_whose_port_was_taken_meanwhile_starts_on_another(tmp_path, monkeypatch):
    """The port a test finds free can be taken before ``swisstui serve`` binds it (by a test beside it):
    the tests' helper then tries another port instead of failing."""
    import socket

    from tests import serving

    shutil.copy(SAMPLE, tmp_path / "club.toml")
    with socket.create_server(("127.0.0.1", 0)) as busy:
        taken = busy.getsockname()[1]
        ports = iter([taken, serving.free_port()])
        monkeypatch.setattr(serving, "free_port", lambda: next(ports))
        proc, address, port = serve_on_a_free_port(["club.toml"], cwd=tmp_path)
    try:
        assert port != taken and address.startswith(f"http://127.0.0.1:{port}/?token=")
        assert get(f"http://127.0.0.1:{port}/?{urlsplit(address).query}")[0] == 200
    finally:
        err = stop(proc)
    assert "Traceback" not in err, err


def test_a_pipe_collected_after_the_server_stopped_prints_nothing(capsys, monkeypatch):
    """Stopping serve could print 'Exception ignored in: BaseSubprocessTransport.__del__ ... Event loop is
    closed' (an ended app's pipe collected after the loop closed); other such errors are still reported."""
    import gc
    import sys

    from swisstui.web.serve import quiet_after_close

    class Dying:
        def __init__(self, error: Exception) -> None:
            self.error = error

        def __del__(self) -> None:
            raise self.error

    monkeypatch.setattr(sys, "unraisablehook", quiet_after_close)
    Dying(RuntimeError("Event loop is closed"))
    gc.collect()
    assert capsys.readouterr().err == ""
    Dying(ValueError("something else"))
    gc.collect()
    assert "ValueError: something else" in capsys.readouterr().err
