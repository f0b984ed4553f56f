"""The event's history as the arbiter sees it, undoing the last changes, and un-publishing a round.

:class:`HistoryService` is the session's service (``session.history``) that reads the
history kept beside the event (:mod:`swisstui.store.history`: every change, who made it and
when, value by value) and takes changes back. Undo reaches back to the last published round
and no further: a round once published was printed and announced, so taking back its
pairing is its own act, :meth:`HistoryService.unpublish`, allowed only while none of
its results is in. Both are done under the event's lock against the file as it is, and
refused, naming the value, where someone changed since what they would take back.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from swisstui.store import event as ev
from swisstui import store
from swisstui.language import _
from swisstui.session.core import Service
from swisstui.session.action_errors import ActionError
from swisstui.session.outcome import Changed
from swisstui.store import history
from swisstui.store.write import render


@dataclass(frozen=True)
class HistoryLine:
    """One change as the history screen lists it."""

    revision: int
    at: dt.datetime | None
    by: str
    action: str
    text: str
    round: int | None
    undone: bool  # taken back by a later undo
    undoes: int | None  # for an undo: the revision it took back


def history_lines(records: Iterable[history.Record]) -> Iterator[HistoryLine]:
    """The records (newest first) as lines, each marked when a later undo took it back.

    An undo is recorded after the change it took back, so reading newest first it is met
    before that change: the lines come one by one, as the records are read.
    """
    undone: set[int] = set()
    for r in records:
        if r.undoes is not None:
            undone.add(r.undoes)
        yield HistoryLine(r.revision, r.log.at, r.log.by, r.log.action, r.log.text, r.log.round,
                          r.revision in undone, r.undoes)


def next_to_undo(records: Iterable[history.Record]) -> history.Record | None:
    """The newest change not yet taken back, if it comes after the last published round.

    Undoes themselves are not undone again (the change they took back can be made again);
    the publication of a round ends the reach of undo (:meth:`HistoryService.unpublish`).
    Records are read newest first, and only as far as the answer.
    """
    undone: set[int] = set()
    for record in records:  # newest first: an undo comes before the change it took back
        if record.undoes is not None:
            undone.add(record.undoes)
            continue
        if record.revision in undone:
            continue
        if record.log.action in ("publish", "unpublish"):
            return None
        return record
    return None


class HistoryPages:
    """The history as the screen lists it, newest first: any stretch of it, parsed when it is shown."""

    def __init__(self, target: Path) -> None:
        self._listing = history.Listing(target)
        self.total = len(self._listing)  # entries in the file, one cut short by a crash included

    def lines(self, start: int, stop: int) -> list[HistoryLine]:
        """The lines of entries ``start`` to ``stop`` (0 the newest); an entry that does not read is left out."""
        found = (self._listing.entry(i) for i in range(max(0, start), min(stop, self.total)))
        return [HistoryLine(r.revision, r.log.at, r.log.by, r.log.action, r.log.text, r.log.round,
                            r.revision in self._listing.undone, r.undoes) for r in found if r is not None]


class HistoryService(Service):
    """``session.history``: the changes recorded, and taking them back."""

    def lines(self) -> list[HistoryLine]:
        """Every recorded change of the event, newest first."""
        pages = self.pages()
        return pages.lines(0, pages.total)

    def pages(self) -> HistoryPages:
        """The recorded changes, newest first, read as they are asked for (a whole event's history is
        thousands of entries, and a screen shows a few dozen)."""
        return HistoryPages(self.file.target)

    def stamp(self) -> object:
        """Changes whenever the history does (a change recorded here or by another arbiter)."""
        return history.stamp(self.file.target)

    def undo_candidate(self) -> HistoryLine | None:
        """The change :meth:`undo` would take back now (as this session last read the history)."""
        record = next_to_undo(history.read(self.file.target))
        return next(history_lines([record])) if record is not None else None

    def undo(self, revision: int) -> Changed[HistoryLine]:
        """Take back the change that wrote ``revision``, which must still be the last one undo reaches.

        Decided under the lock against the file and its history as they are: when another
        arbiter changed something since, or a value the change wrote was changed since,
        nothing is written and the refusal says what.
        """
        taken: list[history.Record] = []

        def apply(event: ev.Event) -> history.Record:
            record = next_to_undo(history.read(self.file.target))
            if record is None:
                raise ActionError(_("nothing to undo since the last published round (un-publish the round first)"))
            if record.revision != revision:
                raise ActionError(_("the last change is now {change} (made meanwhile): nothing was undone").format(
                    change=_said(record)))
            try:
                doc = history.revert(store.document(event), record.changes)
            except history.UndoConflict as err:
                raise ActionError(_("cannot undo {change}: {reason}").format(
                        change=_said(record), reason=err)) from None
            _replace(event, store.loads(render(doc), path=f"{self.path} (undone)"))
            self._log(event, "undo", _said(record), record.log.round)
            taken.append(record)
            return history.Record(ev.LogEntry("undo", _said(record), record.log.round), 0, undoes=record.revision)

        return self._made(self._change(apply), next(history_lines(taken)))

    def restore_backup(self) -> Changed[str]:
        """Make the event what ``EVENT.toml.bak`` (the file before the last save) holds, as a change of its own.

        Copying the backup over the file by hand takes the revision back, so the next saves reuse
        revision numbers the history already has, and a result restored so reads as undone. Here
        the revision goes on from the file's, and the history records the restore with every value
        it changed: ``u`` in the history takes it back like any other change.
        """
        backup = store.backup_path(self.file.target)
        said: list[str] = []

        def apply(event: ev.Event) -> ev.LogEntry:
            if not backup.exists():
                raise ActionError(_("{file}: no backup beside the event (it is made by the first save)").format(
                    file=backup.name))
            try:
                old = store.load(backup)
            except store.EventFileError as err:
                raise ActionError(_("the backup does not load: {problem}").format(problem=err)) from None
            if _without_revision(old) == _without_revision(event):
                raise ActionError(_("{file} holds what the event holds already: nothing to restore").format(
                    file=backup.name))
            text = f"{backup.name} (revision {old.revision}) restored over revision {event.revision}"
            _replace(event, old)
            said.append(text)
            self._log(event, "restore", text)
            return ev.LogEntry("restore", text)

        return self._made(self._change(apply), said[0])

    def can_unpublish(self) -> str:
        """Why the latest round cannot be un-published now, or ``""`` when it can."""
        return _unpublish_refusal(self.event)

    def unpublish(self) -> Changed[int]:
        """Take back the pairing of the latest round (none of its results in): it can be paired again.

        The event becomes what it was before the round was published, with what was done since
        done as if the round had not been (:func:`_as_before_publication`). Requests made for the
        round before it was paired stay; the log keeps that it happened.
        """
        number: list[int] = []

        def apply(event: ev.Event) -> ev.LogEntry:
            refusal = _unpublish_refusal(event)
            if refusal:
                raise ActionError(refusal)
            k = event.rounds_paired
            _as_before_publication(event, k, _since_publication(self.file.target, k))
            number.append(k)
            return self._log(event, "unpublish", f"round {k}: its pairing taken back, no result was in", k)

        made = self._change(apply)
        self.proposal = None
        return self._made(made, number[0])


def _since_publication(target: Path, k: int) -> list[history.Record] | None:
    """The records of the publication of round ``k`` and of every change after it, newest first
    (None when the history does not hold that publication: a file written by hand or imported)."""
    records = []
    for record in history.read(target):
        records.append(record)
        if record.log.action == "publish" and record.log.round == k:
            return records
    return None


def _as_before_publication(event: ev.Event, k: int, since: list[history.Record] | None) -> None:
    """Take back the publication of round ``k``, and what it made of the changes since.

    - The pairing goes: boards, the pairing-allocated bye, the hand changes, the flag.
    - A player withdrawn since withdrew after round ``k`` - 1: round ``k`` was the last one
      paired, and it is not paired now.
    - A player registered since scored the rounds already paired as missed, round ``k`` with
      them (C.04.2 art. 2.4); now that it is not paired, they are paired in it.
    - The round's record goes when the publication made it and nothing else is in it.
    """
    rnd = event.recorded_round(k)
    rnd.boards, rnd.bye, rnd.published, rnd.changes = [], None, False, []
    for p in event.players:
        if p.withdrawn and p.withdrawn_after == k:
            p.withdrawn_after = k - 1
    if since is None:
        return  # without the history, who registered since is not known: their requests stay
    registered = {part[1] for record in since[:-1] for change in record.changes
                  if len(change.path) == 2 and change.path[0] == "players" and change.old is history.ABSENT
                  and isinstance(part := change.path[1], tuple)}
    for p in event.players:
        if p.entry in registered:
            rnd.requests.pop(p.id, None)
    made = any(change.path == ("rounds", ("number", k)) and change.old is history.ABSENT
               for change in since[-1].changes)
    if made and not rnd.requests and rnd.date is None:
        event.rounds.remove(rnd)


def _unpublish_refusal(event: ev.Event) -> str:
    k = event.rounds_paired
    if not k:
        return _("no round is published")
    results = sum(1 for b in event.recorded_round(k).boards if b.result)
    if results:
        return _("round {round} has {count} result(s) in: a round is un-published only before any result").format(
            round=k, count=results)
    return ""


def _said(record: history.Record) -> str:
    return f"{record.log.action} ({record.log.text})" if record.log.text else record.log.action


def _without_revision(event: ev.Event) -> dict:
    """The event's document without its revision (two saves of the same event differ only there)."""
    doc = store.document(event)
    doc["event"] = {k: v for k, v in doc["event"].items() if k != "revision"}
    return doc


def _replace(event: ev.Event, other: ev.Event) -> None:
    """Make ``event`` hold what ``other`` holds (the locked update writes the event it was given)."""
    revision = event.revision
    for f in dataclasses.fields(ev.Event):
        setattr(event, f.name, getattr(other, f.name))
    event.revision = revision
