"""A team event's tie-break list in the event file: C.07's codes for teams, read and checked.

A team event ranks teams, so its ``settings.tiebreaks`` holds the codes C.07 (2026) gives teams (art.
12-13, and art. 6-9 on a team's match or game points: ``BH:GP/C1``), parsed by
:mod:`engine.tiebreaks.team_spec`; a team round robin refuses the Buchholz family (art. 8) and what is
built of it (:mod:`engine.tiebreaks.team_round_robin`). A code that does not parse or is not allowed
is an error naming the file's line and the list's entry, as for an individual event.
"""

from __future__ import annotations

from typing import Any

from engine.model.catalogue import Unit, find
from engine.tiebreaks import TieBreakError
from engine.tiebreaks.team_round_robin import team_misplaced
from engine.tiebreaks.team_spec import parse_team
from swisstui.store.lines import Path as KeyPath
from swisstui.store.typed import TypedReader


def ranks_teams(system: str, settings: dict[str, Any]) -> bool:
    """Whether the event file's ``settings`` are a team event's (its system pairs teams and it has
    ``[settings.team]``): its tie-breaks are C.07's team codes."""
    info = find(system)
    return info is not None and info.unit is Unit.TEAM and settings.get("team") is not None


def team_tiebreak_list(reader: TypedReader, t: dict[str, Any], where: KeyPath, round_robin: bool) -> tuple[str, ...]:
    """The ordered list of ``t``'s ``tiebreaks`` (C.07 art. 4.1) in their written form; refused entry by entry."""
    codes = []
    for i, code in enumerate(reader.get(t, where, "tiebreaks", "strs", [])):
        try:
            tb = parse_team(code)
        except TieBreakError as exc:
            raise reader.fail(where + ("tiebreaks", i), str(exc)) from None
        wrong = team_misplaced(tb, round_robin)
        if wrong is not None:
            raise reader.fail(where + ("tiebreaks", i), wrong)
        codes.append(tb.code)
    return tuple(codes)
