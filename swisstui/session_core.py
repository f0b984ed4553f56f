"""What every operation of a session stands on: the event file it holds and the one way it changes it.

:class:`swisstui.actions.Session` is put together from operations by subject (players,
history, settings, pairing and results); each part subclasses :class:`SessionCore`, so the
state they share (the event, its file, the proposal, who acts) is declared once, here, and a
type checker checks each part on its own.
"""

from __future__ import annotations

import datetime as dt
import getpass
import os
from collections.abc import Callable
from pathlib import Path

from swisstui.store import event as ev
from swisstui import store
from swisstui.action_errors import store_errors
from swisstui.proposal import Proposal
from swisstui.revision_cache import FindingsCache, TournamentCache


class SessionCore:
    """One event file open: its last state read or written, and the pairing proposed, not yet published."""

    def __init__(self, path: Path, event: ev.Event, file: store.EventFile | None = None,
                 arbiter: str = "") -> None:
        self.path = Path(path)
        self.event = event
        self.file = file or store.EventFile(self.path)
        self.proposal: Proposal | None = None
        self._tournament = TournamentCache()  # built once per revision: every screen draws from it
        self._findings = FindingsCache()  # the validator's, once per pairing (a hand edit is another)
        # Who makes the changes, as the history keeps them: the name chosen at start, else the OS user.
        self.arbiter = arbiter.strip() or default_arbiter()

    def _change(self, fn: Callable[[ev.Event], object], action: str = "change", round_number: int | None = None) -> None:
        """Apply ``fn`` to the freshest event on disk and save it, under the store's lock.

        The change goes into the event's history (:mod:`swisstui.store.history`) with who made
        it and when: as the :class:`~swisstui.store.event.LogEntry` ``fn`` returns, else as ``action``
        with the text ``fn`` returns (a ``str``).
        """
        def apply(event: ev.Event) -> object:
            outcome = fn(event)
            if outcome is store.UNCHANGED:
                return outcome
            if isinstance(outcome, store.history.Record):
                log = outcome.log
                outcome.log = ev.LogEntry(log.action, log.text, log.round, log.by or self.arbiter, log.at or now())
                return outcome
            if isinstance(outcome, ev.LogEntry):
                return ev.LogEntry(outcome.action, outcome.text, outcome.round, outcome.by or self.arbiter,
                                   outcome.at or now())
            text = outcome if isinstance(outcome, str) else ""
            return ev.LogEntry(action, text, round_number, self.arbiter, now())

        self._tournament.forget()  # ``fn`` changes the event in place: nothing built from it mid-change is kept
        with store_errors(self.path):
            try:
                self.event = self.file.update(apply)
            except BaseException:
                self._tournament.forget()
                self._reload_quietly()
                raise

    def _reload_quietly(self) -> None:
        """After a refused change, show the file as it is (a change refused because someone else's
        stands must show theirs); a file that no longer loads is reported by the next action."""
        try:
            self.event = self.file.load()
        except (store.EventFileError, OSError):
            pass

    def _log(self, event: ev.Event, action: str, text: str, round_number: int | None = None) -> ev.LogEntry:
        """Keep the action in the event's log (the actions the rules want justified); returns the entry."""
        entry = ev.LogEntry(action=action, text=text, round=round_number, by=self.arbiter, at=now())
        event.log.append(entry)
        return entry


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


def default_arbiter() -> str:
    """Who changes the event when no name was chosen at start: ``SWISSTUI_ARBITER``, else the OS user."""
    name = os.environ.get("SWISSTUI_ARBITER", "").strip()
    if name:
        return name
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container)
        return f"uid {os.getuid()}" if hasattr(os, "getuid") else "unknown"
