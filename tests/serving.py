"""Helpers for the tests of what ``swisstui serve`` serves: a stand-in SSH tunnel, a folder of traps.

The tunnel is what ``ssh -L 9123:localhost:8000`` does for the browser: a
different local port whose connections are relayed byte for byte to the
server. A page that names ``127.0.0.1:8000`` anywhere breaks through it.

The trap folder holds modules named like ours and the standard library's; a
process started in it that imports any of them leaves a marker file.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

TRAP_MODULES = ("engine/__init__.py", "swisstui/__init__.py", "json.py", "pickle.py", "textual/__init__.py",
                "aiohttp/__init__.py", "tomllib.py", "asyncio/__init__.py")


def trap_folder(folder: Path) -> Path:
    """Fill ``folder`` with modules that record their import in ``folder/IMPORTED`` and then fail."""
    marker = folder / "IMPORTED"
    for name in TRAP_MODULES:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"open({str(marker)!r}, 'a').write({name!r} + '\\n')\n"
                        f"raise ImportError('the copy in the current folder was imported')\n")
    return marker


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Tunnel:
    """Relay connections to ``127.0.0.1:port`` from another local port (``self.port``)."""

    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.closed = True
        self.listener.close()


def swisstui_command() -> str:
    """The installed console script, as the arbiter starts it (not ``python -m``, which adds the folder)."""
    script = Path(sys.executable).parent / "swisstui"
    assert script.is_file(), f"{script} missing: install swisstui into this environment (python3 dev.py setup)"
    return str(script)


def start_serving(args: list[str], cwd: Path, timeout: float = 30) -> tuple[subprocess.Popen, str]:
    """Start ``swisstui serve ARGS`` in ``cwd``; return the process and the address with the token it printed."""
    proc = subprocess.Popen([swisstui_command(), "serve", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + timeout
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(r"http://\S+\?token=\S+", line)
        if found:
            return proc, found.group(0)
    proc.kill()
    proc.wait()
    err = proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    if "address already in use" in err.lower() and "--port" in args:
        raise PortTaken(err.strip())
    raise AssertionError(f"swisstui serve printed no address: {''.join(lines)} {err}")


def serve_on_a_free_port(args: list[str], cwd: Path, timeout: float = 30) -> tuple[subprocess.Popen, str, int]:
    """``start_serving([*args, "--port", PORT])`` on a port found free; the process, its address and the port.

    A port found free (bound and closed again) can be taken by another process, a test running
    beside this one or another program, before the server binds it; the server then stops at
    once with the port named ('127.0.0.1:PORT: Address already in use'), and another port is tried.
    """
    tried = []
    for _ in range(5):
        port = free_port()
        try:
            proc, address = start_serving([*args, "--port", str(port)], cwd=cwd, timeout=timeout)
        except PortTaken as err:
            tried.append(str(err))
            continue
        return proc, address, port
    raise AssertionError(f"swisstui serve found no free port: {tried}")


class PortTaken(AssertionError):
    """The server stopped because its port was taken between choosing it and binding it."""


def stop(proc: subprocess.Popen) -> str:
    """Stop a server started by :func:`start_serving`; return what it wrote on standard error."""
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err
