"""The explanation of a Dubov pairing (placeholder, filled in below)."""

from __future__ import annotations

from engine.explain import Step, TraceEvent


class Story:
    def __init__(self, t, players) -> None:
        self._events: list[TraceEvent] = []

    def bye(self, bye) -> None:
        pass

    def bracket(self, no, score, residents, upfloaters, done) -> None:
        pass

    def colour(self, no, alloc) -> None:
        pass

    def events(self):
        return tuple(self._events)
