"""What every operation of a session stands on: the event file it holds and the one way it changes it.

:class:`swisstui.session.actions.Session` is this core and its services, one per subject
(``session.players``, ``.settings``, ``.history``, ``.pairing``, ``.results``). Each service is a
:class:`Service` on the one core: the state they share (the event, its file, the proposal, who
acts, the revision caches) is held once, here, every change goes through :meth:`SessionCore._change`,
and a type checker checks each service on its own.
"""

from __future__ import annotations

import datetime as dt
import getpass
import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from swisstui.store import event as ev
from swisstui import store
from engine.model.tournament import Tournament
from swisstui.language import _
from swisstui.session.action_errors import ActionError, store_errors
from swisstui.session.outcome import Changed, Unchanged
from swisstui.session.proposal import Proposal
from swisstui.session.team_proposal import TeamProposal
from swisstui.session.revision_cache import FindingsCache, TournamentCache

T = TypeVar("T")


class SessionCore:
    """One event file open: its last state read or written, and the pairing proposed, not yet published."""

    def __init__(self, path: Path, event: ev.Event, file: store.EventFile | None = None,
                 arbiter: str = "") -> None:
        self.path = Path(path)
        self.event = event
        self.file = file or store.EventFile(self.path)
        self.proposal: Proposal | None = None
        self.team_proposal: TeamProposal | None = None  # a team round proposed, not yet stored
        self._tournament = TournamentCache()  # built once per revision: every screen draws from it
        self._findings = FindingsCache()  # the validator's, once per pairing (a hand edit is another)
        # Who makes the changes, as the history keeps them: the name chosen at start, else the OS user.
        self.arbiter = arbiter.strip() or default_arbiter()

    @property
    def total_rounds(self) -> int:
        return self.event.settings.rounds

    @property
    def current_round(self) -> int:
        """The last paired round (0 before round 1)."""
        return self.event.rounds_paired

    def round_record(self, number: int) -> ev.RoundRecord | None:
        return self.event.round(number)

    def results_in(self, number: int) -> tuple[int, int]:
        """(boards with a result, boards) of round ``number``; a round of matches counts its games (C.04.5)."""
        rnd = self.round_record(number)
        if rnd is None:
            return 0, 0
        games = [g for m in rnd.matches for g in m.games]
        return sum(1 for b in rnd.boards if b.result) + sum(1 for g in games if g.result), len(rnd.boards) + len(games)

    def tournament(self) -> Tournament:
        """The engine's snapshot of the event, built once per revision (screens ask for it on every redraw).

        Shared by every caller: a Tournament is immutable.
        """
        return self._tournament.of(self.event)

    def _change(self, fn: Callable[[ev.Event], object], action: str = "change",
                round_number: int | None = None) -> Changed[None] | Unchanged:
        """Apply ``fn`` to the freshest event on disk and save it, under the store's lock.

        The change goes into the event's history (:mod:`swisstui.store.history`) with who made
        it and when: as the :class:`~swisstui.store.event.LogEntry` ``fn`` returns, else as ``action``
        with the text ``fn`` returns (a ``str``). Returns the change made, with that line, or
        :class:`Unchanged` when ``fn`` found nothing to change (``store.UNCHANGED``: nothing written).
        """
        said: list[str] = []

        def apply(event: ev.Event) -> object:
            outcome = fn(event)
            if outcome is store.UNCHANGED:
                return outcome
            if isinstance(outcome, store.history.Record):
                log = outcome.log
                outcome.log = ev.LogEntry(log.action, log.text, log.round, log.by or self.arbiter, log.at or now())
                said.append(log.text)
                return outcome
            if isinstance(outcome, ev.LogEntry):
                said.append(outcome.text)
                return ev.LogEntry(outcome.action, outcome.text, outcome.round, outcome.by or self.arbiter,
                                   outcome.at or now())
            text = outcome if isinstance(outcome, str) else ""
            said.append(text)
            return ev.LogEntry(action, text, round_number, self.arbiter, now())

        self._tournament.forget()  # ``fn`` changes the event in place: nothing built from it mid-change is kept
        with store_errors(self.path):
            try:
                self.event = self.file.update(apply)
            except BaseException:
                self._tournament.forget()
                self._reload_quietly()
                raise
        if not said:
            return Unchanged(self.event.revision)
        return Changed(None, self.event.revision, said[-1])

    @staticmethod
    def _made(outcome: Changed[None] | Unchanged, value: T) -> Changed[T]:
        """The change an operation that always changes the event made, holding what it returns.

        Its ``fn`` never returns ``store.UNCHANGED``; should it one day, the arbiter hears that
        nothing was changed rather than a change that was not made.
        """
        if isinstance(outcome, Unchanged):
            raise ActionError(_("nothing to change: the event already holds it"))
        return Changed(value, outcome.revision, outcome.said)

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


class Service:
    """One subject's operations (players, settings, ...) on the session's one core.

    The operations read and change the event as the core holds it: ``self.event``,
    ``self._change`` and the rest are the core's, so that two services never hold two
    copies of the event, and a service's method reads as it did when it was part of the session.
    """

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    @property
    def event(self) -> ev.Event:
        return self._core.event

    @property
    def path(self) -> Path:
        return self._core.path

    @property
    def file(self) -> store.EventFile:
        return self._core.file

    @property
    def arbiter(self) -> str:
        return self._core.arbiter

    @property
    def proposal(self) -> Proposal | None:
        return self._core.proposal

    @proposal.setter
    def proposal(self, proposal: Proposal | None) -> None:
        self._core.proposal = proposal

    @property
    def fide_mode(self) -> bool:
        return bool(self._core.event.fide_mode)

    @property
    def _findings(self) -> FindingsCache:
        return self._core._findings

    @property
    def total_rounds(self) -> int:
        return self._core.total_rounds

    @property
    def current_round(self) -> int:
        return self._core.current_round

    def results_in(self, number: int) -> tuple[int, int]:
        return self._core.results_in(number)

    def tournament(self) -> Tournament:
        return self._core.tournament()

    def _change(self, fn: Callable[[ev.Event], object], action: str = "change",
                round_number: int | None = None) -> Changed[None] | Unchanged:
        return self._core._change(fn, action, round_number)

    def _made(self, outcome: Changed[None] | Unchanged, value: T) -> Changed[T]:
        return self._core._made(outcome, value)

    def _log(self, event: ev.Event, action: str, text: str, round_number: int | None = None) -> ev.LogEntry:
        return self._core._log(event, action, text, round_number)


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
