"""The catalogue's entry points of the FIDE Swiss system for teams: ``pair_team`` pairs a team tournament;
``pair``, the individual systems' shape, refuses a tournament of players.

A team event is paired as a :class:`engine.model.team_tournament.TeamTournament` (the teams, their
rosters and their matches), never as the players' :class:`engine.model.tournament.Tournament`:
the application builds the one its catalogue entry's ``unit`` asks for and calls
:meth:`engine.model.catalogue.SystemInfo.pair_teams`, so the individual systems' path stays as it was.
"""

from __future__ import annotations

from engine.model.catalogue import SystemNotAvailable
from engine.model.result import PairingResult, Progress
from engine.model.tournament import Tournament


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Refused: C.04.6 pairs teams, and a tournament of players holds no team (pair it with ``pair_team``)."""
    raise SystemNotAvailable(f"{tournament.name or 'this event'}: the FIDE Swiss system for teams pairs teams, "
                             "not players: register the teams and pair the event as a team event")
