"""The FIDE Swiss system for teams (C.04.6, 2026): ``pair_team(team_tournament)``, ``explain_team(event, pairing)``."""

from engine.systems.team.entry import explain_team, pair
from engine.systems.team.pairing import NoTeamPairing, TeamBracket, TeamMatch, TeamPairing, pair_team

__all__ = ["NoTeamPairing", "TeamBracket", "TeamMatch", "TeamPairing", "explain_team", "pair", "pair_team"]
