"""Which tie-break codes an event's list may hold: the individual ones of C.07 art. 6-11 for an event of
players, the team ones of art. 12-13 (and art. 6-9 on a team's score, ``BH:GP/C1``) for an event of teams.

One check for the event file, the settings screen and ``swisstui new``/``settings``, so that the three
accept and refuse the same codes with the same reason, the engine's
(:func:`engine.tiebreaks.team_spec.parse_team`, :func:`engine.tiebreaks.misplaced`).
"""

from __future__ import annotations

from engine import systems
from engine.model.catalogue import is_round_robin
from engine.tiebreaks import TieBreakError, misplaced
from engine.tiebreaks import parse as parse_individual
from engine.tiebreaks.team_round_robin import team_misplaced
from engine.tiebreaks.team_spec import parse_team
from swisstui.language import _


def is_team_system(system: str) -> bool:
    """Whether the catalogue's entry ``system`` pairs teams (an unknown id is an individual event here)."""
    info = systems.find(system)
    return info is not None and info.unit is systems.Unit.TEAM


def written_code(code: str, system: str) -> str:
    """``code`` in its written form if C.07 allows it in an event paired by ``system``; else
    :class:`TieBreakError` with the reason (e.g. a rating tie-break in a team event: art. 10 rates players,
    and C.07 defines no team rating; Koya outside a round robin: art. 9.2)."""
    if is_team_system(system):
        team = parse_team(code)
        wrong = team_misplaced(team, is_round_robin(system))  # the Buchholz family in a team round robin (art. 8)
        if wrong is not None:
            raise TieBreakError(wrong)
        return team.code
    tb = parse_individual(code)
    wrong = misplaced(tb, is_round_robin(system))
    if wrong is not None:
        raise TieBreakError(wrong)
    return tb.code


def written_codes(text: str | list[str] | tuple[str, ...], system: str) -> tuple[str, ...]:
    """A whole list (``"EDE,MPvGP,BH:GP"`` or its items), each code as :func:`written_code` writes it;
    ``PTS``, the score itself, is no tie-break and is left out, as the team list's parser leaves it."""
    items = [c.strip() for c in (text.split(",") if isinstance(text, str) else text)]
    if isinstance(text, str) and text.strip() and not all(items):
        raise TieBreakError(_("empty entry in tie-break list {text}").format(text=repr(text)))
    return tuple(written_code(c, system) for c in items if c and c.upper() not in ("PTS", "MPTS", "GPTS"))
