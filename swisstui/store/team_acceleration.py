"""Baku acceleration (C.04.7 art. 1) as a team event announces it: which settings allow it, and the table.

The individual Swiss keeps its table per player (``Settings.accelerations``); a team event is paired
on teams, so its table is the team model's ``virtual`` (virtual match points by team pairing number),
computed each time from the event by :func:`engine.systems.team.acceleration.baku`, never stored: it
follows from the teams paired in round 1 and the number of rounds, which the event file holds.

C.04.7 art. 1.4 allows the method for team events; its note 1.4.4 rules it out when game points are
the primary score (C.04.6 art. 1.2). A custom table (``custom``) is a table of players' points and
says nothing of teams, so a team event takes Baku or none.
"""

from __future__ import annotations

from fractions import Fraction

from engine.model import acceleration as methods
from engine.model.catalogue import TEAM_SCORE, Unit, find
from engine.model.team_tournament import Score, TeamTournament
from engine.model.tournament import Settings
from engine.systems.team.acceleration import baku
from swisstui.language import _

GAME_POINTS_FIRST = ("Baku acceleration needs match points as the primary score: C.04.7 art. 1.4.4 rules it "
                     "out with game points first")


def check_team_acceleration(settings: Settings) -> None:
    """``ValueError`` naming the article when ``settings`` announce an acceleration a team event cannot have;
    nothing for an individual event (its own checks apply)."""
    info = find(settings.system)
    if info is None or info.unit is not Unit.TEAM or settings.acceleration == methods.NONE:
        return
    if settings.acceleration != methods.BAKU:
        raise ValueError(_("a team event takes Baku acceleration or none (C.04.7 art. 1.4), not {acceleration}: a "
                           "custom table gives players virtual points, not teams").format(
                acceleration=repr(settings.acceleration)))
    if Score(TEAM_SCORE.value(settings)) is Score.GAME:
        raise ValueError(GAME_POINTS_FIRST)


def team_virtual_points(settings: Settings, round_one: TeamTournament) -> dict[int, tuple[Fraction, ...]]:
    """The virtual match points of each team, round by round (C.04.7 art. 1.4), when the event announced
    Baku acceleration; none otherwise. ``round_one`` is the event as it stood before round 1 (its
    ``absent_next`` the teams not paired then, art. 1.2)."""
    if settings.acceleration != methods.BAKU:
        return {}
    check_team_acceleration(settings)
    return baku(round_one)
