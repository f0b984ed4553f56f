"""A round robin's operations for the app: its numbers before round 1, the whole schedule, the cross-table.

The numbers are drawn by lot (``players.draw_numbers``, the same operation as ``swisstui draw``) or
kept as the arbiter gave them (:meth:`RoundRobinService.keep_numbers`); either way the event's rounds
become the table's for the field (C.05 Annex 1). The schedule and the cross-table are read from the
event (:mod:`swisstui.outputs.round_robin`): the engine's tables decide every pairing, nothing here does.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine import systems
from engine.systems.roundrobin import numbers
from swisstui.outputs.round_robin import NotDrawn, ScheduledRound, SquareTable, event_schedule, square_table
from swisstui.outputs.round_robin_notes import round_robin_notes
from swisstui.language import _
from swisstui.session.action_errors import ActionError
from swisstui.session.core import Service
from swisstui.session.outcome import Changed
from swisstui.session.pairing_numbers import table_rounds
from swisstui.store import event as ev


class RoundRobinService(Service):
    """What the screens of a round robin read and do (``session.round_robin``)."""

    @property
    def active(self) -> bool:
        """Whether the event's system is a round robin of players (the catalogue's ``cycles``; a team round
        robin numbers, pairs and ranks its teams through ``session.teams`` and ``session.team_round_robin``)."""
        info = systems.find(self.event.settings.system)
        return info is not None and info.round_robin and info.unit is systems.Unit.PLAYER

    def numbers_settled(self) -> bool:
        """Whether the numbers were drawn or kept (the log says so) for the field as it is: a player entered
        or removed since makes the table's rounds differ from the event's, and the draw is to be made again."""
        info = systems.find(self.event.settings.system)
        if info is None or info.unit is not systems.Unit.PLAYER or not any(e.action in ("draw", "numbers") for e in self.event.log):
            return False
        return info.rounds_for(len(self.event.players)) == self.event.settings.rounds

    @staticmethod
    def new_seed() -> int:
        """A fresh seed for a draw by lot, shown to the arbiter before it is used and recorded with the numbers."""
        return numbers.new_seed()

    def schedule(self) -> list[ScheduledRound]:
        """Every round: the rounds paired as the event holds them, the later ones as the table will pair them."""
        try:
            return event_schedule(self.event)
        except NotDrawn as err:
            raise ActionError(str(err)) from None

    def table(self, after_round: int | None = None) -> SquareTable:
        """The square cross-table after ``after_round`` (default: the last paired), with the event's notes."""
        return square_table(self.event, after_round, round_robin_notes(self.event, after_round))

    def keep_numbers(self) -> Changed[dict[int, int]]:
        """Keep the pairing numbers the players have (the arbiter held the draw, or gave them): checked to be
        1..N once each, the event's rounds made the table's, and the choice kept in the log. Before round 1."""

        def apply(event: ev.Event) -> ev.LogEntry:
            rounds = table_rounds(
                event, swiss=_("numbers are kept or drawn in a round robin; a Swiss numbers its players by rating, "
                               "title and name (C.04.2 art. 2.2)"),
                late=_("the numbers are settled before round 1 is paired: the schedule follows them"))
            ids = [p.id for p in event.players]
            try:
                numbers.given(ids, {pid: pid for pid in ids})
            except ValueError as err:  # a field outside the tables, numbers not 1..N
                raise ActionError(str(err)) from None
            note = f"; rounds {event.settings.rounds} -> {rounds}" if event.settings.rounds != rounds else ""
            event.settings = replace(event.settings, rounds=rounds)
            return self._log(event, "numbers", f"given by the arbiter, kept: 1-{len(ids)}{note}", 1)

        made = self._change(apply, "numbers", 1)
        self.proposal = None
        return self._made(made, {p.id: p.id for p in self.event.players})

    def publish_schedule(self) -> tuple[Path, list[Path]]:
        """Write the whole schedule and each round's page into ``EVENT-published/``; refused with the reason."""
        from swisstui.outputs.round_robin_publish import publish_schedule

        target = self.path.with_name(f"{self.path.stem}-published")
        try:
            return target, publish_schedule(self.event, target)
        except (OSError, ValueError) as exc:
            raise ActionError(_("not published: {reason}").format(reason=exc)) from exc
