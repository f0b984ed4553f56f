"""Running the pairing engine in a child Python process.

A pure-Python pairing of hundreds of players holds the interpreter lock for
seconds at a time; run in the application's process (even in a thread) it
would freeze the screen. A plain subprocess, not :mod:`multiprocessing`: it
inherits no threads or redirected streams of a running user interface, and
it can be killed when the arbiter cancels. It starts isolated
(:mod:`swisstui.isolated`): nothing in the arbiter's current folder is imported.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import systems
from engine.result import PairingResult


def pair_and_explain(tournament) -> PairingResult:
    """The engine's pairing with the story an arbiter steps through (the engine tells it)."""
    return systems.pair(tournament)


class PairingProcessError(Exception):
    """The child process failed or was stopped; the text says why, in one line."""


class PairingCancelled(PairingProcessError):
    """The arbiter left the review before the engine finished."""


def _pair_child_main() -> None:
    """Child-process side of :func:`pair_in_child`: event text on stdin, pickled outcome on stdout."""
    import pickle
    import sys

    from swisstui import store

    try:
        event = store.loads(sys.stdin.buffer.read().decode("utf-8"), path="<pairing>")
        outcome = ("ok", pair_and_explain(event.to_tournament()))
    except Exception as exc:  # every failure goes back to the parent, which reports it
        outcome = ("error", exc)
    sys.stdout.buffer.write(pickle.dumps(outcome))
    sys.stdout.flush()


def pair_in_child(event_text: str, cancelled: Callable[[], bool] | None = None) -> PairingResult:
    """Pair the next round of the event written as ``event_text`` in a child Python process.

    ``cancelled`` is polled; when it turns true the child is killed and
    :class:`PairingCancelled` raised.
    """
    import pickle
    import subprocess
    import tempfile

    from swisstui.isolated import python_argv

    # The event goes in through a file, not a pipe: the child reads it whole at once, and the
    # parent only waits for output, so no size of event can leave the two waiting on each other.
    with tempfile.TemporaryFile() as source:
        source.write(event_text.encode("utf-8"))
        source.seek(0)
        child = subprocess.Popen(
            python_argv("from swisstui.pairing_process import _pair_child_main; _pair_child_main()"),
            stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
    data: bytes | None = None
    errors = b""
    try:
        while data is None:
            if cancelled is not None and cancelled():
                raise PairingCancelled("pairing cancelled")
            try:
                data, errors = child.communicate(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass  # retrying communicate loses no output
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    if child.returncode != 0 or not data:
        last = errors.decode("utf-8", "replace").strip().splitlines()[-1:] or [f"exit code {child.returncode}"]
        raise PairingProcessError(f"the pairing process failed: {last[0]}")
    kind, payload = pickle.loads(data)
    if kind == "error":
        raise payload
    return payload
