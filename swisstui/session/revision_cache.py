"""What the session works out from the event once per revision of the file, not once per redraw.

Every screen draws from the engine's :class:`~engine.model.Tournament`, and the review from the
validator's findings on the proposal, each time it is drawn again (after every key). Both
depend only on what they are made from, so they are kept for as long as that stays the same:

- the Tournament, for as long as the session holds the same :class:`~swisstui.store.event.Event`
  object at the same revision. The session's event changes only by a change to the file,
  which gives it a new revision (a result key) or a new object (a reload, any other change);
  and the cache holds the object it was made from, so that its identity cannot be reused;
- the findings on a pairing, by the pairing itself (round, boards in order, bye) and the
  Tournament and engine result it was checked against: a board changed by hand is another
  pairing and is validated anew; a new revision gives a new Tournament, and everything found
  before it is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.model.tournament import RoundPairing, Tournament
from swisstui.store.event import Event

KEPT_FINDINGS = 32
"""Pairings whose findings are kept per Tournament: the review's, and those an edit dialog checked."""


class TournamentCache:
    """The Tournament of one event object at one revision."""

    def __init__(self) -> None:
        self._event: Event | None = None
        self._revision = -1
        self._tournament: Tournament | None = None

    def of(self, event: Event) -> Tournament:
        if self._tournament is None or self._event is not event or self._revision != event.revision:
            self._tournament = event.to_tournament()
            self._event, self._revision = event, event.revision
        return self._tournament

    def forget(self) -> None:
        """Drop it: the event is about to be changed in place (a change under way, or one that failed)."""
        self._event, self._revision, self._tournament = None, -1, None


class FindingsCache:
    """The validator's findings on each pairing checked against one Tournament and one engine result."""

    def __init__(self) -> None:
        self._against: tuple[Tournament, object] | None = None
        self._found: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def of(self, t: Tournament, reference: object, pairing: RoundPairing,
           validate: Callable[[Tournament, RoundPairing], list]) -> list:
        """The findings on ``pairing``; ``validate(t, pairing)`` runs only for a pairing not checked yet."""
        if self._against is None or self._against[0] is not t or self._against[1] is not reference:
            self._against, self._found = (t, reference), {}
        key = (pairing.round, pairing.boards, pairing.bye)
        if key not in self._found:
            if len(self._found) >= KEPT_FINDINGS:
                self._found.pop(next(iter(self._found)))
            self._found[key] = tuple(validate(t, pairing))
        return list(self._found[key])
