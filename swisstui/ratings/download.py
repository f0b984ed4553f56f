"""The current FIDE list fetched from FIDE's site (``swisstui ratings import --download``).

FIDE publishes the combined list (standard, rapid and blitz, with the FOA column) on the
first of each month as one ZIP at :data:`FIDE_URL`, about 40 MB. It is fetched with urllib
into a temporary file (never into the database), then imported as any file would be; a
failure anywhere (no network, an HTTP error, a download cut short) leaves the database as
it was. ``SWISSTUI_FIDE_LIST_URL`` names another address: a mirror, or a local server in
the tests (nothing in the test suite goes to FIDE).

A server may also answer too slowly to ever finish (a byte a second, in the headers or the
body). So the whole download has a deadline, and from a grace period on an average rate
below which it is given up (:class:`Limits`; ``SWISSTUI_DOWNLOAD_DEADLINE``,
``SWISSTUI_DOWNLOAD_MIN_RATE`` and ``SWISSTUI_DOWNLOAD_GRACE`` set them, as the tests do).
A watchdog thread checks both ten times a second and shuts the connection's socket down
when one is broken, which ends a read blocked in the headers as well as in the body; the
error names the limit.
"""

from __future__ import annotations

import http.client
import os
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

FIDE_URL = "https://ratings.fide.com/download/players_list.zip"
URL_VARIABLE = "SWISSTUI_FIDE_LIST_URL"
TIMEOUT = 60  # seconds without a byte before giving up
CHUNK = 1 << 16
DEADLINE = 1800.0  # seconds for the whole download: FIDE's 40 MB at the minimum rate take 800
MIN_RATE = 50_000.0  # bytes a second on average, once GRACE seconds have passed
GRACE = 60.0
LIMIT_VARIABLES = {"deadline": "SWISSTUI_DOWNLOAD_DEADLINE", "min_rate": "SWISSTUI_DOWNLOAD_MIN_RATE",
                   "grace": "SWISSTUI_DOWNLOAD_GRACE"}


class DownloadFailed(Exception):
    """The list could not be fetched; the message names the address and the reason."""


def list_url() -> str:
    return os.environ.get(URL_VARIABLE) or FIDE_URL


@dataclass(frozen=True)
class Limits:
    """How long a download may take in all, and how slow it may be once the grace period is over."""

    deadline: float = DEADLINE  # seconds
    min_rate: float = MIN_RATE  # bytes a second; 0: no minimum
    grace: float = GRACE  # seconds before the rate is judged

    @classmethod
    def from_environment(cls) -> Limits:
        """The defaults, or what the variables of :data:`LIMIT_VARIABLES` say; :class:`DownloadFailed` on a bad one."""
        values: dict[str, float] = {}
        for key, variable in LIMIT_VARIABLES.items():
            text = os.environ.get(variable, "").strip()
            if not text:
                continue
            try:
                value = float(text)
            except ValueError:
                value = -1.0
            if not (0 <= value < 1e9) or (key == "deadline" and value == 0):
                raise DownloadFailed(f"{variable}: {text!r} is not a number of "
                                     f"{'bytes a second' if key == 'min_rate' else 'seconds'} (nothing downloaded)")
            values[key] = value
        return cls(**values)


