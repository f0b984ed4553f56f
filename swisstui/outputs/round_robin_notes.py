"""The notes under a round robin's cross-table: the place where the event's outputs say what the table cannot.

How a withdrawn player's games were handled (results kept, or annulled when fewer than half
were played; the games left forfeited or not played) is the event regulations' choice, named
in the settings (issue 32, section 2). The module that applies that choice gives its wording
here; this module only gathers the lines, in order, and invents none.
"""

from __future__ import annotations

from collections.abc import Callable

from swisstui.store.event import Event

NoteSource = Callable[[Event], list[str]]

SOURCES: list[NoteSource] = []
"""Functions that each give lines for the notes under the cross-table (none yet: the withdrawal
rules add theirs when they are written)."""


def round_robin_notes(event: Event) -> list[str]:
    """Every line the sources give for ``event``, in the order the sources are listed."""
    return [line for source in SOURCES for line in source(event)]
