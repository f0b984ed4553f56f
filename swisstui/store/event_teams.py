"""A team event as the engine's :class:`~engine.model.team_tournament.TeamTournament`: what C.04.6 pairs from.

The event file keeps each board's result and nothing computed; here each team's rounds are
scored from them, under the event's settings, as the model defines a team's round:

- a match's game points are the sum of its boards' points (``[settings.scoring]``, a board
  left empty or forfeited a forfeit loss); a match forfeited whole (``forfeit``, TRF-2026
  record 330) gives the other team a forfeit win on every board;
- match points from the game points (``[settings.team]``: 2/1/0 unless the event says
  otherwise): more game points win the match, equal ones draw it, except a match where
  nobody played and nobody scored, lost by both (as Gacrux scores a double forfeit);
- a match is played when a game was played over the board, or both teams scored
  (C.04.6(2026) art. 1.6.1: a match lost by forfeit gives no colour and is no meeting);
- the team with White on board 1 is the team "with White" of a played match (art. 1.6);
- the pairing-allocated bye scores ``bye_match_points`` and the bye's game points (art. 1.4);
  an absent or withdrawn team is not paired and scores nothing (a team round robin's withdrawn teams
  are named, with the regulations' ``left-games``, for the table to forfeit their matches);
- an event that announced Baku acceleration gives its GA teams virtual match points
  (C.04.7 art. 1.4, :mod:`swisstui.store.team_acceleration`), for the pairing score only.

The options of the event's system give the colour type and the primary score (their values
are the model's own), read through the catalogue's options, never by name.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.catalogue import FORFEITED, TEAM_COLOURS, TEAM_LEFT_GAMES, TEAM_SCORE, find
from engine.model.team_tournament import (
    BoardGame,
    ColourType,
    RoundKind,
    Score,
    TeamEntry,
    TeamRound,
    TeamTournament,
)
from engine.model.tournament import Colour, PointSystem, ResultCode
from swisstui.store.event import Event
from swisstui.store.lineups import EMPTY
from swisstui.store.team_games import board_codes  # the event's own rounds of players read it too
from swisstui.store.team_acceleration import team_virtual_points
from swisstui.store.team_records import TeamMatchRecord, TeamSettings


class NotATeamEvent(ValueError):
    """The event has no ``[settings.team]``: its players are paired, not teams."""


def _fraction(value: Decimal) -> Fraction:
    return Fraction(str(value))


def team_tournament(event: Event, *, through_round: int | None = None) -> TeamTournament:
    """The snapshot C.04.6 pairs round ``through_round + 1`` from (default: the round after the last paired)."""
    team = event.team
    if team is None:
        raise NotATeamEvent(f"{event.name}: not a team event (no [settings.team])")
    last = event.rounds_paired if through_round is None else through_round
    entries = {t.id: TeamEntry(t.id, t.name, tuple(t.board_order)) for t in event.teams}
    for number in range(1, last + 1):
        rounds = round_of_teams(event, number)
        for tid, entry in entries.items():
            entry.rounds.append(rounds.get(tid, TeamRound(RoundKind.ABSENT)))
    upcoming = event.round(last + 1)
    withdrawn = {t.id for t in event.teams if not t.plays_in(last + 1)}
    absent = set(withdrawn)
    if upcoming is not None:
        absent |= set(upcoming.team.absent)
    settings = event.settings
    snapshot = TeamTournament(
        teams=entries,
        total_rounds=settings.rounds,
        team_size=team.size,
        colour_type=ColourType(TEAM_COLOURS.value(settings)),
        primary=Score(TEAM_SCORE.value(settings)),
        secondary_used=True,
        initial_colour_white=settings.initial_colour is Colour.WHITE,
        absent_next=frozenset(absent & set(entries)),
        bye_match_points=_fraction(team.bye_match_points),
        bye_game_points=_fraction(team.bye_game_value),
    )
    info = find(settings.system)
    if info is not None and TEAM_LEFT_GAMES in info.options:  # a team round robin: what a withdrawal leaves
        snapshot.withdrawn = frozenset(withdrawn & set(entries))
        snapshot.left_games_forfeited = TEAM_LEFT_GAMES.value(settings) == FORFEITED
    # C.04.7 art. 1.2: Baku's groups are made of the teams to be paired in round 1
    snapshot.virtual = team_virtual_points(settings, team_tournament(event, through_round=0) if last else snapshot)
    return snapshot


def round_of_teams(event: Event, number: int) -> dict[int, TeamRound]:
    """Each paired team's round ``number``: its match (scored from the boards) or the bye; absent teams left out."""
    assert event.team is not None
    rnd = event.round(number)
    if rnd is None:
        return {}
    found: dict[int, TeamRound] = {}
    for match in rnd.team.matches:
        found.update(match_rounds(match, event.team, event.settings.points))
    if rnd.team.bye is not None:
        found[rnd.team.bye] = TeamRound(RoundKind.BYE, game_points=_fraction(event.team.bye_game_value),
                                        match_points=_fraction(event.team.bye_match_points))
    return found


def match_rounds(match: TeamMatchRecord, team: TeamSettings, points: PointSystem) -> dict[int, TeamRound]:
    """The two teams' rounds of ``match`` (the rules in this module's text)."""
    gp = {match.white: Fraction(0), match.black: Fraction(0)}
    boards: dict[int, list[BoardGame]] = {match.white: [], match.black: []}
    over_board = False
    for i, (white, black, white_code, black_code) in enumerate(board_codes(match, team.size, team.board_colours), start=1):
        white_team, black_team = match.side_of_board(i, team.board_colours)
        played = white_code is not None and white_code.is_game and white != EMPTY and black != EMPTY
        over_board = over_board or played
        for side_team, player, opponent, code, is_white in ((white_team, white, black, white_code, True),
                                                            (black_team, black, white, black_code, False)):
            if code is not None:
                gp[side_team] += _fraction(points.points(code))
            boards[side_team].append(BoardGame(i, player, opponent, is_white if played else None,
                                               code if code is not None else ResultCode.ABSENT))
    a, b = match.white, match.black
    played = over_board or (gp[a] > 0 and gp[b] > 0)
    result = {}
    for tid, other in ((a, b), (b, a)):
        if gp[tid] > gp[other]:
            mp = team.match_win
        elif gp[tid] < gp[other] or (gp[tid] == 0 and not played):
            mp = team.match_loss
        else:
            mp = team.match_draw
        result[tid] = TeamRound(RoundKind.MATCH, other, played, (tid == a) if played else None, gp[tid],
                                _fraction(mp), forfeit_win=not played and gp[tid] > gp[other],
                                boards=tuple(boards[tid]))
    return result
