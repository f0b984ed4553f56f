"""Who may reach what ``swisstui serve`` serves: a secret token, the page's own origin, loopback or not.

Served to a browser, the application takes keystrokes that enter results, and
every connection starts an app process. Without checks any web page the
arbiter visits could script the browser into sending them (a cross-site
websocket), any user of the machine could connect, and ``--host 0.0.0.0``
would open the event to the whole network. So, as Jupyter does:

- a random token is made at start and printed in the address to open; the
  page and every websocket or data request must carry it;
- a browser's ``Origin`` must be the page's own host (the ``Host`` it asked
  for), which stays true through an SSH tunnel on any local port;
- binding anything but a loopback address is announced with a loud warning.

Both servers use these: the application (:mod:`swisstui.web.serve`) and the
venue display (:mod:`swisstui.web.display`).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from urllib.parse import quote, urlsplit

TOKEN_PARAM = "token"


def new_token() -> str:
    """A fresh secret: 32 random bytes, URL-safe (it travels in the address)."""
    return secrets.token_urlsafe(32)


def token_matches(given: str | None, token: str) -> bool:
    """Constant-time comparison, so timing tells nothing about the token."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """A browser's request may come only from the served page itself.

    Browsers send ``Origin`` with every websocket handshake and script request;
    it must name the host and port the browser addressed (its ``Host`` header),
    which is whatever local port an SSH tunnel uses. A request without
    ``Origin`` comes from a program, not a web page: the token alone admits it.
    ``Origin: null`` (sandboxed frames, files) is refused.
    """
    if origin is None:
        return True
    if not host:
        return False
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return parts.netloc.lower() == host.strip().lower()


def is_loopback(host: str) -> bool:
    """True when ``host`` names only this machine (127.0.0.0/8, ::1, localhost)."""
    name = host.strip("[]")
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(name, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def exposure_warning(host: str, port: int) -> str | None:
    """The warning printed before binding an address other machines can reach (None on loopback)."""
    if is_loopback(host):
        return None
    where = "every network interface" if host in ("", "0.0.0.0", "::") else host
    return (
        f"WARNING: serving on {where} (port {port}), reachable from other machines.\n"
        "WARNING: anyone who learns the token below can use it; the connection is plain HTTP, not\n"
        "WARNING: encrypted, so anyone on the network path can read the token and the event.\n"
        "WARNING: prefer the default (127.0.0.1) and an SSH tunnel: ssh -L 8000:localhost:8000 HOST"
    )


def page_address(host: str, port: int, token: str, path: str = "/") -> str:
    """The address to open, token included, as printed at start."""
    if host in ("", "0.0.0.0", "::"):
        host = socket.gethostname()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}{path}?{TOKEN_PARAM}={quote(token)}"