class _Watchdog:
    """Checks the deadline and the rate while the download runs; breaks the connection when one is broken."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.start = time.monotonic()
        self.received = 0
        self.broken = ""  # why the download was given up; "" while it may go on
        self.sockets: list[socket.socket] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="download-watchdog", daemon=True)

    def __enter__(self) -> _Watchdog:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()

    def check(self) -> str:
        """Why the download must stop now, or ""."""
        spent = time.monotonic() - self.start
        limits = self.limits
        if spent > limits.deadline:
            return (f"not done within the deadline of {limits.deadline:g} s ({self.received:,} bytes received; "
                    f"{LIMIT_VARIABLES['deadline']} sets another)")
        if limits.min_rate and spent > limits.grace and self.received / spent < limits.min_rate:
            return (f"slower than the minimum rate of {limits.min_rate:,.0f} bytes a second "
                    f"({self.received:,} bytes in {spent:.1f} s; {LIMIT_VARIABLES['min_rate']} sets another)")
        return ""

    def _watch(self) -> None:
        while not self._done.wait(0.1):
            reason = self.check()
            if reason:
                self.broken = reason
                for sock in list(self.sockets):
                    try:
                        sock.shutdown(socket.SHUT_RDWR)  # a read blocked on it returns at once
                    except OSError:
                        pass
                return


def _opener(watchdog: _Watchdog) -> urllib.request.OpenerDirector:
    """urllib's opener, with each connection's socket handed to the watchdog as soon as it is connected."""

    def watched(base: type[http.client.HTTPConnection]) -> type[http.client.HTTPConnection]:
        class Watched(base):  # type: ignore[valid-type, misc]  # a subclass of the class given, made here
            def connect(self) -> None:
                super().connect()
                watchdog.sockets.append(self.sock)
        return Watched

    class Http(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(watched(http.client.HTTPConnection), req)

    class Https(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(watched(http.client.HTTPSConnection), req,
                                context=self._context)  # type: ignore[attr-defined]

    return urllib.request.build_opener(Http, Https)


def download(url: str, folder: Path, progress: Callable[[int, int | None], None] | None = None,
             limits: Limits | None = None) -> Path:
    """Fetch ``url`` into ``folder`` under its own file name; :class:`DownloadFailed` says why not.

    ``progress`` is called with the bytes read so far and the size the server announced (or ``None``).
    ``limits`` (default: :meth:`Limits.from_environment`) bound the time it takes.
    """
    limits = limits or Limits.from_environment()
    with _Watchdog(limits) as watchdog:
        try:
            return _download(url, folder, progress, watchdog)
        except DownloadFailed:
            if watchdog.broken:
                raise DownloadFailed(f"{url}: {watchdog.broken}") from None
            raise


def _download(url: str, folder: Path, progress: Callable[[int, int | None], None] | None,
              watchdog: _Watchdog) -> Path:
    name = Path(urllib.parse.urlparse(url).path).name or "players_list.zip"
    target = Path(folder) / name
    done = 0
    request = urllib.request.Request(url, headers={"User-Agent": "swisstui (FIDE rating list import)"})
    try:
        with _opener(watchdog).open(request, timeout=min(TIMEOUT, watchdog.limits.deadline)) as response, \
                open(target, "wb") as out:
            size = response.headers.get("Content-Length")
            total = int(size) if size and size.isdigit() else None
            done = 0
            while chunk := response.read1(CHUNK):  # what has arrived: a trickle is counted as it comes
                out.write(chunk)
                done += len(chunk)
                watchdog.received = done
                if watchdog.broken:
                    break
                if progress:
                    progress(done, total)
        if watchdog.broken:
            raise DownloadFailed(watchdog.broken)
    except urllib.error.HTTPError as err:
        raise DownloadFailed(f"{url}: the server answered {err.code} {err.reason}") from None
    except urllib.error.URLError as err:
        raise DownloadFailed(f"{url}: cannot connect ({_reason(err.reason)})") from None
    except (TimeoutError, socket.timeout):
        raise DownloadFailed(f"{url}: no answer for {TIMEOUT} seconds") from None
    except http.client.IncompleteRead as err:
        raise DownloadFailed(f"{url}: the download stopped after {done + len(err.partial):,} bytes") from None
    except (OSError, ValueError, http.client.HTTPException) as err:  # a connection reset mid-way, a bad address
        raise DownloadFailed(f"{url}: {_reason(err)}") from None
    if total is not None and done != total:
        raise DownloadFailed(f"{url}: the download stopped after {done:,} of {total:,} bytes")
    if done == 0:
        raise DownloadFailed(f"{url}: the server sent an empty file")
    return target


def _reason(err: object) -> str:
    if isinstance(err, socket.gaierror):
        return f"the name cannot be resolved: {err.strerror or err}; no network?"
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return str(err)

