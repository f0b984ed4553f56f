"""The current FIDE list fetched from FIDE's site (``swisstui ratings import --download``).

FIDE publishes the combined list (standard, rapid and blitz, with the FOA column) on the
first of each month as one ZIP at :data:`FIDE_URL`, about 40 MB. It is fetched with urllib
into a temporary file (never into the database), then imported as any file would be; a
failure anywhere (no network, an HTTP error, a download cut short) leaves the database as
it was. ``SWISSTUI_FIDE_LIST_URL`` names another address: a mirror, or a local server in
the tests (nothing in the test suite goes to FIDE).
"""

from __future__ import annotations

import http.client
import os
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

FIDE_URL = "https://ratings.fide.com/download/players_list.zip"
URL_VARIABLE = "SWISSTUI_FIDE_LIST_URL"
TIMEOUT = 60  # seconds without a byte before giving up
CHUNK = 1 << 16


class DownloadFailed(Exception):
    """The list could not be fetched; the message names the address and the reason."""


def list_url() -> str:
    return os.environ.get(URL_VARIABLE) or FIDE_URL


def download(url: str, folder: Path, progress: Callable[[int, int | None], None] | None = None) -> Path:
    """Fetch ``url`` into ``folder`` under its own file name; :class:`DownloadFailed` says why not.

    ``progress`` is called with the bytes read so far and the size the server announced (or ``None``).
    """
    name = Path(urllib.parse.urlparse(url).path).name or "players_list.zip"
    target = Path(folder) / name
    done = 0
    request = urllib.request.Request(url, headers={"User-Agent": "swisstui (FIDE rating list import)"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response, open(target, "wb") as out:
            size = response.headers.get("Content-Length")
            total = int(size) if size and size.isdigit() else None
            done = 0
            while chunk := response.read(CHUNK):
                out.write(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
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

