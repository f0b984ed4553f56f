"""The catalogue's entry points of the FIDE Swiss system for teams: ``pair_team`` pairs a team tournament;
``pair``, the individual systems' shape, refuses a tournament of players.

A team event is paired as a :class:`engine.model.team_tournament.TeamTournament` (the teams, their
rosters and their matches), never as the players' :class:`engine.model.tournament.Tournament`:
the application builds the one its catalogue entry's ``unit`` asks for and calls
:meth:`engine.model.catalogue.SystemInfo.pair_teams`, so the individual systems' path stays as it was.
"""

from __future__ import annotations

from engine.model.catalogue import SystemNotAvailable, TeamPairingMade
from engine.model.explain import TraceEvent
from engine.model.result import PairingResult, Progress
from engine.model.team_tournament import TeamTournament
from engine.model.tournament import Tournament
from engine.systems.team.narrate import explain
from engine.systems.team.pairing import TeamPairing


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Refused: C.04.6 pairs teams, and a tournament of players holds no team (pair it with ``pair_team``)."""
    raise SystemNotAvailable(f"{tournament.name or 'this event'}: the FIDE Swiss system for teams pairs teams, "
                             "not players: register the teams and pair the event as a team event")


def explain_team(event: TeamTournament, pairing: TeamPairingMade) -> tuple[TraceEvent, ...]:
    """The steps of a pairing ``pair_team`` made on ``event`` (:func:`engine.systems.team.narrate.explain`), for
    the catalogue's :meth:`~engine.model.catalogue.SystemInfo.explain_teams`: the app reaches it by the entry."""
    if not isinstance(pairing, TeamPairing):
        raise TypeError(f"explain_team explains the pairings pair_team makes, not a {type(pairing).__name__}")
    return explain(event, pairing)
