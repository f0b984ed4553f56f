"""Running the pairing engine in a child Python process.

A pure-Python pairing of hundreds of players holds the interpreter lock for
seconds at a time; run in the application's process (even in a thread) it
would freeze the screen. A plain subprocess, not :mod:`multiprocessing`: it
inherits no threads or redirected streams of a running user interface, and
it can be killed when the arbiter cancels. It starts isolated
(:mod:`swisstui.session.isolated`): nothing in the arbiter's current folder is imported.

The child is handed the Tournament the session already holds, pickled, not the event file's
text: a fresh child read the TOML and built the Tournament again in 0.12 s of CPU at 300 players
and 0.22 s at 2000, where it unpickles it in 0.02 and 0.05 s, and it no longer imports the event
store at all (``benchmarks/review_start.py`` times `n` to the review's first step). The pickle
only goes from this process to its own child, through an unnamed temporary file.
"""

from __future__ import annotations

import pickle
import queue
import subprocess
import tempfile
import threading
from collections.abc import Callable

from engine import systems
from engine.model.result import PairingResult, Progress
from engine.model.tournament import Tournament
from swisstui.language import _


def pair_and_explain(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """The engine's pairing with the story an arbiter steps through (the engine tells it)."""
    return systems.pair(tournament, progress)


class PairingProcessError(Exception):
    """The child process failed or was stopped; the text says why, in one line."""


class PairingCancelled(PairingProcessError):
    """The arbiter left the review before the engine finished."""


def _pair_child_main(language_code: str = "en") -> None:
    """Child-process side of :func:`pair_in_child`: the pickled Tournament on stdin, pickled messages on stdout.

    Each message is one pickle: ``("progress", k, n)`` as the engine goes, then
    ``("ok", result)`` or ``("error", exception)``. ``language_code`` is the arbiter's: the engine writes
    the review's steps and its refusals here, in the language installed before it pairs (a child starts
    with none but the engine's English).
    """
    import pickle
    import sys

    from swisstui import language  # installs the catalogue's lookups into the engine's wording

    language.set_arbiter_language(language_code)

    out = sys.stdout.buffer

    def tell(k: int, n: int) -> None:
        out.write(pickle.dumps(("progress", k, n)))
        out.flush()

    outcome: tuple[str, PairingResult | Exception]
    try:
        tournament = pickle.load(sys.stdin.buffer)
        outcome = ("ok", pair_and_explain(tournament, tell))
    except Exception as exc:  # every failure goes back to the parent, which reports it
        outcome = ("error", exc)
    out.write(pickle.dumps(outcome))
    out.flush()


def _read_messages(stream, inbox: queue.Queue) -> None:
    """Reader thread: every pickled message of the child into ``inbox``, then ``None`` at the end."""
    try:
        while True:
            inbox.put(pickle.load(stream))
    except (EOFError, pickle.UnpicklingError, OSError, ValueError):
        pass  # the child is gone (or was killed half-way through a message)
    finally:
        inbox.put(None)


def pair_in_child(tournament: Tournament, cancelled: Callable[[], bool] | None = None,
                  progress: Progress | None = None, language_code: str | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` in a child Python process.

    ``cancelled`` is polled; when it turns true the child is killed and
    :class:`PairingCancelled` raised. ``progress`` is called (in this thread)
    with what the engine reports as it goes. ``language_code``: the language the child's engine explains
    the pairing in (default: the arbiter's, the screens' in this process); handed over on its command
    line, as a child inherits no setting of this process and its environment may name another locale.
    """
    from swisstui import language
    from swisstui.session.isolated import python_argv

    code = language.known(language_code or language.arbiter_code())

    # The Tournament goes in through a file, not a pipe: the child reads it whole at once. Its
    # messages are read by a thread of their own and its errors go to a file, so no size of
    # event or of output can leave the two processes waiting on each other.
    with tempfile.TemporaryFile() as source, tempfile.TemporaryFile() as errors:
        pickle.dump(tournament, source, protocol=pickle.HIGHEST_PROTOCOL)
        source.seek(0)
        child = subprocess.Popen(
            python_argv(f"from swisstui.session.pairing_process import _pair_child_main; _pair_child_main({code!r})"),
            stdin=source, stdout=subprocess.PIPE, stderr=errors,
        )
        inbox: queue.Queue = queue.Queue()
        reader = threading.Thread(target=_read_messages, args=(child.stdout, inbox), daemon=True)
        reader.start()
        try:
            outcome = _wait_for_outcome(inbox, cancelled, progress)
        finally:
            if child.poll() is None:
                child.kill()
            child.wait()
            reader.join()
            child.stdout.close()  # type: ignore[union-attr]
        if outcome is None:
            errors.seek(0)
            text = errors.read().decode("utf-8", "replace").strip().splitlines()
            last = text[-1:] or [_("exit code {code}").format(code=child.returncode)]
            raise PairingProcessError(_("the pairing process failed: {reason}").format(reason=last[0]))
    kind, payload = outcome
    if kind == "error":
        raise payload
    result: PairingResult = payload  # what the child pickled: the engine's result
    return result


def _wait_for_outcome(inbox: queue.Queue, cancelled: Callable[[], bool] | None,
                      progress: Progress | None) -> tuple | None:
    """The child's last message (``None`` when it ended without one), passing its progress on."""
    while True:
        if cancelled is not None and cancelled():
            raise PairingCancelled(_("pairing cancelled"))
        try:
            message = inbox.get(timeout=0.1)
        except queue.Empty:
            continue
        if message is None:
            return None
        if message[0] == "progress":
            if progress is not None:
                progress(*message[1:])
            continue
        reply: tuple[object, ...] = message  # the child's last message: its outcome
        return reply
