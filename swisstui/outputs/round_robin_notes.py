"""The notes under a round robin's cross-table: the place where the event's outputs say what the table cannot.

How a withdrawn player's games were handled (results kept, or annulled when fewer than half
were played; the games left forfeited or not played) is the event regulations' choice, named
in the settings (issue 32, section 2). The module that applies that choice gives its wording
(``engine.awards.roundrobin_results.notes``); this module only gathers the lines, in order, and
invents none. Each source reads the event as it stood after the table's round, so a table
published again for an earlier round says what was known then.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.awards.roundrobin_results import notes
from swisstui.store.event import Event

NoteSource = Callable[[Event, int], list[str]]
"""A source of lines: the event and the round the table is after."""


def withdrawal_notes(event: Event, after_round: int) -> list[str]:
    """The regulations' choices for withdrawals and absences, then each withdrawal and absence up to
    ``after_round`` and what it became (FIDE Tournament Rules art. 5.4, Laws of Chess art. 6.7.1)."""
    return list(notes(event.to_tournament(through_round=after_round)))


SOURCES: list[NoteSource] = [withdrawal_notes]
"""Functions that each give lines for the notes under the cross-table, in the order shown."""


def round_robin_notes(event: Event, after_round: int | None = None) -> list[str]:
    """Every line the sources give for ``event`` after ``after_round`` (default: the last paired round),
    in the order the sources are listed."""
    n = event.rounds_paired if after_round is None else after_round
    return [line for source in SOURCES for line in source(event, n)]
