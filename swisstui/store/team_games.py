"""A team event's board games as each player's own rounds: what the individual view of the event holds.

Team board games are FIDE-rated games of the players (FIDE Rating Regulations B.02 art. 1.1: a game
played under FIDE's Laws is rated whatever the competition; issue 31, section 3), so
:meth:`swisstui.store.event.Event.to_tournament` gives every player of a team match the opponent,
colour and result of their board, and the rating figures, the rating report and the individual TRF
read them as they read an individual event's games. The players of a team with the
pairing-allocated bye have the bye (C.04.6(2026) art. 1.4); an absent team's players, and reserves
left off the boards, were not paired.

Kept apart from :mod:`swisstui.store.event_teams` (which builds the pairing's team model from the
event) so that the event itself can read it without importing the module that reads the event.
"""

from __future__ import annotations

from engine.model.tournament import Colour, ResultCode, RoundEntry
from swisstui.store.board_results import result_codes
from swisstui.store.lineups import EMPTY
from swisstui.store.team_records import TeamMatchRecord, TeamRound


def board_codes(match: TeamMatchRecord, size: int, colours: str = "") -> list[tuple[int, int, ResultCode | None, ResultCode | None]]:
    """(White's player, Black's player, White's code, Black's code) of each board; a whole-match forfeit
    gives every board to the team that did not forfeit (both lose each board when both forfeited)."""
    if match.forfeit:
        boards = match.boards or []
        found: list[tuple[int, int, ResultCode | None, ResultCode | None]] = []
        for b in range(1, size + 1):
            white_team, _ = match.side_of_board(b, colours)
            lost = {"white": {match.white}, "black": {match.black}, "both": set(match.teams)}[match.forfeit]
            white_code = ResultCode.FORFEIT_LOSS if white_team in lost else ResultCode.FORFEIT_WIN
            black_team = match.black if white_team == match.white else match.white
            black_code = ResultCode.FORFEIT_LOSS if black_team in lost else ResultCode.FORFEIT_WIN
            players = (boards[b - 1].white, boards[b - 1].black) if len(boards) >= b else (EMPTY, EMPTY)
            found.append((players[0], players[1], white_code, black_code))
        return found
    rows = []
    for board in match.boards:
        codes = result_codes(board.result)
        rows.append((board.white, board.black, *(codes if codes is not None else (None, None))))
    return rows


def player_entries(rnd: TeamRound, size: int, rosters: dict[int, list[int]], colours: str = "") -> dict[int, RoundEntry]:
    """Each seated player's round block in a round of team matches: the board's opponent, colour and the
    player's result code (blank while the board has no result); a board left empty gives the player on
    the other side a forfeit win with no opponent. The bye team's players (``rosters``: the first ``size``
    players of each team's board order) have the pairing-allocated bye."""
    entries: dict[int, RoundEntry] = {}
    for match in rnd.matches:
        for white, black, white_code, black_code in board_codes(match, size, colours):
            for player, opponent, colour, code in ((white, black, Colour.WHITE, white_code),
                                                   (black, white, Colour.BLACK, black_code)):
                if player == EMPTY:
                    continue
                if opponent == EMPTY:
                    entries[player] = RoundEntry(None, Colour.NONE, code or ResultCode.FORFEIT_WIN)
                else:
                    entries[player] = RoundEntry(opponent, colour, code if code is not None else ResultCode.ABSENT)
    if rnd.bye is not None:
        for player in rosters.get(rnd.bye, [])[:size]:
            entries[player] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
    return entries
