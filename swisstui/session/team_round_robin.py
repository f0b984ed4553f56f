"""A team round robin's numbers before round 1 (``session.team_round_robin``): drawn by lot, or kept.

C.05 leaves a round robin's pairing numbers to a drawing of lots, and a league of clubs is no
different: the teams' numbers (TPN, C.04.6(2026) art. 1.1) are drawn from a seed the event's log
records, so the draw can be repeated and shown, as the players' are in a round robin of players
(``session.players.draw_numbers``). Either way the event's rounds become the table's for the number
of teams (C.05 Annex 1). The players keep their numbers: the rosters name them.
"""

from __future__ import annotations

from dataclasses import replace

from engine import systems
from engine.systems.roundrobin import numbers
from swisstui.language import _
from swisstui.session.action_errors import ActionError
from swisstui.session.core import Service
from swisstui.session.outcome import Changed
from swisstui.store import event as ev


def _table_rounds(event: ev.Event) -> int:
    """The rounds the table gives the event's teams; refused for an event that is not a team round robin."""
    info = systems.find(event.settings.system)
    rounds = None if info is None or info.unit is not systems.Unit.TEAM else info.rounds_for(len(event.teams))
    if event.team is None or rounds is None:
        raise ActionError(_("team numbers are drawn by lot in a team round robin; a team Swiss numbers its "
                            "teams by strength (C.04.6 art. 1.1: swisstui team EVENT order)"))
    if event.rounds_paired:
        raise ActionError(_("the team numbers are settled before round 1 is paired: the schedule follows them"))
    return rounds


def _renumber(event: ev.Event, drawn: dict[int, int]) -> None:
    """Give every team its new number; the absences announced before round 1 follow their teams."""
    for team in event.teams:
        team.id = drawn[team.id]
    event.teams.sort(key=lambda t: t.id)
    for rnd in event.rounds:
        rnd.team.absent = sorted(drawn.get(t, t) for t in rnd.team.absent)


class TeamRoundRobinService(Service):
    """The draw of a team round robin's numbers (``session.team_round_robin``)."""

    def draw_numbers(self, seed: int) -> Changed[dict[int, int]]:
        """Draw the teams' numbers by lot from ``seed`` (the same teams and seed give the same numbers), make
        the event's rounds the table's, and keep the seed with the numbers in the log (old -> new)."""
        mapping: dict[int, int] = {}

        def apply(event: ev.Event) -> ev.LogEntry:
            rounds = _table_rounds(event)
            try:
                drawn = numbers.draw_by_lot([t.id for t in event.teams], seed)
            except ValueError as err:  # fewer than 3 or more than 24 teams: outside the tables
                raise ActionError(str(err).replace("players", "teams")) from None
            _renumber(event, drawn)
            mapping.update(drawn)
            moved = ", ".join(f"{old}->{new}" for old, new in sorted(drawn.items()))
            note = f"; rounds {event.settings.rounds} -> {rounds}" if event.settings.rounds != rounds else ""
            event.settings = replace(event.settings, rounds=rounds)
            return self._log(event, "team-draw", f"seed {seed}: {moved}{note}", 1)

        return self._made(self._change(apply, "team-draw", 1), mapping)

    def keep_numbers(self) -> Changed[dict[int, int]]:
        """Keep the numbers the teams were registered with (the arbiter held the draw), checked to be 1..N
        once each; the event's rounds made the table's and the choice kept in the log."""

        def apply(event: ev.Event) -> ev.LogEntry:
            rounds = _table_rounds(event)
            ids = [t.id for t in event.teams]
            try:
                numbers.given(ids, {tid: tid for tid in ids})
            except ValueError as err:
                raise ActionError(str(err).replace("players", "teams").replace("player", "team")) from None
            note = f"; rounds {event.settings.rounds} -> {rounds}" if event.settings.rounds != rounds else ""
            event.settings = replace(event.settings, rounds=rounds)
            return self._log(event, "team-numbers", f"given by the arbiter, kept: 1-{len(ids)}{note}", 1)

        made = self._change(apply, "team-numbers", 1)
        return self._made(made, {t.id: t.id for t in self.event.teams})
